//! The matches game of the course report (B. Wang, 2014): take 1, 2 or 3 matches; the player
//! left with one match loses.
//!
//! A move must leave at least one match (taking the last match is not a move: the report's
//! Figure 1 gives the position with four matches the three children 3, 2 and 1, and a
//! player facing one match has lost). So the game with *n* matches is normal play on a heap
//! of *n* − 1 with subtraction set {1, 2, 3}, and the positions lost for the player to move
//! are *n* = 4*k* + 1 (report section 3.2).

use game_core::search::{SearchError, Solver, Window, alpha_beta, minimax};
use game_core::{Game, Player, Turn};

/// The largest number of matches one move may take.
pub const MAX_TAKE: u32 = 3;

/// Invalid parameters of the matches game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatchesError {
    /// The game needs at least one match on the table.
    #[error("the matches game needs at least one match, got {0}")]
    NoMatches(u32),
    /// A position outside the range that was solved.
    #[error("{matches} matches is outside the solved range 1..={max}")]
    OutOfRange {
        /// The number of matches asked for.
        matches: u32,
        /// The largest number of matches solved.
        max: u32,
    },
}

/// The most matches whose trees [`TreeSizes::measure`] searches: the full minimax tree of
/// n matches has about 1.84^n nodes (64 million at 30, about a second; 1.3 billion at 35),
/// so beyond this the count would run for hours.
pub const MAX_TREE_MATCHES: u32 = 30;

/// Why the trees of a matches game were not measured.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TreeSizeError {
    /// More matches than [`MAX_TREE_MATCHES`].
    #[error(
        "the minimax tree of {matches} matches is too large to search node by node (at most {MAX_TREE_MATCHES} matches)"
    )]
    TooManyMatches {
        /// The game's matches.
        matches: u32,
    },
    /// The search failed.
    #[error(transparent)]
    Search(#[from] SearchError),
}

/// The matches game started with *n* matches, the first player to move.
///
/// Values are +1 when the first player wins and −1 when the second does (the report's
/// utilities, section 1.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchesGame {
    initial_matches: u32,
}

/// A position: matches left on the table and the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchesPosition {
    /// Matches left, at least 1.
    pub matches_left: u32,
    /// The player to move.
    pub to_move: Player,
}

impl MatchesGame {
    /// The game with `initial_matches` matches (*n* in the report).
    ///
    /// # Errors
    ///
    /// [`MatchesError::NoMatches`] when `initial_matches` is 0.
    pub fn new(initial_matches: u32) -> Result<Self, MatchesError> {
        if initial_matches == 0 {
            return Err(MatchesError::NoMatches(initial_matches));
        }
        Ok(MatchesGame { initial_matches })
    }

    /// *n*, the matches on the table at the start.
    pub fn initial_matches(&self) -> u32 {
        self.initial_matches
    }
}

impl Game for MatchesGame {
    type Position = MatchesPosition;
    /// The number of matches taken.
    type Move = u32;
    type Value = i32;

    fn initial_position(&self) -> MatchesPosition {
        MatchesPosition {
            matches_left: self.initial_matches,
            to_move: Player::First,
        }
    }

    fn turn(&self, position: &MatchesPosition) -> Turn {
        Turn::Player(position.to_move)
    }

    /// Largest take first: 3, 2, 1, as far as at least one match is left. This is the order
    /// of the report's walk-through of its Figure 2 (from five matches, the branches leaving
    /// 2, 3 and 4 are searched in that order), and the order that reproduces its alpha-beta
    /// tree sizes.
    fn legal_moves(&self, position: &MatchesPosition) -> Vec<u32> {
        (1..=MAX_TAKE)
            .rev()
            .filter(|&take| take < position.matches_left)
            .collect()
    }

    fn play(&self, position: &MatchesPosition, take: &u32) -> MatchesPosition {
        MatchesPosition {
            matches_left: position.matches_left - take,
            to_move: position.to_move.opponent(),
        }
    }

    /// The player left with one match loses.
    fn terminal_value(&self, position: &MatchesPosition) -> Option<i32> {
        (position.matches_left == 1).then_some(match position.to_move {
            Player::First => -1,
            Player::Second => 1,
        })
    }
}

/// Whether the player to move with `matches_left` matches loses against best play: exactly
/// when `matches_left` = 4*k* + 1 (report section 3.2). The closed form; the searches below
/// establish it independently.
pub fn is_losing_position(matches_left: u32) -> bool {
    matches_left % (MAX_TAKE + 1) == 1
}

/// Whether to move first or second in `game` (report section 3.2): the player who wins
/// against best play, found by solving the game exactly.
///
/// # Errors
///
/// Never for a valid [`MatchesGame`]; the search's error type is kept for honesty.
pub fn preferred_turn(game: &MatchesGame) -> Result<Player, SearchError> {
    let value = Solver::new(game).value(&game.initial_position())?;
    Ok(if value > 0 {
        Player::First
    } else {
        Player::Second
    })
}

/// The most matches [`losing_positions`] solves: its table holds two entries a number of
/// matches (10^6 take about 100 MB and half a second), so beyond this it would exhaust
/// memory rather than tell more than [`is_losing_position`] already does.
pub const MAX_SOLVED_MATCHES: u32 = 1_000_000;

/// The numbers of matches, up to `max_matches`, that lose for the player to move (the
/// report's "KEY" states), found by solving every position exactly with one shared table.
///
/// # Errors
///
/// [`MatchesError::NoMatches`] when `max_matches` is 0, [`MatchesError::OutOfRange`] above
/// [`MAX_SOLVED_MATCHES`].
pub fn losing_positions(max_matches: u32) -> Result<Vec<u32>, MatchesError> {
    if max_matches > MAX_SOLVED_MATCHES {
        return Err(MatchesError::OutOfRange {
            matches: max_matches,
            max: MAX_SOLVED_MATCHES,
        });
    }
    let game = MatchesGame::new(max_matches)?;
    let mut solver = Solver::new(&game);
    let mut lost = Vec::new();
    for matches_left in 1..=max_matches {
        let position = MatchesPosition {
            matches_left,
            to_move: Player::First,
        };
        // The game has no chance nodes and every non-terminal position has a move.
        if solver.value(&position) == Ok(-1) {
            lost.push(matches_left);
        }
    }
    Ok(lost)
}

/// The sizes of the report's two search trees (section 3.1) for one game.
///
/// The report's "size" is the number of nodes its programs drew: every position the search
/// visits, the root and the leaves included. The minimax tree is the whole game tree. The
/// alpha-beta tree is that of the report's pseudocode (section 1.2, fail-soft, cut-off at
/// v ≥ β and v ≤ α) with the initial window (α, β) = (−1, +1), the range of the utilities —
/// so a position is abandoned as soon as it is proven won or lost — and moves tried largest
/// take first. `docs/matches.md` records the conventions that were tried and what each gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TreeSizes {
    /// Nodes of the full minimax tree.
    pub minimax: u64,
    /// Nodes visited by alpha-beta with the window (−1, +1).
    pub alpha_beta: u64,
}

impl TreeSizes {
    /// Searches `game` from its start both ways and counts the nodes.
    ///
    /// # Errors
    ///
    /// [`TreeSizeError::TooManyMatches`] beyond [`MAX_TREE_MATCHES`] matches.
    pub fn measure(game: &MatchesGame) -> Result<TreeSizes, TreeSizeError> {
        if game.initial_matches() > MAX_TREE_MATCHES {
            return Err(TreeSizeError::TooManyMatches {
                matches: game.initial_matches(),
            });
        }
        let start = game.initial_position();
        let full = minimax(game, &start)?;
        let pruned = alpha_beta(game, &start, Window::new(-1, 1)?)?;
        Ok(TreeSizes {
            minimax: full.stats.nodes,
            alpha_beta: pruned.stats.nodes,
        })
    }
}

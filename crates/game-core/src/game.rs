//! The game abstractions: two-player alternating games with optional chance nodes, and
//! impartial games.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::Neg;

use num_rational::Ratio;

use crate::player::{Player, Turn};

/// An exact probability of a chance outcome, such as 1/36 for a roll of two dice.
pub type Probability = Ratio<u64>;

/// The error of [`Game::try_play`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The move is not among the position's legal moves (or chance outcomes).
    #[error("the move {0} is not legal in this position")]
    IllegalMove(String),
    /// The position is terminal: nothing can be played from it.
    #[error("the position is terminal")]
    Terminal,
}

/// A two-player, alternating, perfect-information game, with optional chance nodes.
///
/// Values are stated from [`Player::First`]'s point of view: the first player maximises
/// them, the second minimises them, and the game is zero-sum, so negation turns a value into
/// the second player's view (negamax relies on this).
///
/// A position is *terminal* when [`Game::terminal_value`] returns `Some`. At a non-terminal
/// position [`Game::turn`] says who acts: a player chooses among [`Game::legal_moves`], in the
/// order they are returned — every search in [`crate::search`] tries moves in exactly that
/// order, so node counts and the tie-break between equally good moves are defined by it — or
/// chance picks one of [`Game::chance_outcomes`] with its exact probability.
///
/// # Examples
///
/// A game of one decision: the first player wins by taking the second of two moves.
///
/// ```
/// use game_core::{Game, Player, Turn};
///
/// struct PickTwo;
/// impl Game for PickTwo {
///     type Position = Option<u8>;
///     type Move = u8;
///     type Value = i32;
///     fn initial_position(&self) -> Option<u8> { None }
///     fn turn(&self, _: &Option<u8>) -> Turn { Turn::Player(Player::First) }
///     fn legal_moves(&self, _: &Option<u8>) -> Vec<u8> { vec![1, 2] }
///     fn play(&self, _: &Option<u8>, mv: &u8) -> Option<u8> { Some(*mv) }
///     fn terminal_value(&self, p: &Option<u8>) -> Option<i32> {
///         p.map(|picked| if picked == 2 { 1 } else { -1 })
///     }
/// }
///
/// let game = PickTwo;
/// let result = game_core::search::minimax(&game, &game.initial_position()).unwrap();
/// assert_eq!((result.value, result.best_move), (1, Some(2)));
/// ```
pub trait Game {
    /// A position of the game, including whose turn it is.
    type Position: Clone;
    /// A move, or a chance outcome at a chance node.
    type Move: Clone + PartialEq + Debug;
    /// The value of a terminal position from the first player's point of view.
    type Value: Clone + PartialOrd + Neg<Output = Self::Value> + Debug;

    /// The position the game starts from.
    fn initial_position(&self) -> Self::Position;

    /// Who acts at a non-terminal `position`.
    fn turn(&self, position: &Self::Position) -> Turn;

    /// The legal moves of a non-terminal position where a player acts, in the order searches
    /// try them.
    fn legal_moves(&self, position: &Self::Position) -> Vec<Self::Move>;

    /// The position after `mv`. `mv` must be one of the position's legal moves or chance
    /// outcomes; [`Game::try_play`] checks that.
    fn play(&self, position: &Self::Position, mv: &Self::Move) -> Self::Position;

    /// `Some(value)` (first player's point of view) if the position is terminal.
    fn terminal_value(&self, position: &Self::Position) -> Option<Self::Value>;

    /// The chance outcomes of a chance node with their exact probabilities, which sum to 1.
    /// Games without chance keep the default, which has none.
    fn chance_outcomes(&self, _position: &Self::Position) -> Vec<(Self::Move, Probability)> {
        Vec::new()
    }

    /// The number of legal moves of a non-terminal position where a player acts: the length
    /// of [`Game::legal_moves`]. Games override it when counting is cheaper than listing, as
    /// a search that scores every child of a node alike needs only their number.
    fn move_count(&self, position: &Self::Position) -> usize {
        self.legal_moves(position).len()
    }

    /// The positions after each legal move of a non-terminal position where a player acts,
    /// in [`Game::legal_moves`] order. Games override it to make the children one at a time,
    /// so that a search that stops after the first few (an alpha-beta cut-off) does not list
    /// the rest.
    fn children<'a>(
        &'a self,
        position: &'a Self::Position,
    ) -> impl Iterator<Item = Self::Position> + 'a {
        self.legal_moves(position)
            .into_iter()
            .map(move |mv| self.play(position, &mv))
    }

    /// The material balance of `position` from the first player's point of view, in the
    /// game's unit (pawns in chess), for players that score positions by material (Beal and
    /// Smith's material-only program). A game without material keeps the default, `None`.
    fn material(&self, _position: &Self::Position) -> Option<i32> {
        None
    }

    /// Whether the position is terminal.
    fn is_terminal(&self, position: &Self::Position) -> bool {
        self.terminal_value(position).is_some()
    }

    /// [`Game::play`], after checking that the position is not terminal and `mv` is legal.
    ///
    /// # Errors
    ///
    /// [`PlayError::Terminal`] at a terminal position, [`PlayError::IllegalMove`] when `mv` is
    /// neither a legal move nor a chance outcome of the position.
    fn try_play(
        &self,
        position: &Self::Position,
        mv: &Self::Move,
    ) -> Result<Self::Position, PlayError> {
        if self.is_terminal(position) {
            return Err(PlayError::Terminal);
        }
        let legal = match self.turn(position) {
            Turn::Player(_) => self.legal_moves(position).contains(mv),
            Turn::Chance => self
                .chance_outcomes(position)
                .iter()
                .any(|(outcome, _)| outcome == mv),
        };
        if legal {
            Ok(self.play(position, mv))
        } else {
            Err(PlayError::IllegalMove(format!("{mv:?}")))
        }
    }
}

/// Which player wins when no move is left: the two conventions of impartial games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayConvention {
    /// Normal play: the player who cannot move loses.
    Normal,
    /// Misère play: the player who cannot move wins.
    Misere,
}

/// An impartial game: both players have the same options from every position.
///
/// Positions need no record of whose turn it is. Sprague–Grundy theory (in `nim-games`)
/// works on this trait; [`ImpartialPlay`] turns it into a [`Game`] for the generic searches.
pub trait ImpartialGame {
    /// A position, such as a heap size or a multiset of heaps.
    type Position: Clone + Eq + Hash + Debug;

    /// The positions reachable in one move, in a defined order. A position with no options
    /// is terminal.
    fn options(&self, position: &Self::Position) -> Vec<Self::Position>;
}

/// An [`ImpartialGame`] played from a start position under a [`PlayConvention`], as a
/// two-player [`Game`] whose positions record the player to move.
///
/// The value is +1 when the first player wins and −1 when the second does.
///
/// ```
/// use game_core::{ImpartialGame, ImpartialPlay, PlayConvention};
///
/// /// One heap; a move takes one or two tokens.
/// struct TakeOneOrTwo;
/// impl ImpartialGame for TakeOneOrTwo {
///     type Position = u32;
///     fn options(&self, heap: &u32) -> Vec<u32> {
///         (1..=2).filter(|&take| take <= *heap).map(|take| heap - take).collect()
///     }
/// }
///
/// // Multiples of 3 are second-player wins in normal play.
/// let game = ImpartialPlay::new(TakeOneOrTwo, 6, PlayConvention::Normal);
/// let solved = game_core::search::negamax_solve(&game, &game.initial_position()).unwrap();
/// assert_eq!(solved.value, -1);
/// # use game_core::Game;
/// ```
#[derive(Debug, Clone)]
pub struct ImpartialPlay<G: ImpartialGame> {
    game: G,
    start: G::Position,
    convention: PlayConvention,
}

impl<G: ImpartialGame> ImpartialPlay<G> {
    /// The game `game` started at `start`, the first player to move, under `convention`.
    pub fn new(game: G, start: G::Position, convention: PlayConvention) -> Self {
        ImpartialPlay {
            game,
            start,
            convention,
        }
    }

    /// The underlying impartial game.
    pub fn game(&self) -> &G {
        &self.game
    }
}

impl<G: ImpartialGame> Game for ImpartialPlay<G> {
    type Position = (G::Position, Player);
    type Move = G::Position;
    type Value = i32;

    fn initial_position(&self) -> Self::Position {
        (self.start.clone(), Player::First)
    }

    fn turn(&self, position: &Self::Position) -> Turn {
        Turn::Player(position.1)
    }

    fn legal_moves(&self, position: &Self::Position) -> Vec<Self::Move> {
        self.game.options(&position.0)
    }

    fn play(&self, position: &Self::Position, mv: &Self::Move) -> Self::Position {
        (mv.clone(), position.1.opponent())
    }

    fn terminal_value(&self, position: &Self::Position) -> Option<i32> {
        if !self.game.options(&position.0).is_empty() {
            return None;
        }
        let winner = match self.convention {
            PlayConvention::Normal => position.1.opponent(),
            PlayConvention::Misere => position.1,
        };
        Some(if winner == Player::First { 1 } else { -1 })
    }
}

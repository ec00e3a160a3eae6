//! One line of a tournament: players A and B, the games they play, what the games gave,
//! and the merge of a line played in pieces.
//!
//! A line is `games` games of one game (one of [`TournamentGame`]'s by name with [`play`],
//! any game with [`play_in`]), A moving first in the even-numbered ones, game i from stream
//! i of the seed ([`play_games`]). Any piece of a line (games `first_game`, …) is therefore
//! the same games wherever it is played, and pieces that follow each other [`merge`]
//! exactly into the line played at once.
//!
//! With the `serde` feature, [`LineResult`] is the JSON object of `game-analysis
//! tournament --json`, which pieces are kept and merged as.
//!
//! ```
//! use minimax_random::line::{Line, merge, play};
//!
//! let piece = |first_game, games| Line {
//!     game: "connect-four".to_owned(),
//!     a: "random:1".to_owned(),
//!     b: "random:2".to_owned(),
//!     alpha: 5,
//!     games,
//!     first_game,
//!     seed: 9,
//! };
//! let whole = play(&piece(0, 12), false)?;
//! let merged = merge(vec![play(&piece(5, 7), false)?, play(&piece(0, 5), false)?])?;
//! assert_eq!(merged.match_result(), whole.match_result());
//! # Ok::<(), minimax_random::line::LineError>(())
//! ```

use std::fmt;
use std::time::Instant;

use game_core::Game;

use crate::player::{MAX_ALPHA, PlayerError, RandomMinimax};
use crate::tournament::{
    MAX_DEPTH, MatchResult, TournamentError, TournamentGame, WithGame, play_games,
};

/// The seed of a line unless its caller says otherwise (the year of Beal and Smith's
/// report on random evaluations).
pub const DEFAULT_SEED: u64 = 1995;

/// One line of a tournament, or a piece of one: players A and B (`EVALUATION:DEPTH`) play
/// games `first_game`, …, `first_game + games − 1` of `game`, A moving first in the
/// even-numbered ones, game i from stream i of the seed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The game's name ([`TournamentGame::name`]).
    pub game: String,
    /// Player A, `EVALUATION:DEPTH`.
    pub a: String,
    /// Player B.
    pub b: String,
    /// α, the leaf scores' range 1..=α.
    pub alpha: u64,
    /// The games of the line (or piece).
    pub games: u64,
    /// The number of its first game.
    pub first_game: u64,
    /// The seed.
    pub seed: u64,
}

/// The line without its games: `chess random:2 v random:3 (α 5, seed 9)`.
impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} v {} (α {}, seed {})",
            self.game, self.a, self.b, self.alpha, self.seed
        )
    }
}

/// What a line gave: its games' tallies and B's share with its Wilson interval.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LineResult {
    /// The game's name.
    pub game: String,
    /// Player A.
    pub a: String,
    /// Player B.
    pub b: String,
    /// α.
    pub alpha: u64,
    /// The games played.
    pub games: u64,
    /// The number of the piece's first game; 0, and left out of the JSON, for a whole line.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    pub first_game: u64,
    /// Games A won.
    pub a_wins: u64,
    /// Games B won.
    pub b_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// B's share of the decisive games; `None` when no game was decisive.
    pub share_b: Option<f64>,
    /// The 95% Wilson interval of `share_b`: its lower end.
    pub ci_low: Option<f64>,
    /// Its upper end.
    pub ci_high: Option<f64>,
    /// The seed.
    pub seed: u64,
    /// How fast the games went: kept with a grid's results, left out of a line's JSON so
    /// that a line played in pieces and merged gives the same bytes.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub games_per_second: Option<f64>,
}

#[cfg(feature = "serde")]
fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Why a line cannot be played or its pieces cannot be merged.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum LineError {
    /// A merge of no pieces.
    #[error("no pieces to merge")]
    NoPieces,
    /// Two pieces of different lines (game, players, α or seed).
    #[error("the pieces are of different lines: {first} and {other}")]
    DifferentLines {
        /// The first piece's line.
        first: Box<Line>,
        /// The other's.
        other: Box<Line>,
    },
    /// Pieces with a gap or an overlap between them.
    #[error(
        "the pieces do not follow each other: games {first_game}..{next_game} then a piece from game {piece_from}"
    )]
    NotConsecutive {
        /// The first game of the pieces merged so far.
        first_game: u64,
        /// The game after them.
        next_game: u64,
        /// Where the next piece starts.
        piece_from: u64,
    },
    /// A piece whose wins and draws do not add up to its games.
    #[error("a piece of {games} games with {a_wins} + {b_wins} wins and {draws} draws")]
    Uncounted {
        /// The piece's games.
        games: u64,
        /// A's wins.
        a_wins: u64,
        /// B's wins.
        b_wins: u64,
        /// Its draws.
        draws: u64,
    },
    /// A player searching deeper than [`MAX_DEPTH`].
    #[error("depth {0} is beyond {MAX_DEPTH}")]
    TooDeep(u32),
    /// A player or a game that does not read, or a player that cannot play.
    #[error(transparent)]
    Tournament(#[from] TournamentError),
}

impl From<PlayerError> for LineError {
    fn from(error: PlayerError) -> Self {
        LineError::Tournament(error.into())
    }
}

impl LineResult {
    /// The result of `line` with `match_result`'s games, played at `games_per_second`.
    pub fn new(line: &Line, match_result: &MatchResult, games_per_second: Option<f64>) -> Self {
        let share = match_result.b_share();
        LineResult {
            game: line.game.clone(),
            a: line.a.clone(),
            b: line.b.clone(),
            alpha: line.alpha,
            games: line.games,
            first_game: line.first_game,
            a_wins: match_result.a_wins,
            b_wins: match_result.b_wins,
            draws: match_result.draws,
            share_b: share.map(|s| s.estimate),
            ci_low: share.map(|s| s.low),
            ci_high: share.map(|s| s.high),
            seed: line.seed,
            games_per_second,
        }
    }

    /// The line (or piece) that gave this result.
    pub fn line(&self) -> Line {
        Line {
            game: self.game.clone(),
            a: self.a.clone(),
            b: self.b.clone(),
            alpha: self.alpha,
            games: self.games,
            first_game: self.first_game,
            seed: self.seed,
        }
    }

    /// The line's games as a [`MatchResult`].
    pub fn match_result(&self) -> MatchResult {
        MatchResult {
            a_wins: self.a_wins,
            b_wins: self.b_wins,
            draws: self.draws,
        }
    }

    /// The result without its rate: what a line's JSON holds, so that a line played in
    /// pieces and merged gives the same bytes as one played at once.
    pub fn untimed(&self) -> LineResult {
        LineResult {
            games_per_second: None,
            ..self.clone()
        }
    }

    /// The result as `game-analysis tournament --json` writes it: pretty-printed JSON and
    /// a newline, the text that the command's `--merge` reads back.
    #[cfg(feature = "serde")]
    pub fn to_json(&self) -> String {
        // A struct of numbers and strings always serialises.
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// B's share with its interval, `.823 [.780, .859]`, or a dash without decisive games.
    pub fn share_text(&self) -> String {
        match (self.share_b, self.ci_low, self.ci_high) {
            (Some(share), Some(low), Some(high)) => {
                format!("{} [{}, {}]", decimal(share), decimal(low), decimal(high))
            }
            _ => "–".to_string(),
        }
    }

    fn checked_counts(&self) -> Result<(), LineError> {
        let counted = self
            .a_wins
            .checked_add(self.b_wins)
            .and_then(|wins| wins.checked_add(self.draws));
        if counted == Some(self.games) {
            Ok(())
        } else {
            Err(LineError::Uncounted {
                games: self.games,
                a_wins: self.a_wins,
                b_wins: self.b_wins,
                draws: self.draws,
            })
        }
    }
}

/// The result in one line for a reader: players, games, wins and B's share, and the rate
/// where it was timed.
impl fmt::Display for LineResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rate = self
            .games_per_second
            .map(|rate| format!("  ({rate:.0} games/s)"))
            .unwrap_or_default();
        write!(
            f,
            "{:<16} {:>8} v {:<8} α {:<20} {:>5} games: A {:>5}, B {:>5}, draws {:>4}; B's share {}{}",
            self.game,
            self.a,
            self.b,
            alpha_name(self.alpha),
            self.games,
            self.a_wins,
            self.b_wins,
            self.draws,
            self.share_text(),
            rate
        )
    }
}

/// The line that `pieces` of it played (each from its own first game), as if played at
/// once: game i is the same game in every piece, so the sums are exact.
///
/// # Errors
///
/// [`LineError`] unless there are pieces, all of one line (game, players, α, seed), each
/// with wins and draws that add up to its games, following each other without a gap or an
/// overlap.
pub fn merge(mut pieces: Vec<LineResult>) -> Result<LineResult, LineError> {
    pieces.sort_by_key(|piece| piece.first_game);
    let Some(first) = pieces.first() else {
        return Err(LineError::NoPieces);
    };
    first.checked_counts()?;
    let mut line = first.line();
    let mut total = first.match_result();
    for piece in &pieces[1..] {
        piece.checked_counts()?;
        let same_line = Line {
            games: line.games,
            first_game: line.first_game,
            ..piece.line()
        };
        if same_line != line {
            return Err(LineError::DifferentLines {
                first: Box::new(line),
                other: Box::new(piece.line()),
            });
        }
        let next_game = line.first_game + line.games;
        if piece.first_game != next_game {
            return Err(LineError::NotConsecutive {
                first_game: line.first_game,
                next_game,
                piece_from: piece.first_game,
            });
        }
        line.games += piece.games;
        total = total.merge(piece.match_result());
    }
    Ok(LineResult::new(&line, &total, None))
}

/// The player `spec` (`EVALUATION:DEPTH` or `uniform`) of a line with scores 1..=`alpha`,
/// searching at most [`MAX_DEPTH`] plies.
///
/// # Errors
///
/// [`LineError::TooDeep`] past [`MAX_DEPTH`]; [`LineError::Tournament`] when the spec does
/// not read.
pub fn player(spec: &str, alpha: u64) -> Result<RandomMinimax, LineError> {
    let player = RandomMinimax::parse(spec, alpha)?;
    if player.depth() > MAX_DEPTH {
        return Err(LineError::TooDeep(player.depth()));
    }
    Ok(player)
}

/// The players A and B of `line`.
///
/// # Errors
///
/// As [`player`].
pub fn players(line: &Line) -> Result<(RandomMinimax, RandomMinimax), LineError> {
    Ok((player(&line.a, line.alpha)?, player(&line.b, line.alpha)?))
}

/// Plays `line` on every core, timing it; `full_width` makes both players search every
/// leaf instead of alpha-beta (the same moves, for measuring the pruning). The line's game
/// is one of [`TournamentGame`]'s, by name; [`play_in`] plays a line in any game.
///
/// # Errors
///
/// [`LineError`] when a player or the game does not read, or a player cannot play.
pub fn play(line: &Line, full_width: bool) -> Result<LineResult, LineError> {
    /// The line's games, to play in whichever game it names.
    struct Play<'a> {
        line: &'a Line,
        players: &'a (RandomMinimax, RandomMinimax),
    }
    impl WithGame for Play<'_> {
        type Output = LineResult;
        fn run<G>(self, game: &G) -> Result<LineResult, PlayerError>
        where
            G: Game + Sync,
            G::Position: Send,
        {
            timed(game, self.line, self.players)
        }
    }
    let players = searching(line, full_width)?;
    let game: TournamentGame = line.game.parse()?;
    Ok(game.with(Play {
        line,
        players: &players,
    })?)
}

/// Plays `line` in `game`, any game without chance nodes, on every core, timing it: the
/// line's `game` is only the name its result carries, its players are read from `a` and `b`
/// (`EVALUATION:DEPTH` or `uniform`). Lines of a game of one's own so give results whose
/// pieces [`merge`] and whose JSON is the command's.
///
/// # Errors
///
/// [`LineError`] when a player does not read or cannot play.
///
/// # Examples
///
/// ```
/// use minimax_random::games::Domineering;
/// use minimax_random::line::{Line, merge, play_in};
///
/// let game = Domineering::new(5, 4).unwrap();
/// let piece = |first_game, games| Line {
///     game: "domineering-5x4".to_owned(),
///     a: "random:1".to_owned(),
///     b: "random:3".to_owned(),
///     alpha: 100,
///     games,
///     first_game,
///     seed: 9,
/// };
/// let whole = play_in(&game, &piece(0, 10), false)?;
/// let merged = merge(vec![play_in(&game, &piece(0, 4), false)?, play_in(&game, &piece(4, 6), false)?])?;
/// assert_eq!(merged.match_result(), whole.match_result());
/// # Ok::<(), minimax_random::line::LineError>(())
/// ```
pub fn play_in<G>(game: &G, line: &Line, full_width: bool) -> Result<LineResult, LineError>
where
    G: Game + Sync,
    G::Position: Send,
{
    Ok(timed(game, line, &searching(line, full_width)?)?)
}

/// The players A and B of `line`, searching full width when `full_width`.
fn searching(line: &Line, full_width: bool) -> Result<(RandomMinimax, RandomMinimax), LineError> {
    let (a, b) = players(line)?;
    Ok(if full_width {
        (a.full_width(), b.full_width())
    } else {
        (a, b)
    })
}

/// The games of `line` in `game` between `players`, with the rate they were played at.
fn timed<G>(
    game: &G,
    line: &Line,
    (a, b): &(RandomMinimax, RandomMinimax),
) -> Result<LineResult, PlayerError>
where
    G: Game + Sync,
    G::Position: Send,
{
    let started = Instant::now();
    let games = line.first_game..line.first_game + line.games;
    let result = play_games(game, a, b, games, line.seed)?;
    let seconds = started.elapsed().as_secs_f64();
    Ok(LineResult::new(
        line,
        &result,
        Some(line.games as f64 / seconds),
    ))
}

/// α as the tables write it: 2^61 ([`MAX_ALPHA`]) by name.
pub fn alpha_name(alpha: u64) -> String {
    if alpha == MAX_ALPHA {
        "2^61".to_string()
    } else {
        alpha.to_string()
    }
}

/// A share in [0, 1] to three places without the leading zero, as the papers print.
fn decimal(share: f64) -> String {
    let text = format!("{share:.3}");
    text.strip_prefix('0').unwrap_or(&text).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(first_game: u64, games: u64) -> Line {
        Line {
            game: "connect-four".to_owned(),
            a: "paper:1".to_owned(),
            b: "random:2".to_owned(),
            alpha: 5,
            games,
            first_game,
            seed: 9,
        }
    }

    fn untimed(line: &Line) -> LineResult {
        play(line, false).unwrap().untimed()
    }

    #[test]
    fn pieces_merge_to_the_whole_line_in_any_order() {
        let whole = untimed(&piece(0, 40));
        let pieces = vec![
            untimed(&piece(25, 15)),
            untimed(&piece(0, 9)),
            untimed(&piece(9, 16)),
        ];
        assert_eq!(merge(pieces).unwrap(), whole);
    }

    #[test]
    fn pieces_with_a_gap_an_overlap_or_of_another_line_are_refused() {
        let gap = vec![untimed(&piece(0, 5)), untimed(&piece(6, 5))];
        let overlap = vec![untimed(&piece(0, 5)), untimed(&piece(4, 5))];
        let other = LineResult {
            seed: 10,
            ..untimed(&piece(5, 5))
        };
        let another_line = vec![untimed(&piece(0, 5)), other];
        let miscounted = vec![LineResult {
            draws: 7,
            ..untimed(&piece(0, 5))
        }];
        assert!(matches!(
            merge(gap),
            Err(LineError::NotConsecutive { piece_from: 6, .. })
        ));
        assert!(matches!(
            merge(overlap),
            Err(LineError::NotConsecutive { piece_from: 4, .. })
        ));
        assert!(matches!(
            merge(another_line),
            Err(LineError::DifferentLines { .. })
        ));
        assert!(matches!(
            merge(miscounted),
            Err(LineError::Uncounted { .. })
        ));
        assert_eq!(merge(Vec::new()), Err(LineError::NoPieces));
    }

    #[test]
    fn a_player_deeper_than_the_bound_is_refused() {
        assert!(player("random:8", 5).is_ok());
        assert_eq!(player("random:9", 5).unwrap_err(), LineError::TooDeep(9));
        assert!(matches!(player("deep:2", 5), Err(LineError::Tournament(_))));
    }

    /// A piece's JSON names its first game; the whole line's leaves it out.
    #[cfg(feature = "serde")]
    #[test]
    fn only_a_piece_names_its_first_game() {
        let json = |line| serde_json::to_string(&untimed(&line)).unwrap();
        assert!(!json(piece(0, 3)).contains("first_game"));
        assert!(json(piece(3, 3)).contains("\"first_game\":3"));
    }
}

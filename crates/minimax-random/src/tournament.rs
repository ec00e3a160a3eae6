//! Matches between two players of any game: parallel, and reproducible for a seed.
//!
//! The players are any [`GamePlayer`]s (the random-minimax player, or one of the caller's
//! own) and the game any [`Game`] without chance nodes; [`TournamentGame`] names the games
//! the command line and Python offer.
//!
//! Game *i* of a match draws every score from stream *i* of the seed
//! (`game_core::random::seeded_stream`), whichever thread plays it, so a match's result
//! depends on (game, players, games, seed) only. The players take the first move in turn:
//! player A moves first in the even-numbered games, player B in the odd-numbered ones.

use std::ops::Range;

use game_core::random::seeded_stream;
use game_core::stop::Carried;
use game_core::{Game, Outcome, Player, Turn};
use rayon::prelude::*;

use crate::games::{Chess, ConnectFour, Domineering, DomineeringError, Othello, OthelloError};
use crate::player::{GamePlayer, PlayerError, RandomMinimax, winner};

/// The 97.5% quantile of the standard normal law, for 95% intervals.
const Z_95: f64 = 1.959_963_984_540_054;

/// How a match between players A and B went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MatchResult {
    /// Games player A won.
    pub a_wins: u64,
    /// Games player B won.
    pub b_wins: u64,
    /// Drawn games.
    pub draws: u64,
}

/// A proportion estimated from a match, with its 95% Wilson score interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Share {
    /// The observed proportion.
    pub estimate: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

impl Share {
    /// The share `successes / trials` with its 95% Wilson interval; `None` when there was
    /// no trial.
    ///
    /// ```
    /// use minimax_random::tournament::Share;
    /// let share = Share::wilson(80, 100).unwrap();
    /// assert_eq!(share.estimate, 0.8);
    /// assert!((share.low - 0.711).abs() < 1e-3 && (share.high - 0.867).abs() < 1e-3);
    /// ```
    pub fn wilson(successes: u64, trials: u64) -> Option<Share> {
        if trials == 0 {
            return None;
        }
        let n = trials as f64;
        let p = successes as f64 / n;
        let z2 = Z_95 * Z_95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z_95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Some(Share {
            estimate: p,
            low: centre - half,
            high: centre + half,
        })
    }
}

impl MatchResult {
    /// The results of two sets of games together.
    #[must_use]
    pub fn merge(self, other: MatchResult) -> MatchResult {
        MatchResult {
            a_wins: self.a_wins + other.a_wins,
            b_wins: self.b_wins + other.b_wins,
            draws: self.draws + other.draws,
        }
    }

    /// The games played.
    pub fn games(&self) -> u64 {
        self.a_wins + self.b_wins + self.draws
    }

    /// The games that were not drawn.
    pub fn decisive(&self) -> u64 {
        self.a_wins + self.b_wins
    }

    /// The share of decisive games player B won, with its 95% Wilson interval; `None` when
    /// no game was decisive.
    pub fn b_share(&self) -> Option<Share> {
        Share::wilson(self.b_wins, self.decisive())
    }

    /// How many standard errors B's share of the decisive games lies above 1/2 (below, when
    /// negative): the sign test's statistic (b − a)/√(a + b), which is (share − 1/2)
    /// divided by the share's standard error 1/(2√n) when the players are equally strong
    /// (then B's wins among n decisive games are Binomial(n, 1/2)). `None` when no game was
    /// decisive.
    ///
    /// ```
    /// use minimax_random::tournament::MatchResult;
    /// let result = MatchResult { a_wins: 36, b_wins: 64, draws: 900 };
    /// assert_eq!(result.b_share_z_score(), Some(2.8));
    /// ```
    pub fn b_share_z_score(&self) -> Option<f64> {
        let decisive = self.decisive();
        (decisive > 0).then(|| (self.b_wins as f64 - self.a_wins as f64) / (decisive as f64).sqrt())
    }

    /// How many standard errors B's share of the decisive games rises from this match to
    /// match `to` (falls, when negative): the two-proportion test's statistic
    /// (p₂ − p₁)/√(p(1 − p)(1/n₁ + 1/n₂)), with p the shares pooled, as they are when B is
    /// equally strong in both. Zero when every decisive game of both went the same way;
    /// `None` when either match had no decisive game.
    ///
    /// ```
    /// use minimax_random::tournament::MatchResult;
    /// let shallow = MatchResult { a_wins: 50, b_wins: 50, draws: 0 };
    /// let deep = MatchResult { a_wins: 30, b_wins: 70, draws: 0 };
    /// let z = shallow.b_share_rise_z_score(&deep).unwrap();
    /// assert!((z - 0.2 / (0.6f64 * 0.4 * 0.02).sqrt()).abs() < 1e-12);
    /// ```
    pub fn b_share_rise_z_score(&self, to: &MatchResult) -> Option<f64> {
        let (n1, n2) = (self.decisive() as f64, to.decisive() as f64);
        if n1 == 0.0 || n2 == 0.0 {
            return None;
        }
        let (p1, p2) = (self.b_wins as f64 / n1, to.b_wins as f64 / n2);
        let pooled = (self.b_wins + to.b_wins) as f64 / (n1 + n2);
        let variance = pooled * (1.0 - pooled) * (1.0 / n1 + 1.0 / n2);
        Some(if variance == 0.0 {
            0.0
        } else {
            (p2 - p1) / variance.sqrt()
        })
    }
}

/// Plays `games` games of `game` between players `a` and `b`, in parallel, game *i* from
/// stream *i* of `seed`, A moving first in the even-numbered games.
///
/// # Errors
///
/// A [`PlayerError`] from a player, or [`PlayerError::ChanceNode`] when the game reaches a
/// chance node.
///
/// # Examples
///
/// ```
/// use minimax_random::games::ConnectFour;
/// use minimax_random::player::{Evaluation, RandomMinimax};
/// use minimax_random::tournament::play_match;
///
/// let shallow = RandomMinimax::new(1, 100, Evaluation::Random).unwrap();
/// let deep = RandomMinimax::new(2, 100, Evaluation::Random).unwrap();
/// let result = play_match(&ConnectFour, &shallow, &deep, 20, 1).unwrap();
/// assert_eq!(result.games(), 20);
/// ```
pub fn play_match<G, A, B>(
    game: &G,
    a: &A,
    b: &B,
    games: u64,
    seed: u64,
) -> Result<MatchResult, PlayerError>
where
    G: Game + Sync,
    G::Position: Send,
    A: GamePlayer<G> + Sync,
    B: GamePlayer<G> + Sync,
{
    play_games(game, a, b, 0..games, seed)
}

/// Games `games` (game numbers, from 0) of the match [`play_match`] would play: game *i* is
/// the same game in both, so the results of pieces that cover `0..n` add up exactly to the
/// match of `n` games, however it was split (across processes or machines).
///
/// # Errors
///
/// As [`play_match`].
///
/// # Examples
///
/// ```
/// use minimax_random::games::ConnectFour;
/// use minimax_random::player::{Evaluation, RandomMinimax};
/// use minimax_random::tournament::{play_games, play_match};
///
/// let shallow = RandomMinimax::new(1, 100, Evaluation::Random).unwrap();
/// let deep = RandomMinimax::new(2, 100, Evaluation::Random).unwrap();
/// let whole = play_match(&ConnectFour, &shallow, &deep, 30, 1).unwrap();
/// let first = play_games(&ConnectFour, &shallow, &deep, 0..12, 1).unwrap();
/// let rest = play_games(&ConnectFour, &shallow, &deep, 12..30, 1).unwrap();
/// assert_eq!(first.merge(rest), whole);
/// ```
pub fn play_games<G, A, B>(
    game: &G,
    a: &A,
    b: &B,
    games: Range<u64>,
    seed: u64,
) -> Result<MatchResult, PlayerError>
where
    G: Game + Sync,
    G::Position: Send,
    A: GamePlayer<G> + Sync,
    B: GamePlayer<G> + Sync,
{
    let carried = Carried::from_this_thread();
    games
        .into_par_iter()
        .map(|index| {
            carried.checkpoint();
            play_game(game, a, b, index, seed)
        })
        .try_reduce(MatchResult::default, |x, y| Ok(x.merge(y)))
}

/// The deepest search a tournament player may ask for (the command line's and Python's
/// bound). The kept tournament grid goes to 6; each further ply multiplies a move's cost by
/// about the game's branching factor (4 to 13, about 35 in chess), so a game at depth 9
/// would take hours. A bound, not a measurement.
pub const MAX_DEPTH: u32 = 8;

/// The most games a line may ask for: the grid's lines have 1,500 to 3,000, and a million
/// is already days at depth 4. A bound, not a measurement.
pub const MAX_GAMES: u64 = 1_000_000;

/// The largest first game of a piece of a line: a trillion games is years of play at any
/// depth. A bound, not a measurement.
pub const MAX_FIRST_GAME: u64 = 1_000_000_000_000;

/// The games the tournaments are played in, by the names the command line, the results
/// and Python use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TournamentGame {
    /// Chess from the usual start ([`Chess::default`]); `chess`.
    Chess,
    /// Connect-Four; `connect-four`.
    ConnectFour,
    /// Domineering on 6 × 6; `domineering-6x6`.
    Domineering6x6,
    /// Domineering on 8 × 8; `domineering-8x8`.
    Domineering8x8,
    /// Othello on 6 × 6; `othello-6x6`.
    Othello6x6,
}

/// Why a tournament's games could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TournamentError {
    /// Not one of [`TournamentGame::ALL`]'s names.
    #[error(
        "unknown game {0:?}: expected chess, connect-four, domineering-6x6, domineering-8x8 or othello-6x6"
    )]
    UnknownGame(String),
    /// A player could not play the game.
    #[error(transparent)]
    Player(#[from] PlayerError),
    /// The Domineering board could not be built.
    #[error(transparent)]
    Domineering(#[from] DomineeringError),
    /// The Othello board could not be built.
    #[error(transparent)]
    Othello(#[from] OthelloError),
}

impl TournamentGame {
    /// Every game, in the order of their names.
    pub const ALL: [TournamentGame; 5] = [
        TournamentGame::Chess,
        TournamentGame::ConnectFour,
        TournamentGame::Domineering6x6,
        TournamentGame::Domineering8x8,
        TournamentGame::Othello6x6,
    ];

    /// The game's name: `chess`, `connect-four`, `domineering-6x6`, `domineering-8x8`,
    /// `othello-6x6`.
    pub fn name(self) -> &'static str {
        match self {
            TournamentGame::Chess => "chess",
            TournamentGame::ConnectFour => "connect-four",
            TournamentGame::Domineering6x6 => "domineering-6x6",
            TournamentGame::Domineering8x8 => "domineering-8x8",
            TournamentGame::Othello6x6 => "othello-6x6",
        }
    }

    /// Games `games` of the match of `a` and `b` in this game ([`play_games`]).
    ///
    /// # Errors
    ///
    /// As [`play_games`].
    ///
    /// ```
    /// use minimax_random::player::RandomMinimax;
    /// use minimax_random::tournament::TournamentGame;
    ///
    /// let game: TournamentGame = "chess".parse().unwrap();
    /// let (a, b) = (RandomMinimax::uniform(), RandomMinimax::parse("random:1", 100).unwrap());
    /// let result = game.play_games(&a, &b, 0..4, 1995).unwrap();
    /// assert_eq!(result.games(), 4);
    /// ```
    pub fn play_games(
        self,
        a: &RandomMinimax,
        b: &RandomMinimax,
        games: Range<u64>,
        seed: u64,
    ) -> Result<MatchResult, TournamentError> {
        /// The games of a match, to play in whichever game it is.
        struct Match<'a> {
            a: &'a RandomMinimax,
            b: &'a RandomMinimax,
            games: Range<u64>,
            seed: u64,
        }
        impl WithGame for Match<'_> {
            type Output = MatchResult;
            fn run<G>(self, game: &G) -> Result<MatchResult, PlayerError>
            where
                G: Game + Sync,
                G::Position: Send,
            {
                play_games(game, self.a, self.b, self.games, self.seed)
            }
        }
        self.with(Match { a, b, games, seed })
    }

    /// Builds this game and runs `work` on it.
    ///
    /// # Errors
    ///
    /// [`TournamentError::Player`] with the work's error; the board errors cannot occur
    /// for the fixed sizes here, but are typed all the same.
    pub fn with<W: WithGame>(self, work: W) -> Result<W::Output, TournamentError> {
        Ok(match self {
            TournamentGame::Chess => work.run(&Chess::default())?,
            TournamentGame::ConnectFour => work.run(&ConnectFour)?,
            TournamentGame::Domineering6x6 => work.run(&Domineering::new(6, 6)?)?,
            TournamentGame::Domineering8x8 => work.run(&Domineering::new(8, 8)?)?,
            TournamentGame::Othello6x6 => work.run(&Othello::new(6)?)?,
        })
    }
}

/// Work to do in one of the [`TournamentGame`]s, whichever it is: [`TournamentGame::with`]
/// builds the game and hands it to [`WithGame::run`], so the names are matched to the games
/// in one place.
pub trait WithGame {
    /// What the work gives.
    type Output;

    /// Does the work in `game`.
    ///
    /// # Errors
    ///
    /// A [`PlayerError`] from a player.
    fn run<G>(self, game: &G) -> Result<Self::Output, PlayerError>
    where
        G: Game + Sync,
        G::Position: Send;
}

impl std::str::FromStr for TournamentGame {
    type Err = TournamentError;

    fn from_str(name: &str) -> Result<Self, TournamentError> {
        TournamentGame::ALL
            .into_iter()
            .find(|game| game.name() == name)
            .ok_or_else(|| TournamentError::UnknownGame(name.to_owned()))
    }
}

impl std::fmt::Display for TournamentGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Game `index` of a match: who won it, as a one-game result.
fn play_game<G: Game>(
    game: &G,
    a: &impl GamePlayer<G>,
    b: &impl GamePlayer<G>,
    index: u64,
    seed: u64,
) -> Result<MatchResult, PlayerError> {
    let winner = play_out(game, a, b, index, seed, |_| {})?;
    Ok(one_game(winner, a_moves_first(index)))
}

/// One game of a match as it was played: its moves from the starting position, and who
/// won it.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord<M> {
    /// The game's number in the match: every score it drew came from stream `index` of the
    /// seed.
    pub index: u64,
    /// Whether player A moved first (A does in the even-numbered games).
    pub a_first: bool,
    /// The moves, from the starting position.
    pub moves: Vec<M>,
    /// The winner, `None` for a draw.
    pub winner: Option<Player>,
}

impl<M> GameRecord<M> {
    /// The game as a one-game [`MatchResult`].
    pub fn result(&self) -> MatchResult {
        one_game(self.winner, self.a_first)
    }
}

/// Whether player A moves first in game `index`: in the even-numbered games.
fn a_moves_first(index: u64) -> bool {
    index.is_multiple_of(2)
}

/// A one-game [`MatchResult`]: `winner` won (`None`, a draw), A moving first or not.
fn one_game(winner: Option<Player>, a_first: bool) -> MatchResult {
    let a_side = if a_first {
        Player::First
    } else {
        Player::Second
    };
    let (a_wins, b_wins, draws) = match Outcome::for_player(winner, a_side) {
        Outcome::Win => (1, 0, 0),
        Outcome::Loss => (0, 1, 0),
        Outcome::Draw => (0, 0, 1),
    };
    MatchResult {
        a_wins,
        b_wins,
        draws,
    }
}

/// Games `games` of the match [`play_games`] would play, each with its moves, in the order
/// of their numbers: the same games, so their results add up to [`play_games`]'s.
///
/// # Errors
///
/// As [`play_match`].
///
/// # Examples
///
/// ```
/// use minimax_random::games::ConnectFour;
/// use minimax_random::player::RandomMinimax;
/// use minimax_random::tournament::{MatchResult, play_games, record_games};
///
/// let (a, b) = (RandomMinimax::uniform(), RandomMinimax::parse("random:1", 100).unwrap());
/// let records = record_games(&ConnectFour, &a, &b, 3..7, 1).unwrap();
/// let total = records.iter().fold(MatchResult::default(), |sum, game| sum.merge(game.result()));
/// assert_eq!(total, play_games(&ConnectFour, &a, &b, 3..7, 1).unwrap());
/// assert_eq!(records[0].index, 3);
/// ```
pub fn record_games<G, A, B>(
    game: &G,
    a: &A,
    b: &B,
    games: Range<u64>,
    seed: u64,
) -> Result<Vec<GameRecord<G::Move>>, PlayerError>
where
    G: Game + Sync,
    A: GamePlayer<G> + Sync,
    B: GamePlayer<G> + Sync,
    G::Position: Send,
    G::Move: Send,
{
    let carried = Carried::from_this_thread();
    games
        .into_par_iter()
        .map(|index| {
            carried.checkpoint();
            record_game(game, a, b, index, seed)
        })
        .collect()
}

/// Game `index` of a match, move by move.
fn record_game<G: Game>(
    game: &G,
    a: &impl GamePlayer<G>,
    b: &impl GamePlayer<G>,
    index: u64,
    seed: u64,
) -> Result<GameRecord<G::Move>, PlayerError> {
    let mut moves = Vec::new();
    let winner = play_out(game, a, b, index, seed, |mv| moves.push(mv.clone()))?;
    Ok(GameRecord {
        index,
        a_first: a_moves_first(index),
        moves,
        winner,
    })
}

/// Plays game `index` of a match to its end, telling `on_move` each move played, and gives
/// the winner (`None` for a draw): the one game loop behind [`play_games`] and
/// [`record_games`], so a recorded game is the game the match played.
fn play_out<G: Game>(
    game: &G,
    a: &impl GamePlayer<G>,
    b: &impl GamePlayer<G>,
    index: u64,
    seed: u64,
    mut on_move: impl FnMut(&G::Move),
) -> Result<Option<Player>, PlayerError> {
    let mut rng = seeded_stream(seed, index);
    let a_side = if a_moves_first(index) {
        Player::First
    } else {
        Player::Second
    };
    let mut position = game.initial_position();
    let value = loop {
        if let Some(value) = game.terminal_value(&position) {
            break value;
        }
        let mv = match game.turn(&position) {
            Turn::Player(side) if side == a_side => a.choose(game, &position, &mut rng)?,
            Turn::Player(_) => b.choose(game, &position, &mut rng)?,
            Turn::Chance => return Err(PlayerError::ChanceNode),
        };
        position = game.play(&position, &mv);
        on_move(&mv);
    };
    Ok(winner(&value))
}

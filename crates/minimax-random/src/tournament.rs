//! Matches between two random-minimax players: parallel, and reproducible for a seed.
//!
//! Game *i* of a match draws every score from stream *i* of the seed
//! (`game_core::random::seeded_stream`), whichever thread plays it, so a match's result
//! depends on (game, players, games, seed) only. The players take the first move in turn:
//! the deeper player moves first in the even-numbered games.

use game_core::random::seeded_stream;
use game_core::{Game, Outcome, Player, Turn};
use rayon::prelude::*;

use crate::player::{PlayerError, RandomMinimax, winner};

/// The 97.5% quantile of the standard normal law, for 95% intervals.
const Z_95: f64 = 1.959_963_984_540_054;

/// How a match between a deeper and a shallower player went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MatchResult {
    /// Games the deeper player won.
    pub deeper_wins: u64,
    /// Games the shallower player won.
    pub shallower_wins: u64,
    /// Drawn games.
    pub draws: u64,
}

impl MatchResult {
    fn merge(self, other: MatchResult) -> MatchResult {
        MatchResult {
            deeper_wins: self.deeper_wins + other.deeper_wins,
            shallower_wins: self.shallower_wins + other.shallower_wins,
            draws: self.draws + other.draws,
        }
    }

    /// The games that were not drawn.
    pub fn decisive(&self) -> u64 {
        self.deeper_wins + self.shallower_wins
    }

    /// The share of decisive games the deeper player won, with its 95% Wilson score
    /// interval (low, share, high); `None` when no game was decisive.
    pub fn deeper_share(&self) -> Option<(f64, f64, f64)> {
        let n = self.decisive() as f64;
        if n == 0.0 {
            return None;
        }
        let p = self.deeper_wins as f64 / n;
        let z2 = Z_95 * Z_95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z_95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Some((centre - half, p, centre + half))
    }
}

/// Plays `games` games of `game` between `deeper` and `shallower`, in parallel, game *i*
/// from stream *i* of `seed`.
///
/// # Errors
///
/// A [`PlayerError`] from a player (a game with chance nodes).
///
/// # Examples
///
/// ```
/// use minimax_random::games::ConnectFour;
/// use minimax_random::player::{Protocol, RandomMinimax};
/// use minimax_random::tournament::play_match;
///
/// let deep = RandomMinimax::new(2, 100, Protocol::BealSmith).unwrap();
/// let shallow = RandomMinimax::new(1, 100, Protocol::BealSmith).unwrap();
/// let result = play_match(&ConnectFour, &deep, &shallow, 20, 1).unwrap();
/// assert_eq!(result.deeper_wins + result.shallower_wins + result.draws, 20);
/// ```
pub fn play_match<G>(
    game: &G,
    deeper: &RandomMinimax,
    shallower: &RandomMinimax,
    games: u64,
    seed: u64,
) -> Result<MatchResult, PlayerError>
where
    G: Game + Sync,
    G::Position: Send,
{
    (0..games)
        .into_par_iter()
        .map(|index| play_game(game, deeper, shallower, index, seed))
        .try_reduce(MatchResult::default, |a, b| Ok(a.merge(b)))
}

/// Game `index` of a match: who won it, as a one-game result.
fn play_game<G: Game>(
    game: &G,
    deeper: &RandomMinimax,
    shallower: &RandomMinimax,
    index: u64,
    seed: u64,
) -> Result<MatchResult, PlayerError> {
    let mut rng = seeded_stream(seed, index);
    let deeper_side = if index.is_multiple_of(2) {
        Player::First
    } else {
        Player::Second
    };
    let mut position = game.initial_position();
    let value = loop {
        if let Some(value) = game.terminal_value(&position) {
            break value;
        }
        let player = match game.turn(&position) {
            Turn::Player(side) if side == deeper_side => deeper,
            Turn::Player(_) => shallower,
            Turn::Chance => return Err(PlayerError::ChanceNode),
        };
        let mv = player.choose(game, &position, &mut rng)?;
        position = game.play(&position, &mv);
    };
    Ok(match Outcome::for_player(winner(&value), deeper_side) {
        Outcome::Win => MatchResult {
            deeper_wins: 1,
            ..MatchResult::default()
        },
        Outcome::Loss => MatchResult {
            shallower_wins: 1,
            ..MatchResult::default()
        },
        Outcome::Draw => MatchResult {
            draws: 1,
            ..MatchResult::default()
        },
    })
}

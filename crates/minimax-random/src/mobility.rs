//! Levene and Fenner's explanation, measured: does random minimaxing choose moves that
//! leave the opponent fewer replies and itself more moves?
//!
//! The paper explains Beal and Smith's results by mobility (the domination theorem: a move
//! with fewer replies below it is more likely to be chosen; Hartmann's finding that
//! grandmasters' wins go with mobility). Here the player plays itself, game *i* from stream
//! *i* of the seed, and at each of its decisions the move it chose is compared with a
//! uniform choice among the same legal moves:
//!
//! - **replies**: the opponent's legal moves after the move (0 if it ends the game);
//! - **own mobility**: the mover's legal moves one move later, averaged over the opponent's
//!   replies (0 where the game has ended).
//!
//! A difference is (chosen − the mean over the legal moves), averaged over all decisions;
//! its standard error treats each game as one sample (decisions in a game are not
//! independent): the ratio estimator's linearised variance over games. A move that ends the
//! game counts with no replies, so taking a win also lowers the replies; the games' results
//! tell how often that happens.

use std::ops::Range;

use game_core::Game;
use game_core::random::seeded_stream;
use game_core::stop::Carried;
use rayon::prelude::*;

use crate::line::{LineError, player};
use crate::player::{GamePlayer, MAX_ALPHA, PlayerError, RandomMinimax};
use crate::tournament::{TournamentError, TournamentGame, WithGame};

/// A mean difference with its standard error.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Difference {
    /// The mean of (chosen − uniform) over the decisions.
    pub mean: f64,
    /// Its standard error, each game one sample.
    pub standard_error: f64,
}

/// What the player's choices did to mobility, over `games` games of self-play.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mobility {
    /// Games played.
    pub games: u64,
    /// The player's decisions in them.
    pub decisions: u64,
    /// The opponent's replies after the chosen move, on average.
    pub chosen_replies: f64,
    /// The same after a uniformly chosen legal move, on average.
    pub uniform_replies: f64,
    /// Chosen − uniform replies.
    pub replies: Difference,
    /// The mover's own moves one move later after the chosen move, on average.
    pub chosen_own: f64,
    /// The same after a uniformly chosen legal move.
    pub uniform_own: f64,
    /// Chosen − uniform own mobility.
    pub own: Difference,
}

/// One game's sums, kept apart so the totals are added in game order (the same for any
/// number of threads).
#[derive(Debug, Clone, Copy, Default)]
struct GameSums {
    decisions: u64,
    chosen_replies: f64,
    uniform_replies: f64,
    chosen_own: f64,
    uniform_own: f64,
}

impl GameSums {
    fn reply_gain(&self) -> f64 {
        self.chosen_replies - self.uniform_replies
    }

    fn own_gain(&self) -> f64 {
        self.chosen_own - self.uniform_own
    }
}

/// Measures mobility over games `games` of `player` against itself in `game`: any game
/// without chance nodes, any [`GamePlayer`].
///
/// # Errors
///
/// A [`PlayerError`] from the player (a game with chance nodes, a material player in a
/// game without material).
///
/// # Examples
///
/// ```
/// use minimax_random::games::Domineering;
/// use minimax_random::mobility::measure;
/// use minimax_random::player::RandomMinimax;
///
/// let game = Domineering::new(6, 6).unwrap();
/// let player = RandomMinimax::parse("paper:2", 1 << 61).unwrap();
/// let mobility = measure(&game, &player, 0..20, 1995).unwrap();
/// assert_eq!(mobility.games, 20);
/// // Random minimaxing leaves the opponent fewer replies than a uniform choice.
/// assert!(mobility.replies.mean < 0.0);
/// ```
pub fn measure<G, P>(
    game: &G,
    player: &P,
    games: Range<u64>,
    seed: u64,
) -> Result<Mobility, PlayerError>
where
    G: Game + Sync,
    G::Position: Send,
    P: GamePlayer<G> + Sync,
{
    let carried = Carried::from_this_thread();
    let per_game: Vec<GameSums> = games
        .into_par_iter()
        .map(|index| {
            carried.checkpoint();
            one_game(game, player, index, seed)
        })
        .collect::<Result<_, _>>()?;
    Ok(summarise(&per_game))
}

/// [`measure`] in one of the tournaments' games, by name.
///
/// # Errors
///
/// As [`measure`], and the board errors of [`TournamentGame`].
pub fn measure_in(
    game: TournamentGame,
    player: &RandomMinimax,
    games: Range<u64>,
    seed: u64,
) -> Result<Mobility, TournamentError> {
    /// The measure, to take in whichever game it is.
    struct Measure<'a> {
        player: &'a RandomMinimax,
        games: Range<u64>,
        seed: u64,
    }
    impl WithGame for Measure<'_> {
        type Output = Mobility;
        fn run<G>(self, game: &G) -> Result<Mobility, PlayerError>
        where
            G: Game + Sync,
            G::Position: Send,
        {
            measure(game, self.player, self.games, self.seed)
        }
    }
    game.with(Measure {
        player,
        games,
        seed,
    })
}

fn one_game<G: Game>(
    game: &G,
    player: &impl GamePlayer<G>,
    index: u64,
    seed: u64,
) -> Result<GameSums, PlayerError> {
    let mut rng = seeded_stream(seed, index);
    let mut sums = GameSums::default();
    let mut position = game.initial_position();
    while !game.is_terminal(&position) {
        let moves = game.legal_moves(&position);
        let chosen = player.choose(game, &position, &mut rng)?;
        let after: Vec<(f64, f64)> = moves
            .iter()
            .map(|mv| replies_and_own(game, &game.play(&position, mv)))
            .collect();
        let next = game.play(&position, &chosen);
        let (replies, own) = replies_and_own(game, &next);
        let count = after.len() as f64;
        sums.decisions += 1;
        sums.chosen_replies += replies;
        sums.chosen_own += own;
        sums.uniform_replies += after.iter().map(|(replies, _)| replies).sum::<f64>() / count;
        sums.uniform_own += after.iter().map(|(_, own)| own).sum::<f64>() / count;
        position = next;
    }
    Ok(sums)
}

/// The opponent's replies at `child`, and the mover's moves one move later averaged over
/// them; both 0 where the game has ended.
fn replies_and_own<G: Game>(game: &G, child: &G::Position) -> (f64, f64) {
    if game.is_terminal(child) {
        return (0.0, 0.0);
    }
    let replies = game.legal_moves(child);
    let own: usize = replies
        .iter()
        .map(|reply| {
            let next = game.play(child, reply);
            if game.is_terminal(&next) {
                0
            } else {
                game.move_count(&next)
            }
        })
        .sum();
    (replies.len() as f64, own as f64 / replies.len() as f64)
}

fn summarise(per_game: &[GameSums]) -> Mobility {
    let decisions: u64 = per_game.iter().map(|g| g.decisions).sum();
    let n = decisions as f64;
    let total = |value: fn(&GameSums) -> f64| per_game.iter().map(value).sum::<f64>();
    Mobility {
        games: per_game.len() as u64,
        decisions,
        chosen_replies: total(|g| g.chosen_replies) / n,
        uniform_replies: total(|g| g.uniform_replies) / n,
        replies: difference(per_game, GameSums::reply_gain),
        chosen_own: total(|g| g.chosen_own) / n,
        uniform_own: total(|g| g.uniform_own) / n,
        own: difference(per_game, GameSums::own_gain),
    }
}

/// The ratio estimator Σ gain / Σ decisions over games, with its linearised standard
/// error: √(G/(G − 1) · Σ (gain_g − mean · n_g)²) / Σ n_g.
fn difference(per_game: &[GameSums], gain: fn(&GameSums) -> f64) -> Difference {
    let decisions: f64 = per_game.iter().map(|g| g.decisions as f64).sum();
    let mean = per_game.iter().map(gain).sum::<f64>() / decisions;
    let games = per_game.len() as f64;
    let squares: f64 = per_game
        .iter()
        .map(|g| (gain(g) - mean * g.decisions as f64).powi(2))
        .sum();
    let standard_error = if games > 1.0 {
        (games / (games - 1.0) * squares).sqrt() / decisions
    } else {
        f64::NAN
    };
    Difference {
        mean,
        standard_error,
    }
}

/// One measure by the names of its game and player: means per decision, and the
/// differences (chosen − uniform) with their standard errors, each game one sample. With the
/// `serde` feature, the JSON object of `game-analysis mobility`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MobilityResult {
    /// The game's name ([`TournamentGame::name`]).
    pub game: String,
    /// The player, EVALUATION:DEPTH or `uniform`.
    pub player: String,
    /// Games of self-play.
    pub games: u64,
    /// Their seed.
    pub seed: u64,
    /// The player's decisions in them.
    pub decisions: u64,
    /// The opponent's replies after the chosen move, on average.
    pub chosen_replies: f64,
    /// The same after a uniform choice among the legal moves.
    pub uniform_replies: f64,
    /// Chosen − uniform replies.
    pub replies_difference: f64,
    /// Its standard error, each game one sample.
    pub replies_standard_error: f64,
    /// The mover's own moves one move later after the chosen move, on average.
    pub chosen_own: f64,
    /// The same after a uniform choice.
    pub uniform_own: f64,
    /// Chosen − uniform own moves.
    pub own_difference: f64,
    /// Its standard error.
    pub own_standard_error: f64,
}

impl MobilityResult {
    /// The measure of `player` (`EVALUATION:DEPTH` or `uniform`, scores effectively
    /// continuous) over games 0..`games` of the game named `game` from `seed`.
    ///
    /// # Errors
    ///
    /// [`LineError`] when the game or the player does not read, or the player cannot play.
    pub fn measure(
        game: &str,
        player_spec: &str,
        games: u64,
        seed: u64,
    ) -> Result<MobilityResult, LineError> {
        let tournament_game: TournamentGame = game.parse()?;
        let searcher = player(player_spec, MAX_ALPHA)?;
        let mobility = measure_in(tournament_game, &searcher, 0..games, seed)?;
        Ok(MobilityResult::new(game, player_spec, seed, &mobility))
    }

    /// The result of `mobility`, measured in the game called `game` with the player called
    /// `player` from `seed`: how a measure ([`measure`]) in a game of one's own is written
    /// as the command's JSON.
    ///
    /// ```
    /// use minimax_random::games::Domineering;
    /// use minimax_random::mobility::{MobilityResult, measure};
    /// use minimax_random::player::RandomMinimax;
    ///
    /// let game = Domineering::new(4, 5).unwrap();
    /// let player = RandomMinimax::parse("random:2", 1 << 61).unwrap();
    /// let mobility = measure(&game, &player, 0..10, 7).unwrap();
    /// let result = MobilityResult::new("domineering-4x5", "random:2", 7, &mobility);
    /// assert_eq!((result.games, result.decisions), (10, mobility.decisions));
    /// ```
    pub fn new(game: &str, player: &str, seed: u64, mobility: &Mobility) -> MobilityResult {
        MobilityResult {
            game: game.to_owned(),
            player: player.to_owned(),
            games: mobility.games,
            seed,
            decisions: mobility.decisions,
            chosen_replies: mobility.chosen_replies,
            uniform_replies: mobility.uniform_replies,
            replies_difference: mobility.replies.mean,
            replies_standard_error: mobility.replies.standard_error,
            chosen_own: mobility.chosen_own,
            uniform_own: mobility.uniform_own,
            own_difference: mobility.own.mean,
            own_standard_error: mobility.own.standard_error,
        }
    }
}

/// The measure in one line for a reader.
impl std::fmt::Display for MobilityResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {}: {} games, {} decisions; replies {:.3} chosen v {:.3} uniform ({:+.3} ± {:.3}); own moves {:.3} v {:.3} ({:+.3} ± {:.3})",
            self.game,
            self.player,
            self.games,
            self.decisions,
            self.chosen_replies,
            self.uniform_replies,
            self.replies_difference,
            self.replies_standard_error,
            self.chosen_own,
            self.uniform_own,
            self.own_difference,
            self.own_standard_error
        )
    }
}

#[cfg(test)]
mod tests {
    use game_core::tolerance::MAX_Z_SCORE;

    use super::*;
    use crate::games::{ConnectFour, Domineering};

    /// The measure by name in a quick game: two-ply random minimaxing leaves the opponent
    /// fewer replies than a uniform choice (the paper's domination), by many standard errors.
    #[test]
    fn random_minimaxing_leaves_fewer_replies_in_othello() {
        let measured = MobilityResult::measure("othello-6x6", "random:2", 30, 1995).unwrap();
        assert!(
            measured.replies_difference < -MAX_Z_SCORE * measured.replies_standard_error,
            "{measured:?}"
        );
        assert!(MobilityResult::measure("othello-6x6", "random:9", 2, 1995).is_err());
        assert!(MobilityResult::measure("go", "random:2", 2, 1995).is_err());
    }

    #[test]
    fn the_uniform_player_matches_a_uniform_choice_on_average() {
        let game = Domineering::new(5, 5).unwrap();
        let uniform = RandomMinimax::uniform();
        let mobility = measure(&game, &uniform, 0..300, 7).unwrap();
        let z = mobility.replies.mean / mobility.replies.standard_error;
        assert!(z.abs() < 4.0, "{mobility:?}");
    }

    #[test]
    fn the_same_numbers_for_any_split_of_the_threads() {
        let player = RandomMinimax::parse("random:2", 1 << 61).unwrap();
        let all = measure(&ConnectFour, &player, 0..24, 3).unwrap();
        let one_thread = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(|| measure(&ConnectFour, &player, 0..24, 3).unwrap());
        assert_eq!(all, one_thread);
    }
}

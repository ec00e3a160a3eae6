//! Expectiminimax: minimax with chance nodes valued by their exact expectation.

use num_traits::Zero;

use super::{SearchError, SearchResult, SearchStats, improves, nonempty_moves};
use crate::game::Game;
use crate::number::Real;
use crate::player::{Player, Turn};

/// The expectiminimax value of `position`: players maximise (first) and minimise (second)
/// as in minimax, and a chance node is worth the probability-weighted sum of its outcomes.
///
/// With `G::Value = BigRational` the value is exact; with `f64` it is the same expression in
/// floating point. Every position of the tree is visited (no pruning, no table).
///
/// # Errors
///
/// [`SearchError::NoLegalMoves`] or [`SearchError::NoChanceOutcomes`] when the game is
/// malformed.
///
/// # Examples
///
/// A fair coin decides between +1 and −1 after the first player chooses to play or to
/// take 1/4 for sure.
///
/// ```
/// use game_core::{Game, Player, Probability, Turn, search::expectiminimax};
/// use num_rational::BigRational;
///
/// struct Gamble;
/// #[derive(Clone, PartialEq, Debug)]
/// enum Step { Start, Coin, Ended(i64, i64) }
/// impl Game for Gamble {
///     type Position = Step;
///     type Move = Step;
///     type Value = BigRational;
///     fn initial_position(&self) -> Step { Step::Start }
///     fn turn(&self, p: &Step) -> Turn {
///         if *p == Step::Coin { Turn::Chance } else { Turn::Player(Player::First) }
///     }
///     fn legal_moves(&self, _: &Step) -> Vec<Step> { vec![Step::Coin, Step::Ended(1, 4)] }
///     fn play(&self, _: &Step, mv: &Step) -> Step { mv.clone() }
///     fn terminal_value(&self, p: &Step) -> Option<BigRational> {
///         match p { Step::Ended(n, d) => Some(BigRational::new((*n).into(), (*d).into())), _ => None }
///     }
///     fn chance_outcomes(&self, _: &Step) -> Vec<(Step, Probability)> {
///         vec![(Step::Ended(1, 1), Probability::new(1, 2)), (Step::Ended(-1, 1), Probability::new(1, 2))]
///     }
/// }
///
/// let result = expectiminimax(&Gamble, &Step::Start).unwrap();
/// assert_eq!(result.value, BigRational::new(1.into(), 4.into()));
/// assert_eq!(result.best_move, Some(Step::Ended(1, 4)));
/// ```
pub fn expectiminimax<G: Game>(
    game: &G,
    position: &G::Position,
) -> Result<SearchResult<G>, SearchError>
where
    G::Value: Real,
{
    let mut stats = SearchStats::default();
    let (value, best_move) = node_value(game, position, &mut stats)?;
    Ok(SearchResult {
        value,
        best_move,
        stats,
    })
}

fn node_value<G: Game>(
    game: &G,
    position: &G::Position,
    stats: &mut SearchStats,
) -> Result<(G::Value, Option<G::Move>), SearchError>
where
    G::Value: Real,
{
    stats.nodes += 1;
    if let Some(value) = game.terminal_value(position) {
        stats.leaves += 1;
        return Ok((value, None));
    }
    let maximising = match game.turn(position) {
        Turn::Chance => return chance_value(game, position, stats).map(|v| (v, None)),
        Turn::Player(player) => player == Player::First,
    };
    let mut best: Option<(G::Value, G::Move)> = None;
    for mv in nonempty_moves(game, position)? {
        let child = game.play(position, &mv);
        let (value, _) = node_value(game, &child, stats)?;
        if best
            .as_ref()
            .is_none_or(|(b, _)| improves(maximising, &value, b))
        {
            best = Some((value, mv));
        }
    }
    best.map(|(value, mv)| (value, Some(mv)))
        .ok_or(SearchError::NoLegalMoves)
}

fn chance_value<G: Game>(
    game: &G,
    position: &G::Position,
    stats: &mut SearchStats,
) -> Result<G::Value, SearchError>
where
    G::Value: Real,
{
    let outcomes = game.chance_outcomes(position);
    if outcomes.is_empty() {
        return Err(SearchError::NoChanceOutcomes);
    }
    let mut expectation = G::Value::zero();
    for (outcome, probability) in outcomes {
        let child = game.play(position, &outcome);
        let (value, _) = node_value(game, &child, stats)?;
        expectation = expectation + G::Value::from_probability(&probability) * value;
    }
    Ok(expectation)
}

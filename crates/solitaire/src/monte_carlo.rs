//! Monte Carlo estimates of strategies' chances, several strategies on the same trees.
//!
//! Built on `game_core::monte_carlo`: a run is cut into batches, batch *i* draws its games'
//! tree keys from stream *i* of the seed, and every strategy plays every game's tree, so the
//! estimates — and the paired differences between strategies — are the same for any number
//! of threads.

use game_core::monte_carlo::{Estimate, MonteCarlo, MonteCarloError, Tally};
use tree_gen::{JohnsonTree, TreeParams};

use crate::play::{Form, play_game_with};
use crate::strategy::Strategy;

/// A comparison could not be run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ComparisonError {
    /// At least one strategy is needed.
    #[error("no strategy to play")]
    NoStrategies,
    /// The dependent form (TSD) does not exist for game 3 trees.
    #[error("the dependent form (TSD) does not exist for game 3 trees")]
    NoDependentForm,
    /// A strategy looked where it may not, in this many games.
    #[error("a strategy made a forbidden look in {0} games")]
    ForbiddenLooks(i128),
    /// The estimates could not be formed.
    #[error(transparent)]
    MonteCarlo(#[from] MonteCarloError),
}

/// One strategy's results.
#[derive(Debug, Clone, PartialEq)]
pub struct StrategyResult {
    /// The strategy's name.
    pub name: String,
    /// The chance of winning (1 for a win, 0 for a loss).
    pub wins: Estimate,
    /// Looks per game.
    pub looks: Estimate,
    /// Moves per game.
    pub moves: Estimate,
}

/// The difference between two strategies' chances, measured on the same games.
#[derive(Debug, Clone, PartialEq)]
pub struct PairedDifference {
    /// Index of the first strategy.
    pub first: usize,
    /// Index of the second strategy.
    pub second: usize,
    /// The first's wins minus the second's, game by game (−1, 0 or 1).
    pub difference: Estimate,
}

/// Several strategies played on the same games.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// One result per strategy, in the order given.
    pub results: Vec<StrategyResult>,
    /// Every pair (i, j), i < j.
    pub differences: Vec<PairedDifference>,
}

/// Plays `strategy` on `run.n_samples()` games of `params` in `form`: the chance of
/// winning, looks and moves per game.
///
/// The same numbers as [`compare`] with this one strategy, but generic over the strategy's
/// type, so that its rules are compiled into the game loop — the fast path for long runs.
///
/// # Errors
///
/// As [`compare`].
pub fn estimate<S: Strategy>(
    params: &TreeParams,
    form: Form,
    strategy: &S,
    run: &MonteCarlo,
) -> Result<StrategyResult, ComparisonError> {
    if form == Form::Dependent && !params.has_dependent_form() {
        return Err(ComparisonError::NoDependentForm);
    }
    // Layout: wins, looks, moves, games with a forbidden look.
    let tallies = run.run(|rng, games| {
        let mut tallies = vec![Tally::default(); 4];
        let mut seen = Vec::new();
        for _ in 0..games {
            let tree = JohnsonTree::new(params, run.seed(), rand::Rng::next_u64(rng));
            match play_game_with(&tree, form, &mut seen, |look| strategy.choose_inline(look)) {
                Ok(record) => {
                    tallies[0].record(i32::from(record.won));
                    tallies[1].record(record.looks as i32);
                    tallies[2].record(record.moves as i32);
                }
                Err(_) => tallies[3].record(1),
            }
        }
        tallies
    });
    if tallies[3].sum() > 0 {
        return Err(ComparisonError::ForbiddenLooks(tallies[3].sum()));
    }
    let estimate = |tally: Tally| Estimate::new(run.seed(), 0..run.n_batches(), tally);
    Ok(StrategyResult {
        name: strategy.name(),
        wins: estimate(tallies[0])?,
        looks: estimate(tallies[1])?,
        moves: estimate(tallies[2])?,
    })
}

/// Plays every strategy on the same `run.n_samples()` games of `params` in `form`.
///
/// # Errors
///
/// [`ComparisonError::NoStrategies`] for an empty list, [`ComparisonError::NoDependentForm`]
/// for TSD on game 3 trees, [`ComparisonError::ForbiddenLooks`] when a strategy breaks the
/// look rules.
pub fn compare(
    params: &TreeParams,
    form: Form,
    strategies: &[&dyn Strategy],
    run: &MonteCarlo,
) -> Result<Comparison, ComparisonError> {
    let k = strategies.len();
    if k == 0 {
        return Err(ComparisonError::NoStrategies);
    }
    if form == Form::Dependent && !params.has_dependent_form() {
        return Err(ComparisonError::NoDependentForm);
    }
    let pairs: Vec<(usize, usize)> = (0..k)
        .flat_map(|i| (i + 1..k).map(move |j| (i, j)))
        .collect();
    // Layout: wins, looks and moves per strategy, then one difference per pair, then the
    // count of games with a forbidden look.
    let tallies = run.run(|rng, games| {
        let mut tallies = vec![Tally::default(); 3 * k + pairs.len() + 1];
        let mut won = vec![0i32; k];
        let mut seen = Vec::new();
        for _ in 0..games {
            let tree = JohnsonTree::new(params, run.seed(), rand::Rng::next_u64(rng));
            for (index, strategy) in strategies.iter().enumerate() {
                match play_game_with(&tree, form, &mut seen, |look| strategy.choose(look)) {
                    Ok(record) => {
                        won[index] = i32::from(record.won);
                        tallies[index].record(won[index]);
                        tallies[k + index].record(record.looks as i32);
                        tallies[2 * k + index].record(record.moves as i32);
                    }
                    Err(_) => tallies[3 * k + pairs.len()].record(1),
                }
            }
            for (p, &(i, j)) in pairs.iter().enumerate() {
                tallies[3 * k + p].record(won[i] - won[j]);
            }
        }
        tallies
    });
    let forbidden = tallies[3 * k + pairs.len()].sum();
    if forbidden > 0 {
        return Err(ComparisonError::ForbiddenLooks(forbidden));
    }
    let estimate = |tally: Tally| Estimate::new(run.seed(), 0..run.n_batches(), tally);
    let results = strategies
        .iter()
        .enumerate()
        .map(|(index, strategy)| {
            Ok(StrategyResult {
                name: strategy.name(),
                wins: estimate(tallies[index])?,
                looks: estimate(tallies[k + index])?,
                moves: estimate(tallies[2 * k + index])?,
            })
        })
        .collect::<Result<Vec<_>, MonteCarloError>>()?;
    let differences = pairs
        .iter()
        .enumerate()
        .map(|(p, &(first, second))| {
            Ok(PairedDifference {
                first,
                second,
                difference: estimate(tallies[3 * k + p])?,
            })
        })
        .collect::<Result<Vec<_>, MonteCarloError>>()?;
    Ok(Comparison {
        results,
        differences,
    })
}

//! prob(n) by seeded Monte Carlo, for trees too large to count exactly: draw every leaf
//! score uniformly from {1, …, α}, minimax the tree, and record which moves are on a
//! principal variation (their min-node's score equals the root's).
//!
//! The estimates carry their standard errors, sample counts and seed, and do not depend on
//! the number of threads (`game_core::monte_carlo`).
//!
//! ```
//! use minimax_random::MoveShape;
//! use minimax_random::simulation::estimate_move_probabilities;
//!
//! let moves = [MoveShape::new(vec![2, 3])?, MoveShape::new(vec![3, 2])?];
//! let estimates = estimate_move_probabilities(&moves, 2, 7, 10_000)?;
//! // Example 1: prob(a) = 3691/4096 = 0.901…
//! assert!(estimates[0].agrees_with(3691.0 / 4096.0));
//! # Ok::<(), minimax_random::simulation::SimulationError>(())
//! ```

use game_core::monte_carlo::{Estimate, MonteCarlo, MonteCarloError, Tally};
use game_core::random::SeededRng;
use rand::RngExt;

use crate::probability::check_moves;
use crate::shape::{MoveShape, ScoreError, ShapeError, check_alpha};

/// Why an estimate could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SimulationError {
    /// The moves are invalid.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// α is 0.
    #[error(transparent)]
    Score(#[from] ScoreError),
    /// The Monte Carlo run is invalid (no samples).
    #[error(transparent)]
    MonteCarlo(#[from] MonteCarloError),
}

/// The score of a node whose subtree has `children` below it (level-regular), min-node or
/// max-node, with fresh random leaf scores.
fn random_score(children: &[u32], min_node: bool, alpha: u32, rng: &mut SeededRng) -> u32 {
    match children.split_first() {
        None => rng.random_range(1..=alpha),
        Some((&count, below)) => {
            let scores = (0..count).map(|_| random_score(below, !min_node, alpha, rng));
            if min_node {
                scores.min().unwrap_or(0)
            } else {
                scores.max().unwrap_or(0)
            }
        }
    }
}

/// Estimates of prob(n) for every move, in order, from `samples` seeded random assignments.
///
/// # Errors
///
/// [`SimulationError::Shape`] and [`SimulationError::Score`] as for
/// [`crate::probability::move_probabilities`];
/// [`SimulationError::MonteCarlo`] for zero samples.
pub fn estimate_move_probabilities(
    moves: &[MoveShape],
    alpha: u32,
    seed: u64,
    samples: u64,
) -> Result<Vec<Estimate>, SimulationError> {
    check_moves(moves)?;
    check_alpha(alpha)?;
    let run = MonteCarlo::new(seed, samples)?;
    let estimates = run.estimates(|rng, count| {
        let mut tallies = vec![Tally::default(); moves.len()];
        for _ in 0..count {
            let scores: Vec<u32> = moves
                .iter()
                .map(|m| random_score(m.children(), true, alpha, rng))
                .collect();
            let root = scores.iter().copied().max().unwrap_or(0);
            for (tally, &score) in tallies.iter_mut().zip(&scores) {
                tally.record(i32::from(score == root));
            }
        }
        tallies
    })?;
    Ok(estimates)
}

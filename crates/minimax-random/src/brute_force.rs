//! The ground truth: every one of the α^N assignments of scores to the leaves, minimaxed
//! one by one. Exponential; for tests on small trees.

use num_bigint::BigUint;
use num_rational::BigRational;

use crate::shape::{MoveShape, ScoreError, ShapeError, check_alpha};

/// Why the assignments could not be enumerated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BruteForceError {
    /// The moves are invalid, or have too many leaves to count.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// α is 0.
    #[error(transparent)]
    Score(#[from] ScoreError),
    /// α^N assignments, more than [`MAX_ASSIGNMENTS`].
    #[error("{alpha}^{leaves} score assignments are too many to enumerate")]
    TooManyAssignments {
        /// α.
        alpha: u32,
        /// N, the leaves of all the moves.
        leaves: u32,
    },
}

/// Assignments beyond this many are refused.
pub const MAX_ASSIGNMENTS: u64 = 50_000_000;

/// prob(n) for every move by enumerating all assignments: the fraction in which the move's
/// minimax score equals the root's.
///
/// # Errors
///
/// [`ShapeError::NoMoves`], [`ScoreError::ZeroAlpha`],
/// [`BruteForceError::TooManyAssignments`] beyond [`MAX_ASSIGNMENTS`].
pub fn move_probabilities(
    moves: &[MoveShape],
    alpha: u32,
) -> Result<Vec<BigRational>, BruteForceError> {
    if moves.is_empty() {
        return Err(ShapeError::NoMoves.into());
    }
    check_alpha(alpha)?;
    let leaves: Vec<u32> = moves
        .iter()
        .map(|m| m.leaves().ok_or(ShapeError::TooManyLeaves))
        .collect::<Result<_, _>>()?;
    let total_leaves: u32 = leaves.iter().sum();
    let assignments = u64::from(alpha)
        .checked_pow(total_leaves)
        .filter(|&n| n <= MAX_ASSIGNMENTS)
        .ok_or(BruteForceError::TooManyAssignments {
            alpha,
            leaves: total_leaves,
        })?;
    let mut on_principal = vec![0u64; moves.len()];
    let mut scores = vec![1u32; total_leaves as usize];
    for _ in 0..assignments {
        let mut offset = 0;
        let values: Vec<u32> = moves
            .iter()
            .zip(&leaves)
            .map(|(m, &n)| {
                let value = minimax(m.children(), &scores[offset..offset + n as usize], true);
                offset += n as usize;
                value
            })
            .collect();
        let best = values.iter().copied().max().unwrap_or(0);
        for (count, &value) in on_principal.iter_mut().zip(&values) {
            *count += u64::from(value == best);
        }
        advance(&mut scores, alpha);
    }
    Ok(on_principal
        .into_iter()
        .map(|count| {
            BigRational::new(
                BigUint::from(count).into(),
                BigUint::from(assignments).into(),
            )
        })
        .collect())
}

/// The minimax score of a node whose levels below have `children` children and whose leaves
/// carry `scores`; `min_node` says whether the node minimises.
fn minimax(children: &[u32], scores: &[u32], min_node: bool) -> u32 {
    let Some((&count, below)) = children.split_first() else {
        return scores[0];
    };
    let width = scores.len() / count as usize;
    let values = scores
        .chunks(width)
        .map(|chunk| minimax(below, chunk, !min_node));
    if min_node {
        values.min().unwrap_or(0)
    } else {
        values.max().unwrap_or(0)
    }
}

/// The next assignment in lexicographic order (scores 1..=α), wrapping around.
fn advance(scores: &mut [u32], alpha: u32) {
    for score in scores.iter_mut() {
        if *score < alpha {
            *score += 1;
            return;
        }
        *score = 1;
    }
}

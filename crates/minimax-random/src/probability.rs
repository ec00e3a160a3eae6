//! prob(n): the chance that random minimaxing puts move n on a principal variation
//! (section 5).
//!
//! #[n](i), the number of assignments with sc(root) = sc(n) = i, is
//! EQ(n, i)·Π LE(n*, i) over the siblings n* of n (Lemma 5.1), and
//! prob(n) = Σ_i #[n](i) / α^N, N the number of leaves of the whole tree.

use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::{One, Pow, Zero};

use crate::counting::Counts;
use crate::shape::{MoveShape, ShapeError};

/// prob(n) for every move, in order, as exact fractions.
///
/// # Errors
///
/// [`ShapeError::NoMoves`], [`ShapeError::ZeroAlpha`], or [`ShapeError::DifferentDepths`]
/// when the moves' subgame trees do not all reach the same depth.
pub fn move_probabilities(moves: &[MoveShape], alpha: u32) -> Result<Vec<BigRational>, ShapeError> {
    let favourable = principal_counts(moves, alpha)?;
    let leaves: BigUint = moves.iter().map(leaves_of).sum();
    let all = Pow::pow(&BigUint::from(alpha), &leaves);
    Ok(favourable
        .into_iter()
        .map(|count| BigRational::new(count.into(), all.clone().into()))
        .collect())
}

/// #[n] for every move: the number of assignments that put it on a principal variation.
///
/// # Errors
///
/// As [`move_probabilities`].
pub fn principal_counts(moves: &[MoveShape], alpha: u32) -> Result<Vec<BigUint>, ShapeError> {
    let counts = move_counts(moves, alpha)?;
    (0..moves.len())
        .map(|k| principal_count(&counts, k))
        .collect()
}

/// #[n_k] = Σ_i EQ(n_k, i)·Π_{j ≠ k} LE(n_j, i) (Lemma 5.1).
fn principal_count(counts: &[Counts], k: usize) -> Result<BigUint, ShapeError> {
    let alpha = counts[k].alpha();
    let mut total = BigUint::zero();
    for i in 1..=alpha {
        let mut product = counts[k].eq(i)?;
        for (_, other) in counts.iter().enumerate().filter(|&(j, _)| j != k) {
            product *= other.le(i)?;
        }
        total += product;
    }
    Ok(total)
}

/// Whether condition (6) of Lemma 5.2 holds for moves `first` and `second` at score `i`:
/// EQ(n1, i)/LE(n1, i) ≥ EQ(n2, i)/LE(n2, i), compared exactly (cross-multiplied).
///
/// # Errors
///
/// As [`move_probabilities`].
pub fn ratio_condition(
    first: &MoveShape,
    second: &MoveShape,
    alpha: u32,
    i: u32,
) -> Result<bool, ShapeError> {
    let counts = move_counts(&[first.clone(), second.clone()], alpha)?;
    let (c1, c2) = (&counts[0], &counts[1]);
    Ok(c1.eq(i)? * c2.le(i)? >= c2.eq(i)? * c1.le(i)?)
}

fn leaves_of(shape: &MoveShape) -> BigUint {
    shape
        .children()
        .iter()
        .fold(BigUint::one(), |product, &c| product * BigUint::from(c))
}

fn move_counts(moves: &[MoveShape], alpha: u32) -> Result<Vec<Counts>, ShapeError> {
    let first = moves.first().ok_or(ShapeError::NoMoves)?;
    if let Some((index, other)) = moves
        .iter()
        .enumerate()
        .find(|(_, m)| m.levels() != first.levels())
    {
        return Err(ShapeError::DifferentDepths {
            index,
            depth: other.levels(),
            expected: first.levels(),
        });
    }
    moves.iter().map(|m| Counts::of_move(m, alpha)).collect()
}

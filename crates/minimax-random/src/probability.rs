//! prob(n): the chance that random minimaxing puts move n on a principal variation
//! (section 5).
//!
//! #\[n\](i), the number of assignments with sc(root) = sc(n) = i, is
//! EQ(n, i)·Π LE(n*, i) over the siblings n* of n (Lemma 5.1), and
//! prob(n) = Σ_i #\[n\](i) / α^N, N the number of leaves of the whole tree.

use game_core::stop::Carried;
use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::{One, Pow, Zero};
use rayon::prelude::*;

use crate::counting::Counts;
use crate::natural::{self, Natural};
use crate::shape::{MoveShape, ProbabilityError, ScoreError, ShapeError, check_count_size};

/// prob(n) for every move, in order, as exact fractions.
///
/// # Errors
///
/// [`ShapeError::NoMoves`], or [`ShapeError::DifferentDepths`] when the moves' subgame
/// trees do not all reach the same depth, [`ShapeError::TooManyLeaves`];
/// [`ScoreError::ZeroAlpha`].
pub fn move_probabilities(
    moves: &[MoveShape],
    alpha: u32,
) -> Result<Vec<BigRational>, ProbabilityError> {
    let favourable = principal_counts(moves, alpha)?;
    let leaves: BigUint = moves.iter().map(leaves_of).sum();
    let leaves = u64::try_from(leaves).map_err(|_| ShapeError::TooManyLeaves)?;
    Ok(favourable
        .into_iter()
        .map(|count| over_power(count, alpha, leaves))
        .collect())
}

/// `count` / α^N in lowest terms. Only α's primes can be common factors, so they are divided
/// out one by one instead of by a general gcd, which on numbers of hundreds of thousands
/// of bits took longer than everything else.
pub(crate) fn over_power(count: BigUint, alpha: u32, leaves: u64) -> BigRational {
    if count.is_zero() {
        return BigRational::zero();
    }
    let mut numerator = count;
    let mut denominator = BigUint::one();
    for (prime, exponent) in prime_factors(alpha) {
        let limit = u64::from(exponent) * leaves;
        let mut removed = 0;
        if prime == 2 {
            removed = numerator.trailing_zeros().unwrap_or(0).min(limit);
            numerator >>= removed;
        } else {
            let p = BigUint::from(prime);
            while removed < limit && (&numerator % &p).is_zero() {
                numerator /= &p;
                removed += 1;
            }
        }
        denominator *= Pow::pow(&BigUint::from(prime), &BigUint::from(limit - removed));
    }
    BigRational::new_raw(numerator.into(), denominator.into())
}

/// The prime factorisation of n ≥ 1 as (prime, exponent) pairs, by trial division.
fn prime_factors(mut n: u32) -> Vec<(u32, u32)> {
    let mut factors = Vec::new();
    let mut p = 2;
    while u64::from(p) * u64::from(p) <= u64::from(n) {
        let mut exponent = 0;
        while n.is_multiple_of(p) {
            n /= p;
            exponent += 1;
        }
        if exponent > 0 {
            factors.push((p, exponent));
        }
        p += 1;
    }
    if n > 1 {
        factors.push((n, 1));
    }
    factors
}

/// #\[n\] for every move: the number of assignments that put it on a principal variation.
///
/// # Errors
///
/// As [`move_probabilities`].
pub fn principal_counts(moves: &[MoveShape], alpha: u32) -> Result<Vec<BigUint>, ProbabilityError> {
    let counts = move_counts(moves, alpha)?;
    Ok((0..moves.len())
        .map(|k| principal_count(&counts, k))
        .collect::<Result<_, _>>()?)
}

/// #\[n_k\] = Σ_i EQ(n_k, i)·Π_{j ≠ k} LE(n_j, i) (Lemma 5.1).
pub(crate) fn principal_count(counts: &[Counts], k: usize) -> Result<BigUint, ScoreError> {
    // The terms are independent products of huge numbers: the scores are shared between
    // the cores, and the exact sum does not depend on how.
    let carried = Carried::from_this_thread();
    (1..=counts[k].alpha())
        .into_par_iter()
        .map(|i| {
            carried.checkpoint();
            let mut product = natural::from_biguint(&counts[k].equal_to(i)?);
            for (_, other) in counts.iter().enumerate().filter(|&(j, _)| j != k) {
                product *= natural::from_biguint(other.at_most(i)?);
            }
            Ok(product)
        })
        .try_reduce(|| Natural::from(0u32), |sum, term| Ok(sum + term))
        .map(|sum| natural::to_biguint(&sum))
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
) -> Result<bool, ProbabilityError> {
    let counts = move_counts(&[first.clone(), second.clone()], alpha)?;
    let (c1, c2) = (&counts[0], &counts[1]);
    Ok(c1.equal_to(i)? * c2.at_most(i)? >= c2.equal_to(i)? * c1.at_most(i)?)
}

fn leaves_of(shape: &MoveShape) -> BigUint {
    shape
        .children()
        .iter()
        .fold(BigUint::one(), |product, &c| product * BigUint::from(c))
}

fn move_counts(moves: &[MoveShape], alpha: u32) -> Result<Vec<Counts>, ProbabilityError> {
    check_moves(moves)?;
    let leaves: BigUint = moves.iter().map(leaves_of).sum();
    let leaves = u64::try_from(leaves).map_err(|_| ShapeError::TooManyLeaves)?;
    check_count_size(alpha.max(1), leaves)?;
    moves.iter().map(|m| Counts::of_move(m, alpha)).collect()
}

/// Some moves, all reaching the same depth.
pub(crate) fn check_moves(moves: &[MoveShape]) -> Result<(), ShapeError> {
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
    Ok(())
}

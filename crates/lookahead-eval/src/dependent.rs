//! TSD exactly, as a finite linear system.
//!
//! In the dependent form a position off the hidden path to the single win can never lead to
//! it, and a position on the path wins with a chance that does not depend on its value: the
//! win is below it with certainty. So for an ordinal strategy (one that never looks at
//! values) the positions that can still be won differ only in what is known below them.
//! With a bounded look-ahead there are finitely many of those, and the chance of winning
//! from each, *x_i* = *r_i* + Σ_j *Q_ij·x_j*, is the solution of a finite linear system,
//! solved here exactly. This is the exact value as a fraction — the closed forms of
//! chapter 3 evaluated without any series — and it is what the tests hold them to.

use std::collections::HashMap;

use game_core::stop::checkpoint;
use num_rational::BigRational;
use num_traits::{One, Zero};
use solitaire::{Form, LookError, Strategy};
use tree_gen::GameClass;

use crate::chance::Bases;
use crate::lines::{LineCatalogue, Next, Values};

/// Why the dependent form could not be solved as a finite linear system.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum DependentError {
    /// The exact finite evaluation of the dependent form needs an ordinal strategy (one
    /// whose moves never depend on values), and this one (named) does not say it is one.
    #[error(
        "{0} is not known to be ordinal (Strategy::is_ordinal is false), and the exact dependent form needs a strategy whose moves never depend on values: if it reads none, return true from is_ordinal; otherwise estimate it by Monte Carlo"
    )]
    NotOrdinal(String),
    /// The exact finite evaluation of the dependent form needs a bounded number of looks
    /// and of kinds of position; this strategy (named) has unlimited look-ahead or more
    /// than [`MAX_POSITIONS`] kinds of position.
    #[error("{0} has no finite state space in the dependent form")]
    NotFinite(String),
    /// The strategy looked where it may not.
    #[error(transparent)]
    Look(#[from] LookError),
}

/// How far one move's look-ahead is followed: beyond it a line is truncated, and a
/// strategy whose lines are (unlimited look-ahead) has no finite system.
const LOOK_BUDGET: usize = 64;

/// The most positions [`dependent_value`] builds before giving up.
pub const MAX_POSITIONS: usize = 4_096;

/// The exact chance of winning TSD under `strategy` over the class `params`.
///
/// # Errors
///
/// [`DependentError::NotOrdinal`] unless the strategy says it is ordinal;
/// [`DependentError::NotFinite`] if it has unlimited look-ahead or more than
/// [`MAX_POSITIONS`] kinds of position; [`DependentError::Look`] if it looks where it may
/// not, or ([`LookError::NotOrdinal`]) if it says it is ordinal but moves differently at
/// different values.
///
/// # Examples
///
/// Theorem 3.1: HSTRAT wins TSD with chance 7/9 at *E* = 1/2, *A* = 3/4.
///
/// ```
/// use lookahead_eval::number::fraction;
/// use lookahead_eval::{GameClass, dependent::dependent_value};
/// use lookahead_eval::solitaire::strategies::HighChain;
///
/// let params = GameClass::new(fraction(1, 2).unwrap(), fraction(3, 4).unwrap()).unwrap();
/// let hstrat = HighChain::new(1).unwrap();
/// assert_eq!(dependent_value(&hstrat, &params).unwrap(), fraction(7, 9).unwrap());
/// ```
pub fn dependent_value(
    strategy: &dyn Strategy,
    params: &GameClass<BigRational>,
) -> Result<BigRational, DependentError> {
    let not_finite = || DependentError::NotFinite(strategy.name());
    if !strategy.is_ordinal() {
        return Err(DependentError::NotOrdinal(strategy.name()));
    }
    let values = Values::of_class(params);
    let mut catalogue = LineCatalogue::new(strategy, Form::Dependent, values, LOOK_BUDGET);
    let mut bases = Bases::new(params);
    bases.reach(LOOK_BUDGET + 2);
    // The catalogue numbers the kinds of position as it meets them, the top point first, so
    // row i of the system is position i, and a move to a new kind adds a row to fill.
    let mut rows: Vec<(BigRational, HashMap<usize, BigRational>)> = Vec::new();
    while rows.len() < catalogue.patterns() {
        checkpoint();
        if rows.len() >= MAX_POSITIONS {
            return Err(not_finite());
        }
        let mut wins = BigRational::zero();
        let mut moves: HashMap<usize, BigRational> = HashMap::new();
        for line in catalogue.lines(rows.len() as u32, 0, 0)?.iter() {
            // An ordinal strategy's lines are the same at every value, so the chance of a
            // line from a position of value 1 is its chance from any position of its kind.
            let chance = bases.to_rational(&line.chance(&bases, 0, 0));
            match line.next {
                Next::Won => wins += chance,
                Next::Lost => {}
                Next::Truncated => return Err(not_finite()),
                Next::Moved { pattern, .. } => {
                    *moves
                        .entry(pattern as usize)
                        .or_insert_with(BigRational::zero) += chance;
                }
            }
        }
        rows.push((wins, moves));
    }
    Ok(solve(&rows)[0].clone())
}

/// Solves *x* = *r* + *Q·x*, that is (*I* − *Q*)·*x* = *r*, by Gaussian elimination.
///
/// *I* − *Q* is invertible: from every position the game ends with probability 1 (each
/// move reaches an endpoint with chance at least *E* > 0 or leaves the path).
fn solve(rows: &[(BigRational, HashMap<usize, BigRational>)]) -> Vec<BigRational> {
    let n = rows.len();
    let mut matrix: Vec<Vec<BigRational>> = rows
        .iter()
        .enumerate()
        .map(|(i, (wins, moves))| {
            let mut row = vec![BigRational::zero(); n + 1];
            row[i] = BigRational::one();
            for (&j, chance) in moves {
                row[j] -= chance;
            }
            row[n] = wins.clone();
            row
        })
        .collect();
    for column in 0..n {
        checkpoint();
        let pivot = (column..n)
            .find(|&r| !matrix[r][column].is_zero())
            .unwrap_or(column);
        matrix.swap(column, pivot);
        let lead = matrix[column][column].clone();
        for entry in matrix[column].iter_mut() {
            *entry /= &lead;
        }
        for r in 0..n {
            if r != column && !matrix[r][column].is_zero() {
                let factor = matrix[r][column].clone();
                let (pivot_row, row) = if r < column {
                    let (top, bottom) = matrix.split_at_mut(column);
                    (&bottom[0], &mut top[r])
                } else {
                    let (top, bottom) = matrix.split_at_mut(r);
                    (&top[column], &mut bottom[0])
                };
                for (entry, pivot_entry) in row.iter_mut().zip(pivot_row) {
                    *entry -= &factor * pivot_entry;
                }
            }
        }
    }
    matrix.into_iter().map(|row| row[n].clone()).collect()
}

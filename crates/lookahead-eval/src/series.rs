//! The total chance of winning, W = D(1) + D(2) + …, with a rigorous error bound.

use game_core::number::to_f64;
use game_core::stop::checkpoint;
use num_rational::BigRational;
use num_traits::Zero;
use solitaire::{Form, LookError, Strategy};
use tree_gen::GameClass;

use crate::diagram::Diagram;

/// A series could not be summed to the precision asked for.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PrecisionError {
    /// A precision must be a positive, finite number.
    #[error("precision {0} is not a positive number")]
    Invalid(f64),
    /// The bound on the rest of the series was still above the precision asked for when
    /// the move limit ran out.
    #[error("after {moves} moves the error bound is {reached:e}, not below {requested:e}")]
    NotReached {
        /// The width asked for.
        requested: f64,
        /// The bound reached when the move limit ran out.
        reached: f64,
        /// The moves evaluated.
        moves: usize,
    },
}

/// Why the diagram method could not give *W*.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SeriesError {
    /// The precision was invalid or not reached.
    #[error(transparent)]
    Precision(#[from] PrecisionError),
    /// The strategy looked where it may not.
    #[error(transparent)]
    Look(#[from] LookError),
}

/// The most moves [`evaluate`] plays before it reports that the precision is out of reach.
pub const MAX_MOVES: usize = 2_000;

/// The terms every evaluation computes at least, so that Johnson's procedure (which uses
/// D(1) … D(10)) can be applied to them.
pub const PAPER_TERMS: usize = 10;

/// A strategy's chance of winning, move by move and in total.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    /// *D(1)*, *D(2)*, …: the exact chance of winning on each move (Johnson's D(I)).
    pub per_move: Vec<BigRational>,
    /// A lower bound on *W*: the sum of the terms.
    pub lower: BigRational,
    /// An upper bound on *W*: the sum plus the bound on every later win (and on lines of
    /// play an unlimited look-ahead was not followed to the end of).
    pub upper: BigRational,
}

impl Evaluation {
    /// The midpoint of the interval, as floating point.
    pub fn value(&self) -> f64 {
        0.5 * (to_f64(&self.lower) + to_f64(&self.upper))
    }

    /// The width of the interval that holds *W*.
    pub fn width(&self) -> BigRational {
        &self.upper - &self.lower
    }
}

/// The chance *W* that `strategy` wins a game of `form` over the class `params`, to within
/// `precision`: the exact terms *D(n)* are summed, move by move, until the bound on what
/// remains falls below `precision` (and at least [`PAPER_TERMS`] terms are known).
///
/// # Errors
///
/// [`PrecisionError::Invalid`] unless `precision` is positive and finite,
/// [`PrecisionError::NotReached`] if [`MAX_MOVES`] moves (`max_moves` for
/// [`evaluate_with`]) do not reach it, and [`SeriesError::Look`] if the strategy looks
/// where it may not.
///
/// # Examples
///
/// ```
/// use lookahead_eval::number::fraction;
/// use lookahead_eval::{GameClass, series::evaluate};
/// use lookahead_eval::{Form, solitaire::strategies::LowChain};
///
/// let params = GameClass::new(fraction(1, 2).unwrap(), fraction(3, 4).unwrap()).unwrap();
/// let lstrat = LowChain::new(1).unwrap();
/// let w = evaluate(&lstrat, Form::Independent, &params, 1e-13).unwrap();
/// // Table 4.1: W_L = .68768 at E = .5, A = .75.
/// assert!((w.value() - 0.68768).abs() < 5e-6);
/// assert!(game_core::number::to_f64(&w.width()) < 1e-13);
/// ```
pub fn evaluate(
    strategy: &dyn Strategy,
    form: Form,
    params: &GameClass<BigRational>,
    precision: f64,
) -> Result<Evaluation, SeriesError> {
    evaluate_with(Diagram::new(strategy, form, params), precision, MAX_MOVES)
}

/// [`evaluate`] on a diagram set up by the caller (a different look budget, say), playing
/// at most `max_moves` moves.
///
/// # Errors
///
/// As [`evaluate`].
pub fn evaluate_with(
    mut diagram: Diagram<'_>,
    precision: f64,
    max_moves: usize,
) -> Result<Evaluation, SeriesError> {
    sum_terms(&mut diagram, precision, max_moves)
}

/// An exact evaluation that produces *D(1)*, *D(2)*, … one move at a time, with a bound on
/// everything not yet counted.
pub(crate) trait Terms {
    /// Why a term could not be computed; a precision not reached is one such reason.
    type Error: From<PrecisionError>;

    /// *D(n)* for the next move *n*.
    fn next_term(&mut self) -> Result<BigRational, Self::Error>;

    /// The bound on everything not yet counted, cheaply and approximately: used only to
    /// decide when to compute the exact bound.
    fn remaining_estimate(&mut self) -> Result<f64, Self::Error>;

    /// The rigorous bound on everything not yet counted.
    fn remaining(&mut self) -> Result<BigRational, Self::Error>;
}

impl Terms for Diagram<'_> {
    type Error = SeriesError;

    fn next_term(&mut self) -> Result<BigRational, SeriesError> {
        Ok(self.next_move()?)
    }

    fn remaining_estimate(&mut self) -> Result<f64, SeriesError> {
        Ok(self.remaining_f64())
    }

    fn remaining(&mut self) -> Result<BigRational, SeriesError> {
        Ok(self.tail_bound() + self.truncated())
    }
}

/// Sums the terms of `terms`, move by move, until the bound on what remains falls below
/// `precision` (and at least [`PAPER_TERMS`] terms are known), playing at most `max_moves`.
pub(crate) fn sum_terms<T: Terms>(
    terms: &mut T,
    precision: f64,
    max_moves: usize,
) -> Result<Evaluation, T::Error> {
    check_precision(precision)?;
    let mut per_move = Vec::new();
    let mut lower = BigRational::zero();
    loop {
        checkpoint();
        let term = terms.next_term()?;
        lower += &term;
        per_move.push(term);
        let reached = terms.remaining_estimate()?;
        if per_move.len() >= PAPER_TERMS && reached < precision {
            // The estimate said stop; the exact bound decides.
            let remaining = terms.remaining()?;
            if to_f64(&remaining) < precision {
                let upper = &lower + remaining;
                return Ok(Evaluation {
                    per_move,
                    lower,
                    upper,
                });
            }
        }
        if per_move.len() >= max_moves.max(PAPER_TERMS) {
            return Err(PrecisionError::NotReached {
                requested: precision,
                reached,
                moves: per_move.len(),
            }
            .into());
        }
    }
}

/// A precision must be a positive, finite width.
pub(crate) fn check_precision(precision: f64) -> Result<(), PrecisionError> {
    if precision > 0.0 && precision.is_finite() {
        Ok(())
    } else {
        Err(PrecisionError::Invalid(precision))
    }
}

//! Nau's w_b: the unique root in \[0, 1\] of (1 − x)^b = x (Levene and Fenner, section 2;
//! Nau, "The last player theorem", 1982). For uniform trees of branching b whose leaves are
//! wins with probability above w_b, the last player wins with probability tending to 1.

use game_core::number::{to_f64_above, to_f64_below};
use game_core::stop::checkpoint;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Pow, Zero};

use crate::shape::ShapeError;

/// Bisection steps: the bracket shrinks to 2^-60 < 10^-18, certifying more than 15 digits.
const BISECTION_STEPS: u32 = 60;

/// A certified bracket \[low, high\] around w_b, as exact fractions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bracket {
    /// A lower bound.
    pub low: BigRational,
    /// An upper bound.
    pub high: BigRational,
}

/// w_b bracketed to within 2^-60.
///
/// f(x) = (1 − x)^b − x decreases strictly on \[0, 1\] from f(0) = 1 to f(1) = −1, so the root
/// is unique, and exact bisection keeps it between `low` (f ≥ 0) and `high` (f < 0).
///
/// # Errors
///
/// [`ShapeError::ZeroChildren`] when `b` is 0 (a tree needs children).
///
/// ```
/// use minimax_random::nau::w_b;
/// let w2 = w_b(2).unwrap();
/// let golden = (3.0 - 5f64.sqrt()) / 2.0; // (1 − x)² = x ⇔ x² − 3x + 1 = 0
/// let (low, high) = (w2.low_f64(), w2.high_f64());
/// assert!(low <= golden && golden <= high && high - low < 1e-15);
/// ```
pub fn w_b(b: u32) -> Result<Bracket, ShapeError> {
    if b == 0 {
        return Err(ShapeError::ZeroChildren(1));
    }
    let f = |x: &BigRational| Pow::pow(BigRational::one() - x, b) - x;
    let (mut low, mut high) = (BigRational::zero(), BigRational::one());
    let two = BigRational::from_integer(BigInt::from(2));
    for _ in 0..BISECTION_STEPS {
        checkpoint();
        let middle = (low.clone() + high.clone()) / two.clone();
        if f(&middle) >= BigRational::zero() {
            low = middle;
        } else {
            high = middle;
        }
    }
    Ok(Bracket { low, high })
}

impl Bracket {
    /// The lower bound, rounded down to `f64` (still a lower bound).
    pub fn low_f64(&self) -> f64 {
        to_f64_below(&self.low)
    }

    /// The upper bound, rounded up to `f64` (still an upper bound).
    pub fn high_f64(&self) -> f64 {
        to_f64_above(&self.high)
    }
}

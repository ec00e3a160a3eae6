//! Tuck's curves for the two-step game (section 4.2, Figure 1; Tuck 1980).
//!
//! A wins on his roll with probability p; otherwise B rolls and wins with probability q, else
//! A wins. With the stake at 1, A may double before his roll. In the "our cube" situation
//! (centred cube) B, if not doubled, may double before his own roll; in "my cube" (A owns
//! the cube) he may not. After A's double B owns the cube, takes or passes, and may redouble
//! before his roll, when A takes or passes. The scan garbles the curves' formulas; the
//! fragments that survive ("8q − 3 over 8q − 2", "1 − …", the breakpoints 1/4, 1/2, 3/4)
//! agree with what the game gives, for 0 < p < 1 and 0 < q ≤ 1:
//!
//! - A doubles in "our cube" iff p > P_D(q): 0 for q ≤ 1/2, (4q − 2)/(4q − 1) for
//!   1/2 < q ≤ 3/4, and 1/2 above;
//! - A doubles in "my cube" iff p > P_R(q): 0 for q ≤ 1/2, (6q − 3)/(6q − 2) for
//!   1/2 < q ≤ 3/4, and (3 − 2q)/(4 − 2q) above;
//! - B takes A's double iff p ≤ P_Q(q): 0 for q ≤ 1/4, 1 − 1/(4q) for 1/4 < q ≤ 1/2,
//!   (8q − 3)/(8q − 2) for 1/2 < q ≤ 3/4, and 3/4 above.
//!
//! Each comes from B's one-step cube play on his roll (double when q > 1/2, A taking when
//! q ≤ 3/4) and from comparing A's expectations; `tests/tuck.rs` checks the classification
//! against a minimax over the game's decisions on a grid.
//!
//! ```
//! use backgammon_cube::tuck::{double_point, redouble_point};
//! use backgammon_cube::BigRational;
//! let q = BigRational::new(3.into(), 4.into());
//! assert_eq!(double_point(&q)?, BigRational::new(1.into(), 2.into()));
//! assert_eq!(redouble_point(&q)?, BigRational::new(3.into(), 5.into()));
//! # Ok::<(), backgammon_cube::tuck::TuckError>(())
//! ```

use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::cube::CubeDecisions;

/// A chance outside [0, 1].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TuckError {
    /// q (or p) must be a probability.
    #[error("{0} is not a probability in [0, 1]")]
    NotAProbability(BigRational),
}

fn fraction(numerator: i64, denominator: i64) -> BigRational {
    BigRational::new(numerator.into(), denominator.into())
}

fn check(chance: &BigRational) -> Result<(), TuckError> {
    if chance < &BigRational::zero() || chance > &BigRational::one() {
        return Err(TuckError::NotAProbability(chance.clone()));
    }
    Ok(())
}

/// (a·q + b) / (c·q + d).
fn linear_ratio(q: &BigRational, a: i64, b: i64, c: i64, d: i64) -> BigRational {
    (fraction(a, 1) * q + fraction(b, 1)) / (fraction(c, 1) * q + fraction(d, 1))
}

/// P_D(q), the double point: A doubles a centred cube ("our cube") when p > P_D(q).
///
/// # Errors
///
/// [`TuckError::NotAProbability`] for q outside [0, 1].
pub fn double_point(q: &BigRational) -> Result<BigRational, TuckError> {
    check(q)?;
    Ok(if q <= &fraction(1, 2) {
        BigRational::zero()
    } else if q <= &fraction(3, 4) {
        linear_ratio(q, 4, -2, 4, -1)
    } else {
        fraction(1, 2)
    })
}

/// P_R(q), the redouble point: A, owning the cube ("my cube"), doubles when p > P_R(q).
///
/// # Errors
///
/// [`TuckError::NotAProbability`] for q outside [0, 1].
pub fn redouble_point(q: &BigRational) -> Result<BigRational, TuckError> {
    check(q)?;
    Ok(if q <= &fraction(1, 2) {
        BigRational::zero()
    } else if q <= &fraction(3, 4) {
        linear_ratio(q, 6, -3, 6, -2)
    } else {
        linear_ratio(q, -2, 3, -2, 4)
    })
}

/// P_Q(q), B's take point: B takes A's double when p ≤ P_Q(q).
///
/// # Errors
///
/// [`TuckError::NotAProbability`] for q outside [0, 1].
pub fn take_point(q: &BigRational) -> Result<BigRational, TuckError> {
    check(q)?;
    Ok(if q <= &fraction(1, 4) {
        BigRational::zero()
    } else if q <= &fraction(1, 2) {
        BigRational::one() - BigRational::one() / (fraction(4, 1) * q)
    } else if q <= &fraction(3, 4) {
        linear_ratio(q, 8, -3, 8, -2)
    } else {
        fraction(3, 4)
    })
}

/// Figure 1's decisions at (p, q): double (a centred cube), redouble (an owned one), take, for 0 < p < 1 and 0 < q ≤ 1. On the edges p = 0,
/// p = 1 and q = 0 the game is decided (or A has no chance) and doubling is indifferent
/// where the curves' strict inequalities would say "double".
///
/// # Errors
///
/// [`TuckError::NotAProbability`] for p or q outside [0, 1].
pub fn decisions(p: &BigRational, q: &BigRational) -> Result<CubeDecisions, TuckError> {
    check(p)?;
    Ok(CubeDecisions {
        double: p > &double_point(q)?,
        redouble: p > &redouble_point(q)?,
        take: p <= &take_point(q)?,
    })
}

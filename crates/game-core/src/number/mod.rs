//! Exact and floating numbers: one closed form, two evaluations.
//!
//! A closed form written once over [`Real`] is evaluated both as `f64` (fast) and as an
//! exact [`BigRational`] (to check a published fraction exactly). The helpers here convert
//! between the two without loss, print a fraction and its decimal expansion, and decide
//! whether a value is consistent with a number printed at a given precision
//! ([`PrintedNumber`]).

mod printed;

use std::fmt::Debug;
use std::ops::Neg;

use num_traits::{Num, ToPrimitive, Zero};

/// The exact number types of the workspace's signatures, re-exported so that a caller needs
/// no dependency of its own (and no version of its own to keep in step) to use them:
/// `BigRational` is `num_rational::Ratio<BigInt>`.
///
/// ```
/// use game_core::number::{BigInt, BigRational};
/// let third = BigRational::new(BigInt::from(1), BigInt::from(3));
/// assert_eq!(third.to_string(), "1/3");
/// ```
pub use num_bigint::{BigInt, BigUint};
pub use num_rational::BigRational;
/// The traits that give the exact types their arithmetic (`One`, `Zero`, `Signed`, `Pow`, …).
pub use num_traits;

pub use printed::{PrintedNumber, Rounding, decimal_expansion};

use crate::game::Probability;

/// A number type a closed form can be evaluated in: `f64` or the exact [`BigRational`].
///
/// ```
/// use game_core::number::{Real, fraction};
///
/// /// Johnson's W_L = E / (1 − S·A) with S = 1 − E (Theorem 3.2), written once.
/// fn w_l<T: Real>(e: T, a: T) -> T {
///     let s = T::one() - e.clone();
///     e / (T::one() - s * a)
/// }
///
/// assert_eq!(w_l(fraction(1, 2).unwrap(), fraction(3, 4).unwrap()), fraction(4, 5).unwrap());
/// assert_eq!(w_l(0.5, 0.75), 0.8);
/// ```
pub trait Real: Clone + PartialOrd + Debug + Num + Neg<Output = Self> {
    /// The integer `value` in this type.
    fn from_i64(value: i64) -> Self;
    /// An exact probability in this type (rounded to nearest for `f64`).
    fn from_probability(probability: &Probability) -> Self;
    /// The nearest `f64` (named apart from `ToPrimitive::to_f64`, which returns an `Option`).
    fn nearest_f64(&self) -> f64;
}

impl Real for f64 {
    fn from_i64(value: i64) -> Self {
        value as f64
    }

    fn from_probability(probability: &Probability) -> Self {
        to_f64(&BigRational::new(
            BigInt::from(*probability.numer()),
            BigInt::from(*probability.denom()),
        ))
    }

    fn nearest_f64(&self) -> f64 {
        *self
    }
}

impl Real for BigRational {
    fn from_i64(value: i64) -> Self {
        BigRational::from_integer(BigInt::from(value))
    }

    fn from_probability(probability: &Probability) -> Self {
        BigRational::new(
            BigInt::from(*probability.numer()),
            BigInt::from(*probability.denom()),
        )
    }

    fn nearest_f64(&self) -> f64 {
        to_f64(self)
    }
}

/// A number could not be built.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum NumberError {
    /// A fraction with denominator zero.
    #[error("zero denominator in {numerator}/0")]
    ZeroDenominator {
        /// The numerator given.
        numerator: String,
    },
    /// NaN or an infinity has no exact value.
    #[error("{0} is not a finite number")]
    NotFinite(f64),
    /// A string that is not a decimal number or a fraction.
    #[error("cannot read {0:?} as a number")]
    Unreadable(String),
}

/// The fraction `numerator / denominator`, in lowest terms.
///
/// # Errors
///
/// [`NumberError::ZeroDenominator`] when `denominator` is 0.
///
/// ```
/// use game_core::number::fraction;
/// assert_eq!(fraction(14, 18).unwrap().to_string(), "7/9");
/// assert!(fraction(1, 0).is_err());
/// ```
pub fn fraction(numerator: i64, denominator: i64) -> Result<BigRational, NumberError> {
    if denominator == 0 {
        return Err(NumberError::ZeroDenominator {
            numerator: numerator.to_string(),
        });
    }
    Ok(BigRational::new(
        BigInt::from(numerator),
        BigInt::from(denominator),
    ))
}

/// The `f64` nearest to an exact fraction (correctly rounded; ±∞ beyond the `f64` range).
#[must_use]
pub fn to_f64(value: &BigRational) -> f64 {
    ToPrimitive::to_f64(value).unwrap_or(if value.is_zero() {
        0.0
    } else if *value.numer() > BigInt::zero() {
        f64::INFINITY
    } else {
        f64::NEG_INFINITY
    })
}

/// The largest `f64` at most `value`: a lower bound that stays a lower bound in `f64`.
///
/// ```
/// use game_core::number::{fraction, to_f64_below};
/// let third = fraction(1, 3).unwrap();
/// assert!(to_f64_below(&third) <= 1.0 / 3.0);
/// ```
#[must_use]
pub fn to_f64_below(value: &BigRational) -> f64 {
    let nearest = to_f64(value);
    if BigRational::from_float(nearest).is_some_and(|x| x > *value) {
        nearest.next_down()
    } else {
        nearest
    }
}

/// The smallest `f64` at least `value`: an upper bound that stays an upper bound in `f64`.
///
/// ```
/// use game_core::number::{fraction, to_f64_above, to_f64_below};
/// let third = fraction(1, 3).unwrap();
/// assert!(to_f64_below(&third) < to_f64_above(&third));
/// ```
#[must_use]
pub fn to_f64_above(value: &BigRational) -> f64 {
    let nearest = to_f64(value);
    if BigRational::from_float(nearest).is_some_and(|x| x < *value) {
        nearest.next_up()
    } else {
        nearest
    }
}

/// The exact value of a finite `f64` as a fraction (every finite `f64` is a dyadic rational).
///
/// # Errors
///
/// [`NumberError::NotFinite`] for NaN and the infinities.
pub fn from_f64(value: f64) -> Result<BigRational, NumberError> {
    BigRational::from_float(value).ok_or(NumberError::NotFinite(value))
}

/// A fraction as `p/q` in lowest terms, or as an integer when `q = 1`.
///
/// ```
/// use game_core::number::{format_fraction, fraction};
/// assert_eq!(format_fraction(&fraction(-6, 4).unwrap()), "-3/2");
/// assert_eq!(format_fraction(&fraction(6, 3).unwrap()), "2");
/// ```
#[must_use]
pub fn format_fraction(value: &BigRational) -> String {
    if value.is_integer() {
        value.numer().to_string()
    } else {
        format!("{}/{}", value.numer(), value.denom())
    }
}

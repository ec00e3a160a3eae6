//! Numbers as papers print them: a decimal at some precision, or an exact fraction.

use std::fmt;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use super::NumberError;

/// How a printed decimal was obtained from the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// Rounded to the nearest printed digit. A value exactly halfway between two printed
    /// numbers is taken to be consistent with both, since papers rarely say how they broke ties.
    Nearest,
    /// Truncated toward zero (digits beyond the last printed one dropped).
    Truncate,
}

/// `value` written with `places` digits after the decimal point, exactly rounded.
///
/// Ties under [`Rounding::Nearest`] go away from zero.
///
/// ```
/// use game_core::number::{Rounding, decimal_expansion, fraction};
/// let two_thirds = fraction(2, 3).unwrap();
/// assert_eq!(decimal_expansion(&two_thirds, 4, Rounding::Nearest), "0.6667");
/// assert_eq!(decimal_expansion(&two_thirds, 4, Rounding::Truncate), "0.6666");
/// assert_eq!(decimal_expansion(&fraction(-1, 8).unwrap(), 2, Rounding::Nearest), "-0.13");
/// ```
#[must_use]
pub fn decimal_expansion(value: &BigRational, places: u32, rounding: Rounding) -> String {
    let scale = BigInt::from(10u32).pow(places);
    let scaled = value.abs() * BigRational::from_integer(scale.clone());
    let digits = match rounding {
        Rounding::Truncate => scaled.to_integer(),
        Rounding::Nearest => {
            let half = BigRational::new(BigInt::one(), BigInt::from(2));
            (scaled + half).floor().to_integer()
        }
    };
    let (whole, fractional) = digits.div_rem(&scale);
    let sign = if value.is_negative() && !digits.is_zero() {
        "-"
    } else {
        ""
    };
    if places == 0 {
        format!("{sign}{whole}")
    } else {
        let fractional = fractional.to_string();
        let padding = "0".repeat(places as usize - fractional.len());
        format!("{sign}{whole}.{padding}{fractional}")
    }
}

/// A number as printed in a paper: its exact value as written and how many decimals it
/// shows, or an exact fraction such as `7/9`.
///
/// The precision of a printed decimal defines which true values it is consistent with: under
/// [`Rounding::Nearest`], `.3333` stands for any value within 0.00005 of 0.3333; under
/// [`Rounding::Truncate`], for any value in \[0.3333, 0.3334).
///
/// ```
/// use game_core::number::{PrintedNumber, Rounding, fraction};
/// let printed: PrintedNumber = ".3333".parse().unwrap();
/// assert_eq!(printed.decimals(), Some(4));
/// assert!(printed.admits(&fraction(1, 3).unwrap(), Rounding::Nearest));
/// assert!(!printed.admits(&fraction(3334, 10_000).unwrap(), Rounding::Truncate));
///
/// let exact: PrintedNumber = "7/9".parse().unwrap();
/// assert!(exact.admits(&fraction(14, 18).unwrap(), Rounding::Nearest));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintedNumber {
    value: BigRational,
    decimals: Option<u32>,
}

impl PrintedNumber {
    /// The value exactly as written (0.3333 for `.3333`).
    pub fn value(&self) -> &BigRational {
        &self.value
    }

    /// Digits after the decimal point (0 for an integer), or `None` for a fraction, which is
    /// exact.
    pub fn decimals(&self) -> Option<u32> {
        self.decimals
    }

    /// One unit in the last printed place (10^−decimals); zero for an exact fraction.
    pub fn unit_in_last_place(&self) -> BigRational {
        match self.decimals {
            Some(places) => BigRational::new(BigInt::one(), BigInt::from(10u32).pow(places)),
            None => BigRational::zero(),
        }
    }

    /// Whether the exact value `x` would be printed as this number under `rounding`.
    ///
    /// Integers are read as exact counts: `15` admits only 15, whatever the rounding.
    pub fn admits(&self, x: &BigRational, rounding: Rounding) -> bool {
        self.admits_interval(x, x, rounding)
    }

    /// Whether some value of the interval \[`low`, `high`\] would be printed as this number
    /// under `rounding`: the test for a value known only within rigorous bounds.
    pub fn admits_interval(
        &self,
        low: &BigRational,
        high: &BigRational,
        rounding: Rounding,
    ) -> bool {
        let (cell_low, cell_high, high_open) = self.cell(rounding);
        let below = if high_open {
            *low >= cell_high
        } else {
            *low > cell_high
        };
        let above = *high < cell_low;
        !(below || above)
    }

    /// The set of values printed as this number: (low, high, whether high is excluded), with
    /// low always included.
    fn cell(&self, rounding: Rounding) -> (BigRational, BigRational, bool) {
        let p = self.value.clone();
        // Fractions and integers without a decimal point (tree sizes, pip counts) are exact.
        if matches!(self.decimals, None | Some(0)) {
            return (p.clone(), p, false);
        }
        let ulp = self.unit_in_last_place();
        match rounding {
            Rounding::Nearest => {
                let half = ulp / BigInt::from(2);
                (p.clone() - half.clone(), p + half, false)
            }
            Rounding::Truncate if p.is_zero() => (-ulp.clone(), ulp, true),
            Rounding::Truncate if p.is_negative() => (p.clone() - ulp, p, false),
            Rounding::Truncate => (p.clone(), p + ulp, true),
        }
    }
}

impl std::str::FromStr for PrintedNumber {
    type Err = NumberError;

    /// Reads `15`, `-1`, `0.72435`, `.3333`, `-.5` or a fraction `7/9`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let unreadable = || NumberError::Unreadable(text.to_string());
        let trimmed = text.trim();
        if let Some((numerator, denominator)) = trimmed.split_once('/') {
            let numerator: BigInt = numerator.trim().parse().map_err(|_| unreadable())?;
            let denominator: BigInt = denominator.trim().parse().map_err(|_| unreadable())?;
            if denominator.is_zero() {
                return Err(NumberError::ZeroDenominator {
                    numerator: numerator.to_string(),
                });
            }
            return Ok(PrintedNumber {
                value: BigRational::new(numerator, denominator),
                decimals: None,
            });
        }
        let (negative, unsigned) = match trimmed.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, trimmed),
        };
        let (whole, fractional) = unsigned.split_once('.').unwrap_or((unsigned, ""));
        let all_digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
        if whole.is_empty() && fractional.is_empty()
            || !all_digits(whole)
            || !all_digits(fractional)
            || unsigned.ends_with('.')
        {
            return Err(unreadable());
        }
        let places = u32::try_from(fractional.len()).map_err(|_| unreadable())?;
        let digits: BigInt = format!("{whole}{fractional}")
            .parse()
            .map_err(|_| unreadable())?;
        let magnitude = BigRational::new(digits, BigInt::from(10u32).pow(places));
        Ok(PrintedNumber {
            value: if negative { -magnitude } else { magnitude },
            decimals: Some(places),
        })
    }
}

impl fmt::Display for PrintedNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.decimals {
            None => write!(f, "{}", super::format_fraction(&self.value)),
            Some(places) => f.write_str(&decimal_expansion(&self.value, places, Rounding::Nearest)),
        }
    }
}

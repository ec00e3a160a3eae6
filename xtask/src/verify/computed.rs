//! What the library computed for a printed number: an exact fraction, a rigorous interval,
//! a procedure's result beside the true value, a Monte Carlo estimate or a text entry.

use game_core::number::{Rounding, decimal_expansion, format_fraction, to_f64};
use num_rational::BigRational;

/// What the note of a procedure's result says when the true value would print differently
/// from the paper (the docs list those cells).
pub const TRUE_VALUE_DIFFERS: &str = "the true value prints differently";

/// The decimals to which the docs show the true value behind a procedure's result.
const TRUE_VALUE_PLACES: u32 = 9;

/// A value computed by a library crate for one printed number.
#[derive(Debug, Clone, PartialEq)]
pub enum Computed {
    /// An exact rational value.
    Exact(BigRational),
    /// A real value known to lie in \[low, high\] (a truncated series with its tail bound, a
    /// certified root).
    Bounded {
        /// The best estimate.
        value: f64,
        /// Rigorous lower bound.
        low: BigRational,
        /// Rigorous upper bound.
        high: BigRational,
    },
    /// A number the source obtained by an approximate procedure (Johnson's sum of ten terms
    /// plus a correction factor): what the procedure gives, which is judged against the
    /// print, and the true value, known to lie in \[low, high\].
    Procedure {
        /// The procedure's result, exactly.
        procedure: BigRational,
        /// Rigorous lower bound on the true value.
        low: BigRational,
        /// Rigorous upper bound on the true value.
        high: BigRational,
    },
    /// A Monte Carlo estimate.
    Estimate {
        /// The sample mean.
        mean: f64,
        /// Its standard error.
        standard_error: f64,
        /// The number of samples.
        n_samples: u64,
        /// The seed.
        seed: u64,
    },
    /// A non-numeric entry: W/L/?, a move, a ranking.
    Text(String),
    /// Any one of several entries is right, such as one of the winning moves of a position.
    OneOf(Vec<String>),
    /// A claim judged from evidence, such as an experiment's result: what the evidence
    /// says, compared as text, and the evidence itself, shown in the row's note.
    Claim {
        /// What the evidence says, in the words of the transcription when it bears the
        /// claim out.
        statement: String,
        /// The evidence: the lines of games, their shares and z-scores.
        evidence: String,
    },
}

impl Computed {
    /// An exact integer, such as a node count.
    pub fn count(value: u64) -> Computed {
        Computed::Exact(BigRational::from_integer(value.into()))
    }

    /// The value as a number for the JSON output, or `None` for text.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Computed::Exact(value)
            | Computed::Procedure {
                procedure: value, ..
            } => Some(to_f64(value)),
            Computed::Bounded { value, .. } => Some(*value),
            Computed::Estimate { mean, .. } => Some(*mean),
            Computed::Text(_) | Computed::OneOf(_) | Computed::Claim { .. } => None,
        }
    }

    /// The exact fraction, when there is one.
    pub fn exact(&self) -> Option<String> {
        match self {
            Computed::Exact(value) => Some(format_fraction(value)),
            Computed::Procedure { low, high, .. } => Some(format!(
                "[{}, {}]",
                decimal_expansion(low, TRUE_VALUE_PLACES, Rounding::Truncate),
                decimal_expansion(high, TRUE_VALUE_PLACES, Rounding::Truncate)
            )),
            _ => None,
        }
    }

    /// A short human-readable rendering, with `decimals` digits for numbers (or the number's
    /// natural form when `None`).
    pub fn display(&self, decimals: Option<u32>) -> String {
        match self {
            Computed::Exact(value) if value.is_integer() => value.numer().to_string(),
            Computed::Exact(value) => match decimals {
                Some(places) => decimal_expansion(value, places, Rounding::Nearest),
                None => format_fraction(value),
            },
            Computed::Procedure { procedure, .. } => decimal_expansion(
                procedure,
                decimals.unwrap_or(TRUE_VALUE_PLACES),
                Rounding::Nearest,
            ),
            Computed::Bounded { value, .. } => {
                format!("{value:.*}", decimals.unwrap_or(12) as usize)
            }
            Computed::Estimate {
                mean,
                standard_error,
                ..
            } => {
                let places = decimals.unwrap_or(5) as usize;
                format!("{mean:.places$} ± {standard_error:.places$}")
            }
            Computed::Text(text)
            | Computed::Claim {
                statement: text, ..
            } => text.clone(),
            Computed::OneOf(choices) => choices.join(" or "),
        }
    }
}

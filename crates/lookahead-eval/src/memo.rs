//! The memo's strategies by name, and what its tables hold for each one: the printout of
//! Johnson's own procedure beside the true value.

use solitaire::strategies::{BothBranches, HighChain, LowChain, NoStrat, Strat};
use solitaire::{Branch, Form, Strategy};

use crate::appendix_a::{self, Printout, output, unlimited_value};
use crate::params::{EvaluationError, Parameters};
use crate::series::{Evaluation, evaluate};

/// The look-ahead strategies of chapters 2 and 4, by the names the memo's tables use;
/// [`strategy`] also knows NOSTRAT and STRAT.
pub const LOOK_AHEAD: [&str; 7] = [
    "LSTRAT",
    "HSTRAT",
    "BSTRAT",
    "2LSTRAT",
    "2HSTRAT",
    "∞LSTRAT",
    "∞HSTRAT",
];

/// Every (*E*, *A*) of Tables 4.1, 4.4 and 4.5, once each, as (numerator, denominator)
/// pairs (the memo's .66667 is 2/3).
pub const TABLE_POINTS: [((i64, i64), (i64, i64)); 12] = [
    ((1, 2), (1, 2)),
    ((1, 2), (2, 3)),
    ((1, 2), (3, 4)),
    ((1, 2), (9, 10)),
    ((1, 2), (19, 20)),
    ((1, 2), (99, 100)),
    ((3, 4), (1, 2)),
    ((9, 10), (1, 2)),
    ((99, 100), (1, 2)),
    ((1, 4), (3, 4)),
    ((3, 4), (3, 4)),
    ((9, 10), (3, 4)),
];

/// The strategy the memo calls `name`: NOSTRAT, STRAT or one of [`LOOK_AHEAD`].
///
/// # Errors
///
/// [`EvaluationError::UnknownStrategy`] for any other name.
pub fn strategy(name: &str) -> Result<Box<dyn Strategy>, EvaluationError> {
    let chain_error = |_| EvaluationError::UnknownStrategy(name.to_string());
    Ok(match name {
        "NOSTRAT" => Box::new(NoStrat),
        "STRAT" => Box::new(Strat),
        "BSTRAT" => Box::new(BothBranches),
        "LSTRAT" => Box::new(LowChain::new(1).map_err(chain_error)?),
        "2LSTRAT" => Box::new(LowChain::new(2).map_err(chain_error)?),
        "HSTRAT" => Box::new(HighChain::new(1).map_err(chain_error)?),
        "2HSTRAT" => Box::new(HighChain::new(2).map_err(chain_error)?),
        "∞LSTRAT" => Box::new(LowChain::unlimited()),
        "∞HSTRAT" => Box::new(HighChain::unlimited()),
        _ => return Err(EvaluationError::UnknownStrategy(name.to_string())),
    })
}

/// One strategy at one (*E*, *A*) in TSI: what the memo's procedure prints and the truth.
#[derive(Debug, Clone, PartialEq)]
pub struct Reproduction {
    /// OUTPUT's printout of the memo's ten terms: the Appendix A program where its listing
    /// is legible (LSTRAT, HSTRAT, BSTRAT, ∞LSTRAT, ∞HSTRAT), else the exact terms, which
    /// a correct program computes.
    pub printout: Printout,
    /// The true chance of winning, to the precision asked for.
    pub exact: Evaluation,
}

/// The memo's procedure and the true value for the strategy `name` over `params`.
///
/// # Errors
///
/// [`EvaluationError::UnknownStrategy`], and the errors of [`evaluate`] and [`output`].
///
/// # Examples
///
/// ```
/// use game_core::number::{fraction, to_f64};
/// use lookahead_eval::{Parameters, memo::reproduce};
///
/// // Table 4.4 at E = .25, A = .75: BSTRAT prints .54486, but its true value rounds to .54489.
/// let params = Parameters::new(fraction(1, 4).unwrap(), fraction(3, 4).unwrap()).unwrap();
/// let bstrat = reproduce("BSTRAT", &params, 1e-13).unwrap();
/// assert_eq!(format!("{:.5}", to_f64(&bstrat.printout.total)), "0.54486");
/// assert_eq!(format!("{:.5}", bstrat.exact.value()), "0.54489");
/// ```
pub fn reproduce(
    name: &str,
    params: &Parameters,
    precision: f64,
) -> Result<Reproduction, EvaluationError> {
    let exact = match name {
        "∞LSTRAT" => unlimited_value(params, Branch::Low, precision)?,
        "∞HSTRAT" => unlimited_value(params, Branch::High, precision)?,
        _ => evaluate(&*strategy(name)?, Form::Independent, params, precision)?,
    };
    let terms = match name {
        "LSTRAT" => appendix_a::lstrat(params),
        "HSTRAT" => appendix_a::hstrat(params),
        "BSTRAT" => appendix_a::bstrat(params),
        "∞LSTRAT" => appendix_a::unlimited_lstrat(params),
        "∞HSTRAT" => appendix_a::unlimited_hstrat(params),
        _ => exact.per_move.clone(),
    };
    Ok(Reproduction {
        printout: output(&terms)?,
        exact,
    })
}

//! What the memo's tables hold for each strategy it names: the printout of Johnson's own
//! procedure beside the true value, at the (*E*, *A*) of Tables 4.1, 4.4 and 4.5.

use num_rational::BigRational;
use solitaire::StrategyName;
use tree_gen::GameClass;

use crate::appendix_a::{self, Printout, ProcedureError, output};
use crate::series::Evaluation;
use crate::value::{ValueError, independent};

/// Why a strategy's entry in the memo's tables could not be reproduced.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ReproduceError {
    /// The true value could not be computed (B'STRAT and H'STRAT, which use values, have
    /// none: the memo estimates them by Monte Carlo).
    #[error(transparent)]
    Value(#[from] ValueError),
    /// Johnson's procedure could not be applied to the terms.
    #[error(transparent)]
    Procedure(#[from] ProcedureError),
}

/// The look-ahead strategies of chapters 2 and 4, in the order the memo's tables use.
pub const LOOK_AHEAD: [StrategyName; 7] = [
    StrategyName::LStrat,
    StrategyName::HStrat,
    StrategyName::BStrat,
    StrategyName::TwoLStrat,
    StrategyName::TwoHStrat,
    StrategyName::UnlimitedLStrat,
    StrategyName::UnlimitedHStrat,
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
/// [`ReproduceError::Value`] with the errors of [`independent`] (B'STRAT and H'STRAT have
/// no exact value), [`ReproduceError::Procedure`] with those of [`output`].
///
/// # Examples
///
/// ```
/// use lookahead_eval::number::{fraction, to_f64};
/// use lookahead_eval::{GameClass, tables::reproduce};
/// use lookahead_eval::StrategyName;
///
/// // Table 4.4 at E = .25, A = .75: BSTRAT prints .54486, but its true value rounds to .54489.
/// let params = GameClass::new(fraction(1, 4).unwrap(), fraction(3, 4).unwrap()).unwrap();
/// let bstrat = reproduce(StrategyName::BStrat, &params, 1e-13).unwrap();
/// assert_eq!(format!("{:.5}", to_f64(&bstrat.printout.total)), "0.54486");
/// assert_eq!(format!("{:.5}", bstrat.exact.value()), "0.54489");
/// ```
pub fn reproduce(
    name: StrategyName,
    params: &GameClass<BigRational>,
    precision: f64,
) -> Result<Reproduction, ReproduceError> {
    let exact = independent(name, params, precision)?;
    let terms = match name {
        StrategyName::LStrat => appendix_a::lstrat(params),
        StrategyName::HStrat => appendix_a::hstrat(params),
        StrategyName::BStrat => appendix_a::bstrat(params),
        StrategyName::UnlimitedLStrat => appendix_a::unlimited_lstrat(params),
        StrategyName::UnlimitedHStrat => appendix_a::unlimited_hstrat(params),
        _ => exact.per_move.clone(),
    };
    Ok(Reproduction {
        printout: output(&terms)?,
        exact,
    })
}

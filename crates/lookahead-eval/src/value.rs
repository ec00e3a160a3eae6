//! *W* for a strategy the memo names, by the fastest exact route for its form.
//!
//! | form | strategy | route |
//! |---|---|---|
//! | TSI | ∞LSTRAT, ∞HSTRAT | the memo's LLIMIT and HLIMIT recursions ([`unlimited_value`]): their diagrams have no end |
//! | TSI | the other ordinal strategies | the diagram method ([`evaluate`]) |
//! | TSD | those with a closed form ([`closed_form`]) | the closed form |
//! | TSD | the other ordinal strategies | the finite linear system ([`dependent_value`]) |
//!
//! B'STRAT and H'STRAT look at values, so only Monte Carlo estimates them (as the memo does).
//!
//! The cost in TSI grows with the moves the series needs to reach the precision, most as *A*
//! nears 1 or *E* nears 0, and with the size of the fractions; it is bounded by
//! [`MAX_MOVES`] moves. Measured (width 1e-12): LSTRAT at *E* = 1/2, *A* = 3/4 takes a
//! millisecond; at *E* = 1/10, *A* = 999/1000 about 35 s. In TSD every route takes
//! milliseconds.

use num_rational::BigRational;
use solitaire::{Branch, Form, StrategyName};
use tree_gen::GameClass;

use crate::appendix_a::unlimited_value;
use crate::closed_form;
use crate::dependent::{DependentError, dependent_value};
#[cfg(doc)]
use crate::series::MAX_MOVES;
use crate::series::{Evaluation, SeriesError, evaluate};

/// Why *W* could not be computed for a named strategy.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ValueError {
    /// The strategy looks at values: the memo estimates it by Monte Carlo only.
    #[error(
        "{0} uses values; only ordinal strategies have an exact W (the memo estimates it by Monte Carlo)"
    )]
    NotOrdinal(StrategyName),
    /// The series of TSI could not be summed to the precision asked for.
    #[error(transparent)]
    Series(#[from] SeriesError),
    /// The linear system of TSD could not be built.
    #[error(transparent)]
    Dependent(#[from] DependentError),
    /// A ranking of no strategies.
    #[error("no strategies to rank")]
    NoStrategies,
}

fn ordinal(name: StrategyName) -> Result<Box<dyn solitaire::Strategy>, ValueError> {
    name.ordinal_strategy().ok_or(ValueError::NotOrdinal(name))
}

/// *W* in TSI with its terms *D(1)*, *D(2)*, …, to within `precision`.
///
/// # Errors
///
/// [`ValueError::NotOrdinal`] for B'STRAT and H'STRAT; [`ValueError::Series`] with the
/// errors of [`evaluate`] and [`unlimited_value`].
///
/// # Examples
///
/// ```
/// use lookahead_eval::number::fraction;
/// use lookahead_eval::{GameClass, value::independent};
/// use lookahead_eval::StrategyName;
///
/// let params = GameClass::new(fraction(1, 2).unwrap(), fraction(3, 4).unwrap()).unwrap();
/// let w = independent(StrategyName::UnlimitedLStrat, &params, 1e-13).unwrap();
/// // Table 4.4: W for ∞LSTRAT is .73324 at E = .5, A = .75.
/// assert!((w.value() - 0.73324).abs() < 5e-6);
/// ```
pub fn independent(
    name: StrategyName,
    params: &GameClass<BigRational>,
    precision: f64,
) -> Result<Evaluation, ValueError> {
    let unlimited = |chain| unlimited_value(params, chain, precision).map_err(SeriesError::from);
    Ok(match name {
        StrategyName::UnlimitedLStrat => unlimited(Branch::Low)?,
        StrategyName::UnlimitedHStrat => unlimited(Branch::High)?,
        _ => evaluate(&*ordinal(name)?, Form::Independent, params, precision)?,
    })
}

/// *W* in TSD, exactly.
///
/// # Errors
///
/// [`ValueError::NotOrdinal`] for B'STRAT and H'STRAT; [`ValueError::Dependent`] with the
/// errors of [`dependent_value`].
///
/// # Examples
///
/// ```
/// use lookahead_eval::number::fraction;
/// use lookahead_eval::{GameClass, value::dependent};
/// use lookahead_eval::StrategyName;
///
/// // Theorem 3.1: HSTRAT wins TSD with chance 7/9 at E = 1/2, A = 3/4.
/// let params = GameClass::new(fraction(1, 2).unwrap(), fraction(3, 4).unwrap()).unwrap();
/// assert_eq!(dependent(StrategyName::HStrat, &params).unwrap(), fraction(7, 9).unwrap());
/// ```
pub fn dependent(
    name: StrategyName,
    params: &GameClass<BigRational>,
) -> Result<BigRational, ValueError> {
    let (e, a) = (params.e(), params.a());
    Ok(match name {
        StrategyName::NoStrat => closed_form::nostrat(e),
        StrategyName::Strat => closed_form::strat(e, a),
        StrategyName::LStrat => closed_form::lstrat(e, a),
        StrategyName::HStrat => closed_form::hstrat(e, a),
        StrategyName::BStrat => closed_form::bstrat(e, a),
        StrategyName::UnlimitedLStrat => closed_form::unlimited_lstrat(e, a),
        StrategyName::UnlimitedHStrat => closed_form::unlimited_hstrat(e, a),
        _ => dependent_value(&*ordinal(name)?, params)?,
    })
}

/// An interval \[lower, upper\] that holds *W*: of width at most `precision` in TSI (the
/// series with its tail bound), a single point in TSD.
///
/// # Errors
///
/// As [`independent`] and [`dependent`].
pub fn win_interval(
    name: StrategyName,
    form: Form,
    params: &GameClass<BigRational>,
    precision: f64,
) -> Result<(BigRational, BigRational), ValueError> {
    match form {
        Form::Independent => {
            let w = independent(name, params, precision)?;
            Ok((w.lower, w.upper))
        }
        Form::Dependent => {
            let w = dependent(name, params)?;
            Ok((w.clone(), w))
        }
    }
}

/// The precisions at which [`best_strategies`] refines the TSI intervals of strategies
/// whose intervals still overlap; those overlapping at the last are tied.
pub const RANKING_PRECISIONS: [f64; 3] = [1e-3, 1e-6, 1e-9];

/// The strategies of `candidates` that win most in `form` at `params`, in `candidates`'
/// order: one, or those tied (TSD: exactly equal; TSI: intervals of width 10⁻⁹ that still
/// overlap). A strategy is set aside as soon as its upper bound lies below another's lower
/// bound, so the answer is rigorous; only the close ones are evaluated to the finer
/// precisions.
///
/// # Errors
///
/// [`ValueError::NoStrategies`] for no candidates; otherwise as [`win_interval`].
///
/// # Examples
///
/// ```
/// use lookahead_eval::number::fraction;
/// use lookahead_eval::GameClass;
/// use lookahead_eval::value::best_strategies;
/// use lookahead_eval::{Form, StrategyName};
///
/// let class = GameClass::new(fraction(1, 2)?, fraction(3, 4)?)?;
/// let best = best_strategies(&StrategyName::RANKED, Form::Dependent, &class)?;
/// assert_eq!(best.len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn best_strategies(
    candidates: &[StrategyName],
    form: Form,
    params: &GameClass<BigRational>,
) -> Result<Vec<StrategyName>, ValueError> {
    let mut candidates = candidates.to_vec();
    for precision in RANKING_PRECISIONS {
        let intervals = candidates
            .iter()
            .map(|&name| Ok((name, win_interval(name, form, params, precision)?)))
            .collect::<Result<Vec<_>, ValueError>>()?;
        let best_lower = intervals
            .iter()
            .map(|(_, (lower, _))| lower)
            .max()
            .ok_or(ValueError::NoStrategies)?
            .clone();
        candidates = intervals
            .into_iter()
            .filter(|(_, (_, upper))| *upper >= best_lower)
            .map(|(name, _)| name)
            .collect();
        if candidates.len() == 1 || form == Form::Dependent {
            break;
        }
    }
    Ok(candidates)
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::number::fraction;

    /// The best at (1/2, 3/4) is a winner of every pairwise comparison, and no strategies
    /// is an error.
    #[test]
    fn the_best_strategies_win_every_comparison() {
        let params = class((1, 2), (3, 4));
        for form in [Form::Dependent, Form::Independent] {
            let best = best_strategies(&StrategyName::RANKED, form, &params).unwrap();
            assert!(!best.is_empty());
            let (low, _) = win_interval(best[0], form, &params, 1e-9).unwrap();
            for other in StrategyName::RANKED {
                let (_, high) = win_interval(other, form, &params, 1e-9).unwrap();
                assert!(best.contains(&other) || high < low, "{form:?}: {other}");
            }
        }
        assert_eq!(
            best_strategies(&[], Form::Dependent, &params),
            Err(ValueError::NoStrategies)
        );
    }

    fn class(e: (i64, i64), a: (i64, i64)) -> GameClass<BigRational> {
        GameClass::new(fraction(e.0, e.1).unwrap(), fraction(a.0, a.1).unwrap()).unwrap()
    }

    #[test]
    fn in_tsd_each_closed_form_equals_the_linear_system() {
        let params = class((1, 3), (2, 3));
        for name in StrategyName::ALL {
            let Some(strategy) = name.ordinal_strategy() else {
                assert_eq!(dependent(name, &params), Err(ValueError::NotOrdinal(name)));
                continue;
            };
            let exact = dependent(name, &params).unwrap();
            match dependent_value(&*strategy, &params) {
                Ok(system) => assert_eq!(exact, system, "{name}"),
                // The unlimited chains have no finite system: their closed forms are
                // checked against the exact diagram in closed_form's tests.
                Err(DependentError::NotFinite(_)) => assert!(matches!(
                    name,
                    StrategyName::UnlimitedLStrat | StrategyName::UnlimitedHStrat
                )),
                Err(other) => panic!("{name}: {other}"),
            }
        }
    }

    #[test]
    fn every_ordinal_strategy_has_an_interval_in_both_forms() {
        let params = class((1, 2), (3, 4));
        for name in StrategyName::ALL
            .into_iter()
            .filter(|n| n.ordinal_strategy().is_some())
        {
            let (low, high) = win_interval(name, Form::Independent, &params, 1e-12).unwrap();
            assert!(low <= high && game_core::number::to_f64(&(&high - &low)) <= 1e-12);
            let (low, high) = win_interval(name, Form::Dependent, &params, 1e-12).unwrap();
            assert_eq!(low, high);
        }
    }
}

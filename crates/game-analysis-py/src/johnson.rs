//! `game_analysis._native.johnson`: Johnson's Tree Solitaire, from `lookahead_eval`.

use game_core::number::{to_f64_above, to_f64_below};
use lookahead_eval::value::{dependent, win_interval};
use num_bigint::BigInt;
use num_rational::BigRational;
use pyo3::prelude::*;
use solitaire::{Form, StrategyName};
use tree_gen::GameClass;

use crate::{Float, JohnsonError, fraction, interruptible, pair, raise};

/// The narrowest interval asked for: the floats returned cannot show a narrower one (W is
/// near 1/2, where doubles are 1.1e-16 apart), and the exact series slows sharply below.
const MIN_TOL: f64 = 1e-15;

/// The memo's strategy `name`, exactly as the memo spells it.
fn named(name: &str) -> PyResult<StrategyName> {
    name.parse().map_err(raise::<JohnsonError>)
}

/// The most bits of E's and A's numerators and denominators: every term of the series is a
/// fraction in E and A, so their size multiplies the cost (30 digits take 0.4 s for
/// HSTRAT where 1/2 takes a millisecond); the memo's values have one or two digits.
const MAX_FRACTION_BITS: u64 = 64;

fn class(e: (BigInt, BigInt), a: (BigInt, BigInt)) -> PyResult<GameClass<BigRational>> {
    for (name, (numerator, denominator)) in [("E", &e), ("A", &a)] {
        if numerator.bits().max(denominator.bits()) > MAX_FRACTION_BITS {
            return Err(raise::<JohnsonError>(format!(
                "{name} = {numerator}/{denominator}: numerator and denominator must fit in {MAX_FRACTION_BITS} bits"
            )));
        }
    }
    let (e, a) = (
        fraction::<JohnsonError>("E", e)?,
        fraction::<JohnsonError>("A", a)?,
    );
    GameClass::new(e, a).map_err(raise::<JohnsonError>)
}

/// The memo's strategy names, in its spelling.
#[pyfunction]
fn strategies() -> Vec<&'static str> {
    StrategyName::ALL.iter().map(|name| name.as_str()).collect()
}

/// W for `strategy` over the games of class (E, A) with constant split ratio A, in the form
/// `form` ("TSI" or "TSD"): an interval (low, high) of width at most `tol` (1e-15 at the
/// least) that holds the exact value, its ends rounded outward to floats.
#[pyfunction]
#[pyo3(signature = (strategy, e, a, form = "TSI", tol = Float(1e-12)))]
fn win_probability(
    py: Python<'_>,
    strategy: &str,
    e: (BigInt, BigInt),
    a: (BigInt, BigInt),
    form: &str,
    tol: Float,
) -> PyResult<(f64, f64)> {
    let Float(tol) = tol;
    let strategy = named(strategy)?;
    let params = class(e, a)?;
    let form = match form {
        "TSI" => Form::Independent,
        "TSD" => Form::Dependent,
        other => {
            return Err(raise::<JohnsonError>(format!(
                "form {other:?}: expected \"TSI\" or \"TSD\""
            )));
        }
    };
    if !(MIN_TOL..1.0).contains(&tol) {
        return Err(raise::<JohnsonError>(format!(
            "tol = {tol}: expected {MIN_TOL} <= tol < 1"
        )));
    }
    let (lower, upper) = interruptible(py, move || win_interval(strategy, form, &params, tol))?
        .map_err(raise::<JohnsonError>)?;
    Ok((to_f64_below(&lower), to_f64_above(&upper)))
}

/// W for `strategy` in the dependent form TSD, exactly: the memo's chapter 3 closed forms and
/// the exact linear system of the dependent game for the others.
#[pyfunction]
fn dependent_win_probability(
    py: Python<'_>,
    strategy: &str,
    e: (BigInt, BigInt),
    a: (BigInt, BigInt),
) -> PyResult<(BigInt, BigInt)> {
    let strategy = named(strategy)?;
    let params = class(e, a)?;
    let value =
        interruptible(py, move || dependent(strategy, &params))?.map_err(raise::<JohnsonError>)?;
    Ok(pair(&value))
}

pub fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let module = PyModule::new(py, "johnson")?;
    module.add_function(wrap_pyfunction!(strategies, &module)?)?;
    module.add_function(wrap_pyfunction!(win_probability, &module)?)?;
    module.add_function(wrap_pyfunction!(dependent_win_probability, &module)?)?;
    Ok(module)
}

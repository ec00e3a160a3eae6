//! `game_analysis._native.johnson`: Johnson's Tree Solitaire, from `lookahead_eval`.

use game_core::number::{to_f64_above, to_f64_below};
use lookahead_eval::dependent::dependent_value;
use lookahead_eval::series::evaluate;
use num_bigint::BigInt;
use num_rational::BigRational;
use pyo3::prelude::*;
use solitaire::{Form, Strategy, StrategyName};
use tree_gen::GameClass;

use crate::{JohnsonError, fraction, interruptible, pair, raise};

/// The narrowest interval asked for: the floats returned cannot show a narrower one (W is
/// near 1/2, where doubles are 1.1e-16 apart), and the exact series slows sharply below.
const MIN_TOL: f64 = 1e-15;

/// The memo's strategy `name` (exactly as the memo spells it), if it is ordinal: the exact
/// evaluation follows the memo's diagrams, which only ordinal strategies have.
fn ordinal(name: &str) -> PyResult<Box<dyn Strategy>> {
    let strategy: StrategyName = name.parse().map_err(raise::<JohnsonError>)?;
    strategy.ordinal_strategy().ok_or_else(|| {
        raise::<JohnsonError>(format!(
            "{strategy} is not ordinal: the memo estimates it by Monte Carlo only"
        ))
    })
}

fn class(e: (BigInt, BigInt), a: (BigInt, BigInt)) -> PyResult<GameClass<BigRational>> {
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
#[pyo3(signature = (strategy, e, a, form = "TSI", tol = 1e-12))]
fn win_probability(
    py: Python<'_>,
    strategy: &str,
    e: (BigInt, BigInt),
    a: (BigInt, BigInt),
    form: &str,
    tol: f64,
) -> PyResult<(f64, f64)> {
    let strategy = ordinal(strategy)?;
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
    let interval = interruptible(py, move || evaluate(&*strategy, form, &params, tol))?
        .map_err(raise::<JohnsonError>)?;
    Ok((to_f64_below(&interval.lower), to_f64_above(&interval.upper)))
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
    let strategy = ordinal(strategy)?;
    let params = class(e, a)?;
    let value = interruptible(py, move || dependent_value(&*strategy, &params))?
        .map_err(raise::<JohnsonError>)?;
    Ok(pair(&value))
}

pub fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let module = PyModule::new(py, "johnson")?;
    module.add_function(wrap_pyfunction!(strategies, &module)?)?;
    module.add_function(wrap_pyfunction!(win_probability, &module)?)?;
    module.add_function(wrap_pyfunction!(dependent_win_probability, &module)?)?;
    Ok(module)
}

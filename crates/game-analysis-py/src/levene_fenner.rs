//! `game_analysis._native.levene_fenner`: random minimaxing (Levene and Fenner), from
//! `minimax_random`.

use game_core::number::to_f64;
use minimax_random::MoveShape;
use minimax_random::nau::{Bracket, w_b};
use minimax_random::probability::move_probabilities;
use num_bigint::BigInt;
use pyo3::prelude::*;

use crate::{LeveneFennerError, interruptible, pair, raise, small, small_in};

/// prob(n) for each root move, exactly: each move is its level-regular shape (t_1, …,
/// t_{δ−1}), the children at each level below it, as in Example 1 ([[2, 3], [3, 2]]).
#[pyfunction]
fn prob(py: Python<'_>, moves: Vec<Vec<BigInt>>, alpha: BigInt) -> PyResult<Vec<(BigInt, BigInt)>> {
    let alpha = small::<LeveneFennerError>("alpha", &alpha)?;
    let shapes = moves
        .iter()
        .map(|children| {
            let children = children
                .iter()
                .map(|t| small::<LeveneFennerError>("a number of children", t))
                .collect::<PyResult<Vec<u32>>>()?;
            MoveShape::new(children).map_err(raise::<LeveneFennerError>)
        })
        .collect::<PyResult<Vec<MoveShape>>>()?;
    let probabilities = interruptible(py, move || move_probabilities(&shapes, alpha))?
        .map_err(raise::<LeveneFennerError>)?;
    Ok(probabilities.iter().map(pair).collect())
}

/// The largest branching factor for w_b: the exact bisection raises 60-bit fractions to the
/// power b, about 10 s at b = 10,000 and growing with b².
const MAX_BRANCHING: u32 = 10_000;

/// w_b's exact bracket, for b in 1..=[`MAX_BRANCHING`], computed without the GIL.
fn bracket(py: Python<'_>, b: &BigInt) -> PyResult<Bracket> {
    let b = small_in::<LeveneFennerError>("b", b, 1..=MAX_BRANCHING)?;
    interruptible(py, move || w_b(b))?.map_err(raise::<LeveneFennerError>)
}

/// Nau's w_b, the root in [0, 1] of (1 − x)^b = x, to the nearest float (bracketed exactly
/// to within 2^-60 first); b up to 10,000.
#[pyfunction]
fn nau_w(py: Python<'_>, b: BigInt) -> PyResult<f64> {
    Ok(to_f64(&bracket(py, &b)?.low))
}

/// The exact bracket (low, high) around w_b, of width 2^-60; b up to 10,000.
#[pyfunction]
fn nau_w_bracket(py: Python<'_>, b: BigInt) -> PyResult<((BigInt, BigInt), (BigInt, BigInt))> {
    let bracket = bracket(py, &b)?;
    Ok((pair(&bracket.low), pair(&bracket.high)))
}

pub fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let module = PyModule::new(py, "levene_fenner")?;
    module.add_function(wrap_pyfunction!(prob, &module)?)?;
    module.add_function(wrap_pyfunction!(nau_w, &module)?)?;
    module.add_function(wrap_pyfunction!(nau_w_bracket, &module)?)?;
    Ok(module)
}

//! `game_analysis._native.levene_fenner`: random minimaxing (Levene and Fenner), from
//! `minimax_random`.

use game_core::number::to_f64;
use minimax_random::MoveShape;
use minimax_random::nau::w_b;
use minimax_random::probability::move_probabilities;
use num_bigint::BigInt;
use pyo3::prelude::*;

use crate::{LeveneFennerError, pair, raise, small};

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
    let probabilities = py
        .detach(|| move_probabilities(&shapes, alpha))
        .map_err(raise::<LeveneFennerError>)?;
    Ok(probabilities.iter().map(pair).collect())
}

/// Nau's w_b, the root in [0, 1] of (1 − x)^b = x, to the nearest float (bracketed exactly
/// to within 2^-60 first).
#[pyfunction]
fn nau_w(b: BigInt) -> PyResult<f64> {
    let bracket = w_b(small::<LeveneFennerError>("b", &b)?).map_err(raise::<LeveneFennerError>)?;
    Ok(to_f64(&bracket.low))
}

/// The exact bracket (low, high) around w_b, of width 2^-60.
#[pyfunction]
fn nau_w_bracket(b: BigInt) -> PyResult<((BigInt, BigInt), (BigInt, BigInt))> {
    let bracket = w_b(small::<LeveneFennerError>("b", &b)?).map_err(raise::<LeveneFennerError>)?;
    Ok((pair(&bracket.low), pair(&bracket.high)))
}

pub fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let module = PyModule::new(py, "levene_fenner")?;
    module.add_function(wrap_pyfunction!(prob, &module)?)?;
    module.add_function(wrap_pyfunction!(nau_w, &module)?)?;
    module.add_function(wrap_pyfunction!(nau_w_bracket, &module)?)?;
    Ok(module)
}

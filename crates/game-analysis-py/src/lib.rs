//! Python bindings of the game-analysis crates: the extension module `game_analysis._native`,
//! which the Python package `game_analysis` (in `python/`) wraps with Python's own types.
//!
//! One submodule per paper, each a thin layer over its crate:
//! - `matches` ([`nim_games::matches`]): the matches report's tree sizes and losing positions;
//! - `grundy` ([`nim_games::grundy`]): Grundy's game, G(0..=n) by the sparse-space method;
//! - `johnson` ([`lookahead_eval`]): W for Johnson's strategies as a rigorous interval, and
//!   exactly in the dependent form;
//! - `levene_fenner` ([`minimax_random`]): prob(n) of random minimaxing, Nau's w_b;
//! - `backgammon` ([`backgammon_cube`]): F(k, s), the cube equities, the one- and two-sided
//!   bear-off databases.
//!
//! Exact values cross as `(numerator, denominator)` pairs of Python ints, which the package
//! turns into `fractions.Fraction`; every error is a `ValueError` subclass carrying the Rust
//! error's message; the long computations release the GIL. The crates themselves know
//! nothing of Python.

use std::fmt::Display;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::type_object::PyTypeInfo;

mod backgammon;
mod grundy;
mod johnson;
mod levene_fenner;
mod matches;

pyo3::create_exception!(
    game_analysis,
    GameAnalysisError,
    PyValueError,
    "Bad input to a game_analysis function; the message is the Rust library's."
);
pyo3::create_exception!(
    game_analysis,
    MatchesError,
    GameAnalysisError,
    "Bad input to game_analysis.matches."
);
pyo3::create_exception!(
    game_analysis,
    GrundyError,
    GameAnalysisError,
    "Bad input to game_analysis.grundy."
);
pyo3::create_exception!(
    game_analysis,
    JohnsonError,
    GameAnalysisError,
    "Bad input to game_analysis.johnson."
);
pyo3::create_exception!(
    game_analysis,
    LeveneFennerError,
    GameAnalysisError,
    "Bad input to game_analysis.levene_fenner."
);
pyo3::create_exception!(
    game_analysis,
    BackgammonError,
    GameAnalysisError,
    "Bad input to game_analysis.backgammon."
);

/// The error `E` (one of the exceptions above) with `message`.
fn raise<E: PyTypeInfo>(message: impl Display) -> PyErr {
    PyErr::new::<E, _>(message.to_string())
}

/// A Python int as a `u32`, or the error `E` naming the argument.
fn small<E: PyTypeInfo>(name: &str, value: &BigInt) -> PyResult<u32> {
    u32::try_from(value).map_err(|_| {
        raise::<E>(format!(
            "{name} = {value} is not a whole number in 0..=2^32 - 1"
        ))
    })
}

/// A Python int as a `u32` of at most `max` (a bound where a call would otherwise run for
/// hours or exhaust memory), or the error `E` naming the argument.
fn small_at_most<E: PyTypeInfo>(name: &str, value: &BigInt, max: u32) -> PyResult<u32> {
    let small = small::<E>(name, value)?;
    if small > max {
        return Err(raise::<E>(format!(
            "{name} = {small} is above {max}, the most this call takes"
        )));
    }
    Ok(small)
}

/// A fraction from the package's `(numerator, denominator)` pair.
fn fraction<E: PyTypeInfo>(
    name: &str,
    (numerator, denominator): (BigInt, BigInt),
) -> PyResult<BigRational> {
    if denominator.is_zero() {
        return Err(raise::<E>(format!("{name} has a zero denominator")));
    }
    Ok(BigRational::new(numerator, denominator))
}

/// A fraction as the package's `(numerator, denominator)` pair, in lowest terms.
fn pair(value: &BigRational) -> (BigInt, BigInt) {
    (value.numer().clone(), value.denom().clone())
}

/// The extension module `game_analysis._native`.
#[pymodule]
#[pyo3(name = "_native")]
fn native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("GameAnalysisError", GameAnalysisError::type_object(py))?;
    module.add("MatchesError", MatchesError::type_object(py))?;
    module.add("GrundyError", GrundyError::type_object(py))?;
    module.add("JohnsonError", JohnsonError::type_object(py))?;
    module.add("LeveneFennerError", LeveneFennerError::type_object(py))?;
    module.add("BackgammonError", BackgammonError::type_object(py))?;
    module.add_submodule(&matches::module(py)?)?;
    module.add_submodule(&grundy::module(py)?)?;
    module.add_submodule(&johnson::module(py)?)?;
    module.add_submodule(&levene_fenner::module(py)?)?;
    module.add_submodule(&backgammon::module(py)?)?;
    Ok(())
}

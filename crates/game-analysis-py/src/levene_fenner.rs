//! `game_analysis._native.levene_fenner`: random minimaxing (Levene and Fenner), from
//! `minimax_random`.

use game_core::number::to_f64;
use minimax_random::MoveShape;
use minimax_random::line::{DEFAULT_SEED, Line, LineResult, merge, play};
use minimax_random::nau::{Bracket, w_b};
use minimax_random::player::MAX_ALPHA;
use minimax_random::probability::move_probabilities;
use minimax_random::tournament::{MAX_FIRST_GAME, MAX_GAMES, TournamentGame};
use num_bigint::BigInt;
use pyo3::prelude::*;

use crate::{
    LeveneFennerError, TournamentError, Whole, interruptible, library, pair, raise, small, small_in,
};

/// prob(n) for each root move, exactly: each move is its level-regular shape (t_1, …,
/// t_{δ−1}), the children at each level below it, as in Example 1 ([[2, 3], [3, 2]]).
#[pyfunction]
fn prob(py: Python<'_>, moves: Vec<Vec<Whole>>, alpha: Whole) -> PyResult<Vec<(BigInt, BigInt)>> {
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
        .map_err(library::<LeveneFennerError>)?;
    Ok(probabilities.iter().map(pair).collect())
}

/// The largest branching factor for w_b: the exact bisection raises 60-bit fractions to the
/// power b, about 10 s at b = 10,000 and growing with b².
const MAX_BRANCHING: u32 = 10_000;

/// w_b's exact bracket, for b in 1..=[`MAX_BRANCHING`], computed without the GIL.
fn bracket(py: Python<'_>, b: &BigInt) -> PyResult<Bracket> {
    let b = small_in::<LeveneFennerError, _>("b", b, 1..=MAX_BRANCHING)?;
    interruptible(py, move || w_b(b))?.map_err(raise::<LeveneFennerError>)
}

/// Nau's w_b, the root in [0, 1] of (1 − x)^b = x, to the nearest float (bracketed exactly
/// to within 2^-60 first); b up to 10,000.
#[pyfunction]
fn nau_w(py: Python<'_>, b: Whole) -> PyResult<f64> {
    Ok(to_f64(&bracket(py, &b)?.low))
}

/// The exact bracket (low, high) around w_b, of width 2^-60; b up to 10,000.
#[pyfunction]
fn nau_w_bracket(py: Python<'_>, b: Whole) -> PyResult<((BigInt, BigInt), (BigInt, BigInt))> {
    let bracket = bracket(py, &b)?;
    Ok((pair(&bracket.low), pair(&bracket.high)))
}

/// A tournament player (`EVALUATION:DEPTH` or `uniform`), no deeper than the deepest a
/// tournament player searches ([`minimax_random::line::player`]).
fn player(spec: &str, alpha: u64) -> PyResult<()> {
    minimax_random::line::player(spec, alpha)
        .map(|_| ())
        .map_err(raise::<TournamentError>)
}

/// Games `first_game`, …, `first_game + games − 1` of the line `a` v `b` in `game` (A
/// moving first in the even-numbered games, game i from stream i of `seed`), played in
/// parallel without the GIL: the line's result as the JSON of `game-analysis tournament
/// --json` ([`LineResult`]).
#[pyfunction]
#[pyo3(signature = (game, a, b, games, first_game, seed, alpha))]
// One argument a field of the line, as Python passes them.
#[allow(clippy::too_many_arguments)]
fn play_line(
    py: Python<'_>,
    game: &str,
    a: &str,
    b: &str,
    games: Whole,
    first_game: Whole,
    seed: Whole,
    alpha: Whole,
) -> PyResult<String> {
    game.parse::<TournamentGame>()
        .map_err(raise::<TournamentError>)?;
    let alpha = small_in::<TournamentError, _>("alpha", &alpha, 1..=MAX_ALPHA)?;
    player(a, alpha)?;
    player(b, alpha)?;
    let line = Line {
        game: game.to_owned(),
        a: a.to_owned(),
        b: b.to_owned(),
        alpha,
        games: small_in::<TournamentError, _>("games", &games, 1..=MAX_GAMES)?,
        first_game: small_in::<TournamentError, _>("first_game", &first_game, 0..=MAX_FIRST_GAME)?,
        seed: small_in::<TournamentError, _>("seed", &seed, 0..=u64::MAX)?,
    };
    let result =
        interruptible(py, move || play(&line, false))?.map_err(raise::<TournamentError>)?;
    to_json(&result.untimed())
}

/// The line that `pieces` of it played (each the JSON of a line's result), as if played at
/// once ([`minimax_random::line::merge`]): its result as JSON.
#[pyfunction]
fn merge_lines(pieces: Vec<String>) -> PyResult<String> {
    let pieces = pieces
        .iter()
        .map(|piece| serde_json::from_str(piece).map_err(raise::<TournamentError>))
        .collect::<PyResult<Vec<LineResult>>>()?;
    to_json(&merge(pieces).map_err(raise::<TournamentError>)?)
}

fn to_json(result: &LineResult) -> PyResult<String> {
    serde_json::to_string(result).map_err(raise::<TournamentError>)
}

pub fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let module = PyModule::new(py, "levene_fenner")?;
    module.add_function(wrap_pyfunction!(prob, &module)?)?;
    module.add_function(wrap_pyfunction!(nau_w, &module)?)?;
    module.add_function(wrap_pyfunction!(nau_w_bracket, &module)?)?;
    module.add_function(wrap_pyfunction!(play_line, &module)?)?;
    module.add_function(wrap_pyfunction!(merge_lines, &module)?)?;
    module.add("DEFAULT_SEED", DEFAULT_SEED)?;
    module.add("MAX_ALPHA", MAX_ALPHA)?;
    module.add("MAX_GAMES", MAX_GAMES)?;
    Ok(module)
}

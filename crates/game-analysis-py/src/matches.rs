//! `game_analysis._native.matches`: the matches report (B. Wang), from `nim_games::matches`.

use nim_games::matches::{MatchesGame, TreeSizes, is_losing_position, losing_positions};
use pyo3::prelude::*;

use crate::{MatchesError, Whole, interruptible, raise, small};

/// (minimax, alpha-beta) node counts of the game of n matches under the report's
/// convention (Tables 3.1 and 3.2).
#[pyfunction]
fn tree_sizes(py: Python<'_>, n: Whole) -> PyResult<(u64, u64)> {
    let n = small::<MatchesError>("n", &n)?;
    let game = MatchesGame::new(n).map_err(raise::<MatchesError>)?;
    let sizes =
        interruptible(py, move || TreeSizes::measure(&game))?.map_err(raise::<MatchesError>)?;
    Ok((sizes.minimax, sizes.alpha_beta))
}

/// Whether the player to move with `matches_left` matches loses against best play. Zero
/// matches is no position, as everywhere else in the package.
#[pyfunction(name = "is_losing_position")]
fn losing(matches_left: Whole) -> PyResult<bool> {
    let matches_left = small::<MatchesError>("matches_left", &matches_left)?;
    MatchesGame::new(matches_left).map_err(raise::<MatchesError>)?;
    Ok(is_losing_position(matches_left))
}

/// The losing positions up to `max_matches`.
#[pyfunction(name = "losing_positions")]
fn all_losing(max_matches: Whole) -> PyResult<Vec<u32>> {
    losing_positions(small::<MatchesError>("max_matches", &max_matches)?)
        .map_err(raise::<MatchesError>)
}

pub fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let module = PyModule::new(py, "matches")?;
    module.add_function(wrap_pyfunction!(tree_sizes, &module)?)?;
    module.add_function(wrap_pyfunction!(losing, &module)?)?;
    module.add_function(wrap_pyfunction!(all_losing, &module)?)?;
    Ok(module)
}

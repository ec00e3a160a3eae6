//! Hypergammon with the cube: solves the game with C checkers a side (default 1; 2 takes a
//! few seconds) and prints the starting position's values and cube action.
//!
//! ```text
//! cargo run --release -p backgammon-cube --example hypergammon -- 2
//! ```

use backgammon_cube::cube::CubeOwnership;
use backgammon_cube::hypergammon::{HypergammonDatabase, HypergammonPosition, SolveOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let checkers: u32 = std::env::args().nth(1).map_or(Ok(1), |c| c.parse())?;
    let database = HypergammonDatabase::solve(checkers, &SolveOptions::default(), |_| {})?;
    let start = database.entry(&HypergammonPosition::starting(checkers)?)?;
    println!(
        "Hypergammon, {}: {} sweeps, residual {:.1e}, error at most {:.1e} cubeless, {:.1e} cubeful",
        backgammon_cube::checkers_a_side(checkers),
        database.sweeps(),
        database.residual(),
        database.cubeless_error_bound(),
        database.cubeful_error_bound()
    );
    println!(
        "The player on roll at the start: P(win) {:.6}, gammons {:.6} / {:.6}, backgammons {:.6} / {:.6}",
        start.win, start.win_gammon, start.lose_gammon, start.win_backgammon, start.lose_backgammon
    );
    println!(
        "Equity: cubeless {:+.6}, cube centred {:+.6} (Jacoby {:+.6}), owned {:+.6}, opponent's {:+.6}; centred cube: {:?}",
        start.cubeless_equity(),
        start.centred,
        start.centred_jacoby,
        start.owned,
        start.opponent_owns,
        start.cube_action(CubeOwnership::Centred)
    );
    Ok(())
}

//! The cube decision of a bear-off race, from the exact two-sided database: the chance of
//! winning, the money equities with the cube centred and owned, and what to do.
//!
//! `cargo run --release -p backgammon-cube --example cube_decision`

use backgammon_cube::bearoff::BearoffPosition;
use backgammon_cube::cube::CubeOwnership;
use backgammon_cube::two_sided::TwoSidedDatabase;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Every pair of positions of up to six checkers a side: about a quarter of a second.
    let database = TwoSidedDatabase::<f64>::new(6)?;
    // Three races of three checkers a side: behind, a little ahead, far ahead.
    let races: [(&[u32], &[u32]); 3] = [
        (&[6, 6, 6], &[5, 4, 2]),
        (&[6, 5, 4], &[6, 5, 3]),
        (&[5, 4, 1], &[6, 5, 4]),
    ];
    for (on_roll, opponent) in races {
        let (on_roll, opponent) = (
            BearoffPosition::from_points(on_roll)?,
            BearoffPosition::from_points(opponent)?,
        );
        let equities = database.equities(&on_roll, &opponent)?;
        println!(
            "pips {:2} v {:2}: P = {:.4}, equity centred {:+.4}, owned {:+.4}: centred cube {:?}, own cube {:?}",
            on_roll.pip_count(),
            opponent.pip_count(),
            equities.win,
            equities.centred,
            equities.owned,
            database.cube_action(&on_roll, &opponent, CubeOwnership::Centred)?,
            database.cube_action(&on_roll, &opponent, CubeOwnership::Owned)?,
        );
    }
    Ok(())
}

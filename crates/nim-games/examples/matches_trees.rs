//! The matches game (take 1 to 3; whoever is left with the last match loses): the losing
//! positions and the sizes of the minimax and alpha-beta trees, as the report tabulates them.
//!
//! `cargo run -p nim-games --example matches_trees`

use nim_games::matches::{MatchesGame, TreeSizes, losing_positions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("losing positions to 25: {:?}", losing_positions(25)?);
    for n in [7, 15, 21] {
        let sizes = TreeSizes::measure(&MatchesGame::new(n)?)?;
        println!(
            "n = {n:2}: minimax {:>7} nodes, alpha-beta {:>5}",
            sizes.minimax, sizes.alpha_beta
        );
    }
    Ok(())
}

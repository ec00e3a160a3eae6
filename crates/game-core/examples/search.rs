//! Minimax and alpha-beta on any game of the `Game` trait: the matches game written as an
//! impartial game in a few lines, searched both ways, with the nodes each visits.
//!
//! `cargo run -p game-core --example search`

use game_core::search::{Window, alpha_beta, minimax};
use game_core::{Game, ImpartialGame, ImpartialPlay, PlayConvention};

/// n matches; a move takes one, two or three, and leaves at least one.
struct Matches;

impl ImpartialGame for Matches {
    type Position = u32;
    fn options(&self, n: &u32) -> Vec<u32> {
        (1..=3)
            .filter(|take| take < n)
            .map(|take| n - take)
            .collect()
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for n in [4, 5, 12, 13, 16, 17] {
        // Left with one match and no move, you lose (normal play).
        let game = ImpartialPlay::new(Matches, n, PlayConvention::Normal);
        let start = game.initial_position();
        let full = minimax(&game, &start)?;
        let pruned = alpha_beta(&game, &start, Window::new(-1, 1)?)?;
        println!(
            "n = {n:2}: value {:+} (first player {}), minimax {} nodes, alpha-beta {}",
            full.value,
            if full.value > 0 { "wins" } else { "loses" },
            full.stats.nodes,
            pruned.stats.nodes
        );
    }
    Ok(())
}

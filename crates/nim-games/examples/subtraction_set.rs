//! An impartial game of one's own: take 1, 3 or 4 counters from a heap. Its nim-values by
//! the Sprague–Grundy theory, checked against the crate's own subtraction game, their
//! period, and the heaps the first player wins under misère play (who takes the last
//! counter loses), where nim-values do not decide.
//!
//! Run with `cargo run --example subtraction_set`.

use nim_games::sprague_grundy::{GrundyValues, OutcomeClass, OutcomeSolver, PlayConvention};
use nim_games::{ImpartialGame, SubtractionGame, nim_sequence};

/// A heap from which a move takes 1, 3 or 4 counters.
struct TakeOneThreeOrFour;

impl ImpartialGame for TakeOneThreeOrFour {
    type Position = u32;

    fn options(&self, heap: &u32) -> Vec<u32> {
        [1, 3, 4]
            .into_iter()
            .filter(|take| take <= heap)
            .map(|take| heap - take)
            .collect()
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let game = TakeOneThreeOrFour;
    let mut values = GrundyValues::new(&game);
    let own: Vec<u32> = (0..=40).map(|heap| values.value(&heap)).collect();

    let built_in = nim_sequence(&SubtractionGame::new(&[1, 3, 4])?, 40)?;
    assert!(own.iter().zip(&built_in).all(|(a, &b)| *a == u32::from(b)));
    println!("nim-values of heaps 0..=40: {own:?}");

    // The values repeat with period 7 from heap 0: 0, 1, 0, 1, 2, 3, 2.
    let period = (1..=own.len() / 2)
        .find(|&p| own.iter().zip(&own[p..]).all(|(a, b)| a == b))
        .expect("a period within the heaps computed");
    println!("period {period} (observed to heap 40, not proven)");

    let mut misere = OutcomeSolver::new(&game, PlayConvention::Misere);
    let first_player_wins: Vec<u32> = (0..=20)
        .filter(|heap| misere.outcome(heap) == OutcomeClass::N)
        .collect();
    println!("misère play, heaps the first player wins: {first_player_wins:?}");
    Ok(())
}

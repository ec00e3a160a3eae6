//! Grundy's game (split a heap into two unequal heaps): its nim-values G(n) by the
//! rare/common method, the P-positions among them, and the rare values that the method is
//! named after.
//!
//! `cargo run --release -p nim-games --example grundy_values`

use nim_games::grundys_game::nim_values;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let max_heap = 100_000;
    let table = nim_values(max_heap)?;
    let values = table.values();
    println!("G(0..=20): {:?}", &values[..=20]);
    println!(
        "heaps 1..={max_heap}: {} P-positions (G = 0), largest value {}",
        table.p_position_count(),
        values.iter().max().copied().unwrap_or(0)
    );
    println!(
        "rare heaps: {} of them, the last {:?}",
        table.rare_heaps().len(),
        table.rare_heaps().last()
    );
    Ok(())
}

//! The nim-values of an octal game by the rare/common method, until a period is proven or
//! the bound is reached, with the mask it chose, its rare heaps and the period.
//!
//! `cargo run --release -p nim-games --example octal_values -- 0.6 1000000`

use std::time::Instant;

use nim_games::heap_games::OctalGame;
use nim_games::octal::OctalOptions;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let code = args.next().unwrap_or_else(|| "0.16".to_string());
    let max_heap: u32 = args.next().map_or(Ok(20_000), |n| n.parse())?;
    let game = OctalGame::parse(&code)?;
    let started = Instant::now();
    let table = OctalOptions::new()
        .until_proven()
        .compute(&game, max_heap)?;
    let elapsed = started.elapsed().as_secs_f64();
    let values = table.values();
    let largest = values.iter().max().copied().unwrap_or(0);
    println!("{code}, heaps 0..{}: {elapsed:.2} s", values_len(&table));
    println!(
        "largest value {largest} (first at heap {}), split {}, {} rare heaps, the last {:?}",
        values.iter().position(|&v| v == largest).unwrap_or(0),
        table
            .split()
            .map_or("none".to_string(), |split| split.to_string()),
        table.rare_heaps().len(),
        table.rare_heaps().last(),
    );
    match table.periodicity() {
        Some(p) => println!(
            "period {} from heap {} (last exception {:?})",
            p.period,
            p.preperiod,
            table.last_exception()
        ),
        None => println!("no period proven by these values"),
    }
    Ok(())
}

fn values_len(table: &nim_games::octal::OctalValues) -> usize {
    table.values().len()
}

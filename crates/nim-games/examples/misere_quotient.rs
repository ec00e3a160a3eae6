//! The misère quotient of an octal game, heap by heap.
//!
//! `cargo run --release -p nim-games --example misere_quotient -- 0.77 20`

use std::time::Instant;

use nim_games::OctalGame;
use nim_games::misere_quotient::QuotientOptions;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let code = args.next().unwrap_or_else(|| "0.77".to_string());
    let max_heap: u32 = args.next().map_or(Ok(20), |n| n.parse())?;
    let game = OctalGame::parse(&code)?;
    let start = Instant::now();
    let quotient = QuotientOptions::new()
        .progress(|heap, order| eprintln!("heap {heap}: order {order} ({:.1?})", start.elapsed()))
        .compute(&game, max_heap)?;
    println!(
        "Q_{max_heap}({code}): order {}, stable from heap {}",
        quotient.order(),
        quotient.stable_from()
    );
    let presentation = quotient.presentation();
    println!("{presentation}");
    let p: Vec<String> = quotient
        .p_portion()
        .iter()
        .map(|&x| presentation.normal_words()[x].to_string())
        .collect();
    println!("P = {{{}}}", p.join(", "));
    if let Some(period) = quotient.proven_period(game.max_removal()) {
        println!(
            "pretending function periodic from {} with period {}",
            period.pre_period, period.period
        );
    }
    Ok(())
}

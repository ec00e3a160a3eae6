//! `cargo xtask race-formulas [--checkers C]`: the race rules of thumb judged against the exact
//! two-sided bear-off database of C checkers a side (default 8), as Markdown tables for
//! `docs/dotsenko-marynych.md`.

use std::time::Instant;

use backgammon_cube::bearoff::BearoffPosition;
use backgammon_cube::race_formulas::{DecisionRecord, RaceFormula, judge};
use backgammon_cube::two_sided::TwoSidedDatabase;

use crate::options::Options;

/// The pip counts from which a pair counts as a longer bear-off in the second table.
const LONGER: u32 = 30;

/// Runs the task with its arguments (after `race-formulas`).
pub fn run(args: &[String]) -> Result<(), String> {
    let mut checkers = 8;
    let mut options = Options::new(args);
    while let Some(flag) = options.next_flag() {
        match flag {
            "--checkers" => {
                let value = options.value(flag)?;
                checkers = value
                    .parse()
                    .map_err(|_| format!("--checkers {value}: a whole number"))?;
            }
            other => return Err(format!("unknown option {other:?} (see `cargo xtask help`)")),
        }
    }
    let started = Instant::now();
    let database = TwoSidedDatabase::<f64>::new(checkers).map_err(|e| e.to_string())?;
    eprintln!(
        "6 x {checkers} database: {} positions a side, built in {:.1} s",
        database.positions(),
        started.elapsed().as_secs_f64()
    );
    for (title, min_pips) in [
        (format!("every pair of the 6 × {checkers} database"), 0),
        (
            format!("pairs where both pip counts are at least {LONGER}"),
            LONGER,
        ),
    ] {
        println!("**{}**\n", capitalised(&title));
        println!(
            "| formula | decision | pairs | agrees | mean equity lost | worst (on roll v opponent) |"
        );
        println!("|---|---|---|---|---|---|");
        for formula in RaceFormula::ALL {
            let judgement = judge(&database, formula, min_pips);
            for (decision, record) in [
                ("double", &judgement.double),
                ("redouble", &judgement.redouble),
                ("take", &judgement.take),
            ] {
                println!("| {} | {decision} | {} |", formula.name(), row(record));
            }
        }
        println!();
        for formula in RaceFormula::ALL {
            if let Some(error) = judge(&database, formula, min_pips).winning_chance {
                let worst = match &error.worst {
                    Some((e, on_roll, opponent)) => {
                        format!("{e:.4} ({} v {})", points(on_roll), points(opponent))
                    }
                    None => "–".to_string(),
                };
                println!(
                    "{}'s winning chance against the exact cubeless P: mean error {:.4}, worst {worst}. By the player on roll's pip count:\n",
                    formula.name(),
                    error.mean()
                );
                println!("| pips | pairs | mean error |");
                println!("|---|---|---|");
                for (tens, (pairs, total)) in error.by_pips.iter().enumerate() {
                    if *pairs > 0 {
                        let range = format!("{}–{}", 10 * tens, 10 * tens + 9);
                        println!("| {range} | {pairs} | {:.4} |", total / *pairs as f64);
                    }
                }
                println!();
            }
        }
    }
    Ok(())
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A position as its checkers' points, highest first: `6 5 5 1`.
fn points(position: &BearoffPosition) -> String {
    (1..=6u32)
        .rev()
        .flat_map(|point| std::iter::repeat_n(point.to_string(), usize::from(position.on(point))))
        .collect::<Vec<_>>()
        .join(" ")
}

fn row(record: &DecisionRecord) -> String {
    let worst = match &record.worst {
        Some((loss, on_roll, opponent)) => {
            format!("{loss:.4} ({} v {})", points(on_roll), points(opponent))
        }
        None => "–".to_string(),
    };
    format!(
        "{} | {:.2}% | {:.5} | {worst}",
        record.pairs,
        100.0 * record.agreement(),
        record.mean_loss()
    )
}

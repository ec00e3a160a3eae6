//! `cargo xtask grundy`: nim-values of Grundy's game at scale, from `nim_games::grundy`.

use std::time::Instant;

use nim_games::grundys_game::{MisereTable, NimValueOptions, Schedule};

use crate::commands::output::{OutputFile, parse_output_file};
use crate::error::{Error, LibraryResult, Result};

/// The largest single heap of `--misere`: the misère table holds every position with at
/// most this many live matches (`nim_games::grundys_game::MisereTable`'s limit).
const MAX_MISERE_HEAP: u32 = 159;

/// `cargo xtask grundy`: nim-values of Grundy's game for every heap 0..=N by the
/// rare/common method, or with `--misere` the misère outcomes of single heaps.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// N, the largest heap: up to 4,294,967,294 for the nim-values (2(N + 1) bytes of
    /// values), up to 159 with --misere.
    #[arg(long = "max", value_name = "N", value_parser = clap::value_parser!(u32).range(0..u32::MAX as i64))]
    max_heap: u32,
    /// Write G(0), G(1), ..., G(N) to PATH as little-endian u16, 2(N + 1) bytes, no header;
    /// the path is checked before the work and the file replaced only when whole.
    #[arg(long, value_name = "PATH", value_parser = parse_output_file, conflicts_with = "misere")]
    out: Option<OutputFile>,
    /// The misère outcomes of single heaps 1..=N, each with a winning split, from a table
    /// of every position with at most N live matches (retrograde analysis).
    #[arg(long)]
    misere: bool,
    /// Threads for the nim-values, 1 or 2; the values are the same.
    #[arg(long, value_name = "1|2", default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2), conflicts_with = "misere")]
    threads: u8,
}

/// Runs the task.
pub fn run(args: &Args) -> Result<()> {
    if args.misere {
        if args.max_heap > MAX_MISERE_HEAP {
            return Err(Error::Usage(format!(
                "--misere --max {}: the misère table reaches single heaps up to {MAX_MISERE_HEAP}",
                args.max_heap
            )));
        }
        return misere(args.max_heap);
    }
    let schedule = Schedule::on_threads(args.threads.into())
        .ok_or_else(|| Error::Usage(format!("--threads {}: 1 or 2", args.threads)))?;
    normal(args.max_heap, schedule, args.out.as_ref())
}

/// Misère outcomes of single heaps 1..=max_heap, each with a winning split where one
/// exists, from a table of every position with at most max_heap live matches.
fn misere(max_heap: u32) -> Result<()> {
    let started = Instant::now();
    let table = MisereTable::new(max_heap).library()?;
    println!(
        "Grundy's game, misère play: {} positions (at most {max_heap} live matches) decided in {:.2} s",
        table.positions(),
        started.elapsed().as_secs_f64()
    );
    println!("Single heaps 1..={max_heap} (N: first player wins, with its first winning split)");
    let mut p_positions = Vec::new();
    for heap in 1..=max_heap {
        let splits = table.winning_splits(heap).library()?;
        let outcome = match (splits.first(), heap) {
            (Some((larger, smaller)), _) => format!("N  {larger},{smaller}"),
            (None, 1 | 2) => "N  (no move: the player to move wins)".to_string(),
            (None, _) => {
                p_positions.push(heap.to_string());
                "P".to_string()
            }
        };
        println!("  {heap:>3}  {outcome}");
    }
    println!("P-positions: {}", p_positions.join(", "));
    Ok(())
}

fn normal(max_heap: u32, schedule: Schedule, out: Option<&OutputFile>) -> Result<()> {
    let started = Instant::now();
    let table = NimValueOptions::new()
        .schedule(schedule)
        .progress(|n| {
            let elapsed = started.elapsed().as_secs_f64();
            eprint!(
                "\r  {n:>12} heaps, {:5.1}%, {elapsed:7.1} s",
                100.0 * f64::from(n) / f64::from(max_heap.max(1))
            );
        })
        .compute(max_heap)
        .library()?;
    let elapsed = started.elapsed();
    eprintln!();
    let values = table.values();
    let largest = values.iter().max().copied().unwrap_or(0);
    println!(
        "Grundy's game, heaps 0..={max_heap}: computed in {:.2} s",
        elapsed.as_secs_f64()
    );
    println!(
        "  rare heaps (value with even parity above the lowest bit): {}",
        table.rare_heaps().len()
    );
    if let Some(last) = table.rare_heaps().last() {
        println!("  last rare heap: {last} (G = {})", values[*last as usize]);
    }
    println!(
        "  P-positions (heaps n >= 1 with G(n) = 0): {}",
        table.p_position_count()
    );
    println!("  largest value: {largest}");
    println!("  heaps that needed a full scan: {}", table.full_scans());
    if let Some(out) = out {
        out.write_nim_values(values)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::cli::{Task, parse};

    fn grundy(args: &[&str]) -> Result<super::Args, String> {
        match parse(&[&["grundy"], args].concat()) {
            Ok(Task::Grundy(args)) => Ok(args),
            Ok(_) => Err("another task".to_owned()),
            Err(error) => Err(error.to_string()),
        }
    }

    #[test]
    fn the_nim_values_run_on_two_threads_unless_told_one() {
        assert_eq!(grundy(&["--max", "10"]).unwrap().threads, 2);
        let one = grundy(&["--max", "10", "--threads", "1"]).unwrap();
        assert_eq!((one.threads, one.max_heap), (1, 10));
    }

    #[test]
    fn bad_repeated_and_contradictory_options_are_refused() {
        for bad in [
            &["--max", "10", "--threads", "3"][..],
            &["--max", "10", "--threads"],
            &["--misere", "--max", "10", "--threads", "1"],
            &["--misere", "--max", "10", "--out", "g.bin"],
            &["--max", "10", "--max", "20"],
            &["--max", "4294967295"],
            &["--max", "-1"],
            &["--max", "10", "--bogus"],
            &[],
        ] {
            assert!(grundy(bad).is_err(), "{bad:?}");
        }
    }

    /// `--out` into a folder that does not exist fails at once, not after the values.
    #[test]
    fn an_output_file_in_a_missing_folder_is_refused_before_the_work() {
        let error = grundy(&["--max", "1000000000", "--out", "/no/such/folder/g.bin"]).unwrap_err();
        assert!(error.contains("does not exist"), "{error}");
    }
}

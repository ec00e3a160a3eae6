//! `cargo xtask grundy`: nim-values of Grundy's game at scale, from `nim_games::grundy`.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use nim_games::grundy::{MisereTable, Schedule, sparse_values};

use crate::commands::options::{Options, output_file};
use crate::error::{Error, LibraryResult, Result};

/// What `cargo xtask grundy` was asked for.
#[derive(Debug)]
struct Request {
    max_heap: u32,
    out: Option<PathBuf>,
    misere: bool,
    schedule: Schedule,
}

/// Runs the task with its arguments (after `grundy`).
pub fn run(args: &[String]) -> Result<()> {
    let request = parse(args)?;
    if request.misere {
        return misere(request.max_heap);
    }
    normal(request.max_heap, request.schedule, request.out)
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

fn normal(max_heap: u32, schedule: Schedule, out: Option<PathBuf>) -> Result<()> {
    let started = Instant::now();
    let table = sparse_values(max_heap, schedule, |n| {
        let elapsed = started.elapsed().as_secs_f64();
        eprint!(
            "\r  {n:>12} heaps, {:5.1}%, {elapsed:7.1} s",
            100.0 * f64::from(n) / f64::from(max_heap.max(1))
        );
    })
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
        table.p_positions()
    );
    println!("  largest value: {largest}");
    println!("  heaps that needed a full scan: {}", table.full_scans());
    if let Some(path) = out {
        write_values(&path, values)?;
        println!(
            "  wrote {} ({} bytes, u16 little-endian)",
            path.display(),
            2 * values.len()
        );
    }
    Ok(())
}

fn parse(args: &[String]) -> Result<Request> {
    let mut max_heap = None;
    let mut out = None;
    let mut misere = false;
    let mut threads = None;
    let mut args = Options::new(args);
    while let Some(flag) = args.next_flag() {
        match flag {
            "--max" => {
                let text = args.value(flag)?;
                max_heap = Some(text.parse::<u32>().map_err(|_| {
                    Error::Usage(format!("--max {text}: not a heap size up to {}", u32::MAX))
                })?);
            }
            "--out" => out = Some(output_file(flag, args.value(flag)?)?),
            "--misere" => misere = true,
            "--threads" => {
                threads = Some(match args.value(flag)?.as_str() {
                    "1" => Schedule::OneThread,
                    "2" => Schedule::TwoThreads,
                    text => return Err(Error::Usage(format!("--threads {text}: 1 or 2"))),
                });
            }
            other => {
                return Err(Error::Usage(format!(
                    "unknown option {other:?} (see `cargo xtask help`)"
                )));
            }
        }
    }
    let max_heap = max_heap.ok_or_else(|| Error::Usage("grundy needs --max N".to_owned()))?;
    if misere && out.is_some() {
        return Err(Error::Usage(
            "--out writes nim-values; it does not go with --misere".to_owned(),
        ));
    }
    if misere && threads.is_some() {
        return Err(Error::Usage(
            "--threads is for the nim-values; the misère table uses every core".to_owned(),
        ));
    }
    Ok(Request {
        max_heap,
        out,
        misere,
        schedule: threads.unwrap_or(Schedule::TwoThreads),
    })
}

fn write_values(path: &PathBuf, values: &[u16]) -> Result<()> {
    let file = std::fs::File::create(path).map_err(Error::io(path))?;
    let mut writer = std::io::BufWriter::new(file);
    for value in values {
        writer
            .write_all(&value.to_le_bytes())
            .map_err(Error::io(path))?;
    }
    writer.flush().map_err(Error::io(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(args: &[&str]) -> Result<Request> {
        parse(&args.iter().map(|arg| arg.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn the_nim_values_run_on_two_threads_unless_told_one() {
        assert_eq!(
            parsed(&["--max", "10"]).unwrap().schedule,
            Schedule::TwoThreads
        );
        let one = parsed(&["--max", "10", "--threads", "1"]).unwrap();
        assert_eq!(one.schedule, Schedule::OneThread);
        assert_eq!(one.max_heap, 10);
    }

    #[test]
    fn a_thread_count_other_than_one_or_two_is_refused() {
        assert!(
            parsed(&["--max", "10", "--threads", "3"])
                .unwrap_err()
                .to_string()
                .contains("1 or 2")
        );
        assert!(
            parsed(&["--max", "10", "--threads"])
                .unwrap_err()
                .to_string()
                .contains("needs a value")
        );
        assert!(parsed(&["--misere", "--max", "10", "--threads", "1"]).is_err());
    }

    /// `--out` into a folder that does not exist fails at once, not after the values.
    #[test]
    fn an_output_file_in_a_missing_folder_is_refused_before_the_work() {
        let error = parsed(&["--max", "1000000000", "--out", "/no/such/folder/g.bin"])
            .unwrap_err()
            .to_string();
        assert!(error.contains("does not exist"), "{error}");
    }
}

//! `cargo xtask octal-record CODE --max N`: an octal game computed until its values prove a
//! period, kept in `docs/data/octal-records.json`, which verify-tables reads for the records
//! it cannot recompute within its default budget. Computing without keeping is
//! `game-analysis octal`.

use std::time::Instant;

use game_core::durable::OutputFile;
use nim_games::heap_games::OctalGame;
use nim_games::octal::{OctalOptions, Schedule};

use crate::error::{Error, LibraryResult, Result};
use crate::kept::json;
use crate::kept::octal_records::{OctalRecord, read_records, records_path};

/// Computes an octal game until its period is proven and keeps the record.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game's code, `0.d1d2…` or `4.d1d2…`.
    #[arg(value_name = "CODE", allow_hyphen_values = true)]
    code: String,
    /// N, the largest heap the proof may need.
    #[arg(long = "max", value_name = "N", value_parser = clap::value_parser!(u32).range(0..u32::MAX as i64))]
    max_heap: u32,
}

/// Runs the task.
pub fn run(args: &Args, docs: &std::path::Path) -> Result<bool> {
    let game = OctalGame::parse(&args.code).library()?;
    let file = OutputFile::check(records_path(docs))?;
    let started = Instant::now();
    let table = OctalOptions::new()
        .schedule(Schedule::TwoThreads)
        .until_proven()
        .compute(&game, args.max_heap)
        .library()?;
    let seconds = started.elapsed().as_secs_f64();
    let record = OctalRecord::of(game.code(), &table).ok_or_else(|| {
        Error::NotComputable(format!(
            "{} proved no period up to heap {}: nothing to keep",
            game.code(),
            args.max_heap
        ))
    })?;
    println!(
        "{}, heaps 0..={}: {seconds:.2} s; period {} from heap {}, largest value {} first at heap {}, checksum {}",
        record.code,
        record.heaps.saturating_sub(1),
        record.period,
        record.preperiod,
        record.largest,
        record.largest_at,
        record.checksum
    );
    let mut records = read_records(docs)?;
    records.retain(|kept| kept.code != record.code);
    records.push(record);
    records.sort_by(|a, b| a.code.cmp(&b.code));
    file.write(json(&records)?.as_bytes())?;
    println!("  kept in {}", file.path().display());
    Ok(true)
}

#[cfg(test)]
mod tests {
    use nim_games::heap_games::OctalGame;
    use nim_games::octal::OctalOptions;

    use crate::kept::octal_records::{OctalRecord, read_records};

    #[test]
    fn a_record_needs_a_proof() {
        let table = OctalOptions::new()
            .compute(&OctalGame::parse("0.6").unwrap(), 2_000)
            .unwrap();
        assert_eq!(OctalRecord::of("0.6", &table), None);
        let kayles = OctalOptions::new()
            .until_proven()
            .compute(&OctalGame::parse("0.77").unwrap(), 10_000)
            .unwrap();
        let record = OctalRecord::of("0.77", &kayles).unwrap();
        assert_eq!(
            (record.preperiod, record.period, record.largest),
            (71, 12, 8)
        );
    }

    /// The kept records read back, one per code, sorted, each a proof by the theorem's
    /// bound (2i + p + t within the heaps computed).
    #[test]
    fn the_kept_records_are_proofs() {
        let docs = crate::workspace_dir().join("docs");
        let records = read_records(&docs).unwrap();
        assert!(records.iter().any(|record| record.code == "0.1777"));
        assert!(records.windows(2).all(|pair| pair[0].code < pair[1].code));
        for record in records {
            let t = OctalGame::parse(&record.code).unwrap().max_removal() as usize;
            assert!(
                2 * record.preperiod + record.period + t <= record.heaps,
                "{record:?}"
            );
        }
    }
}

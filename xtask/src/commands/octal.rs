//! `cargo xtask octal`: nim-values of any octal game at scale, from `nim_games::octal`.

use std::time::Instant;

use crate::commands::output::{OutputFile, parse_output_file};
use crate::commands::progress::seconds_to_go;
use crate::error::{Error, LibraryResult, Result};
use crate::sources::octal_games::{OctalRecord, largest, read_records, records_path};
use nim_games::heap_games::OctalGame;
use nim_games::octal::{OctalOptions, OctalValues, Schedule};

/// `cargo xtask octal CODE --max N`: the nim-values of the octal game CODE for every heap
/// 0..=N by the rare/common method, with the period they prove.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game's code, `0.d1d2…` or `4.d1d2…` with octal digits (Kayles is 0.77).
    #[arg(value_name = "CODE", allow_hyphen_values = true)]
    code: String,
    /// N, the largest heap (2(N + 1) bytes of values).
    #[arg(long = "max", value_name = "N", value_parser = clap::value_parser!(u32).range(0..u32::MAX as i64))]
    max_heap: u32,
    /// Stop as soon as the values prove a period (checked each time they grow by an eighth).
    #[arg(long)]
    until_proven: bool,
    /// Write G(0), G(1), … to PATH as little-endian u16, 2 bytes a heap, no header; the
    /// path is checked before the work and the file replaced only when whole.
    #[arg(long, value_name = "PATH", value_parser = parse_output_file)]
    out: Option<OutputFile>,
    /// Keep the run in docs/data/octal-records.json (it must prove a period): verify-tables
    /// reads the records it cannot recompute within its default budget.
    #[arg(long, requires = "until_proven")]
    record: bool,
    /// Threads, 1 or 2; the values are the same.
    #[arg(long, value_name = "1|2", default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
    threads: u8,
}

/// Keeps `record` in `file`, replacing any record of the same code; the records stay sorted
/// by code.
fn keep(record: OctalRecord, file: &OutputFile) -> Result<()> {
    let docs = crate::workspace_dir().join("docs");
    let mut records = read_records(&docs)?;
    records.retain(|kept| kept.code != record.code);
    records.push(record);
    records.sort_by(|a, b| a.code.cmp(&b.code));
    let mut text = serde_json::to_string_pretty(&records).library()?;
    text.push('\n');
    file.write(text.as_bytes())?;
    println!("  kept in {}", file.path().display());
    Ok(())
}

/// Runs the task.
pub fn run(args: &Args) -> Result<()> {
    let game = OctalGame::parse(&args.code).library()?;
    let record_file = if args.record {
        let docs = crate::workspace_dir().join("docs");
        Some(OutputFile::check(records_path(&docs))?)
    } else {
        None
    };
    let schedule = Schedule::on_threads(args.threads.into())
        .ok_or_else(|| Error::Usage(format!("--threads {}: 1 or 2", args.threads)))?;
    let mut options = OctalOptions::new().schedule(schedule);
    if args.until_proven {
        options = options.until_proven();
    }
    let started = Instant::now();
    let max_heap = args.max_heap;
    let table = options
        .progress(|n| {
            let elapsed = started.elapsed().as_secs_f64();
            let done = f64::from(n) / f64::from(max_heap.max(1));
            eprint!(
                "\r  {n:>12} heaps, {:5.1}%, {elapsed:8.1} s, about {:8.1} s to go",
                100.0 * done,
                seconds_to_go(elapsed, done, 1.0)
            );
        })
        .compute(&game, max_heap)
        .library()?;
    let elapsed = started.elapsed();
    eprintln!();
    print!("{}", summary(game.code(), &table, elapsed.as_secs_f64()));
    if let Some(out) = &args.out {
        out.write_nim_values(table.values())?;
    }
    if let Some(file) = record_file {
        let record = OctalRecord::of(game.code(), &table).ok_or_else(|| {
            Error::NotComputable(format!(
                "{} proved no period up to heap {max_heap}: nothing to keep",
                game.code()
            ))
        })?;
        keep(record, &file)?;
    }
    Ok(())
}

/// What a run found: how far it went, its period if proven, its largest value, the
/// rare/common split, and a checksum of the values.
fn summary(code: &str, table: &OctalValues, seconds: f64) -> String {
    let values = table.values();
    let (largest_at, largest) = largest(values);
    let mut text = format!(
        "{code}, heaps 0..={}: {seconds:.2} s\n",
        values.len().saturating_sub(1)
    );
    text += &match table.periodicity() {
        Some(found) => format!(
            "  period {} from heap {} (last exception {}), proven\n",
            found.period,
            found.preperiod,
            table
                .last_exception()
                .map_or("none".to_string(), |n| n.to_string())
        ),
        None => "  no period proven (periods up to half the heaps computed are checked)\n".into(),
    };
    text += &format!("  largest value {largest}, first at heap {largest_at}\n");
    text += &match table.mask() {
        Some(mask) => format!(
            "  rare/common mask {mask:#x}: {} rare heaps, the last {}\n",
            table.rare_heaps().len(),
            table
                .rare_heaps()
                .last()
                .map_or("none".to_string(), u32::to_string)
        ),
        None => "  no useful rare/common split: direct mex\n".into(),
    };
    text + &format!(
        "  checksum (FNV-1a 64 of the u16 LE values) {:016x}\n",
        table.checksum()
    )
}

#[cfg(test)]
mod tests {
    use nim_games::heap_games::OctalGame;
    use nim_games::octal::OctalOptions;

    use crate::cli::{Task, parse};

    fn octal(args: &[&str]) -> Result<super::Args, String> {
        match parse(&[&["octal"], args].concat()) {
            Ok(Task::Octal(args)) => Ok(args),
            Ok(_) => Err("another task".to_owned()),
            Err(error) => Err(error.to_string()),
        }
    }

    #[test]
    fn a_code_and_a_bound_are_required_and_bad_options_refused() {
        let args = octal(&["0.77", "--max", "100", "--until-proven"]).unwrap();
        assert_eq!(
            (args.code.as_str(), args.max_heap, args.until_proven),
            ("0.77", 100, true)
        );
        for bad in [
            &["--max", "10"][..],
            &["0.77"],
            &["0.77", "--max", "-1"],
            &["0.77", "--max", "4294967295"],
            &["0.77", "--max", "10", "--bogus"],
        ] {
            assert!(octal(bad).is_err(), "{bad:?}");
        }
    }

    /// A malformed code is the library's typed error, before any work.
    #[test]
    fn malformed_codes_are_refused() {
        for code in ["0.8", "1.2", "", "0.000", "-0.7", "0.7x"] {
            let args = octal(&[code, "--max", "10"]).unwrap();
            assert!(super::run(&args).is_err(), "{code:?}");
        }
    }

    /// `--out` writes G(0..=N) as little-endian u16s, whole.
    #[test]
    fn the_values_file_holds_every_value() {
        let path = std::env::temp_dir().join(format!("octal-{}.bin", std::process::id()));
        let args = octal(&["0.07", "--max", "300", "--out", path.to_str().unwrap()]).unwrap();
        super::run(&args).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        let table = OctalOptions::new()
            .compute(&OctalGame::parse("0.07").unwrap(), 300)
            .unwrap();
        let read: Vec<u16> = bytes
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
            .collect();
        assert_eq!(read, table.values());
    }

    #[test]
    fn a_record_needs_a_proof() {
        assert!(octal(&["0.77", "--max", "100", "--record"]).is_err());
        let table = OctalOptions::new()
            .compute(&OctalGame::parse("0.6").unwrap(), 2_000)
            .unwrap();
        assert_eq!(super::OctalRecord::of("0.6", &table), None);
        let kayles = OctalOptions::new()
            .until_proven()
            .compute(&OctalGame::parse("0.77").unwrap(), 10_000)
            .unwrap();
        let record = super::OctalRecord::of("0.77", &kayles).unwrap();
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
        let records = super::read_records(&docs).unwrap();
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

    #[test]
    fn the_summary_reports_kayles_period() {
        let table = OctalOptions::new()
            .until_proven()
            .compute(&OctalGame::parse("0.77").unwrap(), 10_000)
            .unwrap();
        let text = super::summary("0.77", &table, 0.0);
        assert!(
            text.contains("period 12 from heap 71 (last exception 70), proven"),
            "{text}"
        );
    }
}

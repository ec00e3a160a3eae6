//! `game-analysis octal CODE --max N`: nim-values of any octal game at scale, from
//! `nim_games::octal`, with the period they prove.

use std::path::PathBuf;
use std::time::Instant;

use nim_games::heap_games::OctalGame;
use nim_games::octal::{OctalOptions, OctalValues, Schedule};
use serde::Serialize;

use crate::Options;
use crate::commands::streamed::{self, StreamArgs, StreamedCommand};
use crate::error::{Error, LibraryResult, Result};
use crate::format::{Report, print_beside};
use crate::output::{
    MilestoneFolder, OutputFile, distinct_outputs, parse_output_file, write_nim_value_files,
};
use crate::progress::Progress;
use nim_games::stream::StreamedGame;

/// Nim-values of the octal game CODE for every heap 0..=N by the rare/common method, with
/// the period they prove (the Octal Game Periodicity Theorem).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game's code, `0.d1d2…` or `4.d1d2…` with octal digits (Kayles is 0.77).
    #[arg(value_name = "CODE", allow_hyphen_values = true)]
    code: String,
    /// N, the largest heap: up to 4,294,967,294 in memory (2(N + 1) bytes of values), any
    /// with --stream.
    #[arg(long = "max", value_name = "N", value_parser = clap::value_parser!(u64).range(0..u64::MAX))]
    max_heap: u64,
    /// Stop as soon as the values prove a period (checked each time they grow by an eighth).
    #[arg(long, conflicts_with = "stream")]
    until_proven: bool,
    /// Write G(0), G(1), … to PATH as little-endian u16, 2 bytes a heap, no header; the
    /// path is checked before the work and the file replaced only when whole.
    #[arg(long, value_name = "PATH", value_parser = parse_output_file)]
    out: Option<OutputFile>,
    /// Write G(0), G(1), … to PATH as an OEIS b-file, a line `n G(n)` a heap.
    #[arg(long, value_name = "PATH", value_parser = parse_output_file)]
    b_file: Option<OutputFile>,
    /// Write into the folder DIR (created if missing) the frequencies of the values of
    /// heaps 1 to n at every power of two n and at N, each as a file named n of lines
    /// `value frequency` (Rogalski's layout), and milestones.json with each one's
    /// frequencies, rare heaps, largest value and first heap with it, and checksum.
    #[arg(long, value_name = "DIR")]
    milestones: Option<PathBuf>,
    /// Threads, 1 or 2; the values are the same.
    #[arg(long, value_name = "1|2", default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
    threads: u8,
    #[command(flatten)]
    stream: StreamArgs,
}

/// Runs the command.
pub fn run(args: &Args, options: &Options) -> Result<()> {
    let game = OctalGame::parse(&args.code).library()?;
    let outputs = [args.out.as_ref(), args.b_file.as_ref()];
    let named = [
        ("--out", outputs[0]),
        ("--b-file", outputs[1]),
        ("--checkpoint", args.stream.checkpoint()),
    ];
    distinct_outputs(&named)?;
    let schedule = Schedule::on_threads(args.threads.into())
        .ok_or_else(|| Error::Usage(format!("--threads {}: 1 or 2", args.threads)))?;
    let mut octal = OctalOptions::new().schedule(schedule);
    if args.until_proven {
        octal = octal.until_proven();
    }
    if args.stream.is_streamed() {
        let command = StreamedCommand {
            game: StreamedGame::Octal(game),
            max_heap: args.max_heap,
            threads: args.threads,
            out: outputs[0],
            b_file: outputs[1],
            milestones: args.milestones.as_deref(),
        };
        return streamed::run(&args.stream, command, options);
    }
    let max_heap = in_memory_bound(args.max_heap)?;
    let milestones = args
        .milestones
        .as_deref()
        .map(|folder| MilestoneFolder::prepare(folder, &named, &[]))
        .transpose()?;
    let progress = Progress::new(args.max_heap, "heaps", options.quiet);
    let started = Instant::now();
    let table = octal
        .progress(|n| progress.set(u64::from(n)))
        .compute(&game, max_heap)
        .library()?;
    progress.finish();
    let report = OctalRun::of(game.code(), &table, started.elapsed().as_secs_f64());
    print_beside(options.format, &report, &outputs)?;
    write_nim_value_files(
        table.values(),
        args.out.as_ref(),
        args.b_file.as_ref(),
        options,
    )?;
    match milestones {
        Some(folder) => folder.write(&table.milestones(), options),
        None => Ok(()),
    }
}

/// N as the in-memory engine takes it: below 2^32 − 1.
///
/// # Errors
///
/// [`Error::Usage`] past it, naming `--stream`.
pub fn in_memory_bound(max_heap: u64) -> Result<u32> {
    u32::try_from(max_heap)
        .ok()
        .filter(|&max_heap| max_heap < u32::MAX)
        .ok_or_else(|| {
            Error::Usage(format!(
                "--max {max_heap}: up to 4294967294 with every value in memory; --stream for more"
            ))
        })
}

/// What a run found: how far it went, its period if proven, its largest value, the
/// rare/common split, and a checksum of the values.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OctalRun {
    /// The game's code.
    code: String,
    /// The heaps computed, 0..heaps.
    pub heaps: usize,
    /// Seconds the values took (left out of the JSON: the results alone are reproducible).
    #[serde(skip)]
    pub seconds: f64,
    /// The pre-period, when the values prove a period.
    pub preperiod: Option<usize>,
    /// The period p.
    pub period: Option<usize>,
    /// The last exception: the last heap n with G(n) ≠ G(n + p).
    pub last_exception: Option<usize>,
    /// The largest value.
    pub largest: u16,
    /// The first heap with it.
    pub largest_at: usize,
    /// The rare/common split's mask m, when a split is useful.
    pub mask: Option<u16>,
    /// t when the split reads the heap's parity too (heap n rare when popcount(G(n) & m) +
    /// n + t is even).
    pub heap_parity: Option<u8>,
    /// The rare heaps under it.
    pub rare_heaps: Option<usize>,
    /// The last of them.
    pub last_rare_heap: Option<u32>,
    /// FNV-1a 64 of the values as u16 little-endian, in hex.
    pub checksum: String,
}

impl OctalRun {
    /// The run of the game `code` that gave `table` in `seconds`.
    pub fn of(code: &str, table: &OctalValues, seconds: f64) -> OctalRun {
        let values = table.values();
        let (largest_at, largest) = table.largest();
        let periodicity = table.periodicity();
        OctalRun {
            code: code.to_owned(),
            heaps: values.len(),
            seconds,
            preperiod: periodicity.map(|found| found.preperiod),
            period: periodicity.map(|found| found.period),
            last_exception: periodicity.and(table.last_exception()),
            largest,
            largest_at,
            mask: table.split().map(|split| split.mask),
            heap_parity: table.split().and_then(|split| split.heap_parity),
            rare_heaps: table.split().map(|_| table.rare_heaps().len()),
            last_rare_heap: table.split().and(table.rare_heaps().last().copied()),
            checksum: format!("{:016x}", table.checksum()),
        }
    }
}

impl Report for OctalRun {
    type Row = OctalRun;

    fn text(&self) -> String {
        let mut text = format!(
            "{}, heaps 0..={}: {:.2} s\n",
            self.code,
            self.heaps.saturating_sub(1),
            self.seconds
        );
        text += &match (self.preperiod, self.period) {
            (Some(preperiod), Some(period)) => format!(
                "  period {period} from heap {preperiod} (last exception {}), proven\n",
                self.last_exception
                    .map_or("none".to_string(), |n| n.to_string())
            ),
            _ => "  no period proven (periods up to half the heaps computed are checked)\n".into(),
        };
        text += &format!(
            "  largest value {}, first at heap {}\n",
            self.largest, self.largest_at
        );
        let parity = match self.heap_parity {
            Some(t) => format!(" with the heap's parity (n + {t})"),
            None => String::new(),
        };
        text += &match self.mask {
            Some(mask) => format!(
                "  rare/common mask {mask:#x}{parity}: {} rare heaps, the last {}\n",
                self.rare_heaps.unwrap_or(0),
                self.last_rare_heap
                    .map_or("none".to_string(), |heap| heap.to_string())
            ),
            None => "  no useful rare/common split: direct mex\n".into(),
        };
        text + &format!(
            "  checksum (FNV-1a 64 of the u16 LE values) {}\n",
            self.checksum
        )
    }

    fn rows(&self) -> Vec<OctalRun> {
        vec![self.clone()]
    }
}

#[cfg(test)]
mod tests {
    use nim_games::heap_games::OctalGame;
    use nim_games::octal::OctalOptions;

    use crate::Options;
    use crate::cli::{Command, parse};
    use crate::format::Report;

    fn octal(args: &[&str]) -> Result<super::Args, String> {
        match parse(&[&["octal"], args].concat()) {
            Ok(Command::Octal(args)) => Ok(args),
            Ok(_) => Err("another command".to_owned()),
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
            &["0.77", "--max", "10", "--front", "131072"],
            &["0.77", "--max", "10", "--stream", "--until-proven"],
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
            assert!(super::run(&args, &Options::quiet()).is_err(), "{code:?}");
        }
    }

    /// `--out` writes G(0..=N) as little-endian u16s, `--b-file` as `n G(n)` lines.
    #[test]
    fn the_values_files_hold_every_value() {
        let scratch = tempfile::tempdir().unwrap();
        let folder = scratch.path();
        let (bin, b_file) = (folder.join("v.bin"), folder.join("b.txt"));
        let args = octal(&[
            "0.07",
            "--max",
            "300",
            "--out",
            bin.to_str().unwrap(),
            "--b-file",
            b_file.to_str().unwrap(),
        ])
        .unwrap();
        super::run(&args, &Options::quiet()).unwrap();
        let bytes = std::fs::read(&bin).unwrap();
        let lines = std::fs::read_to_string(&b_file).unwrap();
        let table = OctalOptions::new()
            .compute(&OctalGame::parse("0.07").unwrap(), 300)
            .unwrap();
        let read: Vec<u16> = bytes
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
            .collect();
        assert_eq!(read, table.values());
        let from_b_file: Vec<u16> = lines
            .lines()
            .enumerate()
            .map(|(n, line)| {
                let (index, value) = line.split_once(' ').unwrap();
                assert_eq!(index, n.to_string());
                value.parse().unwrap()
            })
            .collect();
        assert_eq!(from_b_file, table.values());
    }

    #[test]
    fn the_summary_reports_kayles_period() {
        let table = OctalOptions::new()
            .until_proven()
            .compute(&OctalGame::parse("0.77").unwrap(), 10_000)
            .unwrap();
        let text = super::OctalRun::of("0.77", &table, 0.0).text();
        assert!(
            text.contains("period 12 from heap 71 (last exception 70), proven"),
            "{text}"
        );
    }
}

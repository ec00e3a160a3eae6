//! `game-analysis grundy`: nim-values of Grundy's game at scale, or the misère outcomes of
//! single heaps, from `nim_games::grundys_game`.

use std::path::PathBuf;
use std::time::Instant;

use nim_games::grundys_game::{MisereTable, NimValueOptions, Schedule};
use serde::Serialize;

use crate::Options;
use crate::commands::octal::in_memory_bound;
use crate::commands::streamed::{self, StreamArgs, StreamedCommand};
use crate::error::{Error, LibraryResult, Result};
use crate::format::{Report, print, print_beside};
use crate::output::{
    MilestoneFolder, OutputFile, distinct_outputs, parse_output_file, write_nim_value_files,
};
use crate::progress::Progress;
use nim_games::stream::StreamedGame;

/// The largest single heap of `--misere`: the misère table holds every position with at
/// most this many live matches (`nim_games::grundys_game::MisereTable`'s limit).
const MAX_MISERE_HEAP: u32 = 159;

/// Nim-values of Grundy's game (split a heap into two unequal heaps) for every heap 0..=N
/// by the rare/common method, or with `--misere` the misère outcomes of single heaps.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// N, the largest heap: up to 4,294,967,294 for the nim-values in memory (2(N + 1)
    /// bytes of values), any with --stream, up to 159 with --misere.
    #[arg(long = "max", value_name = "N", value_parser = clap::value_parser!(u64).range(0..u64::MAX))]
    max_heap: u64,
    /// Write G(0), G(1), ..., G(N) to PATH as little-endian u16, 2(N + 1) bytes, no header;
    /// the path is checked before the work and the file replaced only when whole.
    #[arg(long, value_name = "PATH", value_parser = parse_output_file, conflicts_with = "misere")]
    out: Option<OutputFile>,
    /// Write G(0), G(1), ..., G(N) to PATH as an OEIS b-file, a line `n G(n)` a heap.
    #[arg(long, value_name = "PATH", value_parser = parse_output_file, conflicts_with = "misere")]
    b_file: Option<OutputFile>,
    /// Write into the folder DIR (created if missing) the frequencies of the values of
    /// heaps 1 to n at every power of two n and at N, each as a file named n of lines
    /// `value frequency` (Rogalski's layout), and milestones.json with each one's
    /// frequencies, rare heaps (mask …11110), largest value and first heap with it, and
    /// checksum.
    #[arg(long, value_name = "DIR", conflicts_with = "misere")]
    milestones: Option<PathBuf>,
    /// The misère outcomes of single heaps 1..=N, each with a winning split, from a table
    /// of every position with at most N live matches (retrograde analysis).
    #[arg(long, conflicts_with_all = ["stream", "front", "checkpoint", "stop_at"])]
    misere: bool,
    /// Threads for the nim-values, 1 or 2; the values are the same.
    #[arg(long, value_name = "1|2", default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2), conflicts_with = "misere")]
    threads: u8,
    #[command(flatten)]
    stream: StreamArgs,
}

/// Runs the command.
pub fn run(args: &Args, options: &Options) -> Result<()> {
    if args.misere {
        if args.max_heap > u64::from(MAX_MISERE_HEAP) {
            return Err(Error::Usage(format!(
                "--misere --max {}: the misère table reaches single heaps up to {MAX_MISERE_HEAP}",
                args.max_heap
            )));
        }
        return print(options.format, &misere(args.max_heap as u32)?);
    }
    let outputs = [args.out.as_ref(), args.b_file.as_ref()];
    let named = [
        ("--out", outputs[0]),
        ("--b-file", outputs[1]),
        ("--checkpoint", args.stream.checkpoint()),
    ];
    distinct_outputs(&named)?;
    let schedule = Schedule::on_threads(args.threads.into())
        .ok_or_else(|| Error::Usage(format!("--threads {}: 1 or 2", args.threads)))?;
    if args.stream.is_streamed() {
        let command = StreamedCommand {
            game: StreamedGame::Grundy,
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
    let table = NimValueOptions::new()
        .schedule(schedule)
        .progress(|n| progress.set(u64::from(n)))
        .compute(max_heap)
        .library()?;
    progress.finish();
    let values = table.values();
    let rare = table.rare_heaps();
    let report = NimValues {
        max_heap,
        seconds: started.elapsed().as_secs_f64(),
        rare_heaps: rare.len(),
        last_rare_heap: rare.last().map(|&heap| (heap, values[heap as usize])),
        p_positions: table.p_position_count(),
        largest_value: nim_games::octal::largest(values).1,
        full_scans: table.full_scans(),
        checksum: format!("{:016x}", table.checksum()),
    };
    print_beside(options.format, &report, &outputs)?;
    write_nim_value_files(values, args.out.as_ref(), args.b_file.as_ref(), options)?;
    match milestones {
        Some(folder) => folder.write(&table.milestones(), options),
        None => Ok(()),
    }
}

/// What a run of the nim-values found.
#[derive(Debug, Serialize)]
pub struct NimValues {
    /// N, the largest heap.
    pub max_heap: u32,
    /// Seconds the values took (left out of the JSON: the results alone are reproducible).
    #[serde(skip)]
    pub seconds: f64,
    /// Heaps whose value has even parity above the lowest bit.
    pub rare_heaps: usize,
    /// The last of them, with its value.
    pub last_rare_heap: Option<(u32, u16)>,
    /// Heaps n ≥ 1 with G(n) = 0.
    pub p_positions: usize,
    /// The largest value.
    pub largest_value: u16,
    /// Heaps whose value needed a full scan of the splits.
    pub full_scans: u64,
    /// FNV-1a 64 of the values as u16 little-endian, in hex.
    pub checksum: String,
}

/// [`NimValues`] as one CSV row.
#[derive(Debug, Serialize)]
pub struct NimValuesRow {
    max_heap: u32,
    rare_heaps: usize,
    last_rare_heap: Option<u32>,
    last_rare_value: Option<u16>,
    p_positions: usize,
    largest_value: u16,
    full_scans: u64,
    checksum: String,
}

impl Report for NimValues {
    type Row = NimValuesRow;

    fn text(&self) -> String {
        let mut text = format!(
            "Grundy's game, heaps 0..={}: computed in {:.2} s\n",
            self.max_heap, self.seconds
        );
        text += &format!(
            "  rare heaps (value with even parity above the lowest bit): {}\n",
            self.rare_heaps
        );
        if let Some((heap, value)) = self.last_rare_heap {
            text += &format!("  last rare heap: {heap} (G = {value})\n");
        }
        text += &format!(
            "  P-positions (heaps n >= 1 with G(n) = 0): {}\n",
            self.p_positions
        );
        text += &format!("  largest value: {}\n", self.largest_value);
        text += &format!("  heaps that needed a full scan: {}\n", self.full_scans);
        text + &format!(
            "  checksum (FNV-1a 64 of the u16 LE values) {}\n",
            self.checksum
        )
    }

    fn rows(&self) -> Vec<NimValuesRow> {
        vec![NimValuesRow {
            max_heap: self.max_heap,
            rare_heaps: self.rare_heaps,
            last_rare_heap: self.last_rare_heap.map(|(heap, _)| heap),
            last_rare_value: self.last_rare_heap.map(|(_, value)| value),
            p_positions: self.p_positions,
            largest_value: self.largest_value,
            full_scans: self.full_scans,
            checksum: self.checksum.clone(),
        }]
    }
}

/// The misère outcomes of single heaps 1..=N.
#[derive(Debug, Serialize)]
pub struct MisereOutcomes {
    /// N, the largest heap.
    pub max_heap: u32,
    /// Positions in the table (every one with at most N live matches).
    pub positions: u64,
    /// Seconds the table took (left out of the JSON).
    #[serde(skip)]
    pub seconds: f64,
    /// Each heap's outcome.
    pub heaps: Vec<MisereHeap>,
}

/// One heap's misère outcome, one CSV row.
#[derive(Debug, Clone, Serialize)]
pub struct MisereHeap {
    /// The heap.
    pub heap: u32,
    /// `N` when the player to move wins, `P` when the other does.
    pub outcome: char,
    /// The larger heap of the first winning split, if a split wins.
    pub larger: Option<u32>,
    /// Its smaller heap.
    pub smaller: Option<u32>,
}

/// The misère outcomes of single heaps 1..=max_heap, each with its first winning split.
fn misere(max_heap: u32) -> Result<MisereOutcomes> {
    let started = Instant::now();
    let table = MisereTable::new(max_heap).library()?;
    let seconds = started.elapsed().as_secs_f64();
    let heaps = (1..=max_heap)
        .map(|heap| {
            let split = table.winning_splits(heap).library()?.first().copied();
            let outcome = if table.first_player_wins(&[heap]).library()? {
                'N'
            } else {
                'P'
            };
            Ok(MisereHeap {
                heap,
                outcome,
                larger: split.map(|(larger, _)| larger),
                smaller: split.map(|(_, smaller)| smaller),
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(MisereOutcomes {
        max_heap,
        positions: table.positions(),
        seconds,
        heaps,
    })
}

impl Report for MisereOutcomes {
    type Row = MisereHeap;

    fn text(&self) -> String {
        let n = self.max_heap;
        let mut text = format!(
            "Grundy's game, misère play: {} position{} (at most {n} live matches) decided in {:.2} s\n",
            self.positions,
            if self.positions == 1 { "" } else { "s" },
            self.seconds
        );
        if n == 0 {
            return text
                + "No single heaps: --max 0 asks for none (the empty position is a win for the player to move)\n";
        }
        text +=
            &format!("Single heaps 1..={n} (N: first player wins, with its first winning split)\n");
        for heap in &self.heaps {
            let outcome = match (heap.larger, heap.smaller) {
                (Some(larger), Some(smaller)) => format!("N  {larger},{smaller}"),
                _ if heap.outcome == 'N' => "N  (no move: the player to move wins)".to_owned(),
                _ => "P".to_owned(),
            };
            text += &format!("  {:>3}  {outcome}\n", heap.heap);
        }
        let p: Vec<String> = self
            .heaps
            .iter()
            .filter(|heap| heap.outcome == 'P')
            .map(|heap| heap.heap.to_string())
            .collect();
        let p = if p.is_empty() {
            "none".to_owned()
        } else {
            p.join(", ")
        };
        text + &format!("P-positions: {p}\n")
    }

    fn rows(&self) -> Vec<MisereHeap> {
        self.heaps.clone()
    }
}

#[cfg(test)]
mod tests {
    use crate::cli::{Command, parse};

    fn grundy(args: &[&str]) -> Result<super::Args, String> {
        match parse(&[&["grundy"], args].concat()) {
            Ok(Command::Grundy(args)) => Ok(args),
            Ok(_) => Err("another command".to_owned()),
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
            &["--misere", "--max", "10", "--b-file", "b.txt"],
            &["--max", "10", "--max", "20"],
            &["--max", "-1"],
            &["--max", "10", "--front", "131072"],
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

    #[test]
    fn misere_heaps_are_p_every_third_to_thirty() {
        let outcomes = super::misere(30).unwrap();
        let p: Vec<u32> = outcomes
            .heaps
            .iter()
            .filter(|heap| heap.outcome == 'P')
            .map(|heap| heap.heap)
            .collect();
        assert_eq!(p, (1..=10).map(|k| 3 * k).collect::<Vec<_>>());
    }
}

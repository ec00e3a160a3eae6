//! `cargo xtask octal-open`: every octal game a published list still counts unsolved (Czajka's
//! UnsolvedGames.md, github.com/tczajka/octal-games), computed as far as a time budget per
//! game allows, kept in `docs/data/octal-open.json` and tabulated in `docs/octal-games.md`.
//!
//! A game is computed to 2^16 heaps, then to twice as many while the next run, predicted
//! from the growth of the last two, fits in what is left of its budget, up to 2^`max-log2`;
//! the values of a run are a prefix of the next one's, so the last run is the result and a
//! game costs at most about twice it. Each game is kept as soon as it is done, so a stopped
//! run resumes with the games still missing; `--only` runs chosen games again under a larger
//! budget, leaving the others as they are, and each row says the budget it ran under. Two
//! games run at once, one a core: each on one thread of the engine (`Schedule::OneThread`).

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use nim_games::heap_games::OctalGame;
use nim_games::octal::{OctalOptions, OctalValues, RareSplit, Schedule, Split};
use serde::{Deserialize, Serialize};

use game_core::durable::OutputFile;
use nim_games::octal::largest;

use crate::commands::parse_output_file;

use crate::commands::markers::{Block, Destination};
use crate::error::{Error, LibraryResult, Result};

/// The octal games of at most three code digits that Czajka's UnsolvedGames.md (commit
/// 30baeb79f420ab406e3b9f0378462aba989a47ad) lists as unsolved, in its order; Grundy's game,
/// its first row, is not an octal game and has its own engine (`game-analysis grundy`).
pub const OPEN_GAMES: [&str; 82] = [
    "0.6", "0.04", "0.06", "0.14", "0.36", "0.64", "0.74", "0.76", "0.004", "0.005", "0.006",
    "0.014", "0.015", "0.016", "0.024", "0.026", "0.034", "0.054", "0.064", "0.104", "0.106",
    "0.114", "0.125", "0.126", "0.135", "0.136", "0.142", "0.143", "0.146", "0.161", "0.162",
    "0.163", "0.164", "0.166", "0.167", "0.172", "0.174", "0.204", "0.205", "0.206", "0.207",
    "0.224", "0.244", "0.245", "0.264", "0.314", "0.324", "0.334", "0.336", "0.342", "0.344",
    "0.346", "0.362", "0.364", "0.366", "0.371", "0.374", "0.404", "0.414", "0.416", "0.444",
    "0.454", "0.564", "0.604", "0.606", "0.744", "0.764", "0.774", "0.776", "4.004", "4.007",
    "4.026", "4.044", "4.045", "4.064", "4.324", "4.327", "4.344", "4.364", "4.367", "4.404",
    "4.406",
];

/// The first run of every game: 2^16 heaps.
const FIRST_LOG2: u32 = 16;

/// `cargo xtask octal-open`: the open octal games, each as far as `--budget` allows.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Seconds a game may take in all, its doublings together.
    #[arg(long, value_name = "S", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    budget: u64,
    /// Stop a game at 2^K heaps.
    #[arg(long = "max-log2", value_name = "K", default_value_t = 26, value_parser = clap::value_parser!(u32).range(16..=31))]
    max_log2: u32,
    /// Only these games: into the kept results (the others stay as they are), or into
    /// `--json` for a trial.
    #[arg(long, value_name = "CODE", num_args = 1..)]
    only: Vec<String>,
    /// Write the results to PATH instead of the kept file and the docs (a trial).
    #[arg(long, value_name = "PATH", value_parser = parse_output_file)]
    json: Option<OutputFile>,
}

/// One game as far as its budget took it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OpenGameRun {
    /// The game's code.
    pub code: String,
    /// The heaps computed, 0..heaps.
    pub heaps: usize,
    /// Seconds of the last run (one thread), the one whose values these are.
    pub seconds: f64,
    /// The budget it ran under, in seconds.
    pub budget: u64,
    /// The largest value, and the first heap with it.
    pub largest: u16,
    /// The first heap with the largest value.
    pub largest_at: usize,
    /// The mask m of the split that leaves the fewest heaps rare, when a split is useful.
    pub mask: Option<u16>,
    /// t when that split reads the heap's parity too (`nim_games::octal::Split`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heap_parity: Option<u8>,
    /// The heaps n ≥ 0 rare under it (heap 0 included, as the published tables count).
    pub rare: Option<usize>,
    /// The last of them.
    pub last_rare: Option<usize>,
    /// The pre-period and period, when the values prove one.
    pub period: Option<(usize, usize)>,
    /// FNV-1a 64 of the values as u16 little-endian, in hex.
    pub checksum: String,
    /// Why it stopped there.
    pub stopped: Stop,
}

/// Why a game stopped where it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stop {
    /// The values prove a period.
    Proven,
    /// It reached 2^max-log2 heaps.
    Goal,
    /// The next doubling would not fit in the budget.
    Budget,
}

/// Where the results are kept.
pub fn open_games_data(docs: &Path) -> PathBuf {
    docs.join("data").join("octal-open.json")
}

/// The table's place in `docs/octal-games.md`.
pub const OPEN_TABLE: Block = Block {
    page: "octal-games.md",
    begin: "<!-- open games: begin (generated by `cargo xtask generate` from docs/data/octal-open.json) -->",
    end: "<!-- open games: end -->",
};

/// Runs the task.
pub fn run(args: &Args, docs: &Path) -> Result<bool> {
    let codes: Vec<String> = if args.only.is_empty() {
        OPEN_GAMES.map(str::to_owned).to_vec()
    } else {
        args.only.clone()
    };
    for code in &codes {
        OctalGame::parse(code).library()?;
    }
    let destination =
        Destination::of(args.json.as_ref(), &OPEN_TABLE, open_games_data(docs), docs)?;
    let kept = match destination {
        Destination::Kept(_) => read_runs(docs)?,
        Destination::Trial(_) => Vec::new(),
    };
    let runs = run_games(
        &codes,
        &kept,
        args.budget,
        args.max_log2,
        &destination,
        docs,
    )?;
    destination.save(&runs, |runs| OPEN_TABLE.write(docs, &table(runs)))?;
    Ok(true)
}

/// Runs `codes` two at a time, skipping those `kept` under the same budget and goal, and
/// keeping the results after each game (so that a stopped run resumes); returns them in
/// the list's order.
fn run_games(
    codes: &[String],
    kept: &[OpenGameRun],
    budget: u64,
    max_log2: u32,
    destination: &Destination,
    docs: &Path,
) -> Result<Vec<OpenGameRun>> {
    let done = |run: &OpenGameRun| match run.stopped {
        Stop::Proven => true,
        Stop::Goal => run.heaps >= 1 << max_log2,
        Stop::Budget => run.budget >= budget,
    };
    let runs = Mutex::new(kept.to_vec());
    let queue: Mutex<Vec<&String>> = Mutex::new(
        codes
            .iter()
            .rev()
            .filter(|code| !kept.iter().any(|run| &run.code == *code && done(run)))
            .collect(),
    );
    let total = queue.lock().map_or(0, |queue| queue.len());
    let finished = AtomicUsize::new(0);
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let next = queue.lock().ok().and_then(|mut queue| queue.pop());
                    let Some(code) = next else { break };
                    match run_game(code, budget, max_log2) {
                        Ok(run) => {
                            let Ok(mut runs) = runs.lock() else { break };
                            runs.retain(|kept| kept.code != run.code);
                            runs.push(run.clone());
                            runs.sort_by_key(|run| order(&run.code));
                            let finished = 1 + finished.fetch_add(1, Ordering::Relaxed);
                            eprintln!("[{finished}/{total}] {}", line(&run));
                            let kept = match destination {
                                Destination::Kept(_) => keep(&runs, docs),
                                Destination::Trial(_) => Ok(()),
                            };
                            if let Err(error) = kept {
                                fail(&failure, error);
                                break;
                            }
                        }
                        Err(error) => {
                            fail(&failure, error);
                            break;
                        }
                    }
                }
            });
        }
    });
    if let Some(error) = failure.into_inner().ok().flatten() {
        return Err(error);
    }
    runs.into_inner()
        .map_err(|_| Error::NotComputable("a game's thread failed".to_owned()))
}

/// Records the first failure of the games' threads.
fn fail(failure: &Mutex<Option<Error>>, error: Error) {
    if let Ok(mut failure) = failure.lock() {
        failure.get_or_insert(error);
    }
}

/// A game's place in the list (games outside it last, by code).
fn order(code: &str) -> (usize, String) {
    let place = OPEN_GAMES.iter().position(|&open| open == code);
    (place.unwrap_or(usize::MAX), code.to_owned())
}

/// Writes the results so far to the kept file.
fn keep(runs: &[OpenGameRun], docs: &Path) -> Result<()> {
    let text = serde_json::to_string_pretty(runs).library()? + "\n";
    Ok(OutputFile::check(open_games_data(docs))?.write(text.as_bytes())?)
}

/// One game: 2^16 heaps, then doublings while the next is predicted to fit in the budget.
fn run_game(code: &str, budget: u64, max_log2: u32) -> Result<OpenGameRun> {
    let game = OctalGame::parse(code).library()?;
    let started = Instant::now();
    let mut previous_seconds = None;
    let mut log2 = FIRST_LOG2;
    let (table, seconds, stopped) = loop {
        let run_started = Instant::now();
        // Two games run at once, one a core.
        let table = OctalOptions::new()
            .schedule(Schedule::OneThread)
            .until_proven()
            .compute(&game, (1u32 << log2) - 1)
            .library()?;
        let seconds = run_started.elapsed().as_secs_f64();
        if table.periodicity().is_some() {
            break (table, seconds, Stop::Proven);
        }
        if log2 == max_log2 {
            break (table, seconds, Stop::Goal);
        }
        let growth = previous_seconds.map_or(2.0, |previous: f64| (seconds / previous).max(2.0));
        if started.elapsed().as_secs_f64() + seconds * growth > budget as f64 {
            break (table, seconds, Stop::Budget);
        }
        previous_seconds = Some(seconds.max(1e-3));
        log2 += 1;
    };
    Ok(summary(code, &table, seconds, budget, stopped))
}

/// What the table keeps of a game's last run.
fn summary(
    code: &str,
    table: &OctalValues,
    seconds: f64,
    budget: u64,
    stopped: Stop,
) -> OpenGameRun {
    let values = table.values();
    let (largest_at, largest) = largest(values);
    let split = table.split().map(|split| RareSplit::under(values, split));
    OpenGameRun {
        code: code.to_owned(),
        heaps: values.len(),
        seconds,
        budget,
        largest,
        largest_at,
        mask: table.split().map(|split| split.mask),
        heap_parity: table.split().and_then(|split| split.heap_parity),
        rare: split.map(|split| split.rare),
        last_rare: split.map(|split| split.last_rare),
        period: table
            .periodicity()
            .map(|found| (found.preperiod, found.period)),
        checksum: format!("{:016x}", table.checksum()),
        stopped,
    }
}

/// A game as the progress line prints it.
fn line(run: &OpenGameRun) -> String {
    format!(
        "{}: {} heaps in {:.1} s ({:?}), largest {} at {}",
        run.code, run.heaps, run.seconds, run.stopped, run.largest, run.largest_at
    )
}

/// The kept results, none before the first run.
pub fn read_runs(docs: &Path) -> Result<Vec<OpenGameRun>> {
    let path = open_games_data(docs);
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text = std::fs::read_to_string(&path).map_err(Error::io(&path))?;
    serde_json::from_str(&text).library()
}

/// The table of the kept results, a row a game.
pub fn table(runs: &[OpenGameRun]) -> String {
    if runs.is_empty() {
        return "No results are kept yet: run `cargo xtask octal-open`.\n".to_owned();
    }
    let mut text = String::from(
        "| game | heaps | rare mask | rare heaps | last rare | largest (first at) | period | time | stopped | checksum |\n\
         |---|---|---|---|---|---|---|---|---|---|\n",
    );
    for run in runs {
        let dash = || "—".to_owned();
        text += &format!(
            "| {} | {} | {} | {} | {} | {} ({}) | {} | {:.1} s | {} | `{}` |\n",
            run.code.strip_prefix('0').unwrap_or(&run.code),
            heaps(run.heaps),
            run.mask.map_or_else(dash, |mask| {
                let heap_parity = run.heap_parity;
                Split { mask, heap_parity }.to_string()
            }),
            run.rare.map_or_else(dash, |rare| rare.to_string()),
            run.last_rare.map_or_else(dash, |last| last.to_string()),
            run.largest,
            run.largest_at,
            run.period
                .map_or_else(dash, |(pre, period)| format!("{period} from {pre}")),
            run.seconds,
            match run.stopped {
                Stop::Proven => "proven".to_owned(),
                Stop::Goal => "goal".to_owned(),
                Stop::Budget if run.mask.is_none() => {
                    format!("budget {} s (dense: direct mex)", run.budget)
                }
                Stop::Budget => format!("budget {} s", run.budget),
            },
            run.checksum,
        );
    }
    text
}

/// A number of heaps, as a power of two when it is one.
fn heaps(heaps: usize) -> String {
    if heaps.is_power_of_two() {
        format!("2^{}", heaps.trailing_zeros())
    } else {
        heaps.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Task, parse};

    fn octal_open(args: &[&str]) -> std::result::Result<Args, String> {
        match parse(&[&["octal-open"], args].concat()) {
            Ok(Task::OctalOpen(args)) => Ok(args),
            Ok(_) => Err("another task".to_owned()),
            Err(error) => Err(error.to_string()),
        }
    }

    #[test]
    fn chosen_games_run_as_a_trial_or_into_the_kept_results_and_bad_options_are_refused() {
        let args = octal_open(&["--only", "0.6", "0.14", "--json", "/tmp/x.json"]).unwrap();
        assert_eq!((args.only.len(), args.budget, args.max_log2), (2, 60, 26));
        let args = octal_open(&["--only", "0.6", "--budget", "900"]).unwrap();
        assert_eq!(
            (args.only.len(), args.budget, args.json.is_none()),
            (1, 900, true)
        );
        for bad in [
            &["--only"][..],
            &["--budget", "0"],
            &["--max-log2", "15"],
            &["--max-log2", "32"],
            &["--write-docs", "--budget", "10"],
        ] {
            assert!(octal_open(bad).is_err(), "{bad:?}");
        }
    }

    /// Every listed code is a game the engine reads, and none is listed twice.
    #[test]
    fn the_list_is_of_valid_distinct_codes() {
        for (i, code) in OPEN_GAMES.iter().enumerate() {
            OctalGame::parse(code).unwrap();
            assert!(!OPEN_GAMES[..i].contains(code), "{code} twice");
        }
    }

    /// A solved game stops at its proof; an open one at the goal or the budget, its row
    /// drawn with its split.
    #[test]
    fn a_game_stops_at_its_proof_its_goal_or_its_budget() {
        let kayles = run_game("0.77", 60, 20).unwrap();
        assert_eq!(
            (kayles.stopped, kayles.period),
            (Stop::Proven, Some((71, 12)))
        );
        let six = run_game("0.6", 600, 16).unwrap();
        assert_eq!((six.stopped, six.heaps), (Stop::Goal, 1 << 16));
        assert_eq!(six.last_rare, Some(20627));
        let row = table(std::slice::from_ref(&six));
        assert!(row.contains("| .6 | 2^16 | 1ee |"), "{row}");
        // A game that stopped on its budget says which.
        let stopped = OpenGameRun {
            stopped: Stop::Budget,
            ..six
        };
        let row = table(&[stopped]);
        assert!(row.contains("| budget 600 s |"), "{row}");
    }
}

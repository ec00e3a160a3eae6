//! `game-analysis bearoff --two-sided 6xC --out PATH` and `--one-sided P --out PATH`: GNU
//! Backgammon's bear-off files from `backgammon_cube::gnubg`, the same bytes as `makebearoff
//! -t 6xC -f PATH` and `makebearoff -o P -f PATH`; with `--work-dir DIR`, the two-sided file
//! built out of core, up to the complete database (6x15), resuming an interrupted build.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use backgammon_cube::bearoff::MAX_CHECKERS;
use backgammon_cube::gnubg::{
    BuildPhase, BuildProgress, MAX_ONE_SIDED_POINTS, OneSidedFile, OneSidedLayout, TwoSidedReader,
    build_two_sided_file, two_sided_file, two_sided_file_with_progress,
};
use backgammon_cube::two_sided::MAX_MEASURED_CHECKERS;

use serde::Serialize;

use crate::error::{Error, LibraryResult, Result};
use crate::format::{Report, print};
use crate::output::{OutputFile, parse_database_file};
use crate::progress::Progress;
use crate::{Options, interrupt};

/// GNU Backgammon's bear-off databases: the two-sided file of C checkers a side on the six
/// home points (`--two-sided 6xC`), the same bytes as gnubg's `makebearoff -t 6xC`, in
/// memory or out of core up to the complete database (6x15); the one-sided file of fifteen
/// checkers on P points (`--one-sided P`), the same bytes as `makebearoff -o P` (with `-g`,
/// `-c` as `--no-gammon`, `--no-compress`); or a check of a two-sided file (`--check`).
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("kind").required(true).args(["checkers", "points", "check"])))]
pub struct Args {
    /// The two-sided file's size, 6xC with C from 1 to 12 in memory, to 15 with --work-dir.
    #[arg(long = "two-sided", value_name = "6xC", value_parser = checkers_of)]
    checkers: Option<u32>,
    /// Build the two-sided file out of core, keeping the work (about the file's size) in
    /// DIR; run again with the same arguments to resume a build that was stopped.
    #[arg(long, value_name = "DIR", requires = "checkers", conflicts_with_all = ["points", "check"])]
    work_dir: Option<std::path::PathBuf>,
    /// The one-sided file's points, 1 to 13.
    #[arg(long = "one-sided", value_name = "P", value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_ONE_SIDED_POINTS)))]
    points: Option<u32>,
    /// Leave out the gammon distributions (one-sided).
    #[arg(long, conflicts_with = "checkers")]
    no_gammon: bool,
    /// Write every distribution whole, with no index (one-sided).
    #[arg(long, conflicts_with = "checkers")]
    no_compress: bool,
    /// The file to write; checked before the work, replaced only when whole.
    #[arg(long, value_name = "PATH", value_parser = parse_database_file, required_unless_present = "check")]
    out: Option<OutputFile>,
    /// Check a two-sided file instead: a sample of its entries recomputed from the entries
    /// one roll later, and with --against, every pair of a smaller size.
    #[arg(long, value_name = "PATH", conflicts_with = "out")]
    check: Option<PathBuf>,
    /// With --check: build 6xC in memory and compare every one of its pairs with the file.
    #[arg(long, value_name = "C", conflicts_with_all = ["checkers", "points"], value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_MEASURED_CHECKERS)))]
    against: Option<u32>,
    /// With --check: how many distinct pairs to recompute, spread evenly over the file (at
    /// least 1; every pair when the file has fewer).
    #[arg(long, value_name = "N", conflicts_with_all = ["checkers", "points"], default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    sample: u64,
}

/// Runs the command; false when a checked file fails its checks.
pub fn run(args: &Args, options: &Options) -> Result<bool> {
    if let Some(path) = &args.check {
        let report = check(path, args.against, args.sample, options)?;
        print(options.format, &report)?;
        return Ok(report.differing() == 0);
    }
    let out = args
        .out
        .as_ref()
        .ok_or_else(|| Error::Usage("bearoff: give --out PATH".to_owned()))?;
    let written = match (args.checkers, args.points) {
        (Some(checkers), _) => match &args.work_dir {
            Some(work_dir) => two_sided_out_of_core(checkers, work_dir, out, options),
            None if checkers > MAX_MEASURED_CHECKERS => Err(Error::Usage(format!(
                "bearoff: 6x{checkers} does not fit in memory; give --work-dir DIR to build it out of core"
            ))),
            None => two_sided(checkers, out, options),
        },
        (None, Some(points)) => {
            let layout = OneSidedLayout {
                gammon: !args.no_gammon,
                compress: !args.no_compress,
            };
            one_sided(points, layout, out, options)
        }
        (None, None) => Err(Error::Usage(
            "bearoff: give --two-sided 6xC, --one-sided P or --check PATH".to_owned(),
        )),
    }?;
    print(options.format, &written)?;
    Ok(true)
}

/// A database file written.
#[derive(Debug, Clone, Serialize)]
pub struct Written {
    /// The file.
    pub file: String,
    /// `one-sided` or `two-sided`.
    pub kind: &'static str,
    /// The size in gnubg's terms: `6xC` or the one-sided file's points.
    pub size: String,
    /// Positions (one-sided) or pairs of positions (two-sided) in the file.
    pub entries: u64,
    /// The file's length in bytes.
    pub bytes: u64,
    /// One-sided: rolls whose best plays tie, decided by gnubg's order among them.
    pub tied_rolls: Option<u64>,
    /// Seconds of this run (left out of the JSON).
    #[serde(skip)]
    pub seconds: f64,
}

impl Report for Written {
    type Row = Written;

    fn text(&self) -> String {
        let tied = self
            .tied_rolls
            .map(|tied| {
                format!("; {tied} rolls' best plays decided by gnubg's order among tied plays")
            })
            .unwrap_or_default();
        let unit = if self.kind == "one-sided" {
            "positions"
        } else {
            "pairs"
        };
        format!(
            "wrote {} ({} bear-off file {}, {} bytes, {} {unit}{tied}) in {:.2} s\n",
            self.file, self.kind, self.size, self.bytes, self.entries, self.seconds
        )
    }

    fn rows(&self) -> Vec<Written> {
        vec![self.clone()]
    }
}

fn file_length(out: &OutputFile) -> Result<u64> {
    std::fs::metadata(out.path())
        .map(|metadata| metadata.len())
        .map_err(Error::io(out.path()))
}

fn one_sided(
    points: u32,
    layout: OneSidedLayout,
    out: &OutputFile,
    options: &Options,
) -> Result<Written> {
    let started = Instant::now();
    let progress = Progress::new(0, "positions", options.quiet);
    let file = OneSidedFile::build(points, layout, |done, positions| {
        progress.set_total(u64::from(positions));
        progress.set(u64::from(done));
    })
    .library()?;
    progress.finish();
    out.write_with(|mut writer| file.write_to(&mut writer))?;
    Ok(Written {
        file: out.path().display().to_string(),
        kind: "one-sided",
        size: points.to_string(),
        entries: file.positions() as u64,
        bytes: file_length(out)?,
        tied_rolls: Some(file.tied_rolls()),
        seconds: started.elapsed().as_secs_f64(),
    })
}

fn two_sided(checkers: u32, out: &OutputFile, options: &Options) -> Result<Written> {
    let started = Instant::now();
    let progress = Progress::new(0, "pairs", options.quiet);
    let file = two_sided_file_with_progress(checkers, shown_on(&progress)).library()?;
    progress.finish();
    out.write(&file)?;
    Ok(Written {
        file: out.path().display().to_string(),
        kind: "two-sided",
        size: format!("6x{checkers}"),
        entries: (file.len() as u64 - 40) / 8,
        bytes: file.len() as u64,
        tied_rolls: None,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// A build's progress shown on `progress`, its bar restarted at each phase.
fn shown_on(progress: &Progress) -> impl FnMut(BuildProgress) + '_ {
    let mut phase = None;
    move |step| {
        if phase != Some(step.phase) {
            phase = Some(step.phase);
            let unit = match step.phase {
                BuildPhase::Levels => "pairs",
                BuildPhase::Assembly => "pip counts assembled",
            };
            progress.restart(step.total, unit);
        }
        progress.set(step.done);
    }
}

fn two_sided_out_of_core(
    checkers: u32,
    work_dir: &Path,
    out: &OutputFile,
    options: &Options,
) -> Result<Written> {
    interrupt::keeps_work_in(work_dir);
    let started = Instant::now();
    let progress = Progress::new(0, "pairs", options.quiet);
    build_two_sided_file(checkers, work_dir, out.path(), shown_on(&progress)).library()?;
    interrupt::wrote(out.path());
    progress.finish();
    let bytes = file_length(out)?;
    Ok(Written {
        file: out.path().display().to_string(),
        kind: "two-sided",
        size: format!("6x{checkers}"),
        entries: bytes.saturating_sub(40) / 8,
        bytes,
        tied_rolls: None,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// What a check of a two-sided file found.
#[derive(Debug, Clone, Serialize)]
pub struct Checked {
    /// The file.
    pub file: String,
    /// Distinct pairs recomputed from the entries one roll later.
    pub recomputed: u64,
    /// The file's pairs with both sides on the board, the most a sample recomputes.
    pub pairs: u64,
    /// Those whose stored entry differs.
    pub recomputed_differing: u64,
    /// With `--against C`: C.
    pub against: Option<u32>,
    /// Every pair of 6xC compared.
    pub compared: Option<u64>,
    /// Those that differ.
    pub compared_differing: Option<u64>,
    /// The first that differs, as gnubg's indices of 6xC.
    #[serde(skip)]
    pub first_difference: Option<(usize, usize)>,
    /// Seconds of the recomputation and of the comparison (left out of the JSON).
    #[serde(skip)]
    pub seconds: (f64, f64),
}

impl Checked {
    /// Entries that failed a check.
    pub fn differing(&self) -> u64 {
        self.recomputed_differing + self.compared_differing.unwrap_or(0)
    }
}

impl Report for Checked {
    type Row = Checked;

    fn text(&self) -> String {
        let mut text = format!(
            "{}: {} of its {} pairs (both sides on the board) recomputed from the entries one roll later, {} differ ({:.1} s)\n",
            self.file, self.recomputed, self.pairs, self.recomputed_differing, self.seconds.0
        );
        if let (Some(checkers), Some(pairs), Some(differing)) =
            (self.against, self.compared, self.compared_differing)
        {
            text += &format!(
                "{}: all {pairs} pairs of 6x{checkers} (built in memory) compared, {differing} differ{} ({:.1} s)\n",
                self.file,
                self.first_difference
                    .map(|(a, b)| format!(
                        ", the first at gnubg indices ({a}, {b}) of 6x{checkers}"
                    ))
                    .unwrap_or_default(),
                self.seconds.1
            );
        }
        text
    }

    fn rows(&self) -> Vec<Checked> {
        vec![self.clone()]
    }
}

/// Checks the two-sided file at `path`: `sample` pairs, the i-th at i · `SAMPLE_STRIDE`
/// mod n² in the file's order, recomputed from the entries one roll later; with `against`,
/// every pair of 6x`against` (built in memory) compared with the file's.
fn check(path: &Path, against: Option<u32>, sample: u64, options: &Options) -> Result<Checked> {
    let started = Instant::now();
    let mut file = TwoSidedReader::open(path).library()?;
    if let Some(checkers) = against
        && checkers > file.max_checkers()
    {
        return Err(Error::Usage(format!(
            "--against {checkers}: {} holds {}, fewer than {checkers}",
            path.display(),
            backgammon_cube::checkers_a_side(file.max_checkers())
        )));
    }
    let progress = Progress::new(
        sample.min(file.pairs_on_the_board()),
        "pairs",
        options.quiet,
    );
    let sampled = file.check_sample(sample, |i| progress.set(i)).library()?;
    for (a, b) in &sampled.differing {
        options.note(format!(
            "  entry ({a}, {b}) is not what its successors make it"
        ));
    }
    progress.finish();
    let mut checked = Checked {
        file: path.display().to_string(),
        recomputed: sampled.recomputed,
        pairs: sampled.pairs,
        recomputed_differing: sampled.differing.len() as u64,
        against,
        compared: None,
        compared_differing: None,
        first_difference: None,
        seconds: (started.elapsed().as_secs_f64(), 0.0),
    };
    if let Some(checkers) = against {
        let started = Instant::now();
        // The smaller file lives as long as the comparison, and is removed with its handle.
        let mut smaller =
            tempfile::NamedTempFile::new().map_err(Error::io(std::env::temp_dir()))?;
        smaller
            .write_all(&two_sided_file(checkers).library()?)
            .map_err(Error::io(smaller.path()))?;
        let agreement = TwoSidedReader::open(smaller.path())
            .and_then(|mut small| small.agreement_with(&mut file))
            .library()?;
        checked.compared = Some(agreement.pairs);
        checked.compared_differing = Some(agreement.differing);
        checked.first_difference = agreement.first_difference;
        checked.seconds.1 = started.elapsed().as_secs_f64();
    }
    Ok(checked)
}

/// C of `6xC`: the databases are of the six home points.
fn checkers_of(size: &str) -> std::result::Result<u32, String> {
    let (points, checkers) = size
        .split_once('x')
        .ok_or_else(|| format!("{size}: expected PxC, such as 6x6"))?;
    if points != "6" {
        return Err(format!(
            "{size}: only the six home points (6xC) are supported"
        ));
    }
    match checkers.parse() {
        Ok(c) if (1..=MAX_CHECKERS).contains(&c) => Ok(c),
        _ => Err(format!("{size}: C must be 1 to {MAX_CHECKERS}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bearoff(args: &[&str]) -> std::result::Result<Args, String> {
        match crate::cli::parse(&[&["bearoff"], args].concat()) {
            Ok(crate::cli::Command::Bearoff(args)) => Ok(args),
            Ok(_) => Err("another command".to_owned()),
            Err(error) => Err(error.to_string()),
        }
    }

    /// One kind of file, one-sided options only with --one-sided, points 1 to 13.
    #[test]
    fn a_file_of_one_kind_is_asked() {
        let args = bearoff(&["--one-sided", "8", "--no-gammon", "--out", "/tmp/x.bd"]).unwrap();
        assert_eq!(
            (args.points, args.no_gammon, args.no_compress),
            (Some(8), true, false)
        );
        for bad in [
            &["--out", "/tmp/x.bd"][..],
            &[
                "--one-sided",
                "8",
                "--two-sided",
                "6x6",
                "--out",
                "/tmp/x.bd",
            ],
            &["--one-sided", "14", "--out", "/tmp/x.bd"],
            &["--one-sided", "0", "--out", "/tmp/x.bd"],
            &["--two-sided", "6x6", "--no-gammon", "--out", "/tmp/x.bd"],
            &["--one-sided", "8", "--work-dir", "/tmp/w"],
            &[
                "--two-sided",
                "6x15",
                "--against",
                "8",
                "--out",
                "/tmp/x.bd",
            ],
            &["--check", "/tmp/x.bd", "--out", "/tmp/x.bd"],
            &["--check", "/tmp/x.bd", "--against", "13"],
            &["--check", "/tmp/x.bd", "--sample", "0"],
            &["--two-sided", "6x6"],
        ] {
            assert!(bearoff(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_file_is_built_out_of_core_or_checked() {
        let args = bearoff(&[
            "--two-sided",
            "6x15",
            "--work-dir",
            "/tmp/w",
            "--out",
            "/tmp/x.bd",
        ])
        .unwrap();
        assert_eq!(
            (args.checkers, args.work_dir.as_deref()),
            (Some(15), Some(Path::new("/tmp/w")))
        );
        let args = bearoff(&["--check", "/tmp/x.bd", "--against", "12"]).unwrap();
        assert_eq!((args.against, args.sample), (Some(12), 100_000));
    }

    #[test]
    fn sizes_are_read_and_checked() {
        assert_eq!(checkers_of("6x6").unwrap(), 6);
        assert_eq!(checkers_of("6x15").unwrap(), 15);
        for bad in ["6", "7x6", "6x0", "6x16", "6xa"] {
            assert!(checkers_of(bad).is_err(), "{bad}");
        }
    }
}

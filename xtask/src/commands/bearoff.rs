//! `cargo xtask bearoff --two-sided 6xC --out PATH` and `--one-sided P --out PATH`: GNU
//! Backgammon's bear-off files from `backgammon_cube::gnubg`, the same bytes as `makebearoff
//! -t 6xC -f PATH` and `makebearoff -o P -f PATH`; with `--work-dir DIR`, the two-sided file
//! built out of core, up to the complete database (6x15), resuming an interrupted build.

use std::path::{Path, PathBuf};
use std::time::Instant;

use backgammon_cube::bearoff::MAX_CHECKERS;
use backgammon_cube::gnubg::{
    BuildPhase, MAX_ONE_SIDED_POINTS, OneSidedFile, OneSidedLayout, TwoSidedReader,
    build_two_sided_file, two_sided_file,
};
use backgammon_cube::two_sided::MAX_MEASURED_CHECKERS;

use crate::commands::output::{OutputFile, parse_output_file};
use crate::commands::progress::seconds_to_go;
use crate::error::{LibraryResult, Result};

/// `cargo xtask bearoff --two-sided 6xC --out PATH`: GNU Backgammon's two-sided bear-off
/// file for C checkers a side on the six home points, the same bytes as gnubg's
/// `makebearoff -t 6xC -f PATH`; `--one-sided P`: its one-sided file for fifteen checkers on
/// P points, the same bytes as `makebearoff -o P -f PATH` (with `-g`, `-c` as
/// `--no-gammon`, `--no-compress`).
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("kind").required(true).args(["checkers", "points", "check"])))]
pub struct Args {
    /// The two-sided file's size, 6xC with C from 1 to 12 in memory, to 15 with --work-dir.
    #[arg(long = "two-sided", value_name = "6xC", value_parser = checkers_of)]
    checkers: Option<u32>,
    /// Build the two-sided file out of core, keeping the work (about the file's size) in
    /// DIR; run again with the same arguments to resume a build that was stopped.
    #[arg(long, value_name = "DIR", requires = "checkers")]
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
    #[arg(long, value_name = "PATH", value_parser = parse_output_file, required_unless_present = "check")]
    out: Option<OutputFile>,
    /// Check a two-sided file instead: a sample of its entries recomputed from the entries
    /// one roll later, and with --against, every pair of a smaller size.
    #[arg(long, value_name = "PATH", conflicts_with = "out")]
    check: Option<PathBuf>,
    /// With --check: build 6xC in memory and compare every one of its pairs with the file.
    #[arg(long, value_name = "C", conflicts_with_all = ["checkers", "points"], value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_MEASURED_CHECKERS)))]
    against: Option<u32>,
    /// With --check: how many pairs to recompute, spread evenly over the file.
    #[arg(long, value_name = "N", conflicts_with_all = ["checkers", "points"], default_value_t = 100_000)]
    sample: u64,
}

/// Runs the task; false when a checked file fails its checks.
pub fn run(args: &Args) -> Result<bool> {
    if let Some(path) = &args.check {
        return check(path, args.against, args.sample);
    }
    let out = args
        .out
        .as_ref()
        .ok_or_else(|| crate::error::Error::Usage("bearoff: give --out PATH".to_owned()))?;
    let made = match (args.checkers, args.points) {
        (Some(checkers), _) => match &args.work_dir {
            Some(work_dir) => two_sided_out_of_core(checkers, work_dir, out),
            None if checkers > MAX_MEASURED_CHECKERS => Err(crate::error::Error::Usage(format!(
                "bearoff: 6x{checkers} does not fit in memory; give --work-dir DIR to build it out of core"
            ))),
            None => two_sided(checkers, out),
        },
        (None, Some(points)) => {
            let layout = OneSidedLayout {
                gammon: !args.no_gammon,
                compress: !args.no_compress,
            };
            one_sided(points, layout, out)
        }
        (None, None) => Err(crate::error::Error::Usage(
            "bearoff: give --two-sided 6xC, --one-sided P or --check PATH".to_owned(),
        )),
    };
    made.map(|()| true)
}

fn one_sided(points: u32, layout: OneSidedLayout, out: &OutputFile) -> Result<()> {
    let started = Instant::now();
    let file = OneSidedFile::build(points, layout, |done, positions| {
        let elapsed = started.elapsed().as_secs_f64();
        eprint!(
            "\r  {done:>10} of {positions} positions, {elapsed:7.1} s, about {:7.1} s to go",
            seconds_to_go(elapsed, f64::from(done), f64::from(positions))
        );
    })
    .library()?;
    eprintln!();
    let built = started.elapsed().as_secs_f64();
    out.write_with(|writer| file.write_to(writer))?;
    println!(
        "wrote {} ({} positions; {} rolls' best plays decided by gnubg's order among tied plays) in {built:.2} s, {:.2} s with the file",
        out.path().display(),
        file.positions(),
        file.tied_rolls(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn two_sided(checkers: u32, out: &OutputFile) -> Result<()> {
    let started = Instant::now();
    let file = two_sided_file(checkers).library()?;
    out.write(&file)?;
    println!(
        "wrote {} ({} bytes, {} pairs) in {:.2} s",
        out.path().display(),
        file.len(),
        (file.len() - 40) / 8,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn two_sided_out_of_core(checkers: u32, work_dir: &Path, out: &OutputFile) -> Result<()> {
    let started = Instant::now();
    let mut phase_started = (BuildPhase::Levels, Instant::now(), None);
    build_two_sided_file(checkers, work_dir, out.path(), |progress| {
        if phase_started.0 != progress.phase {
            phase_started = (progress.phase, Instant::now(), None);
        }
        let (phase, since, first) = &mut phase_started;
        let first_done = *first.get_or_insert(progress.done);
        let to_go = seconds_to_go(
            since.elapsed().as_secs_f64(),
            (progress.done - first_done) as f64,
            (progress.total - first_done) as f64,
        );
        let unit = match phase {
            BuildPhase::Levels => "pairs",
            BuildPhase::Assembly => "pip counts assembled",
        };
        eprint!(
            "\r  {:>13} of {} {unit}, {:7.1} s, about {:7.1} s to go   ",
            progress.done,
            progress.total,
            started.elapsed().as_secs_f64(),
            to_go
        );
    })
    .library()?;
    eprintln!();
    println!(
        "wrote {} (6x{checkers}) in {:.1} s of this run",
        out.path().display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Checks the two-sided file at `path`: `sample` pairs, the i-th at i · [`RECOMPUTE_STRIDE`]
/// mod n² in the file's order, recomputed from the entries one roll later; with `against`,
/// every pair of 6x`against` (built in memory) compared with the file's.
fn check(path: &Path, against: Option<u32>, sample: u64) -> Result<bool> {
    let started = Instant::now();
    let mut file = TwoSidedReader::open(path).library()?;
    let n = file.positions() as u64;
    let mut failures = 0;
    let mut checked = 0;
    for i in 0..sample {
        let pair = (i % (n * n)) * RECOMPUTE_STRIDE % (n * n);
        let (a, b) = ((pair / n) as usize, (pair % n) as usize);
        let (x, y) = (
            file.position_at(a).library()?,
            file.position_at(b).library()?,
        );
        if x.is_empty() || y.is_empty() {
            continue;
        }
        checked += 1;
        if file.recomputed(&x, &y).library()? != file.stored(&x, &y).library()? {
            failures += 1;
            eprintln!("  entry ({a}, {b}) is not what its successors make it");
        }
    }
    println!(
        "{}: {checked} pairs recomputed from the entries one roll later, {failures} differ ({:.1} s)",
        path.display(),
        started.elapsed().as_secs_f64()
    );
    if let Some(checkers) = against {
        let started = Instant::now();
        let smaller =
            std::env::temp_dir().join(format!("xtask-ts-6x{checkers}-{}.bd", std::process::id()));
        std::fs::write(&smaller, two_sided_file(checkers).library()?)
            .map_err(crate::error::Error::io(&smaller))?;
        let agreement = TwoSidedReader::open(&smaller)
            .and_then(|mut small| small.agreement_with(&mut file))
            .library();
        let _ = std::fs::remove_file(&smaller);
        let agreement = agreement?;
        println!(
            "{}: all {} pairs of 6x{checkers} (built in memory) compared, {} differ{} ({:.1} s)",
            path.display(),
            agreement.pairs,
            agreement.differing,
            agreement
                .first_difference
                .map(|(a, b)| format!(", the first at gnubg indices ({a}, {b}) of 6x{checkers}"))
                .unwrap_or_default(),
            started.elapsed().as_secs_f64()
        );
        failures += agreement.differing;
    }
    Ok(failures == 0)
}

/// A stride through the pairs: a prime above every n = C(C + 6, 6) (at most 54,264), so prime
/// to n², so that the first n² samples visit every pair once, spread over rows and columns.
const RECOMPUTE_STRIDE: u64 = 1_000_003;

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
            Ok(crate::cli::Task::Bearoff(args)) => Ok(args),
            Ok(_) => Err("another task".to_owned()),
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

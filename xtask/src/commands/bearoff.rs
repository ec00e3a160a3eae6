//! `cargo xtask bearoff --two-sided 6xC --out PATH` and `--one-sided P --out PATH`: GNU
//! Backgammon's bear-off files from `backgammon_cube::gnubg`, the same bytes as `makebearoff
//! -t 6xC -f PATH` and `makebearoff -o P -f PATH`; with `--work-dir DIR`, the two-sided file
//! built out of core, up to the complete database (6x15), resuming an interrupted build.

use std::path::Path;
use std::time::Instant;

use backgammon_cube::bearoff::MAX_CHECKERS;
use backgammon_cube::gnubg::{
    BuildPhase, MAX_ONE_SIDED_POINTS, OneSidedFile, OneSidedLayout, build_two_sided_file,
    two_sided_file,
};
use backgammon_cube::two_sided::MAX_MEASURED_CHECKERS;

use crate::commands::output::{OutputFile, parse_output_file};
use crate::error::{LibraryResult, Result};

/// `cargo xtask bearoff --two-sided 6xC --out PATH`: GNU Backgammon's two-sided bear-off
/// file for C checkers a side on the six home points, the same bytes as gnubg's
/// `makebearoff -t 6xC -f PATH`; `--one-sided P`: its one-sided file for fifteen checkers on
/// P points, the same bytes as `makebearoff -o P -f PATH` (with `-g`, `-c` as
/// `--no-gammon`, `--no-compress`).
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("kind").required(true).args(["checkers", "points"])))]
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
    #[arg(long, value_name = "PATH", value_parser = parse_output_file)]
    out: OutputFile,
}

/// Runs the task.
pub fn run(args: &Args) -> Result<()> {
    match (args.checkers, args.points) {
        (Some(checkers), _) => match &args.work_dir {
            Some(work_dir) => two_sided_out_of_core(checkers, work_dir, &args.out),
            None if checkers > MAX_MEASURED_CHECKERS => Err(crate::error::Error::Usage(format!(
                "bearoff: 6x{checkers} does not fit in memory; give --work-dir DIR to build it out of core"
            ))),
            None => two_sided(checkers, &args.out),
        },
        (None, Some(points)) => {
            let layout = OneSidedLayout {
                gammon: !args.no_gammon,
                compress: !args.no_compress,
            };
            one_sided(points, layout, &args.out)
        }
        (None, None) => Err(crate::error::Error::Usage(
            "bearoff: give --two-sided 6xC or --one-sided P".to_owned(),
        )),
    }
}

fn one_sided(points: u32, layout: OneSidedLayout, out: &OutputFile) -> Result<()> {
    let started = Instant::now();
    let file = OneSidedFile::build(points, layout, |done, positions| {
        let elapsed = started.elapsed().as_secs_f64();
        let share = f64::from(done) / f64::from(positions.max(1));
        eprint!(
            "\r  {done:>10} of {positions} positions, {elapsed:7.1} s, about {:7.1} s to go",
            if share > 0.0 {
                elapsed * (1.0 / share - 1.0)
            } else {
                0.0
            }
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
        let elapsed = since.elapsed().as_secs_f64();
        let share =
            (progress.done - first_done) as f64 / (progress.total - first_done).max(1) as f64;
        let unit = match phase {
            BuildPhase::Levels => "pairs",
            BuildPhase::Assembly => "pip counts assembled",
        };
        eprint!(
            "\r  {:>13} of {} {unit}, {:7.1} s, about {:7.1} s to go   ",
            progress.done,
            progress.total,
            started.elapsed().as_secs_f64(),
            if share > 0.0 {
                elapsed * (1.0 / share - 1.0)
            } else {
                0.0
            }
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
        ] {
            assert!(bearoff(bad).is_err(), "{bad:?}");
        }
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

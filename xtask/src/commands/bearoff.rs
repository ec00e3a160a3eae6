//! `cargo xtask bearoff --two-sided 6xC --out PATH`: GNU Backgammon's two-sided bear-off file
//! from `backgammon_cube::gnubg`, the same bytes as `makebearoff -t 6xC -f PATH`.

use std::time::Instant;

use backgammon_cube::gnubg::two_sided_file;
use backgammon_cube::two_sided::MAX_MEASURED_CHECKERS;

use crate::commands::output::{OutputFile, parse_output_file};
use crate::error::{LibraryResult, Result};

/// `cargo xtask bearoff --two-sided 6xC --out PATH`: GNU Backgammon's two-sided bear-off
/// file for C checkers a side on the six home points, the same bytes as gnubg's
/// `makebearoff -t 6xC -f PATH`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The size, 6xC with C from 1 to 12.
    #[arg(long = "two-sided", value_name = "6xC", value_parser = checkers_of)]
    checkers: u32,
    /// The file to write; checked before the work, replaced only when whole.
    #[arg(long, value_name = "PATH", value_parser = parse_output_file)]
    out: OutputFile,
}

/// Runs the task.
pub fn run(args: &Args) -> Result<()> {
    let started = Instant::now();
    let file = two_sided_file(args.checkers).library()?;
    args.out.write(&file)?;
    println!(
        "wrote {} ({} bytes, {} pairs) in {:.2} s",
        args.out.path().display(),
        file.len(),
        (file.len() - 40) / 8,
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
        Ok(c) if (1..=MAX_MEASURED_CHECKERS).contains(&c) => Ok(c),
        _ => Err(format!("{size}: C must be 1 to {MAX_MEASURED_CHECKERS}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_read_and_checked() {
        assert_eq!(checkers_of("6x6").unwrap(), 6);
        for bad in ["6", "7x6", "6x0", "6x13", "6x16", "6xa"] {
            assert!(checkers_of(bad).is_err(), "{bad}");
        }
    }
}

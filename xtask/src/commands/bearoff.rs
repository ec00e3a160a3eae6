//! `cargo xtask bearoff --two-sided 6xC --out PATH`: GNU Backgammon's two-sided bear-off file
//! from `backgammon_cube::gnubg`, the same bytes as `makebearoff -t 6xC -f PATH`.

use std::path::PathBuf;
use std::time::Instant;

use backgammon_cube::gnubg::two_sided_file;

use crate::commands::options::{Options, output_file};
use crate::error::{Error, LibraryResult, Result};

/// Runs the task with its arguments (after `bearoff`).
pub fn run(args: &[String]) -> Result<()> {
    let (mut size, mut out): (Option<String>, Option<PathBuf>) = (None, None);
    let mut options = Options::new(args);
    while let Some(flag) = options.next_flag() {
        match flag {
            "--two-sided" => size = Some(options.value(flag)?),
            "--out" => out = Some(output_file(flag, options.value(flag)?)?),
            other => {
                return Err(Error::Usage(format!(
                    "unknown option {other:?} (see `cargo xtask help`)"
                )));
            }
        }
    }
    let size = size.ok_or_else(|| Error::Usage("--two-sided PxC is needed".to_owned()))?;
    let out = out.ok_or_else(|| Error::Usage("--out PATH is needed".to_owned()))?;
    let checkers = checkers_of(&size)?;
    let started = Instant::now();
    let file = two_sided_file(checkers).library()?;
    std::fs::write(&out, &file).map_err(Error::io(&out))?;
    println!(
        "wrote {} ({} bytes, {} pairs) in {:.2} s",
        out.display(),
        file.len(),
        (file.len() - 40) / 8,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// C of `6xC`: the databases are of the six home points.
fn checkers_of(size: &str) -> Result<u32> {
    let (points, checkers) = size
        .split_once('x')
        .ok_or_else(|| Error::Usage(format!("{size}: expected PxC, such as 6x6")))?;
    if points != "6" {
        return Err(Error::Usage(format!(
            "{size}: only the six home points (6xC) are supported"
        )));
    }
    match checkers.parse() {
        Ok(c) if (1..=15).contains(&c) => Ok(c),
        _ => Err(Error::Usage(format!("{size}: C must be 1 to 15"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_read_and_checked() {
        assert_eq!(checkers_of("6x6").unwrap(), 6);
        for bad in ["6", "7x6", "6x0", "6x16", "6xa"] {
            assert!(checkers_of(bad).is_err(), "{bad}");
        }
    }
}

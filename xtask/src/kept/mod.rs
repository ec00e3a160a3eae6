//! The kept data of `docs/data/`: the results of the long runs (tournament lines, mobility
//! measures, the race formulas over the complete database, hypergammon, the octal records),
//! read by the tables, the figures and verify-tables, and written by the tasks that run
//! them. Below the tasks, the figures and the sources alike, so that each of them reads the
//! kept files without importing another.

pub mod chess;
pub mod octal_records;

use std::path::{Path, PathBuf};

use minimax_random::line::LineResult;
use minimax_random::mobility::MobilityResult;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::{Error, LibraryResult, Result};

/// Reads the kept JSON file at `path`.
pub fn read_json<T: DeserializeOwned>(path: &Path) -> Result<T> {
    let text = std::fs::read_to_string(path).map_err(Error::io(path))?;
    serde_json::from_str(&text).library()
}

/// `value` as the kept files hold it: pretty JSON ending in a newline.
pub fn json<T: Serialize + ?Sized>(value: &T) -> Result<String> {
    Ok(serde_json::to_string_pretty(value).library()? + "\n")
}

/// Where the grid's results are kept: every line as JSON, the source of the tables and the
/// figure.
pub fn grid_data(docs: &Path) -> PathBuf {
    docs.join("data").join("levene-fenner-tournaments.json")
}

/// The grid's results as kept in the docs.
pub fn read_grid(docs: &Path) -> Result<Vec<LineResult>> {
    read_json(&grid_data(docs))
}

/// Where the grid's mobility measures are kept.
pub fn mobility_data(docs: &Path) -> PathBuf {
    docs.join("data").join("levene-fenner-mobility.json")
}

/// The kept mobility measures, or `None` before the grid has been measured.
pub fn read_mobility(docs: &Path) -> Result<Option<Vec<MobilityResult>>> {
    let path = mobility_data(docs);
    if !path.exists() {
        return Ok(None);
    }
    read_json(&path).map(Some)
}

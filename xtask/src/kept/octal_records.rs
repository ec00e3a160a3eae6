//! The records kept by `cargo xtask octal-record`: runs that proved a period, which the
//! default run of verify-tables reads where recomputing would exceed its budget.

use std::path::{Path, PathBuf};

use nim_games::octal::{OctalValues, RareSplit, largest};
use serde::{Deserialize, Serialize};

use crate::error::Result;

/// A run that proved a period, as kept in `docs/data/octal-records.json`: everything in it is
/// what any run of the same command gives, so the file is the same bytes on every machine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OctalRecord {
    /// The game's code.
    pub code: String,
    /// The heaps computed, 0..heaps.
    pub heaps: usize,
    /// The first heap of the periodic part.
    pub preperiod: usize,
    /// The period.
    pub period: usize,
    /// The largest value.
    pub largest: u16,
    /// The first heap with the largest value.
    pub largest_at: usize,
    /// The rare/common split's mask at the end, if any.
    pub mask: Option<u16>,
    /// t when that split reads the heap's parity too (`nim_games::octal::Split`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heap_parity: Option<u8>,
    /// How many heaps n ≥ 1 were rare under it.
    pub rare_heaps: usize,
    /// The last heap whose value is rare under it.
    pub last_rare: Option<usize>,
    /// FNV-1a 64 of the values as u16 little-endian, in hex.
    pub checksum: String,
}

impl OctalRecord {
    /// The record of a run that proved a period, `None` otherwise.
    pub fn of(code: &str, table: &OctalValues) -> Option<OctalRecord> {
        let found = table.periodicity()?;
        let (largest_at, largest) = largest(table.values());
        Some(OctalRecord {
            code: code.to_string(),
            heaps: table.values().len(),
            preperiod: found.preperiod,
            period: found.period,
            largest,
            largest_at,
            mask: table.split().map(|split| split.mask),
            heap_parity: table.split().and_then(|split| split.heap_parity),
            rare_heaps: table.rare_heaps().len(),
            last_rare: table
                .split()
                .map(|split| RareSplit::under(table.values(), split).last_rare),
            checksum: format!("{:016x}", table.checksum()),
        })
    }
}

/// The kept records.
pub fn records_path(docs: &Path) -> PathBuf {
    docs.join("data").join("octal-records.json")
}

/// The kept records, none when the file does not exist yet.
///
/// # Errors
///
/// [`crate::error::Error::Io`] or a malformed file.
pub fn read_records(docs: &Path) -> Result<Vec<OctalRecord>> {
    let path = records_path(docs);
    if !path.exists() {
        return Ok(Vec::new());
    }
    super::read_json(&path)
}

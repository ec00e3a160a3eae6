//! Published records of octal games — the periods and last exceptions the OEIS entries give,
//! citing Winning Ways, Gangolli and Plambeck (1989) and Flammenkamp — recomputed from
//! scratch with `nim_games::octal`.
//!
//! Each game is computed until its period is proven (the Octal Game Periodicity Theorem),
//! within [`DEFAULT_HEAPS`] heaps in the default run. A game that needs more (.1777: 382
//! million heaps, 150 s) is read from the records kept by `cargo xtask octal-record`
//! (`docs/data/octal-records.json`), and recomputed from scratch with `--full`, which must
//! then give the kept checksum.

use std::collections::HashMap;

use nim_games::heap_games::OctalGame;
use nim_games::octal::{OctalOptions, OctalValues};
use nim_games::periodicity::Periodicity;

use crate::error::{Error, LibraryResult, Result};
use crate::kept::octal_records::{OctalRecord, read_records};
use crate::sources::{RunSize, Source};
use crate::verify::computed::Computed;
use crate::verify::transcription::TranscribedRow;

/// The heaps a game may take in the default run before its kept record is read instead.
pub const DEFAULT_HEAPS: u32 = 2_000_000;

/// The heaps a game may take with `--full`.
pub const FULL_HEAPS: u32 = 400_000_000;

/// What the records print of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    /// The period p.
    Period,
    /// The last exception: the last heap n with G(n) ≠ G(n + p), the pre-period less one.
    LastException,
}

/// The octal-game records, recomputed; each game's periodicity is computed once for its rows.
pub struct OctalGames {
    found: HashMap<String, Periodicity>,
    /// The kept records, read once.
    records: Vec<OctalRecord>,
}

impl Source for OctalGames {
    const ID: &'static str = "octal-games";
    const TRANSCRIPTION_FILE: &'static str = "xtask/src/sources/octal_games/transcription.toml";
    const TRANSCRIPTION: &'static str = include_str!("transcription.toml");
    type Quantity = Quantity;

    fn quantity(table: &str, column: &str) -> Option<Quantity> {
        match (table, column) {
            ("periods", "period") => Some(Quantity::Period),
            ("periods", "last-exception") => Some(Quantity::LastException),
            _ => None,
        }
    }

    fn new() -> Result<OctalGames> {
        Ok(OctalGames {
            found: HashMap::new(),
            records: read_records(&crate::workspace_dir().join("docs"))?,
        })
    }

    fn compute(
        &mut self,
        quantity: &Quantity,
        row: &TranscribedRow,
        size: RunSize,
    ) -> Result<Computed> {
        let code = row.required_parameter("code")?;
        let found = match self.found.get(code) {
            Some(found) => *found,
            None => {
                let record = self.records.iter().find(|record| record.code == code);
                let found = proven(code, size, record)?.periodicity();
                self.found.insert(code.to_string(), found);
                found
            }
        };
        let value = match quantity {
            Quantity::Period => found.period,
            Quantity::LastException => found.preperiod.checked_sub(1).ok_or_else(|| {
                Error::NotComputable(format!("{code} is periodic from heap 0: no exception"))
            })?,
        };
        Ok(Computed::count(value as u64))
    }
}

/// A game's proven period: from a run within the budget, or from its kept record.
pub enum Proven {
    /// Computed from scratch in this run: the values up to the proof, and what they prove.
    Computed(OctalValues, Periodicity),
    /// Read from the kept record (the default run, past its budget).
    Kept(OctalRecord),
}

impl Proven {
    /// The pre-period and the period.
    pub fn periodicity(&self) -> Periodicity {
        match self {
            Proven::Computed(_, found) => *found,
            Proven::Kept(record) => Periodicity {
                preperiod: record.preperiod,
                period: record.period,
            },
        }
    }
}

/// The period of `code` proven from scratch within the run's budget (and equal to its kept
/// `record`, if it has one), or else read from that record (the default run only).
pub fn proven(code: &str, size: RunSize, record: Option<&OctalRecord>) -> Result<Proven> {
    let game = OctalGame::parse(code).library()?;
    let budget = match size {
        RunSize::Default => DEFAULT_HEAPS,
        RunSize::Full => FULL_HEAPS,
    };
    let table = OctalOptions::new()
        .until_proven()
        .compute(&game, budget)
        .library()?;
    if let Some(found) = table.periodicity() {
        let ours = OctalRecord::of(code, &table);
        if let Some(record) = record.filter(|&record| ours.as_ref() != Some(record)) {
            return Err(Error::NotComputable(format!(
                "{code}: the run gives {ours:?}, the kept record {record:?}"
            )));
        }
        return Ok(Proven::Computed(table, found));
    }
    match (size, record) {
        (RunSize::Default, Some(record)) => Ok(Proven::Kept(record.clone())),
        (RunSize::Default, None) => Err(Error::NotComputable(format!(
            "{code} needs more than {DEFAULT_HEAPS} heaps and has no kept record: run \
             `cargo xtask octal-record {code} --max {FULL_HEAPS}`"
        ))),
        (RunSize::Full, _) => Err(Error::NotComputable(format!(
            "{code}: no period proven within {FULL_HEAPS} heaps"
        ))),
    }
}

//! GNU Backgammon's hypergammon database (`makehyper -c C`), written in its layout and read
//! back, so that the two programs can be compared entry by entry.
//!
//! The file is a 40-byte header (`gnubg-H` and C, padded with `x` to a newline), then for
//! every position in gnubg's numbering ([`crate::hypergammon`]: the player on roll's number
//! times C(C + 25, 25) plus the opponent's) 28 bytes: the five cubeless probabilities, each
//! as p (2²⁴ − 1) truncated, then the four money equities (cube owned, centred, centred under
//! the Jacoby rule, owned by the opponent), each as (e / 6 + ½)(2²⁴ − 1) truncated, every
//! value in three little-endian bytes, and a zero byte. A value is read back as s / (2²⁴ − 1),
//! or 6 (s / (2²⁴ − 1) − ½) for an equity: within 2⁻²⁴ of a probability and 6 · 2⁻²⁴ of an
//! equity. Positions where both players have a checker on one point have every value 0.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::hypergammon::{
    HypergammonDatabase, HypergammonEntry, HypergammonError, HypergammonPosition,
};

/// The header's length in bytes.
const HEADER: usize = 40;
/// The bytes of an entry.
const ENTRY: usize = 28;
/// The largest 24-bit value: probability 1, equity +3.
const FULL: f64 = 16_777_215.0;

/// A file that cannot be read as a gnubg hypergammon database.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum HypergammonFileError {
    /// Reading the file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// The header is not that of a hypergammon database of 1 to 3 checkers.
    #[error("{path}: not a gnubg hypergammon database (header {header:?})")]
    NotHypergammon {
        /// The file.
        path: PathBuf,
        /// The header's text, up to its newline.
        header: String,
    },
    /// The file's length is not that of its header's game.
    #[error("{path} has {found} bytes; a database of {} has {expected}", crate::count_of_checkers(*.checkers))]
    Length {
        /// The file.
        path: PathBuf,
        /// Checkers a side, from the header.
        checkers: u32,
        /// Its length.
        found: usize,
        /// The length of a whole file of that game.
        expected: usize,
    },
    /// An entry no sound file holds ([`HypergammonFile::checked_entry`]).
    #[error("{path}: the entry of position {number} is damaged: {broken}")]
    Damaged {
        /// The file.
        path: PathBuf,
        /// The position's number in gnubg's order.
        number: usize,
        /// The rule it breaks.
        broken: BrokenRule,
    },
    /// The file's game does not hold the position.
    #[error(transparent)]
    Position(#[from] HypergammonError),
}

/// A rule of a sound hypergammon entry that a damaged one breaks
/// ([`HypergammonFile::checked_entry`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BrokenRule {
    /// P(win a backgammon) ≤ P(win a gammon) ≤ P(win), P(lose a backgammon) ≤ P(lose a
    /// gammon) ≤ 1 − P(win).
    #[error("its chances do not nest (backgammons within gammons within games)")]
    Chances,
    /// The opponent owning the cube ≤ centred ≤ owned, the cubeless equity between the
    /// first and the last.
    #[error("its equities are out of the order cube access puts them in")]
    Equities,
}

/// How far a sound file's chances may stray from nesting ([`HypergammonFile::checked_entry`]):
/// each is stored truncated to 24 bits, so two may cross by 2⁻²⁴ (6 · 10⁻⁸); makehyper's
/// files cross by up to 1.8 · 10⁻⁷.
const CHANCE_SLACK: f64 = 1e-6;

/// How far a sound file's equities may stray from the order of cube access: exact values
/// keep it, ours to 6 · 10⁻⁷, but gnubg's `makehyper` stops its iteration in `float` short
/// of the fixed point, and its two-checker file puts the centred equity above the owned one
/// by up to 0.0061 (measured over every position, gnubg 1.07). Damage to an equity's high
/// byte moves it by 0.02 to 6.
const EQUITY_SLACK: f64 = 0.05;

/// Writes `database` in gnubg's layout: what `makehyper -c C -f FILE` writes.
///
/// # Errors
///
/// The first error of `out`.
///
/// ```
/// use backgammon_cube::gnubg::{HypergammonFile, write_hypergammon_file};
/// use backgammon_cube::hypergammon::{HypergammonDatabase, SolveOptions};
///
/// let database = HypergammonDatabase::solve(1, &SolveOptions::default(), |_| {})?;
/// let mut bytes = Vec::new();
/// write_hypergammon_file(&database, &mut bytes)?;
/// assert_eq!(bytes.len(), 40 + 28 * 26 * 26);
/// let file = HypergammonFile::from_bytes("hyper1.bd", bytes)?;
/// let (ours, theirs) = (database.entry_at(27)?, file.entry_at(27)?);
/// assert!((ours.win - theirs.win).abs() < 1e-7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_hypergammon_file(
    database: &HypergammonDatabase,
    out: &mut impl Write,
) -> io::Result<()> {
    out.write_all(&header(database.checkers()))?;
    for number in 0..database.positions() {
        let entry = database.entry_at(number).map_err(io::Error::other)?;
        out.write_all(&stored(&entry))?;
    }
    Ok(())
}

/// The header for `checkers` a side: `gnubg-H` and C, padded with `x` to a newline.
fn header(checkers: u32) -> Vec<u8> {
    let mut header = format!("gnubg-H{checkers}").into_bytes();
    header.resize(HEADER - 1, b'x');
    header.push(b'\n');
    header
}

/// An entry as stored.
fn stored(entry: &HypergammonEntry) -> [u8; ENTRY] {
    let values = [
        entry.win,
        entry.win_gammon,
        entry.win_backgammon,
        entry.lose_gammon,
        entry.lose_backgammon,
    ]
    .map(|p| (p * FULL) as u32)
    .into_iter()
    .chain(
        [
            entry.owned,
            entry.centred,
            entry.centred_jacoby,
            entry.opponent_owns,
        ]
        .map(|e| ((e / 6.0 + 0.5) * FULL) as u32),
    );
    let mut bytes = [0u8; ENTRY];
    for (k, value) in values.enumerate() {
        bytes[3 * k..3 * k + 3].copy_from_slice(&value.to_le_bytes()[..3]);
    }
    bytes
}

/// A gnubg hypergammon database, read whole (3,276² entries, 300 MB, for three checkers).
#[derive(Debug, Clone)]
pub struct HypergammonFile {
    path: PathBuf,
    checkers: u32,
    bytes: Vec<u8>,
}

impl HypergammonFile {
    /// Reads the file at `path`.
    ///
    /// # Errors
    ///
    /// [`HypergammonFileError::Io`], [`HypergammonFileError::NotHypergammon`],
    /// [`HypergammonFileError::Length`].
    pub fn read(path: impl AsRef<Path>) -> Result<Self, HypergammonFileError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| HypergammonFileError::Io {
            path: path.to_owned(),
            source,
        })?;
        Self::from_bytes(path, bytes)
    }

    /// The file's `bytes`, read from `path` (named in errors).
    ///
    /// # Errors
    ///
    /// [`HypergammonFileError::NotHypergammon`], [`HypergammonFileError::Length`].
    pub fn from_bytes(
        path: impl AsRef<Path>,
        bytes: Vec<u8>,
    ) -> Result<Self, HypergammonFileError> {
        let path = path.as_ref().to_owned();
        let checkers = (1..=3)
            .find(|&c| bytes.get(..HEADER) == Some(&header(c)[..]))
            .ok_or_else(|| HypergammonFileError::NotHypergammon {
                path: path.clone(),
                header: String::from_utf8_lossy(&bytes[..bytes.len().min(HEADER)])
                    .lines()
                    .next()
                    .unwrap_or_default()
                    .to_owned(),
            })?;
        let sides = crate::numbering::binomial(checkers + 25, 25) as usize;
        let expected = HEADER + ENTRY * sides * sides;
        if bytes.len() != expected {
            return Err(HypergammonFileError::Length {
                path,
                checkers,
                found: bytes.len(),
                expected,
            });
        }
        Ok(HypergammonFile {
            path,
            checkers,
            bytes,
        })
    }

    /// The checkers a side.
    pub fn checkers(&self) -> u32 {
        self.checkers
    }

    /// The positions in the file.
    pub fn positions(&self) -> usize {
        (self.bytes.len() - HEADER) / ENTRY
    }

    /// The entry of the position numbered `number`, read as gnubg reads it.
    ///
    /// # Errors
    ///
    /// [`HypergammonError::Number`] from [`Self::positions`] on.
    pub fn entry_at(&self, number: usize) -> Result<HypergammonEntry, HypergammonError> {
        if number >= self.positions() {
            return Err(HypergammonError::Number {
                number,
                positions: self.positions(),
            });
        }
        let bytes = &self.bytes[HEADER + ENTRY * number..][..ENTRY];
        let value = |k: usize| {
            f64::from(u32::from_le_bytes([
                bytes[3 * k],
                bytes[3 * k + 1],
                bytes[3 * k + 2],
                0,
            ])) / FULL
        };
        let equity = |k: usize| 6.0 * (value(k) - 0.5);
        Ok(HypergammonEntry {
            win: value(0),
            win_gammon: value(1),
            win_backgammon: value(2),
            lose_gammon: value(3),
            lose_backgammon: value(4),
            owned: equity(5),
            centred: equity(6),
            centred_jacoby: equity(7),
            opponent_owns: equity(8),
        })
    }

    /// The entry of `position`.
    ///
    /// # Errors
    ///
    /// [`HypergammonError::OtherGame`] when its checkers a side are not the file's.
    pub fn entry(
        &self,
        position: &HypergammonPosition,
    ) -> Result<HypergammonEntry, HypergammonError> {
        self.entry_at(position.number_in(self.checkers)?)
    }

    /// As [`HypergammonFile::entry`], the entry checked against the rules every sound one
    /// keeps: its chances nest (backgammons within gammons within games won or lost, to
    /// 10⁻⁶: each is stored truncated to 24 bits) and its equities keep the order of cube
    /// access (the opponent owning ≤ centred ≤ owned, the cubeless equity between the first
    /// and the last, to 0.05: gnubg's `makehyper` stops its float iteration short of the
    /// fixed point, and its two-checker file strays by up to 0.0061). A finished game's
    /// entry holds no chances and is not checked. A query answers from checked entries only.
    ///
    /// # Errors
    ///
    /// [`HypergammonFileError::Position`] as [`HypergammonFile::entry`];
    /// [`HypergammonFileError::Damaged`] naming the file and the position's number.
    pub fn checked_entry(
        &self,
        position: &HypergammonPosition,
    ) -> Result<HypergammonEntry, HypergammonFileError> {
        let number = position.number_in(self.checkers)?;
        let entry = self.entry_at(number)?;
        let broken = if position.is_over() {
            None
        } else {
            broken_rule(&entry)
        };
        match broken {
            None => Ok(entry),
            Some(broken) => Err(HypergammonFileError::Damaged {
                path: self.path.clone(),
                number,
                broken,
            }),
        }
    }
}

/// The first rule of a sound entry that `entry` breaks by more than its slack.
fn broken_rule(entry: &HypergammonEntry) -> Option<BrokenRule> {
    let chance_at_most = |smaller: f64, larger: f64| smaller <= larger + CHANCE_SLACK;
    let nested = chance_at_most(entry.win_backgammon, entry.win_gammon)
        && chance_at_most(entry.win_gammon, entry.win)
        && chance_at_most(entry.lose_backgammon, entry.lose_gammon)
        && chance_at_most(entry.lose_gammon, 1.0 - entry.win);
    let at_most = |smaller: f64, larger: f64| smaller <= larger + EQUITY_SLACK;
    let cubeless = entry.cubeless_equity();
    let ordered = at_most(entry.opponent_owns, entry.centred)
        && at_most(entry.centred, entry.owned)
        && at_most(entry.opponent_owns, cubeless)
        && at_most(cubeless, entry.owned);
    match (nested, ordered) {
        (false, _) => Some(BrokenRule::Chances),
        (true, false) => Some(BrokenRule::Equities),
        (true, true) => None,
    }
}

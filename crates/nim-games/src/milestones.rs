//! What a long computation of nim-values records at every power of two: the frequency of
//! every value, the rare heaps, the largest value and the first heap with it, and a
//! checksum of the values.
//!
//! The records of the field are kept this way. A. Flammenkamp's tables of octal games and
//! T. Rogalski's solver (`rogalski-wmii-uni-lodz-pl/octal`, whose `results/` folder holds,
//! for each game and each power of two n, the frequencies of the values of heaps 1 to n as
//! lines `value frequency`) publish what a run found without its values, so that a later
//! run can be checked against them heap count by heap count. [`MilestoneRecorder`] takes the
//! values one at a time, G(0) first, in memory that grows only with the largest value, and
//! hands out a [`Milestone`] each time the heaps counted reach a power of two.
//!
//! ```
//! use nim_games::milestones::{milestones, parse_value_count};
//! use nim_games::{OctalGame, octal_values};
//!
//! // Dawson's Kayles, 0.07, to 1,024 heaps.
//! let table = octal_values(&OctalGame::parse("0.07")?, 1_024)?;
//! let all = milestones(table.values(), table.split());
//! let last = all.last().expect("a milestone at 1,024");
//! assert_eq!(last.heaps, 1_024);
//! assert_eq!(last.frequencies.iter().sum::<u64>(), 1_024);
//! assert_eq!(last.checksum, table.checksum());
//! // The value-count layout reads back to the same frequencies.
//! assert_eq!(parse_value_count(&last.value_count())?, last.frequencies);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::rare_common::mask::Split;

/// A line of a value-count file that is not `value frequency`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MilestoneError {
    /// A line that is not two whole numbers.
    #[error("line {line}: {text:?} is not `value frequency`")]
    Unreadable {
        /// The line's number, from 1.
        line: usize,
        /// The line.
        text: String,
    },
    /// The values are not 0, 1, 2, … in order.
    #[error("line {line}: value {found} where {expected} comes next")]
    OutOfOrder {
        /// The line's number, from 1.
        line: usize,
        /// The value expected.
        expected: u64,
        /// The value found.
        found: u64,
    },
}

/// What the values G(0), …, G(n) show at n heaps.
///
/// With the `serde` feature it is the object of `milestones.json`: these fields in this
/// order, the checksum as 16 hex digits.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Milestone {
    /// n: the heaps 1 to n are counted (as Rogalski's files name them).
    pub heaps: u64,
    /// The frequency of each value v among G(1), …, G(n), from v = 0 to the largest.
    pub frequencies: Vec<u64>,
    /// The largest of G(1), …, G(n).
    pub largest: u16,
    /// The first heap with it.
    pub largest_at: u64,
    /// The heaps among 1 to n rare under the split given to the recorder (`None` without
    /// one).
    pub rare_heaps: Option<u64>,
    /// FNV-1a (64 bits) of G(0), …, G(n) as little-endian `u16`s: the checksum of
    /// `game-analysis octal --max n` and of the bytes its `--out` writes.
    #[cfg_attr(feature = "serde", serde(with = "hex_checksum"))]
    pub checksum: u64,
}

/// A checksum as 16 hex digits in JSON, as the command prints it.
#[cfg(feature = "serde")]
mod hex_checksum {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(checksum: &u64, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&format!("{checksum:016x}"))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
        let digits = String::deserialize(deserializer)?;
        u64::from_str_radix(&digits, 16).map_err(D::Error::custom)
    }
}

impl Milestone {
    /// The frequencies in Rogalski's value-count layout: a line `value frequency` for each
    /// value from 0 to the largest, those that do not occur included.
    pub fn value_count(&self) -> String {
        self.frequencies
            .iter()
            .enumerate()
            .map(|(value, frequency)| format!("{value} {frequency}\n"))
            .collect()
    }
}

/// Reads a value-count file (lines `value frequency`, the values 0, 1, 2, … in order) into
/// the frequencies, indexed by value.
///
/// # Errors
///
/// [`MilestoneError`] naming the first line that is not `value frequency` or is out of
/// order.
pub fn parse_value_count(text: &str) -> Result<Vec<u64>, MilestoneError> {
    let mut frequencies = Vec::new();
    for (index, text) in text.lines().enumerate() {
        let line = index + 1;
        let unreadable = || MilestoneError::Unreadable {
            line,
            text: text.to_owned(),
        };
        let mut words = text.split_whitespace();
        let (Some(value), Some(frequency), None) = (words.next(), words.next(), words.next())
        else {
            return Err(unreadable());
        };
        let (value, frequency): (u64, u64) = value
            .parse()
            .ok()
            .zip(frequency.parse().ok())
            .ok_or_else(unreadable)?;
        let expected = frequencies.len() as u64;
        if value != expected {
            return Err(MilestoneError::OutOfOrder {
                line,
                expected,
                found: value,
            });
        }
        frequencies.push(frequency);
    }
    Ok(frequencies)
}

/// The FNV-1a (64 bits) hash of no bytes.
pub(crate) const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a (64 bits) over `values` as little-endian `u16`s: the checksum of a table of
/// nim-values, over the bytes `game-analysis octal --out` writes.
pub(crate) fn checksum(values: &[u16]) -> u64 {
    values
        .iter()
        .fold(FNV_OFFSET, |hash, &value| checksum_step(hash, value))
}

/// FNV-1a carried over one more value, as its two little-endian bytes.
pub(crate) fn checksum_step(hash: u64, value: u16) -> u64 {
    fnv1a(hash, &value.to_le_bytes())
}

/// FNV-1a carried over `bytes`.
pub(crate) fn fnv1a(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(FNV_PRIME)
    })
}

/// Takes nim-values one at a time, G(0) first, and keeps what a [`Milestone`] reports: its
/// memory is one counter a value, whatever the number of heaps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MilestoneRecorder {
    split: Option<Split>,
    values_taken: u64,
    frequencies: Vec<u64>,
    largest: u16,
    largest_at: u64,
    rare_heaps: u64,
    checksum: u64,
}

impl MilestoneRecorder {
    /// A recorder counting rare heaps under `split` (none without one).
    pub fn new(split: Option<Split>) -> MilestoneRecorder {
        MilestoneRecorder {
            split,
            values_taken: 0,
            frequencies: Vec::new(),
            largest: 0,
            largest_at: 0,
            rare_heaps: 0,
            checksum: FNV_OFFSET,
        }
    }

    /// Takes the next value, G(h) for h the values taken so far; when h ≥ 1 is a power of
    /// two, the milestone at h heaps.
    pub fn push(&mut self, value: u16) -> Option<Milestone> {
        let heap = self.values_taken;
        self.values_taken += 1;
        self.checksum = checksum_step(self.checksum, value);
        if heap == 0 {
            return None;
        }
        let slot = usize::from(value);
        if self.frequencies.len() <= slot {
            self.frequencies.resize(slot + 1, 0);
        }
        self.frequencies[slot] += 1;
        if value > self.largest || self.largest_at == 0 {
            self.largest = value;
            self.largest_at = heap;
        }
        if self
            .split
            .is_some_and(|split| split.is_rare(heap as usize, value))
        {
            self.rare_heaps += 1;
        }
        heap.is_power_of_two().then(|| self.milestone())
    }

    /// Counts the rare heaps of the values taken from now on under `split`: a split that
    /// classes every value taken so far as the last one did (a streamed run's new bit of
    /// the mask, [`Split::with_new_bit_common`]).
    pub(crate) fn count_under(&mut self, split: Option<Split>) {
        self.split = split;
    }

    /// What the recorder holds, as numbers: the values taken, the largest value, its first
    /// heap, the rare heaps, the checksum, then the frequencies (a checkpoint keeps them).
    pub(crate) fn to_words(&self) -> Vec<u64> {
        let head = [
            self.values_taken,
            self.largest.into(),
            self.largest_at,
            self.rare_heaps,
            self.checksum,
        ];
        head.into_iter()
            .chain(self.frequencies.iter().copied())
            .collect()
    }

    /// The recorder [`MilestoneRecorder::to_words`] wrote, counting rare heaps under
    /// `split`; `None` when the words are too few or the largest value is not a `u16`.
    pub(crate) fn from_words(split: Option<Split>, words: &[u64]) -> Option<MilestoneRecorder> {
        let (&[values_taken, largest, largest_at, rare_heaps, checksum], frequencies) =
            words.split_first_chunk::<5>()?;
        Some(MilestoneRecorder {
            split,
            values_taken,
            frequencies: frequencies.to_vec(),
            largest: u16::try_from(largest).ok()?,
            largest_at,
            rare_heaps,
            checksum,
        })
    }

    /// What the values taken so far show (heaps 1 to the last one taken).
    pub fn milestone(&self) -> Milestone {
        Milestone {
            heaps: self.values_taken.saturating_sub(1),
            frequencies: self.frequencies.clone(),
            largest: self.largest,
            largest_at: self.largest_at,
            rare_heaps: self.split.map(|_| self.rare_heaps),
            checksum: self.checksum,
        }
    }
}

/// The milestones of `values` (G(0) first) at every power of two they reach, and at their
/// last heap when that is not one; rare heaps counted under `split`.
pub fn milestones(values: &[u16], split: Option<Split>) -> Vec<Milestone> {
    let mut recorder = MilestoneRecorder::new(split);
    let mut found: Vec<Milestone> = values
        .iter()
        .filter_map(|&value| recorder.push(value))
        .collect();
    let last = values.len().saturating_sub(1) as u64;
    if last > 0 && !last.is_power_of_two() {
        found.push(recorder.milestone());
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heaps_one_to_n_are_counted_and_zero_is_hashed() {
        // G(0..=4) = 0, 0, 1, 0, 0 (the game .014), as Rogalski's files count them: at 2
        // heaps {0: 1, 1: 1}, at 4 heaps {0: 3, 1: 1}.
        let found = milestones(&[0, 0, 1, 0, 0], None);
        let counts: Vec<(u64, Vec<u64>)> = found
            .iter()
            .map(|m| (m.heaps, m.frequencies.clone()))
            .collect();
        assert_eq!(counts, [(1, vec![1]), (2, vec![1, 1]), (4, vec![3, 1])]);
        assert_eq!(found[2].largest, 1);
        assert_eq!(found[2].largest_at, 2);
        // FNV-1a byte by byte over the ten bytes of G(0..=4).
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in [0u8, 0, 0, 0, 1, 0, 0, 0, 0, 0] {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        assert_eq!(found[2].checksum, hash);
    }

    #[test]
    fn the_last_heap_is_a_milestone_when_not_a_power_of_two() {
        let heaps: Vec<u64> = milestones(&[0; 7], None).iter().map(|m| m.heaps).collect();
        assert_eq!(heaps, [1, 2, 4, 6]);
        assert!(milestones(&[0], None).is_empty());
        assert!(milestones(&[], None).is_empty());
    }

    #[test]
    fn rare_heaps_are_counted_under_the_split() {
        let split = Split {
            mask: 1,
            heap_parity: None,
        };
        // Values 0, 1, 2, 3, 2 at heaps 1 to 5: rare (even popcount of v & 1) 2, 2 and the 0.
        let last = milestones(&[0, 0, 1, 2, 3, 2], Some(split));
        assert_eq!(last.last().unwrap().rare_heaps, Some(3));
    }

    #[test]
    fn a_bad_value_count_names_its_line() {
        assert_eq!(parse_value_count("0 3\n1 1\n"), Ok(vec![3, 1]));
        assert!(matches!(
            parse_value_count("0 3\n2 1\n"),
            Err(MilestoneError::OutOfOrder {
                line: 2,
                expected: 1,
                found: 2
            })
        ));
        for bad in ["0\n", "0 1 2\n", "x 1\n", "0 -1\n"] {
            assert!(
                matches!(
                    parse_value_count(bad),
                    Err(MilestoneError::Unreadable { line: 1, .. })
                ),
                "{bad:?}"
            );
        }
    }
}

//! Czajka's tables of octal games — the solved games with long pre-periods and the runs on
//! unsolved ones, each with its largest value, its rare/common mask, its rare heaps and the
//! last of them — recomputed from scratch with `nim_games::octal` and
//! `nim_games::grundys_game`.
//!
//! A solved game is computed until its period is proven, as for the `octal-games` source
//! (the same budget, and the same kept records past it); an unsolved one for the heaps the
//! table names. The rare heaps are counted under the table's own mask, so that those rows
//! check the values whatever split our engine would choose; the mask row says which split
//! leaves the fewest heaps rare in our values (`nim_games::octal::fewest_rare_split`).

use std::collections::HashMap;

use nim_games::grundys_game;
use nim_games::octal::{
    Comparison, OctalOptions, OctalValues, RareSplit, Split, compare_values, fewest_rare_split,
    largest, split_parity,
};
use nim_games::periodicity::Periodicity;

use crate::error::{Error, LibraryResult, Result};
use crate::kept::octal_records::{OctalRecord, read_records};
use crate::sources::octal_games::{Proven, proven};
use crate::sources::{RunSize, Source};
use crate::verify::computed::Computed;
use crate::verify::transcription::TranscribedRow;

/// What the tables print of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    /// "prefix": the pre-period, the first heap of the periodic part.
    Prefix,
    /// "period".
    Period,
    /// "largest idx": the first heap with the largest value.
    LargestHeap,
    /// "largest": the largest value.
    Largest,
    /// "rare mask", in hexadecimal; "m+pos" for a mask read with the heap's parity.
    RareMask,
    /// "num rare": the heaps n ≥ 0 whose value is rare under the table's mask.
    RareCount,
    /// "last rare": the last of them.
    LastRare,
    /// Which code a game is (a table's claim that two codes are one game), judged by
    /// comparing their values.
    Equals,
    /// The first heap at which two codes' values differ.
    FirstDifference,
}

/// The heaps over which two codes are compared: far past every difference the tables name.
pub const COMPARED_HEAPS: u32 = 1 << 14;

/// The tables, recomputed; each game is computed once for all its rows.
pub struct OctalTables {
    found: HashMap<(String, Option<u32>), Found>,
    records: Vec<OctalRecord>,
}

/// A game as the rows read it: its values, or the kept record of a run too long for the
/// default budget.
enum Found {
    /// G(0), … computed here, and the period they prove (the solved games).
    Values(Vec<u16>, Option<Periodicity>),
    /// The kept record of a proof.
    Kept(OctalRecord),
}

impl Source for OctalTables {
    const ID: &'static str = "octal-tables";
    const TRANSCRIPTION_FILE: &'static str = "xtask/src/sources/octal_tables/transcription.toml";
    const TRANSCRIPTION: &'static str = include_str!("transcription.toml");
    type Quantity = Quantity;

    fn quantity(table: &str, column: &str) -> Option<Quantity> {
        let quantity = match column {
            "prefix" => Quantity::Prefix,
            "period" => Quantity::Period,
            "largest-heap" => Quantity::LargestHeap,
            "largest" => Quantity::Largest,
            "rare-mask" => Quantity::RareMask,
            "rare-count" => Quantity::RareCount,
            "last-rare" => Quantity::LastRare,
            "equals" => Quantity::Equals,
            "first-difference" => Quantity::FirstDifference,
            _ => return None,
        };
        if table == "mistakes" {
            return matches!(quantity, Quantity::Equals | Quantity::FirstDifference)
                .then_some(quantity);
        }
        let periodic = matches!(quantity, Quantity::Prefix | Quantity::Period);
        match table {
            "solved" => Some(quantity),
            "unsolved" => (!periodic).then_some(quantity),
            _ => None,
        }
    }

    fn new() -> Result<OctalTables> {
        Ok(OctalTables {
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
        let split = || {
            let text = row.required_parameter("mask")?;
            parse_split(code, text)
        };
        match quantity {
            Quantity::Equals | Quantity::FirstDifference => {
                compare(code, row.required_parameter("other")?, quantity)
            }
            Quantity::Prefix => {
                let found = self.found(code, row, size)?.periodicity(code)?;
                Ok(Computed::count(found.preperiod as u64))
            }
            Quantity::Period => {
                let found = self.found(code, row, size)?.periodicity(code)?;
                Ok(Computed::count(found.period as u64))
            }
            Quantity::LargestHeap => {
                let (heap, _) = self.found(code, row, size)?.largest();
                Ok(Computed::count(heap as u64))
            }
            Quantity::Largest => {
                let (_, value) = self.found(code, row, size)?.largest();
                Ok(Computed::count(u64::from(value)))
            }
            Quantity::RareMask => self.found(code, row, size)?.fewest_rare_split(code),
            Quantity::RareCount => {
                let split = self.found(code, row, size)?.split(code, split()?)?;
                Ok(Computed::count(split.rare as u64))
            }
            Quantity::LastRare => {
                let split = self.found(code, row, size)?.split(code, split()?)?;
                Ok(Computed::count(split.last_rare as u64))
            }
        }
    }
}

impl OctalTables {
    /// The game of `row`, computed once: for the heaps the row names, or else until its
    /// period is proven (or from its kept record).
    fn found(&mut self, code: &str, row: &TranscribedRow, size: RunSize) -> Result<&Found> {
        let heaps = row
            .parameter("heaps")
            .map(|text| {
                text.parse::<u32>()
                    .ok()
                    .filter(|&heaps| heaps > 0)
                    .ok_or_else(|| Error::BadParameter {
                        name: "heaps".to_owned(),
                        value: text.to_owned(),
                        expected: "a positive whole number of heaps",
                    })
            })
            .transpose()?;
        let key = (code.to_owned(), heaps);
        if !self.found.contains_key(&key) {
            let found = match heaps {
                Some(heaps) => Found::Values(values(code, heaps - 1)?, None),
                None => {
                    let record = self.records.iter().find(|record| record.code == code);
                    match proven(code, size, record)? {
                        Proven::Computed(table, found) => {
                            Found::Values(table.values().to_vec(), Some(found))
                        }
                        Proven::Kept(record) => Found::Kept(record),
                    }
                }
            };
            self.found.insert(key.clone(), found);
        }
        Ok(&self.found[&key])
    }
}

/// Whether `code` is the game `other` (a claim: `other` itself when their values agree on
/// every heap compared, with the evidence), or the first heap where they differ.
fn compare(code: &str, other: &str, quantity: &Quantity) -> Result<Computed> {
    let values = |code: &str| -> Result<_> {
        let game = nim_games::OctalGame::parse(code).library()?;
        OctalOptions::new()
            .until_proven()
            .compute(&game, COMPARED_HEAPS)
            .library()
    };
    let (ours, theirs) = (values(code)?, values(other)?);
    let comparison = compare_values(&ours, &theirs);
    let (code, other) = (short(code), short(other));
    match (quantity, comparison) {
        (Quantity::FirstDifference, Comparison::Differ { heap }) => {
            Ok(Computed::count(heap as u64))
        }
        (Quantity::FirstDifference, Comparison::Agree { heaps, .. }) => Err(Error::NotComputable(
            format!("{code} and {other} agree on heaps 0..{heaps}"),
        )),
        (_, Comparison::Differ { heap }) => Ok(Computed::Claim {
            statement: format!("not {other}: they differ at heap {heap}"),
            evidence: format!(
                "G{code}({heap}) = {}, G{other}({heap}) = {}; equal before",
                ours.values()[heap],
                theirs.values()[heap]
            ),
        }),
        (_, Comparison::Agree { heaps, forever }) => Ok(Computed::Claim {
            statement: other.to_owned(),
            evidence: if forever {
                format!(
                    "equal on heaps 0..{heaps}, past both proven periods ({}; {}): equal on every heap",
                    describe(&ours),
                    describe(&theirs)
                )
            } else {
                format!("equal on heaps 0..{heaps} (no proof that they stay equal)")
            },
        }),
    }
}

/// A code as the tables print it: ".27" for "0.27".
fn short(code: &str) -> &str {
    code.strip_prefix('0').unwrap_or(code)
}

/// A proven period as the evidence prints it.
fn describe(values: &OctalValues) -> String {
    match values.periodicity() {
        Some(found) => format!("period {} from heap {}", found.period, found.preperiod),
        None => "no period proven".to_owned(),
    }
}

/// G(0), …, G(`max_heap`) of `code` ("grundy" for Grundy's game).
fn values(code: &str, max_heap: u32) -> Result<Vec<u16>> {
    if code == "grundy" {
        return Ok(grundys_game::nim_values(max_heap).library()?.into_values());
    }
    let game = nim_games::OctalGame::parse(code).library()?;
    Ok(OctalOptions::new()
        .compute(&game, max_heap)
        .library()?
        .values()
        .to_vec())
}

/// A split as the table prints it: the mask in hexadecimal, followed by "+pos" when it
/// reads the heap's parity too (t from the game's splits, [`heap_parity_of`]).
fn parse_split(code: &str, text: &str) -> Result<Split> {
    let (digits, with_heap_parity) = match text.strip_suffix("+pos") {
        Some(digits) => (digits, true),
        None => (text, false),
    };
    let mask = u16::from_str_radix(digits, 16).map_err(|_| Error::BadParameter {
        name: "mask".to_owned(),
        value: text.to_owned(),
        expected: "a hexadecimal mask, perhaps followed by +pos",
    })?;
    let heap_parity = match with_heap_parity {
        false => None,
        true => Some(heap_parity_of(code)?.ok_or_else(|| Error::BadParameter {
            name: "mask".to_owned(),
            value: text.to_owned(),
            expected: "+pos only for a game whose splits all remove tokens of one parity",
        })?),
    };
    Ok(Split { mask, heap_parity })
}

/// t when every split of `code` ("grundy": its splits remove nothing, t = 0) removes a
/// number of tokens of parity t (`nim_games::octal::split_parity`).
fn heap_parity_of(code: &str) -> Result<Option<u8>> {
    if code == "grundy" {
        return Ok(Some(0));
    }
    Ok(split_parity(&nim_games::OctalGame::parse(code).library()?))
}

impl Found {
    fn periodicity(&self, code: &str) -> Result<Periodicity> {
        match self {
            Found::Values(_, Some(found)) => Ok(*found),
            Found::Kept(record) => Ok(Periodicity {
                preperiod: record.preperiod,
                period: record.period,
            }),
            Found::Values(_, None) => Err(Error::NotComputable(format!(
                "{code}: a run for a number of heaps proves no period"
            ))),
        }
    }

    fn largest(&self) -> (usize, u16) {
        match self {
            Found::Values(values, _) => largest(values),
            Found::Kept(record) => (record.largest_at, record.largest),
        }
    }

    /// The split that leaves the fewest heaps rare, with the heap's parity where the game
    /// allows it, as Czajka's solver chooses it.
    fn fewest_rare_split(&self, code: &str) -> Result<Computed> {
        let fewest = match self {
            Found::Values(values, _) => {
                fewest_rare_split(values, heap_parity_of(code)?).map(|(split, _)| split)
            }
            Found::Kept(record) => record.mask.map(|mask| Split {
                mask,
                heap_parity: record.heap_parity,
            }),
        };
        let split = fewest.ok_or_else(|| {
            Error::NotComputable(format!("{code}: every value is 0, no mask splits them"))
        })?;
        Ok(Computed::Text(split.to_string()))
    }

    /// The rare heaps under the table's `split`: all of them, which for a solved game must
    /// end before its period begins (or they would recur without end).
    fn split(&self, code: &str, split: Split) -> Result<RareSplit> {
        let read = match self {
            Found::Values(values, _) => RareSplit::under(values, split),
            Found::Kept(record) => match (record.mask, record.last_rare) {
                (Some(mask), Some(last_rare))
                    if mask == split.mask && record.heap_parity == split.heap_parity =>
                {
                    RareSplit {
                        split,
                        rare: record.rare_heaps + usize::from(split.is_rare(0, 0)),
                        last_rare,
                    }
                }
                _ => {
                    return Err(Error::NotComputable(format!(
                        "{code}: the kept record's split is not the table's {split}; run with --full"
                    )));
                }
            },
        };
        match self {
            Found::Values(_, None) => Ok(read),
            _ if read.last_rare < self.periodicity(code)?.preperiod => Ok(read),
            _ => Err(Error::NotComputable(format!(
                "{code}: rare heaps under {split} recur in the period"
            ))),
        }
    }
}

//! Czajka's tables of octal games — the solved games with long pre-periods and the runs on
//! unsolved ones, each with its largest value, its rare/common mask, its rare heaps and the
//! last of them — recomputed from scratch with `nim_games::octal` and
//! `nim_games::grundys_game`.
//!
//! A solved game is computed until its period is proven, as for the `octal-games` source
//! (the same budget, and the same kept records past it); an unsolved one for the heaps the
//! table names. The rare heaps are counted under the table's own mask, so that those rows
//! check the values whatever mask our engine would choose; the mask row says which mask
//! leaves the fewest heaps rare in our values (`nim_games::octal::fewest_rare_mask`).

use std::collections::HashMap;

use nim_games::grundys_game;
use nim_games::octal::{
    Comparison, OctalOptions, OctalValues, RareSplit, compare_values, fewest_rare_mask,
    fewest_rare_mask_with_heap_parity,
};
use nim_games::periodicity::Periodicity;

use crate::error::{Error, LibraryResult, Result};
use crate::sources::octal_games::{OctalRecord, Proven, largest, proven, read_records};
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
        let mask = || row.required_parameter("mask").and_then(TableMask::parse);
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
            Quantity::RareMask => {
                let published = row.published.as_deref();
                self.found(code, row, size)?
                    .fewest_rare_mask(code, published)
            }
            Quantity::RareCount => {
                let split = self.found(code, row, size)?.split(code, mask()?)?;
                Ok(Computed::count(split.rare as u64))
            }
            Quantity::LastRare => {
                let split = self.found(code, row, size)?.split(code, mask()?)?;
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

/// A mask as the table prints it: hexadecimal, and "+pos" when it is read with the heap's
/// parity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct TableMask {
    mask: u16,
    with_heap_parity: bool,
}

impl TableMask {
    fn parse(text: &str) -> Result<TableMask> {
        let (digits, with_heap_parity) = match text.strip_suffix("+pos") {
            Some(digits) => (digits, true),
            None => (text, false),
        };
        let mask = u16::from_str_radix(digits, 16).map_err(|_| Error::BadParameter {
            name: "mask".to_owned(),
            value: text.to_owned(),
            expected: "a hexadecimal mask, perhaps followed by +pos",
        })?;
        Ok(TableMask {
            mask,
            with_heap_parity,
        })
    }

    fn print(self) -> String {
        let parity = if self.with_heap_parity { "+pos" } else { "" };
        format!("{:x}{parity}", self.mask)
    }
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

    /// The mask that leaves the fewest heaps rare, in the family the table printed (plain,
    /// or with the heap's parity).
    fn fewest_rare_mask(&self, code: &str, published: Option<&str>) -> Result<Computed> {
        let with_heap_parity = published.is_some_and(|text| text.ends_with("+pos"));
        let fewest = match (self, with_heap_parity) {
            (Found::Values(values, _), false) => fewest_rare_mask(values).map(|(mask, _)| mask),
            (Found::Values(values, _), true) => {
                fewest_rare_mask_with_heap_parity(values).map(|(mask, _)| mask)
            }
            (Found::Kept(record), false) => record.mask,
            (Found::Kept(_), true) => {
                return Err(Error::NotComputable(format!(
                    "{code}: the kept record has no split with the heap's parity"
                )));
            }
        };
        let mask = fewest.ok_or_else(|| {
            Error::NotComputable(format!("{code}: every value is 0, no mask splits them"))
        })?;
        Ok(Computed::Text(
            TableMask {
                mask,
                with_heap_parity,
            }
            .print(),
        ))
    }

    /// The rare heaps under the table's `mask`: all of them, which for a solved game must
    /// end before its period begins (or they would recur without end).
    fn split(&self, code: &str, mask: TableMask) -> Result<RareSplit> {
        let split = match self {
            Found::Values(values, _) if mask.with_heap_parity => {
                RareSplit::with_heap_parity(values, mask.mask)
            }
            Found::Values(values, _) => RareSplit::of(values, mask.mask),
            Found::Kept(record) => match (record.mask, record.last_rare) {
                (Some(kept), Some(last_rare)) if !mask.with_heap_parity && kept == mask.mask => {
                    RareSplit {
                        mask: kept,
                        rare: record.rare_heaps + 1,
                        last_rare,
                    }
                }
                _ => {
                    return Err(Error::NotComputable(format!(
                        "{code}: the kept record's mask is not the table's {}; run with --full",
                        mask.print()
                    )));
                }
            },
        };
        match self {
            Found::Values(_, None) => Ok(split),
            _ if split.last_rare < self.periodicity(code)?.preperiod => Ok(split),
            _ => Err(Error::NotComputable(format!(
                "{code}: rare heaps under {} recur in the period",
                mask.print()
            ))),
        }
    }
}

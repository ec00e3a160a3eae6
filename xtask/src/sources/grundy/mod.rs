//! The note on Grundy's game: its W/L/? tables in both versions, the winning moves, and the
//! worked examples of the text, from `nim-games`.

use game_core::PlayConvention;
use nim_games::grundy::HeapOutcomes;
use nim_games::sprague_grundy::OutcomeClass;

use crate::sources::{Recompute, RunSize, integer_parameter};
use crate::verify::transcription::TranscribedRow;
use crate::verify::verdict::Computed;

/// Every heap the note mentions is at most 20.
const LARGEST_HEAP: u32 = 20;

struct Grundy {
    heaps: HeapOutcomes,
}

pub fn recompute() -> Box<dyn Recompute> {
    Box::new(Grundy {
        heaps: HeapOutcomes::new(LARGEST_HEAP)
            .expect("heap 20 is within the misère solver's range"),
    })
}

/// How a table writes a split: "10,4" (larger first) in the first table, "(4,10)" (smaller
/// first, in parentheses) in the normal-version tables.
#[derive(Clone, Copy)]
enum MoveStyle {
    LargerFirst,
    SmallerFirstParenthesised,
}

fn format_split((larger, smaller): (u32, u32), style: MoveStyle) -> String {
    match style {
        MoveStyle::LargerFirst => format!("{larger},{smaller}"),
        MoveStyle::SmallerFirstParenthesised => format!("({smaller},{larger})"),
    }
}

fn convention_of(column: &str) -> Result<PlayConvention, String> {
    match column {
        c if c.starts_with("normal") => Ok(PlayConvention::Normal),
        c if c.starts_with("misere") => Ok(PlayConvention::Misere),
        other => Err(format!("column {other} names no convention")),
    }
}

impl Grundy {
    fn symbol(&mut self, heap: u32, convention: PlayConvention) -> Result<Computed, String> {
        let symbol = self
            .heaps
            .symbol(heap, convention)
            .ok_or(format!("heap {heap} is beyond {LARGEST_HEAP}"))?;
        Ok(Computed::Text(symbol.as_str().to_string()))
    }

    /// The winning splits of `heap`, any of which is a right entry; "-" when there is none.
    fn winning_moves(
        &mut self,
        heap: u32,
        convention: PlayConvention,
        style: MoveStyle,
    ) -> Result<Computed, String> {
        let splits = self.winning_splits(heap, convention)?;
        if splits.is_empty() {
            return Ok(Computed::Text("-".to_string()));
        }
        Ok(Computed::OneOf(
            splits.into_iter().map(|s| format_split(s, style)).collect(),
        ))
    }

    fn outcome(
        &mut self,
        heaps: &[u32],
        convention: PlayConvention,
    ) -> Result<OutcomeClass, String> {
        self.heaps
            .outcome(heaps, convention)
            .ok_or(format!("heaps {heaps:?} go beyond {LARGEST_HEAP}"))
    }

    /// The splits of `heap` that win both versions, as "a,b or c,d" (larger part first).
    fn best_in_both(&mut self, heap: u32) -> Result<Computed, String> {
        let normal = self.winning_splits(heap, PlayConvention::Normal)?;
        let misere = self.winning_splits(heap, PlayConvention::Misere)?;
        let both: Vec<String> = normal
            .into_iter()
            .filter(|split| misere.contains(split))
            .map(|split| format_split(split, MoveStyle::LargerFirst))
            .collect();
        Ok(Computed::Text(both.join(" or ")))
    }

    fn winning_splits(
        &mut self,
        heap: u32,
        convention: PlayConvention,
    ) -> Result<Vec<(u32, u32)>, String> {
        self.heaps
            .winning_splits(heap, convention)
            .ok_or(format!("heap {heap} is beyond {LARGEST_HEAP}"))
    }

    /// Who wins the normal game from `position`: the player to move if it is an N-position.
    fn normal_winner(&mut self, row: &TranscribedRow) -> Result<Computed, String> {
        let position = row.numbers_parameter("position", '+')?;
        let name = |key: &str| row.required_parameter(key).map(str::to_string);
        let winner = match self.outcome(&position, PlayConvention::Normal)? {
            OutcomeClass::N => name("mover")?,
            OutcomeClass::P => name("previous")?,
        };
        Ok(Computed::Text(winner))
    }
}

impl Recompute for Grundy {
    fn compute(&mut self, row: &TranscribedRow, _: RunSize) -> Result<Computed, String> {
        use MoveStyle::{LargerFirst, SmallerFirstParenthesised};
        use PlayConvention::{Misere, Normal};
        let column = row.column.as_str();
        match row.table.as_str() {
            "values" => {
                let heap = integer_parameter(row, "n")?;
                let convention = convention_of(column)?;
                if column.ends_with("-value") {
                    self.symbol(heap, convention)
                } else {
                    self.winning_moves(heap, convention, LargerFirst)
                }
            }
            "normal-first" => {
                let heap = integer_parameter(row, "n")?;
                match column {
                    "value" => {
                        let won = self.outcome(&[heap], Normal)? == OutcomeClass::N;
                        Ok(Computed::Text(if won { "W" } else { "L" }.to_string()))
                    }
                    _ => self.winning_moves(heap, Normal, SmallerFirstParenthesised),
                }
            }
            "normal-redrawn" => {
                let heap = integer_parameter(row, "n")?;
                match column {
                    "value" => self.symbol(heap, Normal),
                    "W-move" => self.winning_moves(heap, Normal, SmallerFirstParenthesised),
                    // A split that "guarantees a loss" of the normal game while winning the
                    // misère one: the note's L moves are exactly its misère winning moves.
                    _ => self.winning_moves(heap, Misere, SmallerFirstParenthesised),
                }
            }
            "text-13" => {
                let split = row.numbers_parameter("split", '+')?;
                let convention = convention_of(column)?;
                let symbols: Vec<String> = split
                    .iter()
                    .map(|&heap| match self.symbol(heap, convention)? {
                        Computed::Text(symbol) => Ok(symbol),
                        _ => Err("a symbol is text".to_string()),
                    })
                    .collect::<Result<_, String>>()?;
                Ok(Computed::Text(symbols.join(" & ")))
            }
            "text" => match column {
                "best-moves" => self.best_in_both(integer_parameter(row, "n")?),
                "definite-lose" => {
                    // The note's "definite lose" is a split that loses the normal game on
                    // purpose, which is to say wins the misère one (see table normal-redrawn).
                    let heap = integer_parameter(row, "n")?;
                    let splits = self.winning_splits(heap, Misere)?;
                    Ok(Computed::OneOf(
                        splits
                            .into_iter()
                            .map(|(larger, smaller)| format!("{smaller} and {larger}"))
                            .collect(),
                    ))
                }
                "winner" => self.normal_winner(row),
                other => Err(format!("no computation for text column {other}")),
            },
            other => Err(format!("no computation for table {other}")),
        }
    }
}

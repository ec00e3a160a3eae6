//! The note on Grundy's game: its W/L/? tables in both versions, the winning moves, and the
//! worked examples of the text, from `nim-games`.

pub mod series;

use game_core::PlayConvention;
use nim_games::grundys_game::HeapOutcomes;
use nim_games::sprague_grundy::OutcomeClass;

use crate::error::{Error, LibraryResult, Result};
use crate::sources::{RunSize, Source, integer_parameter};
use crate::verify::computed::Computed;
use crate::verify::transcription::TranscribedRow;

/// Every heap the note mentions is at most 20.
const LARGEST_HEAP: u32 = 20;

/// The note's printed entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    /// A heap's W/L/? entry in one version.
    Symbol(PlayConvention),
    /// The first table's W/L entry (normal version, W or L only).
    NormalWinOrLoss,
    /// A heap's winning splits in one version, written in a table's style.
    WinningMoves(PlayConvention, MoveStyle),
    /// Section 13's example: the entries of the two heaps of a split, joined by " & ".
    SplitSymbols(PlayConvention),
    /// The splits that win both versions.
    BestInBoth,
    /// The text's "definite lose": a split that loses the normal game on purpose.
    DefiniteLose,
    /// Who wins the normal game from a position of several heaps.
    Winner,
}

/// The note on Grundy's game, recomputed with `nim-games`.
pub struct Grundy {
    heaps: HeapOutcomes,
}

impl Source for Grundy {
    const ID: &'static str = "grundy";
    const TRANSCRIPTION_FILE: &'static str = "xtask/src/sources/grundy/transcription.toml";
    const TRANSCRIPTION: &'static str = include_str!("transcription.toml");
    type Quantity = Quantity;

    fn quantity(table: &str, column: &str) -> Option<Quantity> {
        use MoveStyle::{LargerFirst, SmallerFirstParenthesised as Parenthesised};
        use PlayConvention::{Misere, Normal};
        Some(match (table, column) {
            ("values", "normal-value") => Quantity::Symbol(Normal),
            ("values", "misere-value") => Quantity::Symbol(Misere),
            ("values", "normal-move") => Quantity::WinningMoves(Normal, LargerFirst),
            ("values", "misere-move") => Quantity::WinningMoves(Misere, LargerFirst),
            ("normal-first", "value") => Quantity::NormalWinOrLoss,
            ("normal-first", "move") => Quantity::WinningMoves(Normal, Parenthesised),
            ("normal-redrawn", "value") => Quantity::Symbol(Normal),
            ("normal-redrawn", "W-move") => Quantity::WinningMoves(Normal, Parenthesised),
            // A split that "guarantees a loss" of the normal game while winning the misère
            // one: the note's L moves are exactly its misère winning moves.
            ("normal-redrawn", "L-move") => Quantity::WinningMoves(Misere, Parenthesised),
            ("text-13", "normal") => Quantity::SplitSymbols(Normal),
            ("text-13", "misere") => Quantity::SplitSymbols(Misere),
            ("text", "best-moves") => Quantity::BestInBoth,
            ("text", "definite-lose") => Quantity::DefiniteLose,
            ("text", "winner") => Quantity::Winner,
            _ => return None,
        })
    }

    fn new() -> Result<Grundy> {
        Ok(Grundy {
            heaps: HeapOutcomes::new(LARGEST_HEAP).library()?,
        })
    }

    fn compute(
        &mut self,
        quantity: &Quantity,
        row: &TranscribedRow,
        _: RunSize,
    ) -> Result<Computed> {
        match *quantity {
            Quantity::Symbol(convention) => self.symbol(integer_parameter(row, "n")?, convention),
            Quantity::NormalWinOrLoss => {
                let heap = integer_parameter(row, "n")?;
                let won = self.outcome(&[heap], PlayConvention::Normal)? == OutcomeClass::N;
                Ok(Computed::Text(if won { "W" } else { "L" }.to_string()))
            }
            Quantity::WinningMoves(convention, style) => {
                self.winning_moves(integer_parameter(row, "n")?, convention, style)
            }
            Quantity::SplitSymbols(convention) => {
                let split = row.numbers_parameter("split", '+')?;
                let symbols: Vec<String> = split
                    .iter()
                    .map(|&heap| self.symbol_text(heap, convention))
                    .collect::<Result<_>>()?;
                Ok(Computed::Text(symbols.join(" & ")))
            }
            Quantity::BestInBoth => self.best_in_both(integer_parameter(row, "n")?),
            Quantity::DefiniteLose => {
                // The note's "definite lose" is a split that loses the normal game on purpose,
                // which is to say wins the misère one (see table normal-redrawn).
                let splits =
                    self.winning_splits(integer_parameter(row, "n")?, PlayConvention::Misere)?;
                Ok(Computed::OneOf(
                    splits
                        .into_iter()
                        .map(|(larger, smaller)| format!("{smaller} and {larger}"))
                        .collect(),
                ))
            }
            Quantity::Winner => self.normal_winner(row),
        }
    }
}

/// How a table writes a split: "10,4" (larger first) in the first table, "(4,10)" (smaller
/// first, in parentheses) in the normal-version tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveStyle {
    /// "10,4".
    LargerFirst,
    /// "(4,10)".
    SmallerFirstParenthesised,
}

fn format_split((larger, smaller): (u32, u32), style: MoveStyle) -> String {
    match style {
        MoveStyle::LargerFirst => format!("{larger},{smaller}"),
        MoveStyle::SmallerFirstParenthesised => format!("({smaller},{larger})"),
    }
}

impl Grundy {
    fn symbol(&mut self, heap: u32, convention: PlayConvention) -> Result<Computed> {
        self.symbol_text(heap, convention).map(Computed::Text)
    }

    /// A heap's entry, W, L or ?.
    fn symbol_text(&mut self, heap: u32, convention: PlayConvention) -> Result<String> {
        let symbol = self
            .heaps
            .symbol(heap, convention)
            .ok_or_else(|| Error::NotComputable(format!("heap {heap} is beyond {LARGEST_HEAP}")))?;
        Ok(symbol.as_str().to_string())
    }

    /// The winning splits of `heap`, any of which is a right entry; "-" when there is none.
    fn winning_moves(
        &mut self,
        heap: u32,
        convention: PlayConvention,
        style: MoveStyle,
    ) -> Result<Computed> {
        let splits = self.winning_splits(heap, convention)?;
        if splits.is_empty() {
            return Ok(Computed::Text("-".to_string()));
        }
        Ok(Computed::OneOf(
            splits.into_iter().map(|s| format_split(s, style)).collect(),
        ))
    }

    fn outcome(&mut self, heaps: &[u32], convention: PlayConvention) -> Result<OutcomeClass> {
        self.heaps.outcome(heaps, convention).ok_or_else(|| {
            Error::NotComputable(format!("heaps {heaps:?} go beyond {LARGEST_HEAP}"))
        })
    }

    /// The splits of `heap` that win both versions, as "a,b or c,d" (larger part first).
    fn best_in_both(&mut self, heap: u32) -> Result<Computed> {
        let normal = self.winning_splits(heap, PlayConvention::Normal)?;
        let misere = self.winning_splits(heap, PlayConvention::Misere)?;
        let both: Vec<String> = normal
            .into_iter()
            .filter(|split| misere.contains(split))
            .map(|split| format_split(split, MoveStyle::LargerFirst))
            .collect();
        Ok(Computed::Text(both.join(" or ")))
    }

    fn winning_splits(&mut self, heap: u32, convention: PlayConvention) -> Result<Vec<(u32, u32)>> {
        self.heaps
            .winning_splits(heap, convention)
            .ok_or_else(|| Error::NotComputable(format!("heap {heap} is beyond {LARGEST_HEAP}")))
    }

    /// Who wins the normal game from `position`: the player to move if it is an N-position.
    fn normal_winner(&mut self, row: &TranscribedRow) -> Result<Computed> {
        let position = row.numbers_parameter("position", '+')?;
        let name = |key: &str| row.required_parameter(key).map(str::to_string);
        let winner = match self.outcome(&position, PlayConvention::Normal)? {
            OutcomeClass::N => name("mover")?,
            OutcomeClass::P => name("previous")?,
        };
        Ok(Computed::Text(winner))
    }
}

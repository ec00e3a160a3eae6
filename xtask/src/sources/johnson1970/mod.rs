//! Johnson's memo (MIT AI Memo 205): the exact tables of chapters 2 to 6 by the memo's own
//! procedure beside the true values (`lookahead-eval`), the printed claims, and the Monte
//! Carlo figures of Table 4.2 and chapter 5 (`solitaire`).

mod claims;
mod exact;
mod monte_carlo;
mod quantity;
pub mod series;
pub mod trees;

use quantity::Quantity;

use crate::error::Result;
use crate::sources::{RunSize, Source};
use crate::verify::computed::Computed;
use crate::verify::transcription::TranscribedRow;
use exact::Exact;
use monte_carlo::MonteCarloRuns;

/// Johnson's memo, recomputed: the exact chances are computed once per (strategy, E, A) and
/// shared by the tables and the claims; the Monte Carlo runs once per setting.
#[derive(Default)]
pub struct Johnson {
    exact: Exact,
    runs: MonteCarloRuns,
}

impl Source for Johnson {
    const ID: &'static str = "johnson1970";
    const TRANSCRIPTION_FILE: &'static str = "xtask/src/sources/johnson1970/transcription.toml";
    const TRANSCRIPTION: &'static str = include_str!("transcription.toml");
    type Quantity = Quantity;

    fn quantity(table: &str, column: &str) -> Option<Quantity> {
        Quantity::of(table, column)
    }

    fn new() -> Result<Johnson> {
        Ok(Johnson::default())
    }

    fn compute(
        &mut self,
        quantity: &Quantity,
        row: &TranscribedRow,
        size: RunSize,
    ) -> Result<Computed> {
        let exact = &mut self.exact;
        match *quantity {
            Quantity::Procedure(name) => exact.procedure(row, name),
            Quantity::ProcedureDifference(first, second) => exact.difference(row, first, second),
            Quantity::PrintoutLine(name) => exact.printout_line(row, name),
            Quantity::Ranking => exact.ranking(row),
            Quantity::Improvement(column) => exact.improvement(row, column),
            Quantity::TermRatioOrLimit { name, limit } => exact.ratio_or_limit(row, name, limit),
            Quantity::Dependent(name) => exact.dependent(row, name),
            Quantity::TermRatio(name) => exact.term_ratio(row, name),
            Quantity::Game3 { name, winning } => exact.game3(row, name, winning),
            Quantity::Claim(claim) => claims::compute(exact, claim, row),
            Quantity::Chance(name) => self.runs.chance(row, size, name),
            Quantity::ChanceDifference(first, second) => {
                self.runs.difference(row, size, first, second)
            }
            Quantity::BetterTwoLookAhead => self.runs.better_two_look_ahead(row, size),
            Quantity::Cutoff(name) => monte_carlo::cutoff(row, name),
        }
    }
}

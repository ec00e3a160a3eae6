//! Johnson's memo: the exact tables (4.1, 4.3, 4.4, the ranking table, 4.5) and the exact
//! numbers of the running text, from `lookahead-eval`.
//!
//! Each chance is reported twice: what the memo's own procedure gives (its Appendix A
//! program's ten terms plus the correction factor, in exact arithmetic), which is judged
//! against the print, and the true value as a rigorous interval.

use std::collections::HashMap;

use game_core::number::to_f64;
use game_core::number::{Rounding, decimal_expansion};
use lookahead_eval::dependent::dependent_value;
use lookahead_eval::diagram::Diagram;
use lookahead_eval::series::evaluate_with;
use lookahead_eval::tables::{Reproduction, reproduce};
use lookahead_eval::{Game3Parameters, GameClass, closed_form};
use num_rational::BigRational;
use solitaire::{Strategy, StrategyName};

use super::quantity::Improvement;

use crate::error::{Error, LibraryResult, Result};
use crate::verify::computed::Computed;
use crate::verify::transcription::TranscribedRow;

/// The width of the interval that holds each true value.
const PRECISION: f64 = 1e-12;

/// A ranked strategy's short name in the ranking table ([`StrategyName::RANKED`]).
fn short_name(name: StrategyName) -> &'static str {
    match name {
        StrategyName::UnlimitedLStrat => "∞L",
        StrategyName::UnlimitedHStrat => "∞H",
        StrategyName::BStrat => "B",
        StrategyName::TwoLStrat => "2L",
        StrategyName::LStrat => "L",
        StrategyName::TwoHStrat => "2H",
        StrategyName::HStrat => "H",
        _ => name.as_str(),
    }
}

/// The moves of game 3 that Tables 6.1 and 6.2 calculate by hand.
const GAME3_MOVES: usize = 3;

/// The most moves a game 3 series may take to reach [`PRECISION`].
const MOVES: usize = 2_000;

/// The decimals of the memo's computed chances (its tables print five).
const PRINTED_PLACES: u32 = 5;

#[derive(Default)]
pub struct Exact {
    chances: HashMap<(StrategyName, String, String), Reproduction>,
}

/// The strategy object of an ordinal strategy.
fn ordinal_strategy(name: StrategyName) -> Result<Box<dyn Strategy>> {
    name.ordinal_strategy()
        .ok_or_else(|| Error::NotComputable(format!("{name} is not an ordinal strategy")))
}

fn parameters(row: &TranscribedRow) -> Result<GameClass<BigRational>> {
    GameClass::new(row.fraction_parameter("E")?, row.fraction_parameter("A")?).library()
}

/// The memo's printed chance for a reproduction, with the true value beside it.
fn total(chance: &Reproduction) -> Computed {
    Computed::Procedure {
        procedure: chance.printout.total.clone(),
        low: chance.exact.lower.clone(),
        high: chance.exact.upper.clone(),
    }
}

/// The `n`-th (from 1) of `items`, `n` as a row writes it.
fn nth<'t, T>(items: &'t [T], n: &str) -> Result<&'t T> {
    let count: usize = n.parse().map_err(|_| Error::BadParameter {
        name: "n".to_owned(),
        value: n.to_owned(),
        expected: "a count",
    })?;
    let n = count;
    n.checked_sub(1)
        .and_then(|i| items.get(i))
        .ok_or_else(|| Error::NotComputable(format!("no item {n}")))
}

impl Exact {
    /// The memo's procedure and the true value for `name` at the row's (E, A), computed
    /// once.
    fn chance(&mut self, row: &TranscribedRow, name: StrategyName) -> Result<&Reproduction> {
        self.chance_at(name, &parameters(row)?)
    }

    /// The memo's procedure and the true value for `name` over `params`, computed once for
    /// the tables and the claims alike.
    pub(super) fn chance_at(
        &mut self,
        name: StrategyName,
        params: &GameClass<BigRational>,
    ) -> Result<&Reproduction> {
        let key = (name, params.e().to_string(), params.a().to_string());
        if !self.chances.contains_key(&key) {
            let chance = reproduce(name, params, PRECISION).library()?;
            self.chances.insert(key.clone(), chance);
        }
        Ok(&self.chances[&key])
    }

    pub(super) fn procedure(
        &mut self,
        row: &TranscribedRow,
        name: StrategyName,
    ) -> Result<Computed> {
        if name == StrategyName::Strat {
            let params = parameters(row)?;
            return Ok(Computed::Exact(closed_form::strat(params.e(), params.a())));
        }
        Ok(total(self.chance(row, name)?))
    }

    /// A cell of Table 4.3: one line of OUTPUT's printout for LSTRAT or HSTRAT.
    pub(super) fn printout_line(
        &mut self,
        row: &TranscribedRow,
        name: StrategyName,
    ) -> Result<Computed> {
        let line = row.required_parameter("line")?;
        let chance = self.chance(row, name)?;
        let printout = &chance.printout;
        Ok(match line {
            "sum" => Computed::Exact(printout.sum.clone()),
            "correction" => Computed::Exact(printout.correction.clone()),
            "total" => total(chance),
            term => Computed::Exact(nth(&printout.terms, term)?.clone()),
        })
    }

    /// The ranking of the seven look-ahead strategies by the memo's printed chances; ties
    /// at the printed five decimals are joined by "=".
    pub(super) fn ranking(&mut self, row: &TranscribedRow) -> Result<Computed> {
        let mut printed = Vec::new();
        for name in StrategyName::RANKED {
            let short = short_name(name);
            let total = &self.chance(row, name)?.printout.total;
            printed.push((
                decimal_expansion(total, PRINTED_PLACES, Rounding::Nearest),
                short,
            ));
        }
        // A stable sort keeps the table's order among ties.
        printed.sort_by(|x, y| y.0.cmp(&x.0));
        let mut text = printed[0].1.to_string();
        for pair in printed.windows(2) {
            let joint = if pair[0].0 == pair[1].0 { " = " } else { " > " };
            text.push_str(joint);
            text.push_str(pair[1].1);
        }
        Ok(Computed::Text(text))
    }

    /// Table 4.5: the better one-look-ahead (LSTRAT, HSTRAT) or two-look-ahead (BSTRAT,
    /// 2LSTRAT, 2HSTRAT) chance over STRAT's.
    pub(super) fn improvement(
        &mut self,
        row: &TranscribedRow,
        column: Improvement,
    ) -> Result<Computed> {
        let params = parameters(row)?;
        let strat = closed_form::strat(params.e(), params.a());
        let names: &[StrategyName] = match column {
            Improvement::Strat => return Ok(Computed::Exact(strat)),
            Improvement::OneLookAhead => &[StrategyName::LStrat, StrategyName::HStrat],
            Improvement::TwoLookAhead => &[
                StrategyName::BStrat,
                StrategyName::TwoLStrat,
                StrategyName::TwoHStrat,
            ],
        };
        let mut best: Option<BigRational> = None;
        for name in names {
            let total = &self.chance(row, *name)?.printout.total;
            if best.as_ref().is_none_or(|b| total > b) {
                best = Some(total.clone());
            }
        }
        Ok(Computed::Exact(
            best.ok_or_else(|| Error::NotComputable("no strategy".to_owned()))? / strat,
        ))
    }

    /// A difference "X-Y" of two of the memo's printed chances.
    pub(super) fn difference(
        &mut self,
        row: &TranscribedRow,
        first: StrategyName,
        second: StrategyName,
    ) -> Result<Computed> {
        let x = self.chance(row, first)?;
        let (procedure, low, high) = (
            x.printout.total.clone(),
            x.exact.lower.clone(),
            x.exact.upper.clone(),
        );
        let y = self.chance(row, second)?;
        Ok(Computed::Procedure {
            procedure: procedure - &y.printout.total,
            low: low - &y.exact.upper,
            high: high - &y.exact.lower,
        })
    }

    /// The running text's ratio D(n+1)/D(n) between successive terms.
    pub(super) fn term_ratio(
        &mut self,
        row: &TranscribedRow,
        name: StrategyName,
    ) -> Result<Computed> {
        let n = row.required_parameter("n")?;
        let ratio = nth(&self.chance(row, name)?.printout.ratios, n)?;
        Ok(Computed::Exact(ratio.clone().ok_or_else(|| {
            Error::NotComputable("D(n) = 0".to_owned())
        })?))
    }

    /// Table 5.1: the ratio D(10)/D(9) of the memo's terms, or its limit as the position's
    /// value falls (chapter 5): S(A + EB) for HSTRAT, SA for LSTRAT.
    pub(super) fn ratio_or_limit(
        &mut self,
        row: &TranscribedRow,
        name: StrategyName,
        limit: bool,
    ) -> Result<Computed> {
        if !limit {
            let chance = self.chance(row, name)?;
            let ratio = chance.printout.ratios.last().cloned().flatten();
            return Ok(Computed::Exact(
                ratio.ok_or_else(|| Error::NotComputable("D(9) = 0".to_owned()))?,
            ));
        }
        let params = parameters(row)?;
        let (s, a, b, e) = (params.s(), params.a(), params.b(), params.e());
        Ok(Computed::Exact(match name {
            StrategyName::HStrat => s * (a + e * b),
            StrategyName::LStrat => s * a,
            other => return Err(Error::NotComputable(format!("no limit for {other}"))),
        }))
    }

    /// Tables 6.1 and 6.2: game 3 by Johnson's diagram of expected values (E, T, Δ): the
    /// chance of winning (6.1) or losing (6.2) on moves 1 to 3, their sum, and for 6.2 the
    /// chance of losing at all ("sum + correction factor") and of winning (1 minus it).
    pub(super) fn game3(
        &mut self,
        row: &TranscribedRow,
        name: StrategyName,
        winning: bool,
    ) -> Result<Computed> {
        let params = Game3Parameters::new(
            row.fraction_parameter("E")?,
            row.fraction_parameter("T")?,
            row.fraction_parameter("shift")?,
        )
        .library()?;
        let strategy = ordinal_strategy(name)?;
        let line = row.required_parameter("line")?;
        if line == "total" || line == "win" {
            let w =
                evaluate_with(Diagram::game3(&*strategy, &params), PRECISION, MOVES).library()?;
            let one = BigRational::from_integer(1.into());
            // The game ends with probability 1 (E > 0), so it is lost with chance 1 − W.
            let (low, high) = if line == "win" {
                (w.lower, w.upper)
            } else {
                (&one - w.upper, one - w.lower)
            };
            return Ok(Computed::Bounded {
                value: 0.5 * (to_f64(&low) + to_f64(&high)),
                low,
                high,
            });
        }
        let mut diagram = Diagram::game3(&*strategy, &params);
        let mut terms = Vec::new();
        let mut lost_before = BigRational::from_integer(0.into());
        for _ in 0..GAME3_MOVES {
            let won = diagram.next_move().library()?;
            let lost = diagram.lost();
            terms.push(if winning { won } else { &lost - &lost_before });
            lost_before = lost;
        }
        Ok(Computed::Exact(match line {
            "sum" => terms.iter().sum(),
            n => nth(&terms, n)?.clone(),
        }))
    }

    /// A chance in the dependent form (chapters 2 and 3), exactly.
    pub(super) fn dependent(
        &mut self,
        row: &TranscribedRow,
        name: StrategyName,
    ) -> Result<Computed> {
        let params = parameters(row)?;
        let strategy = ordinal_strategy(name)?;
        let value = dependent_value(&*strategy, &params).library()?;
        Ok(Computed::Exact(value))
    }
}

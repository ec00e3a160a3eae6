//! Johnson's memo: the Monte Carlo figures of Table 4.2 and chapter 5, from `solitaire`;
//! the exact tables are answered by [`super::exact`].

use std::collections::HashMap;

use game_core::monte_carlo::{Estimate, MonteCarlo};
use lookahead_eval::random_ratio::{self, RatioLaw};
use lookahead_eval::series::Evaluation;
use solitaire::monte_carlo::{Comparison, compare};
use solitaire::non_ordinal::{BPrime, HPrime};
use solitaire::{Form, Strategy, StrategyName};
use tree_gen::{GameClass, SplitRatio, TreeParams};

use super::exact::{Exact, TABLES, strategy_name};
use crate::sources::{Recompute, RunSize};
use crate::verify::transcription::TranscribedRow;
use crate::verify::verdict::Computed;

/// The strategies every Monte Carlo row is drawn from, all played on the same trees.
const NAMES: [StrategyName; 6] = [
    StrategyName::BStrat,
    StrategyName::BPrimeStrat,
    StrategyName::TwoLStrat,
    StrategyName::HStrat,
    StrategyName::HPrimeStrat,
    StrategyName::LStrat,
];

/// Games per split-ratio setting: the default keeps the standard error near 3·10^-4, far
/// below the paper's own (4.5·10^-3 for its 10,000 games); `--full` brings it near 6·10^-5.
fn games(size: RunSize) -> u64 {
    match size {
        RunSize::Default => 2_000_000,
        RunSize::Full => 50_000_000,
    }
}

/// The width of the interval each exact value is given in: far below the paper's
/// standard errors (about 3·10^-3).
const EXACT_PRECISION: f64 = 1e-10;

struct Johnson {
    comparisons: HashMap<String, Comparison>,
    exact: Exact,
}

pub fn recompute() -> Box<dyn Recompute> {
    Box::new(Johnson {
        comparisons: HashMap::new(),
        exact: Exact::default(),
    })
}

/// The seed of each setting's run, fixed so the rows are reproducible.
fn seed(ratio: &str) -> u64 {
    if ratio == "constant" { 1968 } else { 1970 }
}

/// The row's parameter `name` as a number.
fn number(row: &TranscribedRow, name: &str) -> Result<f64, String> {
    row.required_parameter(name)?
        .parse()
        .map_err(|_| format!("{name} is not a number"))
}

/// The row's endpoint probability E and split ratio A.
fn endpoint_and_split(row: &TranscribedRow) -> Result<(f64, f64), String> {
    Ok((number(row, "E")?, number(row, "A")?))
}

fn bounded(evaluation: Evaluation) -> Computed {
    Computed::Bounded {
        value: evaluation.value(),
        low: evaluation.lower,
        high: evaluation.upper,
    }
}

fn estimate(estimate: &Estimate) -> Computed {
    Computed::Estimate {
        mean: estimate.mean(),
        standard_error: estimate.standard_error(),
        n_samples: estimate.n_samples(),
        seed: estimate.seed(),
    }
}

impl Johnson {
    /// The comparison of all six strategies for the row's (E, A, split ratio), run once.
    fn comparison(&mut self, row: &TranscribedRow, size: RunSize) -> Result<&Comparison, String> {
        let (e, a) = endpoint_and_split(row)?;
        let ratio = row.required_parameter("ratio")?.to_string();
        let key = format!("{e},{a},{ratio}");
        if !self.comparisons.contains_key(&key) {
            let split = match ratio.as_str() {
                "constant" => SplitRatio::constant(a).map_err(|e| e.to_string())?,
                "uniform" => SplitRatio::Uniform,
                other => return Err(format!("unknown split ratio {other}")),
            };
            let params = TreeParams::new(e, split).map_err(|e| e.to_string())?;
            let model = GameClass::new(e, a).map_err(|e| e.to_string())?;
            let strategies = NAMES.map(|name| name.strategy(model));
            let strategies: Vec<&dyn Strategy> = strategies.iter().map(|s| &**s).collect();
            let run = MonteCarlo::new(seed(&ratio), games(size)).map_err(|e| e.to_string())?;
            let comparison = compare(&params, Form::Independent, &strategies, &run)
                .map_err(|e| e.to_string())?;
            self.comparisons.insert(key.clone(), comparison);
        }
        Ok(&self.comparisons[&key])
    }

    fn strategy_index(name: StrategyName) -> Result<usize, String> {
        NAMES
            .iter()
            .position(|n| *n == name)
            .ok_or_else(|| format!("{name} is not played in the Monte Carlo runs"))
    }

    /// One strategy's chance, or the paired difference "A-B" of two.
    fn chance(&mut self, row: &TranscribedRow, size: RunSize) -> Result<Computed, String> {
        let comparison = self.comparison(row, size)?;
        if let Some((first, second)) = row.column.split_once('-') {
            let (i, j) = (
                Self::strategy_index(strategy_name(first)?)?,
                Self::strategy_index(strategy_name(second)?)?,
            );
            let (low, high, sign) = if i < j { (i, j, 1.0) } else { (j, i, -1.0) };
            let difference = comparison
                .differences
                .iter()
                .find(|d| (d.first, d.second) == (low, high))
                .ok_or("no such pair")?;
            let Computed::Estimate {
                mean,
                standard_error,
                n_samples,
                seed,
            } = estimate(&difference.difference)
            else {
                return Err("a difference is an estimate".to_string());
            };
            return Ok(Computed::Estimate {
                mean: sign * mean,
                standard_error,
                n_samples,
                seed,
            });
        }
        let index = Self::strategy_index(strategy_name(&row.column)?)?;
        Ok(estimate(&comparison.results[index].wins))
    }

    /// An ordinal strategy's exact chance for the row's (E, A, split ratio), with
    /// `lookahead-eval`'s moment diagram when the ratio is random; `None` for a strategy
    /// that uses values (B'STRAT, H'STRAT), whose figures stay Monte Carlo estimates.
    fn exact_chance(row: &TranscribedRow) -> Result<Option<Computed>, String> {
        let Ok(name) = row.column.parse::<StrategyName>() else {
            return Ok(None);
        };
        let Some(strategy) = name.ordinal_strategy() else {
            return Ok(None);
        };
        let law = match row.required_parameter("ratio")? {
            "constant" => {
                RatioLaw::constant(row.fraction_parameter("A")?).map_err(|e| e.to_string())?
            }
            "uniform" => RatioLaw::Uniform,
            other => return Err(format!("unknown split ratio {other}")),
        };
        let e = row.fraction_parameter("E")?;
        let evaluation =
            random_ratio::evaluate(&*strategy, Form::Independent, e, &law, EXACT_PRECISION)
                .map_err(|e| e.to_string())?;
        Ok(Some(bounded(evaluation)))
    }

    /// The better of B'STRAT and 2LSTRAT on the same games, or "tie" when their paired
    /// difference agrees with zero (within `MAX_Z_SCORE` standard errors).
    fn better_two_look_ahead(
        &mut self,
        row: &TranscribedRow,
        size: RunSize,
    ) -> Result<Computed, String> {
        let comparison = self.comparison(row, size)?;
        let pair = (
            Self::strategy_index(StrategyName::BPrimeStrat)?,
            Self::strategy_index(StrategyName::TwoLStrat)?,
        );
        let d = comparison
            .differences
            .iter()
            .find(|d| (d.first, d.second) == pair)
            .ok_or("no such pair")?;
        let better = if d.difference.agrees_with(0.0) {
            "tie".to_string()
        } else if d.difference.mean() > 0.0 {
            StrategyName::BPrimeStrat.to_string()
        } else {
            StrategyName::TwoLStrat.to_string()
        };
        Ok(Computed::Text(better))
    }
}

impl Recompute for Johnson {
    fn compute(&mut self, row: &TranscribedRow, size: RunSize) -> Result<Computed, String> {
        if TABLES.contains(&row.table.as_str()) {
            return self.exact.compute(row);
        }
        match row.column.as_str() {
            "better-two-look-ahead" => self.better_two_look_ahead(row, size),
            "B'STRAT-cutoff" | "H'STRAT-cutoff" => {
                let (e, a) = endpoint_and_split(row)?;
                let model = GameClass::new(e, a).map_err(|e| e.to_string())?;
                let cutoff = if row.column.starts_with("B'") {
                    BPrime::new(model).cutoff(number(row, "X")?)
                } else {
                    HPrime::new(model).cutoff(number(row, "H")?)
                };
                let cutoff = cutoff.map_err(|e| e.to_string())?;
                let exact = game_core::number::from_f64(cutoff).map_err(|e| e.to_string())?;
                // Bisection to f64 precision: the root lies within one ulp of the value.
                let ulp = game_core::number::from_f64(f64::EPSILON).map_err(|e| e.to_string())?;
                Ok(Computed::Bounded {
                    value: cutoff,
                    low: exact.clone() - ulp.clone(),
                    high: exact + ulp,
                })
            }
            _ => match Self::exact_chance(row)? {
                Some(exact) => Ok(exact),
                None => self.chance(row, size),
            },
        }
    }
}

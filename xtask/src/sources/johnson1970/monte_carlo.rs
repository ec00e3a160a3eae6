//! Johnson's memo: the Monte Carlo figures of Table 4.2 and chapter 5, from `solitaire`,
//! and the exact chances of the ordinal strategies beside them, from `lookahead-eval`.

use std::collections::HashMap;

use game_core::monte_carlo::{Estimate, MonteCarlo};
use lookahead_eval::random_ratio::{self, RatioLaw};
use lookahead_eval::series::Evaluation;
use solitaire::monte_carlo::{Comparison, compare};
use solitaire::non_ordinal::{BPrime, HPrime};
use solitaire::{Form, Strategy, StrategyName};
use tree_gen::{GameClass, SplitRatio, TreeParams};

use crate::error::{Error, LibraryResult, Result};
use crate::sources::RunSize;
use crate::verify::computed::Computed;
use crate::verify::transcription::TranscribedRow;

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

/// The Monte Carlo comparisons of the six strategies, one run per (E, A, split ratio).
#[derive(Default)]
pub struct MonteCarloRuns {
    comparisons: HashMap<String, Comparison>,
}

/// The seed of each setting's run, fixed so the rows are reproducible.
fn seed(ratio: &str) -> u64 {
    if ratio == "constant" { 1968 } else { 1970 }
}

/// The row's parameter `name` as a number.
fn number(row: &TranscribedRow, name: &str) -> Result<f64> {
    row.required_parameter(name)?
        .parse()
        .map_err(|_| Error::NotComputable(format!("{name} is not a number")))
}

/// The row's endpoint probability E and split ratio A.
fn endpoint_and_split(row: &TranscribedRow) -> Result<(f64, f64)> {
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

impl MonteCarloRuns {
    /// The comparison of all six strategies for the row's (E, A, split ratio), run once.
    fn comparison(&mut self, row: &TranscribedRow, size: RunSize) -> Result<&Comparison> {
        let (e, a) = endpoint_and_split(row)?;
        let ratio = row.required_parameter("ratio")?.to_string();
        let key = format!("{e},{a},{ratio}");
        if !self.comparisons.contains_key(&key) {
            let split = match ratio.as_str() {
                "constant" => SplitRatio::constant(a).library()?,
                "uniform" => SplitRatio::Uniform,
                other => return Err(Error::NotComputable(format!("unknown split ratio {other}"))),
            };
            let params = TreeParams::new(e, split).library()?;
            let model = GameClass::new(e, a).library()?;
            let strategies = NAMES.map(|name| name.strategy(model));
            let strategies: Vec<&dyn Strategy> = strategies.iter().map(|s| &**s).collect();
            let run = MonteCarlo::new(seed(&ratio), games(size)).library()?;
            let comparison = compare(&params, Form::Independent, &strategies, &run).library()?;
            self.comparisons.insert(key.clone(), comparison);
        }
        Ok(&self.comparisons[&key])
    }

    fn strategy_index(name: StrategyName) -> Result<usize> {
        NAMES.iter().position(|n| *n == name).ok_or_else(|| {
            Error::NotComputable(format!("{name} is not played in the Monte Carlo runs"))
        })
    }

    /// The paired difference of two strategies' chances on the same games.
    pub fn difference(
        &mut self,
        row: &TranscribedRow,
        size: RunSize,
        first: StrategyName,
        second: StrategyName,
    ) -> Result<Computed> {
        let comparison = self.comparison(row, size)?;
        let (i, j) = (Self::strategy_index(first)?, Self::strategy_index(second)?);
        let (low, high, sign) = if i < j { (i, j, 1.0) } else { (j, i, -1.0) };
        let difference = comparison
            .differences
            .iter()
            .find(|d| (d.first, d.second) == (low, high))
            .ok_or_else(|| Error::NotComputable("no such pair".to_owned()))?;
        let Computed::Estimate {
            mean,
            standard_error,
            n_samples,
            seed,
        } = estimate(&difference.difference)
        else {
            return Err(Error::NotComputable(
                "a difference is an estimate".to_owned(),
            ));
        };
        Ok(Computed::Estimate {
            mean: sign * mean,
            standard_error,
            n_samples,
            seed,
        })
    }

    /// One strategy's chance: exact for an ordinal strategy, else the Monte Carlo estimate.
    pub fn chance(
        &mut self,
        row: &TranscribedRow,
        size: RunSize,
        name: StrategyName,
    ) -> Result<Computed> {
        if let Some(exact) = Self::exact_chance(row, name)? {
            return Ok(exact);
        }
        let index = Self::strategy_index(name)?;
        Ok(estimate(&self.comparison(row, size)?.results[index].wins))
    }

    /// An ordinal strategy's exact chance for the row's (E, A, split ratio), with
    /// `lookahead-eval`'s moment diagram when the ratio is random; `None` for a strategy
    /// that uses values (B'STRAT, H'STRAT), whose figures stay Monte Carlo estimates.
    fn exact_chance(row: &TranscribedRow, name: StrategyName) -> Result<Option<Computed>> {
        let Some(strategy) = name.ordinal_strategy() else {
            return Ok(None);
        };
        let law = match row.required_parameter("ratio")? {
            "constant" => RatioLaw::constant(row.fraction_parameter("A")?).library()?,
            "uniform" => RatioLaw::Uniform,
            other => return Err(Error::NotComputable(format!("unknown split ratio {other}"))),
        };
        let e = row.fraction_parameter("E")?;
        let evaluation =
            random_ratio::evaluate(&*strategy, Form::Independent, e, &law, EXACT_PRECISION)
                .library()?;
        Ok(Some(bounded(evaluation)))
    }

    /// The better of B'STRAT and 2LSTRAT on the same games, or "tie" when their paired
    /// difference agrees with zero (within `MAX_Z_SCORE` standard errors).
    pub fn better_two_look_ahead(
        &mut self,
        row: &TranscribedRow,
        size: RunSize,
    ) -> Result<Computed> {
        let comparison = self.comparison(row, size)?;
        let pair = (
            Self::strategy_index(StrategyName::BPrimeStrat)?,
            Self::strategy_index(StrategyName::TwoLStrat)?,
        );
        let d = comparison
            .differences
            .iter()
            .find(|d| (d.first, d.second) == pair)
            .ok_or_else(|| Error::NotComputable("no such pair".to_owned()))?;
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

/// Chapter 5's cut-off of B'STRAT (on the row's X) or H'STRAT (on its H), to f64 precision.
pub fn cutoff(row: &TranscribedRow, name: StrategyName) -> Result<Computed> {
    let (e, a) = endpoint_and_split(row)?;
    let model = GameClass::new(e, a).library()?;
    let cutoff = match name {
        StrategyName::BPrimeStrat => BPrime::new(model).cutoff(number(row, "X")?),
        StrategyName::HPrimeStrat => HPrime::new(model).cutoff(number(row, "H")?),
        other => return Err(Error::NotComputable(format!("{other} has no cut-off"))),
    };
    let cutoff = cutoff.library()?;
    let exact = game_core::number::from_f64(cutoff).library()?;
    // Bisection to f64 precision: the root lies within one ulp of the value.
    let ulp = game_core::number::from_f64(f64::EPSILON).library()?;
    Ok(Computed::Bounded {
        value: cutoff,
        low: exact.clone() - ulp.clone(),
        high: exact + ulp,
    })
}

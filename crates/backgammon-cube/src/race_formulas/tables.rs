//! Every race formula judged over a whole two-sided database, as the tables the docs and
//! `game-analysis race-formulas` print: for each formula, how often its double, redouble and
//! take decisions agree with the exact cubeful ones, the equity they lose, and how far its
//! winning chance is from the exact cubeless one, over all pairs and over the pairs of at
//! least [`LONGER`] pips.
//!
//! A [`RaceJudgement`] holds the counts and the worst pairs as plain numbers and checkers'
//! points (with the `serde` feature, the JSON the workspace keeps for the complete 6 × 15
//! database), so that its tables can be drawn again from a kept file
//! ([`RaceJudgement::markdown`]).
//!
//! ```
//! use backgammon_cube::race_formulas::tables::{database_title, judge_database};
//!
//! let judgement = judge_database(2)?;
//! assert_eq!(judgement.tables.len(), 2);
//! assert!(judgement.markdown(&database_title(2))?.contains("| Keith count | double |"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::path::Path;
use std::time::Instant;

use super::{ChanceDeviations, DecisionRecord, Judgement, RaceFormula, judge, judge_file};
use crate::bearoff::{BearoffError, BearoffPosition};
use crate::gnubg::{ReadError, TwoSidedReader};
use crate::two_sided::{TwoSidedDatabase, TwoSidedError};

/// The pip counts from which a pair counts as a longer bear-off in the second table.
pub const LONGER: u32 = 30;

/// Why a kept judgement's tables cannot be drawn.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum RaceTablesError {
    /// A formula this crate does not know ([`RaceFormula::name`]).
    #[error("no formula {0:?}")]
    UnknownFormula(String),
    /// A worst pair that is not a bear-off position.
    #[error(transparent)]
    Position(#[from] BearoffError),
}

/// The title of the tables over the database of `checkers` built in memory.
pub fn database_title(checkers: u32) -> String {
    format!("every pair of the 6 × {checkers} database")
}

/// The title of the tables over a gnubg file of `checkers`.
pub fn gnubg_file_title(checkers: u32) -> String {
    format!("every pair of the 6 × {checkers} database, read from gnubg's file (16-bit values)")
}

/// Every formula judged over the 6 × `checkers` database built in memory, for all pairs
/// and for pairs of at least [`LONGER`] pips.
///
/// # Errors
///
/// [`TwoSidedError`] when the database cannot be built.
pub fn judge_database(checkers: u32) -> Result<RaceJudgement, TwoSidedError> {
    let started = Instant::now();
    let database = TwoSidedDatabase::<f64>::new(checkers)?;
    let tables = [0, LONGER]
        .into_iter()
        .map(|min_pips| KeptTable {
            min_pips,
            formulas: RaceFormula::ALL
                .iter()
                .map(|&formula| kept_formula(formula, &judge(&database, formula, min_pips)))
                .collect(),
        })
        .collect();
    Ok(RaceJudgement {
        checkers,
        seconds: started.elapsed().as_secs_f64(),
        tables,
    })
}

/// Every formula judged over the gnubg two-sided file at `path`, read out of core, for all
/// pairs and for pairs of at least [`LONGER`] pips; `progress(done, rows)` is told of each
/// row of positions on roll judged.
///
/// # Errors
///
/// [`ReadError`] when the file cannot be read as a two-sided database.
pub fn judge_gnubg_file(
    path: &Path,
    progress: impl FnMut(usize, usize),
) -> Result<RaceJudgement, ReadError> {
    let started = Instant::now();
    let mut file = TwoSidedReader::open(path)?;
    let min_pips = [0, LONGER];
    let judged = judge_file(&mut file, &min_pips, progress)?;
    let tables = min_pips
        .iter()
        .zip(judged)
        .map(|(&min_pips, judgements)| KeptTable {
            min_pips,
            formulas: RaceFormula::ALL
                .iter()
                .zip(judgements)
                .map(|(formula, judgement)| kept_formula(*formula, &judgement))
                .collect(),
        })
        .collect();
    Ok(RaceJudgement {
        checkers: file.max_checkers(),
        seconds: started.elapsed().as_secs_f64(),
        tables,
    })
}

/// Every formula's judgement, per least pip count: the JSON the command prints and the
/// workspace keeps for the complete database.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RaceJudgement {
    /// The database's checkers a side.
    pub checkers: u32,
    /// Seconds the judging took.
    pub seconds: f64,
    /// Per least pip count, every formula's judgement.
    pub tables: Vec<KeptTable>,
}

/// The judgements over the pairs of at least `min_pips` pips.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KeptTable {
    /// The least pip count of both players.
    pub min_pips: u32,
    /// Every formula's judgement.
    pub formulas: Vec<KeptFormula>,
}

/// One formula's judgement.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KeptFormula {
    /// The formula's name ([`RaceFormula::name`]).
    pub name: String,
    /// Its doubling decisions.
    pub double: KeptRecord,
    /// Its redoubling decisions.
    pub redouble: KeptRecord,
    /// Its take decisions.
    pub take: KeptRecord,
    /// Its winning chance against the exact one, for a formula that gives one.
    pub winning_chance: Option<KeptChance>,
}

/// A worst case: the value, and the pair as its checkers' points (on roll, opponent).
pub type KeptWorst = Option<(f64, Vec<u32>, Vec<u32>)>;

/// How a formula's decisions of one kind fared ([`DecisionRecord`]).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KeptRecord {
    /// Pairs judged.
    pub pairs: u64,
    /// Pairs where the formula's decision is the exact one.
    pub agree: u64,
    /// The equity lost, summed over the pairs.
    pub total_loss: f64,
    /// The worst loss, and its pair.
    pub worst: KeptWorst,
}

impl KeptRecord {
    /// The record's counts and summed loss as a [`DecisionRecord`], without its worst pair
    /// (which needs its positions read back).
    pub fn counts(&self) -> DecisionRecord {
        DecisionRecord {
            pairs: self.pairs,
            agree: self.agree,
            total_loss: self.total_loss,
            worst: None,
        }
    }
}

/// How far a formula's winning chance is from the exact cubeless one
/// ([`ChanceDeviations`]).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KeptChance {
    /// Pairs judged.
    pub pairs: u64,
    /// The absolute errors, summed.
    pub total: f64,
    /// The worst error, and its pair.
    pub worst: KeptWorst,
    /// Pairs and summed errors by the player on roll's pip count, ten pips a bucket.
    pub by_pips: Vec<(u64, f64)>,
}

/// The tables of `judged` (per least pip count, every formula's judgement), the first
/// titled `everything`, in Markdown.
fn render(everything: &str, judged: &[(u32, Vec<(RaceFormula, Judgement)>)]) -> String {
    let mut lines = Vec::new();
    for (min_pips, judgements) in judged {
        let title = if *min_pips == 0 {
            everything.to_owned()
        } else {
            format!("pairs where both pip counts are at least {min_pips}")
        };
        lines.push(format!("**{}**\n", capitalised(&title)));
        lines.push(
            "| formula | decision | pairs | agrees | mean equity lost | worst (on roll v opponent) |"
                .to_string(),
        );
        lines.push("|---|---|---|---|---|---|".to_string());
        for (formula, judgement) in judgements {
            for (decision, record) in [
                ("double", &judgement.double),
                ("redouble", &judgement.redouble),
                ("take", &judgement.take),
            ] {
                lines.push(format!(
                    "| {} | {decision} | {} |",
                    formula.name(),
                    row(record)
                ));
            }
        }
        lines.push(String::new());
        for (formula, judgement) in judgements {
            if let Some(error) = &judgement.winning_chance {
                let worst = match &error.worst {
                    Some((e, on_roll, opponent)) => {
                        format!("{e:.4} ({} v {})", points(on_roll), points(opponent))
                    }
                    None => "–".to_string(),
                };
                lines.push(format!(
                    "{}'s winning chance against the exact cubeless P: mean error {:.4}, worst {worst}. By the player on roll's pip count:\n",
                    capitalised(formula.name()),
                    error.mean()
                ));
                lines.push("| pips | pairs | mean error |".to_string());
                lines.push("|---|---|---|".to_string());
                for (tens, (pairs, total)) in error.by_pips.iter().enumerate() {
                    if *pairs > 0 {
                        let range = format!("{}–{}", 10 * tens, 10 * tens + 9);
                        lines.push(format!(
                            "| {range} | {pairs} | {:.4} |",
                            total / *pairs as f64
                        ));
                    }
                }
                lines.push(String::new());
            }
        }
    }
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

fn kept_formula(formula: RaceFormula, judgement: &Judgement) -> KeptFormula {
    let worst = |worst: &Option<(f64, BearoffPosition, BearoffPosition)>| {
        worst.map(|(value, on_roll, opponent)| {
            (value, checkers_of(&on_roll), checkers_of(&opponent))
        })
    };
    let record = |record: &DecisionRecord| KeptRecord {
        pairs: record.pairs,
        agree: record.agree,
        total_loss: record.total_loss,
        worst: worst(&record.worst),
    };
    KeptFormula {
        name: formula.name().to_owned(),
        double: record(&judgement.double),
        redouble: record(&judgement.redouble),
        take: record(&judgement.take),
        winning_chance: judgement.winning_chance.as_ref().map(|chance| KeptChance {
            pairs: chance.pairs,
            total: chance.total,
            worst: worst(&chance.worst),
            by_pips: chance.by_pips.clone(),
        }),
    }
}

impl RaceJudgement {
    /// The tables of the judgement in Markdown, the first titled `everything`.
    ///
    /// # Errors
    ///
    /// [`RaceTablesError`] for a formula or a position this crate does not know (a
    /// judgement read from a file).
    pub fn markdown(&self, everything: &str) -> Result<String, RaceTablesError> {
        let worst = |worst: &KeptWorst| -> Result<
            Option<(f64, BearoffPosition, BearoffPosition)>,
            RaceTablesError,
        > {
            worst
                .as_ref()
                .map(|(value, on_roll, opponent)| {
                    Ok((
                        *value,
                        BearoffPosition::from_points(on_roll)?,
                        BearoffPosition::from_points(opponent)?,
                    ))
                })
                .transpose()
        };
        let record = |record: &KeptRecord| -> Result<DecisionRecord, RaceTablesError> {
            Ok(DecisionRecord {
                worst: worst(&record.worst)?,
                ..record.counts()
            })
        };
        let mut judged = Vec::new();
        for table in &self.tables {
            let mut judgements = Vec::new();
            for formula in &table.formulas {
                let known = RaceFormula::ALL
                    .into_iter()
                    .find(|known| known.name() == formula.name)
                    .ok_or_else(|| RaceTablesError::UnknownFormula(formula.name.clone()))?;
                let winning_chance = match &formula.winning_chance {
                    Some(chance) => Some(ChanceDeviations {
                        pairs: chance.pairs,
                        total: chance.total,
                        worst: worst(&chance.worst)?,
                        by_pips: chance.by_pips.clone(),
                    }),
                    None => None,
                };
                judgements.push((
                    known,
                    Judgement {
                        double: record(&formula.double)?,
                        redouble: record(&formula.redouble)?,
                        take: record(&formula.take)?,
                        winning_chance,
                    },
                ));
            }
            judged.push((table.min_pips, judgements));
        }
        Ok(render(everything, &judged))
    }
}

/// A position as its checkers' points, one entry per checker.
fn checkers_of(position: &BearoffPosition) -> Vec<u32> {
    (1..=6u32)
        .flat_map(|point| std::iter::repeat_n(point, usize::from(position.on(point))))
        .collect()
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A position as its checkers' points, highest first: `6 5 5 1`.
fn points(position: &BearoffPosition) -> String {
    (1..=6u32)
        .rev()
        .flat_map(|point| std::iter::repeat_n(point.to_string(), usize::from(position.on(point))))
        .collect::<Vec<_>>()
        .join(" ")
}

fn row(record: &DecisionRecord) -> String {
    let worst = match &record.worst {
        Some((loss, on_roll, opponent)) => {
            format!("{loss:.4} ({} v {})", points(on_roll), points(opponent))
        }
        None => "–".to_string(),
    };
    format!(
        "{} | {:.2}% | {:.5} | {worst}",
        record.pairs,
        100.0 * record.agreement(),
        record.mean_loss()
    )
}

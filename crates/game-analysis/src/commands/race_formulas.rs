//! `game-analysis race-formulas`: the race rules of thumb (Keith, Thorp, 8-9-12, Kleinman,
//! the effective pip count, Janowski, Dotsenko and Marynych's approximations) judged
//! against the exact two-sided bear-off database, built in memory (`--checkers C`) or read
//! out of core from GNU Backgammon's two-sided file (`--file PATH`, up to the complete
//! 6 × 15 database).

use std::path::{Path, PathBuf};
use std::time::Instant;

use backgammon_cube::bearoff::BearoffPosition;
use backgammon_cube::gnubg::TwoSidedReader;
use backgammon_cube::race_formulas::{
    ChanceDeviations, DecisionRecord, Judgement, RaceFormula, judge, judge_file,
};
use backgammon_cube::two_sided::{MAX_MEASURED_CHECKERS, TwoSidedDatabase};
use serde::{Deserialize, Serialize};

use crate::Options;
use crate::error::{Error, LibraryResult, Result};
use crate::format::{Report, print};
use crate::progress::Progress;

/// The pip counts from which a pair counts as a longer bear-off in the second table.
pub const LONGER: u32 = 30;

/// The race formulas judged against the exact two-sided bear-off database: for each, how
/// often its double, redouble and take decisions agree with the exact cubeful ones, the
/// equity they lose, and how far its winning chance is from the exact cubeless one.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// C, the checkers a side of the database built in memory (1 to 12).
    #[arg(
        long,
        value_name = "C",
        default_value_t = 8,
        value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_MEASURED_CHECKERS)),
        conflicts_with = "file"
    )]
    checkers: u32,
    /// Judge over this GNU Backgammon two-sided file instead, read out of core.
    #[arg(long, value_name = "PATH")]
    file: Option<PathBuf>,
}

/// Runs the command.
pub fn run(args: &Args, options: &Options) -> Result<()> {
    let (title, judgement) = match &args.file {
        Some(path) => {
            let judgement = judge_gnubg_file(path, options.quiet)?;
            (gnubg_file_title(judgement.checkers), judgement)
        }
        None => (
            database_title(args.checkers),
            judge_database(args.checkers)?,
        ),
    };
    let markdown = judgement.markdown(&title)?;
    print(
        options.format,
        &RaceReport {
            title,
            judgement,
            markdown,
        },
    )
}

/// The title of the tables over the database of `checkers` built in memory.
pub fn database_title(checkers: u32) -> String {
    format!("every pair of the 6 × {checkers} database")
}

/// The title of the tables over a gnubg file of `checkers`.
pub fn gnubg_file_title(checkers: u32) -> String {
    format!("every pair of the 6 × {checkers} database, read from gnubg's file (16-bit values)")
}

/// A judgement and the title of its tables.
#[derive(Debug, Serialize)]
pub struct RaceReport {
    /// What was judged over.
    pub title: String,
    /// The judgement.
    #[serde(flatten)]
    pub judgement: RaceJudgement,
    /// Its tables in Markdown, the text output.
    #[serde(skip)]
    pub markdown: String,
}

/// One decision of one formula in one table, a CSV row.
#[derive(Debug, Serialize)]
pub struct DecisionRow {
    min_pips: u32,
    formula: String,
    decision: &'static str,
    pairs: u64,
    agree: u64,
    mean_loss: f64,
    worst_loss: Option<f64>,
}

impl Report for RaceReport {
    type Row = DecisionRow;

    fn text(&self) -> String {
        self.markdown.clone()
    }

    fn rows(&self) -> Vec<DecisionRow> {
        let mut rows = Vec::new();
        for table in &self.judgement.tables {
            for formula in &table.formulas {
                for (decision, record) in [
                    ("double", &formula.double),
                    ("redouble", &formula.redouble),
                    ("take", &formula.take),
                ] {
                    rows.push(DecisionRow {
                        min_pips: table.min_pips,
                        formula: formula.name.clone(),
                        decision,
                        pairs: record.pairs,
                        agree: record.agree,
                        mean_loss: record.counts().mean_loss(),
                        worst_loss: record.worst.as_ref().map(|worst| worst.0),
                    });
                }
            }
        }
        rows
    }
}

/// Every formula judged over the 6 × `checkers` database built in memory, for all pairs
/// and for pairs of at least [`LONGER`] pips.
///
/// # Errors
///
/// [`Error::Library`] when the database cannot be built.
pub fn judge_database(checkers: u32) -> Result<RaceJudgement> {
    let started = Instant::now();
    let database = TwoSidedDatabase::<f64>::new(checkers).library()?;
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

/// Every formula judged over the gnubg two-sided file at `path`, read out of core, with
/// progress unless `quiet`.
///
/// # Errors
///
/// [`Error::Library`] when the file cannot be read as a two-sided database.
pub fn judge_gnubg_file(path: &Path, quiet: bool) -> Result<RaceJudgement> {
    let started = Instant::now();
    let mut file = TwoSidedReader::open(path).library()?;
    let min_pips = [0, LONGER];
    let progress = Progress::new(0, "rows", quiet);
    let judged = judge_file(&mut file, &min_pips, |done, rows| {
        progress.set_total(rows as u64);
        progress.set(done as u64);
    })
    .library()?;
    progress.finish();
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
#[derive(Debug, Serialize, Deserialize)]
pub struct RaceJudgement {
    /// The database's checkers a side.
    pub checkers: u32,
    /// Seconds the judging took.
    pub seconds: f64,
    /// Per least pip count, every formula's judgement.
    pub tables: Vec<KeptTable>,
}

/// The judgements over the pairs of at least `min_pips` pips.
#[derive(Debug, Serialize, Deserialize)]
pub struct KeptTable {
    /// The least pip count of both players.
    pub min_pips: u32,
    /// Every formula's judgement.
    pub formulas: Vec<KeptFormula>,
}

/// One formula's judgement.
#[derive(Debug, Serialize, Deserialize)]
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
#[derive(Debug, Serialize, Deserialize)]
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
    fn counts(&self) -> DecisionRecord {
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
#[derive(Debug, Serialize, Deserialize)]
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
    /// [`Error::NotComputable`] for a formula or a position the library does not know (a
    /// judgement read from a file).
    pub fn markdown(&self, everything: &str) -> Result<String> {
        let worst = |worst: &KeptWorst| -> Result<Option<(f64, BearoffPosition, BearoffPosition)>> {
            worst
                .as_ref()
                .map(|(value, on_roll, opponent)| {
                    Ok((
                        *value,
                        BearoffPosition::from_points(on_roll).library()?,
                        BearoffPosition::from_points(opponent).library()?,
                    ))
                })
                .transpose()
        };
        let record = |record: &KeptRecord| -> Result<DecisionRecord> {
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
                    .ok_or_else(|| {
                        Error::NotComputable(format!("no formula {:?}", formula.name))
                    })?;
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

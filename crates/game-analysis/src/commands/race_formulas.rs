//! `game-analysis race-formulas`: the race rules of thumb (Keith, Thorp, 8-9-12, Kleinman,
//! the effective pip count, Janowski, Dotsenko and Marynych's approximations) judged
//! against the exact two-sided bear-off database, built in memory (`--checkers C`) or read
//! out of core from GNU Backgammon's two-sided file (`--file PATH`, up to the complete
//! 6 × 15 database).

use std::path::PathBuf;

use backgammon_cube::race_formulas::tables::{
    RaceJudgement, database_title, gnubg_file_title, judge_database, judge_gnubg_file,
};
use backgammon_cube::two_sided::MAX_MEASURED_CHECKERS;
use serde::Serialize;

use crate::Options;
use crate::error::{LibraryResult, Result};
use crate::format::{Report, print};
use crate::progress::Progress;

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
            let progress = Progress::new(0, "rows", options.quiet);
            let judgement = judge_gnubg_file(path, |done, rows| {
                progress.set_total(rows as u64);
                progress.set(done as u64);
            })
            .library()?;
            progress.finish();
            (gnubg_file_title(judgement.checkers), judgement)
        }
        None => (
            database_title(args.checkers),
            judge_database(args.checkers).library()?,
        ),
    };
    let markdown = judgement.markdown(&title).library()?;
    print(
        options.format,
        &RaceReport {
            title,
            judgement,
            markdown,
        },
    )
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

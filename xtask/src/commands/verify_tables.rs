//! `cargo xtask verify-tables`: every source's rows recomputed and judged, reported as a
//! summary, JSON and the pages of `docs/reproduction/`.

use std::path::Path;

use game_core::number::Rounding;

use crate::error::{LibraryResult, Result};
use crate::sources::{self, Registered, RunSize};
use crate::verify::report::{self, PaperResult, RowResult};
use crate::verify::verdict;
use game_core::durable::OutputFile;

use crate::commands::parse_output_file;

/// `cargo xtask verify-tables`: recompute every published number and compare it with the
/// print. A row is `failed` when it disagrees undeclared or cannot be computed, and
/// `stale-erratum` when a declared erratum agrees; either makes the exit status 1.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only this source.
    #[arg(long, value_name = "NAME", value_parser = known_source)]
    paper: Option<String>,
    /// Write every row as JSON to PATH.
    #[arg(long, value_name = "PATH", value_parser = parse_output_file)]
    json: Option<OutputFile>,
    /// Regenerate docs/reproduction/SOURCE.md from the rows.
    #[arg(long, conflicts_with = "check_docs")]
    write_docs: bool,
    /// Fail if docs/reproduction/ is not what --write-docs would write.
    #[arg(long)]
    check_docs: bool,
    /// Run the Monte Carlo rows with their large samples.
    #[arg(long)]
    full: bool,
}

/// A source's identifier, checked against the registered sources.
fn known_source(id: &str) -> std::result::Result<String, String> {
    let known: Vec<&str> = sources::all().iter().map(|source| source.id).collect();
    if known.contains(&id) {
        Ok(id.to_owned())
    } else {
        Err(format!("known: {}", known.join(", ")))
    }
}

/// Runs the task: `Ok(false)` when some row failed or the docs are stale.
pub fn run(args: &Args, reproduction_docs: &Path) -> Result<bool> {
    verify(args, reproduction_docs)
}

/// Runs the verification; `Ok(false)` when some row failed or the docs are stale.
fn verify(options: &Args, reproduction_docs: &Path) -> Result<bool> {
    let selected: Vec<Registered> = match &options.paper {
        Some(id) => vec![sources::find(id)?],
        None => sources::all(),
    };
    let page = |id: &str| reproduction_docs.join(format!("{id}.md"));
    // The pages are checked writable before the sources run, not after.
    let pages = if options.write_docs {
        selected
            .iter()
            .map(|source| Ok(OutputFile::check(page(source.id))?))
            .collect::<Result<Vec<_>>>()?
    } else {
        Vec::new()
    };
    let size = if options.full {
        RunSize::Full
    } else {
        RunSize::Default
    };
    let results = selected
        .iter()
        .map(|source| verify_source(source, size))
        .collect::<Result<Vec<_>>>()?;

    print!("{}", report::summary(&results));
    let mut passed = !results
        .iter()
        .flat_map(|p| &p.rows)
        .any(|r| r.verdict.status.is_failure());

    if let Some(json) = &options.json {
        let text = serde_json::to_string_pretty(&report::json_rows(&results)).library()?;
        json.write((text + "\n").as_bytes())?;
        println!("\nwrote {}", json.path().display());
    }
    // One page a selected source, in the order the results come back.
    for (output, paper) in pages.iter().zip(&results) {
        output.write(report::markdown(paper).as_bytes())?;
        println!("wrote {}", output.path().display());
    }
    if options.check_docs {
        for paper in &results {
            let page = page(paper.id);
            if std::fs::read_to_string(&page).ok().as_deref() != Some(&report::markdown(paper)) {
                eprintln!(
                    "{} is out of date: run `cargo xtask verify-tables --write-docs`",
                    page.display()
                );
                passed = false;
            }
        }
    }
    Ok(passed)
}

/// One source's rows, recomputed and judged.
fn verify_source(source: &Registered, size: RunSize) -> Result<PaperResult> {
    let recomputed = (source.recompute)(size)?;
    let transcription = recomputed.transcription;
    let rounding = Rounding::from(transcription.rounding);
    let rows = transcription
        .rows
        .into_iter()
        .zip(recomputed.computed)
        .map(|(row, computed)| {
            let verdict = verdict::judge(&row, &computed, rounding);
            RowResult {
                row,
                computed,
                verdict,
            }
        })
        .collect();
    Ok(PaperResult {
        id: source.id,
        title: transcription.title,
        data_file: source.transcription_file,
        reference: transcription.reference,
        copy: transcription.copy,
        not_compared: transcription.not_compared,
        rounding: (transcription.rounding, transcription.rounding_evidence),
        rows,
    })
}

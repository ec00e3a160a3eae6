//! `cargo xtask verify-tables`: every source's rows recomputed and judged, reported as a
//! summary, JSON and the pages of `docs/reproduction/`.

use std::path::{Path, PathBuf};

use game_core::number::Rounding;

use crate::commands::options::{Options, output_file};
use crate::error::{Error, Result};
use crate::sources::{self, Registered, RunSize};
use crate::verify::report::{self, PaperResult, RowResult};
use crate::verify::verdict;

/// What `verify-tables` is asked to do.
#[derive(Debug, Default)]
struct VerifyOptions {
    /// Only this source.
    paper: Option<String>,
    /// Write every row as JSON here.
    json: Option<PathBuf>,
    /// Regenerate `docs/reproduction/`.
    write_docs: bool,
    /// Fail when `docs/reproduction/` is not what `write_docs` would write.
    check_docs: bool,
    /// The Monte Carlo rows with their large samples.
    full: bool,
}

/// Runs the task with its arguments (after `verify-tables`): `Ok(false)` when some row
/// failed or the docs are stale.
pub fn run(args: &[String], reproduction_docs: &Path) -> Result<bool> {
    verify(&parse(args)?, reproduction_docs)
}

/// The options of `verify-tables` from its arguments.
fn parse(args: &[String]) -> Result<VerifyOptions> {
    let mut options = VerifyOptions::default();
    let mut args = Options::new(args);
    while let Some(flag) = args.next_flag() {
        match flag {
            "--paper" => options.paper = Some(args.value(flag)?),
            "--json" => options.json = Some(output_file(flag, args.value(flag)?)?),
            "--write-docs" => options.write_docs = true,
            "--check-docs" => options.check_docs = true,
            "--full" => options.full = true,
            other => {
                return Err(Error::Usage(format!(
                    "unknown option {other:?} (see `cargo xtask help`)"
                )));
            }
        }
    }
    Ok(options)
}

/// Runs the verification; `Ok(false)` when some row failed or the docs are stale.
fn verify(options: &VerifyOptions, reproduction_docs: &Path) -> Result<bool> {
    if options.write_docs && !reproduction_docs.is_dir() {
        return Err(Error::Usage(format!(
            "--write-docs: the folder {} does not exist",
            reproduction_docs.display()
        )));
    }
    let selected: Vec<Registered> = match &options.paper {
        Some(id) => vec![sources::find(id).map_err(|_| {
            let known: Vec<&str> = sources::all().iter().map(|s| s.id).collect();
            Error::Usage(format!("unknown paper {id:?}; known: {}", known.join(", ")))
        })?],
        None => sources::all(),
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

    if let Some(path) = &options.json {
        let text = serde_json::to_string_pretty(&report::json_rows(&results))
            .map_err(|e| Error::Library(Box::new(e)))?;
        std::fs::write(path, text + "\n").map_err(Error::io(path))?;
        println!("\nwrote {}", path.display());
    }
    for paper in &results {
        let page = reproduction_docs.join(format!("{}.md", paper.id));
        let text = report::markdown(paper);
        if options.write_docs {
            std::fs::write(&page, &text).map_err(Error::io(&page))?;
            println!("wrote {}", page.display());
        }
        if options.check_docs && std::fs::read_to_string(&page).ok().as_deref() != Some(&text) {
            eprintln!(
                "{} is out of date: run `cargo xtask verify-tables --write-docs`",
                page.display()
            );
            passed = false;
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

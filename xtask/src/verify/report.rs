//! The three renderings of one verification run: the terminal summary, the JSON rows and the
//! Markdown pages of `docs/reproduction/`.

use std::fmt::Write as _;

use game_core::number::PrintedNumber;
use serde_json::json;

use crate::error::Result;
use crate::verify::computed::{Computed, TRUE_VALUE_DIFFERS};
use crate::verify::transcription::{ErratumKind, NotCompared, RoundingRule, TranscribedRow};
use crate::verify::verdict::{Status, Verdict};

/// One printed number with our value and the verdict.
pub struct RowResult {
    /// The transcribed row.
    pub row: TranscribedRow,
    /// What the library computed.
    pub computed: Result<Computed>,
    /// The comparison's outcome.
    pub verdict: Verdict,
}

/// One paper's results.
pub struct PaperResult {
    /// The paper's identifier.
    pub id: &'static str,
    /// Its reference.
    pub title: String,
    /// The data file.
    pub data_file: &'static str,
    /// The paper's key in `docs/references.bib`.
    pub reference: String,
    /// The copy the numbers were read from.
    pub copy: String,
    /// The printed numbers deliberately not compared; empty until the paper is audited.
    pub not_compared: Vec<NotCompared>,
    /// The rounding rule and its evidence.
    pub rounding: (RoundingRule, String),
    /// The rows.
    pub rows: Vec<RowResult>,
}

impl PaperResult {
    /// The tables in order of first appearance.
    fn tables(&self) -> Vec<&str> {
        let mut tables: Vec<&str> = Vec::new();
        for result in &self.rows {
            if !tables.contains(&result.row.table.as_str()) {
                tables.push(&result.row.table);
            }
        }
        tables
    }

    fn rows_of<'a>(&'a self, table: &'a str) -> impl Iterator<Item = &'a RowResult> + Clone {
        self.rows.iter().filter(move |r| r.row.table == table)
    }
}

/// "5 reproduced, 1 erratum": the non-zero status counts of `results`.
fn status_counts<'a>(results: impl Iterator<Item = &'a RowResult> + Clone) -> String {
    let counts: Vec<String> = Status::ALL
        .iter()
        .filter_map(|&status| {
            let count = results
                .clone()
                .filter(|r| r.verdict.status == status)
                .count();
            (count > 0).then(|| match status {
                Status::Erratum => format!(
                    "{count} {} ({})",
                    status.name(),
                    erratum_kinds(results.clone())
                ),
                _ => format!("{count} {}", status.name()),
            })
        })
        .collect();
    if counts.is_empty() {
        "no rows".to_string()
    } else {
        counts.join(", ")
    }
}

/// "78 paper, 29 scan": the kinds of the erratum rows of `results`.
fn erratum_kinds<'a>(results: impl Iterator<Item = &'a RowResult>) -> String {
    let errata: Vec<ErratumKind> = results
        .filter(|r| r.verdict.status == Status::Erratum)
        .filter_map(|r| r.row.erratum.as_ref().map(|e| e.kind))
        .collect();
    ErratumKind::ALL
        .iter()
        .filter_map(|&kind| {
            let count = errata.iter().filter(|&&k| k == kind).count();
            (count > 0).then(|| format!("{count} {}", kind.name()))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The printed precision of a row's published value or partial reading, to show ours at the
/// same precision.
fn printed_decimals(row: &TranscribedRow) -> Option<u32> {
    match (&row.published, &row.reading) {
        (Some(published), _) => published
            .parse::<PrintedNumber>()
            .ok()
            .and_then(|p| p.decimals()),
        (None, Some(reading)) => reading
            .split_once('.')
            .map(|(_, decimals)| decimals.len() as u32),
        (None, None) => None,
    }
}

fn ours(result: &RowResult) -> String {
    match &result.computed {
        Ok(computed) => computed.display(printed_decimals(&result.row)),
        Err(_) => "—".to_string(),
    }
}

fn published(row: &TranscribedRow) -> String {
    match (&row.published, &row.reading, &row.illegible) {
        (Some(p), _, _) => p.clone(),
        (None, Some(reading), _) => format!("partly legible {reading}"),
        (None, None, Some(legible)) => format!("illegible ({legible})"),
        (None, None, None) => String::new(),
    }
}

/// ", 12 judged on partial readings", or nothing when none was.
fn partial_count<'a>(results: impl Iterator<Item = &'a RowResult>) -> String {
    match results
        .filter(|r| r.verdict.legible_digits.is_some())
        .count()
    {
        0 => String::new(),
        n => format!(" ({n} judged on partial readings)"),
    }
}

/// The terminal summary: counts per paper and table, then every row that is not simply
/// reproduced.
pub fn summary(papers: &[PaperResult]) -> String {
    let all_rows = papers.iter().flat_map(|p| p.rows.iter());
    let mut out = format!(
        "verify-tables: {} rows: {}{}\n",
        all_rows.clone().count(),
        status_counts(all_rows.clone()),
        partial_count(all_rows)
    );
    for paper in papers {
        let _ = writeln!(out, "\n{:<18} {}", paper.id, paper.title);
        for table in paper.tables() {
            let rows = paper.rows_of(table);
            let _ = writeln!(
                out,
                "  table {table:<10} {} rows: {}",
                rows.clone().count(),
                status_counts(rows.clone())
            );
            for result in rows.filter(|r| r.verdict.status != Status::Reproduced) {
                let _ = writeln!(
                    out,
                    "    {:<13} {} {}: published {}, ours {}\n                  {}",
                    result.verdict.status.name(),
                    result.row.row,
                    result.row.column,
                    published(&result.row),
                    ours(result),
                    result.verdict.note
                );
            }
        }
    }
    out
}

/// Every row as `{"paper","table","row","column","published","reading","legible_digits",
/// "computed","exact","status","erratum_kind","note"}`.
pub fn json_rows(papers: &[PaperResult]) -> serde_json::Value {
    let rows: Vec<serde_json::Value> = papers
        .iter()
        .flat_map(|paper| paper.rows.iter().map(move |r| (paper.id, r)))
        .map(|(paper, result)| {
            let computed = match &result.computed {
                Ok(
                    Computed::Text(text)
                    | Computed::Claim {
                        statement: text, ..
                    },
                ) => json!(text),
                Ok(choices @ Computed::OneOf(_)) => json!(choices.display(None)),
                Ok(computed) => json!(computed.as_f64()),
                Err(_) => serde_json::Value::Null,
            };
            let exact = result.computed.as_ref().ok().and_then(Computed::exact);
            json!({
                "paper": paper,
                "table": result.row.table,
                "row": result.row.row,
                "column": result.row.column,
                "published": result.row.published.clone().or_else(|| result.row.illegible.clone()),
                "reading": result.row.reading,
                "legible_digits": result.verdict.legible_digits,
                "computed": computed,
                "exact": exact,
                "status": result.verdict.status.name(),
                "erratum_kind": result.row.erratum.as_ref().map(|e| e.kind.name()),
                "note": result.verdict.note,
            })
        })
        .collect();
    serde_json::Value::Array(rows)
}

/// Long fractions are cut in the docs (the JSON keeps them whole).
const MAX_FRACTION_CHARS: usize = 40;

fn short_fraction(exact: Option<String>) -> String {
    match exact {
        Some(text) if text.chars().count() > MAX_FRACTION_CHARS => {
            let head: String = text.chars().take(MAX_FRACTION_CHARS - 8).collect();
            format!("{head}… ({} chars)", text.chars().count())
        }
        Some(text) => text,
        None => String::new(),
    }
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// How much of what the paper prints is compared: after the audit of coverage, the count of
/// printed numbers, of rows and of numbers deliberately not compared (listed at the page's
/// end by [`not_compared_section`]).
fn coverage(paper: &PaperResult) -> String {
    if paper.not_compared.is_empty() {
        return "Coverage: this paper's numbers have not yet been audited one by one; the rows \
                are every result we transcribed.\n\n"
            .to_owned();
    }
    let skipped: u32 = paper.not_compared.iter().map(|n| n.count).sum();
    let rows = paper.rows.len() as u32;
    format!(
        "Coverage: the paper prints {} items (a number, a table entry such as W or a move, or \
         a claim; a fraction counts as one): {rows} are rows below, and {skipped} are \
         deliberately not compared, each group with its reason at the end of the page.\n\n",
        rows + skipped
    )
}

/// The printed numbers deliberately not compared, with their reasons.
fn not_compared_section(paper: &PaperResult) -> String {
    if paper.not_compared.is_empty() {
        return String::new();
    }
    let mut out = String::from("## Printed numbers not compared\n\n");
    for group in &paper.not_compared {
        let _ = writeln!(
            out,
            "- **{}** ({}; {} numbers): {}",
            cell(&group.what),
            group.location,
            group.count,
            cell(&group.why)
        );
    }
    out
}

/// The page's list of errata: the paper's own first, then our copy's misreadings of right
/// prints, then the cited experiments' claims we do not bear out, each with the printed
/// value, ours and the evidence.
fn errata_section(paper: &PaperResult) -> String {
    let mut out = String::new();
    let headings = [
        (ErratumKind::Paper, "The paper's own errata"),
        (
            ErratumKind::Scan,
            "Misreadings of our copy (the print is right)",
        ),
        (
            ErratumKind::Unconfirmed,
            "Cited experiments' claims our repetitions do not bear out",
        ),
    ];
    for (kind, heading) in headings {
        let errata: Vec<&RowResult> = paper
            .rows
            .iter()
            .filter(|r| r.verdict.status == Status::Erratum)
            .filter(|r| r.row.erratum.as_ref().is_some_and(|e| e.kind == kind))
            .collect();
        if errata.is_empty() {
            continue;
        }
        let _ = writeln!(out, "## {heading} ({})\n", errata.len());
        for result in errata {
            let reason = result
                .row
                .erratum
                .as_ref()
                .map_or("", |e| e.reason.as_str());
            let _ = writeln!(
                out,
                "- **Table {}, {} {}**: printed {}, ours {}. {}",
                result.row.table,
                result.row.row,
                result.row.column,
                cell(&published(&result.row)),
                cell(&ours(result)),
                reason
            );
        }
        out.push('\n');
    }
    out
}

/// The generated page `docs/reproduction/<paper>.md`.
pub fn markdown(paper: &PaperResult) -> String {
    let mut out = format!("# Reproduction: {}\n\n", paper.title);
    let _ = writeln!(
        out,
        "Generated by `cargo xtask verify-tables --write-docs` from `{}` (numbers transcribed \
         from {}; the paper is `{}` in [references.bib](../references.bib)); do not edit by \
         hand. CI fails when this page is out of date.\n",
        paper.data_file, paper.copy, paper.reference
    );
    let (rule, evidence) = &paper.rounding;
    let rule = match rule {
        RoundingRule::Nearest => "rounded to nearest",
        RoundingRule::Truncate => "truncated",
    };
    let _ = writeln!(
        out,
        "Rounding rule: printed decimals are taken as {rule}. {evidence} A value is *reproduced* when it \
         prints as the paper prints it at the paper's precision; integers are compared \
         exactly.\n"
    );
    let _ = writeln!(
        out,
        "Rows: {}{}.\n",
        status_counts(paper.rows.iter()),
        partial_count(paper.rows.iter())
    );
    out.push_str(&coverage(paper));
    out.push_str(&errata_section(paper));
    for table in paper.tables() {
        let _ = writeln!(out, "## Table {table}\n");
        out.push_str("| row | quantity | published | ours | exact | status |\n");
        out.push_str("|---|---|---|---|---|---|\n");
        for result in paper.rows_of(table) {
            let exact = short_fraction(result.computed.as_ref().ok().and_then(Computed::exact));
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} |",
                cell(&result.row.row),
                cell(&result.row.column),
                cell(&published(&result.row)),
                cell(&ours(result)),
                cell(&exact),
                result.verdict.status.name()
            );
        }
        let explained: Vec<&RowResult> = paper
            .rows_of(table)
            .filter(|r| {
                r.verdict.status != Status::Reproduced
                    || matches!(
                        r.computed,
                        Ok(Computed::Estimate { .. }
                            | Computed::Bounded { .. }
                            | Computed::Claim { .. })
                    )
                    || r.verdict.note.contains(TRUE_VALUE_DIFFERS)
            })
            .collect();
        if !explained.is_empty() {
            out.push('\n');
            for result in explained {
                let _ = writeln!(
                    out,
                    "- **{} {}** ({}; {}): {}",
                    result.row.row,
                    result.row.column,
                    result.verdict.status.name(),
                    result.row.location,
                    result.verdict.note
                );
            }
        }
        out.push('\n');
    }
    out.push_str(&not_compared_section(paper));
    out
}

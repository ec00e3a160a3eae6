//! The formats results are printed in (`--format`): text for a reader, JSON (one object a
//! run) for a program or a notebook, CSV (a header, then one row a record) for a
//! spreadsheet or a data frame.

use std::io::Write;

use serde::Serialize;

use crate::error::{Error, LibraryResult, Result};
use crate::output::{OutputFile, write_stdout};

/// The format of the results on standard output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    /// Lines for a reader.
    #[default]
    Text,
    /// One JSON object a run.
    Json,
    /// A header row, then one row a record.
    Csv,
}

/// A run's result, printable in every [`Format`].
pub trait Report: Serialize {
    /// One row of the CSV: a flat record of plain fields.
    type Row: Serialize;

    /// The result for a reader, ending in a newline.
    fn text(&self) -> String;

    /// The CSV's rows.
    fn rows(&self) -> Vec<Self::Row>;
}

/// Prints `report` on standard output in `format`.
///
/// # Errors
///
/// [`Error::Stdout`] when standard output cannot be written; [`Error::Library`] when the
/// report cannot be serialised.
pub fn print<R: Report>(format: Format, report: &R) -> Result<()> {
    write_stdout(rendered(format, report)?.as_bytes())
}

fn rendered<R: Report>(format: Format, report: &R) -> Result<String> {
    match format {
        Format::Text => Ok(report.text()),
        Format::Json => json(report),
        Format::Csv => csv(&report.rows()),
    }
}

/// Prints `report` as [`print()`] does, but on standard error when one of `outputs` is
/// standard output (`-`), which then carries that result alone.
///
/// # Errors
///
/// As [`print()`].
pub fn print_beside<R: Report>(
    format: Format,
    report: &R,
    outputs: &[Option<&OutputFile>],
) -> Result<()> {
    if !outputs
        .iter()
        .flatten()
        .any(|output| output.is_standard_output())
    {
        return print(format, report);
    }
    std::io::stderr()
        .write_all(rendered(format, report)?.as_bytes())
        .map_err(Error::Stdout)
}

/// `value` as pretty JSON, ending in a newline.
///
/// # Errors
///
/// [`Error::Library`] when `value` cannot be serialised.
pub fn json<T: Serialize + ?Sized>(value: &T) -> Result<String> {
    Ok(serde_json::to_string_pretty(value).library()? + "\n")
}

/// `rows` as CSV with a header row from their field names.
///
/// # Errors
///
/// [`Error::Library`] when a row is not a flat record.
pub fn csv<T: Serialize>(rows: &[T]) -> Result<String> {
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    for row in rows {
        writer.serialize(row).library()?;
    }
    let bytes = writer.into_inner().map_err(|e| e.into_error()).library()?;
    String::from_utf8(bytes).library()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Row {
        heap: u32,
        split: Option<String>,
    }

    #[test]
    fn csv_has_a_header_and_quotes_what_needs_it() {
        let rows = [
            Row {
                heap: 4,
                split: Some("3,1".to_owned()),
            },
            Row {
                heap: 3,
                split: None,
            },
        ];
        assert_eq!(csv(&rows).unwrap(), "heap,split\n4,\"3,1\"\n3,\n");
        assert_eq!(
            json(&rows[1]).unwrap(),
            "{\n  \"heap\": 3,\n  \"split\": null\n}\n"
        );
    }
}

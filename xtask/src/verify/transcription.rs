//! The transcribed papers: one TOML file per source, `xtask/src/sources/<source>/transcription.toml`, each printed number
//! a row, its value kept exactly as printed (a string, so its precision is known).

use serde::Deserialize;

use game_core::number::{PrintedNumber, Rounding};
use num_rational::BigRational;

use crate::error::{Error, Result, TranscriptionError};
use crate::verify::reading::PartialReading;

/// One paper's transcription.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Transcription {
    /// The paper's identifier (`matches`, `johnson1970`, …).
    pub paper: String,
    /// The full reference.
    pub title: String,
    /// The paper's key in `docs/references.bib`.
    pub reference: String,
    /// The copy of the paper the numbers were read from (an OCR text, a web scrape): what a
    /// reader needs to judge the errata of kind `scan`.
    pub copy: String,
    /// How the paper's decimals were obtained from the true values.
    pub rounding: RoundingRule,
    /// Why we believe that: the evidence for the rounding rule.
    pub rounding_evidence: String,
    /// The printed numbers.
    #[serde(rename = "row")]
    pub rows: Vec<TranscribedRow>,
    /// The printed numbers deliberately not compared, with the reason: with the rows, every
    /// number the paper prints. Empty until the paper's audit of coverage is done.
    #[serde(rename = "not-compared", default)]
    pub not_compared: Vec<NotCompared>,
}

/// Printed numbers that are deliberately not rows: section and equation numbers, the
/// setting's parameters, a figure's labels, steps of a derivation whose result is a row.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NotCompared {
    /// What they are.
    pub what: String,
    /// Where they stand in the paper.
    #[serde(rename = "where")]
    pub location: String,
    /// How many numbers.
    pub count: u32,
    /// Why they are not compared.
    pub why: String,
}

/// A rounding rule as written in the data files.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum RoundingRule {
    /// Rounded to nearest.
    Nearest,
    /// Truncated.
    Truncate,
}

impl From<RoundingRule> for Rounding {
    fn from(rule: RoundingRule) -> Rounding {
        match rule {
            RoundingRule::Nearest => Rounding::Nearest,
            RoundingRule::Truncate => Rounding::Truncate,
        }
    }
}

/// One printed number (or printed entry: W/L/?, a move).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TranscribedRow {
    /// The paper's own label of the table, `text` for the running text, `example-1` …
    pub table: String,
    /// The parameters, as `name=value` pairs joined by commas (`E=0.5,A=0.75`).
    pub row: String,
    /// The printed quantity (`LSTRAT`, `minimax-size`, …).
    pub column: String,
    /// Where it stands in the paper (page, section, equation).
    #[serde(rename = "where")]
    pub location: String,
    /// The value exactly as printed; absent when the entry is illegible.
    pub published: Option<String>,
    /// For an illegible entry: what can be read of it.
    pub illegible: Option<String>,
    /// For an illegible entry whose digits can be placed: the number as far as it can be
    /// read, `?` for each unreadable digit (`.?3266`). The verdict compares every legible
    /// digit with ours.
    pub reading: Option<String>,
    /// This row's rounding rule, when it differs from the paper's.
    pub rounding: Option<RoundingRule>,
    /// For a Monte Carlo figure of the paper: the number of games the paper played, so that
    /// the comparison accounts for the paper's own sampling error.
    pub paper_samples: Option<u64>,
    /// For a Monte Carlo figure whose sampling error is not p(1 − p)/n (a difference of two
    /// estimates): the paper's standard error, derived in the data file's comment.
    pub paper_standard_error: Option<f64>,
    /// A declared erratum: the paper is wrong here, and why.
    pub erratum: Option<Erratum>,
    /// The line of the row's `[[row]]` header in the transcription file.
    #[serde(skip)]
    pub line: usize,
}

/// A declared erratum: the evidence that the printed value is wrong.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Erratum {
    /// The evidence: the paper's own cross-references, an exact computation, an
    /// independent check.
    pub reason: String,
    /// Whose error it is: the paper's print, or our copy's reading of a print that is right.
    pub kind: ErratumKind,
}

/// Whose error an erratum is. A reader who cites our errata of a paper must be able to tell
/// the paper's own mistakes from our copy's misreadings of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ErratumKind {
    /// The printed value is wrong: a slip, a wrong formula, a truncation, or an error that
    /// nothing shows to be our copy's (the unexplained are the paper's until shown
    /// otherwise).
    Paper,
    /// Our copy of the text misreads a print that is right: the paper's own text, another
    /// print of the same value or its arithmetic shows the right print, or every differing
    /// digit is one of the copy's known confusions.
    Scan,
    /// A claim the source reports from someone else's experiment that our repetition of
    /// the experiment does not bear out: evidence against it in our setting, with the
    /// setting's differences stated, not proof that the print is wrong.
    Unconfirmed,
}

impl ErratumKind {
    /// The name used in the JSON (`erratum_kind`) and the summaries.
    pub fn name(self) -> &'static str {
        match self {
            ErratumKind::Paper => "paper",
            ErratumKind::Scan => "scan",
            ErratumKind::Unconfirmed => "unconfirmed",
        }
    }

    /// Every kind, in the order summaries list them.
    pub const ALL: [ErratumKind; 3] = [
        ErratumKind::Paper,
        ErratumKind::Scan,
        ErratumKind::Unconfirmed,
    ];
}

impl Transcription {
    /// Reads and checks the transcription in `text`, from the data file `file`.
    pub fn parse(file: &str, text: &str) -> Result<Transcription, TranscriptionError> {
        let mut transcription: Transcription =
            toml::from_str(text).map_err(|source| TranscriptionError::Format {
                file: file.to_string(),
                source,
            })?;
        for (row, line) in transcription.rows.iter_mut().zip(row_header_lines(text)) {
            row.line = line;
        }
        let mut keys = std::collections::HashSet::new();
        for row in &transcription.rows {
            if row.published.is_some() == row.illegible.is_some() {
                return Err(TranscriptionError::PublishedOrIllegible {
                    file: file.to_string(),
                    table: row.table.clone(),
                    row: row.row.clone(),
                    column: row.column.clone(),
                });
            }
            let key = format!("{}/{}/{}", row.table, row.row, row.column);
            if let Some(reading) = &row.reading {
                let why = match (&row.illegible, reading.parse::<PartialReading>()) {
                    (None, _) => Some("a reading belongs to an illegible row".to_owned()),
                    (_, Err(e)) => Some(e.to_string()),
                    (Some(_), Ok(_)) => None,
                };
                if let Some(why) = why {
                    return Err(TranscriptionError::Reading {
                        file: file.to_string(),
                        key,
                        reading: reading.clone(),
                        why,
                    });
                }
            }
            if !keys.insert(key.clone()) {
                return Err(TranscriptionError::Duplicate {
                    file: file.to_string(),
                    key,
                });
            }
        }
        Ok(transcription)
    }
}

/// The line numbers (from 1) of the `[[row]]` headers of `text`, in order: the rows of the
/// parsed file, since every transcription writes its rows as such tables.
fn row_header_lines(text: &str) -> impl Iterator<Item = usize> + '_ {
    text.lines()
        .enumerate()
        .filter(|(_, line)| line.trim() == "[[row]]")
        .map(|(index, _)| index + 1)
}

impl TranscribedRow {
    /// The value of parameter `name` in [`TranscribedRow::row`] (`n` in `n=15`).
    pub fn parameter(&self, name: &str) -> Option<&str> {
        self.row.split(',').find_map(|pair| {
            let (key, value) = pair.split_once('=')?;
            (key.trim() == name).then_some(value.trim())
        })
    }

    /// The parameter `name`, which the row must have.
    pub fn required_parameter(&self, name: &str) -> Result<&str> {
        self.parameter(name).ok_or_else(|| Error::MissingParameter {
            row: self.row.clone(),
            name: name.to_owned(),
        })
    }

    /// The parameter `name`, a number as the paper writes it (`0.75`, `2/3`), exactly.
    pub fn fraction_parameter(&self, name: &str) -> Result<BigRational> {
        let text = self.required_parameter(name)?;
        let printed: PrintedNumber = text.parse().map_err(|_| Error::BadParameter {
            name: name.to_owned(),
            value: text.to_owned(),
            expected: "a number as the paper writes it",
        })?;
        Ok(printed.value().clone())
    }

    /// The row's partial reading, checked when the transcription was parsed; `None` when
    /// it has none.
    pub fn partial_reading(&self) -> Option<PartialReading> {
        self.reading.as_deref().and_then(|text| text.parse().ok())
    }

    /// The printed number, exactly as printed (`.66102` is 66102/100000); `None` for an
    /// illegible row.
    pub fn printed_value(&self) -> Result<Option<BigRational>> {
        let Some(text) = self.published.as_deref() else {
            return Ok(None);
        };
        let printed: PrintedNumber = text.parse().map_err(|_| Error::BadParameter {
            name: "published".to_owned(),
            value: text.to_owned(),
            expected: "a number",
        })?;
        Ok(Some(printed.value().clone()))
    }

    /// The parameter `name` written as whole numbers joined by `separator`: the heaps of
    /// `position=8+5`, the children per level of `a=2x3`.
    pub fn numbers_parameter(&self, name: &str, separator: char) -> Result<Vec<u32>> {
        let text = self.required_parameter(name)?;
        text.split(separator)
            .map(|number| {
                number.parse().map_err(|_| Error::BadParameter {
                    name: name.to_owned(),
                    value: text.to_owned(),
                    expected: "whole numbers joined by a separator",
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "paper = \"p\"\ntitle = \"t\"\nreference = \"p\"\ncopy = \"c\"\nrounding = \"nearest\"\nrounding_evidence = \"e\"\n";

    #[test]
    fn each_row_knows_the_line_of_its_header() {
        let row = |n: u32| {
            format!(
                "[[row]]\ntable = \"1\"\nrow = \"n={n}\"\ncolumn = \"x\"\nwhere = \"p. 1\"\npublished = \"1\"\n"
            )
        };
        let text = format!("{HEADER}{}\n{}", row(1), row(2));
        let rows = Transcription::parse("f", &text).unwrap().rows;
        assert_eq!(rows.iter().map(|r| r.line).collect::<Vec<_>>(), [7, 14]);
    }

    #[test]
    fn required_and_numbers_parameters_say_what_is_missing_or_malformed() {
        let header = format!("{HEADER}[[row]]\ntable = \"1\"\ncolumn = \"x\"\nwhere = \"p. 1\"\n");
        let text = format!("{header}row = \"position=8+5, a=2x3, bad=2+x\"\npublished = \"1\"\n");
        let row = &Transcription::parse("f", &text).unwrap().rows[0];
        assert_eq!(row.required_parameter("a").unwrap(), "2x3");
        assert_eq!(row.numbers_parameter("position", '+').unwrap(), vec![8, 5]);
        assert_eq!(row.numbers_parameter("a", 'x').unwrap(), vec![2, 3]);
        let missing = row.required_parameter("n").unwrap_err().to_string();
        assert!(missing.contains("has no parameter n"), "{missing}");
        let malformed = row.numbers_parameter("bad", '+').unwrap_err().to_string();
        assert!(malformed.contains("bad=2+x"), "{malformed}");
    }

    #[test]
    fn fraction_parameters_and_printed_values_are_read_exactly() {
        let header = format!("{HEADER}[[row]]\ntable = \"1\"\ncolumn = \"x\"\nwhere = \"p. 1\"\n");
        let printed = format!("{header}row = \"A=2/3, E=0.5\"\npublished = \".66102\"\n");
        let row = &Transcription::parse("f", &printed).unwrap().rows[0];
        let q = |n: i64, d: i64| BigRational::new(n.into(), d.into());
        assert_eq!(row.fraction_parameter("A").unwrap(), q(2, 3));
        assert_eq!(row.fraction_parameter("E").unwrap(), q(1, 2));
        assert_eq!(row.printed_value().unwrap(), Some(q(66_102, 100_000)));
        let illegible = format!("{header}row = \"A=x\"\nillegible = \".6?102\"\n");
        let row = &Transcription::parse("f", &illegible).unwrap().rows[0];
        assert_eq!(row.printed_value().unwrap(), None);
        assert!(row.fraction_parameter("A").is_err());
    }

    #[test]
    fn a_reading_belongs_to_an_illegible_row_and_must_be_judgeable() {
        let row = "[[row]]\ntable = \"1\"\nrow = \"n=1\"\ncolumn = \"x\"\nwhere = \"p. 1\"\n";
        let good = format!("{HEADER}{row}illegible = \"OCR '.^3266'\"\nreading = \".?3266\"\n");
        let parsed = Transcription::parse("f", &good).unwrap();
        assert_eq!(
            parsed.rows[0].partial_reading().unwrap().legible_digits(),
            4
        );
        for bad in [
            "published = \".83266\"\nreading = \".?3266\"\n",
            "illegible = \"OCR\"\nreading = \".?????\"\n",
            "illegible = \"OCR\"\nreading = \".83x66\"\n",
        ] {
            let text = format!("{HEADER}{row}{bad}");
            assert!(
                matches!(
                    Transcription::parse("f", &text),
                    Err(TranscriptionError::Reading { .. })
                ),
                "{bad}"
            );
        }
    }

    #[test]
    fn every_erratum_says_whose_error_it_is() {
        let row = "[[row]]\ntable = \"1\"\nrow = \"n=1\"\ncolumn = \"x\"\nwhere = \"p. 1\"\npublished = \"1\"\n";
        let scan = format!("{HEADER}{row}[row.erratum]\nreason = \"r\"\nkind = \"scan\"\n");
        let parsed = Transcription::parse("f", &scan).unwrap();
        let erratum = parsed.rows[0].erratum.as_ref().unwrap();
        assert_eq!(erratum.kind, ErratumKind::Scan);
        assert_eq!(erratum.kind.name(), "scan");
        let unkinded = format!("{HEADER}{row}[row.erratum]\nreason = \"r\"\n");
        assert!(Transcription::parse("f", &unkinded).is_err());
        let unknown = format!("{HEADER}{row}[row.erratum]\nreason = \"r\"\nkind = \"ocr\"\n");
        assert!(Transcription::parse("f", &unknown).is_err());
    }

    #[test]
    fn a_row_is_printed_or_illegible_and_never_repeated() {
        let row = "[[row]]\ntable = \"1\"\nrow = \"n=1\"\ncolumn = \"x\"\nwhere = \"p. 1\"\n";
        let good = format!("{HEADER}{row}published = \"1\"\n");
        assert_eq!(
            Transcription::parse("f", &good).unwrap().rows[0].parameter("n"),
            Some("1")
        );
        let neither = format!("{HEADER}{row}");
        assert!(matches!(
            Transcription::parse("f", &neither),
            Err(TranscriptionError::PublishedOrIllegible { .. })
        ));
        let both = format!("{HEADER}{row}published = \"1\"\nillegible = \"1?\"\n");
        assert!(matches!(
            Transcription::parse("f", &both),
            Err(TranscriptionError::PublishedOrIllegible { .. })
        ));
        let twice = format!("{HEADER}{row}published = \"1\"\n{row}published = \"2\"\n");
        assert!(matches!(
            Transcription::parse("f", &twice),
            Err(TranscriptionError::Duplicate { .. })
        ));
        let unknown_field = format!("{HEADER}{row}published = \"1\"\nvalue = 3\n");
        assert!(matches!(
            Transcription::parse("f", &unknown_field),
            Err(TranscriptionError::Format { .. })
        ));
    }
}

//! Whether the library's value for a printed number agrees with the print: the verdict on
//! each row.

use std::fmt::Write;

use game_core::number::{PrintedNumber, Rounding, decimal_expansion, to_f64};
// A printed Monte Carlo figure is consistent with ours when it lies within this many
// combined standard errors (ours and, when the row states its sample count, the paper's).
use game_core::tolerance::MAX_Z_SCORE;

use crate::error::Result;
use crate::verify::computed::{Computed, TRUE_VALUE_DIFFERS};
use crate::verify::reading::PartialReading;
use crate::verify::transcription::{ErratumKind, TranscribedRow};

/// The status of a row: the outcome of comparing the printed value with ours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// The printed value agrees with ours at its printed precision.
    Reproduced,
    /// A declared erratum that still disagrees.
    Erratum,
    /// Nothing legible to compare; ours is shown.
    Illegible,
    /// An undeclared disagreement, or the library could not compute the value.
    Failed,
    /// A declared erratum that now agrees: the declaration is wrong or the code changed.
    StaleErratum,
}

impl Status {
    /// The name used in the summary, the JSON and the docs.
    pub fn name(self) -> &'static str {
        match self {
            Status::Reproduced => "reproduced",
            Status::Erratum => "erratum",
            Status::Illegible => "illegible",
            Status::Failed => "failed",
            Status::StaleErratum => "stale-erratum",
        }
    }

    /// Every status, in the order summaries list them.
    pub const ALL: [Status; 5] = [
        Status::Reproduced,
        Status::Erratum,
        Status::Illegible,
        Status::Failed,
        Status::StaleErratum,
    ];

    /// Whether the run must fail because of this row.
    pub fn is_failure(self) -> bool {
        matches!(self, Status::Failed | Status::StaleErratum)
    }
}

/// The verdict on one row: its status and the note that explains it.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    /// The status.
    pub status: Status,
    /// Why: the erratum's reason, what is legible, what failed, the z-score.
    pub note: String,
    /// For a row judged on a partial reading: how many legible digits were compared.
    pub legible_digits: Option<usize>,
}

/// Judges one transcribed row against what the library computed for it.
pub fn judge(row: &TranscribedRow, computed: &Result<Computed>, rounding: Rounding) -> Verdict {
    let rounding = row.rounding.map_or(rounding, Rounding::from);
    let computed = match computed {
        Ok(computed) => computed,
        Err(why) => {
            return Verdict {
                status: Status::Failed,
                note: format!("not computed: {why}"),
                legible_digits: None,
            };
        }
    };
    let (agrees, detail, legible_digits) = match (&row.published, row.partial_reading()) {
        (Some(published), _) => {
            let (agrees, detail) = compare(published, computed, rounding, row);
            (agrees, detail, None)
        }
        (None, Some(reading)) => {
            let (agrees, detail) = compare_reading(&reading, computed, rounding, row);
            (agrees, detail, Some(reading.legible_digits()))
        }
        (None, None) => {
            let legible = row.illegible.as_deref().unwrap_or_default();
            return Verdict {
                status: Status::Illegible,
                note: format!(
                    "nothing can be compared: no digit can be read and placed; the source shows {legible}"
                ),
                legible_digits: None,
            };
        }
    };
    let (status, note) = match (&row.erratum, agrees) {
        (None, true) => (Status::Reproduced, detail),
        (None, false) => (Status::Failed, format!("undeclared disagreement; {detail}")),
        (Some(erratum), false) => (
            Status::Erratum,
            format!("{}: {}", erratum_label(erratum.kind), erratum.reason),
        ),
        (Some(erratum), true) => (
            Status::StaleErratum,
            format!(
                "declared erratum now agrees ({detail}); declared: {}",
                erratum.reason
            ),
        ),
    };
    Verdict {
        status,
        note,
        legible_digits,
    }
}

/// How an erratum's note begins: whose error it is.
fn erratum_label(kind: ErratumKind) -> &'static str {
    match kind {
        ErratumKind::Paper => "the paper's error",
        ErratumKind::Scan => "our copy misreads a right print",
        ErratumKind::Unconfirmed => {
            "a cited experiment's claim that our repetition does not bear out"
        }
    }
}

/// Whether the legible digits of `reading` are consistent with `computed`: whether some
/// completion of its unreadable digits agrees by the rule for printed numbers (the paper's
/// rounding, our interval, the z-score of a Monte Carlo figure). So a reading agrees
/// exactly when every legible digit is one our value allows.
fn compare_reading(
    reading: &PartialReading,
    computed: &Computed,
    rounding: Rounding,
    row: &TranscribedRow,
) -> (bool, String) {
    let agreeing = reading.completions().into_iter().find_map(|completion| {
        let (agrees, detail) = compare(&completion, computed, rounding, row);
        agrees.then_some((completion, detail))
    });
    let digits = reading.legible_digits();
    let note = match &agreeing {
        Some((completion, detail)) => format!(
            "partial reading {reading}: its {digits} legible digits agree with ours (as {completion}; {detail})"
        ),
        None => {
            let decimals = reading
                .to_string()
                .split_once('.')
                .map(|(_, d)| d.len() as u32);
            format!(
                "partial reading {reading}: its {digits} legible digits fit no value ours allows (ours {})",
                computed.display(decimals)
            )
        }
    };
    (agreeing.is_some(), note)
}

/// Whether `published` is consistent with `computed`, and a note that says how it was
/// decided.
fn compare(
    published: &str,
    computed: &Computed,
    rounding: Rounding,
    row: &TranscribedRow,
) -> (bool, String) {
    let printed = published.parse::<PrintedNumber>();
    match (computed, printed) {
        (Computed::Text(ours), _) => (
            ours.trim() == published.trim(),
            "compared as text".to_string(),
        ),
        (
            Computed::Claim {
                statement,
                evidence,
            },
            _,
        ) => (
            statement.trim() == published.trim(),
            format!("judged from the evidence: {evidence}"),
        ),
        (Computed::OneOf(choices), _) => (
            choices
                .iter()
                .any(|choice| choice.trim() == published.trim()),
            "compared as text with each right entry".to_string(),
        ),
        (_, Err(_)) => (false, format!("{published:?} is not a number, ours is")),
        (Computed::Exact(value), Ok(printed)) => (
            printed.admits(value, rounding),
            precision_note(&printed, rounding),
        ),
        (
            Computed::Procedure {
                procedure,
                low,
                high,
            },
            Ok(printed),
        ) => {
            let mut note = format!(
                "the paper's procedure, {}",
                precision_note(&printed, rounding)
            );
            if let Some(places) = printed.decimals()
                && !printed.admits_interval(low, high, rounding)
            {
                let true_prints = [low, high].map(|x| decimal_expansion(x, places, rounding));
                let _ = write!(
                    note,
                    "; {TRUE_VALUE_DIFFERS}, as {}",
                    true_prints.join(" to ")
                );
            }
            (printed.admits(procedure, rounding), note)
        }
        (Computed::Bounded { value, low, high }, Ok(printed))
            if row.paper_samples.is_some() || row.paper_standard_error.is_some() =>
        {
            let theirs = to_f64(printed.value());
            let z = (theirs - value) / paper_standard_error(row, theirs);
            (
                z.abs() <= MAX_Z_SCORE,
                format!(
                    "the paper's Monte Carlo figure against the exact value in [{}, {}]: z = {z:+.2} ({})",
                    to_f64(low),
                    to_f64(high),
                    paper_samples_note(row)
                ),
            )
        }
        (Computed::Bounded { low, high, .. }, Ok(printed)) => (
            printed.admits_interval(low, high, rounding),
            format!(
                "{}; ours within [{}, {}]",
                precision_note(&printed, rounding),
                to_f64(low),
                to_f64(high)
            ),
        ),
        (
            Computed::Estimate {
                mean,
                standard_error,
                n_samples,
                seed,
            },
            Ok(printed),
        ) => {
            let theirs = to_f64(printed.value());
            let their_error = paper_standard_error(row, theirs);
            let combined = (standard_error.powi(2) + their_error.powi(2)).sqrt();
            let z = (theirs - mean) / combined;
            let samples = match paper_samples_note(row) {
                note if note.is_empty() => note,
                note => format!(", {note}"),
            };
            (
                z.abs() <= MAX_Z_SCORE,
                format!("z = {z:+.2} (ours {n_samples} samples, seed {seed}{samples})"),
            )
        }
    }
}

/// The standard error of the paper's Monte Carlo figure `theirs`: as the row states it, or
/// that of a proportion over the paper's number of games, or 0 when neither is known.
fn paper_standard_error(row: &TranscribedRow, theirs: f64) -> f64 {
    match (row.paper_standard_error, row.paper_samples) {
        (Some(error), _) => error,
        (None, Some(n)) => (theirs * (1.0 - theirs) / n as f64).sqrt(),
        (None, None) => 0.0,
    }
}

fn paper_samples_note(row: &TranscribedRow) -> String {
    match (row.paper_standard_error, row.paper_samples) {
        (Some(error), _) => format!("paper's standard error {error}"),
        (None, Some(n)) => format!("paper's {n} games"),
        (None, None) => String::new(),
    }
}

fn precision_note(printed: &PrintedNumber, rounding: Rounding) -> String {
    match printed.decimals() {
        None | Some(0) => "compared exactly".to_string(),
        Some(places) => {
            let how = match rounding {
                Rounding::Nearest => "rounded",
                Rounding::Truncate => "truncated",
            };
            format!("compared at {places} decimals, {how}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use crate::verify::transcription::Erratum;
    use game_core::number::fraction;

    fn row(published: Option<&str>, erratum: Option<&str>) -> TranscribedRow {
        TranscribedRow {
            table: "1".into(),
            row: "n=1".into(),
            column: "x".into(),
            location: "p. 1".into(),
            published: published.map(String::from),
            illegible: published.is_none().then(|| ".7?".to_string()),
            reading: None,
            rounding: None,
            paper_samples: None,
            paper_standard_error: None,
            erratum: erratum.map(|reason| Erratum {
                reason: reason.into(),
                kind: ErratumKind::Paper,
            }),
            line: 1,
        }
    }

    fn exact(n: i64, d: i64) -> Result<Computed> {
        Ok(Computed::Exact(fraction(n, d).unwrap()))
    }

    fn status(row: &TranscribedRow, computed: &Result<Computed>, rounding: Rounding) -> Status {
        judge(row, computed, rounding).status
    }

    #[test]
    fn each_status_arises_from_its_own_condition() {
        let third = exact(1, 3);
        assert_eq!(
            status(&row(Some(".3333"), None), &third, Rounding::Nearest),
            Status::Reproduced
        );
        assert_eq!(
            status(&row(Some(".3334"), None), &third, Rounding::Nearest),
            Status::Failed
        );
        assert_eq!(
            status(&row(Some(".3334"), Some("slip")), &third, Rounding::Nearest),
            Status::Erratum
        );
        assert_eq!(
            status(&row(Some(".3333"), Some("slip")), &third, Rounding::Nearest),
            Status::StaleErratum
        );
        assert_eq!(
            status(&row(None, None), &third, Rounding::Nearest),
            Status::Illegible
        );
        let not_computed = Err(Error::NotComputable("no code".to_owned()));
        assert_eq!(
            status(&row(Some("1"), None), &not_computed, Rounding::Nearest),
            Status::Failed
        );
        assert_eq!(
            status(&row(None, None), &not_computed, Rounding::Nearest),
            Status::Failed
        );
    }

    /// An illegible row with the partial reading `reading`.
    fn partly_read(reading: &str) -> TranscribedRow {
        TranscribedRow {
            reading: Some(reading.into()),
            ..row(None, None)
        }
    }

    /// Five cases: a reading that agrees, one that disagrees in its last digit,
    /// one with no legible digit, and one under each rounding rule.
    #[test]
    fn a_partial_reading_is_judged_on_its_legible_digits() {
        let value = exact(83268, 100_000);
        let agrees = judge(&partly_read(".?3268"), &value, Rounding::Nearest);
        assert_eq!(agrees.status, Status::Reproduced);
        assert_eq!(agrees.legible_digits, Some(4));
        assert!(
            agrees.note.contains("4 legible digits agree"),
            "{}",
            agrees.note
        );
        // Table 4.1's HSTRAT at E = .5, A = .9: the scan's .?3266 against ours .83268.
        let last_digit = judge(&partly_read(".?3266"), &value, Rounding::Nearest);
        assert_eq!(last_digit.status, Status::Failed);
        assert!(
            last_digit.note.contains("(ours 0.83268)"),
            "{}",
            last_digit.note
        );
        let mut declared = partly_read(".?3266");
        declared.erratum = Some(Erratum {
            reason: "an OCR confusion".into(),
            kind: ErratumKind::Scan,
        });
        assert_eq!(
            status(&declared, &value, Rounding::Nearest),
            Status::Erratum
        );
        // No legible digit: no reading, the row stays illegible.
        assert!(".?????".parse::<PartialReading>().is_err());
        assert_eq!(
            status(&row(None, None), &value, Rounding::Nearest),
            Status::Illegible
        );
        // 2/3 prints .66666 truncated and .66667 rounded: the last legible digit decides.
        let two_thirds = exact(2, 3);
        assert_eq!(
            status(&partly_read(".6?667"), &two_thirds, Rounding::Nearest),
            Status::Reproduced
        );
        assert_eq!(
            status(&partly_read(".6?667"), &two_thirds, Rounding::Truncate),
            Status::Failed
        );
        assert_eq!(
            status(&partly_read(".6?666"), &two_thirds, Rounding::Truncate),
            Status::Reproduced
        );
        assert_eq!(
            status(&partly_read(".6?666"), &two_thirds, Rounding::Nearest),
            Status::Failed
        );
    }

    #[test]
    fn the_rounding_rule_decides_the_last_digit() {
        let two_thirds = exact(2, 3);
        assert_eq!(
            status(&row(Some(".6667"), None), &two_thirds, Rounding::Nearest),
            Status::Reproduced
        );
        assert_eq!(
            status(&row(Some(".6667"), None), &two_thirds, Rounding::Truncate),
            Status::Failed
        );
        let mut truncated = row(Some(".6666"), None);
        assert_eq!(
            status(&truncated, &two_thirds, Rounding::Nearest),
            Status::Failed
        );
        truncated.rounding = Some(crate::verify::transcription::RoundingRule::Truncate);
        assert_eq!(
            status(&truncated, &two_thirds, Rounding::Nearest),
            Status::Reproduced
        );
    }

    #[test]
    fn estimates_are_judged_by_their_z_score() {
        let estimate = |mean: f64| {
            Ok(Computed::Estimate {
                mean,
                standard_error: 0.001,
                n_samples: 1_000_000,
                seed: 1,
            })
        };
        assert_eq!(
            status(
                &row(Some(".72435"), None),
                &estimate(0.7240),
                Rounding::Nearest
            ),
            Status::Reproduced
        );
        assert_eq!(
            status(
                &row(Some(".72435"), None),
                &estimate(0.7200),
                Rounding::Nearest
            ),
            Status::Failed
        );
        // The paper's own sampling error widens the band: 10,000 games at p = .72 give a
        // standard error of .0045, so a gap of .0043 (z = 4.3 on ours alone) is consistent.
        let mut with_samples = row(Some(".72435"), None);
        with_samples.paper_samples = Some(10_000);
        assert_eq!(
            status(&with_samples, &estimate(0.7200), Rounding::Nearest),
            Status::Reproduced
        );
    }

    #[test]
    fn bounded_values_agree_when_the_interval_meets_the_printed_cell() {
        let bounded = |low: i64, high: i64| {
            Ok(Computed::Bounded {
                value: 0.0,
                low: fraction(low, 1_000_000).unwrap(),
                high: fraction(high, 1_000_000).unwrap(),
            })
        };
        assert_eq!(
            status(
                &row(Some(".618"), None),
                &bounded(618_030, 618_040),
                Rounding::Nearest
            ),
            Status::Reproduced
        );
        assert_eq!(
            status(
                &row(Some(".619"), None),
                &bounded(618_030, 618_040),
                Rounding::Nearest
            ),
            Status::Failed
        );
    }

    /// A printed Monte Carlo figure (a row with the paper's sample size) is judged against
    /// an exact value by the paper's own standard error, not digit by digit.
    #[test]
    fn printed_monte_carlo_figures_are_judged_against_exact_values_by_z_score() {
        let exact = Ok(Computed::Bounded {
            value: 0.7,
            low: fraction(7, 10).unwrap(),
            high: fraction(7, 10).unwrap(),
        });
        // 10,000 games: standard error sqrt(.7 * .3 / 10^4) = .00458.
        let figure = |printed: &str| TranscribedRow {
            paper_samples: Some(10_000),
            ..row(Some(printed), None)
        };
        assert_eq!(
            status(&figure(".7150"), &exact, Rounding::Nearest),
            Status::Reproduced
        );
        assert_eq!(
            status(&figure(".7200"), &exact, Rounding::Nearest),
            Status::Failed
        );
    }

    #[test]
    fn one_of_several_right_entries_is_enough() {
        let choices = Computed::OneOf(vec!["14,5".into(), "11,8".into()]);
        assert_eq!(choices.display(None), "14,5 or 11,8");
        let moves = Ok(choices);
        assert_eq!(
            status(&row(Some("11,8"), None), &moves, Rounding::Nearest),
            Status::Reproduced
        );
        assert_eq!(
            status(&row(Some("16,3"), None), &moves, Rounding::Nearest),
            Status::Failed
        );
    }

    #[test]
    fn text_entries_compare_as_text() {
        let ours = Ok(Computed::Text("second".into()));
        assert_eq!(
            status(&row(Some("second"), None), &ours, Rounding::Nearest),
            Status::Reproduced
        );
        assert_eq!(
            status(&row(Some("first"), None), &ours, Rounding::Nearest),
            Status::Failed
        );
        assert_eq!(
            status(&row(Some("12"), None), &exact(12, 1), Rounding::Nearest),
            Status::Reproduced
        );
        assert_eq!(
            status(&row(Some("W"), None), &exact(12, 1), Rounding::Nearest),
            Status::Failed
        );
    }
}

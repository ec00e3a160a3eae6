//! The sources of printed numbers, one folder each: its transcription
//! (`transcription.toml`), the quantities it prints as a type of its own, the library calls
//! that recompute them, its claims, and the series its figures draw. The xtask computes
//! nothing itself; each source only hands a row to the library crate that owns the quantity.
//!
//! Adding a source is adding its folder and one line in [`all`].

pub mod dotsenko_marynych;
pub mod grundy;
pub mod johnson1970;
pub mod levene_fenner;
pub mod matches;
pub mod octal_games;
pub mod octal_tables;

use crate::error::{Error, Result, TranscriptionError};
use crate::verify::computed::Computed;
use crate::verify::transcription::{TranscribedRow, Transcription};

/// How much work the Monte Carlo rows may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunSize {
    /// Fixed seeds and sample sizes that keep the whole run within two minutes.
    Default,
    /// Larger samples (`--full`).
    Full,
}

/// One source: a paper (or a published table) whose printed numbers the library recomputes.
pub trait Source: Sized {
    /// The identifier used by `--paper`, in the JSON and as the folder of its figures.
    const ID: &'static str;
    /// Its transcription file, from the workspace root.
    const TRANSCRIPTION_FILE: &'static str;
    /// The transcription, compiled into the xtask so that it runs from any directory.
    const TRANSCRIPTION: &'static str;
    /// The quantities the source prints. Each transcribed (table, column) reads as one when
    /// the file is loaded, so a misspelt column fails before any row runs.
    type Quantity;

    /// The quantity printed in `column` of `table`, or `None` when the source prints none.
    fn quantity(table: &str, column: &str) -> Option<Self::Quantity>;

    /// A recomputation, ready for the rows in transcription order; what several rows share
    /// is computed once and kept in it.
    fn new() -> Result<Self>;

    /// The library's value of `quantity` for `row`.
    fn compute(
        &mut self,
        quantity: &Self::Quantity,
        row: &TranscribedRow,
        size: RunSize,
    ) -> Result<Computed>;
}

/// A source as the tasks see it, whatever its quantity type.
pub struct Registered {
    /// [`Source::ID`].
    pub id: &'static str,
    /// [`Source::TRANSCRIPTION_FILE`].
    pub transcription_file: &'static str,
    /// [`Source::TRANSCRIPTION`].
    pub transcription_text: &'static str,
    /// Reads the transcription, types every row and recomputes it.
    pub recompute: fn(RunSize) -> Result<Recomputed>,
    /// Types every row of the transcription: an error names the first row whose quantity
    /// the source does not print.
    check_quantities: fn(&Transcription) -> Result<()>,
}

impl Registered {
    /// The entry of source `S`.
    pub fn of<S: Source>() -> Registered {
        Registered {
            id: S::ID,
            transcription_file: S::TRANSCRIPTION_FILE,
            transcription_text: S::TRANSCRIPTION,
            recompute: recompute::<S>,
            check_quantities: |transcription| quantities::<S>(transcription).map(drop),
        }
    }

    /// The transcription, parsed and checked (its rows' quantities included).
    pub fn transcription(&self) -> Result<Transcription> {
        let transcription = Transcription::parse(self.transcription_file, self.transcription_text)?;
        if transcription.paper != self.id {
            return Err(Error::NotComputable(format!(
                "{} says paper = {:?}, expected {:?}",
                self.transcription_file, transcription.paper, self.id
            )));
        }
        (self.check_quantities)(&transcription)?;
        Ok(transcription)
    }
}

/// Every source, in the order of the summary.
pub fn all() -> Vec<Registered> {
    vec![
        Registered::of::<johnson1970::Johnson>(),
        Registered::of::<levene_fenner::LeveneFenner>(),
        Registered::of::<dotsenko_marynych::DotsenkoMarynych>(),
        Registered::of::<matches::Matches>(),
        Registered::of::<grundy::Grundy>(),
        Registered::of::<octal_games::OctalGames>(),
        Registered::of::<octal_tables::OctalTables>(),
    ]
}

/// The source `id`, if there is one.
pub fn find(id: &str) -> Result<Registered> {
    all()
        .into_iter()
        .find(|source| source.id == id)
        .ok_or_else(|| Error::Usage(format!("unknown paper {id:?}")))
}

/// A source's transcription with the library's value for each row, in order.
pub struct Recomputed {
    /// The transcription.
    pub transcription: Transcription,
    /// What the library computed for each of its rows.
    pub computed: Vec<Result<Computed>>,
}

/// Each row's quantity, or the first row whose (table, column) `S` does not print.
pub fn quantities<S: Source>(transcription: &Transcription) -> Result<Vec<S::Quantity>> {
    transcription
        .rows
        .iter()
        .map(|row| {
            S::quantity(&row.table, &row.column).ok_or_else(|| {
                Error::Transcription(TranscriptionError::UnknownQuantity {
                    file: S::TRANSCRIPTION_FILE.to_owned(),
                    line: row.line,
                    table: row.table.clone(),
                    column: row.column.clone(),
                })
            })
        })
        .collect()
}

fn recompute<S: Source>(size: RunSize) -> Result<Recomputed> {
    let transcription = Registered::of::<S>().transcription()?;
    let quantities = quantities::<S>(&transcription)?;
    let mut source = S::new()?;
    let computed = quantities
        .iter()
        .zip(&transcription.rows)
        .map(|(quantity, row)| source.compute(quantity, row, size))
        .collect();
    Ok(Recomputed {
        transcription,
        computed,
    })
}

/// The integer parameter `name` of a row.
pub fn integer_parameter(row: &TranscribedRow, name: &str) -> Result<u32> {
    let text = row.required_parameter(name)?;
    text.parse().map_err(|_| Error::BadParameter {
        name: name.to_owned(),
        value: text.to_owned(),
        expected: "a whole number",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every transcription parses, names its source, has rows, and each row's (table,
    /// column) is a quantity its source prints.
    #[test]
    fn every_transcription_parses_and_every_row_has_a_quantity() {
        for source in all() {
            let transcription = source.transcription().unwrap();
            assert!(
                !transcription.rows.is_empty(),
                "{} has no rows",
                source.transcription_file
            );
        }
    }

    /// Every transcription names its paper by a key of `docs/references.bib`, the citation a
    /// reader can follow, not by a file the repository does not hold.
    #[test]
    fn every_transcription_names_its_paper_by_its_reference() {
        let bib = include_str!("../../../docs/references.bib");
        for source in all() {
            let transcription = source.transcription().unwrap();
            let entry = format!("{{{},", transcription.reference);
            assert!(
                bib.contains(&entry),
                "{}: {}",
                source.transcription_file,
                transcription.reference
            );
        }
    }

    /// A column the source does not print fails at load, naming the file and the line.
    #[test]
    fn a_misspelt_column_fails_at_load_with_its_line() {
        let text = matches::Matches::TRANSCRIPTION.replacen(
            "column = \"minimax-size\"",
            "column = \"minimax-sise\"",
            1,
        );
        let transcription = Transcription::parse("m.toml", &text).unwrap();
        let line = transcription
            .rows
            .iter()
            .find(|row| row.column == "minimax-sise")
            .unwrap()
            .line;
        let error = quantities::<matches::Matches>(&transcription)
            .err()
            .unwrap()
            .to_string();
        assert!(error.contains(&format!(":{line}:")), "{error}");
        assert!(error.contains("minimax-sise"), "{error}");
    }
}

//! The series of the matches report's figure: E\[n\] against a random opponent, exactly,
//! and the report's printed values. Computed here, from `nim-games`; drawn by
//! `figures::matches`.

use game_core::Player;
use game_core::number::to_f64;
use nim_games::random_opponent::AgainstRandom;

use crate::error::{Error, LibraryResult, Result};
use crate::verify::transcription::TranscribedRow;

/// The numbers of matches drawn: the report lists E\[n\] up to 10, the curve goes on to
/// show its limits.
pub const MAX_MATCHES: u32 = 30;

/// One printed E\[n\] of the report: n, the value as printed, and whether it is a declared
/// erratum (`xtask/src/sources/matches/transcription.toml`).
pub struct Printed {
    /// n.
    pub matches: u32,
    /// E\[n\] as printed.
    pub value: f64,
    /// Whether the row is a declared erratum.
    pub erratum: bool,
}

/// The report's printed E\[n\] of section 3.3.1 (going first) or 3.3.2 (going second),
/// from the rows of its transcription.
pub fn printed(rows: &[TranscribedRow], table: &str) -> Result<Vec<Printed>> {
    rows.iter()
        .filter(|row| row.table == table && row.column == "E")
        .map(|row| {
            let value = row
                .printed_value()?
                .ok_or_else(|| Error::NotComputable("an E[n] row is illegible".to_owned()))?;
            Ok(Printed {
                matches: row.numbers_parameter("n", '+')?[0],
                value: to_f64(&value),
                erratum: row.erratum.is_some(),
            })
        })
        .collect()
}

/// E\[n\] for n = 1, …, [`MAX_MATCHES`], the optimal player going first or second.
pub fn exact(solved: &AgainstRandom, player: Player) -> Result<Vec<(f64, f64)>> {
    (1..=MAX_MATCHES)
        .map(|n| {
            let value = solved.expected_value(n, player).library()?;
            Ok((f64::from(n), to_f64(&value)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The markers come from the data file: the report's lists, n = 1 to 9 going first
    /// and 1 to 10 going second, with the four errata of section 3.3.2 among them.
    #[test]
    fn the_printed_values_are_the_reports() {
        let rows = crate::sources::find("matches")
            .and_then(|source| source.transcription())
            .unwrap()
            .rows;
        let first = printed(&rows, "3.3.1").unwrap();
        let second = printed(&rows, "3.3.2").unwrap();
        let ns = |rows: &[Printed]| rows.iter().map(|p| p.matches).collect::<Vec<_>>();
        assert_eq!(ns(&first), (1..=9).collect::<Vec<_>>());
        assert_eq!(ns(&second), (1..=10).collect::<Vec<_>>());
        assert_eq!(second.iter().filter(|p| p.erratum).count(), 4);
        assert!(first.iter().all(|p| (-1.0..=1.0).contains(&p.value)));
    }
}

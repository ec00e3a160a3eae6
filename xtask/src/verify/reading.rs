//! Partially legible numbers: what a damaged scan still shows of a printed number, `?` for
//! each digit it does not (`.?3266`), so that the legible digits can still be judged.

use std::fmt;
use std::str::FromStr;

/// The most unreadable digits a reading may have: each is completed in ten ways, and a
/// reading with more says too little to be worth judging digit by digit.
pub const MAX_UNREADABLE: u32 = 4;

/// A printed number as far as it can be read: digits, at most one decimal point, a leading
/// minus sign, and `?` for each digit that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartialReading {
    text: String,
}

/// A reading that cannot be judged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadingError {
    /// A character other than a digit, `?`, `.` or a leading `-`.
    #[error("{0:?}: a reading has digits, `?`, one `.` and perhaps a leading `-`")]
    Characters(String),
    /// Every digit is unreadable: nothing can be compared, the row is illegible.
    #[error("{0:?} has no legible digit")]
    NoLegibleDigit(String),
    /// Every digit is legible: the number is printed, not partly read.
    #[error("{0:?} has no unreadable digit: transcribe it as `published`")]
    NothingUnreadable(String),
    /// Too many unreadable digits to compare digit by digit.
    #[error("{0:?} has more than {MAX_UNREADABLE} unreadable digits")]
    TooManyUnreadable(String),
}

impl FromStr for PartialReading {
    type Err = ReadingError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let body = text.strip_prefix('-').unwrap_or(text);
        let well_formed = !body.is_empty()
            && body
                .chars()
                .all(|c| c.is_ascii_digit() || c == '?' || c == '.')
            && body.matches('.').count() <= 1
            && body != ".";
        if !well_formed {
            return Err(ReadingError::Characters(text.to_owned()));
        }
        let unreadable = body.matches('?').count() as u32;
        let legible = body.chars().filter(char::is_ascii_digit).count();
        match (legible, unreadable) {
            (0, _) => Err(ReadingError::NoLegibleDigit(text.to_owned())),
            (_, 0) => Err(ReadingError::NothingUnreadable(text.to_owned())),
            (_, u) if u > MAX_UNREADABLE => Err(ReadingError::TooManyUnreadable(text.to_owned())),
            _ => Ok(PartialReading {
                text: text.to_owned(),
            }),
        }
    }
}

impl fmt::Display for PartialReading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl PartialReading {
    /// The number of digits that can be read: the digits a verdict compares.
    pub fn legible_digits(&self) -> usize {
        self.text.chars().filter(char::is_ascii_digit).count()
    }

    /// Every number the reading could be, each `?` replaced by each digit in turn: at most
    /// 10^[`MAX_UNREADABLE`].
    pub fn completions(&self) -> Vec<String> {
        let mut completions = vec![String::new()];
        for c in self.text.chars() {
            completions = if c == '?' {
                completions
                    .iter()
                    .flat_map(|prefix| ('0'..='9').map(move |digit| format!("{prefix}{digit}")))
                    .collect()
            } else {
                completions
                    .into_iter()
                    .map(|mut prefix| {
                        prefix.push(c);
                        prefix
                    })
                    .collect()
            };
        }
        completions
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reading_completes_each_unreadable_digit_in_ten_ways() {
        let reading: PartialReading = ".?3266".parse().unwrap();
        assert_eq!(reading.legible_digits(), 4);
        let completions = reading.completions();
        assert_eq!(completions.len(), 10);
        assert_eq!(completions[0], ".03266");
        assert_eq!(completions[8], ".83266");
        let two: PartialReading = "-.5?35?".parse().unwrap();
        assert_eq!(two.completions().len(), 100);
        assert!(two.completions().contains(&"-.50359".to_owned()));
    }

    #[test]
    fn readings_that_cannot_be_judged_are_refused() {
        assert_eq!(
            ".????".parse::<PartialReading>(),
            Err(ReadingError::NoLegibleDigit(".????".into()))
        );
        assert_eq!(
            ".66102".parse::<PartialReading>(),
            Err(ReadingError::NothingUnreadable(".66102".into()))
        );
        assert!(matches!(
            ".6?58x".parse::<PartialReading>(),
            Err(ReadingError::Characters(_))
        ));
        assert!(matches!(
            ".1.?".parse::<PartialReading>(),
            Err(ReadingError::Characters(_))
        ));
        assert!(matches!(
            ".?????1".parse::<PartialReading>(),
            Err(ReadingError::TooManyUnreadable(_))
        ));
    }
}

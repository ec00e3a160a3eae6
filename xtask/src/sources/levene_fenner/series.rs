//! The series of Levene and Fenner's figures: the examples of section 6, prob(a) − prob(b)
//! against α exactly, its limit, and the paper's printed values. Computed here, from
//! `minimax-random`; drawn by `figures::levene_fenner`.

use game_core::number::to_f64;
use minimax_random::MoveShape;
use minimax_random::polynomial::limit_probabilities;
use minimax_random::probability::move_probabilities;
use num_rational::BigRational;

use crate::error::{Error, LibraryResult, Result};
use crate::verify::transcription::TranscribedRow;

/// The largest α drawn: the paper's claim for Example 2 runs to 100.
pub const MAX_ALPHA: u32 = 100;

/// An example of section 6: its name in the data file and its moves a and b (children per
/// level).
pub struct Example {
    /// Its table in the transcription.
    pub table: &'static str,
    /// Its title on the figures.
    pub title: &'static str,
    /// What the paper says of the two moves' domination (section 6).
    pub domination: &'static str,
    /// The α at which the paper gives prob(a) and prob(b).
    pub printed_alphas: &'static [u32],
    /// Move a: children per level.
    pub a: [u32; 2],
    /// Move b.
    pub b: [u32; 2],
}

pub const EXAMPLES: [Example; 2] = [
    Example {
        table: "example-1",
        title: "Ex. 1 (a = 2×3, b = 3×2)",
        domination: "a strictly dominates b",
        printed_alphas: &[2],
        a: [2, 3],
        b: [3, 2],
    },
    Example {
        table: "example-2",
        title: "Ex. 2 (a = 2×3, b = 1×2)",
        domination: "neither dominates the other",
        printed_alphas: &[2, 3],
        a: [2, 3],
        b: [1, 2],
    },
];

impl Example {
    /// The two moves' shapes.
    pub fn moves(&self) -> Result<[MoveShape; 2]> {
        let shape = |children: [u32; 2]| MoveShape::new(children.to_vec()).library();
        Ok([shape(self.a)?, shape(self.b)?])
    }

    /// prob(a) − prob(b) for α = 1, …, [`MAX_ALPHA`], exactly, as points (α, difference).
    pub fn differences(&self) -> Result<Vec<(f64, f64)>> {
        let moves = self.moves()?;
        (1..=MAX_ALPHA)
            .map(|alpha| {
                let probs = move_probabilities(&moves, alpha).library()?;
                Ok((f64::from(alpha), to_f64(&(&probs[0] - &probs[1]))))
            })
            .collect()
    }

    /// The limit of prob(a) − prob(b) as α → ∞ (`polynomial::limit_probabilities`).
    pub fn limit(&self) -> Result<f64> {
        let limits = limit_probabilities(&self.moves()?).library()?;
        Ok(to_f64(&(&limits[0] - &limits[1])))
    }

    /// prob(a) and prob(b), exactly, at each α where the paper gives them.
    pub fn printed_chances(&self) -> Result<Vec<(u32, Vec<BigRational>)>> {
        let moves = self.moves()?;
        self.printed_alphas
            .iter()
            .map(|&alpha| Ok((alpha, move_probabilities(&moves, alpha).library()?)))
            .collect()
    }

    /// The paper's printed prob(a) − prob(b), at each α where `rows` (its transcription)
    /// print both.
    pub fn printed(&self, rows: &[TranscribedRow]) -> Result<Vec<(f64, f64)>> {
        let at = |alpha: &str, column: &str| {
            rows.iter().find(|row| {
                row.table == self.table
                    && row.column == column
                    && row.parameter("alpha") == Some(alpha)
            })
        };
        let mut points = Vec::new();
        for row_a in rows
            .iter()
            .filter(|row| row.table == self.table && row.column == "prob(a)")
        {
            let Some(alpha) = row_a.parameter("alpha") else {
                continue;
            };
            let Some(row_b) = at(alpha, "prob(b)") else {
                continue;
            };
            if let (Some(a), Some(b)) = (row_a.printed_value()?, row_b.printed_value()?) {
                let alpha: f64 = alpha
                    .parse()
                    .map_err(|_| Error::NotComputable(format!("alpha = {alpha}?")))?;
                points.push((alpha, to_f64(&(a - b))));
            }
        }
        Ok(points)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The curve passes through the paper's printed values: Example 1 at α = 2, Example 2
    /// at α = 2 and 3 (where it changes sign, as the paper says).
    #[test]
    fn the_curves_meet_the_printed_values() {
        let rows = crate::sources::find("levene-fenner")
            .unwrap()
            .transcription()
            .unwrap()
            .rows;
        for example in &EXAMPLES {
            let curve = example.differences().unwrap();
            let printed = example.printed(&rows).unwrap();
            assert!(!printed.is_empty(), "{}", example.title);
            for (alpha, difference) in printed {
                let (_, ours) = curve[alpha as usize - 1];
                assert!(
                    (ours - difference).abs() < 1e-12,
                    "{} at α = {alpha}",
                    example.title
                );
            }
        }
        let second = EXAMPLES[1].differences().unwrap();
        assert!(second[1].1 > 0.0 && second[2].1 < 0.0);
    }
}

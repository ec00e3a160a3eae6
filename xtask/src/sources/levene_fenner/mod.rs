//! Levene and Fenner: the examples of sections 5 and 6, from `minimax-random`. A row names
//! its moves' subgame trees by their children per level (`a=2x3` is a move with 2 children
//! of 3 leaves each) and α. Beal and Smith's results in chess, which the paper sets out to
//! explain, are judged from the kept chess lines ([`beal_smith`]).

pub mod beal_smith;
pub mod series;

use minimax_random::MoveShape;
use minimax_random::counting::Counts;
use minimax_random::domination::{Dominance, dominance};
use minimax_random::nau::w_b;
use minimax_random::polynomial::{Comparison, compare_for_all_alpha};
use minimax_random::probability::{move_probabilities, ratio_condition};
use num_bigint::BigUint;
use num_rational::BigRational;

use crate::error::{Error, LibraryResult, Result};
use crate::sources::{RunSize, Source, integer_parameter};
use crate::verify::computed::Computed;
use crate::verify::transcription::TranscribedRow;
use beal_smith::Claim;

/// The paper's printed quantities.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    /// Section 2: Nau's w_b against 0.382.
    NauBound,
    /// Section 2: w_b decreasing in b.
    NauTrend,
    /// A quantity of the examples of sections 5 and 6.
    Example(Example),
    /// One of Beal and Smith's results in chess (sections 1, 2 and 8).
    BealSmith(Claim),
}

/// A quantity of the examples of sections 5 and 6, whose two moves are the row's `a` and
/// `b`. A move is named by its index: 0 for a, 1 for b.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Example {
    /// The number of leaves N.
    Leaves,
    /// Example 1's formula for LE(n, i) of a move (Lemma 5.3).
    LemmaFormula(usize),
    /// prob(n) of a move.
    Probability(usize),
    /// Whether prob(a) + prob(b) is one.
    SumOfProbabilities,
    /// The order of prob(a) and prob(b) at one α.
    Order,
    /// Whether condition (6) holds.
    Condition6,
    /// prob(a)/prob(b) decreasing in α.
    RatioTrend,
    /// Which move dominates the other.
    Dominance,
    /// The order of prob(a) and prob(b) for every α from a bound on.
    OrderEveryAlpha,
}

/// Levene and Fenner's paper, recomputed with `minimax-random`.
pub struct LeveneFenner;

impl Source for LeveneFenner {
    const ID: &'static str = "levene-fenner";
    const TRANSCRIPTION_FILE: &'static str = "xtask/src/sources/levene_fenner/transcription.toml";
    const TRANSCRIPTION: &'static str = include_str!("transcription.toml");
    type Quantity = Quantity;

    fn quantity(table: &str, column: &str) -> Option<Quantity> {
        let example = match (table, column) {
            ("section-2", "w_b-bound") => return Some(Quantity::NauBound),
            ("section-2", "w_b-trend") => return Some(Quantity::NauTrend),
            ("beal-smith", column) => {
                return Some(Quantity::BealSmith(match column {
                    "deeper-is-stronger" => Claim::DeeperIsStronger,
                    "stronger-than-uniform" => Claim::StrongerThanUniform,
                    "noise-improves" => Claim::NoiseImproves,
                    "improvement-grows" => Claim::ImprovementGrows,
                    _ => return None,
                }));
            }
            ("example-1" | "example-2" | "section-5", column) => column,
            _ => return None,
        };
        Some(Quantity::Example(match example {
            "leaves" => Example::Leaves,
            "LE(a,i)" => Example::LemmaFormula(0),
            "LE(b,i)" => Example::LemmaFormula(1),
            "prob(a)" => Example::Probability(0),
            "prob(b)" => Example::Probability(1),
            "sum-of-prob" => Example::SumOfProbabilities,
            "order" => Example::Order,
            "condition-6" => Example::Condition6,
            "ratio-trend" => Example::RatioTrend,
            "dominance" => Example::Dominance,
            "order-every-alpha" => Example::OrderEveryAlpha,
            _ => return None,
        }))
    }

    fn new() -> Result<LeveneFenner> {
        Ok(LeveneFenner)
    }

    fn compute(
        &mut self,
        quantity: &Quantity,
        row: &TranscribedRow,
        _: RunSize,
    ) -> Result<Computed> {
        match quantity {
            Quantity::NauBound => nau_bound(row),
            Quantity::NauTrend => nau_trend(row),
            Quantity::Example(example) => compute_example(*example, row),
            Quantity::BealSmith(claim) => beal_smith::judge(*claim),
        }
    }
}

fn shape(row: &TranscribedRow, name: &str) -> Result<MoveShape> {
    MoveShape::new(row.numbers_parameter(name, 'x')?).library()
}

/// Section 2's claims about Nau's w_b, from certified brackets.
fn nau_bound(row: &TranscribedRow) -> Result<Computed> {
    let b = integer_parameter(row, "b")?;
    let bracket = w_b(b).library()?;
    let bound = game_core::number::fraction(382, 1000).library()?;
    let claim = if bracket.high < bound {
        format!("w_{b} < 0.382")
    } else if bracket.low >= bound {
        format!("w_{b} >= 0.382")
    } else {
        "undecided at this precision".to_string()
    };
    Ok(Computed::Text(claim))
}

/// Section 2's claim that w_b decreases, from certified brackets.
fn nau_trend(row: &TranscribedRow) -> Result<Computed> {
    let (from, to) = (
        integer_parameter(row, "from")?,
        integer_parameter(row, "to")?,
    );
    let brackets = (from..=to)
        .map(|b| w_b(b).library())
        .collect::<Result<Vec<_>, _>>()?;
    let decreasing = brackets.windows(2).all(|pair| pair[1].high < pair[0].low);
    Ok(Computed::Text(
        if decreasing {
            "decreasing strictly"
        } else {
            "not shown to decrease"
        }
        .to_string(),
    ))
}

/// A quantity of the examples of sections 5 and 6, whose moves are the row's `a` and `b`.
fn compute_example(quantity: Example, row: &TranscribedRow) -> Result<Computed> {
    let moves = [shape(row, "a")?, shape(row, "b")?];
    let probabilities = |alpha| move_probabilities(&moves, alpha).library();
    match quantity {
        Example::Leaves => {
            let leaves = moves
                .iter()
                .map(|shape| {
                    shape
                        .leaves()
                        .ok_or_else(|| Error::NotComputable("too many leaves".to_owned()))
                })
                .sum::<Result<u32, _>>()?;
            Ok(Computed::count(u64::from(leaves)))
        }
        Example::LemmaFormula(index) => {
            let shape = &moves[index];
            lemma_5_3_formula(shape, integer_parameter(row, "alpha")?).map(Computed::Text)
        }
        Example::Probability(index) => {
            let alpha = integer_parameter(row, "alpha")?;
            Ok(Computed::Exact(probabilities(alpha)?[index].clone()))
        }
        Example::SumOfProbabilities => {
            let p = probabilities(integer_parameter(row, "alpha")?)?;
            let sum: BigRational = p.iter().cloned().sum();
            let one = BigRational::from_integer(1.into());
            Ok(Computed::Text(
                match sum.cmp(&one) {
                    std::cmp::Ordering::Less => "less than one",
                    std::cmp::Ordering::Equal => "one",
                    std::cmp::Ordering::Greater => "greater than one",
                }
                .to_string(),
            ))
        }
        Example::Order => {
            let p = probabilities(integer_parameter(row, "alpha")?)?;
            let relation = match p[0].cmp(&p[1]) {
                std::cmp::Ordering::Less => "<",
                std::cmp::Ordering::Equal => "=",
                std::cmp::Ordering::Greater => ">",
            };
            Ok(Computed::Text(format!("prob(a) {relation} prob(b)")))
        }
        Example::Condition6 => {
            let (first, second) = match row.parameter("n1") {
                Some("b") => (&moves[1], &moves[0]),
                _ => (&moves[0], &moves[1]),
            };
            let alpha = integer_parameter(row, "alpha")?;
            let holds =
                ratio_condition(first, second, alpha, integer_parameter(row, "i")?).library()?;
            Ok(Computed::Text(
                if holds { "holds" } else { "does not hold" }.to_string(),
            ))
        }
        Example::RatioTrend => {
            let (from, to) = (
                integer_parameter(row, "from")?,
                integer_parameter(row, "to")?,
            );
            let mut ratios = Vec::new();
            for alpha in from..=to {
                let p = probabilities(alpha)?;
                ratios.push(p[0].clone() / p[1].clone());
            }
            let decreasing = ratios.windows(2).all(|w| w[1] < w[0]);
            Ok(Computed::Text(
                if decreasing {
                    "decreasing"
                } else {
                    "not decreasing"
                }
                .to_string(),
            ))
        }
        Example::Dominance => {
            let statement = match dominance(&moves[0], &moves[1]).library()? {
                Dominance::Equal => "a and b are alike",
                Dominance::FirstDominates { .. } => "a strictly dominates b",
                Dominance::SecondDominates { .. } => "b strictly dominates a",
                Dominance::Neither => "neither a nor b dominates the other",
            };
            Ok(Computed::Text(statement.to_string()))
        }
        Example::OrderEveryAlpha => {
            let from = integer_parameter(row, "from")?;
            let claim = match compare_for_all_alpha(&moves, u64::from(from)).library()? {
                Comparison::AlwaysLess => "prob(a) < prob(b)".to_string(),
                Comparison::AlwaysGreater => "prob(a) > prob(b)".to_string(),
                Comparison::AlwaysEqual => "prob(a) = prob(b)".to_string(),
                Comparison::Changes { at } => format!("the order changes at alpha = {at}"),
            };
            Ok(Computed::Text(claim))
        }
    }
}

/// LE(n, i) of a two-level move (a min-node of q children, each a max-node of m leaves) in
/// the paper's notation of Example 1, α^(mq) − (α^m − i^m)^q (Lemma 5.3 with k = 1), once
/// its values for i = 0, …, α are checked against the counting functions of
/// `minimax_random::counting`, which count the assignments independently.
fn lemma_5_3_formula(shape: &MoveShape, alpha: u32) -> Result<String> {
    let [q, m] = shape.children() else {
        return Err(Error::NotComputable(
            "Example 1's formulas are for moves of two levels".to_owned(),
        ));
    };
    let counts = Counts::of_move(shape, alpha).library()?;
    let power = |base: u32, exponent: u32| BigUint::from(base).pow(exponent);
    for i in 0..=alpha {
        let formula = power(alpha, m * q) - (power(alpha, *m) - power(i, *m)).pow(*q);
        let counted = counts.at_most(i).library()?;
        if &formula != counted {
            return Err(Error::NotComputable(format!(
                "Lemma 5.3's form gives {formula} at i = {i}, the count {counted}"
            )));
        }
    }
    Ok(format!("{alpha}^{} - ({alpha}^{m} - i^{m})^{q}", m * q))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lemma 5.3's form is written for two-level moves and checked against the counts: at
    /// α = 3 too, where the paper gives no formula.
    #[test]
    fn example_1s_formulas_are_written_from_the_shape_and_checked() {
        let a = MoveShape::new(vec![2, 3]).unwrap();
        assert_eq!(lemma_5_3_formula(&a, 2).unwrap(), "2^6 - (2^3 - i^3)^2");
        assert_eq!(lemma_5_3_formula(&a, 3).unwrap(), "3^6 - (3^3 - i^3)^2");
        let deeper = MoveShape::new(vec![2, 3, 2]).unwrap();
        assert!(lemma_5_3_formula(&deeper, 2).is_err());
    }
}

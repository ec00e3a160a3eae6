//! Levene and Fenner: the examples of sections 5 and 6, from `minimax-random`. A row names
//! its moves' subgame trees by their children per level (`a=2x3` is a move with 2 children
//! of 3 leaves each) and α.

use minimax_random::MoveShape;
use minimax_random::counting::Counts;
use minimax_random::domination::{Dominance, dominance};
use minimax_random::nau::w_b;
use minimax_random::polynomial::{Comparison, compare_for_all_alpha};
use minimax_random::probability::{move_probabilities, ratio_condition};
use num_bigint::BigUint;
use num_rational::BigRational;

use crate::sources::{Recompute, RunSize, integer_parameter};
use crate::verify::transcription::TranscribedRow;
use crate::verify::verdict::Computed;

struct LeveneFenner;

pub fn recompute() -> Box<dyn Recompute> {
    Box::new(LeveneFenner)
}

fn shape(row: &TranscribedRow, name: &str) -> Result<MoveShape, String> {
    MoveShape::new(row.numbers_parameter(name, 'x')?).map_err(|e| e.to_string())
}

impl Recompute for LeveneFenner {
    fn compute(&mut self, row: &TranscribedRow, size: RunSize) -> Result<Computed, String> {
        if row.table == "section-2" {
            return nau_claim(row);
        }
        self.compute_example(row, size)
    }
}

/// Section 2's claims about Nau's w_b, from certified brackets.
fn nau_claim(row: &TranscribedRow) -> Result<Computed, String> {
    match row.column.as_str() {
        "w_b-bound" => {
            let b = integer_parameter(row, "b")?;
            let bracket = w_b(b).map_err(|e| e.to_string())?;
            let bound = game_core::number::fraction(382, 1000).map_err(|e| e.to_string())?;
            let claim = if bracket.high < bound {
                format!("w_{b} < 0.382")
            } else if bracket.low >= bound {
                format!("w_{b} >= 0.382")
            } else {
                "undecided at this precision".to_string()
            };
            Ok(Computed::Text(claim))
        }
        "w_b-trend" => {
            let (from, to) = (
                integer_parameter(row, "from")?,
                integer_parameter(row, "to")?,
            );
            let brackets = (from..=to)
                .map(|b| w_b(b).map_err(|e| e.to_string()))
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
        other => Err(format!("no computation for column {other}")),
    }
}

impl LeveneFenner {
    fn compute_example(&mut self, row: &TranscribedRow, _: RunSize) -> Result<Computed, String> {
        let moves = [shape(row, "a")?, shape(row, "b")?];
        let probabilities = |alpha| move_probabilities(&moves, alpha).map_err(|e| e.to_string());
        match row.column.as_str() {
            "leaves" => {
                let leaves = moves
                    .iter()
                    .map(|shape| shape.leaves().ok_or("too many leaves"))
                    .sum::<Result<u32, _>>()?;
                Ok(Computed::count(u64::from(leaves)))
            }
            column @ ("LE(a,i)" | "LE(b,i)") => {
                let shape = &moves[usize::from(column == "LE(b,i)")];
                lemma_5_3_formula(shape, integer_parameter(row, "alpha")?).map(Computed::Text)
            }
            "prob(a)" | "prob(b)" => {
                let index = usize::from(row.column == "prob(b)");
                let alpha = integer_parameter(row, "alpha")?;
                Ok(Computed::Exact(probabilities(alpha)?[index].clone()))
            }
            "sum-of-prob" => {
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
            "order" => {
                let p = probabilities(integer_parameter(row, "alpha")?)?;
                let relation = match p[0].cmp(&p[1]) {
                    std::cmp::Ordering::Less => "<",
                    std::cmp::Ordering::Equal => "=",
                    std::cmp::Ordering::Greater => ">",
                };
                Ok(Computed::Text(format!("prob(a) {relation} prob(b)")))
            }
            "condition-6" => {
                let (first, second) = match row.parameter("n1") {
                    Some("b") => (&moves[1], &moves[0]),
                    _ => (&moves[0], &moves[1]),
                };
                let alpha = integer_parameter(row, "alpha")?;
                let holds = ratio_condition(first, second, alpha, integer_parameter(row, "i")?)
                    .map_err(|e| e.to_string())?;
                Ok(Computed::Text(
                    if holds { "holds" } else { "does not hold" }.to_string(),
                ))
            }
            "ratio-trend" => {
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
            "dominance" => {
                let statement = match dominance(&moves[0], &moves[1]).map_err(|e| e.to_string())? {
                    Dominance::Equal => "a and b are alike",
                    Dominance::FirstDominates { .. } => "a strictly dominates b",
                    Dominance::SecondDominates { .. } => "b strictly dominates a",
                    Dominance::Neither => "neither a nor b dominates the other",
                };
                Ok(Computed::Text(statement.to_string()))
            }
            "order-every-alpha" => {
                let from = integer_parameter(row, "from")?;
                let claim = match compare_for_all_alpha(&moves, u64::from(from))
                    .map_err(|e| e.to_string())?
                {
                    Comparison::AlwaysLess => "prob(a) < prob(b)".to_string(),
                    Comparison::AlwaysGreater => "prob(a) > prob(b)".to_string(),
                    Comparison::AlwaysEqual => "prob(a) = prob(b)".to_string(),
                    Comparison::Changes { at } => format!("the order changes at alpha = {at}"),
                };
                Ok(Computed::Text(claim))
            }
            other => Err(format!("no computation for column {other}")),
        }
    }
}

/// LE(n, i) of a two-level move (a min-node of q children, each a max-node of m leaves) in
/// the paper's notation of Example 1, α^(mq) − (α^m − i^m)^q (Lemma 5.3 with k = 1), once
/// its values for i = 0, …, α are checked against the counting functions of
/// `minimax_random::counting`, which count the assignments independently.
fn lemma_5_3_formula(shape: &MoveShape, alpha: u32) -> Result<String, String> {
    let [q, m] = shape.children() else {
        return Err("Example 1's formulas are for moves of two levels".to_owned());
    };
    let counts = Counts::of_move(shape, alpha).map_err(|e| e.to_string())?;
    let power = |base: u32, exponent: u32| BigUint::from(base).pow(exponent);
    for i in 0..=alpha {
        let formula = power(alpha, m * q) - (power(alpha, *m) - power(i, *m)).pow(*q);
        let counted = counts.at_most(i).map_err(|e| e.to_string())?;
        if &formula != counted {
            return Err(format!(
                "Lemma 5.3's form gives {formula} at i = {i}, the count {counted}"
            ));
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

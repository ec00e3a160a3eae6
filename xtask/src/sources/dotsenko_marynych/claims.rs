//! Dotsenko and Marynych's printed claims beyond their tables, found by the audit of
//! coverage: the Lemma 1 chances in the proof of Theorem 1, the truncated second moment of
//! Theorem 2, sections 3.1 and 3.2's formulas in t, section 4's rules and regions, and
//! section 5's examples.

use backgammon_cube::bearoff::BearoffPosition;
use backgammon_cube::continuous::{
    cautious, doubling_point, expectation, hits_first, insolent_expectation,
    truncated_second_moment,
};
use backgammon_cube::cube::CubeEquities;
use backgammon_cube::dice::{Roll, variance_pips};
use backgammon_cube::race::TurnCounts;
use backgammon_cube::steps::redouble_value;
use backgammon_cube::tuck::decisions;
use game_core::number::to_f64;
use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::error::{Error, LibraryResult, Result};
use crate::sources::integer_parameter;
use crate::verify::computed::Computed;
use crate::verify::formula::Formula;
use crate::verify::transcription::TranscribedRow;

fn ratio(numerator: i64, denominator: i64) -> BigRational {
    BigRational::new(numerator.into(), denominator.into())
}

/// Lemma 1: from `from`, the chance of hitting `up` before `down`.
pub fn lemma_1(row: &TranscribedRow) -> Result<Computed> {
    Ok(Computed::Exact(hits_first(
        &row.fraction_parameter("from")?,
        &row.fraction_parameter("up")?,
        &row.fraction_parameter("down")?,
    )))
}

/// B's doubling point, by the symmetry of the model: A's chance 1 − 4/5.
pub fn b_doubling_point() -> Computed {
    Computed::Exact(BigRational::one() - doubling_point())
}

/// The paper's integral part, \[y\] = sup{z ∈ ℤ : z < y} (y − 1 at whole y), of log₂ x.
fn paper_integral_part_of_log2(x: u64) -> i64 {
    let floor = i64::from(63 - x.leading_zeros());
    if x.is_power_of_two() {
        floor - 1
    } else {
        floor
    }
}

/// The proof of Theorem 2: μ(x) = 3\[log₂ x\], checked for every whole x in the row's range
/// against μ computed exactly from Theorem 1's distribution. "3[log2 x]" when it holds,
/// else the first x where it fails.
pub fn truncated_second_moment_claim(row: &TranscribedRow) -> Result<Computed> {
    let (from, to) = whole_range(row, "x")?;
    for x in from..=to {
        let formula = BigRational::from_integer((3 * paper_integral_part_of_log2(x)).into());
        let ours = truncated_second_moment(x);
        if ours != formula {
            return Ok(Computed::Text(format!(
                "fails at x = {x}: mu = {ours}, 3[log2 x] = {formula}"
            )));
        }
    }
    Ok(Computed::Text("3[log2 x]".to_string()))
}

fn whole_range(row: &TranscribedRow, name: &str) -> Result<(u64, u64)> {
    let text = row.required_parameter(name)?;
    text.split_once("..")
        .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
        .ok_or_else(|| Error::NotComputable(format!("{name}={text} is not a range like 2..5000")))
}

/// The values of t a formula row is checked at: i/100 for the whole i with i/100 in the
/// row's range, an end included only where the row's `where` includes it (`t-from`,
/// `t-to` in hundredths, `open`/`closed` ends in `t-ends`).
fn sample_points(row: &TranscribedRow) -> Result<Vec<BigRational>> {
    let (from, to) = whole_range(row, "t-hundredths")?;
    let ends = row.required_parameter("t-ends")?;
    let (low_open, high_open) = match ends {
        "open-open" => (true, true),
        "open-closed" => (true, false),
        "closed-open" => (false, true),
        "closed-closed" => (false, false),
        other => {
            return Err(Error::NotComputable(format!(
                "t-ends={other}: expected open-closed and the like"
            )));
        }
    };
    let first = if low_open { from + 1 } else { from };
    let last = if high_open { to - 1 } else { to };
    Ok((first..=last).map(|i| ratio(i as i64, 100)).collect())
}

/// A printed formula in t (the row's published value) against the library's `ours` at every
/// sample point: the formula itself when they agree everywhere, else where they differ.
fn formula_claim(
    row: &TranscribedRow,
    ours: impl Fn(&BigRational) -> Result<BigRational>,
) -> Result<Computed> {
    let printed = row.published.as_deref().ok_or_else(|| {
        Error::NotComputable("a formula row needs its printed formula".to_owned())
    })?;
    let formula = Formula::parse(printed, 't')?;
    let points = sample_points(row)?;
    for t in &points {
        let (library, printed) = (ours(t)?, formula.at(t)?);
        if library != printed {
            return Ok(Computed::Text(format!(
                "differs at t = {t}: ours {library}, the formula {printed}"
            )));
        }
    }
    Ok(Computed::Text(printed.trim().to_string()))
}

/// The probability of the atom `value` in a distribution of A's winnings.
fn atom(atoms: &[(i64, BigRational)], value: i64) -> BigRational {
    atoms
        .iter()
        .filter(|(v, _)| *v == value)
        .map(|(_, p)| p.clone())
        .sum()
}

/// Section 3.2, the excessively cautious opponent: the column's printed formula in t
/// against `continuous::cautious` (and Lemma 1 for the chances of its derivation).
pub fn cautious_formula(formula: CautiousFormula, row: &TranscribedRow) -> Result<Computed> {
    let case = |t: &BigRational, accepts| cautious(t, accepts).library();
    let half = ratio(1, 2);
    let (high, low) = (ratio(4, 5), |t: &BigRational| ratio(1, 5) - t.clone());
    match formula {
        CautiousFormula::Winnings { accepts, value } => {
            formula_claim(row, |t| Ok(atom(&case(t, accepts)?, value)))
        }
        CautiousFormula::Expectation { accepts } => {
            formula_claim(row, |t| Ok(expectation(&case(t, accepts)?)))
        }
        CautiousFormula::HalfHitsHigh => {
            formula_claim(row, |t| Ok(hits_first(&half, &high, &low(t))))
        }
        CautiousFormula::HighHitsOne => {
            formula_claim(row, |t| Ok(hits_first(&high, &BigRational::one(), &low(t))))
        }
    }
}

/// A printed formula of section 3.2 (the excessively cautious opponent).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CautiousFormula {
    /// P{C_A = value} when B refuses (accepts = false, C_A,R) or accepts (C_A,A) the cube.
    Winnings {
        /// Whether B accepts.
        accepts: bool,
        /// A's winnings.
        value: i64,
    },
    /// E C_A when B refuses or accepts.
    Expectation {
        /// Whether B accepts.
        accepts: bool,
    },
    /// P{0.5 hits 0.8 before 0.2 − t}.
    HalfHitsHigh,
    /// P{0.8 hits 1 before 0.2 − t}.
    HighHitsOne,
}

impl CautiousFormula {
    /// The formula printed in `column` of table 3.2.
    pub fn of_column(column: &str) -> Option<CautiousFormula> {
        let winnings = |accepts, value| CautiousFormula::Winnings { accepts, value };
        Some(match column {
            "P{C_A,R=1}" => winnings(false, 1),
            "P{C_A,R=-1}" => winnings(false, -1),
            "E C_A,R" => CautiousFormula::Expectation { accepts: false },
            "P{C_A,A=-1}" => winnings(true, -1),
            "P{C_A,A=2}" => winnings(true, 2),
            "P{C_A,A=-2}" => winnings(true, -2),
            "P{0.5 hits 0.8 before 0.2-t}" => CautiousFormula::HalfHitsHigh,
            "P{0.8 hits 1 before 0.2-t}" => CautiousFormula::HighHitsOne,
            _ => return None,
        })
    }
}

/// Section 3.1: the sign of E C_A against the insolent opponent at every sample t.
pub fn insolent_sign(row: &TranscribedRow) -> Result<Computed> {
    for t in sample_points(row)? {
        let e = insolent_expectation(&t).library()?;
        if e <= BigRational::zero() {
            return Ok(Computed::Text(format!("not positive at t = {t}: {e}")));
        }
    }
    Ok(Computed::Text("positive".to_string()))
}

/// Section 4.1's rules: the two-checker position with the smallest chance above
/// `threshold` (A doubles above 1/2, B resigns above 3/4), as `a-b`; every such position
/// when several share the smallest chance.
pub fn worst_two_checker_position(threshold: BigRational) -> Result<Computed> {
    let mut above: Vec<(BigRational, String)> = Vec::new();
    for low in 1..=6 {
        for high in low..=6 {
            let chance = BearoffPosition::from_points(&[low, high])
                .library()?
                .one_roll_chance();
            let chance = ratio(i64::from(*chance.numer()), i64::from(*chance.denom()));
            if chance > threshold {
                above.push((chance, format!("{low}-{high}")));
            }
        }
    }
    let smallest = above
        .iter()
        .map(|(chance, _)| chance.clone())
        .min()
        .ok_or_else(|| Error::NotComputable("no position is above the threshold".to_owned()))?;
    let worst: Vec<String> = above
        .into_iter()
        .filter(|(chance, _)| *chance == smallest)
        .map(|(_, name)| name)
        .collect();
    Ok(Computed::Text(worst.join(", ")))
}

/// Section 4.2's examples: which area of Figure 1 the point (p, q) lies in, named as the
/// paper names it by the curves around it, from the decisions there.
pub fn figure_1_area(p: &BigRational, q: &BigRational) -> Result<Computed> {
    let decided = decisions(p, q).library()?;
    let between = |a: &str, b: &str| {
        // The text names the two curves in either order.
        Computed::OneOf(vec![
            format!("between {a} and {b}"),
            format!("between {b} and {a}"),
        ])
    };
    let decided = (decided.double, decided.redouble, decided.take);
    Ok(match decided {
        (false, false, _) => Computed::Text("north-west of P_D".to_string()),
        (true, false, _) => between("P_D", "P_R"),
        (_, true, true) => between("P_R", "P_Q"),
        (_, true, false) => Computed::Text("south-east of P_Q".to_string()),
    })
}

/// Section 4.2: where B's right to redouble is worth most ("This weapon is the most
/// efficient if q = 0.75"), searched exactly over q = i/400; or, with a row range `q=a..b`
/// in 400ths, the largest value of the right over that range ("useless if q is below 0.5 or
/// close to 1").
/// `most_efficient`: the q at which the right is worth most, else its largest value.
pub fn redouble_weapon(row: &TranscribedRow, most_efficient: bool) -> Result<Computed> {
    let (from, to) = match row.parameter("q-400ths") {
        Some(_) => whole_range(row, "q-400ths")?,
        None => (1, 400),
    };
    let values: Vec<(BigRational, BigRational)> = (from..=to)
        .map(|i| {
            let q = ratio(i as i64, 400);
            (redouble_value(&q), q)
        })
        .collect();
    let (largest, at) = values
        .into_iter()
        .max_by(|a, b| a.0.cmp(&b.0))
        .ok_or_else(|| Error::NotComputable("an empty range of q".to_owned()))?;
    Ok(Computed::Exact(if most_efficient { at } else { largest }))
}

/// Section 5's example: the checkers left, and the chance of bearing the rest off on the
/// next turn, after every legal play of the roll `roll` (`6-1`) from the points `from`;
/// one value when all plays agree.
pub fn after_roll(row: &TranscribedRow, after_roll: AfterRoll) -> Result<Computed> {
    let position = BearoffPosition::from_points(&row.numbers_parameter("from", '+')?).library()?;
    let dice = row.numbers_parameter("roll", '-')?;
    let [first, second] = dice[..] else {
        return Err(Error::NotComputable("roll=a-b needs two dice".to_owned()));
    };
    let roll = Roll {
        first: first as u8,
        second: second as u8,
    };
    let values: Vec<BigRational> = position
        .legal_plays(roll)
        .iter()
        .map(|after| match after_roll {
            AfterRoll::CheckersLeft => BigRational::from_integer(
                (1..=6)
                    .map(|point| i64::from(after.on(point)))
                    .sum::<i64>()
                    .into(),
            ),
            AfterRoll::NextTurnChance => {
                let chance = after.one_roll_chance();
                ratio(i64::from(*chance.numer()), i64::from(*chance.denom()))
            }
        })
        .collect();
    match values.split_first() {
        Some((first, rest)) if rest.iter().all(|v| v == first) => {
            Ok(Computed::Exact(first.clone()))
        }
        Some(_) => Ok(Computed::Text(format!("depends on the play: {values:?}"))),
        None => Err(Error::NotComputable("no legal play".to_owned())),
    }
}

/// What section 5's example prints after a roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterRoll {
    /// The checkers left.
    CheckersLeft,
    /// The chance of bearing the rest off on the next turn.
    NextTurnChance,
}

/// A `points` parameter that does not read as points and counts.
fn bad_points(group: &str) -> Error {
    Error::BadParameter {
        name: "points".to_owned(),
        value: group.to_owned(),
        expected: "a point, or point*count",
    }
}

/// Section 5's positions: the pip count of the points `points` (`2+3`; `5*5+3*5+1*5` for
/// five checkers on each of 5, 3 and 1).
pub fn pip_count(row: &TranscribedRow) -> Result<Computed> {
    let mut points = Vec::new();
    for group in row.required_parameter("points")?.split('+') {
        let (point, count) = group.split_once('*').unwrap_or((group, "1"));
        let (point, count): (u32, usize) = (
            point.parse().map_err(|_| bad_points(group))?,
            count.parse().map_err(|_| bad_points(group))?,
        );
        points.extend(std::iter::repeat_n(point, count));
    }
    let position = BearoffPosition::from_points(&points).library()?;
    Ok(Computed::Exact(BigRational::from_integer(
        position.pip_count().into(),
    )))
}

/// Equation (1): σ as the paper writes it, √n/d, from the exact variance n/d².
pub fn exact_standard_deviation() -> Result<Computed> {
    let variance = variance_pips();
    let (numerator, denominator) = (*variance.numer(), *variance.denom());
    let root = (1..=denominator)
        .find(|d| d * d == denominator)
        .ok_or_else(|| {
            Error::NotComputable(format!(
                "the variance's denominator {denominator} is not a square"
            ))
        })?;
    Ok(Computed::Text(format!("sqrt({numerator})/{root}")))
}

/// Section 5: "F(k, s) is convex with respect to both parameters", checked exactly on
/// every second difference in k and in s with all three points in 1..=`max`: "yes", or the
/// first place where a second difference is negative.
pub fn convexity(race: &TurnCounts, row: &TranscribedRow) -> Result<Computed> {
    let max = integer_parameter(row, "max")?;
    let f = |k, s| race.win_probability(k, s).library();
    for k in 1..=max {
        for s in 1..=max {
            if k >= 2 && k < max {
                let second = f(k - 1, s)? + f(k + 1, s)? - f(k, s)? * ratio(2, 1);
                if second < BigRational::zero() {
                    return Ok(Computed::Text(format!(
                        "no: in k at k = {k}, s = {s}, second difference {:.6}",
                        to_f64(&second)
                    )));
                }
            }
            if s >= 2 && s < max {
                let second = f(k, s - 1)? + f(k, s + 1)? - f(k, s)? * ratio(2, 1);
                if second < BigRational::zero() {
                    return Ok(Computed::Text(format!(
                        "no: in s at k = {k}, s = {s}, second difference {:.6}",
                        to_f64(&second)
                    )));
                }
            }
        }
    }
    Ok(Computed::Text("yes".to_string()))
}

/// Section 5.1: along each row of Db_my, Db_our (1s, then 0s for ever) and Ac (0s, then 1s),
/// taking a row as the doubler's pip count k running for a fixed opponent's count s, for
/// every s in the row's range and k up to `k-max`: "yes", or the first row that breaks
/// the pattern.
pub fn matrix_rows(cube: &CubeEquities<f64>, row: &TranscribedRow) -> Result<Computed> {
    let (from, to) = whole_range(row, "s")?;
    let k_max = integer_parameter(row, "k-max")?;
    let matrix = row.required_parameter("matrix")?;
    for s in from as u32..=to as u32 {
        let entries = (1..=k_max)
            .map(|k| {
                let entry = match matrix {
                    "Db_my" => cube.decisions(k, s).map(|d| d.redouble),
                    "Db_our" => cube.decisions(k, s).map(|d| d.double),
                    "Ac" => cube.decisions(k, s).map(|d| d.take),
                    other => return Err(Error::NotComputable(format!("no matrix {other}"))),
                };
                entry.library()
            })
            .collect::<Result<Vec<bool>>>()?;
        // Db: once a 0, always 0; Ac: once a 1, always 1.
        let leading = matrix != "Ac";
        let switched = entries.iter().position(|&entry| entry != leading);
        if let Some(at) = switched
            && entries[at..].contains(&leading)
        {
            return Ok(Computed::Text(format!(
                "no: row s = {s} switches back after k = {}",
                at + 1
            )));
        }
    }
    Ok(Computed::Text("yes".to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_papers_integral_part_is_one_less_at_powers_of_two() {
        assert_eq!(paper_integral_part_of_log2(2), 0);
        assert_eq!(paper_integral_part_of_log2(3), 1);
        assert_eq!(paper_integral_part_of_log2(8), 2);
        assert_eq!(paper_integral_part_of_log2(9), 3);
    }

    /// The areas of the three examples as the library's curves place them; the rows compare
    /// them with the text.
    #[test]
    fn the_examples_points_fall_in_three_areas() {
        let area = |p, q| match figure_1_area(&p, &q).unwrap() {
            Computed::Text(area) => area,
            Computed::OneOf(orders) => orders[0].clone(),
            _ => unreachable!(),
        };
        let p = || ratio(19, 36);
        assert_eq!(area(p(), ratio(1, 1)), "between P_R and P_Q");
        assert_eq!(area(p(), ratio(27, 36)), "between P_D and P_R");
        assert_eq!(area(p(), ratio(23, 36)), "between P_R and P_Q");
        // The other two areas: A behind, and B too far behind to take.
        assert_eq!(area(ratio(2, 5), ratio(1, 1)), "north-west of P_D");
        assert_eq!(area(p(), ratio(1, 10)), "south-east of P_Q");
    }
}

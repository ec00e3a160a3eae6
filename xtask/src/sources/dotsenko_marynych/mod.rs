//! Dotsenko and Marynych: Table 1 and equation (1), the starting pip count, Tables 2–5 and
//! section 5's approximation claims, from `backgammon-cube`.

use backgammon_cube::approximation::{RaceTableF64, lamford_gasquoine, largest_error, normal};
use backgammon_cube::bearoff::BearoffPosition;
use backgammon_cube::continuous::{doubling_point, theorem_1};
use backgammon_cube::cube::CubeEquities;
use backgammon_cube::dice::{mean_pips, pip_distribution, variance_pips};
use backgammon_cube::race::{RaceError, TurnCounts};
use backgammon_cube::starting_pip_count;
use backgammon_cube::steps::{my_cube, one_step_double_threshold, one_step_resign_threshold};
use backgammon_cube::tuck::{TuckError, my_cube_double_point, our_cube_double_point};
use game_core::number::{fraction, from_f64};
use num_rational::BigRational;

mod claims;
use crate::sources::{Recompute, RunSize, integer_parameter};
use crate::verify::transcription::TranscribedRow;
use crate::verify::verdict::Computed;

/// The largest pip count Table 4 needs (k = 120, s − k = 30).
const RACE_TABLE: u32 = 150;

/// The largest pip count Table 5 needs, with room for the leads beyond k = 170.
const CUBE_TABLE: u32 = 260;

struct DotsenkoMarynych {
    race: Option<TurnCounts>,
    cube: Option<CubeEquities<f64>>,
}

pub fn recompute() -> Box<dyn Recompute> {
    Box::new(DotsenkoMarynych {
        race: None,
        cube: None,
    })
}

/// Table 5's advice for the doubler's pip count k: the least lead s − k at which doubling is
/// right ("our cube" or "my cube"), or the largest lead at which B still takes.
pub(super) fn advice(cube: &CubeEquities<f64>, column: &str, k: u32) -> Result<i64, String> {
    let error = |e: backgammon_cube::cube::CubeError| e.to_string();
    let lead = |s: u32| i64::from(s) - i64::from(k);
    let behind = k.saturating_sub(15).max(1);
    match column {
        "our-cube" | "my-cube" => {
            for s in behind..k + 60 {
                let doubles = if column == "our-cube" {
                    cube.doubles_our_cube(k, s).map_err(error)?
                } else {
                    cube.doubles_my_cube(k, s).map_err(error)?
                };
                if doubles {
                    return Ok(lead(s));
                }
            }
            Err(format!("no doubling point for k = {k}"))
        }
        "take" => {
            for s in k..k + 60 {
                if !cube.b_takes(k, s).map_err(error)? {
                    return Ok(lead(s) - 1);
                }
            }
            Err(format!("no dropping point for k = {k}"))
        }
        other => Err(format!("no computation for column {other}")),
    }
}

fn exact(numerator: u32, denominator: u32) -> Result<Computed, String> {
    fraction(i64::from(numerator), i64::from(denominator))
        .map(Computed::Exact)
        .map_err(|e| e.to_string())
}

/// σ = √(665/36), bracketed: the f64 square root widened by a few ulps, both ends checked by
/// squaring exactly.
fn standard_deviation() -> Result<Computed, String> {
    let variance = variance_pips();
    let exact_variance = fraction(i64::from(*variance.numer()), i64::from(*variance.denom()))
        .map_err(|e| e.to_string())?;
    let sigma = (f64::from(*variance.numer()) / f64::from(*variance.denom())).sqrt();
    let widen = 4.0 * f64::EPSILON * sigma;
    let low = from_f64(sigma - widen).map_err(|e| e.to_string())?;
    let high = from_f64(sigma + widen).map_err(|e| e.to_string())?;
    let squared = |x: &BigRational| x.clone() * x.clone();
    if !(squared(&low) < exact_variance && exact_variance < squared(&high)) {
        return Err("the bracket around the standard deviation does not hold".to_string());
    }
    Ok(Computed::Bounded {
        value: sigma,
        low,
        high,
    })
}

/// A row parameter that is a range of whole numbers, like `k=22-27`.
fn range_parameter(row: &TranscribedRow, name: &str) -> Result<(u32, u32), String> {
    let range = row.required_parameter(name)?;
    range
        .split_once('-')
        .and_then(|(a, b)| Some((a.parse::<u32>().ok()?, b.parse::<u32>().ok()?)))
        .ok_or_else(|| format!("{name}={range} is not a range like 22-27"))
}

/// Section 5's accuracy claim for an approximation: is its absolute error at most the
/// column's bound (`error-at-most-0.02`) for k and leads s − k in the row's ranges? "yes",
/// or "no" with the largest error and where it occurs.
fn approximation_claim(row: &TranscribedRow, column: &str) -> Result<Computed, String> {
    let bound: f64 = column
        .strip_prefix("error-at-most-")
        .and_then(|b| b.parse().ok())
        .ok_or_else(|| format!("column {column} is not error-at-most-B"))?;
    let (k_from, k_to) = range_parameter(row, "k")?;
    let (lead_from, max_lead) = range_parameter(row, "lead")?;
    if lead_from != 0 {
        return Err(format!("leads must start at 0, not {lead_from}"));
    }
    let formula: fn(u32, u32) -> Result<f64, RaceError> = match row.parameter("formula") {
        Some("lamford-gasquoine") => lamford_gasquoine,
        Some("normal") => normal,
        other => return Err(format!("no approximation {other:?}")),
    };
    let table = RaceTableF64::new(k_to + max_lead);
    let worst = largest_error(&table, formula, k_from..=k_to, max_lead)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("k={k_from}-{k_to} is empty"))?;
    Ok(Computed::Text(if worst.error <= bound {
        "yes".to_string()
    } else {
        format!("no: {:.3} at k={}, s={}", worst.error, worst.k, worst.s)
    }))
}

/// Section 4.2's claim on Figure 1: with more p and less q A's reason to double should only
/// grow. "yes" when the doubling curve of the row's cube is non-decreasing in q on a grid
/// of step 1/1000 (so every point south-east of a doubling point doubles), else "no"
/// (`tests/tuck.rs` keeps a witness).
fn monotone_doubling_area(row: &TranscribedRow) -> Result<Computed, String> {
    let curve: fn(&BigRational) -> Result<BigRational, TuckError> = match row.parameter("cube") {
        Some("our") => our_cube_double_point,
        Some("my") => my_cube_double_point,
        other => return Err(format!("no cube {other:?}")),
    };
    let grid: Vec<BigRational> = (0..=1000)
        .map(|j| fraction(j, 1000))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    for pair in grid.windows(2) {
        let (before, after) = (
            curve(&pair[0]).map_err(|e| e.to_string())?,
            curve(&pair[1]).map_err(|e| e.to_string())?,
        );
        if after < before {
            return Ok(Computed::Text("no".to_string()));
        }
    }
    Ok(Computed::Text("yes".to_string()))
}

impl DotsenkoMarynych {
    /// The cube table, built on first use.
    fn cube(&mut self) -> Result<&CubeEquities<f64>, String> {
        if self.cube.is_none() {
            self.cube = Some(CubeEquities::new(CUBE_TABLE).map_err(|e| e.to_string())?);
        }
        self.cube
            .as_ref()
            .ok_or_else(|| "the cube table was just built".to_string())
    }

    /// Section 5.1's claim that Table 5's vectors never decrease: the column's advice for
    /// every k in the row's range, "yes" or where it falls.
    fn non_decreasing(&mut self, row: &TranscribedRow) -> Result<Computed, String> {
        let (from, to) = range_parameter(row, "k")?;
        let column = row.required_parameter("advice")?.to_string();
        let cube = self.cube()?;
        let values = (from..=to)
            .map(|k| advice(cube, &column, k))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Computed::Text(
            match values.windows(2).position(|pair| pair[1] < pair[0]) {
                None => "yes".to_string(),
                Some(i) => format!(
                    "no: {} at k = {}, {} at k = {}",
                    values[i],
                    from + i as u32,
                    values[i + 1],
                    from + i as u32 + 1
                ),
            },
        ))
    }
}

impl Recompute for DotsenkoMarynych {
    fn compute(&mut self, row: &TranscribedRow, _: RunSize) -> Result<Computed, String> {
        match (row.table.as_str(), row.column.as_str()) {
            ("1", "probability") => {
                let pips = integer_parameter(row, "j")?;
                let p = pip_distribution()
                    .get(&pips)
                    .copied()
                    .ok_or_else(|| format!("no roll moves {pips} pips"))?;
                exact(*p.numer(), *p.denom())
            }
            ("eq-1", "mean") => {
                let mean = mean_pips();
                exact(*mean.numer(), *mean.denom())
            }
            ("eq-1", "standard-deviation") => standard_deviation(),
            ("2.1", "pip-count") => exact(starting_pip_count(), 1),
            ("2" | "3", "chances-of-36") => {
                let points: Vec<u32> = match row.parameter("point") {
                    Some(_) => vec![integer_parameter(row, "point")?],
                    None => vec![
                        integer_parameter(row, "first")?,
                        integer_parameter(row, "second")?,
                    ],
                };
                let position = BearoffPosition::from_points(&points).map_err(|e| e.to_string())?;
                let chance = position.one_roll_chance() * 36;
                exact(chance.to_integer(), 1)
            }
            ("section-3", "doubling-point") => Ok(Computed::Exact(doubling_point())),
            ("section-3", "B-doubling-point") => Ok(claims::b_doubling_point()),
            ("section-3", "P{hit}") => claims::lemma_1(row),
            ("section-3", "mu(x)") => claims::truncated_second_moment_claim(row),
            ("3.1", "sign-of-E-C_A") => claims::insolent_sign(row),
            ("3.2", _) => claims::cautious_formula(row),
            ("4.1", "worst-doubling-position") => {
                claims::worst_two_checker_position(one_step_double_threshold())
            }
            ("4.1", "worst-resigning-position") => {
                claims::worst_two_checker_position(one_step_resign_threshold())
            }
            ("4.2", "weapon-most-efficient" | "weapon-value") => claims::redouble_weapon(row),
            ("5-examples", "pip-count") => claims::pip_count(row),
            ("5-examples", _) => claims::after_roll(row),
            ("5-claims", "non-decreasing") => self.non_decreasing(row),
            ("5-claims", "row-pattern") => claims::matrix_rows(self.cube()?, row),
            ("5-claims", "convex") => {
                let race = self.race.get_or_insert_with(|| TurnCounts::new(RACE_TABLE));
                claims::convexity(race, row)
            }
            ("eq-1", "standard-deviation-exact") => claims::exact_standard_deviation(),
            ("section-3", column) if column.starts_with("P{C_A=") => {
                let stake: u32 = column
                    .trim_start_matches("P{C_A=")
                    .trim_end_matches('}')
                    .parse()
                    .map_err(|_| format!("column {column} is not P{{C_A=2^k}}"))?;
                if !stake.is_power_of_two() || stake < 2 {
                    return Err(format!("{stake} is not a stake 2^k"));
                }
                Ok(Computed::Exact(theorem_1(stake.trailing_zeros())))
            }
            ("4.1", "p") => {
                let points = row.numbers_parameter("A", '+')?;
                let chance = BearoffPosition::from_points(&points)
                    .map_err(|e| e.to_string())?
                    .one_roll_chance();
                exact(*chance.numer(), *chance.denom())
            }
            ("4.1", "double-threshold") => Ok(Computed::Exact(one_step_double_threshold())),
            ("4.1", "resign-threshold") => Ok(Computed::Exact(one_step_resign_threshold())),
            ("4.2", column) => {
                let chance = |name: &str| -> Result<BigRational, String> {
                    let c = BearoffPosition::from_points(&row.numbers_parameter(name, '+')?)
                        .map_err(|e| e.to_string())?
                        .one_roll_chance();
                    fraction(i64::from(*c.numer()), i64::from(*c.denom()))
                        .map_err(|e| e.to_string())
                };
                let (p, q) = (chance("A")?, chance("B")?);
                let values = my_cube(&p, &q);
                match column {
                    "p" => Ok(Computed::Exact(p)),
                    "q" => Ok(Computed::Exact(q)),
                    "area" => claims::figure_1_area(&p, &q),
                    "E-keep" => Ok(Computed::Exact(values.keep)),
                    "E-double" => Ok(Computed::Exact(values.double)),
                    "decision" => Ok(Computed::Text(
                        if values.should_double() {
                            "double"
                        } else {
                            "no double"
                        }
                        .to_string(),
                    )),
                    other => Err(format!("no computation for column {other}")),
                }
            }
            ("5", column) => {
                let (from, to) = range_parameter(row, "k")?;
                let cube = self.cube()?;
                let values = (from..=to)
                    .map(|k| advice(cube, column, k))
                    .collect::<Result<Vec<_>, _>>()?;
                if values.iter().all(|v| *v == values[0]) {
                    Ok(Computed::Exact(BigRational::from_integer(values[0].into())))
                } else {
                    let listed: Vec<String> = (from..=to)
                        .zip(&values)
                        .map(|(k, v)| format!("{k}:{v}"))
                        .collect();
                    Ok(Computed::Text(format!(
                        "varies over the range: {}",
                        listed.join(" ")
                    )))
                }
            }
            ("5-approximation", column) => approximation_claim(row, column),
            ("4.2-figure-1", "monotone-doubling-area") => monotone_doubling_area(row),
            ("4", column) => {
                let k = integer_parameter(row, "k")?;
                let lead: u32 = column
                    .strip_prefix("s-k=")
                    .and_then(|d| d.parse().ok())
                    .ok_or_else(|| format!("column {column} is not s-k=N"))?;
                let race = self.race.get_or_insert_with(|| TurnCounts::new(RACE_TABLE));
                race.win_probability(k, k + lead)
                    .map(Computed::Exact)
                    .map_err(|e| e.to_string())
            }
            (table, column) => Err(format!("no computation for table {table}, column {column}")),
        }
    }
}

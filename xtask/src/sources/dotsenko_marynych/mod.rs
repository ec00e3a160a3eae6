//! Dotsenko and Marynych: Table 1 and equation (1), the starting pip count, Tables 2–5 and
//! section 5's approximation claims, from `backgammon-cube`.

use backgammon_cube::approximation::{RaceTableF64, lamford_gasquoine, largest_error, normal};
use backgammon_cube::bearoff::BearoffPosition;
use backgammon_cube::continuous::{doubling_point, theorem_1};
use backgammon_cube::cube::CubeEquities;
use backgammon_cube::dice::{mean_pips, pip_distribution, variance_pips};
use backgammon_cube::race::{RaceError, TurnCounts};
use backgammon_cube::starting_pip_count;
use backgammon_cube::steps::{one_step_double_threshold, one_step_resign_threshold, owned_cube};
use backgammon_cube::tuck::{TuckError, double_point, redouble_point};
use game_core::number::{fraction, from_f64};
use num_rational::BigRational;

mod claims;
pub mod gaps;
pub mod series;
use crate::error::{Error, LibraryResult, Result};
use crate::sources::{RunSize, Source, integer_parameter};
use crate::verify::computed::Computed;
use crate::verify::transcription::TranscribedRow;

/// The largest pip count Table 4 needs (k = 120, s − k = 30).
const RACE_TABLE: u32 = 150;

/// The largest pip count Table 5 needs, with room for the leads beyond k = 170.
const CUBE_TABLE: u32 = 260;

/// The paper's printed quantities.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Quantity {
    /// Table 1: the chance that a roll moves j pips.
    RollProbability,
    /// Equation (1): the mean pips of a roll.
    MeanPips,
    /// Equation (1): σ, bracketed.
    StandardDeviation,
    /// Equation (1): σ² exactly, σ as a surd.
    StandardDeviationExact,
    /// Section 2.1: the starting pip count.
    StartingPipCount,
    /// Tables 2 and 3: chances (of 36) to bear off in one roll.
    ChancesOf36,
    /// Section 3: the doubling point of the continuous model.
    DoublingPoint,
    /// Section 3: B's doubling point.
    BDoublingPoint,
    /// Section 3, Lemma 1: P{hit}.
    HitProbability,
    /// Section 3: the truncated second moment μ(x).
    TruncatedSecondMoment,
    /// Theorem 1: P{C_A = stake}, stake a power of two.
    StakeProbability(u32),
    /// Section 3.1: the sign of E C_A against the insolent opponent.
    InsolentSign,
    /// Section 3.2: a formula against the excessively cautious opponent.
    Cautious(claims::CautiousFormula),
    /// Section 4.1: the worst two-checker position to double.
    WorstDoublingPosition,
    /// Section 4.1: the worst two-checker position to resign.
    WorstResigningPosition,
    /// Section 4.1: A's chance p to bear off in one roll.
    OneRollChance,
    /// Section 4.1: the one-step double threshold.
    DoubleThreshold,
    /// Section 4.1: the one-step resign threshold.
    ResignThreshold,
    /// Section 4.2: the right to redouble, where it is most efficient or its value.
    RedoubleWeapon {
        /// The q of its largest value, instead of the value.
        most_efficient: bool,
    },
    /// Section 4.2: the two-step (Tuck) game's quantities.
    Tuck(TuckQuantity),
    /// Section 4.2, Figure 1: the doubling area grows with p and shrinks with q.
    MonotoneDoublingArea,
    /// Section 5's examples: a pip count.
    ExamplePipCount,
    /// Section 5's examples: what stands after a roll.
    AfterRoll(claims::AfterRoll),
    /// Section 5.1: Table 5's vectors never decrease.
    NonDecreasing,
    /// Section 5.1: the 1s-then-0s pattern of the matrices' rows.
    RowPattern,
    /// Section 5: F(k, s) convex.
    Convex,
    /// Table 4: F(k, k + lead).
    RaceWin {
        /// s − k.
        lead: u32,
    },
    /// Table 5: the doubling or taking point.
    Table5(Advice),
    /// Section 5: an approximation's error is at most `bound`.
    ApproximationError {
        /// The claimed bound.
        bound: f64,
    },
}

/// Section 4.2's two-step game, for A's and B's positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TuckQuantity {
    /// p, A's chance to bear off in one roll.
    P,
    /// q, B's.
    Q,
    /// Where (p, q) lies against Figure 1's curves.
    Area,
    /// A's equity keeping the cube.
    Keep,
    /// A's equity doubling.
    Double,
    /// Whether A doubles.
    Decision,
}

/// Table 5's columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Advice {
    /// The least lead at which doubling a centred cube is right.
    OurCube,
    /// The least lead at which redoubling one's own cube is right.
    MyCube,
    /// The largest lead at which B still takes.
    Take,
}

impl Advice {
    /// The advice of Table 5's column (or a claim row's `advice` parameter).
    pub fn of_column(column: &str) -> Option<Advice> {
        Some(match column {
            "our-cube" => Advice::OurCube,
            "my-cube" => Advice::MyCube,
            "take" => Advice::Take,
            _ => return None,
        })
    }
}

impl Quantity {
    fn of(table: &str, column: &str) -> Option<Quantity> {
        Some(match (table, column) {
            ("1", "probability") => Quantity::RollProbability,
            ("eq-1", "mean") => Quantity::MeanPips,
            ("eq-1", "standard-deviation") => Quantity::StandardDeviation,
            ("eq-1", "standard-deviation-exact") => Quantity::StandardDeviationExact,
            ("2.1", "pip-count") => Quantity::StartingPipCount,
            ("2" | "3", "chances-of-36") => Quantity::ChancesOf36,
            ("section-3", column) => Quantity::of_section_3(column)?,
            ("3.1", "sign-of-E-C_A") => Quantity::InsolentSign,
            ("3.2", column) => Quantity::Cautious(claims::CautiousFormula::of_column(column)?),
            ("4.1", "worst-doubling-position") => Quantity::WorstDoublingPosition,
            ("4.1", "worst-resigning-position") => Quantity::WorstResigningPosition,
            ("4.1", "p") => Quantity::OneRollChance,
            ("4.1", "double-threshold") => Quantity::DoubleThreshold,
            ("4.1", "resign-threshold") => Quantity::ResignThreshold,
            ("4.2", column) => Quantity::of_section_4_2(column)?,
            ("4.2-figure-1", "monotone-doubling-area") => Quantity::MonotoneDoublingArea,
            ("5-examples", "pip-count") => Quantity::ExamplePipCount,
            ("5-examples", "checkers-left") => Quantity::AfterRoll(claims::AfterRoll::CheckersLeft),
            ("5-examples", "next-turn-chance") => {
                Quantity::AfterRoll(claims::AfterRoll::NextTurnChance)
            }
            ("5-claims", "non-decreasing") => Quantity::NonDecreasing,
            ("5-claims", "row-pattern") => Quantity::RowPattern,
            ("5-claims", "convex") => Quantity::Convex,
            ("4", column) => Quantity::RaceWin {
                lead: column.strip_prefix("s-k=")?.parse().ok()?,
            },
            ("5", column) => Quantity::Table5(Advice::of_column(column)?),
            ("5-approximation", column) => Quantity::ApproximationError {
                bound: column.strip_prefix("error-at-most-")?.parse().ok()?,
            },
            _ => return None,
        })
    }

    fn of_section_3(column: &str) -> Option<Quantity> {
        Some(match column {
            "doubling-point" => Quantity::DoublingPoint,
            "B-doubling-point" => Quantity::BDoublingPoint,
            "P{hit}" => Quantity::HitProbability,
            "mu(x)" => Quantity::TruncatedSecondMoment,
            _ => {
                let stake: u32 = column
                    .strip_prefix("P{C_A=")?
                    .strip_suffix('}')?
                    .parse()
                    .ok()?;
                if !stake.is_power_of_two() || stake < 2 {
                    return None;
                }
                Quantity::StakeProbability(stake)
            }
        })
    }

    fn of_section_4_2(column: &str) -> Option<Quantity> {
        Some(match column {
            "weapon-most-efficient" => Quantity::RedoubleWeapon {
                most_efficient: true,
            },
            "weapon-value" => Quantity::RedoubleWeapon {
                most_efficient: false,
            },
            "p" => Quantity::Tuck(TuckQuantity::P),
            "q" => Quantity::Tuck(TuckQuantity::Q),
            "area" => Quantity::Tuck(TuckQuantity::Area),
            "E-keep" => Quantity::Tuck(TuckQuantity::Keep),
            "E-double" => Quantity::Tuck(TuckQuantity::Double),
            "decision" => Quantity::Tuck(TuckQuantity::Decision),
            _ => return None,
        })
    }
}

/// Dotsenko and Marynych's paper, recomputed with `backgammon-cube`.
pub struct DotsenkoMarynych {
    race: Option<TurnCounts>,
    cube: Option<CubeEquities<f64>>,
}

/// Table 5's advice for the doubler's pip count k: the least lead s − k at which doubling is
/// right ("our cube" or "my cube"), or the largest lead at which B still takes.
pub fn advice(cube: &CubeEquities<f64>, advice: Advice, k: u32) -> Result<i64> {
    let lead = |s: u32| i64::from(s) - i64::from(k);
    let behind = k.saturating_sub(15).max(1);
    match advice {
        Advice::OurCube | Advice::MyCube => {
            for s in behind..k + 60 {
                let doubles = if advice == Advice::OurCube {
                    cube.decisions(k, s).map(|d| d.double).library()?
                } else {
                    cube.decisions(k, s).map(|d| d.redouble).library()?
                };
                if doubles {
                    return Ok(lead(s));
                }
            }
            Err(Error::NotComputable(format!(
                "no doubling point for k = {k}"
            )))
        }
        Advice::Take => {
            for s in k..k + 60 {
                if !cube.decisions(k, s).map(|d| d.take).library()? {
                    return Ok(lead(s) - 1);
                }
            }
            Err(Error::NotComputable(format!(
                "no dropping point for k = {k}"
            )))
        }
    }
}

fn exact(numerator: u32, denominator: u32) -> Result<Computed> {
    fraction(i64::from(numerator), i64::from(denominator))
        .map(Computed::Exact)
        .library()
}

/// σ = √(665/36), bracketed: the f64 square root widened by a few ulps, both ends checked by
/// squaring exactly.
fn standard_deviation() -> Result<Computed> {
    let variance = variance_pips();
    let exact_variance =
        fraction(i64::from(*variance.numer()), i64::from(*variance.denom())).library()?;
    let sigma = (f64::from(*variance.numer()) / f64::from(*variance.denom())).sqrt();
    let widen = 4.0 * f64::EPSILON * sigma;
    let low = from_f64(sigma - widen).library()?;
    let high = from_f64(sigma + widen).library()?;
    let squared = |x: &BigRational| x.clone() * x.clone();
    if !(squared(&low) < exact_variance && exact_variance < squared(&high)) {
        return Err(Error::NotComputable(
            "the bracket around the standard deviation does not hold".to_owned(),
        ));
    }
    Ok(Computed::Bounded {
        value: sigma,
        low,
        high,
    })
}

/// A row parameter that is a range of whole numbers, like `k=22-27`.
fn range_parameter(row: &TranscribedRow, name: &str) -> Result<(u32, u32)> {
    let range = row.required_parameter(name)?;
    range
        .split_once('-')
        .and_then(|(a, b)| Some((a.parse::<u32>().ok()?, b.parse::<u32>().ok()?)))
        .ok_or_else(|| Error::NotComputable(format!("{name}={range} is not a range like 22-27")))
}

/// Section 5's accuracy claim for an approximation: is its absolute error at most the
/// column's bound (`error-at-most-0.02`) for k and leads s − k in the row's ranges? "yes",
/// or "no" with the largest error and where it occurs.
fn approximation_claim(row: &TranscribedRow, bound: f64) -> Result<Computed> {
    let (k_from, k_to) = range_parameter(row, "k")?;
    let (lead_from, max_lead) = range_parameter(row, "lead")?;
    if lead_from != 0 {
        return Err(Error::NotComputable(format!(
            "leads must start at 0, not {lead_from}"
        )));
    }
    let formula: fn(u32, u32) -> Result<f64, RaceError> = match row.parameter("formula") {
        Some("lamford-gasquoine") => lamford_gasquoine,
        Some("normal") => normal,
        other => return Err(Error::NotComputable(format!("no approximation {other:?}"))),
    };
    let table = RaceTableF64::new(k_to + max_lead);
    let worst = largest_error(&table, formula, k_from..=k_to, max_lead)
        .library()?
        .ok_or_else(|| Error::NotComputable(format!("k={k_from}-{k_to} is empty")))?;
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
fn monotone_doubling_area(row: &TranscribedRow) -> Result<Computed> {
    let curve: fn(&BigRational) -> Result<BigRational, TuckError> = match row.parameter("cube") {
        Some("our") => double_point,
        Some("my") => redouble_point,
        other => return Err(Error::NotComputable(format!("no cube {other:?}"))),
    };
    let grid: Vec<BigRational> = (0..=1000)
        .map(|j| fraction(j, 1000))
        .collect::<Result<_, _>>()
        .library()?;
    for pair in grid.windows(2) {
        let (before, after) = (curve(&pair[0]).library()?, curve(&pair[1]).library()?);
        if after < before {
            return Ok(Computed::Text("no".to_string()));
        }
    }
    Ok(Computed::Text("yes".to_string()))
}

impl DotsenkoMarynych {
    /// Table 5's `column` for the row's range of k: one value when the whole range shares it.
    fn table_5(&mut self, column: Advice, row: &TranscribedRow) -> Result<Computed> {
        let (from, to) = range_parameter(row, "k")?;
        let cube = self.cube()?;
        let values = (from..=to)
            .map(|k| advice(cube, column, k))
            .collect::<Result<Vec<_>>>()?;
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

    /// The cube table, built on first use.
    fn cube(&mut self) -> Result<&CubeEquities<f64>> {
        if self.cube.is_none() {
            self.cube = Some(CubeEquities::new(CUBE_TABLE).library()?);
        }
        self.cube
            .as_ref()
            .ok_or_else(|| Error::NotComputable("the cube table was just built".to_owned()))
    }

    /// Section 5.1's claim that Table 5's vectors never decrease: the column's advice for
    /// every k in the row's range, "yes" or where it falls.
    fn non_decreasing(&mut self, row: &TranscribedRow) -> Result<Computed> {
        let (from, to) = range_parameter(row, "k")?;
        let text = row.required_parameter("advice")?;
        let column = Advice::of_column(text).ok_or_else(|| Error::BadParameter {
            name: "advice".to_owned(),
            value: text.to_owned(),
            expected: "a column of Table 5",
        })?;
        let cube = self.cube()?;
        let values = (from..=to)
            .map(|k| advice(cube, column, k))
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

impl Source for DotsenkoMarynych {
    const ID: &'static str = "dotsenko-marynych";
    const TRANSCRIPTION_FILE: &'static str =
        "xtask/src/sources/dotsenko_marynych/transcription.toml";
    const TRANSCRIPTION: &'static str = include_str!("transcription.toml");
    type Quantity = Quantity;

    fn quantity(table: &str, column: &str) -> Option<Quantity> {
        Quantity::of(table, column)
    }

    fn new() -> Result<DotsenkoMarynych> {
        Ok(DotsenkoMarynych {
            race: None,
            cube: None,
        })
    }

    fn compute(
        &mut self,
        quantity: &Quantity,
        row: &TranscribedRow,
        _: RunSize,
    ) -> Result<Computed> {
        match *quantity {
            Quantity::RollProbability => {
                let pips = integer_parameter(row, "j")?;
                let p = pip_distribution()
                    .get(&pips)
                    .copied()
                    .ok_or_else(|| Error::NotComputable(format!("no roll moves {pips} pips")))?;
                exact(*p.numer(), *p.denom())
            }
            Quantity::MeanPips => {
                let mean = mean_pips();
                exact(*mean.numer(), *mean.denom())
            }
            Quantity::StandardDeviation => standard_deviation(),
            Quantity::StandardDeviationExact => claims::exact_standard_deviation(),
            Quantity::StartingPipCount => exact(starting_pip_count(), 1),
            Quantity::ChancesOf36 => {
                let points: Vec<u32> = match row.parameter("point") {
                    Some(_) => vec![integer_parameter(row, "point")?],
                    None => vec![
                        integer_parameter(row, "first")?,
                        integer_parameter(row, "second")?,
                    ],
                };
                let position = BearoffPosition::from_points(&points).library()?;
                let chance = position.one_roll_chance() * 36;
                exact(chance.to_integer(), 1)
            }
            Quantity::DoublingPoint => Ok(Computed::Exact(doubling_point())),
            Quantity::BDoublingPoint => Ok(claims::b_doubling_point()),
            Quantity::HitProbability => claims::lemma_1(row),
            Quantity::TruncatedSecondMoment => claims::truncated_second_moment_claim(row),
            Quantity::StakeProbability(stake) => {
                Ok(Computed::Exact(theorem_1(stake.trailing_zeros())))
            }
            Quantity::InsolentSign => claims::insolent_sign(row),
            Quantity::Cautious(formula) => claims::cautious_formula(formula, row),
            Quantity::WorstDoublingPosition => {
                claims::worst_two_checker_position(one_step_double_threshold())
            }
            Quantity::WorstResigningPosition => {
                claims::worst_two_checker_position(one_step_resign_threshold())
            }
            Quantity::OneRollChance => {
                let chance = one_roll_chance(row, "A")?;
                Ok(Computed::Exact(chance))
            }
            Quantity::DoubleThreshold => Ok(Computed::Exact(one_step_double_threshold())),
            Quantity::ResignThreshold => Ok(Computed::Exact(one_step_resign_threshold())),
            Quantity::RedoubleWeapon { most_efficient } => {
                claims::redouble_weapon(row, most_efficient)
            }
            Quantity::Tuck(tuck) => two_step_game(tuck, row),
            Quantity::MonotoneDoublingArea => monotone_doubling_area(row),
            Quantity::ExamplePipCount => claims::pip_count(row),
            Quantity::AfterRoll(after_roll) => claims::after_roll(row, after_roll),
            Quantity::NonDecreasing => self.non_decreasing(row),
            Quantity::RowPattern => claims::matrix_rows(self.cube()?, row),
            Quantity::Convex => {
                let race = self.race.get_or_insert_with(|| TurnCounts::new(RACE_TABLE));
                claims::convexity(race, row)
            }
            Quantity::RaceWin { lead } => {
                let k = integer_parameter(row, "k")?;
                let race = self.race.get_or_insert_with(|| TurnCounts::new(RACE_TABLE));
                race.win_probability(k, k + lead)
                    .map(Computed::Exact)
                    .library()
            }
            Quantity::Table5(column) => self.table_5(column, row),
            Quantity::ApproximationError { bound } => approximation_claim(row, bound),
        }
    }
}

/// The chance, exactly, that the position of the row's parameter `name` (`2+3`) bears off
/// in one roll.
fn one_roll_chance(row: &TranscribedRow, name: &str) -> Result<BigRational> {
    let chance = BearoffPosition::from_points(&row.numbers_parameter(name, '+')?)
        .library()?
        .one_roll_chance();
    fraction(i64::from(*chance.numer()), i64::from(*chance.denom())).library()
}

/// Section 4.2's two-step game for A's position `A` and B's position `B`.
fn two_step_game(quantity: TuckQuantity, row: &TranscribedRow) -> Result<Computed> {
    let (p, q) = (one_roll_chance(row, "A")?, one_roll_chance(row, "B")?);
    let values = owned_cube(&p, &q);
    match quantity {
        TuckQuantity::P => Ok(Computed::Exact(p)),
        TuckQuantity::Q => Ok(Computed::Exact(q)),
        TuckQuantity::Area => claims::figure_1_area(&p, &q),
        TuckQuantity::Keep => Ok(Computed::Exact(values.keep)),
        TuckQuantity::Double => Ok(Computed::Exact(values.double)),
        TuckQuantity::Decision => Ok(Computed::Text(
            if values.should_double() {
                "double"
            } else {
                "no double"
            }
            .to_string(),
        )),
    }
}

//! The series of Dotsenko and Marynych's figures: Tuck's curves, Table 4's printed cells,
//! the approximations' errors and the cube thresholds by pip count. Computed here, from
//! `backgammon-cube`; drawn by `figures::dotsenko_marynych`.

use backgammon_cube::approximation::{RaceTableF64, largest_error};
use backgammon_cube::cube::CubeEquities;
use backgammon_cube::tuck::{double_point, redouble_point, take_point};
use game_core::number::to_f64;
use num_rational::BigRational;
use num_traits::ToPrimitive;

use crate::error::{Error, LibraryResult, Result};

/// The steps in q at which Tuck's curves are evaluated exactly; a multiple of 4, so that
/// the breakpoints 1/4, 1/2 and 3/4 are among them.
pub const CURVE_STEPS: i64 = 400;

/// One of Tuck's curves, sampled: (P(q), q) for q = 0, 1/400, …, 1.
pub type Curve = Vec<(f64, f64)>;

/// P_D, P_R and P_Q, each as (p, q) points from q = 0 up to q = 1.
pub fn curves() -> Result<[Curve; 3]> {
    let functions: [fn(&BigRational) -> Result<BigRational, _>; 3] =
        [double_point, redouble_point, take_point];
    let mut sampled = [Vec::new(), Vec::new(), Vec::new()];
    for step in 0..=CURVE_STEPS {
        let q = BigRational::new(step.into(), CURVE_STEPS.into());
        let q_f64 = q
            .to_f64()
            .ok_or_else(|| Error::NotComputable("q has no f64".to_owned()))?;
        for (curve, function) in sampled.iter_mut().zip(functions) {
            let p = function(&q).library()?;
            curve.push((
                p.to_f64()
                    .ok_or_else(|| Error::NotComputable("p has no f64".to_owned()))?,
                q_f64,
            ));
        }
    }
    Ok(sampled)
}

/// The largest lead s − k drawn (Table 4's last column).
pub const MAX_LEAD: u32 = 30;

/// One printed cell of Table 4: the pip count k, the lead s − k, the value as printed,
/// and whether it is a declared erratum (a cell the paper's simulation got wrong).
pub struct Cell {
    /// The pip count k.
    pub k: u32,
    /// The lead s − k.
    pub lead: u32,
    /// The value as printed.
    pub printed: f64,
    /// Whether the cell is a declared erratum.
    pub erratum: bool,
}

/// Table 4's printed cells, from `xtask/src/sources/dotsenko_marynych/transcription.toml`.
pub fn table_4() -> Result<Vec<Cell>> {
    crate::sources::find("dotsenko-marynych")?
        .transcription()?
        .rows
        .iter()
        .filter(|row| row.table == "4")
        .map(|row| {
            let lead = row
                .column
                .strip_prefix("s-k=")
                .and_then(|lead| lead.parse().ok())
                .ok_or_else(|| {
                    Error::NotComputable(format!("column {} is not s-k=N", row.column))
                })?;
            let printed = row
                .printed_value()?
                .ok_or_else(|| Error::NotComputable("an illegible cell".to_owned()))?;
            Ok(Cell {
                k: row.numbers_parameter("k", '+')?[0],
                lead,
                printed: to_f64(&printed),
                erratum: row.erratum.is_some(),
            })
        })
        .collect()
}

/// The largest pip count k of the approximations' figure, and the leads s − k measured
/// at each (Table 4's, 0 to 30).
pub const APPROXIMATED_PIPS: u32 = 500;

/// For k = 1, …, 500, the largest |approximation − F(k, s)| over s − k = 0, …, 30.
pub fn errors_by_pip_count(
    table: &RaceTableF64,
    approximation: fn(u32, u32) -> Result<f64, backgammon_cube::race::RaceError>,
) -> Result<Vec<(f64, f64)>> {
    (1..=APPROXIMATED_PIPS)
        .map(|k| {
            let worst = largest_error(table, approximation, k..=k, MAX_LEAD)
                .library()?
                .ok_or_else(|| Error::NotComputable("no lead".to_owned()))?;
            Ok((f64::from(k), worst.error.max(1e-6)))
        })
        .collect()
}

/// The pip counts k of the cube thresholds' figure, and the table's reach beyond them (a
/// take can stand a lag of more than half of k).
pub const CUBE_PIPS: u32 = 500;
/// The cube table's largest pip count.
pub const CUBE_TABLE: u32 = 800;

/// The three cube thresholds at A's pip count k, as leads s − k in pips: the least lead at
/// which A doubles a centred cube, the least at which he doubles his own cube, and the
/// largest at which B takes. `None` where no lead in the table gives the decision.
pub fn thresholds(equities: &CubeEquities<f64>, k: u32) -> Result<[Option<i64>; 3]> {
    let leads = || (1..=CUBE_TABLE).map(move |s| (s, i64::from(s) - i64::from(k)));
    let first = |decides: &dyn Fn(u32) -> Result<bool>| -> Result<Option<i64>> {
        for (s, lead) in leads() {
            if decides(s)? {
                return Ok(Some(lead));
            }
        }
        Ok(None)
    };
    let our = first(&|s| equities.decisions(k, s).map(|d| d.double).library())?;
    let my = first(&|s| equities.decisions(k, s).map(|d| d.redouble).library())?;
    let mut take = None;
    for (s, lead) in leads() {
        if equities.decisions(k, s).map(|d| d.take).library()? {
            take = Some(lead);
        }
    }
    Ok([our, my, take])
}

#[cfg(test)]
mod tests {
    use backgammon_cube::approximation::{lamford_gasquoine, normal};
    use backgammon_cube::race::TurnCounts;

    use super::*;

    /// The markers are Table 4's 42 cells, 29 of them errata, and every cell agreeing with
    /// the exact F to its two printed decimals is drawn as agreeing.
    #[test]
    fn table_4_is_read_with_its_errata() {
        let cells = table_4().unwrap();
        assert_eq!(cells.len(), 42);
        assert_eq!(cells.iter().filter(|cell| cell.erratum).count(), 29);
        let race = TurnCounts::new(150);
        for cell in cells.iter().filter(|cell| !cell.erratum) {
            let exact = race
                .win_probability_f64(cell.k, cell.k + cell.lead)
                .unwrap();
            assert!(
                (exact - cell.printed).abs() <= 0.005,
                "k = {}, lead {}",
                cell.k,
                cell.lead
            );
        }
    }

    /// The curves are the measurements of `docs/dotsenko-marynych.md`: the largest error
    /// for k < 40 and for 100 < k < 500 is the one its table gives for each formula.
    #[test]
    fn the_error_curves_match_the_documented_worst_cases() {
        let table = RaceTableF64::new(APPROXIMATED_PIPS + MAX_LEAD);
        let worst = |formula, range: std::ops::RangeInclusive<f64>| {
            errors_by_pip_count(&table, formula)
                .unwrap()
                .into_iter()
                .filter(|(k, _)| range.contains(k))
                .map(|(_, error)| error)
                .fold(0.0, f64::max)
        };
        assert!((worst(lamford_gasquoine, 1.0..=39.0) - 0.1775).abs() < 5e-5);
        assert!((worst(lamford_gasquoine, 101.0..=499.0) - 0.078).abs() < 5e-4);
        assert!((worst(normal, 1.0..=39.0) - 0.134).abs() < 5e-4);
        assert!((worst(normal, 101.0..=499.0) - 0.0012).abs() < 5e-5);
    }

    /// Each threshold is where its decision changes: A doubles at the threshold lead and
    /// not one pip below it, B takes at the threshold lag and not one pip beyond.
    #[test]
    fn the_thresholds_are_where_the_decisions_change() {
        let equities = CubeEquities::<f64>::new(CUBE_TABLE).unwrap();
        for k in [10, 24, 60, 150, 400] {
            let [our, my, take] = thresholds(&equities, k).unwrap();
            let s = |lead: i64| u32::try_from(i64::from(k) + lead).unwrap();
            let (our, my, take) = (our.unwrap(), my.unwrap(), take.unwrap());
            let at = |lead: i64| equities.decisions(k, s(lead)).unwrap();
            assert!(at(our).double && !at(our - 1).double);
            assert!(at(my).redouble && !at(my - 1).redouble);
            assert!(at(take).take && !at(take + 1).take);
            assert!(our <= my && my <= take, "k = {k}: {our}, {my}, {take}");
        }
    }
}

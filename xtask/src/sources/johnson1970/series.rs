//! The series of Johnson's figures: W against the split ratio A, the best strategy over
//! (E, A), W under a constant against a uniform split ratio, and the memo's printed values
//! beside them. Computed here, from `lookahead-eval` and `solitaire`; drawn by
//! `figures::johnson1970`.

use game_core::number::{fraction, to_f64};
use lookahead_eval::GameClass;
use lookahead_eval::random_ratio::{self, RatioLaw};
use lookahead_eval::value;
use num_rational::BigRational;
use solitaire::{Form, StrategyName};

use crate::error::{Error, LibraryResult, Result};
use crate::verify::transcription::TranscribedRow;

/// The strategies that look ahead, compared under the two laws of the split ratio.
pub const LOOKING: [StrategyName; 5] = [
    StrategyName::LStrat,
    StrategyName::HStrat,
    StrategyName::BStrat,
    StrategyName::TwoLStrat,
    StrategyName::TwoHStrat,
];

/// The width of the interval each TSI value is evaluated to: far below what a line shows.
pub const PRECISION: f64 = 1e-9;

/// The split ratios drawn: A = 1/2, 1/2 + 1/80, …, 79/80 (A = 1 gives the low branch
/// nothing, and the game no end in TSI).
pub const STEPS: i64 = 39;

/// W at *E* = 1/2 and split ratio `a`: exact in TSD, the midpoint of an interval of width
/// [`PRECISION`] in TSI.
pub fn win_probability(name: StrategyName, form: Form, a: &BigRational) -> Result<f64> {
    let half = fraction(1, 2).library()?;
    let (lower, upper) = win_interval(name, form, &half, a, PRECISION)?;
    Ok(0.5 * (to_f64(&lower) + to_f64(&upper)))
}

/// An interval \[lower, upper\] that holds W: of width at most `precision` in TSI (the
/// series with its tail bound), a single point in TSD (closed form or the finite linear
/// system).
pub fn win_interval(
    name: StrategyName,
    form: Form,
    e: &BigRational,
    a: &BigRational,
    precision: f64,
) -> Result<(BigRational, BigRational)> {
    let class = GameClass::new(e.clone(), a.clone()).library()?;
    value::win_interval(name, form, &class, precision).library()
}

/// (A, W) for A = 1/2, …, 79/80.
pub fn curve(name: StrategyName, form: Form) -> Result<Vec<(f64, f64)>> {
    (0..=STEPS)
        .map(|step| {
            let a = BigRational::new((40 + step).into(), 80.into());
            Ok((to_f64(&a), win_probability(name, form, &a)?))
        })
        .collect()
}

/// One printed W at E = .5: the split ratio, the value, and whether it is a declared
/// erratum.
pub struct Printed {
    /// The split ratio A.
    pub a: BigRational,
    /// The printed W.
    pub w: f64,
    /// Whether the row is a declared erratum.
    pub erratum: bool,
}

/// The memo's printed W of `name` at E = .5 in the tables `tables` (the legible ones),
/// from the rows of its transcription.
pub fn printed(
    rows: &[TranscribedRow],
    name: StrategyName,
    tables: &[&str],
) -> Result<Vec<Printed>> {
    let at_half = |row: &&TranscribedRow| {
        let e = row.parameter("E");
        tables.contains(&row.table.as_str())
            && row.column == name.as_str()
            && e.is_some_and(|e| matches!(e, "0.5" | "1/2"))
            && row
                .parameter("ratio")
                .is_none_or(|ratio| ratio == "constant")
    };
    let mut marks = Vec::new();
    for row in rows.iter().filter(at_half) {
        if let Some(w) = row.printed_value()? {
            marks.push(Printed {
                a: row.fraction_parameter("A")?,
                w: to_f64(&w),
                erratum: row.erratum.is_some(),
            });
        }
    }
    Ok(marks)
}

/// The map's grid: E = 4/20, …, 18/20 and A = 20/40, …, 38/40. Below E = .2 and above
/// A = .95 the TSI series converge slowly (seconds a point), beyond the figures' budget.
pub const MAP_E: (i64, i64, i64) = (4, 18, 20);
pub const MAP_A: (i64, i64, i64) = (20, 38, 40);

/// The best of the memo's ranked strategies at (E, A) in `form`
/// ([`value::best_strategies`]).
pub fn best_strategies(form: Form, e: &BigRational, a: &BigRational) -> Result<Vec<StrategyName>> {
    let class = GameClass::new(e.clone(), a.clone()).library()?;
    value::best_strategies(&StrategyName::RANKED, form, &class).library()
}

/// One cell of the map: (A, E) at its centre and the best strategies there.
pub type MapCell = (f64, f64, Vec<StrategyName>);

/// The map of `form`: every grid point, the rows of E shared between two threads (the
/// result does not depend on how).
pub fn map_cells(form: Form) -> Result<Vec<MapCell>> {
    let (e_from, e_to, e_over) = MAP_E;
    let rows: Vec<i64> = (e_from..=e_to).collect();
    let row = |k: i64| -> Result<Vec<MapCell>> {
        let e = BigRational::new(k.into(), e_over.into());
        let (a_from, a_to, a_over) = MAP_A;
        (a_from..=a_to)
            .map(|j| {
                let a = BigRational::new(j.into(), a_over.into());
                Ok((to_f64(&a), to_f64(&e), best_strategies(form, &e, &a)?))
            })
            .collect()
    };
    let (first, second) = rows.split_at(rows.len() / 2);
    let (first, second) = std::thread::scope(|scope| {
        let other = scope.spawn(|| second.iter().map(|&k| row(k)).collect::<Vec<_>>());
        let mine: Vec<_> = first.iter().map(|&k| row(k)).collect();
        (mine, other.join())
    });
    let second = second.map_err(|_| Error::ThreadPanicked("a map thread"))?;
    let mut cells = Vec::new();
    for row in first.into_iter().chain(second) {
        cells.extend(row?);
    }
    Ok(cells)
}

/// The memo's ranking table (after Table 4.4, TSI): the (E, A) of each row and the
/// strategy it puts first (or the first tied group), from the transcription.
pub fn printed_first_places(rows: &[TranscribedRow]) -> Result<Vec<(f64, f64, String)>> {
    rows.iter()
        .filter(|row| row.table == "4.4-ranking")
        .map(|row| {
            let e = to_f64(&row.fraction_parameter("E")?);
            let a = to_f64(&row.fraction_parameter("A")?);
            let order = row
                .published
                .as_deref()
                .ok_or_else(|| Error::NotComputable("a ranking row is blank".to_owned()))?;
            let first = order.split(" > ").next().unwrap_or(order).to_owned();
            Ok((a, e, first))
        })
        .collect()
}

/// E = 8/20, …, 18/20 for the comparison of the two laws. Below E = .4 the uniform law's
/// series converge slowly (2LSTRAT: 10 s at E = .3), beyond the figures' budget.
pub const LAW_E: (i64, i64, i64) = (8, 18, 20);

/// The width of the intervals of the two laws' curves: a thousandth of a pixel, and
/// several times cheaper than [`PRECISION`] for the uniform law.
pub const LAW_PRECISION: f64 = 1e-6;

/// W in TSI at endpoint probability `e` under `law` (its mean is 3/4 for both laws drawn),
/// the midpoint of an interval of width [`LAW_PRECISION`].
pub fn win_under_law(name: StrategyName, e: &BigRational, law: &RatioLaw) -> Result<f64> {
    let strategy = name
        .ordinal_strategy()
        .ok_or_else(|| Error::NotComputable("not ordinal".to_owned()))?;
    random_ratio::evaluate(&*strategy, Form::Independent, e.clone(), law, LAW_PRECISION)
        .map(|w| w.value())
        .library()
}

/// (E, W under the constant 3/4, W under the uniform law) for every E drawn.
pub type LawCurve = Vec<(f64, f64, f64)>;

/// The [`LawCurve`] of `name`.
pub fn law_curves(name: StrategyName) -> Result<LawCurve> {
    let constant = RatioLaw::constant(BigRational::new(3.into(), 4.into())).library()?;
    let (from, to, over) = LAW_E;
    (from..=to)
        .map(|k| {
            let e = BigRational::new(k.into(), over.into());
            Ok((
                to_f64(&e),
                win_under_law(name, &e, &constant)?,
                win_under_law(name, &e, &RatioLaw::Uniform)?,
            ))
        })
        .collect()
}

/// [`law_curves`] of every looking strategy, 2LSTRAT (the slowest, about half the work) on
/// a second thread; the curves do not depend on how the work is shared.
pub fn all_law_curves() -> Result<Vec<(StrategyName, LawCurve)>> {
    let (slowest, others) = LOOKING
        .iter()
        .partition::<Vec<_>, _>(|name| **name == StrategyName::TwoLStrat);
    let (curves, slowest) = std::thread::scope(|scope| {
        let slow = scope.spawn(|| {
            slowest
                .iter()
                .map(|&&name| Ok((name, law_curves(name)?)))
                .collect::<Result<Vec<_>>>()
        });
        let rest = others
            .iter()
            .map(|&&name| Ok((name, law_curves(name)?)))
            .collect::<Result<Vec<_>>>();
        (rest, slow.join())
    });
    let slowest = slowest.map_err(|_| Error::ThreadPanicked("a curve thread"))??;
    let mut curves = curves?;
    curves.extend(slowest);
    curves.sort_by_key(|(name, _)| LOOKING.iter().position(|looking| looking == name));
    Ok(curves)
}

/// The memo's Table 4.2 at E = 1/2: (strategy, uniform law?, estimate, standard error) for
/// each legible run that is not a declared erratum.
pub fn table_4_2(rows: &[TranscribedRow]) -> Result<Vec<(StrategyName, bool, f64, f64)>> {
    let mut runs = Vec::new();
    // A declared erratum of this table is the scan's misreading of a run (.67090 for
    // .68090): the figure shows the memo's runs, not our copy's errors.
    for row in rows
        .iter()
        .filter(|row| row.table == "4.2" && row.erratum.is_none())
    {
        let Some(w) = row.printed_value()? else {
            continue;
        };
        let name: StrategyName = row
            .column
            .parse()
            .map_err(|_| Error::NotComputable(format!("{}?", row.column)))?;
        let uniform = row.parameter("ratio") == Some("uniform");
        let w = to_f64(&w);
        let samples = row
            .paper_samples
            .ok_or_else(|| Error::NotComputable("a Table 4.2 run without its games".to_owned()))?
            as f64;
        runs.push((name, uniform, w, (w * (1.0 - w) / samples).sqrt()));
    }
    Ok(runs)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The strategies Johnson's first figure draws.
    const DRAWN: [StrategyName; 9] = [
        StrategyName::NoStrat,
        StrategyName::Strat,
        StrategyName::LStrat,
        StrategyName::HStrat,
        StrategyName::BStrat,
        StrategyName::TwoLStrat,
        StrategyName::TwoHStrat,
        StrategyName::UnlimitedLStrat,
        StrategyName::UnlimitedHStrat,
    ];

    /// Ratios uniform on [1/2, 1] help every strategy that looks, at every E drawn, and the
    /// memo's Monte Carlo runs of Table 4.2 lie within four standard errors of the exact
    /// curves at E = 1/2 (the workspace's agreement rule).
    #[test]
    fn the_uniform_law_helps_and_table_4_2_agrees() {
        let half = fraction(1, 2).unwrap();
        for name in LOOKING {
            for (e, constant, uniform) in law_curves(name).unwrap() {
                assert!(uniform > constant, "{name} at E = {e}");
            }
        }
        let rows = crate::sources::find("johnson1970")
            .unwrap()
            .transcription()
            .unwrap()
            .rows;
        let runs = table_4_2(&rows).unwrap();
        assert!(runs.len() >= 3, "only {} legible runs", runs.len());
        let constant = RatioLaw::constant(BigRational::new(3.into(), 4.into())).unwrap();
        for (name, uniform, w, error) in runs {
            let law = if uniform {
                RatioLaw::Uniform
            } else {
                constant.clone()
            };
            let exact = win_under_law(name, &half, &law).unwrap();
            assert!(
                (w - exact).abs() <= game_core::tolerance::MAX_Z_SCORE * error,
                "{name} uniform = {uniform}: {w} against {exact}"
            );
        }
    }

    /// At each row of the memo's ranking table the map's best strategy (TSI) is the one the
    /// memo ranks first, ties included.
    #[test]
    fn the_map_agrees_with_the_memos_first_places() {
        let rows = crate::sources::find("johnson1970")
            .unwrap()
            .transcription()
            .unwrap()
            .rows;
        let printed = printed_first_places(&rows).unwrap();
        assert_eq!(printed.len(), 9);
        for row in rows.iter().filter(|row| row.table == "4.4-ranking") {
            let e = row.fraction_parameter("E").unwrap();
            let a = row.fraction_parameter("A").unwrap();
            let best = best_strategies(Form::Independent, &e, &a).unwrap();
            let order = row.published.as_deref().unwrap();
            let first: Vec<&str> = order.split(" > ").next().unwrap().split(" = ").collect();
            let ours: Vec<String> = best.iter().map(|name| memo_short_name(*name)).collect();
            assert_eq!(ours, first, "E = {e}, A = {a}");
        }
    }

    /// A strategy as the ranking table abbreviates it: ∞LSTRAT as ∞L, BSTRAT as B.
    fn memo_short_name(name: StrategyName) -> String {
        name.to_string().trim_end_matches("STRAT").to_owned()
    }

    /// Every printed value the chart marks as reproduced lies on its strategy's curve, to
    /// within 10^-3 (about a pixel): the markers are the memo's numbers at the memo's
    /// (E, A), and the curves the true values there.
    #[test]
    fn the_printed_markers_lie_on_the_curves() {
        let rows = crate::sources::find("johnson1970")
            .unwrap()
            .transcription()
            .unwrap()
            .rows;
        let mut checked = 0;
        for (form, tables) in [
            (Form::Independent, &["4.1", "4.4"][..]),
            (Form::Dependent, &["text-2", "text-3"][..]),
        ] {
            for name in DRAWN {
                for mark in printed(&rows, name, tables)
                    .unwrap()
                    .iter()
                    .filter(|p| !p.erratum)
                {
                    let ours = win_probability(name, form, &mark.a).unwrap();
                    assert!(
                        (ours - mark.w).abs() < 1e-3,
                        "{name} {form:?} A = {}",
                        mark.a
                    );
                    checked += 1;
                }
            }
        }
        // 24 legible, reproduced values at E = .5 today; fewer means the filter lost some.
        assert!(checked >= 24, "only {checked} printed values");
    }
}

//! The rules of thumb players use at the table for cube decisions in races, and their
//! judgement against the exact two-sided bear-off database (beyond the paper, whose section 5
//! begins this with Lamford and Gasquoine's formula).
//!
//! Each formula turns the two positions into advice for the player on roll — double a
//! centred cube? redouble a cube he owns? — and for the opponent — take? The sources, as
//! read here (where they differ, the reading is stated):
//!
//! - **Keith count** (Tom Keith; bgonline.org/keith.html, the bkgm.com glossary): the pip
//!   count plus 2 for each checker more than one on the 1-point, plus 1 for each more than
//!   one on the 2-point, plus 1 for each more than three on the 3-point, plus 1 for each
//!   empty point among 4, 5 and 6. The player on roll adds a seventh of his count, rounded
//!   down. Double if his count exceeds the opponent's by at most 4, redouble by at most 3;
//!   the opponent takes if it exceeds his by at least 2.
//! - **Thorp count** (E. O. Thorp, popularised by B. Robertie, *Advanced Backgammon* vol. 2;
//!   as quoted by S. Woodhead, rec.games.backgammon 1991, and the FIBS glossary): the pip
//!   count plus 2 per checker on the board, plus 1 per checker on the 1-point, minus 1 per
//!   occupied home point; the player on roll multiplies his count by 1.1 when it exceeds 30
//!   (exactly, as C. Bower suggests, rather than rounding). Double if his count exceeds the
//!   opponent's by at most 2, redouble by at most 1; the opponent takes if his count exceeds
//!   the doubler's by at most 2. (Woodhead's wording makes the double strict at 2; the others
//!   do not.)
//! - **8-9-12** (the percentage rule, as quoted by Woodhead): with the player on roll's pip
//!   count L and his lead D = opponent's − L, double if D ≥ 8% of L, redouble if D ≥ 9%, and
//!   the opponent takes if D ≤ 12%.
//! - **Kleinman count** (D. Kleinman; the equations as given by Ø. Johansen,
//!   rec.games.backgammon 2001, the small-K one Bower's): with D = the opponent's pip count
//!   − the player on roll's + 4 and S = their sum − 4, K = D²/S when D > 0; the player on
//!   roll's winning chance is 0.76 + 0.114 ln K for K > 1 and 0.5 + 0.267 √K below (and,
//!   by symmetry, one minus the opponent's when D ≤ 0). The key values read as rules: double
//!   from K = 0.5, redouble from 0.7, take up to 1.2 (the "borderline take/drop").
//! - **Effective pip count** (W. Trice, *Backgammon Boot Camp*, 2004; as summarised in the
//!   bkgm.com archive "Cube Handling in Races", 2011): EPC = 49/6 × E N, the one-sided
//!   database's mean rolls times the average pips of a roll (gnubg's definition). With
//!   n = the player on roll's EPC / 7, the opponent's point of last take is a deficit of
//!   n − 3 effective pips; the player on roll doubles from 2 pips short of it and redoubles
//!   from 1 short. (We take n unrounded; the summaries round to "about".)
//! - **Janowski's formula** (R. Janowski, "Take-points in money games", 1993; as gnubg's
//!   `Cl2CfMoney` implements it): the cubeful equity is (1 − x) × the dead-cube equity
//!   2P − 1 plus x × the live-cube equity, which without gammons runs linearly between the
//!   take point 1/5 (−1) and the cash point 4/5 (+1) for a centred cube, from 0 (−1) to the
//!   cash point for an owned one, and from the take point to 1 (+1) for the opponent's.
//!   x is the cube life: 0.6, gnubg's value for bear-off positions (`rOSCubeX`). Fed the
//!   exact cubeless P of the two-sided database, it judges the cube model alone.
//! - **The paper's approximations** (section 5, [`crate::approximation`]): the
//!   Lamford–Gasquoine formula and the normal approximation estimate P from the two pip
//!   counts; their cube advice is Janowski's formula fed that estimate.
//!
//! [`judging`] compares each formula's decisions with the exact ones of
//! [`TwoSidedDatabase`](crate::two_sided::TwoSidedDatabase) over every pair of positions,
//! and measures the equity the formula's follower gives away; [`tables`] does it for every
//! formula over a whole database, in memory or a gnubg file, as the tables the docs print.

pub mod judging;
pub mod tables;

pub use judging::{ChanceDeviations, DecisionRecord, Judgement, judge, judge_file};

use game_core::number::Real;
use thiserror::Error;

use crate::approximation::{lamford_gasquoine, normal};
use crate::bearoff::BearoffPosition;
use crate::cube::CubeDecisions;
use crate::two_sided::Equities;

/// The cube life x that gnubg gives bear-off positions (`rOSCubeX`), used by the formulas
/// that go through Janowski's cubeful equities.
pub const BEAROFF_CUBE_LIFE: f64 = 0.6;

/// Bad input to a race formula.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RaceFormulaError {
    /// A winning chance outside [0, 1].
    #[error("a winning chance must lie in [0, 1]")]
    ChanceOutsideUnitInterval,
    /// A cube life x outside [0, 1].
    #[error("the cube life x must lie in [0, 1]")]
    CubeLifeOutsideUnitInterval,
}

/// A rule of thumb for race cube decisions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RaceFormula {
    /// Tom Keith's count.
    Keith,
    /// Edward Thorp's count.
    Thorp,
    /// The 8-9-12 percentage rule.
    EightNineTwelve,
    /// Danny Kleinman's count.
    Kleinman,
    /// Walter Trice's rule on effective pip counts.
    EffectivePipCount,
    /// Janowski's cubeful equities from the exact cubeless chance.
    Janowski,
    /// The Lamford–Gasquoine chance, through Janowski's equities.
    LamfordGasquoine,
    /// The normal approximation's chance, through Janowski's equities.
    NormalApproximation,
}

impl RaceFormula {
    /// Every formula, in the order of the docs' table.
    pub const ALL: [RaceFormula; 8] = [
        RaceFormula::Keith,
        RaceFormula::Thorp,
        RaceFormula::EightNineTwelve,
        RaceFormula::Kleinman,
        RaceFormula::EffectivePipCount,
        RaceFormula::Janowski,
        RaceFormula::LamfordGasquoine,
        RaceFormula::NormalApproximation,
    ];

    /// The formula's name.
    pub fn name(self) -> &'static str {
        match self {
            RaceFormula::Keith => "Keith count",
            RaceFormula::Thorp => "Thorp count",
            RaceFormula::EightNineTwelve => "8-9-12 rule",
            RaceFormula::Kleinman => "Kleinman count",
            RaceFormula::EffectivePipCount => "effective pip count",
            RaceFormula::Janowski => "Janowski, exact P",
            RaceFormula::LamfordGasquoine => "Lamford-Gasquoine",
            RaceFormula::NormalApproximation => "normal approximation",
        }
    }

    /// Whether the formula's advice and winning chance depend on the two pip counts alone
    /// (8-9-12, Kleinman's count, the paper's approximations): then they are the same for
    /// every pair of the same pip counts, and a judge over billions of pairs computes them
    /// once per pair of pip counts.
    pub fn reads_only_pip_counts(self) -> bool {
        matches!(
            self,
            RaceFormula::EightNineTwelve
                | RaceFormula::Kleinman
                | RaceFormula::LamfordGasquoine
                | RaceFormula::NormalApproximation
        )
    }

    /// The formula's advice for the pair: the counts look at the positions alone, the
    /// effective pip count at the mean rolls, Janowski's formula at the exact chance.
    pub fn advice(self, pair: &RacePair) -> CubeDecisions {
        let (on_roll, opponent) = (&pair.on_roll, &pair.opponent);
        match self {
            RaceFormula::Keith => {
                let (ours, theirs) = (keith_count(on_roll), keith_count(opponent));
                let excess = i64::from(ours + ours / 7) - i64::from(theirs);
                CubeDecisions {
                    double: excess <= 4,
                    redouble: excess <= 3,
                    take: excess >= 2,
                }
            }
            RaceFormula::Thorp => {
                // In tenths, so that the factor 1.1 stays exact.
                let ours = i64::from(thorp_count(on_roll));
                let ours = if ours > 30 { 11 * ours } else { 10 * ours };
                let theirs = 10 * i64::from(thorp_count(opponent));
                CubeDecisions {
                    double: ours - theirs <= 20,
                    redouble: ours - theirs <= 10,
                    take: theirs - ours <= 20,
                }
            }
            RaceFormula::EightNineTwelve => {
                let ours = i64::from(on_roll.pip_count());
                // The lead D against percentages of L, in whole numbers: 100·D ≥ 8·L, …
                let lead = 100 * (i64::from(opponent.pip_count()) - ours);
                CubeDecisions {
                    double: lead >= 8 * ours,
                    redouble: lead >= 9 * ours,
                    take: lead <= 12 * ours,
                }
            }
            RaceFormula::Kleinman => match kleinman_count(on_roll, opponent) {
                Some(k) => CubeDecisions {
                    double: k >= 0.5,
                    redouble: k >= 0.7,
                    take: k <= 1.2,
                },
                None => CubeDecisions::BEHIND,
            },
            RaceFormula::EffectivePipCount => {
                let [ours, theirs] = pair.mean_rolls.map(effective_pip_count);
                let last_take = ours / 7.0 - 3.0;
                let deficit = theirs - ours;
                CubeDecisions {
                    double: deficit >= last_take - 2.0,
                    redouble: deficit >= last_take - 1.0,
                    take: deficit <= last_take,
                }
            }
            RaceFormula::Janowski => janowski_advice(pair.cubeless_win),
            RaceFormula::LamfordGasquoine | RaceFormula::NormalApproximation => self
                .winning_chance(pair)
                .map_or(CubeDecisions::BEHIND, janowski_advice),
        }
    }

    /// The formula's estimate of the player on roll's cubeless winning chance, for the
    /// formulas that give one (Kleinman's and the paper's approximations, from the two pip
    /// counts k and s); `None` for the others, and where the Lamford–Gasquoine formula is
    /// undefined (k + 7(s − k) + 25 ≤ 0: the player on roll far behind).
    pub fn winning_chance(self, pair: &RacePair) -> Option<f64> {
        let (k, s) = (pair.on_roll.pip_count(), pair.opponent.pip_count());
        match self {
            RaceFormula::Kleinman => Some(kleinman_winning_chance(&pair.on_roll, &pair.opponent)),
            RaceFormula::LamfordGasquoine => lamford_gasquoine(k, s).ok(),
            RaceFormula::NormalApproximation => normal(k, s).ok(),
            _ => None,
        }
    }
}

/// One pair of positions, with what the exact databases know of it: what a formula may
/// look at.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RacePair {
    /// The player on roll's position.
    pub on_roll: BearoffPosition,
    /// The opponent's position.
    pub opponent: BearoffPosition,
    /// E N, the mean rolls to bear off of the player on roll and of the opponent (the
    /// one-sided database).
    pub mean_rolls: [f64; 2],
    /// P, the player on roll's exact cubeless chance of winning (the two-sided database).
    pub cubeless_win: f64,
}

/// The effective pip count 49/6 × E N of a position that needs E N rolls on average.
///
/// ```
/// use backgammon_cube::race_formulas::effective_pip_count;
/// assert_eq!(effective_pip_count(6.0), 49.0);
/// ```
pub fn effective_pip_count(mean_rolls: f64) -> f64 {
    mean_rolls * 49.0 / 6.0
}

/// Janowski's cubeful money equities without gammons (see the module documentation) for a
/// player on roll with cubeless chance `p` and cube life `x`, before his cube decision:
/// (1 − x)(2p − 1) + x × the live-cube equity, with the cube centred, owned by him and owned
/// by the opponent. At x = 0 all three are the dead-cube 2p − 1; at x = 1 the take point is
/// the live cube's 1/5, and in general the opponent takes up to Janowski's
/// p = (3 + x)/(4 + x).
///
/// ```
/// use backgammon_cube::race_formulas::janowski_equities;
/// // A live cube (x = 1) at p = 1/2: centred 0, owned 1/4, the opponent's −1/4.
/// let equities = janowski_equities(0.5, 1.0)?;
/// for (value, exact) in [(equities.centred, 0.0), (equities.owned, 0.25), (equities.opponent_owns, -0.25)] {
///     assert!((value - exact).abs() < 1e-15);
/// }
/// # Ok::<(), backgammon_cube::race_formulas::RaceFormulaError>(())
/// ```
///
/// # Errors
///
/// [`RaceFormulaError`] when `p` or `x` lies outside [0, 1].
pub fn janowski_equities<T: Real>(p: T, x: T) -> Result<Equities<T>, RaceFormulaError> {
    let unit = |value: &T| T::zero() <= *value && *value <= T::one();
    if !unit(&p) {
        return Err(RaceFormulaError::ChanceOutsideUnitInterval);
    }
    if !unit(&x) {
        return Err(RaceFormulaError::CubeLifeOutsideUnitInterval);
    }
    let fraction = |n: i64, d: i64| T::from_i64(n) / T::from_i64(d);
    let (take_point, cash_point) = (fraction(1, 5), fraction(4, 5));
    let one = T::one();
    // The line through (from, −1) and (to, +1), held at ±1 outside it.
    let live = |from: T, to: T| {
        if p <= from {
            -one.clone()
        } else if p >= to {
            one.clone()
        } else {
            fraction(2, 1) * (p.clone() - from.clone()) / (to - from) - one.clone()
        }
    };
    let dead = fraction(2, 1) * p.clone() - one.clone();
    let blend = |live: T| (one.clone() - x.clone()) * dead.clone() + x.clone() * live;
    Ok(Equities {
        centred: blend(live(take_point.clone(), cash_point.clone())),
        owned: blend(live(T::zero(), cash_point)),
        opponent_owns: blend(live(take_point, one.clone())),
        win: p.clone(),
    })
}

/// Janowski's advice at cubeless chance `p` and gnubg's bear-off cube life.
fn janowski_advice(p: f64) -> CubeDecisions {
    let equities = janowski_equities(p.clamp(0.0, 1.0), BEAROFF_CUBE_LIFE)
        .expect("a clamped chance and a cube life in [0, 1]");
    equities.decisions()
}

/// Kleinman's K for the player on roll, `None` when he is not ahead after the 4 pips his
/// roll is worth (D ≤ 0), or the sum S is not positive.
pub fn kleinman_count(on_roll: &BearoffPosition, opponent: &BearoffPosition) -> Option<f64> {
    let (ours, theirs) = (
        f64::from(on_roll.pip_count()),
        f64::from(opponent.pip_count()),
    );
    let (d, s) = (theirs - ours + 4.0, theirs + ours - 4.0);
    (d > 0.0 && s > 0.0).then(|| d * d / s)
}

/// Kleinman's winning chance for the player on roll (Johansen's and Bower's equations):
/// 0.76 + 0.114 ln K above K = 1, 0.5 + 0.267 √K below; when the player on roll is behind
/// (D < 0) the mirror image, 0.5 − 0.267 √K or 0.24 − 0.114 ln K with K = D²/S; 1/2 at
/// D = 0. Clamped to [0, 1].
///
/// ```
/// use backgammon_cube::bearoff::BearoffPosition;
/// use backgammon_cube::race_formulas::kleinman_winning_chance;
/// // 20 against 23 pips: D = 7, S = 39, K = 49/39, W = 0.76 + 0.114 ln(49/39) = 0.786.
/// let on_roll = BearoffPosition::from_points(&[6, 6, 6, 2])?;
/// let opponent = BearoffPosition::from_points(&[6, 6, 6, 5])?;
/// assert!((kleinman_winning_chance(&on_roll, &opponent) - 0.786).abs() < 5e-4);
/// # Ok::<(), backgammon_cube::bearoff::BearoffError>(())
/// ```
pub fn kleinman_winning_chance(on_roll: &BearoffPosition, opponent: &BearoffPosition) -> f64 {
    let (ours, theirs) = (
        f64::from(on_roll.pip_count()),
        f64::from(opponent.pip_count()),
    );
    let (d, s) = (theirs - ours + 4.0, theirs + ours - 4.0);
    if s <= 0.0 || d == 0.0 {
        return 0.5;
    }
    let k = d * d / s;
    let ahead = if k > 1.0 {
        0.76 + 0.114 * k.ln()
    } else {
        0.5 + 0.267 * k.sqrt()
    };
    let chance = if d > 0.0 { ahead } else { 1.0 - ahead };
    chance.clamp(0.0, 1.0)
}

/// Tom Keith's count of a position (before the player on roll's seventh).
///
/// ```
/// use backgammon_cube::bearoff::BearoffPosition;
/// use backgammon_cube::race_formulas::keith_count;
/// // Three on the 1-point (+4), nothing on 4, 5, 6 (+3): 3 pips + 7.
/// let position = BearoffPosition::from_points(&[1, 1, 1])?;
/// assert_eq!(keith_count(&position), 10);
/// # Ok::<(), backgammon_cube::bearoff::BearoffError>(())
/// ```
pub fn keith_count(position: &BearoffPosition) -> u32 {
    let on = |point| u32::from(position.on(point));
    let empty_high = (4..=6).filter(|&point| on(point) == 0).count() as u32;
    position.pip_count()
        + 2 * on(1).saturating_sub(1)
        + on(2).saturating_sub(1)
        + on(3).saturating_sub(3)
        + empty_high
}

/// Edward Thorp's count of a position (before the player on roll's 10%).
///
/// ```
/// use backgammon_cube::bearoff::BearoffPosition;
/// use backgammon_cube::race_formulas::thorp_count;
/// // 3 pips + 2 × 3 checkers + 3 on the 1-point − 1 occupied point.
/// let position = BearoffPosition::from_points(&[1, 1, 1])?;
/// assert_eq!(thorp_count(&position), 11);
/// # Ok::<(), backgammon_cube::bearoff::BearoffError>(())
/// ```
pub fn thorp_count(position: &BearoffPosition) -> u32 {
    let on = |point| u32::from(position.on(point));
    let checkers: u32 = (1..=6).map(on).sum();
    let occupied = (1..=6).filter(|&point| on(point) > 0).count() as u32;
    (position.pip_count() + 2 * checkers + on(1)).saturating_sub(occupied)
}

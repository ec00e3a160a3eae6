//! Approximations to the race chance F(k, s) (section 5) and their errors.
//!
//! Both printed formulas are damaged in the scan. The Lamford–Gasquoine least-squares
//! formula is read as F ≈ 0.5 + (9 + k/100 + 4(s − k)) / (k + 7(s − k) + 25), capped at 1.
//! The normal approximation of Ross et al. is missing from the scan except its footnote
//! ("an additional summand 0.5 in the numerator ... continuity correction"); it is rebuilt
//! from the renewal central limit theorem the text cites: N(m) is about normal with mean
//! m/μ and variance σ²m/μ³, A wins when N_B(s) − N_A(k) ≥ 0, and with the continuity
//! correction F ≈ Φ((s − k + μ/2) / (σ √((k + s)/μ))). `docs/dotsenko-marynych.md` records
//! the readings and how well they fit.

use num_traits::ToPrimitive;

use crate::dice::{mean_pips, pip_distribution, variance_pips};
use crate::race::{RaceError, check_pip_counts};

/// The Lamford–Gasquoine formula as read (see the module documentation), clamped to [0, 1].
///
/// ```
/// use backgammon_cube::approximation::lamford_gasquoine;
/// // 0.5 + (9 + 20/100) / (20 + 25)
/// assert!((lamford_gasquoine(20, 20)? - (0.5 + 9.2 / 45.0)).abs() < 1e-15);
/// # Ok::<(), backgammon_cube::race::RaceError>(())
/// ```
///
/// # Errors
///
/// [`RaceError::ZeroPipCount`]; [`RaceError::OutsideFormula`] when k + 7(s − k) + 25 ≤ 0.
pub fn lamford_gasquoine(k: u32, s: u32) -> Result<f64, RaceError> {
    check_pip_counts(k, s, u32::MAX)?;
    let (pips, lead) = (f64::from(k), f64::from(s) - f64::from(k));
    let denominator = pips + 7.0 * lead + 25.0;
    if denominator <= 0.0 {
        return Err(RaceError::OutsideFormula { k, s });
    }
    Ok((0.5 + (9.0 + pips / 100.0 + 4.0 * lead) / denominator).clamp(0.0, 1.0))
}

/// The normal approximation with continuity correction (see the module documentation):
/// F(k, s) ≈ Φ((s − k + μ/2) / (σ √((k + s)/μ))), μ = 8 1/6 and σ² the pips per roll's
/// mean and variance (equation (1)).
///
/// ```
/// use backgammon_cube::approximation::normal;
/// // Level pip counts: the player on roll is ahead by half a roll.
/// assert!(normal(100, 100)? > 0.5);
/// # Ok::<(), backgammon_cube::race::RaceError>(())
/// ```
///
/// # Errors
///
/// [`RaceError::ZeroPipCount`].
pub fn normal(k: u32, s: u32) -> Result<f64, RaceError> {
    check_pip_counts(k, s, u32::MAX)?;
    let mu = mean_pips().to_f64().unwrap_or(f64::NAN);
    let sigma = variance_pips().to_f64().unwrap_or(f64::NAN).sqrt();
    let spread = sigma * ((f64::from(k) + f64::from(s)) / mu).sqrt();
    Ok(standard_normal_cdf(
        (f64::from(s) - f64::from(k) + mu / 2.0) / spread,
    ))
}

/// Φ, the standard normal distribution function, by the complementary error function of
/// `libm` (a port of FreeBSD's msun, accurate to about one unit in the last place), so that
/// the approximation errors measured with it are the approximations' own.
pub fn standard_normal_cdf(z: f64) -> f64 {
    0.5 * libm::erfc(-z / std::f64::consts::SQRT_2)
}

/// F(k, s) in floating point for all k, s up to a maximum, by recursion (5) in `f64` — for
/// measuring the approximations over hundreds of pips, where the exact fractions of
/// [`crate::race::TurnCounts`] are slow. It agrees with them to about 1e-15.
#[derive(Debug, Clone)]
pub struct RaceTableF64 {
    turns: Vec<Vec<f64>>,
}

impl RaceTableF64 {
    /// p(m) for m = 0, …, `max_pips`.
    pub fn new(max_pips: u32) -> Self {
        let rolls: Vec<(usize, f64)> = pip_distribution()
            .iter()
            .map(|(&pips, p)| (pips as usize, p.to_f64().unwrap_or(f64::NAN)))
            .collect();
        let mut turns: Vec<Vec<f64>> = vec![vec![1.0]];
        for m in 1..=max_pips as usize {
            let mut next = vec![0.0];
            for &(step, weight) in &rolls {
                for (j, p) in turns[m.saturating_sub(step)].iter().enumerate() {
                    if next.len() <= j + 1 {
                        next.resize(j + 2, 0.0);
                    }
                    next[j + 1] += p * weight;
                }
            }
            turns.push(next);
        }
        RaceTableF64 { turns }
    }

    /// The largest pip count in the table.
    pub fn max_pips(&self) -> u32 {
        (self.turns.len() - 1) as u32
    }

    /// F(k, s), the player on roll winning ties (equation (4)).
    ///
    /// # Errors
    ///
    /// [`RaceError::ZeroPipCount`], [`RaceError::BeyondTable`].
    pub fn win_probability(&self, k: u32, s: u32) -> Result<f64, RaceError> {
        check_pip_counts(k, s, self.max_pips())?;
        let (a, b) = (&self.turns[k as usize], &self.turns[s as usize]);
        let mut at_most = 0.0;
        let mut total = 0.0;
        for j in 0..a.len().max(b.len()) {
            at_most += a.get(j).copied().unwrap_or(0.0);
            total += b.get(j).copied().unwrap_or(0.0) * at_most;
        }
        // Rounding can push a certain win (k ≤ 3) a few ulps above 1.
        Ok(total.min(1.0))
    }
}

/// Where an approximation is furthest from F.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WorstCase {
    /// |approximation − F(k, s)|.
    pub error: f64,
    /// The pip count of the player on roll.
    pub k: u32,
    /// The opponent's pip count.
    pub s: u32,
}

/// The largest absolute error of `approximation` against F over k in `ks` and leads
/// s − k in 0..=`max_lead`; `None` for an empty range of k.
///
/// # Errors
///
/// The first error of the table or the approximation, such as [`RaceError::BeyondTable`]
/// when k + `max_lead` exceeds the table.
pub fn largest_error(
    table: &RaceTableF64,
    approximation: impl Fn(u32, u32) -> Result<f64, RaceError>,
    ks: std::ops::RangeInclusive<u32>,
    max_lead: u32,
) -> Result<Option<WorstCase>, RaceError> {
    let mut worst: Option<WorstCase> = None;
    for k in ks {
        for s in k..=k.saturating_add(max_lead) {
            let error = (approximation(k, s)? - table.win_probability(k, s)?).abs();
            if worst.is_none_or(|w| error > w.error) {
                worst = Some(WorstCase { error, k, s });
            }
        }
    }
    Ok(worst)
}

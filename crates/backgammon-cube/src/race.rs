//! The single-checker race (section 5): each player rolls and subtracts the pips from a pip
//! count; the first to reach zero wins.
//!
//! N(m), the number of turns a player needs to roll at least m pips, has the distribution
//! p(m) = (p_0(m), p_1(m), …) with p(0) = (1, 0, …) and p(m) = Sh(Σ_j π_j p((m − j)⁺))
//! (recursion (5)), π the pips per roll (Table 1) and Sh the shift by one turn. The player on
//! roll with pip count k wins against pip count s when N_A(k) ≤ N_B(s) — moving first, A
//! wins ties — so F(k, s) = Σ_j p_j(s) P{N_A(k) ≤ j} (equation (4), whose "<" in the scanned
//! text cannot be strict: with it, F(k, k) would fall below 1/2 for the player on roll).

use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};

use crate::dice::pip_distribution;

/// A pip count of zero or one a race cannot use.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RaceError {
    /// A race needs positive pip counts.
    #[error("pip count {0} must be positive")]
    ZeroPipCount(u32),
    /// The table was built for smaller pip counts.
    #[error("pip count {count} is beyond the table's {max}")]
    BeyondTable {
        /// The pip count asked for.
        count: u32,
        /// The largest in the table.
        max: u32,
    },
}

/// The turn-count distributions p(m) for all m ≤ a maximum, as exact counts: p_j(m) is
/// `counts[m][j]` / 36^j.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnCounts {
    counts: Vec<Vec<BigUint>>,
}

impl TurnCounts {
    /// p(m) for m = 0, …, `max_pips`, by recursion (5) in integers: 36^j·p_j(m) is the number
    /// of sequences of j rolls (of 36 each) that first reach m pips at the j-th.
    pub fn new(max_pips: u32) -> TurnCounts {
        let pips: Vec<(usize, u32)> = pip_distribution()
            .iter()
            .map(|(&pips, p)| (pips as usize, *p.numer() * (36 / *p.denom())))
            .collect();
        let mut counts: Vec<Vec<BigUint>> = vec![vec![BigUint::from(1u32)]];
        for m in 1..=max_pips as usize {
            let mut next: Vec<BigUint> = vec![BigUint::zero()];
            for &(step, weight) in &pips {
                let before = &counts[m.saturating_sub(step)];
                for (j, count) in before.iter().enumerate() {
                    if next.len() <= j + 1 {
                        next.resize(j + 2, BigUint::zero());
                    }
                    next[j + 1] += count * weight;
                }
            }
            counts.push(next);
        }
        TurnCounts { counts }
    }

    /// The largest pip count in the table.
    pub fn max_pips(&self) -> u32 {
        (self.counts.len() - 1) as u32
    }

    /// P{N(m) = j}, exactly.
    pub fn probability(&self, m: u32, turns: usize) -> BigRational {
        let count = self.counts[m as usize]
            .get(turns)
            .cloned()
            .unwrap_or_default();
        BigRational::new(count.into(), BigUint::from(36u32).pow(turns as u32).into())
    }

    /// F(k, s): the chance that the player on roll with pip count k wins against pip count
    /// s, exactly (equation (4)).
    ///
    /// # Errors
    ///
    /// [`RaceError::ZeroPipCount`], [`RaceError::BeyondTable`].
    pub fn win_probability(&self, k: u32, s: u32) -> Result<BigRational, RaceError> {
        for count in [k, s] {
            if count == 0 {
                return Err(RaceError::ZeroPipCount(count));
            }
            if count > self.max_pips() {
                return Err(RaceError::BeyondTable {
                    count,
                    max: self.max_pips(),
                });
            }
        }
        let mut at_most = BigRational::zero();
        let mut total = BigRational::zero();
        let turns = self.counts[s as usize]
            .len()
            .max(self.counts[k as usize].len());
        for j in 0..turns {
            at_most += self.probability(k, j);
            total += self.probability(s, j) * at_most.clone();
        }
        Ok(total)
    }

    /// F(k, s) in `f64` (the nearest double to the exact value).
    ///
    /// # Errors
    ///
    /// As [`TurnCounts::win_probability`].
    pub fn win_probability_f64(&self, k: u32, s: u32) -> Result<f64, RaceError> {
        Ok(self.win_probability(k, s)?.to_f64().unwrap_or(f64::NAN))
    }
}

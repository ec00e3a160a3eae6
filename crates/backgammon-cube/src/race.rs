//! The single-checker race (section 5): each player rolls and subtracts the pips from a pip
//! count; the first to reach zero wins.
//!
//! N(m), the number of turns a player needs to roll at least m pips, has the distribution
//! p(m) = (p_0(m), p_1(m), …) with p(0) = (1, 0, …) and p(m) = Sh(Σ_j π_j p((m − j)⁺))
//! (recursion (5)), π the pips per roll (Table 1) and Sh the shift by one turn. The player on
//! roll with pip count k wins against pip count s when N_A(k) ≤ N_B(s) — moving first, A
//! wins ties — so F(k, s) = Σ_j p_j(s) P{N_A(k) ≤ j} (equation (4), whose "<" in the scanned
//! text cannot be strict: with it, F(k, k) would fall below 1/2 for the player on roll).

use game_core::stop::checkpoint;
use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};

use crate::dice::pip_distribution;

/// A pip count a race, or an approximation to it, cannot use.
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
    /// The Lamford–Gasquoine formula's denominator k + 7(s − k) + 25 is not positive: the
    /// player on roll is too far behind for the formula to mean anything.
    #[error("the Lamford-Gasquoine formula is undefined at k = {k}, s = {s}")]
    OutsideFormula {
        /// The pip count of the player on roll.
        k: u32,
        /// The opponent's pip count.
        s: u32,
    },
}

/// Both pip counts positive and at most `max`.
pub(crate) fn check_pip_counts(k: u32, s: u32, max: u32) -> Result<(), RaceError> {
    for count in [k, s] {
        if count == 0 {
            return Err(RaceError::ZeroPipCount(count));
        }
        if count > max {
            return Err(RaceError::BeyondTable { count, max });
        }
    }
    Ok(())
}

/// `numerator` / 36^`exponent` in lowest terms. The denominator's only primes are 2 and 3,
/// so stripping their common powers reduces the fraction without a general gcd (which,
/// on numbers of hundreds of bits, dominated the cost of F).
fn over_power_of_36(numerator: BigUint, exponent: u32) -> BigRational {
    if numerator.is_zero() {
        return BigRational::zero();
    }
    let mut numerator = numerator;
    let limit = u64::from(2 * exponent);
    let twos = numerator.trailing_zeros().unwrap_or(0).min(limit);
    numerator >>= twos;
    let three = BigUint::from(3u32);
    let mut threes = 0;
    while threes < limit && (&numerator % &three).is_zero() {
        numerator /= &three;
        threes += 1;
    }
    let denominator = (BigUint::one() << (limit - twos)) * three.pow((limit - threes) as u32);
    BigRational::new_raw(numerator.into(), denominator.into())
}

/// The turn-count distributions p(m) for all m ≤ a maximum, as exact counts: p_j(m) is
/// `counts[m][j]` / 36^j.
///
/// For F(k, s) the counts are also kept over the common denominator 36^J (J the most turns
/// any count needs): `scaled[m][j]` = 36^J·p_j(m) and `at_most[m][j]` = 36^J·P{N(m) ≤ j}, so
/// that F is one dot product of integers over 36^(2J) — one fraction per F, not one per term.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnCounts {
    counts: Vec<Vec<BigUint>>,
    scaled: Vec<Vec<BigUint>>,
    at_most: Vec<Vec<BigUint>>,
    turns: usize,
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
            checkpoint();
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
        let turns = counts.iter().map(Vec::len).max().unwrap_or(1);
        let powers: Vec<BigUint> = (0..turns)
            .map(|j| BigUint::from(36u32).pow((turns - 1 - j) as u32))
            .collect();
        let scaled: Vec<Vec<BigUint>> = counts
            .iter()
            .map(|row| {
                (0..turns)
                    .map(|j| row.get(j).map_or_else(BigUint::zero, |c| c * &powers[j]))
                    .collect()
            })
            .collect();
        let at_most = scaled
            .iter()
            .map(|row| {
                row.iter()
                    .scan(BigUint::zero(), |sum, x| {
                        *sum += x;
                        Some(sum.clone())
                    })
                    .collect()
            })
            .collect();
        TurnCounts {
            counts,
            scaled,
            at_most,
            turns,
        }
    }

    /// The largest pip count in the table.
    pub fn max_pips(&self) -> u32 {
        (self.counts.len() - 1) as u32
    }

    /// P{N(m) = j}, exactly (m = 0 is allowed: N(0) = 0).
    ///
    /// # Errors
    ///
    /// [`RaceError::BeyondTable`] for m beyond the table.
    pub fn probability(&self, m: u32, turns: usize) -> Result<BigRational, RaceError> {
        let max = self.max_pips();
        let counts = self
            .counts
            .get(m as usize)
            .ok_or(RaceError::BeyondTable { count: m, max })?;
        Ok(match counts.get(turns) {
            Some(count) => BigRational::new(
                count.clone().into(),
                BigUint::from(36u32).pow(turns as u32).into(),
            ),
            None => BigRational::zero(),
        })
    }

    /// F(k, s): the chance that the player on roll with pip count k wins against pip count
    /// s, exactly (equation (4)).
    ///
    /// # Errors
    ///
    /// [`RaceError::ZeroPipCount`], [`RaceError::BeyondTable`].
    pub fn win_probability(&self, k: u32, s: u32) -> Result<BigRational, RaceError> {
        check_pip_counts(k, s, self.max_pips())?;
        let numerator: BigUint = self.scaled[s as usize]
            .iter()
            .zip(&self.at_most[k as usize])
            .map(|(p, at_most)| p * at_most)
            .sum();
        Ok(over_power_of_36(numerator, 2 * (self.turns - 1) as u32))
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

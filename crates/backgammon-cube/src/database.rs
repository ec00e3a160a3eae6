//! The one-sided bear-off database: for every position of up to 15 checkers on the six
//! home points (54,264 of them, the empty board included), the exact distribution of the
//! number of rolls needed to bear off, playing every roll to minimise the expected number
//! of rolls.
//!
//! Beyond the paper, which bears off one and two checkers (Tables 2, 3); this is the
//! standard tool of race evaluation (GNU Backgammon keeps a one-sided database of the same
//! kind, in floating point).
//!
//! P{N = j} is kept as an integer count of roll sequences over 36^j, so every probability
//! and expectation is exact. The best play for a roll minimises the expected number of rolls
//! E N; several plays can tie exactly (possibly with different distributions), and then
//! the play leading to the position first in the order of checker counts (on point 1,
//! then point 2, …) is taken, so the database is deterministic. Plays are compared in `f64` and, when within 1e-9 of each other, exactly.

use std::cmp::Ordering;

use game_core::stop::Carried;
use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};
use rayon::prelude::*;

use crate::bearoff::{BearoffError, BearoffPosition, MAX_CHECKERS};
use crate::dice::{Roll, distinct_rolls};

/// C(n + r, r), the number of ways to put at most n ≤ 15 checkers on r ≤ 6 points, by
/// Pascal's rule.
const AT_MOST: [[usize; 7]; 16] = {
    let mut table = [[1usize; 7]; 16];
    let mut n = 1;
    while n < 16 {
        let mut r = 1;
        while r < 7 {
            table[n][r] = table[n - 1][r] + table[n][r - 1];
            r += 1;
        }
        n += 1;
    }
    table
};

/// The position's index among those with at most `max_checkers` checkers, in the
/// lexicographic order of (checkers on 1, …, checkers on 6); `None` when it has more.
pub(crate) fn rank(position: &BearoffPosition, max_checkers: u32) -> Option<usize> {
    let mut left = max_checkers as usize;
    let mut index = 0;
    for point in 1..=6u32 {
        let here = usize::from(position.on(point));
        if here > left {
            return None;
        }
        index += SKIPPED[left][here][6 - point as usize];
        left -= here;
    }
    Some(index)
}

/// `SKIPPED[left][here][r]` = Σ over v < here of C(left − v + r, r): the positions that put
/// fewer than `here` of `left` checkers on a point with `r` points after it, which [`rank`]
/// skips. A table, because ranking is on the database's hot path.
const SKIPPED: [[[usize; 7]; 16]; 16] = {
    let mut table = [[[0usize; 7]; 16]; 16];
    let mut left = 0;
    while left < 16 {
        let mut here = 1;
        while here <= left {
            let mut r = 0;
            while r < 7 {
                table[left][here][r] = table[left][here - 1][r] + AT_MOST[left - (here - 1)][r];
                r += 1;
            }
            here += 1;
        }
        left += 1;
    }
    table
};

/// Every position with at most `max_checkers` checkers, in [`rank`] order.
pub(crate) fn all_positions(max_checkers: u32) -> Vec<BearoffPosition> {
    let mut positions = vec![Vec::new()];
    for _ in 1..=6 {
        positions = positions
            .into_iter()
            .flat_map(|prefix: Vec<u32>| {
                let used: u32 = prefix.iter().sum();
                (0..=max_checkers - used).map(move |c| {
                    let mut next = prefix.clone();
                    next.push(c);
                    next
                })
            })
            .collect();
    }
    positions
        .iter()
        .map(|counts| {
            let points: Vec<u32> = (1..=6u32)
                .flat_map(|p| std::iter::repeat_n(p, counts[p as usize - 1] as usize))
                .collect();
            BearoffPosition::from_points(&points).expect("at most 15 checkers on points 1 to 6")
        })
        .collect()
}

/// The exact distribution of N, the number of rolls to bear off: `counts[j]` = 36^j·P{N = j}.
#[derive(Debug, Clone, PartialEq, Eq)]
struct RollCounts {
    counts: Vec<BigUint>,
}

impl RollCounts {
    /// E N = Σ j·counts[j]/36^j over the common denominator 36^J: (numerator, J).
    fn expectation_over_power(&self) -> (BigUint, u32) {
        let last = self.counts.len().saturating_sub(1) as u32;
        let numerator = self
            .counts
            .iter()
            .enumerate()
            .map(|(j, c)| c * BigUint::from(j) * BigUint::from(36u32).pow(last - j as u32))
            .sum();
        (numerator, last)
    }

    fn expectation_f64(&self) -> f64 {
        self.counts
            .iter()
            .enumerate()
            .map(|(j, c)| j as f64 * c.to_f64().unwrap_or(f64::INFINITY) / 36f64.powi(j as i32))
            .sum()
    }
}

/// Compares two expectations exactly.
fn compare_exactly(a: &RollCounts, b: &RollCounts) -> Ordering {
    let ((na, ja), (nb, jb)) = (a.expectation_over_power(), b.expectation_over_power());
    let scale = |n: BigUint, from: u32| n * BigUint::from(36u32).pow(ja.max(jb) - from);
    scale(na, ja).cmp(&scale(nb, jb))
}

/// The one-sided bear-off database (see the module documentation).
///
/// ```
/// use backgammon_cube::bearoff::BearoffPosition;
/// use backgammon_cube::database::BearoffDatabase;
/// use backgammon_cube::BigRational;
///
/// let database = BearoffDatabase::new(2)?;
/// // Two checkers on the 1 point: one roll always bears them off.
/// let position = BearoffPosition::from_points(&[1, 1])?;
/// assert_eq!(database.expected_rolls(&position)?, BigRational::from_integer(1.into()));
/// # Ok::<(), backgammon_cube::bearoff::BearoffError>(())
/// ```
#[derive(Debug, Clone)]
pub struct BearoffDatabase {
    max_checkers: u32,
    distributions: Vec<RollCounts>,
    expectations: Vec<f64>,
}

impl BearoffDatabase {
    /// Every position with at most `max_checkers` checkers (15 gives all 54,264).
    ///
    /// # Errors
    ///
    /// [`BearoffError::TooManyCheckers`] above 15.
    pub fn new(max_checkers: u32) -> Result<Self, BearoffError> {
        if max_checkers > MAX_CHECKERS {
            return Err(BearoffError::TooManyCheckers(max_checkers));
        }
        let positions = all_positions(max_checkers);
        let mut database = BearoffDatabase {
            max_checkers,
            distributions: vec![RollCounts { counts: Vec::new() }; positions.len()],
            expectations: vec![0.0; positions.len()],
        };
        // Every play lowers the pip count, so a pip count's positions depend only on lower
        // ones: each level is computed in parallel from the finished levels below it (exact
        // integers, so the result does not depend on the number of threads).
        let highest = positions
            .iter()
            .map(BearoffPosition::pip_count)
            .max()
            .unwrap_or(0);
        let mut levels = vec![Vec::new(); highest as usize + 1];
        for (index, position) in positions.iter().enumerate() {
            levels[position.pip_count() as usize].push(index);
        }
        let rolls = distinct_rolls();
        let carried = Carried::from_this_thread();
        for level in levels {
            let computed: Vec<(usize, RollCounts)> = level
                .par_iter()
                .map(|&index| {
                    carried.checkpoint();
                    (index, database.distribution_of(&positions[index], &rolls))
                })
                .collect();
            for (index, distribution) in computed {
                database.expectations[index] = distribution.expectation_f64();
                database.distributions[index] = distribution;
            }
        }
        Ok(database)
    }

    fn distribution_of(&self, position: &BearoffPosition, rolls: &[(Roll, u32)]) -> RollCounts {
        let counts = if position.is_empty() {
            vec![BigUint::from(1u32)]
        } else {
            self.counts_after_one_roll(position, rolls)
        };
        RollCounts { counts }
    }

    /// counts[j + 1] = Σ over rolls of (chance out of 36)·counts_j(best play's position).
    fn counts_after_one_roll(
        &self,
        position: &BearoffPosition,
        rolls: &[(Roll, u32)],
    ) -> Vec<BigUint> {
        let mut counts = vec![BigUint::zero()];
        for &(roll, weight) in rolls {
            let (next, _) = self.best(position, roll);
            let later = &self.distributions[next].counts;
            if counts.len() < later.len() + 1 {
                counts.resize(later.len() + 1, BigUint::zero());
            }
            // Adding rather than multiplying by the weight (1 or 2) avoids a temporary.
            for (j, c) in later.iter().enumerate() {
                for _ in 0..weight {
                    counts[j + 1] += c;
                }
            }
        }
        counts
    }

    /// The position the best play of `roll` reaches, with its index.
    fn best(&self, position: &BearoffPosition, roll: Roll) -> (usize, BearoffPosition) {
        let mut best: Option<(usize, BearoffPosition)> = None;
        for play in position.play_ends(roll) {
            let index = self.index(&play);
            best = match best {
                Some((current, _)) if self.compare(current, index) != Ordering::Greater => best,
                _ => Some((index, play)),
            };
        }
        best.expect("every bear-off position has a legal play")
    }

    fn index(&self, position: &BearoffPosition) -> usize {
        rank(position, self.max_checkers).expect("a play never adds checkers")
    }

    /// Expected rolls of two positions, then their ranks (the tie-break of the module doc).
    fn compare(&self, a: usize, b: usize) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (ea, eb) = (self.expectations[a], self.expectations[b]);
        let by_expectation = if (ea - eb).abs() > 1e-9 * ea.max(eb) {
            ea.total_cmp(&eb)
        } else {
            compare_exactly(&self.distributions[a], &self.distributions[b])
        };
        by_expectation.then(a.cmp(&b))
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.distributions.len()
    }

    /// Whether the database is empty (never: it holds at least the empty board).
    pub fn is_empty(&self) -> bool {
        self.distributions.is_empty()
    }

    fn index_of(&self, position: &BearoffPosition) -> Result<usize, BearoffError> {
        let checkers: u32 = (1..=6).map(|p| u32::from(position.on(p))).sum();
        rank(position, self.max_checkers).ok_or(BearoffError::BeyondDatabase {
            checkers,
            max_checkers: self.max_checkers,
        })
    }

    fn lookup(&self, position: &BearoffPosition) -> Result<&RollCounts, BearoffError> {
        Ok(&self.distributions[self.index_of(position)?])
    }

    /// P{N = j} for j = 0, 1, …, the last with positive chance, exactly.
    ///
    /// # Errors
    ///
    /// [`BearoffError::BeyondDatabase`] for a position with more checkers than the database.
    pub fn rolls_distribution(
        &self,
        position: &BearoffPosition,
    ) -> Result<Vec<BigRational>, BearoffError> {
        Ok(self
            .lookup(position)?
            .counts
            .iter()
            .enumerate()
            .map(|(j, c)| {
                BigRational::new(c.clone().into(), BigUint::from(36u32).pow(j as u32).into())
            })
            .collect())
    }

    /// E N, the expected number of rolls to bear off, exactly.
    ///
    /// # Errors
    ///
    /// As [`BearoffDatabase::rolls_distribution`].
    pub fn expected_rolls(&self, position: &BearoffPosition) -> Result<BigRational, BearoffError> {
        let (numerator, exponent) = self.lookup(position)?.expectation_over_power();
        Ok(BigRational::new(
            numerator.into(),
            BigUint::from(36u32).pow(exponent).into(),
        ))
    }

    /// E N in `f64`.
    ///
    /// # Errors
    ///
    /// As [`BearoffDatabase::rolls_distribution`].
    pub fn expected_rolls_f64(&self, position: &BearoffPosition) -> Result<f64, BearoffError> {
        Ok(self.expectations[self.index_of(position)?])
    }

    /// The position the database's play of `roll` leads to.
    ///
    /// # Errors
    ///
    /// As [`BearoffDatabase::rolls_distribution`].
    pub fn best_play(
        &self,
        position: &BearoffPosition,
        roll: Roll,
    ) -> Result<BearoffPosition, BearoffError> {
        self.index_of(position)?;
        if position.is_empty() {
            return Ok(*position);
        }
        Ok(self.best(position, roll).1)
    }
}

//! Bearing off under the real rules, and the chance to bear off in one roll (Tables 2, 3).
//!
//! In the bear-off every checker is on the six home points, numbered 1 (nearest to the
//! edge) to 6. A die of d moves a checker from point p to p − d; it bears the checker off
//! when p = d, and when p < d only if no checker stands on a point above p. A double is
//! played four times. A player must use as many dice as possible; if only one die of a
//! non-double can be used, the larger one if it can be. With no contact, nothing blocks.

use std::collections::BTreeSet;

use num_rational::Ratio;

use crate::dice::{Roll, all_rolls};

/// The most checkers a player has.
pub const MAX_CHECKERS: u32 = 15;

/// An invalid bear-off position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BearoffError {
    /// A player has at most 15 checkers.
    #[error("{0} checkers: a player has at most 15")]
    TooManyCheckers(u32),
    /// In the bear-off every checker stands on a home point, 1 to 6.
    #[error("a checker on point {0} is outside the home board (points 1 to 6)")]
    OutsideHome(u32),
}

/// A player's checkers on the home points: `checkers[p − 1]` on point p.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BearoffPosition {
    checkers: [u8; 6],
}

impl BearoffPosition {
    /// The position with a checker on each point listed (repeats for several).
    ///
    /// # Errors
    ///
    /// [`BearoffError::OutsideHome`], [`BearoffError::TooManyCheckers`].
    pub fn from_points(points: &[u32]) -> Result<Self, BearoffError> {
        if points.len() as u32 > MAX_CHECKERS {
            return Err(BearoffError::TooManyCheckers(points.len() as u32));
        }
        let mut checkers = [0u8; 6];
        for &point in points {
            if !(1..=6).contains(&point) {
                return Err(BearoffError::OutsideHome(point));
            }
            checkers[point as usize - 1] += 1;
        }
        Ok(BearoffPosition { checkers })
    }

    /// Checkers on point `point` (1 to 6; 0 elsewhere).
    pub fn on(&self, point: u32) -> u8 {
        if (1..=6).contains(&point) {
            self.checkers[point as usize - 1]
        } else {
            0
        }
    }

    /// Whether every checker is off.
    pub fn is_empty(&self) -> bool {
        self.checkers.iter().all(|&c| c == 0)
    }

    /// The pip count: Σ point × checkers.
    pub fn pip_count(&self) -> u32 {
        (1..=6).map(|p| p * u32::from(self.on(p))).sum()
    }

    /// Adds to `into` the positions one die can lead to.
    fn moves_with(&self, die: u8, into: &mut Vec<BearoffPosition>) {
        let highest = (1..=6u32).rev().find(|&p| self.on(p) > 0);
        let d = u32::from(die);
        for point in 1..=6u32 {
            if self.on(point) == 0 {
                continue;
            }
            // A checker moves down or bears off exactly; from below the die only if highest.
            let may_move = point >= d || Some(point) == highest;
            if !may_move {
                continue;
            }
            let mut next = *self;
            next.checkers[point as usize - 1] -= 1;
            if point > d {
                next.checkers[(point - d) as usize - 1] += 1;
            }
            into.push(next);
        }
    }

    /// The distinct positions reached by playing `dice` in order from any of `from`, as far
    /// as each can go: one set per number of dice played (`[0]` is `from`).
    fn reachable(from: Vec<BearoffPosition>, dice: &[u8]) -> Vec<Vec<BearoffPosition>> {
        let mut levels = vec![from];
        for &die in dice {
            let mut next = Vec::new();
            for position in levels.last().into_iter().flatten() {
                position.moves_with(die, &mut next);
            }
            if next.is_empty() {
                break;
            }
            next.sort_unstable();
            next.dedup();
            levels.push(next);
        }
        levels
    }

    /// The positions a legal play of `roll` can end in.
    ///
    /// Plays are found level by level — the distinct positions after one die, two dice, … —
    /// so that the many orders in which a double's four moves can be made are not walked
    /// one by one. A play must use as many dice as possible, so the answer is the deepest
    /// level reached; if only one die of a non-double can be played, the larger if it can.
    pub fn legal_plays(&self, roll: Roll) -> BTreeSet<BearoffPosition> {
        self.plays(roll).into_iter().collect()
    }

    /// [`BearoffPosition::legal_plays`] as a sorted vector, without the set's allocations.
    pub(crate) fn plays(&self, roll: Roll) -> Vec<BearoffPosition> {
        if roll.is_double() {
            let mut levels = Self::reachable(vec![*self], &roll.dice());
            return levels.pop().unwrap_or_default();
        }
        let (larger, smaller) = (roll.first.max(roll.second), roll.first.min(roll.second));
        let mut larger_first = Self::reachable(vec![*self], &[larger, smaller]);
        let mut smaller_first = Self::reachable(vec![*self], &[smaller, larger]);
        if larger_first.len() == 3 || smaller_first.len() == 3 {
            let mut both: Vec<BearoffPosition> = larger_first
                .get(2)
                .into_iter()
                .chain(smaller_first.get(2))
                .flatten()
                .copied()
                .collect();
            both.sort_unstable();
            both.dedup();
            return both;
        }
        match (larger_first.len(), smaller_first.len()) {
            (2, _) => larger_first.swap_remove(1),
            (_, 2) => smaller_first.swap_remove(1),
            _ => vec![*self],
        }
    }

    /// The chance of bearing every checker off with the next roll, out of 36 (Tables 2, 3):
    /// the rolls with some legal play that ends with no checker left.
    pub fn one_roll_chance(&self) -> Ratio<u32> {
        let clearing = all_rolls()
            .into_iter()
            .filter(|&roll| self.legal_plays(roll).iter().any(BearoffPosition::is_empty))
            .count() as u32;
        Ratio::new(clearing, 36)
    }
}

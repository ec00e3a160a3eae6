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

    /// The positions one die can lead to.
    fn moves_with(&self, die: u8) -> Vec<BearoffPosition> {
        let highest = (1..=6u32).rev().find(|&p| self.on(p) > 0);
        let d = u32::from(die);
        let mut results = Vec::new();
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
            results.push(next);
        }
        results
    }

    /// The positions a legal play of `roll` can end in.
    pub fn legal_plays(&self, roll: Roll) -> BTreeSet<BearoffPosition> {
        let orders: Vec<Vec<u8>> = if roll.is_double() {
            vec![roll.dice()]
        } else {
            vec![vec![roll.first, roll.second], vec![roll.second, roll.first]]
        };
        // Every sequence of dice played in some order: (end position, dice used in order).
        let mut plays: Vec<(BearoffPosition, Vec<u8>)> = Vec::new();
        for order in &orders {
            self.extend_plays(order, Vec::new(), &mut plays);
        }
        let most = plays.iter().map(|(_, used)| used.len()).max().unwrap_or(0);
        let mut longest: Vec<&(BearoffPosition, Vec<u8>)> = plays
            .iter()
            .filter(|(_, used)| used.len() == most)
            .collect();
        if most == 1 && !roll.is_double() {
            let larger = roll.first.max(roll.second);
            if longest.iter().any(|(_, used)| used[0] == larger) {
                longest.retain(|(_, used)| used[0] == larger);
            }
        }
        longest.into_iter().map(|(position, _)| *position).collect()
    }

    fn extend_plays(
        &self,
        dice: &[u8],
        used: Vec<u8>,
        plays: &mut Vec<(BearoffPosition, Vec<u8>)>,
    ) {
        let next_positions = match dice.first() {
            Some(&die) => self.moves_with(die),
            None => Vec::new(),
        };
        if next_positions.is_empty() {
            plays.push((*self, used));
            return;
        }
        for next in next_positions {
            let mut with_die = used.clone();
            with_die.push(dice[0]);
            next.extend_plays(&dice[1..], with_die, plays);
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

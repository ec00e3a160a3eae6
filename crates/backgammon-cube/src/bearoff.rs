//! Bearing off under the real rules, and the chance to bear off in one roll (Tables 2, 3).
//!
//! In the bear-off every checker is on the six home points, numbered 1 (nearest to the
//! edge) to 6. A die of d moves a checker from point p to p − d; it bears the checker off
//! when p = d, and when p < d only if no checker stands on a point above p. A double is
//! played four times. A player must use as many dice as possible; if only one die of a
//! non-double can be used, the larger one if it can be. With no contact, nothing blocks.

use std::collections::BTreeSet;

use num_rational::Ratio;

use crate::dice::{Roll, all_rolls, distinct_rolls};

/// The most checkers a player has.
pub const MAX_CHECKERS: u32 = 15;

/// An invalid bear-off position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BearoffError {
    /// A player has at most 15 checkers.
    #[error("{0} checkers: a player has at most 15")]
    TooManyCheckers(u32),
    /// A position with more checkers than the database asked holds.
    #[error("{}: this database holds positions of at most {max_checkers}", crate::count_of_checkers(*.checkers))]
    BeyondDatabase {
        /// The position's checkers.
        checkers: u32,
        /// The database's largest number of checkers.
        max_checkers: u32,
    },
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

    /// The positions reached by playing `dice` in order from any of `from`, as far as each
    /// can go: one list per number of dice played (`[0]` is `from`). Every list but the
    /// last is sorted without repeats (the next die starts from distinct positions); the
    /// last may repeat a position, for callers that only look for the best.
    fn reachable(from: Vec<BearoffPosition>, dice: &[u8]) -> Vec<Vec<BearoffPosition>> {
        let mut levels = vec![from];
        for &die in dice {
            let mut next = Vec::new();
            if let Some(last) = levels.last_mut() {
                distinct(last);
                for position in last.iter() {
                    position.moves_with(die, &mut next);
                }
            }
            if next.is_empty() {
                break;
            }
            levels.push(next);
        }
        levels
    }

    /// The key that orders positions as `Ord` does (checkers on point 1 first), as one
    /// integer: sorting by it is faster than comparing arrays.
    fn order_key(&self) -> u64 {
        let [a, b, c, d, e, f] = self.checkers;
        u64::from_be_bytes([0, 0, a, b, c, d, e, f])
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
        let mut plays = self.play_ends(roll);
        distinct(&mut plays);
        plays
    }

    /// The positions a legal play of `roll` can end in, possibly repeated and in no
    /// particular order: for a search of the best play, which needs neither.
    pub(crate) fn play_ends(&self, roll: Roll) -> Vec<BearoffPosition> {
        if roll.is_double() {
            let mut levels = Self::reachable(vec![*self], &roll.dice());
            return levels.pop().unwrap_or_default();
        }
        let (larger, smaller) = (roll.first.max(roll.second), roll.first.min(roll.second));
        let (mut after_larger, mut after_smaller) = (Vec::new(), Vec::new());
        self.moves_with(larger, &mut after_larger);
        self.moves_with(smaller, &mut after_smaller);
        let mut ends = Vec::new();
        for position in &after_larger {
            position.moves_with(smaller, &mut ends);
        }
        for position in &after_smaller {
            position.moves_with(larger, &mut ends);
        }
        if !ends.is_empty() {
            return ends;
        }
        // Only one die can be played: the larger if it can.
        [after_larger, after_smaller]
            .into_iter()
            .find(|after| !after.is_empty())
            .unwrap_or_else(|| vec![*self])
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

/// A bear-off race between two players as a [`game_core::Game`] with chance nodes: the
/// player on roll rolls (21 distinct outcomes, a non-double twice as likely as a double),
/// then picks one of the legal plays; the first to bear off every checker wins. Values are
/// +1 when the first player wins and −1 when the second does, so expectiminimax gives
/// 2·P{first wins} − 1 under play that maximises the chance of winning.
///
/// ```
/// use backgammon_cube::bearoff::{BearoffPosition, BearoffRace};
/// use backgammon_cube::Game;
/// use backgammon_cube::search::expectiminimax;
/// use backgammon_cube::BigRational;
///
/// // One checker on the 6-point against one on the 1-point: the first player needs 6 pips
/// // in one roll (27 of 36 rolls), or loses.
/// let race = BearoffRace::new(
///     BearoffPosition::from_points(&[6])?,
///     BearoffPosition::from_points(&[1])?,
/// );
/// let value: BigRational = expectiminimax(&race, &race.initial_position()).unwrap().value;
/// assert_eq!(value, BigRational::new(1.into(), 2.into())); // 2·27/36 − 1
/// # Ok::<(), backgammon_cube::bearoff::BearoffError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BearoffRace {
    first: BearoffPosition,
    second: BearoffPosition,
}

/// A position of [`BearoffRace`]: both sides' checkers, who is on roll, and the roll once
/// it is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RacePosition {
    /// The first player's checkers.
    pub first: BearoffPosition,
    /// The second player's checkers.
    pub second: BearoffPosition,
    /// The player on roll.
    pub on_roll: game_core::Player,
    /// The roll to play, `None` before it is rolled.
    pub roll: Option<Roll>,
}

/// A move of [`BearoffRace`]: a chance outcome (the roll) or a play (where it ends).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RaceMove {
    /// The dice fall.
    Roll(Roll),
    /// The player on roll plays to this position.
    Play(BearoffPosition),
}

impl BearoffRace {
    /// The race from these positions, the first player on roll.
    pub fn new(first: BearoffPosition, second: BearoffPosition) -> Self {
        BearoffRace { first, second }
    }

    fn side(position: &RacePosition) -> BearoffPosition {
        match position.on_roll {
            game_core::Player::First => position.first,
            game_core::Player::Second => position.second,
        }
    }
}

impl game_core::Game for BearoffRace {
    type Position = RacePosition;
    type Move = RaceMove;
    type Value = num_rational::BigRational;

    fn initial_position(&self) -> RacePosition {
        RacePosition {
            first: self.first,
            second: self.second,
            on_roll: game_core::Player::First,
            roll: None,
        }
    }

    fn turn(&self, position: &RacePosition) -> game_core::Turn {
        match position.roll {
            None => game_core::Turn::Chance,
            Some(_) => game_core::Turn::Player(position.on_roll),
        }
    }

    fn legal_moves(&self, position: &RacePosition) -> Vec<RaceMove> {
        position
            .roll
            .map(|roll| {
                Self::side(position)
                    .plays(roll)
                    .into_iter()
                    .map(RaceMove::Play)
                    .collect()
            })
            .unwrap_or_default()
    }

    fn play(&self, position: &RacePosition, mv: &RaceMove) -> RacePosition {
        match *mv {
            RaceMove::Roll(roll) => RacePosition {
                roll: Some(roll),
                ..*position
            },
            RaceMove::Play(after) => {
                let mut next = *position;
                match position.on_roll {
                    game_core::Player::First => next.first = after,
                    game_core::Player::Second => next.second = after,
                }
                next.on_roll = position.on_roll.opponent();
                next.roll = None;
                next
            }
        }
    }

    fn terminal_value(&self, position: &RacePosition) -> Option<num_rational::BigRational> {
        let value = |v: i64| Some(num_rational::BigRational::from_integer(v.into()));
        if position.first.is_empty() {
            value(1)
        } else if position.second.is_empty() {
            value(-1)
        } else {
            None
        }
    }

    fn chance_outcomes(&self, _: &RacePosition) -> Vec<(RaceMove, game_core::Probability)> {
        distinct_rolls()
            .into_iter()
            .map(|(roll, ways)| {
                (
                    RaceMove::Roll(roll),
                    game_core::Probability::new(ways.into(), 36),
                )
            })
            .collect()
    }
}

/// Sorts `positions` and removes repeats.
fn distinct(positions: &mut Vec<BearoffPosition>) {
    positions.sort_unstable_by_key(BearoffPosition::order_key);
    positions.dedup();
}

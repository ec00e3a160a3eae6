//! The two-sided bear-off database, cubeless: for every pair of bear-off positions with at
//! most C checkers a side on the six home points, the chance that the player on roll wins
//! the race when both sides play every roll to win.
//!
//! Beyond the paper, which stops at one and two checkers (Tables 2, 3); GNU Backgammon keeps a
//! database of this kind. Where the one-sided database ([`crate::database`]) plays each roll
//! to minimise the expected number of rolls, here the player on roll picks, for each roll,
//! the play that maximises its chance of winning against this opponent:
//!
//! P(a, b) = Σ over the 21 rolls of (ways / 36) · max over the plays a′ of a of
//! (1 if a′ is empty, else 1 − P(b, a′)).
//!
//! Every play lowers the pip count, so P of a pair depends only on pairs of smaller total pip
//! count; the table is filled level by level, each level in parallel, and is the same for any
//! number of threads. It is generic over [`Real`]: exact fractions for small C (C ≤ 3 has
//! 84 positions a side) and `f64` up to C = 10 (8,008 positions a side, 64 million pairs,
//! 512 MB).
//!
//! # Examples
//!
//! ```
//! use backgammon_cube::bearoff::BearoffPosition;
//! use backgammon_cube::two_sided::TwoSidedDatabase;
//!
//! let database = TwoSidedDatabase::<f64>::new(2)?;
//! let one_on_six = BearoffPosition::from_points(&[6])?;
//! let one_on_one = BearoffPosition::from_points(&[1])?;
//! // On roll with one checker on the 6 point, against one sure to come off next: the
//! // player wins only by bearing off now, 27 rolls of 36 (Table 2).
//! let p = database.win_probability(&one_on_six, &one_on_one)?;
//! assert!((p - 27.0 / 36.0).abs() < 1e-15);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use game_core::number::Real;
use rayon::prelude::*;

use crate::bearoff::{BearoffError, BearoffPosition, MAX_CHECKERS};
use crate::database::{all_positions, rank};
use crate::dice::distinct_rolls;

/// A position the database cannot answer for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TwoSidedError {
    /// The database holds positions of at most this many checkers a side.
    #[error("a position of {checkers} checkers is beyond the database's {max} a side")]
    BeyondDatabase {
        /// Checkers in the position asked for.
        checkers: u32,
        /// The most the database holds.
        max: u32,
    },
    /// A side without checkers has borne off: the race is over.
    #[error("a side has no checkers left: the race is over")]
    RaceOver,
    /// A position index beyond the database.
    #[error("position index {index} is beyond the database's {positions} positions")]
    IndexOutOfRange {
        /// The index asked for.
        index: usize,
        /// The number of positions a side.
        positions: usize,
    },
    /// The table does not fit in memory.
    #[error(
        "{positions} positions a side make a table of {bytes} bytes, which cannot be allocated"
    )]
    TooLarge {
        /// Positions a side.
        positions: usize,
        /// The bytes the table needs.
        bytes: u128,
    },
    /// An invalid position or size.
    #[error(transparent)]
    Bearoff(#[from] BearoffError),
}

/// The empty board's index: it comes first in rank order (no checker on point 1, none on
/// point 2, …).
const EMPTY: usize = 0;

/// The plays of every position for every roll, as position indices: the database's moves.
struct PlayTable {
    /// For position i and distinct roll r, the plays are
    /// `targets[offsets[21 i + r]..offsets[21 i + r + 1]]`.
    offsets: Vec<usize>,
    targets: Vec<u32>,
    /// Ways out of 36 of each distinct roll.
    ways: Vec<i64>,
}

impl PlayTable {
    fn new(positions: &[BearoffPosition], max_checkers: u32) -> PlayTable {
        let rolls = distinct_rolls();
        let mut offsets = vec![0];
        let mut targets = Vec::new();
        for position in positions {
            for &(roll, _) in &rolls {
                if !position.is_empty() {
                    targets.extend(position.plays(roll).iter().map(|play| {
                        rank(play, max_checkers).expect("a play never adds checkers") as u32
                    }));
                }
                offsets.push(targets.len());
            }
        }
        PlayTable {
            offsets,
            targets,
            ways: rolls.iter().map(|&(_, ways)| i64::from(ways)).collect(),
        }
    }

    fn plays(&self, position: usize, roll: usize) -> &[u32] {
        let cell = position * self.ways.len() + roll;
        &self.targets[self.offsets[cell]..self.offsets[cell + 1]]
    }
}

/// The cubeless two-sided database for positions of at most C checkers a side.
#[derive(Debug, Clone)]
pub struct TwoSidedDatabase<T> {
    max_checkers: u32,
    positions: usize,
    /// `win[a · positions + b]`: P(a, b), the player on roll at a against b; pairs with an
    /// empty side hold 1 (a empty: the player on roll has borne off) or 0 (b empty).
    win: Vec<T>,
}

impl<T: Real + Send + Sync> TwoSidedDatabase<T> {
    /// The database of every pair of positions with at most `max_checkers` checkers a side.
    ///
    /// # Errors
    ///
    /// [`TwoSidedError::Bearoff`] with [`BearoffError::TooManyCheckers`] above 15.
    pub fn new(max_checkers: u32) -> Result<Self, TwoSidedError> {
        if max_checkers > MAX_CHECKERS {
            return Err(BearoffError::TooManyCheckers(max_checkers).into());
        }
        let positions = all_positions(max_checkers);
        let plays = PlayTable::new(&positions, max_checkers);
        let n = positions.len();
        let mut win = Vec::new();
        win.try_reserve_exact(n * n)
            .map_err(|_| TwoSidedError::TooLarge {
                positions: n,
                bytes: (n as u128).pow(2) * std::mem::size_of::<T>() as u128,
            })?;
        win.resize(n * n, T::zero());
        for b in 1..n {
            win[EMPTY * n + b] = T::one();
        }
        let mut by_pips: Vec<Vec<usize>> = Vec::new();
        for (index, position) in positions.iter().enumerate() {
            let pips = position.pip_count() as usize;
            if by_pips.len() <= pips {
                by_pips.resize(pips + 1, Vec::new());
            }
            if index != EMPTY {
                by_pips[pips].push(index);
            }
        }
        let mut database = TwoSidedDatabase {
            max_checkers,
            positions: n,
            win,
        };
        let highest = by_pips.len() - 1;
        for total in 2..=2 * highest {
            let level: Vec<(usize, usize)> = (1..total)
                .filter(|&pips| pips <= highest && total - pips <= highest)
                .flat_map(|pips| by_pips[pips].iter().map(move |&a| (a, total - pips)))
                .collect();
            let computed: Vec<(usize, T)> = level
                .par_iter()
                .flat_map_iter(|&(a, opponent_pips)| {
                    let (database, plays) = (&database, &plays);
                    by_pips[opponent_pips]
                        .iter()
                        .map(move |&b| (a * n + b, database.on_roll(plays, a, b)))
                })
                .collect();
            for (cell, value) in computed {
                database.win[cell] = value;
            }
        }
        Ok(database)
    }

    /// P(a, b) from the finished pairs of smaller total: each roll's best play for the
    /// player on roll, weighted by its ways out of 36.
    fn on_roll(&self, plays: &PlayTable, a: usize, b: usize) -> T {
        let mut total = T::zero();
        for (roll, &ways) in plays.ways.iter().enumerate() {
            let best = plays
                .plays(a, roll)
                .iter()
                .map(|&after| {
                    let after = after as usize;
                    if after == EMPTY {
                        T::one()
                    } else {
                        T::one() - self.win[b * self.positions + after].clone()
                    }
                })
                .reduce(|x, y| if y > x { y } else { x })
                .unwrap_or_else(T::zero);
            total = total + T::from_i64(ways) * best;
        }
        total / T::from_i64(36)
    }
}

impl<T: Real> TwoSidedDatabase<T> {
    /// The most checkers a side.
    pub fn max_checkers(&self) -> u32 {
        self.max_checkers
    }

    /// The number of positions a side, the empty board included: C(C + 6, 6).
    pub fn positions(&self) -> usize {
        self.positions
    }

    /// The index of `position` in the database: positions are in the lexicographic order of
    /// their checker counts on points 1, 2, …, 6 (the one-sided database's order).
    ///
    /// # Errors
    ///
    /// [`TwoSidedError::BeyondDatabase`] for a position with more checkers than the database.
    pub fn index(&self, position: &BearoffPosition) -> Result<usize, TwoSidedError> {
        rank(position, self.max_checkers).ok_or_else(|| TwoSidedError::BeyondDatabase {
            checkers: (1..=6).map(|p| u32::from(position.on(p))).sum(),
            max: self.max_checkers,
        })
    }

    /// The index GNU Backgammon gives `position` in its bear-off databases of this many
    /// checkers on six points. gnubg writes a position as a column of C + 6 cells: from the
    /// top, a marker, a cell per checker on point 1, a marker, point 2's checkers, and so
    /// on to point 6's checkers at the bottom (the cells above the top marker stay empty);
    /// it numbers the patterns of the six markers in the combinatorial number system, the
    /// top cell the most significant. The empty board is 0, as in our order, but the others
    /// differ.
    ///
    /// # Errors
    ///
    /// [`TwoSidedError::BeyondDatabase`].
    ///
    /// ```
    /// use backgammon_cube::bearoff::BearoffPosition;
    /// use backgammon_cube::two_sided::TwoSidedDatabase;
    ///
    /// let database = TwoSidedDatabase::<f64>::new(2)?;
    /// let one_on_six = BearoffPosition::from_points(&[6])?;
    /// let index = database.gnubg_index(&one_on_six)?;
    /// assert_eq!(database.position_at_gnubg_index(index)?, one_on_six);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gnubg_index(&self, position: &BearoffPosition) -> Result<usize, TwoSidedError> {
        self.index(position)?;
        let cells = self.max_checkers + 6;
        // Markers from the top: point 6's after all checkers, then one below each point's.
        let mut marker = 5 + (1..=6).map(|p| u32::from(position.on(p))).sum::<u32>();
        let mut markers = 1u32 << marker;
        for point in 1..=5 {
            marker -= u32::from(position.on(point)) + 1;
            markers |= 1 << marker;
        }
        let (mut index, mut left) = (0, 6u32);
        for cell in (0..cells).rev() {
            if left == cell + 1 {
                break;
            }
            if markers & (1 << cell) != 0 {
                index += binomial(cell, left);
                left -= 1;
            }
        }
        Ok(index)
    }

    /// The position GNU Backgammon numbers `index` ([`TwoSidedDatabase::gnubg_index`]).
    ///
    /// # Errors
    ///
    /// [`TwoSidedError::IndexOutOfRange`].
    pub fn position_at_gnubg_index(&self, index: usize) -> Result<BearoffPosition, TwoSidedError> {
        if index >= self.positions {
            return Err(TwoSidedError::IndexOutOfRange {
                index,
                positions: self.positions,
            });
        }
        let (mut rest, mut left) = (index, 6u32);
        let mut markers = 0u32;
        for cell in (0..self.max_checkers + 6).rev() {
            if left == 0 {
                break;
            }
            if left == cell + 1 {
                markers |= (1 << (cell + 1)) - 1;
                break;
            }
            let below = binomial(cell, left);
            if rest >= below {
                markers |= 1 << cell;
                rest -= below;
                left -= 1;
            }
        }
        // Read the column upwards: point 6's checkers lie below the lowest marker, point 5's
        // below the next, …, point 1's below the sixth.
        let mut points = Vec::new();
        let mut point = 6;
        for cell in 0..self.max_checkers + 6 {
            if markers & (1 << cell) == 0 {
                points.push(point);
            } else if point == 1 {
                break;
            } else {
                point -= 1;
            }
        }
        Ok(BearoffPosition::from_points(&points)?)
    }

    /// P(`on_roll`, `opponent`): the chance that the player on roll wins, both playing every
    /// roll to win (cubeless).
    ///
    /// # Errors
    ///
    /// [`TwoSidedError::BeyondDatabase`], or [`TwoSidedError::RaceOver`] when a side has no
    /// checkers.
    pub fn win_probability(
        &self,
        on_roll: &BearoffPosition,
        opponent: &BearoffPosition,
    ) -> Result<T, TwoSidedError> {
        self.win_probability_by_index(self.index(on_roll)?, self.index(opponent)?)
    }

    /// [`TwoSidedDatabase::win_probability`] by position indices ([`TwoSidedDatabase::index`]),
    /// in O(1).
    ///
    /// # Errors
    ///
    /// [`TwoSidedError::IndexOutOfRange`], [`TwoSidedError::RaceOver`] (index 0 is the
    /// empty board).
    pub fn win_probability_by_index(
        &self,
        on_roll: usize,
        opponent: usize,
    ) -> Result<T, TwoSidedError> {
        for index in [on_roll, opponent] {
            if index >= self.positions {
                return Err(TwoSidedError::IndexOutOfRange {
                    index,
                    positions: self.positions,
                });
            }
            if index == EMPTY {
                return Err(TwoSidedError::RaceOver);
            }
        }
        Ok(self.win[on_roll * self.positions + opponent].clone())
    }
}

/// C(n, k), for the small arguments of gnubg's position numbers.
fn binomial(n: u32, k: u32) -> usize {
    if k > n {
        return 0;
    }
    (0..k).fold(1usize, |c, i| c * (n - i) as usize / (i + 1) as usize)
}

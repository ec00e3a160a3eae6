//! The two-sided bear-off database: for every pair of bear-off positions with at most C
//! checkers a side on the six home points, the chance that the player on roll wins the race
//! when both sides play every roll to win, and the cubeful money equities (no gammons) with
//! the cube centred, owned by the player on roll and owned by the opponent.
//!
//! Beyond the paper, which stops at one and two checkers (Tables 2, 3); GNU Backgammon keeps a
//! database of this kind. Where the one-sided database ([`crate::database`]) plays each roll
//! to minimise the expected number of rolls, here the player on roll picks, for each roll,
//! the play that maximises its chance of winning against this opponent:
//!
//! P(a, b) = Σ over the 21 rolls of (ways / 36) · max over the plays a′ of a of
//! (1 if a′ is empty, else 1 − P(b, a′)).
//!
//! The cubeful equities follow the same recursion, each with its own best play, the
//! opponent making his cube decision at (b, a′) before his roll: with the cube centred or
//! his, he doubles when 2 × (his equity with the cube then ours), capped at the 1 he gets
//! when we pass, is at least his equity without doubling ([`CubeAction`]). The equities
//! stored are those before the player on roll's own cube decision, as GNU Backgammon's are.
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

use game_core::memory::{self, MemoryError};
use game_core::number::Real;
use game_core::stop::Carried;
use rayon::prelude::*;

use crate::bearoff::{BearoffError, BearoffPosition, MAX_CHECKERS};
use crate::cube::{CubeAction, CubeDecisions, CubeOwnership};
use crate::database::{all_positions, rank};
use crate::dice::distinct_rolls;

/// The most checkers a side of the largest database built on the 24 GiB machines the
/// workspace is measured on: 6 × 12 takes 11.5 GB at its peak, while 6 × 13 would need
/// 23.6 GB for its table alone. The command line and the Python bindings refuse more, rather
/// than leave it to the system's out-of-memory killer; [`TwoSidedDatabase::new`] itself
/// takes up to 15 and reports a table it cannot allocate.
pub const MAX_MEASURED_CHECKERS: u32 = 12;

/// A position the database cannot answer for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TwoSidedError {
    /// The database holds positions of at most this many checkers a side.
    #[error("a position of {} is beyond the database's {max} a side", crate::count_of_checkers(*.checkers))]
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
    /// The table is more than the process may use, asked of the machine before it is
    /// allocated ([`game_core::memory`]).
    #[error(transparent)]
    Memory(#[from] MemoryError),
}

/// The empty board's index: it comes first in rank order (no checker on point 1, none on
/// point 2, …).
pub(crate) const EMPTY: usize = 0;

/// The plays of every position for every roll, as position indices: the database's moves.
pub(crate) struct PlayTable {
    /// For position i and distinct roll r, the plays are
    /// `targets[offsets[21 i + r]..offsets[21 i + r + 1]]`.
    offsets: Vec<usize>,
    targets: Vec<u32>,
    /// Ways out of 36 of each distinct roll.
    pub(crate) ways: Vec<i64>,
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

    pub(crate) fn plays(&self, position: usize, roll: usize) -> &[u32] {
        let cell = position * self.ways.len() + roll;
        &self.targets[self.offsets[cell]..self.offsets[cell + 1]]
    }
}

/// The positions of a two-sided table, their plays, and the order the table is filled in.
pub(crate) struct Layout {
    /// Every position, in rank order.
    all: Vec<BearoffPosition>,
    positions: usize,
    plays: PlayTable,
    /// The non-empty positions by pip count.
    by_pips: Vec<Vec<usize>>,
}

impl Layout {
    /// The layout of the tables of at most `max_checkers` checkers a side.
    ///
    /// # Errors
    ///
    /// [`TwoSidedError::Bearoff`] above 15 checkers.
    pub(crate) fn new(max_checkers: u32) -> Result<Layout, TwoSidedError> {
        if max_checkers > MAX_CHECKERS {
            return Err(BearoffError::TooManyCheckers(max_checkers).into());
        }
        let positions = all_positions(max_checkers);
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
        Ok(Layout {
            all: positions.clone(),
            positions: positions.len(),
            plays: PlayTable::new(&positions, max_checkers),
            by_pips,
        })
    }

    /// The number of positions a side, the empty board included.
    pub(crate) fn positions(&self) -> usize {
        self.positions
    }

    /// Every position, in rank order.
    pub(crate) fn all(&self) -> &[BearoffPosition] {
        &self.all
    }

    /// The plays of every position for every roll.
    pub(crate) fn plays(&self) -> &PlayTable {
        &self.plays
    }

    /// A table of `positions`² entries, all `fill`; [`TwoSidedError::Memory`] when it is more
    /// than the process may use, [`TwoSidedError::TooLarge`] when it cannot be allocated.
    pub(crate) fn table<E: Clone>(&self, fill: E) -> Result<Vec<E>, TwoSidedError> {
        let n = self.positions;
        let bytes = (n as u128).pow(2) * std::mem::size_of::<E>() as u128;
        memory::ensure(u64::try_from(bytes).unwrap_or(u64::MAX), || {
            format!(
                "the two-sided bear-off table of {n} positions a side in memory \
                 (out of core, gnubg::build_two_sided_file writes the same database as GNU \
                 Backgammon's file, {} of disk, and gnubg::TwoSidedReader answers from it)",
                memory::bytes(gnubg_file_length(n))
            )
        })?;
        let mut table = Vec::new();
        table
            .try_reserve_exact(n * n)
            .map_err(|_| TwoSidedError::TooLarge {
                positions: n,
                bytes: (n as u128).pow(2) * std::mem::size_of::<E>() as u128,
            })?;
        table.resize(n * n, fill);
        Ok(table)
    }

    /// Fills `table[a · positions + b]` for every pair of non-empty positions with
    /// `entry(table, a, b)`, in order of total pip count: every play lowers the pip count,
    /// so an entry may read any pair of smaller total. Each level is computed in parallel
    /// and then written, so the table is the same for any number of threads.
    pub(crate) fn fill<E, F>(
        &self,
        table: &mut [E],
        entry: F,
        mut progress: impl FnMut(BuildProgress),
    ) where
        E: Send + Sync,
        F: Fn(&[E], &PlayTable, usize, usize) -> E + Sync,
    {
        let n = self.positions;
        let highest = self.by_pips.len() - 1;
        let carried = Carried::from_this_thread();
        let pairs = (n as u64 - 1).pow(2);
        let mut done = 0;
        for total in 2..=2 * highest {
            let level: Vec<(usize, usize)> = (1..total)
                .filter(|&pips| pips <= highest && total - pips <= highest)
                .flat_map(|pips| self.by_pips[pips].iter().map(move |&a| (a, total - pips)))
                .collect();
            let computed: Vec<(usize, E)> = level
                .par_iter()
                .flat_map_iter(|&(a, opponent_pips)| {
                    carried.checkpoint();
                    let (table, entry) = (&*table, &entry);
                    self.by_pips[opponent_pips]
                        .iter()
                        .map(move |&b| (a * n + b, entry(table, &self.plays, a, b)))
                })
                .collect();
            done += computed.len() as u64;
            for (cell, value) in computed {
                table[cell] = value;
            }
            progress(BuildProgress {
                phase: BuildPhase::Levels,
                done,
                total: pairs,
            });
        }
    }
}

/// How far a build of the two-sided database has come: `done` of `total` units of its
/// current phase. The in-memory builds ([`TwoSidedDatabase::with_progress`],
/// `gnubg::two_sided_file_with_progress`) and the out-of-core one
/// (`gnubg::build_two_sided_file`) report through it alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildProgress {
    /// What the build is doing.
    pub phase: BuildPhase,
    /// Units done: pairs computed, or pips of the player on roll assembled.
    pub done: u64,
    /// Units in the phase.
    pub total: u64,
}

/// The phases of a build: an in-memory build has only [`BuildPhase::Levels`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuildPhase {
    /// Computing the levels of total pip count, in units of pairs.
    Levels,
    /// Writing gnubg's layout from the blocks, in units of pip counts of the player on roll.
    Assembly,
}

/// What the database holds for a pair of positions, from the view of the player on roll,
/// in units of the current stake: the cubeless chance of winning, and the cubeful money
/// equities (no gammons) before this turn's cube decision — that is, if the player on roll
/// does not double now — with the cube centred, owned by the player on roll, and owned by the
/// opponent.
#[derive(Debug, Clone, PartialEq)]
pub struct Equities<T> {
    /// P, the cubeless chance of winning.
    pub win: T,
    /// The equity with the cube centred, not doubling now.
    pub centred: T,
    /// The equity owning the cube, not doubling now.
    pub owned: T,
    /// The equity with the opponent owning the cube (the player on roll cannot double).
    pub opponent_owns: T,
}

impl<T: Real> Equities<T> {
    /// The entry of a race already won (`value` 1) or lost (0) by the player on roll.
    fn decided(won: bool) -> Self {
        let (p, e) = if won {
            (T::one(), T::one())
        } else {
            (T::zero(), -T::one())
        };
        Equities {
            win: p,
            centred: e.clone(),
            owned: e.clone(),
            opponent_owns: e,
        }
    }
}

/// The two-sided database for positions of at most C checkers a side.
#[derive(Debug, Clone)]
pub struct TwoSidedDatabase<T> {
    max_checkers: u32,
    positions: usize,
    /// Every position, in rank order.
    all: Vec<BearoffPosition>,
    /// `entries[a · positions + b]`: the player on roll at a against b; pairs with an
    /// empty side hold a decided race (a empty: won; b empty: lost).
    entries: Vec<Equities<T>>,
}

impl<T: Real + Send + Sync> TwoSidedDatabase<T> {
    /// The database of every pair of positions with at most `max_checkers` checkers a side.
    ///
    /// # Errors
    ///
    /// [`TwoSidedError::Bearoff`] with [`BearoffError::TooManyCheckers`] above 15,
    /// [`TwoSidedError::Memory`] when the table is more than the process may use (the
    /// message names the out-of-core route), [`TwoSidedError::TooLarge`] when it cannot be
    /// allocated.
    pub fn new(max_checkers: u32) -> Result<Self, TwoSidedError> {
        Self::with_progress(max_checkers, |_| {})
    }

    /// [`TwoSidedDatabase::new`], calling `progress` after each level of total pip count
    /// with the pairs computed so far ([`BuildPhase::Levels`]): a build of ten checkers a
    /// side takes minutes.
    ///
    /// # Errors
    ///
    /// As [`TwoSidedDatabase::new`].
    ///
    /// ```
    /// use backgammon_cube::two_sided::TwoSidedDatabase;
    ///
    /// let mut last = None;
    /// let database = TwoSidedDatabase::<f64>::with_progress(3, |step| last = Some(step))?;
    /// let last = last.unwrap();
    /// assert_eq!(last.done, last.total);
    /// assert_eq!(last.total, (database.positions() as u64 - 1).pow(2));
    /// # Ok::<(), backgammon_cube::two_sided::TwoSidedError>(())
    /// ```
    pub fn with_progress(
        max_checkers: u32,
        progress: impl FnMut(BuildProgress),
    ) -> Result<Self, TwoSidedError> {
        let layout = Layout::new(max_checkers)?;
        let n = layout.positions;
        let mut entries = layout.table(Equities::decided(false))?;
        for b in 1..n {
            entries[EMPTY * n + b] = Equities::decided(true);
        }
        layout.fill(
            &mut entries,
            |entries, plays, a, b| on_roll(entries, n, plays, a, b),
            progress,
        );
        Ok(TwoSidedDatabase {
            max_checkers,
            positions: n,
            all: layout.all,
            entries,
        })
    }
}

/// The entry of (a, b) from the finished pairs of smaller total. For each roll and each of
/// the four values, the play best for that value (the best play can differ between them),
/// weighted by the roll's ways out of 36. After the play the opponent is on roll at (b, a′)
/// and makes his cube decision: none when the player on roll owns the cube; with the cube
/// centred or his, he doubles when that is worth more to him.
fn on_roll<T: Real>(
    entries: &[Equities<T>],
    positions: usize,
    plays: &PlayTable,
    a: usize,
    b: usize,
) -> Equities<T> {
    let mut total = Equities {
        win: T::zero(),
        centred: T::zero(),
        owned: T::zero(),
        opponent_owns: T::zero(),
    };
    for (roll, &ways) in plays.ways.iter().enumerate() {
        let mut best: Option<Equities<T>> = None;
        for &after in plays.plays(a, roll) {
            let after = after as usize;
            let value = if after == EMPTY {
                Equities::decided(true)
            } else {
                let theirs = &entries[b * positions + after];
                Equities {
                    win: T::one() - theirs.win.clone(),
                    owned: -theirs.opponent_owns.clone(),
                    centred: -theirs.after_cube_decision(CubeOwnership::Centred),
                    opponent_owns: -theirs.after_cube_decision(CubeOwnership::Owned),
                }
            };
            best = Some(match best {
                None => value,
                Some(best) => Equities {
                    win: larger(best.win, value.win),
                    centred: larger(best.centred, value.centred),
                    owned: larger(best.owned, value.owned),
                    opponent_owns: larger(best.opponent_owns, value.opponent_owns),
                },
            });
        }
        let Some(best) = best else { continue };
        let ways = T::from_i64(ways);
        total = Equities {
            win: total.win + ways.clone() * best.win,
            centred: total.centred + ways.clone() * best.centred,
            owned: total.owned + ways.clone() * best.owned,
            opponent_owns: total.opponent_owns + ways * best.opponent_owns,
        };
    }
    let all = T::from_i64(36);
    Equities {
        win: total.win / all.clone(),
        centred: total.centred / all.clone(),
        owned: total.owned / all.clone(),
        opponent_owns: total.opponent_owns / all,
    }
}

fn larger<T: PartialOrd>(a: T, b: T) -> T {
    if b > a { b } else { a }
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
        checked_rank(position, self.max_checkers)
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
        Ok(gnubg_index(position, self.max_checkers))
    }

    /// The position GNU Backgammon numbers `index` ([`TwoSidedDatabase::gnubg_index`]).
    ///
    /// # Errors
    ///
    /// [`TwoSidedError::IndexOutOfRange`].
    pub fn position_at_gnubg_index(&self, index: usize) -> Result<BearoffPosition, TwoSidedError> {
        checked_position_at_gnubg_index(index, self.max_checkers)
    }

    /// The position of index `index` ([`TwoSidedDatabase::index`]).
    ///
    /// # Errors
    ///
    /// [`TwoSidedError::IndexOutOfRange`].
    pub fn position_at(&self, index: usize) -> Result<BearoffPosition, TwoSidedError> {
        self.all
            .get(index)
            .copied()
            .ok_or(TwoSidedError::IndexOutOfRange {
                index,
                positions: self.positions,
            })
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
        Ok(self.equities(on_roll, opponent)?.win.clone())
    }

    /// Everything the database holds for the pair: P and the cubeful equities.
    ///
    /// # Errors
    ///
    /// As [`TwoSidedDatabase::win_probability`].
    pub fn equities(
        &self,
        on_roll: &BearoffPosition,
        opponent: &BearoffPosition,
    ) -> Result<&Equities<T>, TwoSidedError> {
        self.equities_by_index(self.index(on_roll)?, self.index(opponent)?)
    }

    /// [`TwoSidedDatabase::equities`] by position indices ([`TwoSidedDatabase::index`]), in
    /// O(1): the one lookup by index, for loops over the whole database; P and the cube
    /// action are read from the entry ([`Equities::win`], [`Equities::cube_action`]).
    ///
    /// # Errors
    ///
    /// [`TwoSidedError::IndexOutOfRange`], [`TwoSidedError::RaceOver`] (index 0 is the
    /// empty board).
    pub fn equities_by_index(
        &self,
        on_roll: usize,
        opponent: usize,
    ) -> Result<&Equities<T>, TwoSidedError> {
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
        Ok(&self.entries[on_roll * self.positions + opponent])
    }

    /// The cube action of the player on roll, with the cube as `cube`: double when doubling
    /// is worth at least as much as not (2 × the equity with the opponent owning the cube if
    /// he takes, 1 if he passes, whichever is less); the opponent passes when taking would
    /// leave the player on roll at least the stake. Without gammons a position is never too
    /// good to double: a pass is worth the whole stake.
    ///
    /// # Errors
    ///
    /// As [`TwoSidedDatabase::win_probability`].
    pub fn cube_action(
        &self,
        on_roll: &BearoffPosition,
        opponent: &BearoffPosition,
        cube: CubeOwnership,
    ) -> Result<CubeAction, TwoSidedError> {
        Ok(self
            .equities_by_index(self.index(on_roll)?, self.index(opponent)?)?
            .cube_action(cube))
    }
}

impl<T: Real> Equities<T> {
    /// The player on roll's equity if he doubles and the opponent takes: 2 × `opponent_owns`.
    pub fn taken(&self) -> T {
        self.opponent_owns.clone() + self.opponent_owns.clone()
    }

    /// Whether the opponent takes a double: taking must leave the doubler below the 1 a pass
    /// gives him (a tie at the take point goes to a pass).
    pub fn opponent_takes(&self) -> bool {
        self.taken() < T::one()
    }

    /// The doubler's equity after the opponent's best answer: 2 × `opponent_owns`, capped at
    /// the 1 of a pass.
    pub fn doubled(&self) -> T {
        let taken = self.taken();
        if taken < T::one() { taken } else { T::one() }
    }

    /// The equity of the player on roll with the cube as `cube`, if he does not double
    /// now: `centred`, `owned` or `opponent_owns`.
    pub fn equity(&self, cube: CubeOwnership) -> &T {
        match cube {
            CubeOwnership::Centred => &self.centred,
            CubeOwnership::Owned => &self.owned,
            CubeOwnership::OpponentOwns => &self.opponent_owns,
        }
    }

    /// The cube decisions these equities imply: the player on roll doubles (or redoubles)
    /// when [`Equities::doubled`] is at least his equity without doubling, a tie going to
    /// doubling as GNU Backgammon decides; the opponent takes as
    /// [`Equities::opponent_takes`] says.
    pub fn decisions(&self) -> CubeDecisions {
        let doubled = self.doubled();
        CubeDecisions {
            double: doubled >= self.centred,
            redouble: doubled >= self.owned,
            take: self.opponent_takes(),
        }
    }

    /// The player on roll's equity once he has made his cube decision with the cube as
    /// `cube`: [`Equities::doubled`] if he doubles, else [`Equities::equity`]. (The build
    /// calls this for every pair and roll, so it compares only what `cube` needs.)
    pub fn after_cube_decision(&self, cube: CubeOwnership) -> T {
        let no_double = self.equity(cube);
        if cube == CubeOwnership::OpponentOwns {
            return no_double.clone();
        }
        let doubled = self.doubled();
        if doubled >= *no_double {
            doubled
        } else {
            no_double.clone()
        }
    }

    /// The cube action of the player on roll with the cube as `cube`
    /// ([`Equities::decisions`]).
    ///
    /// ```
    /// use backgammon_cube::cube::{CubeAction, CubeOwnership};
    /// use backgammon_cube::two_sided::Equities;
    /// // Cubeless 70%: no double at 0.45, the double taken at 2 × 0.3.
    /// let entry = Equities { win: 0.7, centred: 0.45, owned: 0.5, opponent_owns: 0.3 };
    /// assert_eq!(entry.cube_action(CubeOwnership::Centred), CubeAction::DoubleTake);
    /// ```
    pub fn cube_action(&self, cube: CubeOwnership) -> CubeAction {
        self.decisions().action(cube)
    }
}

/// C(n, k), for the small arguments of gnubg's position numbers.
pub(crate) fn binomial(n: u32, k: u32) -> usize {
    if k > n {
        return 0;
    }
    (0..k).fold(1usize, |c, i| c * (n - i) as usize / (i + 1) as usize)
}

/// The length of gnubg's two-sided file of `positions` a side: its 40-byte header and four
/// 16-bit equities a pair.
pub(crate) fn gnubg_file_length(positions: usize) -> u64 {
    GNUBG_HEADER as u64 + 8 * (positions as u64).pow(2)
}

/// The length of the header of gnubg's two-sided file.
pub(crate) const GNUBG_HEADER: usize = 40;

/// gnubg's number of `position` (at most `max_checkers` checkers): see
/// [`TwoSidedDatabase::gnubg_index`].
pub(crate) fn gnubg_index(position: &BearoffPosition, max_checkers: u32) -> usize {
    let cells = max_checkers + 6;
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
    index
}

/// The position gnubg numbers `index` (below C(`max_checkers` + 6, 6)).
/// The rank of `position` among the positions of at most `max_checkers` checkers
/// ([`TwoSidedDatabase::index`]), or [`TwoSidedError::BeyondDatabase`].
pub(crate) fn checked_rank(
    position: &BearoffPosition,
    max_checkers: u32,
) -> Result<usize, TwoSidedError> {
    rank(position, max_checkers).ok_or_else(|| TwoSidedError::BeyondDatabase {
        checkers: (1..=6).map(|p| u32::from(position.on(p))).sum(),
        max: max_checkers,
    })
}

/// [`position_at_gnubg_index`], or [`TwoSidedError::IndexOutOfRange`] past the
/// C(C + 6, 6) positions of at most `max_checkers` checkers.
pub(crate) fn checked_position_at_gnubg_index(
    index: usize,
    max_checkers: u32,
) -> Result<BearoffPosition, TwoSidedError> {
    let positions = binomial(max_checkers + 6, 6);
    if index >= positions {
        return Err(TwoSidedError::IndexOutOfRange { index, positions });
    }
    Ok(position_at_gnubg_index(index, max_checkers))
}

pub(crate) fn position_at_gnubg_index(index: usize, max_checkers: u32) -> BearoffPosition {
    let (mut rest, mut left) = (index, 6u32);
    let mut markers = 0u32;
    for cell in (0..max_checkers + 6).rev() {
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
    for cell in 0..max_checkers + 6 {
        if markers & (1 << cell) == 0 {
            points.push(point);
        } else if point == 1 {
            break;
        } else {
            point -= 1;
        }
    }
    BearoffPosition::from_points(&points).expect("at most max_checkers checkers on points 1 to 6")
}

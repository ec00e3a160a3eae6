//! Nim-values of Grundy's game for every heap up to a bound, by the rare/common ("sparse
//! space") method of Winning Ways, chapter 4, on the engine every take-and-break game
//! shares ([`crate::rare_common`]).
//!
//! G(n) = mex S(n), S(n) = {G(a) ⊕ G(n − a) : 1 ≤ a < n/2}. Grundy's game splits a heap
//! into two without removing a token, into heaps of different sizes; its values are rare
//! under the mask …11110 of Winning Ways and Flammenkamp ([`super::is_rare_value`]), fixed
//! rather than chosen from the data.

use crate::milestones::{Milestone, checksum, milestones};
use crate::rare_common::mask::Split;
use crate::rare_common::{Computation, MaskChoice, Rules};

pub use crate::rare_common::{NimValueError, Schedule};

/// G(0), …, G(N) for Grundy's game, with the rare heaps found on the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NimValueTable {
    values: Vec<u16>,
    rare_heaps: Vec<u32>,
    full_scans: u64,
}

impl NimValueTable {
    /// The nim-values, G(0) first.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// The heaps n ≥ 1 whose value is rare, ascending.
    pub fn rare_heaps(&self) -> &[u32] {
        &self.rare_heaps
    }

    /// How many heaps n ≥ 1 have G(n) = 0: single heaps lost for the player to move.
    pub fn p_position_count(&self) -> usize {
        self.values.iter().skip(1).filter(|&&v| v == 0).count()
    }

    /// How many rare candidates needed a scan of S(n): no witness in the two windows
    /// searched first (always so below heap 32,769, where they are not used), or the
    /// candidate is missing and became the value. For a candidate above 255 the scan
    /// reads only the pairs with a heap whose value is above 255, the only ones that can
    /// witness it.
    pub fn full_scans(&self) -> u64 {
        self.full_scans
    }

    /// The statistics of the values at every power of two of heaps and at the last heap
    /// ([`milestones`]), rare heaps under the mask …11110.
    pub fn milestones(&self) -> Vec<Milestone> {
        milestones(&self.values, Some(grundy_split()))
    }

    /// A checksum of the values: FNV-1a (64 bits) over G(0), G(1), … as little-endian
    /// `u16`s, the bytes `game-analysis grundy --out` writes (as
    /// [`OctalValues::checksum`](crate::octal::OctalValues::checksum)).
    ///
    /// ```
    /// use nim_games::grundys_game::nim_values;
    /// let table = nim_values(1000)?;
    /// assert_eq!(table.checksum(), table.milestones().last().unwrap().checksum);
    /// # Ok::<(), nim_games::grundys_game::NimValueError>(())
    /// ```
    pub fn checksum(&self) -> u64 {
        checksum(&self.values)
    }

    /// Consumes the table, giving the values.
    pub fn into_values(self) -> Vec<u16> {
        self.values
    }
}

/// Winning Ways' and Flammenkamp's split of Grundy's game: a value is rare when its bits
/// above the lowest have an even count (mask …11110).
pub(crate) fn grundy_split() -> Split {
    Split::by_value(!1)
}

/// Grundy's game's moves: split a heap into two unequal heaps.
pub(crate) fn grundy_rules() -> Rules {
    Rules {
        split: vec![0],
        unequal: true,
        ..Rules::default()
    }
}

/// G(0), …, G(`max_heap`) for Grundy's game on two threads: the common case of
/// [`NimValueOptions`].
///
/// # Errors
///
/// [`NimValueError::ValueOverflow`] if a value reaches `u16::MAX` (not seen for any heap
/// computed so far); [`NimValueError::OutOfMemory`] if the table of 2(`max_heap` + 1) bytes
/// cannot be allocated.
///
/// ```
/// use nim_games::grundys_game::nim_values;
/// let table = nim_values(20)?;
/// assert_eq!(&table.values()[..8], &[0, 0, 0, 1, 0, 2, 1, 0]);
/// assert_eq!(table.p_position_count(), 6); // heaps 1, 2, 4, 7, 10, 20
/// # Ok::<(), nim_games::grundys_game::NimValueError>(())
/// ```
pub fn nim_values(max_heap: u32) -> Result<NimValueTable, NimValueError> {
    NimValueOptions::new().compute(max_heap)
}

/// The options of a computation of Grundy's game's nim-values by the rare/common method:
/// the [`Schedule`] (two threads unless told) and a progress callback (none unless told).
///
/// ```
/// use nim_games::grundys_game::{NimValueOptions, Schedule};
/// let mut reports = Vec::new();
/// let table = NimValueOptions::new()
///     .schedule(Schedule::OneThread)
///     .progress(|heap| reports.push(heap))
///     .compute(1 << 21)?;
/// assert_eq!(table.values().len(), (1 << 21) + 1);
/// assert_eq!(reports, [1 << 20, 1 << 21]);
/// # Ok::<(), nim_games::grundys_game::NimValueError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct NimValueOptions<P = fn(u32)> {
    schedule: Schedule,
    progress: P,
}

impl NimValueOptions {
    /// Two threads, no progress reports.
    pub fn new() -> Self {
        NimValueOptions {
            schedule: Schedule::TwoThreads,
            progress: |_| {},
        }
    }
}

impl Default for NimValueOptions {
    fn default() -> Self {
        NimValueOptions::new()
    }
}

impl<P: FnMut(u32)> NimValueOptions<P> {
    /// How the work is spread; the values are the same under either [`Schedule`], and
    /// [`Schedule::TwoThreads`] is faster on a machine with two free cores.
    pub fn schedule(self, schedule: Schedule) -> Self {
        NimValueOptions { schedule, ..self }
    }

    /// Calls `progress(n)` every 2^20 heaps, n the last heap computed.
    pub fn progress<Q: FnMut(u32)>(self, progress: Q) -> NimValueOptions<Q> {
        NimValueOptions {
            schedule: self.schedule,
            progress,
        }
    }

    /// G(0), …, G(`max_heap`).
    ///
    /// # Errors
    ///
    /// As [`nim_values`].
    pub fn compute(mut self, max_heap: u32) -> Result<NimValueTable, NimValueError> {
        let outcome = Computation {
            rules: grundy_rules(),
            mask: MaskChoice::Fixed(grundy_split()),
            schedule: self.schedule,
            stop_when: None,
            progress: &mut |n| (self.progress)(n as u32),
        }
        .run(max_heap)?;
        Ok(NimValueTable {
            values: outcome.values,
            rare_heaps: outcome.rare_heaps,
            full_scans: outcome.full_scans,
        })
    }
}

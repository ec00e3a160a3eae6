//! Nim-values of every octal game by the rare/common method (Winning Ways, chapter 4;
//! Gangolli and Plambeck 1989; Flammenkamp), beyond the quadratic [`nim_sequence`].
//!
//! A mask m splits the values in two by the parity of v & m: *rare* when it is even (0 is
//! always rare), *common* when odd. Parity is additive under ⊕, so a split into heaps a and
//! b gives a common value only when exactly one of G(a), G(b) is rare. With few rare heaps
//! the pairs that hold a rare heap are few, and they decide every common candidate for
//! G(n) exactly; each rare candidate below the least missing common value is looked for
//! among the other splits until a witness turns up (usually among the first few hundred)
//! or every split has been read, when it is the value. Every value is therefore exact
//! whatever the mask; the mask chooses only how much work the rare pairs take.
//!
//! In a game whose splitting moves all remove an even number of tokens, or all an odd
//! number, the heap's parity may count too ([`Split`]): heap n is rare when
//! popcount(G(n) & m) + n + t is even, t the parity of the tokens removed. The two heaps a
//! split of n leaves then have parities adding up to n + t's, so a pair of one class gives
//! exactly the values that would make n rare — *rare for n* — and a rare heap with a
//! common one the others. The argument above holds heap by heap with "rare for n" in place
//! of "rare": the rare pairs decide every value common for n, and every value rare for n
//! below the least missing common one is witnessed or scanned for. Games such as .005 and
//! .06, whose values are dense under every mask, have few rare heaps under such a split.
//!
//! The engine is the one Grundy's game runs on ([`crate::grundys_game::nim_values`]): the
//! rare pairs of a block of 256 heaps marked at once, one contiguous run of partners per
//! rare heap, on a second thread with [`Schedule::TwoThreads`] (the default), and the
//! witnesses looked for in two windows of pairs at a time. Here the mask is chosen from
//! the data — the split that leaves the fewest heaps rare, with the heap's parity where the
//! game allows it, by a Walsh–Hadamard transform of the counts of the values and parities
//! ([`fewest_rare_split`]) — after 1,024 heaps computed by a direct mex, and chosen again
//! each time the number of heaps doubles, and once more over all the values at the end, so
//! that the split a run reports is the one that fits them all best. A game whose best split
//! still leaves a quarter of the heaps rare has no useful split, and is computed by a
//! direct mex over all its options. [`RareSplit`] reads any table of values under any
//! split, as the published tables count them.
//!
//! ```
//! use nim_games::heap_games::{OctalGame, nim_sequence};
//! use nim_games::octal::octal_values;
//! let dawsons_kayles = OctalGame::parse("0.07")?;
//! let table = octal_values(&dawsons_kayles, 2_000)?;
//! assert_eq!(table.values(), nim_sequence(&dawsons_kayles, 2_000)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`nim_sequence`]: crate::heap_games::nim_sequence

use crate::heap_games::OctalGame;
use crate::milestones::{Milestone, checksum, milestones};
use crate::periodicity::{Periodicity, proven_periodicity_at_most_half};
use crate::rare_common::{Computation, MaskChoice, Rules, StopWhen, rare_heaps};

pub use crate::rare_common::mask::{Split, fewest_rare_split, is_rare};
pub use crate::rare_common::{NimValueError, Schedule};

/// G(0), …, G(N) of an octal game, with the rare/common split the method used last and
/// the period the values prove.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OctalValues {
    values: Vec<u16>,
    split: Option<Split>,
    rare_heaps: Vec<u32>,
    periodicity: Option<Periodicity>,
}

impl OctalValues {
    /// The nim-values, G(0) first.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// The rare/common split, chosen over all the values at the end (the one under which
    /// the fewest heaps are rare, [`fewest_rare_split`]); `None` when the game has no
    /// useful split and every value came from a direct mex.
    pub fn split(&self) -> Option<Split> {
        self.split
    }

    /// The heaps n ≥ 1 rare under [`OctalValues::split`], ascending (empty without a
    /// split).
    pub fn rare_heaps(&self) -> &[u32] {
        &self.rare_heaps
    }

    /// The period and pre-period the values prove by the Octal Game Periodicity Theorem,
    /// among the periods up to half the values
    /// ([`proven_periodicity_at_most_half`]); `None` when they prove none yet.
    pub fn periodicity(&self) -> Option<Periodicity> {
        self.periodicity
    }

    /// The last exceptional heap of a proven period: the last n with G(n) ≠ G(n + p), the
    /// pre-period less one (`None` without a proven period, or with none exceptional).
    pub fn last_exception(&self) -> Option<usize> {
        self.periodicity?.preperiod.checked_sub(1)
    }

    /// A checksum of the values: FNV-1a (64 bits) over G(0), G(1), … as little-endian
    /// `u16`s, the bytes `game-analysis octal --out` writes.
    pub fn checksum(&self) -> u64 {
        checksum(&self.values)
    }

    /// The statistics of the values at every power of two of heaps and at the last heap
    /// ([`milestones`]), rare heaps counted under
    /// [`OctalValues::split`].
    pub fn milestones(&self) -> Vec<Milestone> {
        milestones(&self.values, self.split)
    }

    /// The largest value and the first heap with it, as (heap, value) ([`largest`]).
    pub fn largest(&self) -> (usize, u16) {
        largest(&self.values)
    }
}

/// The largest of nim-values G(0), G(1), … and the first heap with it, as (heap, value);
/// (0, 0) for no values.
///
/// ```
/// assert_eq!(nim_games::octal::largest(&[0, 1, 2, 2, 1]), (2, 2));
/// ```
pub fn largest(values: &[u16]) -> (usize, u16) {
    values
        .iter()
        .enumerate()
        .max_by_key(|&(heap, &value)| (value, std::cmp::Reverse(heap)))
        .map_or((0, 0), |(heap, &value)| (heap, value))
}

/// The moves of an octal game by what they leave, read once from its digits: d_k's bit 1
/// removes a whole heap of k, bit 2 removes k from a larger heap leaving one, bit 4
/// removes k (k = 0 for d0 = 4) and splits what is left into two non-empty heaps.
pub(crate) fn rules_of(game: &OctalGame) -> Rules {
    let mut rules = Rules::default();
    for (k, &digit) in game.digits().iter().enumerate() {
        if k > 0 && digit & 1 != 0 {
            rules.take_all.push(k);
        }
        if k > 0 && digit & 2 != 0 {
            rules.leave_one.push(k);
        }
        if digit & 4 != 0 {
            rules.split.push(k);
        }
    }
    rules
}

/// G(0), …, G(`max_heap`) of `game` by the rare/common method: the common case of
/// [`OctalOptions`].
///
/// # Errors
///
/// [`NimValueError::ValueOverflow`] if a value passes 65,534; [`NimValueError::OutOfMemory`]
/// if the table of 2(`max_heap` + 1) bytes cannot be allocated.
pub fn octal_values(game: &OctalGame, max_heap: u32) -> Result<OctalValues, NimValueError> {
    OctalOptions::new().compute(game, max_heap)
}

/// The options of a computation of an octal game's nim-values: whether to stop as soon as
/// a period is proven, and a progress callback.
///
/// ```
/// use nim_games::heap_games::OctalGame;
/// use nim_games::octal::OctalOptions;
/// use nim_games::periodicity::Periodicity;
/// // Dawson's Kayles: period 34 from heap 53 (Winning Ways), proven well before 10^5.
/// let table = OctalOptions::new()
///     .until_proven()
///     .compute(&OctalGame::parse("0.07")?, 100_000)?;
/// assert_eq!(table.periodicity(), Some(Periodicity { preperiod: 53, period: 34 }));
/// assert!(table.values().len() < 2_000);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct OctalOptions<P = fn(u32)> {
    until_proven: bool,
    schedule: Schedule,
    progress: P,
}

impl OctalOptions {
    /// Every heap up to the bound on two threads, no progress reports.
    pub fn new() -> Self {
        OctalOptions {
            until_proven: false,
            schedule: Schedule::TwoThreads,
            progress: |_| {},
        }
    }
}

impl Default for OctalOptions {
    fn default() -> Self {
        OctalOptions::new()
    }
}

impl<P: FnMut(u32)> OctalOptions<P> {
    /// Stop as soon as the values prove a period: they are checked each time their number
    /// grows by an eighth (and at least 1,024).
    pub fn until_proven(self) -> Self {
        OctalOptions {
            until_proven: true,
            ..self
        }
    }

    /// How the work is spread; the values are the same under either [`Schedule`].
    pub fn schedule(self, schedule: Schedule) -> Self {
        OctalOptions { schedule, ..self }
    }

    /// Calls `progress(n)` every 2^20 heaps, n the last heap computed.
    pub fn progress<Q: FnMut(u32)>(self, progress: Q) -> OctalOptions<Q> {
        OctalOptions {
            until_proven: self.until_proven,
            schedule: self.schedule,
            progress,
        }
    }

    /// G(0), …, G(`max_heap`), or fewer when [`OctalOptions::until_proven`] stops early.
    ///
    /// # Errors
    ///
    /// As [`octal_values`].
    pub fn compute(
        mut self,
        game: &OctalGame,
        max_heap: u32,
    ) -> Result<OctalValues, NimValueError> {
        let t = game.max_removal();
        let rules = rules_of(game);
        let mut proven = None;
        let mut stop_when = |values: &[u16]| {
            proven = proven_periodicity_at_most_half(values, t);
            proven.is_some()
        };
        let outcome = Computation {
            rules: rules.clone(),
            mask: MaskChoice::FromData,
            schedule: self.schedule,
            stop_when: self.until_proven.then_some(&mut stop_when as StopWhen),
            progress: &mut |n| (self.progress)(n as u32),
        }
        .run(max_heap)?;
        let values = outcome.values;
        let periodicity = proven.or_else(|| proven_periodicity_at_most_half(&values, t));
        let split = rules.useful_split(&values);
        let rare_heaps = split
            .into_iter()
            .flat_map(|split| rare_heaps(&values, split))
            .map(|n| n as u32)
            .collect();
        Ok(OctalValues {
            values,
            split,
            rare_heaps,
            periodicity,
        })
    }
}

/// t when every splitting move of `game` removes a number of tokens of parity t, so that a
/// rare/common split may read the heap's parity ([`Split::heap_parity`]); `None` when its
/// splits remove both even and odd numbers, or it has none.
///
/// ```
/// use nim_games::OctalGame;
/// use nim_games::octal::split_parity;
/// assert_eq!(split_parity(&OctalGame::parse("0.005")?), Some(1)); // splits remove 3
/// assert_eq!(split_parity(&OctalGame::parse("0.06")?), Some(0)); // splits remove 2
/// assert_eq!(split_parity(&OctalGame::parse("0.76")?), None); // 1 or 2
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn split_parity(game: &OctalGame) -> Option<u8> {
    rules_of(game).split_parity()
}

/// How the values of two games compare heap by heap ([`compare_values`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Comparison {
    /// They first differ at this heap.
    Differ {
        /// The first heap n with G(n) ≠ G'(n).
        heap: usize,
    },
    /// They agree on every heap both tables hold.
    Agree {
        /// The heaps compared, 0..heaps.
        heaps: usize,
        /// Whether that proves them equal on every heap: both periods are proven, and the
        /// heaps compared reach the later pre-period plus the least common multiple of the
        /// periods, after which both sequences repeat together.
        forever: bool,
    },
}

/// Compares the values of two games over the heaps both tables hold: whether two octal
/// codes are one game (Winning Ways' game locator, Flammenkamp's tables of equivalent
/// games).
///
/// ```
/// use nim_games::heap_games::OctalGame;
/// use nim_games::octal::{Comparison, OctalOptions, compare_values};
/// let values = |code| -> Result<_, Box<dyn std::error::Error>> {
///     Ok(OctalOptions::new().until_proven().compute(&OctalGame::parse(code)?, 5_000)?)
/// };
/// // .27 is .26 (both period 4 from heap 1), not .06.
/// let (a, b, c) = (values("0.27")?, values("0.26")?, values("0.06")?);
/// assert!(matches!(compare_values(&a, &b), Comparison::Agree { forever: true, .. }));
/// assert_eq!(compare_values(&a, &c), Comparison::Differ { heap: 2 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn compare_values(a: &OctalValues, b: &OctalValues) -> Comparison {
    let heaps = a.values.len().min(b.values.len());
    if let Some(heap) = (0..heaps).find(|&n| a.values[n] != b.values[n]) {
        return Comparison::Differ { heap };
    }
    let forever = match (a.periodicity, b.periodicity) {
        (Some(p), Some(q)) => {
            let lcm = p.period / gcd(p.period, q.period) * q.period;
            p.preperiod.max(q.preperiod).saturating_add(lcm) <= heaps
        }
        _ => false,
    };
    Comparison::Agree { heaps, forever }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// A table of values read under one split, as the published tables print it: how many
/// heaps n ≥ 0 are rare (heap 0 included, as the tables count it: rare unless the split
/// reads the heap's parity with t = 1), and the last of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RareSplit {
    /// The split.
    pub split: Split,
    /// The number of heaps n ≥ 0 rare under it.
    pub rare: usize,
    /// The last rare heap (heap 0 when no other is).
    pub last_rare: usize,
}

impl RareSplit {
    /// `values` (G(0) first) read under `split`.
    ///
    /// ```
    /// use nim_games::octal::{RareSplit, Split};
    /// let split = RareSplit::under(&[0, 1, 1, 2, 2, 3, 1], Split::by_value(0b10));
    /// assert_eq!((split.rare, split.last_rare), (4, 6));
    /// // .127 begins 0, 1, 0, 2, 2, 1, 0, 4; read with the heap's parity (its splits remove
    /// // 3 tokens), heaps 3 and 7 are rare.
    /// let pos = Split { mask: 1, heap_parity: Some(1) };
    /// let split = RareSplit::under(&[0, 1, 0, 2, 2, 1, 0, 4], pos);
    /// assert_eq!((split.rare, split.last_rare), (2, 7));
    /// ```
    pub fn under(values: &[u16], split: Split) -> RareSplit {
        let rare_at = |n: usize| split.is_rare(n, values[n]);
        RareSplit {
            split,
            rare: (0..values.len()).filter(|&n| rare_at(n)).count(),
            last_rare: (0..values.len()).rev().find(|&n| rare_at(n)).unwrap_or(0),
        }
    }
}

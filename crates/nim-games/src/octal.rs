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
//! The engine is the one Grundy's game runs on ([`crate::grundys_game::nim_values`]): the
//! rare pairs of a block of 256 heaps marked at once, one contiguous run of partners per
//! rare heap, on a second thread with [`Schedule::TwoThreads`] (the default), and the
//! witnesses looked for in two windows of pairs at a time. Here the mask is chosen from
//! the data — the mask that leaves the fewest heaps rare, by a Walsh–Hadamard transform of
//! the counts of the values ([`fewest_rare_mask`]) — after 1,024 heaps computed by a
//! direct mex, and chosen again each time the number of heaps doubles, and once more over
//! all the values at the end, so that the mask a run reports is the one that fits them all
//! best. A game whose best mask still leaves a quarter of the heaps rare has no useful
//! split, and is computed by a direct mex over all its options. [`RareSplit`] reads any
//! table of values under any mask, as the published tables count them.
//!
//! ```
//! use nim_games::heap_games::{OctalGame, nim_sequence};
//! use nim_games::octal::octal_values;
//! let dawsons_kayles = OctalGame::parse("0.07")?;
//! let table = octal_values(&dawsons_kayles, 2_000)?;
//! let direct: Vec<u16> = nim_sequence(&dawsons_kayles, 2_000).iter().map(|&v| v as u16).collect();
//! assert_eq!(table.values(), &direct[..]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`nim_sequence`]: crate::heap_games::nim_sequence

use crate::heap_games::OctalGame;
use crate::periodicity::{Periodicity, proven_periodicity_at_most_half};
use crate::rare_common::mask::{mask_range, parity_transform};
use crate::rare_common::{Computation, MaskChoice, Rules, StopWhen, rare_heaps};

pub use crate::rare_common::mask::{fewest_rare_mask, is_rare};
pub use crate::rare_common::{NimValueError, Schedule};

/// G(0), …, G(N) of an octal game, with the rare/common split the method used last and
/// the period the values prove.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OctalValues {
    values: Vec<u16>,
    mask: Option<u16>,
    rare_heaps: Vec<u32>,
    periodicity: Option<Periodicity>,
}

impl OctalValues {
    /// The nim-values, G(0) first.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// The mask of the rare/common split, chosen over all the values at the end (the one
    /// under which the fewest heaps are rare, [`fewest_rare_mask`]); `None` when the game
    /// has no useful split and every value came from a direct mex.
    pub fn mask(&self) -> Option<u16> {
        self.mask
    }

    /// The heaps n ≥ 1 whose value is rare under [`OctalValues::mask`], ascending (empty
    /// without a mask).
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
        self.values
            .iter()
            .flat_map(|value| value.to_le_bytes())
            .fold(FNV_OFFSET, |hash, byte| {
                (hash ^ u64::from(byte)).wrapping_mul(FNV_PRIME)
            })
    }
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// The moves of an octal game by what they leave, read once from its digits: d_k's bit 1
/// removes a whole heap of k, bit 2 removes k from a larger heap leaving one, bit 4
/// removes k (k = 0 for d0 = 4) and splits what is left into two non-empty heaps.
fn rules_of(game: &OctalGame) -> Rules {
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
            progress: &mut self.progress,
        }
        .run(max_heap)?;
        let values = outcome.values;
        let periodicity = proven.or_else(|| proven_periodicity_at_most_half(&values, t));
        let mask = rules.useful_mask(&values);
        let rare_heaps = mask
            .into_iter()
            .flat_map(|mask| rare_heaps(&values, mask))
            .map(|n| n as u32)
            .collect();
        Ok(OctalValues {
            values,
            mask,
            rare_heaps,
            periodicity,
        })
    }
}

/// The nonzero mask m under which the fewest heaps are rare in the split with the heap's
/// parity ([`RareSplit::with_heap_parity`]: n rare when popcount(G(n) & m) + n is odd),
/// with that number; `None` when every value is 0.
///
/// With E and O the transforms of the counts over the even and the odd heaps, the rare
/// heaps under m are the even heaps of odd parity and the odd heaps of even parity:
/// (|even| − E(m)) / 2 + (|odd| + O(m)) / 2.
///
/// ```
/// use nim_games::octal::fewest_rare_mask_with_heap_parity;
/// // Values that follow the heap's parity but once (heap 3).
/// assert_eq!(fewest_rare_mask_with_heap_parity(&[0, 1, 2, 2, 4, 5]), Some((1, 1)));
/// ```
pub fn fewest_rare_mask_with_heap_parity(values: &[u16]) -> Option<(u16, usize)> {
    let size = mask_range(values)?;
    let even = parity_transform(values.iter().copied().step_by(2), size);
    let odd = parity_transform(values.iter().copied().skip(1).step_by(2), size);
    let evens = values.len().div_ceil(2) as i64;
    let odds = (values.len() / 2) as i64;
    (1..size)
        .map(|mask| {
            let rare = (evens - even[mask]) / 2 + (odds + odd[mask]) / 2;
            (mask as u16, rare as usize)
        })
        .min_by_key(|&(mask, rare)| (rare, mask))
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

/// A table of values read under one mask, as the published tables print it: how many heaps
/// n ≥ 0 (heap 0 included: G(0) = 0 is rare under every mask) have a rare value, and the
/// last of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RareSplit {
    /// The mask.
    pub mask: u16,
    /// The number of heaps n ≥ 0 whose value is rare.
    pub rare: usize,
    /// The last heap whose value is rare (heap 0 when no other is).
    pub last_rare: usize,
}

impl RareSplit {
    /// `values` (G(0) first) read under `mask`.
    ///
    /// ```
    /// use nim_games::octal::RareSplit;
    /// let split = RareSplit::of(&[0, 1, 1, 2, 2, 3, 1], 0b10);
    /// assert_eq!((split.rare, split.last_rare), (4, 6));
    /// ```
    pub fn of(values: &[u16], mask: u16) -> RareSplit {
        RareSplit::counted(mask, values.len(), |n| is_rare(values[n], mask))
    }

    /// `values` read under `mask` together with the heap's parity, the split Gangolli and
    /// Plambeck used for .127 (printed "1+pos" in Czajka's table): heap n is rare when
    /// popcount(G(n) & m) + n is odd, so that the value's parity, not the value, decides
    /// against the heap's.
    ///
    /// ```
    /// use nim_games::octal::RareSplit;
    /// // .127 begins 0, 1, 0, 2, 2, 1, 0, 4: heaps 3 and 7 have values of the other parity.
    /// let split = RareSplit::with_heap_parity(&[0, 1, 0, 2, 2, 1, 0, 4], 1);
    /// assert_eq!((split.rare, split.last_rare), (2, 7));
    /// ```
    pub fn with_heap_parity(values: &[u16], mask: u16) -> RareSplit {
        RareSplit::counted(mask, values.len(), |n| {
            is_rare(values[n], mask) == (n % 2 == 1)
        })
    }

    /// The split of heaps 0..`heaps` whose rare ones `rare_at` tells.
    fn counted(mask: u16, heaps: usize, rare_at: impl Fn(usize) -> bool) -> RareSplit {
        RareSplit {
            mask,
            rare: (0..heaps).filter(|&n| rare_at(n)).count(),
            last_rare: (0..heaps).rev().find(|&n| rare_at(n)).unwrap_or(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_transforms_count_the_split_with_the_heap_parity_as_a_direct_count_does() {
        let values: Vec<u16> = (0..501u32)
            .map(|n| ((n * 29 + n / 5) % 19) as u16)
            .collect();
        let (mask, rare) = fewest_rare_mask_with_heap_parity(&values).unwrap();
        for m in 1..32u16 {
            let count = RareSplit::with_heap_parity(&values, m).rare;
            assert!(count >= rare, "mask {m}: {count} < {rare}");
            if m == mask {
                assert_eq!(count, rare);
            }
        }
    }
}

//! Nim-values of every octal game by the rare/common method (Winning Ways, chapter 4;
//! Gangolli and Plambeck 1989; Flammenkamp), beyond the quadratic [`nim_sequence`].
//!
//! A mask m splits the values in two by the parity of v & m: *rare* when it is even (0 is
//! always rare), *common* when odd. Parity is additive under ⊕, so a split into heaps a and
//! b gives a common value only when exactly one of G(a), G(b) is rare. With few rare heaps
//! the pairs that hold a rare heap are few, and they decide every common candidate for
//! G(n) exactly; each rare candidate below the least missing common value is looked for
//! among all the splits until a witness turns up (usually among the first few) or the
//! scan ends, when it is the value. The rare pairs whose two heaps precede a block of 256
//! heaps are marked for the whole block at once, one contiguous run of partners per rare
//! heap. Every value is therefore exact whatever the mask; the
//! mask chooses only how much work the rare pairs take. It is chosen from the data — the
//! mask that leaves the fewest heaps rare, by a Walsh–Hadamard transform of the counts of
//! the values — and chosen again each time the number of heaps doubles, and once more over
//! all the values at the end, so that the mask a run reports is the one that fits them all
//! best. A game whose best mask still leaves a quarter of the heaps rare has no useful
//! split, and is computed by a direct mex over all splits. [`RareSplit`] reads any table
//! of values under any mask, as the published tables count them.
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

use game_core::stop::checkpoint;

use crate::grundys_game::NimValueError;
use crate::heap_games::OctalGame;
use crate::periodicity::{Periodicity, proven_periodicity_at_most_half};

/// Values above this cannot be held (the engine stores `u16`s and marks up to one more).
const MAX_VALUE: usize = u16::MAX as usize - 1;

/// Heaps computed by the direct mex before a mask is chosen from their values.
const FIRST_CHOICE: usize = 1 << 10;

/// Splits marked between two looks for the rare candidates still missing.
const WITNESS_CHUNK: usize = 64;

/// A mask is useful when it leaves fewer than one heap in this many rare.
const USEFUL_SPARSITY: usize = 4;

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
    /// `u16`s, the bytes `cargo xtask octal --out` writes.
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

/// The moves of an octal game by what they leave, read once from its digits.
#[derive(Debug, Clone, Default)]
struct Moves {
    /// k with bit 1 of d_k: remove k tokens, the whole heap.
    take_all: Vec<usize>,
    /// k with bit 2: remove k tokens, leaving one non-empty heap.
    leave_one: Vec<usize>,
    /// k with bit 4: remove k tokens (k = 0 for d0 = 4), leaving two non-empty heaps.
    split: Vec<usize>,
}

impl Moves {
    fn of(game: &OctalGame) -> Self {
        let mut moves = Moves::default();
        for (k, &digit) in game.digits().iter().enumerate() {
            if k > 0 && digit & 1 != 0 {
                moves.take_all.push(k);
            }
            if k > 0 && digit & 2 != 0 {
                moves.leave_one.push(k);
            }
            if digit & 4 != 0 {
                moves.split.push(k);
            }
        }
        moves
    }
}

/// The values seen among the options of the current heap, one byte each: marking is a
/// plain store, so the marks of many pairs do not wait on one another as read-modify-writes
/// of a bit set would. Every option is below the bound (the power of two above the largest
/// value so far), so only the flags below it are cleared between heaps.
struct Seen {
    flags: Vec<u8>,
    used: usize,
}

impl Seen {
    fn new() -> Self {
        Seen {
            flags: vec![0; MAX_VALUE + 3],
            used: 0,
        }
    }

    /// Starts a heap whose options are all below `bound`.
    fn start(&mut self, bound: usize) {
        let used = bound + 1;
        self.flags[..used.max(self.used)].fill(0);
        self.used = used;
    }

    fn mark(&mut self, value: u16) {
        self.flags[usize::from(value)] = 1;
    }

    fn contains(&self, value: usize) -> bool {
        self.flags[value] != 0
    }
}

/// The state of a computation: the values so far and the rare/common split.
struct Engine {
    moves: Moves,
    far: FarMarks,
    values: Vec<u16>,
    /// The power of two above the largest value so far: every option is below it.
    bound: usize,
    mask: Option<u16>,
    rare_heaps: Vec<u32>,
    seen: Seen,
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
    progress: P,
}

impl OctalOptions {
    /// Every heap up to the bound, no progress reports.
    pub fn new() -> Self {
        OctalOptions {
            until_proven: false,
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

    /// Calls `progress(n)` every 2^20 heaps, n the last heap computed.
    pub fn progress<Q: FnMut(u32)>(self, progress: Q) -> OctalOptions<Q> {
        OctalOptions {
            until_proven: self.until_proven,
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
        let heaps = max_heap as usize + 1;
        let mut values = Vec::new();
        values
            .try_reserve_exact(heaps)
            .map_err(|_| NimValueError::OutOfMemory {
                max_heap,
                bytes: 2 * heaps as u64,
            })?;
        let mut engine = Engine {
            moves: Moves::of(game),
            far: FarMarks::default(),
            values,
            bound: 1,
            mask: None,
            rare_heaps: Vec::new(),
            seen: Seen::new(),
        };
        let t = game.max_removal();
        let (mut next_choice, mut next_check) = (FIRST_CHOICE, FIRST_CHOICE);
        let mut periodicity = None;
        for n in 0..heaps {
            if n == next_choice {
                checkpoint();
                engine.choose_mask();
                next_choice *= 2;
            }
            if n.is_multiple_of(BLOCK) {
                engine.mark_far_pairs(n);
            }
            if self.until_proven && n == next_check {
                periodicity = proven_periodicity_at_most_half(&engine.values, t);
                if periodicity.is_some() {
                    break;
                }
                next_check += (next_check / 8).max(FIRST_CHOICE);
            }
            let value = engine.next_value(n);
            if value > MAX_VALUE {
                return Err(NimValueError::ValueOverflow { heap: n as u64 });
            }
            engine.push(value as u16);
            if n > 0 && n.is_multiple_of(1 << 20) {
                (self.progress)(n as u32);
            }
        }
        if periodicity.is_none() {
            periodicity = proven_periodicity_at_most_half(&engine.values, t);
        }
        engine.choose_mask();
        Ok(OctalValues {
            values: engine.values,
            mask: engine.mask,
            rare_heaps: engine.rare_heaps,
            periodicity,
        })
    }
}

/// Heaps whose far rare pairs are marked together.
const BLOCK: usize = 256;

/// The splits (r, n − k − r) of the heaps n of a block, r a rare heap, whose two heaps both
/// lie before the block: row i holds, as a bit set of `words` words, the values of those of
/// heap `start` + i. Marked a rare heap at a time over the whole block, they read the values
/// as one contiguous run per rare heap, which is most of the rare pairs' work.
#[derive(Debug, Default)]
struct FarMarks {
    start: usize,
    words: usize,
    bits: Vec<u64>,
    /// The rare heaps at the block's start (all below it): the first `rare_before` of the
    /// list.
    rare_before: usize,
}

/// Whether `value` is rare under `mask`: v & m has even parity (so 0 is always rare).
///
/// ```
/// use nim_games::octal::is_rare;
/// assert!(is_rare(0, 0x1e) && is_rare(6, 0x1e) && is_rare(7, 0x1e));
/// assert!(!is_rare(2, 0x1e) && !is_rare(16, 0x1e));
/// ```
pub fn is_rare(value: u16, mask: u16) -> bool {
    (value & mask).count_ones().is_multiple_of(2)
}

impl Engine {
    fn push(&mut self, value: u16) {
        let n = self.values.len();
        if n > 0 && self.mask.is_some_and(|mask| is_rare(value, mask)) {
            self.rare_heaps.push(n as u32);
        }
        self.values.push(value);
        self.bound = self.bound.max((usize::from(value) + 1).next_power_of_two());
    }

    /// Marks the far rare pairs of the block starting at heap `start`.
    fn mark_far_pairs(&mut self, start: usize) {
        let far = &mut self.far;
        far.start = start;
        far.rare_before = self.rare_heaps.len();
        if self.mask.is_none() {
            return;
        }
        far.words = self.bound.div_ceil(64);
        far.bits.clear();
        far.bits.resize(BLOCK * far.words, 0);
        for &k in &self.moves.split {
            for &rare in &self.rare_heaps {
                let rare = rare as usize;
                let rare_value = self.values[rare];
                // Heap start + i splits into rare and start + i − k − rare: at least 1, and
                // below the block.
                let first = (k + rare + 1).saturating_sub(start);
                let end = BLOCK.min(k + rare);
                if first >= end {
                    continue;
                }
                let partners = &self.values[start + first - k - rare..start + end - k - rare];
                for (i, &partner) in (first..end).zip(partners) {
                    let value = usize::from(rare_value ^ partner);
                    far.bits[i * far.words + value / 64] |= 1 << (value % 64);
                }
            }
        }
    }

    /// Marks the rare pairs of heap n: the far ones from the block's bit set, the others
    /// (a heap in the block, or a rare heap found in it) one by one.
    fn mark_rare_pairs(&mut self, n: usize) {
        let far = &self.far;
        let row = n - far.start;
        for (word_index, &word) in far.bits[row * far.words..(row + 1) * far.words]
            .iter()
            .enumerate()
        {
            let mut word = word;
            while word != 0 {
                let value = word_index * 64 + word.trailing_zeros() as usize;
                self.seen.mark(value as u16);
                word &= word - 1;
            }
        }
        let (before, during) = self.rare_heaps.split_at(far.rare_before);
        for &k in &self.moves.split {
            let left = n.saturating_sub(k);
            let near = before
                .iter()
                .take_while(|&&rare| rare as usize + far.start <= left);
            for &rare in near.chain(during) {
                let rare = rare as usize;
                if rare >= left {
                    break;
                }
                self.seen.mark(self.values[rare] ^ self.values[left - rare]);
            }
        }
    }

    /// G(n), from G(0), …, G(n − 1).
    fn next_value(&mut self, n: usize) -> usize {
        self.seen.start(self.bound);
        self.mark_whole_heap_moves(n);
        match self.mask {
            None => {
                self.mark_all_splits(n);
                (0..=self.bound)
                    .find(|&v| !self.seen.contains(v))
                    .unwrap_or(self.bound)
            }
            Some(mask) => self.rare_common_value(n, mask),
        }
    }

    fn mark_whole_heap_moves(&mut self, n: usize) {
        if self.moves.take_all.contains(&n) {
            self.seen.mark(0);
        }
        for &k in &self.moves.leave_one {
            if k < n {
                self.seen.mark(self.values[n - k]);
            }
        }
    }

    fn mark_all_splits(&mut self, n: usize) {
        for &k in &self.moves.split {
            let left = n.saturating_sub(k);
            for a in 1..=left / 2 {
                self.seen.mark(self.values[a] ^ self.values[left - a]);
            }
        }
    }

    /// Marks the splits with a rare heap, which decide the common candidates: the least
    /// unmarked common value c* is missing from the options. The rare values below c* not
    /// yet marked are then looked for by marking the other splits, a chunk at a time from
    /// the smallest heaps, until none is missing or every split has been marked: the value
    /// is the least candidate still unmarked.
    fn rare_common_value(&mut self, n: usize, mask: u16) -> usize {
        self.mark_rare_pairs(n);
        let least_common = (0..self.bound)
            .find(|&v| !is_rare(v as u16, mask) && !self.seen.contains(v))
            .unwrap_or(self.bound);
        // The least value not yet seen only moves up as splits are marked, so each look
        // starts where the last one stopped.
        let advance = |seen: &Seen, from: usize| {
            (from..least_common)
                .find(|&v| !seen.contains(v))
                .unwrap_or(least_common)
        };
        let mut least_missing = advance(&self.seen, 0);
        for &k in &self.moves.split {
            let left = n.saturating_sub(k);
            let mut start = 1;
            while start <= left / 2 && least_missing < least_common {
                let end = (start + WITNESS_CHUNK).min(left / 2 + 1);
                for a in start..end {
                    self.seen.mark(self.values[a] ^ self.values[left - a]);
                }
                least_missing = advance(&self.seen, least_missing);
                start = end;
            }
        }
        least_missing
    }

    /// Chooses the mask that leaves the fewest heaps n ≥ 1 rare, or none when even that
    /// leaves one heap in [`USEFUL_SPARSITY`] rare; rebuilds the list of rare heaps.
    fn choose_mask(&mut self) {
        if self.moves.split.is_empty() {
            return;
        }
        let heaps = &self.values[1..];
        self.mask = fewest_rare_mask(heaps)
            .filter(|&(_, rare)| rare * USEFUL_SPARSITY < heaps.len())
            .map(|(mask, _)| mask);
        self.rare_heaps = match self.mask {
            Some(mask) => (1..self.values.len())
                .filter(|&n| is_rare(self.values[n], mask))
                .map(|n| n as u32)
                .collect(),
            None => Vec::new(),
        };
    }
}

/// The nonzero mask under which the fewest of `values` are rare, with that number (the
/// least such mask when several tie, masks below the power of two above the largest
/// value); `None` when every value is 0 (no mask makes them common).
///
/// With h(v) the count of value v and H its Walsh–Hadamard transform,
/// H(m) = Σ_v h(v)(−1)^popcount(v & m), the number of rare values under m is
/// (Σ h + H(m)) / 2.
///
/// ```
/// use nim_games::octal::fewest_rare_mask;
/// // Under 0b10 only the values 0 and 1 are rare (under 0b01: 0, 2, 2; under 0b11: 0, 3, 3, 3).
/// assert_eq!(fewest_rare_mask(&[0, 1, 2, 3, 2, 3, 3]), Some((0b10, 2)));
/// ```
pub fn fewest_rare_mask(values: &[u16]) -> Option<(u16, usize)> {
    let size = mask_range(values)?;
    let transform = parity_transform(values.iter().copied(), size);
    let total = values.len() as i64;
    (1..size)
        .map(|mask| (mask as u16, ((total + transform[mask]) / 2) as usize))
        .min_by_key(|&(mask, rare)| (rare, mask))
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

/// The masks worth trying on `values`: those below the power of two above the largest
/// value (higher bits never change a parity); `None` when every value is 0.
fn mask_range(values: &[u16]) -> Option<usize> {
    let largest = values.iter().copied().max().unwrap_or(0);
    (largest > 0).then(|| (usize::from(largest) + 1).next_power_of_two())
}

/// The Walsh–Hadamard transform of the counts of `values` (each below `size`, a power of
/// two): at m, Σ_v count(v)(−1)^popcount(v & m).
fn parity_transform(values: impl Iterator<Item = u16>, size: usize) -> Vec<i64> {
    let mut transform = vec![0i64; size];
    for value in values {
        transform[usize::from(value)] += 1;
    }
    let mut half = 1;
    while half < size {
        for block in (0..size).step_by(2 * half) {
            for i in block..block + half {
                let (x, y) = (transform[i], transform[i + half]);
                transform[i] = x + y;
                transform[i + half] = x - y;
            }
        }
        half *= 2;
    }
    transform
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
    fn the_transform_counts_rare_values_as_a_direct_count_does() {
        let values: Vec<u16> = (0..500u32)
            .map(|n| ((n * 37 + n / 3) % 23) as u16)
            .collect();
        let (mask, rare) = fewest_rare_mask(&values).unwrap();
        for m in 1..32u16 {
            let count = values.iter().filter(|&&v| is_rare(v, m)).count();
            assert!(count >= rare, "mask {m}: {count} < {rare}");
            if m == mask {
                assert_eq!(count, rare);
            }
        }
    }

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

    #[test]
    fn all_zero_values_have_no_mask() {
        assert_eq!(fewest_rare_mask(&[0, 0, 0]), None);
    }
}

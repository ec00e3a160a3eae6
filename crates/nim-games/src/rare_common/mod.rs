//! The rare/common ("sparse space") method for the nim-values of take-and-break games
//! whose moves remove tokens from a heap and leave nothing, one heap or two: every octal
//! game and Grundy's game (Winning Ways, chapter 4; Gangolli and Plambeck 1989;
//! Flammenkamp). One engine serves them all: [`crate::octal`] and
//! [`crate::grundys_game::nim_values`] describe their moves to it as [`Rules`].
//!
//! G(n) = mex S(n), S(n) the values of n's options. A mask m splits the values in two by
//! the parity of v & m: *rare* when even (0 is always rare), *common* when odd; parity is
//! additive under ⊕, so rare ⊕ rare and common ⊕ common are rare, rare ⊕ common common.
//! Rare values occur at few heaps (Grundy's game under the mask …11110: 1,273 heaps from 1
//! to 10^7, the last at 82,860). Hence:
//!
//! - a split gives a common value only through a pair with one rare heap, so the rare
//!   heaps (and the moves that leave at most one heap, marked directly) decide every common
//!   candidate exactly, in O(#rare) — in particular the least common value c* missing from
//!   S(n) ([`pairs`]);
//! - each rare value below c* must be shown to be in S(n) by a witness pair. Vectorised
//!   passes over two windows of 16,384 pairs (a, n − k − a), the small heaps a and those
//!   just below the middle, serve every candidate at once and usually find them all
//!   ([`witness`]); a candidate they miss is looked for in the whole of S(n), which decides
//!   it exactly (a candidate above 255 only among the pairs with a heap whose value is
//!   above 255, the only pairs that can give it).
//!
//! Where every split removes a number of tokens of one parity t (.005: 3; .06: 2; Grundy's
//! game: 0), the split may read the heap's parity too ([`mask::Split`]): heap n is rare when
//! popcount(G(n) & m) + n + t is even. The parts a, b of a split of n have
//! (a + t) + (b + t) ≡ n + t, so the pair is of one class exactly when popcount(v & m) +
//! n + t is even, v = G(a) ⊕ G(b): which values are "rare" depends on n's parity, and the
//! two points above hold heap by heap with the values rare *for n* in place of the rare
//! values — the rare pairs decide every value common for n, and each value rare for n
//! below c* is witnessed or scanned for. Nothing else in the method reads the split.
//!
//! Every value is therefore exact whatever the split; the split and the heuristics only
//! choose the order of the work. Grundy's game takes its mask from the literature
//! ([`MaskChoice::Fixed`]); an octal game's is chosen from the data ([`MaskChoice::FromData`]:
//! the split that leaves the fewest heaps rare, [`mask::fewest_rare_split`]), after a
//! first 1,024 heaps by a direct mex and again each time the number of heaps doubles. A
//! game whose best split still leaves a quarter of the heaps rare has no useful one, and
//! is computed by a direct mex over all its options until a later choice finds one.
//!
//! Heaps go in blocks of `BLOCK`. A rare pair (r, n − k − r) whose two heaps both lie
//! before n's block is marked with those of the whole block at once ([`pairs`]). With
//! [`Schedule::TwoThreads`], those whose two heaps both lie before the block `LAG` blocks
//! earlier are marked on a second thread while the first computes the blocks in between.
//! Most rare heaps are far from the small ones, so this is most of the marking. How much
//! of it the first thread keeps is adjusted block by block: whichever thread waited longer
//! for the other takes on the pairs of a few more rare heaps. The values depend neither on
//! the schedule nor on the share.

pub mod mask;
mod pairs;
mod store;
mod witness;

use game_core::memory::{self, MemoryError};
use std::collections::VecDeque;
use std::ops::Range;
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use game_core::stop::checkpoint;

use pairs::{
    DENSE_REACH, FarMarks, FarRequest, RareHeap, RecentValues, far_runs, mark_near_pairs,
    partners_of, set_size,
};
use store::ValueStore;
use witness::{ValueSet, WINDOW, WindowTables, in_options, in_options_with_wide, in_pairs};

use mask::{Split, fewest_rare_split, is_rare};

/// Values are stored as `u16`, and a set of values one byte per value up to the power of
/// two above the largest: a value must stay below this bound.
const MAX_VALUE: usize = u16::MAX as usize;

/// Heaps per block of the schedule: a block's far rare pairs are marked while the blocks
/// before it are computed.
const BLOCK: usize = 256;

/// How many blocks ahead the far pairs are requested: up to this many blocks of them
/// wait computed, which absorbs the blocks where one thread is slower than the other.
const LAG: usize = 2;

/// The helper marks the pairs of rare heaps from this one on: for them, every partner in
/// a block lies below the block [`LAG`] blocks earlier.
const HELPER_FROM: usize = (LAG + 1) * BLOCK;

/// How many used buffers of far pairs wait, with a helper thread, before they are handed
/// out again ([`Solver::far_request`]), a few hundred kilobytes each: a buffer the
/// first thread has just read is still in its cache, and the helper clearing it at once
/// would pull every line back across. Eight was measured against four and sixteen
/// (docs/octal-games.md, Performance).
const HELD_BACK_BUFFERS: usize = 8;

/// The bytes of sets the buffers held back may take in all: where values run into the
/// thousands a block's sets take megabytes, and fewer are held back
/// ([`held_back_buffers`]), so that the engine stays within [`ENGINE_BYTES`].
const HELD_BACK_BYTES: usize = 2 << 20;

/// How many used buffers wait, with a helper thread, when a block's sets are `set_size`
/// values each: [`HELD_BACK_BUFFERS`], or fewer within [`HELD_BACK_BYTES`].
fn held_back_buffers(set_size: usize) -> usize {
    (HELD_BACK_BYTES / (BLOCK * set_size)).min(HELD_BACK_BUFFERS)
}

/// The helper takes a block's far pairs only when they are those of at least this many rare
/// heaps, and gives them back when fewer than half: handing a block across costs the first
/// thread a request and the block's sets read back from the other core's cache, whatever
/// the helper's share. .167, with 6 rare heaps past [`HELPER_FROM`], is computed on the
/// first thread alone; the other games measured have hundreds there (docs/octal-games.md,
/// Performance), and the threshold between was not tuned.
const HELPER_MIN_RARE: usize = 32;

/// By how many rare heaps the first thread's share of the far pairs moves after each block
/// ([`Solver::share_rare_pairs`]).
const SHARE_STEP: usize = 4;

/// Heaps computed by a direct mex before a mask is chosen from their values
/// ([`MaskChoice::FromData`]); then chosen again at twice as many, and so on. A multiple
/// of [`BLOCK`], so that every choice falls at the start of a block.
const FIRST_CHOICE: usize = 1 << 10;

/// A mask is useful when it leaves fewer than one heap in this many rare.
const USEFUL_SPARSITY: usize = 4;

/// The moves of a take-and-break game whose moves remove k tokens from one heap and leave
/// no heap, one heap or two (the octal games, Grundy's game), by what they leave.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Rules {
    /// k such that a heap of exactly k may be removed whole.
    pub take_all: Vec<usize>,
    /// k such that k tokens may be removed from a larger heap, leaving one heap.
    pub leave_one: Vec<usize>,
    /// k such that k tokens may be removed (k = 0: none) and what is left split into two
    /// non-empty heaps, ascending.
    pub split: Vec<usize>,
    /// Whether the two heaps of a split must differ in size (Grundy's game).
    pub unequal: bool,
}

impl Rules {
    /// The largest a of a split of `left` tokens into two non-empty heaps a ≤ left − a
    /// (a < left − a for unequal heaps); 0 when there is none.
    pub fn last_part(&self, left: usize) -> usize {
        if self.unequal {
            left.saturating_sub(1) / 2
        } else {
            left / 2
        }
    }

    /// The tokens left to split in two after removing k from heap n, if any.
    fn left_after(n: usize, k: usize) -> Option<usize> {
        n.checked_sub(k)
    }

    /// The largest k of a split, 0 when there is none.
    pub(super) fn largest_split(&self) -> usize {
        self.split.last().copied().unwrap_or(0)
    }

    /// t when every splitting move removes a number of tokens of parity t, so that a split
    /// may read the heap's parity ([`Split`]); `None` when the splits remove both even and
    /// odd numbers, or there are none.
    pub fn split_parity(&self) -> Option<u8> {
        let first = self.split.first()? % 2;
        self.split
            .iter()
            .all(|&k| k % 2 == first)
            .then_some(first as u8)
    }

    /// The split that leaves the fewest heaps n ≥ 1 of `values` (G(0) first) rare
    /// ([`fewest_rare_split`], with the heap's parity where [`Rules::split_parity`] allows
    /// it), if it leaves fewer than one in [`USEFUL_SPARSITY`] rare and the game has splits
    /// to pair (without, no pair is rare or common).
    pub fn useful_split(&self, values: &[u16]) -> Option<Split> {
        if self.split.is_empty() {
            return None;
        }
        let heaps = values.len().saturating_sub(1);
        fewest_rare_split(values, self.split_parity())
            .filter(|&(_, rare)| rare * USEFUL_SPARSITY < heaps)
            .map(|(split, _)| split)
    }

    /// Marks in `set` the values of the moves of heap n = `values.len()` that leave at most
    /// one heap.
    fn mark_whole_heap_moves(&self, set: &mut [u8], values: &ValueStore) {
        let n = values.len();
        if self.take_all.contains(&n) {
            set[0] = 1;
        }
        for &k in &self.leave_one {
            if k < n {
                set[usize::from(values.at(n - k))] = 1;
            }
        }
    }

    /// Marks in `set` the values of every split of heap n = `values.len()`.
    fn mark_all_splits(&self, set: &mut [u8], values: &[u16]) {
        let n = values.len();
        for &k in &self.split {
            let Some(left) = Rules::left_after(n, k) else {
                continue;
            };
            for a in 1..=self.last_part(left) {
                set[usize::from(values[a] ^ values[left - a])] = 1;
            }
        }
    }
}

/// The heaps n ≥ 1 of `values` (G(0) first) rare under `split`, ascending.
pub(crate) fn rare_heaps(values: &[u16], split: Split) -> impl Iterator<Item = usize> + '_ {
    (1..values.len()).filter(move |&n| split.is_rare(n, values[n]))
}

/// How the rare values are told from the common ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MaskChoice {
    /// Under this split throughout (Grundy's game: the mask …11110).
    Fixed(Split),
    /// Chosen from the values so far, at [`FIRST_CHOICE`] heaps and each time their number
    /// doubles.
    FromData,
}

/// The values rare for one heap under a split ([`Split::is_rare`]), as bytes: the rare
/// values among 8·chunk, …, 8·chunk + 7 as 0x01 bytes. Parity(v & m) is that of the low
/// three bits plus that of the rest, so two byte patterns serve every chunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct RareBytes {
    mask: u16,
    /// The values among 0, …, 7 rare for the heap.
    low: u64,
}

const EVERY_BYTE: u64 = 0x0101_0101_0101_0101;

impl RareBytes {
    /// The values rare for heap `heap` under `split`.
    fn for_heap(split: Split, heap: usize) -> Self {
        let low = (0..8u16)
            .filter(|&j| split.is_rare(heap, j))
            .map(|j| 1u64 << (8 * j))
            .sum();
        RareBytes {
            mask: split.mask,
            low,
        }
    }

    /// The bytes (one per value, 0x01 when rare) of the values 8·`chunk`, …, 8·`chunk` + 7.
    fn of_chunk(self, chunk: usize) -> u64 {
        if is_rare((8 * chunk) as u16, self.mask) {
            self.low
        } else {
            self.low ^ EVERY_BYTE
        }
    }
}

/// A split in use, with the values rare for the heaps of either parity (whether the split
/// reads the heap's parity or not, a heap's rare values depend on nothing else).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct SplitInUse {
    split: Split,
    rare_bytes: [RareBytes; 2],
}

impl SplitInUse {
    fn new(split: Split) -> Self {
        SplitInUse {
            split,
            rare_bytes: [0, 1].map(|parity| RareBytes::for_heap(split, parity)),
        }
    }

    /// The values rare for heap `heap`.
    fn rare_for(&self, heap: usize) -> RareBytes {
        self.rare_bytes[heap % 2]
    }
}

/// The bytes of the values from 8·`chunk` to 8·`chunk` + 7 that `seen` (a byte a value, 0
/// or 1) does not hold, as 0x01 bytes.
fn absent_bytes(seen: &[u8], chunk: usize) -> u64 {
    let mut bytes = [0; 8];
    bytes.copy_from_slice(&seen[8 * chunk..8 * chunk + 8]);
    !u64::from_le_bytes(bytes) & EVERY_BYTE
}

/// c*: the least common value missing from `seen`, or `seen.len()` when every common value
/// below it is there; and, appended to `missing_rare` in ascending order, the rare values
/// below c* missing from `seen`. Values at or above `seen.len()` are never in it: G(n) is
/// then the least of those rare values not in S(n), if there is one, or c*. One pass over
/// the sets serves both: each chunk's absent values are split by class.
fn least_missing_common(seen: &[u8], rare: RareBytes, missing_rare: &mut Vec<u16>) -> usize {
    for chunk in 0..seen.len() / 8 {
        let rare_class = rare.of_chunk(chunk);
        let absent = absent_bytes(seen, chunk);
        let absent_common = absent & !rare_class;
        let absent_rare = absent & rare_class;
        if absent_common != 0 {
            // The bytes below the first absent common value's.
            let below = (absent_common & absent_common.wrapping_neg()) - 1;
            push_values(missing_rare, chunk, absent_rare & below);
            return 8 * chunk + absent_common.trailing_zeros() as usize / 8;
        }
        push_values(missing_rare, chunk, absent_rare);
    }
    seen.len()
}

/// Appends to `out`, ascending, the values of chunk `chunk` whose bytes are 0x01 in `bytes`
/// (every other byte 0). Extended from an iterator of known length, the vector checks its
/// room once, not once a value.
fn push_values(out: &mut Vec<u16>, chunk: usize, mut bytes: u64) {
    // The sum of the eight bytes, in the top byte: a multiply, where `count_ones` is a
    // dozen instructions on processors without a population count.
    let count = bytes.wrapping_mul(EVERY_BYTE) >> 56;
    out.extend((0..count).map(|_| {
        let value = 8 * chunk + bytes.trailing_zeros() as usize / 8;
        bytes &= bytes - 1;
        value as u16
    }));
}

/// Why a nim-value computation could not give its table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NimValueError {
    /// A value reached `u16::MAX`: the tables hold values up to 65,534.
    #[error("G({heap}) exceeds {}, the largest value the tables hold", MAX_VALUE - 1)]
    ValueOverflow {
        /// The heap whose value overflowed.
        heap: u64,
    },
    /// The table of values, 2 bytes a heap, is more than the process may use: asked of
    /// the machine before the work starts ([`game_core::memory`]).
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// The table of values, 2 bytes a heap, could not be allocated: asked for before the
    /// work starts, so that a size beyond the machine's memory is an error, not an abort.
    #[error("the values of heaps 0..={max_heap} need {bytes} bytes, which could not be allocated")]
    OutOfMemory {
        /// The largest heap asked for.
        max_heap: u32,
        /// The bytes of the table.
        bytes: u64,
    },
    /// A streamed run found a rare heap past its front: the heap's pairs would read the
    /// values between the front and the recent ones, which it does not keep.
    #[error(
        "heap {heap} is rare, past the first {front} heaps a streamed run keeps: its pairs \
         with later heaps need values it drops; run again with a front of more than {heap} heaps"
    )]
    RareHeapBeyondFront {
        /// The rare heap.
        heap: u64,
        /// F, the heaps of the front.
        front: u64,
    },
    /// A streamed run could not tell whether a rare candidate is in S(n): no split of n
    /// with a part in the front gives it, and the others read values it does not keep.
    #[error(
        "G({heap}): no split with a part among the first {front} heaps gives {value}, and \
         a streamed run keeps no other; run again with a larger front"
    )]
    WitnessBeyondFront {
        /// The heap.
        heap: u64,
        /// The candidate value.
        value: u16,
        /// F, the heaps of the front.
        front: u64,
    },
    /// A streamed run found no useful rare/common split by the end of its front: a direct
    /// mex reads every value.
    #[error(
        "no rare/common split is useful at heap {heap}: a direct mex needs every value, and \
         a streamed run keeps only the first {front} heaps and the recent ones"
    )]
    NoUsefulSplit {
        /// The heap.
        heap: u64,
        /// F, the heaps of the front.
        front: u64,
    },
    /// The values leaving a streamed run's memory could not be written, or its checkpoint
    /// could not be saved.
    #[error("heap {heap}: {reason}")]
    NotWritten {
        /// The heaps computed when it failed.
        heap: u64,
        /// Why, in the system's words.
        reason: String,
    },
}

/// The engine's memory besides the table of values: its windows, tiles and rare heaps, a
/// few megabytes (measured: .6 to 2^24, 34 MB of values, peaks at 44 MB), with room to
/// spare.
const ENGINE_BYTES: u64 = 32 << 20;

/// How a nim-value computation spreads its work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Schedule {
    /// Everything on the calling thread.
    OneThread,
    /// The far rare pairs on a second thread, up to two blocks of 256 heaps ahead.
    TwoThreads,
}

impl Schedule {
    /// The schedule on `threads` threads: 1 or 2; `None` for any other count.
    ///
    /// ```
    /// use nim_games::octal::Schedule;
    /// assert_eq!(Schedule::on_threads(1), Some(Schedule::OneThread));
    /// assert_eq!(Schedule::on_threads(3), None);
    /// ```
    pub fn on_threads(threads: u32) -> Option<Schedule> {
        match threads {
            1 => Some(Schedule::OneThread),
            2 => Some(Schedule::TwoThreads),
            _ => None,
        }
    }
}

/// Whether to stop before heap n, asked with G(0), …, G(n − 1).
pub(crate) type StopWhen<'a> = &'a mut dyn FnMut(&[u16]) -> bool;

/// What a computation is asked: the game's moves, how its mask is chosen, how its work is
/// spread, and what it reports on the way.
pub(crate) struct Computation<'a> {
    pub rules: Rules,
    pub mask: MaskChoice,
    pub schedule: Schedule,
    /// Asked, before heap n, with G(0), …, G(n − 1), each time their number has grown by
    /// an eighth (at least [`FIRST_CHOICE`]) from [`FIRST_CHOICE`] on: whether to stop.
    /// Only where every value is kept.
    pub stop_when: Option<StopWhen<'a>>,
    /// Called with n every 2^20 heaps, n the last heap computed.
    pub progress: &'a mut dyn FnMut(u64),
}

/// Where a streamed computation sends what leaves its memory, and when it saves its state.
pub(crate) trait StreamSink {
    /// The values G(`first`), … in order, each once: the ones about to be dropped, and
    /// the rest before a checkpoint and at the end; `split` is the one in use, final by
    /// then.
    fn take(
        &mut self,
        first: usize,
        values: &[u16],
        split: Option<Split>,
    ) -> Result<(), NimValueError>;

    /// Asked at the start of every block from the end of the front on, with the heaps
    /// computed: whether to save the state now, and whether to stop then.
    fn due(&mut self, heaps: usize) -> Due;

    /// Saves `state`, every value before `state.heaps` having been taken; the run stops
    /// after it if `stop`.
    fn save(&mut self, state: &EngineState, stop: bool) -> Result<(), NimValueError>;
}

/// What a [`StreamSink`] asks at a block's start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Due {
    /// Go on.
    Nothing,
    /// Save a checkpoint and go on.
    Save,
    /// Save a checkpoint and stop.
    SaveAndStop,
}

/// How a streamed computation keeps its values, and where the others go.
pub(crate) struct Stream<'a> {
    /// F: the first heaps kept, a power of two of at least [`MIN_FRONT`].
    pub front_heaps: usize,
    pub sink: &'a mut dyn StreamSink,
    /// The state to take up, from a checkpoint.
    pub resume: Option<EngineState>,
}

/// The least front of a streamed run: the rare heaps the helper reads from its own copy
/// of the recent values ([`DENSE_REACH`]) fit in it, so that every read of the method
/// is of the front or of the last F + k + a few blocks.
pub(crate) const MIN_FRONT: usize = DENSE_REACH;

/// How many recent values a streamed run keeps beyond the front's F: the largest k a
/// split removes and the blocks requested ahead, with room.
fn recent_kept(front_heaps: usize, largest_k: usize) -> usize {
    front_heaps
        .saturating_add(largest_k)
        .saturating_add(4 * (LAG + 1) * BLOCK)
}

/// What a streamed run keeps of itself at the start of a block past its front: enough to
/// take it up there and compute, byte for byte, what it would have computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct EngineState {
    /// n: the heaps computed, G(0), …, G(n − 1); the start of a block.
    pub heaps: usize,
    /// G(0), …, G(F − 1).
    pub front: Vec<u16>,
    /// The first of the recent values kept.
    pub recent_start: usize,
    /// G(recent_start), …, G(n − 1).
    pub recent: Vec<u16>,
    /// The split in use (chosen for the last time at F heaps).
    pub split: Option<Split>,
    /// The rare heaps under it, ascending, with their values.
    pub rare: Vec<(u32, u16)>,
    /// The largest value so far.
    pub largest: u16,
    /// How many rare candidates so far needed a scan.
    pub full_scans: u64,
}

/// What a computation found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Outcome {
    /// G(0), …, G(n), up to the bound or to where `stop_when` stopped it; in a streamed
    /// run, none (they went to the sink).
    pub values: Vec<u16>,
    /// n + 1: the heaps computed.
    pub heaps: usize,
    /// The heaps n ≥ 1 rare under the mask in use at the end, ascending (none when no mask
    /// was useful).
    pub rare_heaps: Vec<u32>,
    /// The split in use at the end.
    pub split: Option<Split>,
    /// How many rare candidates needed a scan of S(n) ([`Solver::scan_for`]).
    pub full_scans: u64,
}

impl Computation<'_> {
    /// G(0), …, G(`max_heap`), or fewer when `stop_when` says so.
    pub fn run(self, max_heap: u32) -> Result<Outcome, NimValueError> {
        let solver = Solver::new(self.rules.clone(), max_heap as usize, DENSE_REACH)?;
        self.run_solver(solver, max_heap as usize)
    }

    /// G(0), …, G(`max_heap`) streamed to `stream`'s sink, or fewer when it asks to stop;
    /// taken up from its `resume` state if there is one.
    pub fn stream(self, max_heap: u64, stream: Stream) -> Result<Outcome, NimValueError> {
        let max_heap = usize::try_from(max_heap).unwrap_or(usize::MAX - 1);
        let solver = Solver::streamed(self.rules.clone(), stream)?;
        self.run_solver(solver, max_heap)
    }

    fn run_solver(self, solver: Solver, max_heap: usize) -> Result<Outcome, NimValueError> {
        let schedule = self.schedule;
        let mut pace = Pace {
            stop_when: self.stop_when,
            next_check: FIRST_CHOICE,
            progress: self.progress,
        };
        let mask = self.mask;
        thread::scope(|scope| {
            let worker = match schedule {
                Schedule::OneThread => FarWorker::inline(),
                Schedule::TwoThreads => FarWorker::helper(scope),
            };
            compute_heaps(solver, max_heap, mask, worker, &mut pace)
        })
    }
}

/// When a computation reports progress and asks whether to stop.
struct Pace<'a> {
    stop_when: Option<StopWhen<'a>>,
    next_check: usize,
    progress: &'a mut dyn FnMut(u64),
}

impl Pace<'_> {
    /// Before heap n = `values.len()`: whether to stop here.
    fn stop_before(&mut self, values: &ValueStore) -> bool {
        let n = values.len();
        let Some(stop_when) = self.stop_when.as_mut() else {
            return false;
        };
        if n != self.next_check {
            return false;
        }
        self.next_check += (self.next_check / 8).max(FIRST_CHOICE);
        values.every_value().is_some_and(stop_when)
    }

    /// After heap n.
    fn computed(&mut self, n: usize) {
        if n.is_multiple_of(1 << 20) {
            (self.progress)(n as u64);
        }
    }
}

/// Computes every heap, in stretches between two choices of the mask: by the rare/common
/// method under a useful mask, by a direct mex without one. A streamed run chooses its
/// mask for the last time at the end of its front.
fn compute_heaps(
    mut solver: Solver,
    max_heap: usize,
    mask: MaskChoice,
    mut worker: FarWorker,
    pace: &mut Pace,
) -> Result<Outcome, NimValueError> {
    let heaps = max_heap + 1;
    let mut n = solver.values.len();
    // Only a run taken up from a checkpoint starts past heap 1, its split chosen already.
    let resumed = n > 1;
    let mut next_choice = match mask {
        _ if resumed => usize::MAX,
        MaskChoice::Fixed(split) => {
            solver.use_split(Some(split));
            usize::MAX
        }
        MaskChoice::FromData => FIRST_CHOICE,
    };
    while n < heaps {
        if n == next_choice {
            checkpoint();
            solver.choose_split();
            next_choice = solver.next_choice(2 * next_choice);
        }
        let stretch = n..heaps.min(next_choice);
        let stopped = match solver.split {
            Some(split) => solver.rare_common_stretch(stretch, split, &mut worker, pace)?,
            None => solver.direct_stretch(stretch, pace)?,
        };
        n = solver.values.len();
        if stopped {
            break;
        }
    }
    solver.into_outcome()
}

/// The first thread's state: the values so far and what the method keeps about them.
struct Solver<'a> {
    rules: Rules,
    values: ValueStore,
    /// Where a streamed run's values go: its sink, and the heaps handed to it so far.
    stream: Option<(&'a mut dyn StreamSink, usize)>,
    largest: u16,
    /// The split in use; `None` while no split is useful.
    split: Option<SplitInUse>,
    rare: Vec<RareHeap>,
    /// `rare` as the last request shared it ([`Solver::shared_rare`]).
    shared_rare: Arc<[RareHeap]>,
    /// The values of a heap's options, a byte each, where a direct mex computes it.
    set: Vec<u8>,
    candidates: Vec<u16>,
    window_tables: WindowTables,
    /// The values the windows have seen for the current heap.
    marked: Box<ValueSet>,
    /// Buffers of blocks already used, oldest first ([`Solver::far_request`]).
    spare_buffers: VecDeque<(Vec<u8>, Vec<u16>)>,
    dense_reach: usize,
    /// How many values, G(0) on, the far pairs' requests have carried to each place.
    values_sent: ValuesSent,
    /// How many rare heaps, the first ones, have their far pairs marked by this thread.
    first_thread_share: usize,
    /// How many rare heaps lie below [`BLOCK`]: their pairs are near ones.
    small_rare: usize,
    /// Where the rare heaps of the current block begin in `rare`: their pairs are near ones.
    block_rare: usize,
    full_scans: u64,
}

impl<'a> Solver<'a> {
    /// A solver for heaps up to `max_heap`; far pairs with a rare heap up to `dense_reach`
    /// read their partners from the values the marking thread keeps (normally
    /// [`DENSE_REACH`]).
    fn new(rules: Rules, max_heap: usize, dense_reach: usize) -> Result<Self, NimValueError> {
        let bytes = 2 * (max_heap as u64 + 1);
        memory::ensure(bytes + ENGINE_BYTES, || {
            format!("the nim-values of heaps 0..={max_heap}")
        })?;
        let mut values = Vec::new();
        values
            .try_reserve_exact(max_heap + 1)
            .map_err(|_| NimValueError::OutOfMemory {
                max_heap: max_heap as u32,
                bytes: 2 * (max_heap as u64 + 1),
            })?;
        let mut solver = Solver::with_store(rules, ValueStore::whole(values), dense_reach);
        solver.push(0)?;
        Ok(solver)
    }

    /// A solver keeping the front and the recent values of `stream`, from heap 0 or from
    /// its state to resume.
    fn streamed(rules: Rules, stream: Stream<'a>) -> Result<Self, NimValueError> {
        let front_heaps = stream.front_heaps;
        let largest_k = rules.largest_split();
        let keep = recent_kept(front_heaps, largest_k);
        // The front, the recent values (up to twice those kept), the helper's copy of
        // them, and the engine; saturating, so that a front too large to count is refused
        // as too large for the machine rather than wrapped into a small number.
        let bytes = (keep as u64)
            .saturating_mul(3)
            .saturating_add(front_heaps as u64)
            .saturating_mul(2);
        memory::ensure(bytes.saturating_add(ENGINE_BYTES), || {
            format!("a streamed run keeping {front_heaps} heaps in front")
        })?;
        let Some(state) = stream.resume else {
            let store = ValueStore::streamed(front_heaps, keep, Vec::new(), 0, Vec::new());
            let mut solver = Solver::with_store(rules, store, DENSE_REACH);
            solver.stream = Some((stream.sink, 0));
            solver.push(0)?;
            return Ok(solver);
        };
        let store = ValueStore::streamed(
            front_heaps,
            keep,
            state.front,
            state.recent_start,
            state.recent,
        );
        let (start, recent) = store.recent();
        let small_heaps = store.slice(1..WINDOW + 1).unwrap_or_default();
        let window_tables = WindowTables::resume(largest_k, start, recent, small_heaps);
        let mut solver = Solver::with_store(rules, store, DENSE_REACH);
        solver.window_tables = window_tables;
        solver.values_sent = ValuesSent {
            here: start,
            helper: start,
        };
        solver.split = state.split.map(SplitInUse::new);
        solver.rare = (state.rare.iter())
            .map(|&(heap, value)| RareHeap { heap, value })
            .collect();
        solver.largest = state.largest;
        solver.full_scans = state.full_scans;
        solver.stream = Some((stream.sink, state.heaps));
        Ok(solver)
    }

    fn with_store(rules: Rules, values: ValueStore, dense_reach: usize) -> Self {
        let window_tables = WindowTables::new(rules.largest_split());
        Solver {
            rules,
            values,
            stream: None,
            largest: 0,
            split: None,
            rare: Vec::new(),
            shared_rare: Arc::from([]),
            set: Vec::new(),
            candidates: Vec::new(),
            window_tables,
            marked: Box::new([0; 1 << 16]),
            spare_buffers: VecDeque::new(),
            dense_reach,
            values_sent: ValuesSent::default(),
            first_thread_share: 0,
            small_rare: 0,
            block_rare: 0,
            full_scans: 0,
        }
    }

    /// Where the mask is chosen after one at `choice` heaps: at twice as many, unless a
    /// streamed run's front is behind.
    fn next_choice(&self, doubled: usize) -> usize {
        let front = self.values.front_heaps();
        if self.values.keeps_every_value() || doubled <= front {
            doubled
        } else {
            usize::MAX
        }
    }

    /// Computes under `split` from now on (none: by a direct mex), and lists the heaps it
    /// makes rare; every value so far is kept (a streamed run chooses only in its front).
    fn use_split(&mut self, split: Option<Split>) {
        self.split = split.map(SplitInUse::new);
        let values = self
            .values
            .every_value()
            .expect("a split is chosen in the front");
        self.rare = split
            .into_iter()
            .flat_map(|split| rare_heaps(values, split))
            .map(|n| RareHeap {
                heap: n as u32,
                value: values[n],
            })
            .collect();
        // A list of another split may be as long as the last one shared.
        self.shared_rare = Arc::from([]);
        self.first_thread_share = 0;
    }

    /// Chooses the split that leaves the fewest heaps n ≥ 1 rare, or none when even that
    /// leaves one heap in [`USEFUL_SPARSITY`] rare ([`Rules::useful_split`]).
    fn choose_split(&mut self) {
        let values = self
            .values
            .every_value()
            .expect("a split is chosen in the front");
        self.use_split(self.rules.useful_split(values));
    }

    fn into_outcome(mut self) -> Result<Outcome, NimValueError> {
        self.hand_over()?;
        let heaps = self.values.len();
        let values = match self.stream {
            Some(_) => Vec::new(),
            None => self.values.into_values(),
        };
        Ok(Outcome {
            rare_heaps: self.rare.iter().map(|rare| rare.heap).collect(),
            split: self.split.map(|in_use| in_use.split),
            full_scans: self.full_scans,
            heaps,
            values,
        })
    }

    /// Hands a streamed run's values not yet handed over to its sink.
    fn hand_over(&mut self) -> Result<(), NimValueError> {
        let n = self.values.len();
        let split = self.split.map(|in_use| in_use.split);
        let Some((sink, handed)) = self.stream.as_mut() else {
            return Ok(());
        };
        if *handed < n {
            let values = self
                .values
                .slice(*handed..n)
                .expect("values not handed are kept");
            sink.take(*handed, values, split)?;
            *handed = n;
        }
        Ok(())
    }

    /// At the start of a block of a streamed run: drops the values no read needs once
    /// the recent ones are twice those kept, handing them over first; saves a checkpoint
    /// when the sink asks, past the front. Whether to stop here.
    fn at_block_start(&mut self) -> Result<bool, NimValueError> {
        if self.stream.is_none() {
            return Ok(false);
        }
        if self.values.is_full() {
            self.hand_over()?;
            let start = self.values.forget_old();
            self.window_tables.forget_wide_before(start);
        }
        let n = self.values.len();
        let Some((sink, _)) = self
            .stream
            .as_mut()
            .filter(|_| n >= self.values.front_heaps())
        else {
            return Ok(false);
        };
        let due = sink.due(n);
        if due == Due::Nothing {
            return Ok(false);
        }
        self.hand_over()?;
        let state = self.state();
        let stop = due == Due::SaveAndStop;
        if let Some((sink, _)) = self.stream.as_mut() {
            sink.save(&state, stop)?;
        }
        Ok(stop)
    }

    /// What a checkpoint keeps: the front, the last recent values the store keeps at least,
    /// the split and its rare heaps, the largest value, the scans so far.
    fn state(&self) -> EngineState {
        let (recent_start, recent) = self.values.last_kept();
        EngineState {
            heaps: self.values.len(),
            front: self.values.front().to_vec(),
            recent_start,
            recent: recent.to_vec(),
            split: self.split.map(|in_use| in_use.split),
            rare: self
                .rare
                .iter()
                .map(|rare| (rare.heap, rare.value))
                .collect(),
            largest: self.largest,
            full_scans: self.full_scans,
        }
    }

    /// Records G(n) for the next heap n, or fails if the table cannot hold it, or if a
    /// streamed run finds it rare past its front.
    fn push(&mut self, value: usize) -> Result<(), NimValueError> {
        let n = self.values.len();
        if value >= MAX_VALUE {
            return Err(NimValueError::ValueOverflow { heap: n as u64 });
        }
        let value = value as u16;
        let largest_before = self.largest;
        self.values.push(value);
        self.largest = self.largest.max(value);
        let values = &self.values;
        self.window_tables.push(n, value, || {
            values
                .slice(1..WINDOW + 1)
                .expect("the small heaps are kept")
        });
        let Some(in_use) = self.split else {
            return Ok(());
        };
        if in_use.split.is_rare(n, value) {
            let front = self.values.front_heaps();
            if !self.values.keeps_every_value() && n >= front {
                let common = in_use.split.with_new_bit_common(value, largest_before);
                let split = common.ok_or(NimValueError::RareHeapBeyondFront {
                    heap: n as u64,
                    front: front as u64,
                })?;
                self.split = Some(SplitInUse::new(split));
                return Ok(());
            }
            self.rare.push(RareHeap {
                heap: n as u32,
                value,
            });
        }
        Ok(())
    }

    /// Computes the heaps of `stretch` by a direct mex over all their options; whether
    /// `pace` stopped it.
    fn direct_stretch(
        &mut self,
        stretch: Range<usize>,
        pace: &mut Pace,
    ) -> Result<bool, NimValueError> {
        for n in stretch {
            if pace.stop_before(&self.values) {
                return Ok(true);
            }
            let front = self.values.front_heaps();
            let values = match self.values.every_value() {
                Some(values) if self.values.keeps_every_value() || n < front => values,
                _ => {
                    return Err(NimValueError::NoUsefulSplit {
                        heap: n as u64,
                        front: front as u64,
                    });
                }
            };
            self.set.clear();
            self.set.resize(set_size(self.largest), 0);
            self.rules.mark_all_splits(&mut self.set, values);
            self.rules
                .mark_whole_heap_moves(&mut self.set, &self.values);
            let value = self.set.iter().position(|&seen| seen == 0);
            self.push(value.unwrap_or(self.set.len()))?;
            pace.computed(n);
        }
        Ok(false)
    }

    /// Computes the heaps of `stretch` (from the start of a block, or heap 1) by the
    /// rare/common method, block by block, each block's far pairs requested [`LAG`] blocks
    /// ahead; whether `pace` stopped it. Every block requested is received before it ends.
    fn rare_common_stretch(
        &mut self,
        stretch: Range<usize>,
        split: SplitInUse,
        worker: &mut FarWorker,
        pace: &mut Pace,
    ) -> Result<bool, NimValueError> {
        let blocks = stretch.start / BLOCK..(stretch.end - 1) / BLOCK + 1;
        let mut requested = blocks.start;
        for index in blocks.clone() {
            // A stop unwinds from here; dropping the worker ends the helper thread.
            checkpoint();
            if self.at_block_start()? {
                return Ok(true);
            }
            while requested < blocks.end && requested <= index + LAG {
                let (request, place) = self.far_request(requested, stretch.end, worker);
                worker.submit(request, place);
                requested += 1;
            }
            let (mut far, waits) = worker.next();
            self.share_rare_pairs(waits);
            self.start_block(&mut far);
            for n in far.block().start.max(stretch.start)..far.block().end {
                if pace.stop_before(&self.values) {
                    return Ok(true);
                }
                // A streamed run may settle a new bit of the mask at any heap (push).
                let in_use = self.split.unwrap_or(split);
                let value = self.next_value(&mut far, in_use.rare_for(n))?;
                self.push(value)?;
                pace.computed(n);
            }
            self.recycle(far);
        }
        Ok(false)
    }

    /// What the far pairs of block `index` (heaps below `end`) are marked from, and where
    /// `worker` marks them. It is requested when block `index` − [`LAG`] starts, so every
    /// value below that block is final, and carries the values that became final since the
    /// request before to the same place. Its buffers are, here, those of the block just
    /// taken, and to the helper the oldest spare ones if more than [`held_back_buffers`] wait.
    fn far_request(
        &mut self,
        index: usize,
        end: usize,
        worker: &mut FarWorker,
    ) -> (FarRequest, Place) {
        let first_heap = index * BLOCK;
        let len = BLOCK.min(end - first_heap);
        let known = index.saturating_sub(LAG) * BLOCK;
        let below = self
            .rare
            .partition_point(|rare| (rare.heap as usize) < known);
        let helper_from = self
            .rare
            .partition_point(|rare| (rare.heap as usize) < HELPER_FROM);
        let rare_range = self.first_thread_share.max(helper_from).min(below)..below;
        let place = worker.place_for(rare_range.len());
        let every_rare = self.shared_rare();
        let rare = &every_rare[rare_range.clone()];
        let dense = rare.partition_point(|rare| rare.heap as usize <= self.dense_reach);
        let last_k = self.rules.largest_split();
        let reused = match place {
            // The buffer of the block just taken is the one still in this core's cache.
            Place::Here => self.spare_buffers.pop_back(),
            // The first thread has just read a block's sets, and a helper clearing them at
            // once pulls each line back from the first thread's cache; held back for a few
            // blocks they have left it.
            Place::Helper
                if self.spare_buffers.len() > held_back_buffers(set_size(self.largest)) =>
            {
                self.spare_buffers.pop_front()
            }
            Place::Helper => None,
        };
        let (spare_sets, mut new_values) = reused.unwrap_or_default();
        new_values.clear();
        let keep_from = first_heap
            .saturating_sub(self.dense_reach + last_k)
            .min(known);
        let sent = self.values_sent.to(place);
        // A place without requests for a while is sent the values it needs afresh.
        let new_values_from = (*sent).max(keep_from);
        new_values.extend_from_slice(
            (self.values.slice(new_values_from..known)).expect("the store keeps the new values"),
        );
        *sent = known;
        let block = first_heap..first_heap + len;
        let distant = rare[dense..]
            .iter()
            .map(|&rare| {
                let (first, partners) = partners_of(rare, &self.rules, block.clone(), &self.values);
                (first, partners.to_vec())
            })
            .collect();
        let request = FarRequest {
            first_heap,
            len,
            set_size: set_size(self.largest),
            rules: self.rules.clone(),
            every_rare,
            rare_range,
            dense,
            new_values,
            new_values_from,
            keep_from,
            distant,
            spare_sets,
        };
        (request, place)
    }

    /// Every rare heap so far, as a list shared with the requests: copied again only when
    /// it has grown since the last one ([`Solver::use_split`] empties it).
    fn shared_rare(&mut self) -> Arc<[RareHeap]> {
        if self.shared_rare.len() != self.rare.len() {
            self.shared_rare = self.rare.as_slice().into();
        }
        Arc::clone(&self.shared_rare)
    }

    /// Shares the rare pairs between the threads for the blocks requested from now on,
    /// from how long each thread waited for the other over the last block: the one that
    /// waited longer takes the pairs of more rare heaps. The share stays within the rare
    /// heaps known, so that it answers as soon as the balance turns.
    fn share_rare_pairs(&mut self, waits: Waits) {
        if waits.first > waits.helper {
            self.first_thread_share = (self.first_thread_share + SHARE_STEP).min(self.rare.len());
        } else if waits.helper > waits.first {
            self.first_thread_share = self.first_thread_share.saturating_sub(SHARE_STEP);
        }
    }

    /// Readies the block of `far` once every value below it is final: marks the far pairs
    /// the helper left to this thread, in sets wide enough for the largest value so far,
    /// and notes which rare heaps give near pairs.
    fn start_block(&mut self, far: &mut FarMarks) {
        let block = far.block();
        let runs = far_runs(
            &self.rare,
            far.helper_rare(),
            &self.rules,
            block.clone(),
            &self.values,
        );
        far.mark(set_size(self.largest), &runs);
        self.small_rare = self
            .rare
            .partition_point(|rare| (rare.heap as usize) < BLOCK);
        let block_rare = self
            .rare
            .partition_point(|rare| (rare.heap as usize) < block.start);
        self.block_rare = block_rare.max(self.small_rare);
    }

    /// Keeps the buffers of a block's far pairs, once used, for a later request.
    fn recycle(&mut self, far: FarMarks) {
        self.spare_buffers.push_back(far.into_buffers());
    }

    /// G(n) for the next heap n of the block of `far`, from its far pairs and the values
    /// below n, the values rare for n being `rare_bytes`.
    fn next_value(
        &mut self,
        far: &mut FarMarks,
        rare_bytes: RareBytes,
    ) -> Result<usize, NimValueError> {
        let n = self.values.len();
        let set_len = set_size(self.largest);
        far.widen(set_len);
        // The near pairs go into the set of the far ones, which this thread reads anyway: a
        // set of its own would be cleared for every heap and read beside it.
        let seen = far.of_heap(n);
        self.rules.mark_whole_heap_moves(seen, &self.values);
        let near = [&self.rare[..self.small_rare], &self.rare[self.block_rare..]];
        mark_near_pairs(seen, near, &self.rules, &self.values);
        self.candidates.clear();
        let least_common = least_missing_common(seen, rare_bytes, &mut self.candidates);
        for &k in &self.rules.split {
            match Rules::left_after(n, k) {
                Some(left) if left > 2 * WINDOW && !self.candidates.is_empty() => {
                    let last_part = self.rules.last_part(left);
                    self.window_tables.remove_witnessed(
                        &self.values,
                        left,
                        last_part,
                        set_len,
                        &mut self.marked,
                        &mut self.candidates,
                    );
                }
                _ => {}
            }
        }
        for index in 0..self.candidates.len() {
            let candidate = self.candidates[index];
            if !self.scan_for(candidate)? {
                return Ok(candidate.into());
            }
        }
        Ok(least_common)
    }

    /// Whether `candidate` is in S(n) for the next heap n, by a scan of its splits, or of
    /// those with a wide heap for a candidate above 255 while those are fewer. A streamed
    /// run scans the splits with a part in its front, and fails when none gives it.
    fn scan_for(&mut self, candidate: u16) -> Result<bool, NimValueError> {
        self.full_scans += 1;
        let n = self.values.len();
        let Some(values) = self
            .values
            .every_value()
            .filter(|_| self.values.keeps_every_value())
        else {
            return self.scan_front_for(candidate);
        };
        let wide = self.window_tables.wide_heaps();
        let through_wide = candidate > u8::MAX.into() && wide.len() < n / 2;
        Ok(self.rules.split.iter().any(|&k| {
            let Some(left) = Rules::left_after(n, k) else {
                return false;
            };
            let last_part = self.rules.last_part(left);
            if through_wide {
                in_options_with_wide(&values[..left], last_part, wide, candidate)
            } else {
                in_options(&values[..left], last_part, candidate)
            }
        }))
    }

    /// [`Solver::scan_for`] in a streamed run: the splits of n with a part a in the front.
    fn scan_front_for(&self, candidate: u16) -> Result<bool, NimValueError> {
        let n = self.values.len();
        let front = self.values.front_heaps();
        let found = self.rules.split.iter().any(|&k| {
            let Some(left) = Rules::left_after(n, k) else {
                return false;
            };
            let last = self.rules.last_part(left).min(front - 1);
            let small = self.values.slice(1..last + 1).expect("the front is kept");
            let large =
                (self.values.slice(left - last..left)).expect("the store keeps the partners");
            in_pairs(small, large, candidate)
        });
        if found {
            return Ok(true);
        }
        let every_split_scanned = self.rules.split.iter().all(|&k| {
            Rules::left_after(n, k).is_none_or(|left| self.rules.last_part(left) < front)
        });
        if every_split_scanned {
            return Ok(false);
        }
        Err(NimValueError::WitnessBeyondFront {
            heap: n as u64,
            value: candidate,
            front: front as u64,
        })
    }
}

/// How long each thread waited for the other over one block: the first thread for the
/// block's far pairs, the helper for their request.
#[derive(Debug, Clone, Copy, Default)]
struct Waits {
    first: Duration,
    helper: Duration,
}

/// Where a block's far pairs are marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// On the first thread, when the block is reached.
    Here,
    /// On the helper thread, as soon as they are requested.
    Helper,
}

/// How many values, G(0) on, the requests have carried to each place: each keeps its own
/// copy of the recent values ([`RecentValues`]).
#[derive(Debug, Clone, Copy, Default)]
struct ValuesSent {
    here: usize,
    helper: usize,
}

impl ValuesSent {
    fn to(&mut self, place: Place) -> &mut usize {
        match place {
            Place::Here => &mut self.here,
            Place::Helper => &mut self.helper,
        }
    }
}

/// Where the blocks' far pairs are marked: on the calling thread when a block is reached,
/// or, with a helper thread, there as soon as they are requested whenever the helper's
/// share of them is worth the hand-over ([`HELPER_MIN_RARE`]).
struct FarWorker {
    helper: Option<Helper>,
    /// The blocks requested and not yet taken, in order: those marked here wait with their
    /// request.
    pending: VecDeque<Pending>,
    /// The values the pairs marked here read.
    recent: RecentValues,
    /// Where the last request went.
    last_place: Place,
    /// [`HELPER_MIN_RARE`], but in the tests.
    helper_min_rare: usize,
}

/// The two ends of the helper thread's channels.
struct Helper {
    requests: mpsc::Sender<FarRequest>,
    /// The marks, with how long the helper waited for their request.
    marks: mpsc::Receiver<(FarMarks, Duration)>,
}

/// A block requested and not yet taken.
enum Pending {
    /// To be marked here, from this request.
    Here(Box<FarRequest>),
    /// Being marked by the helper.
    Helper,
}

impl FarWorker {
    /// Marks on the calling thread, each block when it is asked for.
    fn inline() -> Self {
        FarWorker {
            helper: None,
            pending: VecDeque::new(),
            recent: RecentValues::default(),
            last_place: Place::Here,
            helper_min_rare: HELPER_MIN_RARE,
        }
    }

    /// A helper thread in `scope`, marking each request it is sent as it comes; it ends
    /// when the worker is dropped.
    fn helper<'scope>(scope: &'scope thread::Scope<'scope, '_>) -> Self {
        let (requests, incoming) = mpsc::channel::<FarRequest>();
        let (outgoing, marks) = mpsc::channel();
        scope.spawn(move || {
            let mut recent = RecentValues::default();
            let mut idle_since = Instant::now();
            for request in incoming {
                let waited = idle_since.elapsed();
                let marks = FarMarks::compute(request, &mut recent);
                // The first thread stops listening only when it has finished or failed.
                if outgoing.send((marks, waited)).is_err() {
                    break;
                }
                idle_since = Instant::now();
            }
        });
        FarWorker {
            helper: Some(Helper { requests, marks }),
            ..FarWorker::inline()
        }
    }

    /// Where the pairs of a block go when the helper's share of them is that of
    /// `helper_rare` rare heaps: to the helper from [`HELPER_MIN_RARE`] on, back here below
    /// half of it, and here when there is no helper.
    fn place_for(&mut self, helper_rare: usize) -> Place {
        let place = match self.last_place {
            _ if self.helper.is_none() => Place::Here,
            Place::Here if helper_rare >= self.helper_min_rare => Place::Helper,
            Place::Helper if 2 * helper_rare < self.helper_min_rare => Place::Here,
            same => same,
        };
        self.last_place = place;
        place
    }

    fn submit(&mut self, request: FarRequest, place: Place) {
        match (place, &self.helper) {
            (Place::Helper, Some(helper)) => {
                // The helper stops only when this sender is dropped, so it is listening.
                helper.requests.send(request).expect("helper alive");
                self.pending.push_back(Pending::Helper);
            }
            _ => self.pending.push_back(Pending::Here(Box::new(request))),
        }
    }

    /// The next block's far pairs, and how long each thread waited for the other.
    fn next(&mut self) -> (FarMarks, Waits) {
        let pending = self.pending.pop_front();
        match pending.expect("every block is requested first") {
            Pending::Here(request) => (
                FarMarks::compute(*request, &mut self.recent),
                Waits::default(),
            ),
            Pending::Helper => {
                let helper = self.helper.as_ref().expect("sent to the helper");
                let asked = Instant::now();
                let (far, waited) = helper.marks.recv().expect("helper alive");
                let first = asked.elapsed();
                (
                    far,
                    Waits {
                        first,
                        helper: waited,
                    },
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grundys_game() -> Rules {
        Rules {
            split: vec![0],
            unequal: true,
            ..Rules::default()
        }
    }

    /// Grundy's game on one thread from a solver set up by `set_up`.
    fn grundy_values(max_heap: usize, set_up: impl FnOnce(&mut Solver)) -> Outcome {
        grundy_values_by(FarWorker::inline(), max_heap, set_up)
    }

    /// Grundy's game, its far pairs marked by `worker`, from a solver set up by `set_up`.
    fn grundy_values_by(
        worker: FarWorker,
        max_heap: usize,
        set_up: impl FnOnce(&mut Solver),
    ) -> Outcome {
        let mut solver = Solver::new(grundys_game(), max_heap, DENSE_REACH).unwrap();
        set_up(&mut solver);
        let mut progress = |_| {};
        let mut pace = Pace {
            stop_when: None,
            next_check: FIRST_CHOICE,
            progress: &mut progress,
        };
        compute_heaps(
            solver,
            max_heap,
            MaskChoice::Fixed(Split::by_value(!1)),
            worker,
            &mut pace,
        )
        .unwrap()
    }

    /// `RareBytes` restates `Split::is_rare` as byte masks, for the hot path; they must
    /// agree on every value a table of u16 holds, under masks of every shape, with and
    /// without the heap's parity, for heaps of either parity.
    #[test]
    fn the_rare_byte_masks_follow_is_rare() {
        for mask in [!1, 1, 0x1ee, 0x7, 0x8000, 0x1234] {
            for heap_parity in [None, Some(0), Some(1)] {
                let split = Split { mask, heap_parity };
                let in_use = SplitInUse::new(split);
                for heap in [6, 7] {
                    let rare_bytes = in_use.rare_for(heap);
                    for value in 0..=u16::MAX {
                        let chunk = usize::from(value) / 8;
                        let byte = rare_bytes.of_chunk(chunk) >> (8 * (value % 8)) & 0xff;
                        assert_eq!(
                            byte == 1,
                            split.is_rare(heap, value),
                            "{split}, heap {heap}, value {value}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_buffers_held_back_stay_within_their_bytes() {
        assert_eq!(held_back_buffers(8), HELD_BACK_BUFFERS);
        assert_eq!(held_back_buffers(512), HELD_BACK_BUFFERS);
        assert_eq!(held_back_buffers(2048), 4);
        assert_eq!(held_back_buffers(1 << 16), 0);
        for set_size in (3..=16).map(|bits| 1 << bits) {
            assert!(held_back_buffers(set_size) * BLOCK * set_size <= HELD_BACK_BYTES);
        }
    }

    /// Under the mask 1 the even values are rare, the odd ones common.
    #[test]
    fn one_pass_finds_the_least_missing_common_value_and_the_rare_ones_below_it() {
        let rare = RareBytes::for_heap(Split::by_value(1), 0);
        let set = |values: &[usize]| {
            let mut set = vec![0; 16];
            values.iter().for_each(|&value| set[value] = 1);
            set
        };
        let mut missing_rare = Vec::new();
        let seen = set(&[1, 3, 2, 5, 9, 4]);
        assert_eq!(least_missing_common(&seen, rare, &mut missing_rare), 7);
        assert_eq!(missing_rare, [0, 6]);
        missing_rare.clear();
        let seen = set(&[1, 3, 5, 7, 8, 9, 11, 13, 15, 0]);
        assert_eq!(least_missing_common(&seen, rare, &mut missing_rare), 16);
        assert_eq!(missing_rare, [2, 4, 6, 10, 12, 14]);
    }

    #[test]
    fn the_parts_of_a_split_follow_the_rules() {
        let grundy = grundys_game();
        assert_eq!([4, 5, 6].map(|left| grundy.last_part(left)), [1, 2, 2]);
        let octal = Rules {
            split: vec![1],
            ..Rules::default()
        };
        assert_eq!([0, 1, 4, 5].map(|left| octal.last_part(left)), [0, 0, 2, 2]);
    }

    /// The first thread may take any share of the rare pairs: none, some (so that the
    /// helper takes the rare heaps from the middle of the list on), or all of them (on one
    /// thread nobody waits, so the share stays as it is set here).
    #[test]
    fn the_share_of_rare_pairs_does_not_change_the_values() {
        let table = |share| grundy_values(100_000, |solver| solver.first_thread_share = share);
        let none = table(0);
        assert_eq!(none, table(600));
        assert_eq!(none, table(1 << 20));
    }

    /// With a helper, a block's far pairs are marked on either thread, by the share of them
    /// the helper would take: here while the rare heaps past the first blocks are fewer
    /// than the threshold, then on the helper, each place sent the values it needs when it
    /// takes up again. Wherever they are marked, the values are those of one thread.
    #[test]
    fn the_place_of_the_far_pairs_does_not_change_the_values() {
        let one_thread = grundy_values(100_000, |_| {});
        let rare_past_helper_from = (one_thread.rare_heaps.iter())
            .filter(|&&heap| heap as usize >= HELPER_FROM)
            .count();
        assert!(rare_past_helper_from > 600, "{rare_past_helper_from}");
        for helper_min_rare in [1, 300, 600, usize::MAX] {
            let two_threads = thread::scope(|scope| {
                let mut worker = FarWorker::helper(scope);
                worker.helper_min_rare = helper_min_rare;
                grundy_values_by(worker, 100_000, |_| {})
            });
            assert_eq!(two_threads, one_thread, "helper from {helper_min_rare}");
        }
    }

    #[test]
    fn a_place_goes_to_the_helper_from_the_threshold_and_back_below_half_of_it() {
        let places = |worker: &mut FarWorker, shares: &[usize]| -> Vec<Place> {
            shares
                .iter()
                .map(|&share| worker.place_for(share))
                .collect()
        };
        let mut alone = FarWorker::inline();
        assert_eq!(places(&mut alone, &[0, 1_000]), [Place::Here, Place::Here]);
        thread::scope(|scope| {
            let mut worker = FarWorker::helper(scope);
            use Place::{Helper, Here};
            let shares = [0, 31, 32, 20, 16, 15, 31, 32];
            let expected = [Here, Here, Helper, Helper, Helper, Here, Here, Helper];
            assert_eq!(places(&mut worker, &shares), expected);
        });
    }

    #[test]
    fn the_thread_that_waited_longer_takes_more_of_the_rare_pairs() {
        let mut solver = Solver::new(grundys_game(), 100, DENSE_REACH).unwrap();
        solver.rare = (1..=10).map(|heap| RareHeap { heap, value: 0 }).collect();
        let short = Duration::from_micros(1);
        let long = Duration::from_micros(2);
        solver.share_rare_pairs(Waits {
            first: long,
            helper: short,
        });
        assert_eq!(solver.first_thread_share, SHARE_STEP);
        for _ in 0..10 {
            solver.share_rare_pairs(Waits {
                first: long,
                helper: short,
            });
        }
        assert_eq!(
            solver.first_thread_share, 10,
            "at most every rare heap known"
        );
        solver.share_rare_pairs(Waits {
            first: short,
            helper: short,
        });
        assert_eq!(
            solver.first_thread_share, 10,
            "no change without a difference"
        );
        solver.share_rare_pairs(Waits {
            first: short,
            helper: long,
        });
        assert_eq!(solver.first_thread_share, 10 - SHARE_STEP);
    }

    /// Below 4.7·10^7 no rare heap of Grundy's game lies past the reach of the kept values,
    /// 131,072, so the runs of rare heaps past it are tested by shrinking that reach until
    /// most lie past it.
    #[test]
    fn rare_heaps_past_the_window_give_the_same_values() {
        let usual = grundy_values(150_000, |_| {});
        let shrunk = grundy_values(150_000, |solver| solver.dense_reach = 1_000);
        let past = usual.rare_heaps.iter().filter(|&&heap| heap > 1_000);
        assert!(past.count() > 1_000);
        assert_eq!(usual, shrunk);
    }
}

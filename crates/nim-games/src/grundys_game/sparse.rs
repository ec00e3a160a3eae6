//! Nim-values of Grundy's game for every heap up to a bound, by the rare/common ("sparse
//! space") method of Winning Ways, chapter 4.
//!
//! G(n) = mex S(n), S(n) = {G(a) ⊕ G(n − a) : 1 ≤ a < n/2}. Values are *rare* when the bits
//! above the lowest have even parity ([`super::is_rare_value`]); rare ⊕ rare and common ⊕
//! common are rare, rare ⊕ common is common; and rare values occur at very few heaps (1,273
//! heaps from 1 to 10^7, the last at 82,860). Hence:
//!
//! - a common value is in S(n) only through a pair with one rare heap, so the rare heaps
//!   decide every common candidate exactly, in O(#rare) — in particular the least common
//!   value c* missing from S(n) ([`pairs`]);
//! - each rare value below c* must be shown to be in S(n) by a witness pair. Vectorised
//!   passes over two windows of 16,384 pairs (a, n − a), the small heaps a and those just
//!   below n/2, serve every candidate at once and usually find them all ([`witness`]); a
//!   candidate they miss is looked for in the whole of S(n), which decides it exactly (a
//!   candidate above 255 only among the pairs with a heap whose value is above 255, the
//!   only pairs that can give it).
//!
//! Every value is therefore exact; the heuristics only choose the order of the work.
//!
//! Heaps go in blocks of `BLOCK`. A rare pair (r, n − r) whose two heaps both lie before
//! n's block is marked with those of the whole block at once ([`pairs`]). With
//! [`Schedule::TwoThreads`], those whose two heaps both lie before the block `LAG` blocks
//! earlier are marked on a second thread while the first computes the blocks in between.
//! Most rare heaps are far from the small ones, so this is most of the marking. How much
//! of it the first thread keeps is adjusted block by block: whichever thread waited longer
//! for the other takes on the pairs of a few more rare heaps. The values depend neither on
//! the schedule nor on the share.

mod pairs;
mod witness;

use std::collections::VecDeque;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use game_core::stop::checkpoint;

use pairs::{DENSE_REACH, FarMarks, FarRequest, RareHeap, far_runs, mark_near_pairs, set_size};
use witness::{WINDOW, WindowTables, in_options, in_options_with_wide};

use super::is_rare_value;

/// Values are stored as `u16`; they stay far below this bound for every heap computed so
/// far (they pass 255 near n ≈ 7.25·10^6).
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

/// By how many rare heaps the first thread's share of the far pairs moves after each block
/// ([`SparseSolver::share_rare_pairs`]).
const SHARE_STEP: usize = 4;

/// The bytes of a set (one per value, 0 or 1) of the eight values from 8·`chunk` on
/// that belong to rare values: v = 8·chunk + j is rare when parity(4·chunk + j/2) =
/// parity(chunk) ⊕ parity(j/2) is even.
fn rare_bytes(chunk: usize) -> u64 {
    if chunk.count_ones().is_multiple_of(2) {
        0x0101_0000_0000_0101 // j = 0, 1, 6, 7
    } else {
        0x0000_0101_0101_0000 // j = 2, 3, 4, 5
    }
}

/// The bytes of the values from 8·`chunk` to 8·`chunk` + 7 that are missing from `set`
/// and selected by `class` (one byte of 0x01 per value), as 0x01 bytes.
fn absent_bytes(set: &[u8], chunk: usize, class: u64) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&set[8 * chunk..8 * chunk + 8]);
    !u64::from_le_bytes(word) & class
}

/// c*: the least common value missing from `set`. Values at or above `set.len()` are
/// never in it, and `set.len()`, a power of two at least 8, is common.
fn least_missing_common(set: &[u8]) -> usize {
    const EVERY_BYTE: u64 = 0x0101_0101_0101_0101;
    (0..set.len() / 8)
        .find_map(|chunk| {
            let absent = absent_bytes(set, chunk, EVERY_BYTE ^ rare_bytes(chunk));
            (absent != 0).then(|| 8 * chunk + absent.trailing_zeros() as usize / 8)
        })
        .unwrap_or(set.len())
}

/// Appends to `out` the rare values below `end` missing from `set`, ascending.
fn missing_rare(set: &[u8], end: usize, out: &mut Vec<u16>) {
    for chunk in 0..end.div_ceil(8) {
        let mut absent = absent_bytes(set, chunk, rare_bytes(chunk));
        while absent != 0 {
            let value = 8 * chunk + absent.trailing_zeros() as usize / 8;
            if value >= end {
                return;
            }
            out.push(value as u16);
            absent &= absent - 1;
        }
    }
}

/// Why [`nim_values`] could not give the table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NimValueError {
    /// A value passed `u16::MAX`: the table type cannot hold it.
    #[error("G({heap}) exceeds {MAX_VALUE}, the largest value a table of u16 holds")]
    ValueOverflow {
        /// The heap whose value overflowed.
        heap: u64,
    },
    /// The table of values, 2 bytes a heap, could not be allocated: asked for before the
    /// work starts, so that a size beyond the machine's memory is an error, not an abort.
    #[error("the values of heaps 0..={max_heap} need {bytes} bytes, which could not be allocated")]
    OutOfMemory {
        /// The largest heap asked for.
        max_heap: u32,
        /// The bytes of the table.
        bytes: u64,
    },
}

/// How a nim-value computation spreads its work ([`NimValueOptions::schedule`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Schedule {
    /// Everything on the calling thread.
    OneThread,
    /// The far rare pairs on a second thread, up to two blocks of 256 heaps ahead.
    TwoThreads,
}

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

    /// Consumes the table, giving the values.
    pub fn into_values(self) -> Vec<u16> {
        self.values
    }
}

/// The first thread's state: the values so far and what the method keeps about them.
struct SparseSolver {
    values: Vec<u16>,
    largest: u16,
    rare: Vec<RareHeap>,
    set: Vec<u8>,
    candidates: Vec<u16>,
    window_tables: WindowTables,
    spare_buffers: Vec<(Vec<u8>, Vec<u16>)>,
    dense_reach: usize,
    /// How many rare heaps, the first ones, have their far pairs marked by this thread.
    first_thread_share: usize,
    /// How many rare heaps lie below [`BLOCK`]: their pairs are near ones.
    small_rare: usize,
    /// Where the rare heaps of the current block begin in `rare`: their pairs are near ones.
    block_rare: usize,
    full_scans: u64,
}

impl SparseSolver {
    /// A solver for heaps up to `max_heap`; far pairs with a rare heap up to `dense_reach`
    /// read their partners from one window (normally [`DENSE_REACH`]).
    fn new(max_heap: usize, dense_reach: usize) -> Result<Self, NimValueError> {
        let mut values = Vec::new();
        values
            .try_reserve_exact(max_heap + 1)
            .map_err(|_| NimValueError::OutOfMemory {
                max_heap: max_heap as u32,
                bytes: 2 * (max_heap as u64 + 1),
            })?;
        values.push(0);
        Ok(SparseSolver {
            values,
            largest: 0,
            rare: Vec::new(),
            set: Vec::new(),
            candidates: Vec::new(),
            window_tables: WindowTables::default(),
            spare_buffers: Vec::new(),
            dense_reach,
            first_thread_share: 0,
            small_rare: 0,
            block_rare: 0,
            full_scans: 0,
        })
    }

    /// What the helper marks the far pairs of block `index` (heaps up to `max_heap`) from.
    /// It is requested when block `index` − [`LAG`] starts, so every value below that block
    /// is final.
    fn far_request(&mut self, index: usize, max_heap: usize) -> FarRequest {
        let first_heap = index * BLOCK;
        let len = BLOCK.min(max_heap + 1 - first_heap);
        let known = index.saturating_sub(LAG) * BLOCK;
        let below = self
            .rare
            .partition_point(|rare| (rare.heap as usize) < known);
        let helper_from = self
            .rare
            .partition_point(|rare| (rare.heap as usize) < HELPER_FROM);
        let rare_range = self.first_thread_share.max(helper_from).min(below)..below;
        let rare = self.rare[rare_range.clone()].to_vec();
        let dense = rare.partition_point(|rare| rare.heap as usize <= self.dense_reach);
        let reach = dense
            .checked_sub(1)
            .map_or(0, |last| rare[last].heap as usize);
        let window_start = first_heap.saturating_sub(reach).min(known);
        let (spare_sets, mut window) = self.spare_buffers.pop().unwrap_or_default();
        window.clear();
        window.extend_from_slice(&self.values[window_start..known]);
        let distant = rare[dense..]
            .iter()
            .map(|rare| {
                let first_partner = first_heap - rare.heap as usize;
                self.values[first_partner..first_partner + len].to_vec()
            })
            .collect();
        FarRequest {
            first_heap,
            len,
            set_size: set_size(self.largest),
            rare,
            rare_range,
            dense,
            window,
            window_start,
            distant,
            spare_sets,
        }
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
        let runs = far_runs(&self.rare, far.helper_rare(), block.clone(), &self.values);
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
        self.spare_buffers.push(far.into_buffers());
    }

    /// Records G(n) for the next heap n.
    fn push(&mut self, value: u16) {
        let n = self.values.len();
        self.values.push(value);
        self.largest = self.largest.max(value);
        self.window_tables.push(&self.values);
        if is_rare_value(value.into()) {
            self.rare.push(RareHeap {
                heap: n as u32,
                value,
            });
        }
    }

    /// G(n) for the next heap n of the block of `far`, from its far pairs and every value
    /// below n.
    fn next_value(&mut self, far: &FarMarks) -> u16 {
        let n = self.values.len();
        let far_set = far.of_heap(n);
        self.set.clear();
        self.set.extend_from_slice(far_set);
        self.set.resize(set_size(self.largest), 0);
        let near = [&self.rare[..self.small_rare], &self.rare[self.block_rare..]];
        mark_near_pairs(&mut self.set, n, near, &self.values);
        let least_common = least_missing_common(&self.set);
        self.candidates.clear();
        missing_rare(&self.set, least_common, &mut self.candidates);
        if n > 2 * WINDOW {
            self.window_tables
                .remove_witnessed(&self.values, &mut self.candidates);
        }
        for index in 0..self.candidates.len() {
            let candidate = self.candidates[index];
            if !self.scan_for(candidate) {
                return candidate;
            }
        }
        least_common as u16
    }

    /// Whether `candidate` is in S(n) for the next heap n, by a scan of S(n), or of its
    /// pairs with a wide heap for a candidate above 255 while those are fewer.
    fn scan_for(&mut self, candidate: u16) -> bool {
        self.full_scans += 1;
        let n = self.values.len();
        let wide = self.window_tables.wide_heaps();
        if candidate > u8::MAX.into() && wide.len() < n / 2 {
            in_options_with_wide(&self.values, wide, candidate)
        } else {
            in_options(&self.values, candidate)
        }
    }
}

/// How long each thread waited for the other over one block: the first thread for the
/// block's far pairs, the helper for their request.
#[derive(Debug, Clone, Copy, Default)]
struct Waits {
    first: Duration,
    helper: Duration,
}

/// Where a block's far pairs are marked: on the calling thread when asked for, or on a
/// helper thread as soon as they are requested.
enum FarWorker {
    Inline(VecDeque<FarRequest>),
    Helper {
        requests: mpsc::Sender<FarRequest>,
        /// The marks, with how long the helper waited for their request.
        marks: mpsc::Receiver<(FarMarks, Duration)>,
    },
}

impl FarWorker {
    fn submit(&mut self, request: FarRequest) {
        match self {
            FarWorker::Inline(queue) => queue.push_back(request),
            // The helper stops only when this sender is dropped, so it is listening.
            FarWorker::Helper { requests, .. } => requests.send(request).expect("helper alive"),
        }
    }

    /// The next block's far pairs, and how long each thread waited for the other.
    fn next(&mut self) -> (FarMarks, Waits) {
        match self {
            FarWorker::Inline(queue) => {
                let request = queue.pop_front().expect("every block is requested first");
                (FarMarks::compute(request), Waits::default())
            }
            FarWorker::Helper { marks, .. } => {
                let asked = Instant::now();
                let (far, helper) = marks.recv().expect("helper alive");
                let first = asked.elapsed();
                (far, Waits { first, helper })
            }
        }
    }
}

/// G(0), …, G(`max_heap`) for Grundy's game on two threads: the common case of
/// [`NimValueOptions`].
///
/// # Errors
///
/// [`NimValueError::ValueOverflow`] if a value passes `u16::MAX` (not seen for any heap
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
    pub fn compute(self, max_heap: u32) -> Result<NimValueTable, NimValueError> {
        rare_common_values(max_heap, self.schedule, self.progress)
    }
}

fn rare_common_values(
    max_heap: u32,
    schedule: Schedule,
    progress: impl FnMut(u32),
) -> Result<NimValueTable, NimValueError> {
    thread::scope(|scope| {
        let worker = match schedule {
            Schedule::OneThread => FarWorker::Inline(VecDeque::new()),
            Schedule::TwoThreads => {
                let (requests, incoming) = mpsc::channel::<FarRequest>();
                let (outgoing, marks) = mpsc::channel();
                scope.spawn(move || {
                    let mut idle_since = Instant::now();
                    for request in incoming {
                        let waited = idle_since.elapsed();
                        let marks = FarMarks::compute(request);
                        // The first thread stops listening only when it has failed.
                        if outgoing.send((marks, waited)).is_err() {
                            break;
                        }
                        idle_since = Instant::now();
                    }
                });
                FarWorker::Helper { requests, marks }
            }
        };
        let solver = SparseSolver::new(max_heap as usize, DENSE_REACH)?;
        compute_blocks(solver, max_heap as usize, worker, progress)
    })
}

/// Computes every heap block by block, requesting each block's far pairs [`LAG`] blocks
/// ahead.
fn compute_blocks(
    mut solver: SparseSolver,
    max_heap: usize,
    mut worker: FarWorker,
    mut progress: impl FnMut(u32),
) -> Result<NimValueTable, NimValueError> {
    let block_count = max_heap / BLOCK + 1;
    for index in 0..LAG.min(block_count) {
        worker.submit(solver.far_request(index, max_heap));
    }
    for index in 0..block_count {
        // A stop unwinds from here; dropping the worker ends the helper thread.
        checkpoint();
        if index + LAG < block_count {
            worker.submit(solver.far_request(index + LAG, max_heap));
        }
        let (mut far, waits) = worker.next();
        solver.share_rare_pairs(waits);
        solver.start_block(&mut far);
        let heaps = index * BLOCK..(index * BLOCK + BLOCK).min(max_heap + 1);
        for n in heaps.start.max(1)..heaps.end {
            let value = solver.next_value(&far);
            if value as usize >= MAX_VALUE {
                return Err(NimValueError::ValueOverflow { heap: n as u64 });
            }
            solver.push(value);
            if n.is_multiple_of(1 << 20) {
                progress(n as u32);
            }
        }
        solver.recycle(far);
    }
    Ok(NimValueTable {
        rare_heaps: solver.rare.iter().map(|rare| rare.heap).collect(),
        full_scans: solver.full_scans,
        values: solver.values,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `rare_bytes` restates `is_rare_value` as byte masks, for the hot path; they must
    /// agree on every value a table of u16 holds.
    #[test]
    fn the_rare_byte_masks_follow_is_rare_value() {
        for value in 0..=u16::MAX as usize {
            let byte = rare_bytes(value / 8) >> (8 * (value % 8)) & 0xff;
            assert_eq!(byte == 1, is_rare_value(value as u32), "value {value}");
        }
    }

    /// The first thread may take any share of the rare pairs: none, some (so that the
    /// helper takes the rare heaps from the middle of the list on), or all of them (on one
    /// thread nobody waits, so the share stays as it is set here).
    #[test]
    fn the_share_of_rare_pairs_does_not_change_the_values() {
        let max_heap = 100_000;
        let table = |share| {
            let mut solver = SparseSolver::new(max_heap, DENSE_REACH).unwrap();
            solver.first_thread_share = share;
            compute_blocks(solver, max_heap, FarWorker::Inline(VecDeque::new()), |_| {}).unwrap()
        };
        let none = table(0);
        assert_eq!(none, table(600));
        assert_eq!(none, table(1 << 20));
    }

    #[test]
    fn the_thread_that_waited_longer_takes_more_of_the_rare_pairs() {
        let mut solver = SparseSolver::new(100, DENSE_REACH).unwrap();
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

    /// Below 4.7·10^7 no rare heap lies past the window's reach of 131,072, so the runs
    /// of rare heaps past it are tested by shrinking the window until most lie past it.
    #[test]
    fn rare_heaps_past_the_window_give_the_same_values() {
        let max_heap = 150_000;
        let table = |dense_reach| {
            let solver = SparseSolver::new(max_heap, dense_reach).unwrap();
            compute_blocks(solver, max_heap, FarWorker::Inline(VecDeque::new()), |_| {}).unwrap()
        };
        let usual = table(DENSE_REACH);
        let shrunk = table(1_000);
        assert!(
            usual
                .rare_heaps()
                .iter()
                .filter(|&&heap| heap > 1_000)
                .count()
                > 1_000
        );
        assert_eq!(usual, shrunk);
    }
}

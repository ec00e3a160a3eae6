//! The rare pairs: G(r) ⊕ G(n − k − r) for every rare heap r and every k a split removes,
//! marked in a set of values.
//!
//! A set of values is a byte per value (0 or 1), for values below a power of two: marking
//! is then a plain store, which neither reads the set nor waits on an earlier mark.
//!
//! The pairs of a heap n split by what they need. A *far* pair has both r and n − k − r below
//! the first heap of n's block. Far pairs are marked for a whole block at once, a rare
//! heap at a time over consecutive heaps, which reads each rare heap's partners as one
//! contiguous run ([`mark_runs`]). Most of them are marked ahead, on another thread: those
//! of the rare heaps past the first thread's share whose partners are all final when the
//! block is requested ([`FarRequest`]). The first thread marks the rest when the block
//! starts ([`far_runs`]). A *near* pair has r below [`BLOCK`] or r in n's own block, so
//! that its partner may be a heap of the block; it is marked when n's turn comes
//! ([`mark_near_pairs`]).

use std::ops::Range;
use std::sync::Arc;

use super::store::ValueStore;
use super::{BLOCK, Rules};

/// Rare heaps up to this one read their partners from the values the marking thread keeps
/// ([`RecentValues`]); the partners of those beyond (13 between 10^7 and 4.84·10^7, none
/// other up to 10^9) come with the request, a run each.
pub(super) const DENSE_REACH: usize = 1 << 17;

/// The bytes of sets a tile of heaps may take: within the first-level data cache with room
/// for the partners read. Each rare heap's run is cut at every tile, so a larger tile pays
/// that cost less often: .6 to 2^23 on one thread took 7.85 s with 16 KiB tiles and 7.49 s
/// with 32 KiB on a processor with 48 KiB of that cache (medians of three, the same binary
/// otherwise); on one with 32 KiB, 16 KiB tiles were no faster (13.91 s against 14.20 s).
const TILE_BYTES: usize = 1 << 15;

/// The bytes a tile's marks may reach from its first: every offset a u16 holds.
const MARK_REACH: usize = 1 << 16;

/// A heap with a rare value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct RareHeap {
    pub heap: u32,
    pub value: u16,
}

/// How many values a set needs when every value is at most `largest`: the XOR of two
/// such values is below the next power of two above `largest`.
pub(super) fn set_size(largest: u16) -> usize {
    (largest as usize + 1).next_power_of_two().max(8)
}

/// What the helper thread marks a block's far pairs from.
#[derive(Debug)]
pub(super) struct FarRequest {
    /// The first heap of the block.
    pub first_heap: usize,
    /// How many heaps the block has.
    pub len: usize,
    /// The size of the sets (from the largest value known when the block is requested).
    pub set_size: usize,
    /// The game's moves: its splits pair the heaps.
    pub rules: Rules,
    /// Every rare heap known when the block was requested, ascending: shared with the
    /// first thread rather than copied, as the list seldom changes.
    pub every_rare: Arc<[RareHeap]>,
    /// The rare heaps whose pairs are marked here, in `every_rare`. For each, every partner
    /// n − k − r of the block is final when the request is made. The first thread marks
    /// the pairs of the others.
    pub rare_range: Range<usize>,
    /// How many of those, the first ones, read their partners from the [`RecentValues`]:
    /// those up to [`DENSE_REACH`], normally.
    pub dense: usize,
    /// The values that became final since the last request, in order: the next ones of
    /// the [`RecentValues`].
    pub new_values: Vec<u16>,
    /// The heap of the first of them.
    pub new_values_from: usize,
    /// No pair of this request or a later one reads a value below this heap from the
    /// [`RecentValues`].
    pub keep_from: usize,
    /// For each of the other rare heaps r, in order, the first heap p of its partners and
    /// G(p), G(p + 1), …, enough for every heap of the block and every k. Copied one run
    /// each, so that a rare heap far out does not stretch the window over the whole table.
    pub distant: Vec<(usize, Vec<u16>)>,
    /// A buffer for the sets, from a block already used: it saves the allocator handing
    /// out and reclaiming fresh pages for every block.
    pub spare_sets: Vec<u8>,
}

impl FarRequest {
    /// The runs of the block's pairs with every rare heap of the request, `recent` holding
    /// the request's new values.
    fn runs<'w>(&'w self, recent: &'w RecentValues) -> Vec<Run<'w>> {
        let block = self.first_heap..self.first_heap + self.len;
        let rare = &self.every_rare[self.rare_range.clone()];
        let mut runs = Vec::with_capacity(2 * self.rules.split.len() * rare.len());
        for (index, &rare) in rare.iter().enumerate() {
            let (first, partners) = if index < self.dense {
                (recent.start, &recent.values[..])
            } else {
                let (first, partners) = &self.distant[index - self.dense];
                (*first, &partners[..])
            };
            push_rare_runs(&mut runs, rare, &self.rules, block.clone(), partners, first);
        }
        runs
    }
}

/// The values the far pairs of the dense rare heaps read, as the thread that marks them
/// keeps them: G(start), G(start + 1), …. Each request brings the values that became final
/// since the one before, and those below its `keep_from` are dropped once they are most of
/// the copy. A helper thread keeps its own, so that a request carries a block's new values
/// rather than a copy of every partner, which the first thread would write and the helper
/// read across from the other core's cache.
#[derive(Debug, Default)]
pub(super) struct RecentValues {
    start: usize,
    values: Vec<u16>,
}

impl RecentValues {
    /// Appends a request's `new_values` and drops, once they are three quarters of the
    /// copy, the values below its `keep_from`: each value is then copied once when it
    /// comes and on average a third of a time more. New values that do not follow those
    /// kept replace them: the first request of a run taken up from a checkpoint, or of a
    /// place that had none for a while, carries every value from its `keep_from`.
    fn update(&mut self, new_values: &[u16], new_values_from: usize, keep_from: usize) {
        if new_values_from != self.start + self.values.len() {
            self.values.clear();
            self.start = new_values_from;
        }
        self.values.extend_from_slice(new_values);
        let dropped = keep_from - self.start;
        if 4 * dropped >= 3 * self.values.len() {
            self.values.drain(..dropped);
            self.start = keep_from;
        }
    }
}

/// Heaps of a block (counted from its first) that pair with a rare heap of value `value`,
/// and the values of their partners, in the same order.
#[derive(Debug)]
pub(super) struct Run<'w> {
    value: u16,
    heaps: Range<usize>,
    partners: &'w [u16],
}

/// The pairs (r, n − k − r) of a rare heap r with the heaps n, for one k a split removes.
#[derive(Debug, Clone, Copy)]
pub(super) struct RarePairs {
    pub rare: RareHeap,
    pub k: usize,
    pub unequal: bool,
}

impl RarePairs {
    /// Appends to `runs` the pairs of the heaps n of `block`: those whose partner
    /// n − k − r is a heap (at least 1), and, for unequal splits, not r itself.
    /// `partners[i]` is G(`first` + i), and holds every partner needed.
    fn push_runs<'w>(
        self,
        runs: &mut Vec<Run<'w>>,
        block: Range<usize>,
        partners: &'w [u16],
        first: usize,
    ) {
        let offset = self.k + self.rare.heap as usize;
        let from = block.start.max(offset + 1);
        let equal = offset + self.rare.heap as usize;
        let pieces = if self.unequal {
            [from..block.end.min(equal), from.max(equal + 1)..block.end]
        } else {
            [from..block.end, 0..0]
        };
        for heaps in pieces.into_iter().filter(|heaps| !heaps.is_empty()) {
            let partner = heaps.start - offset - first;
            runs.push(Run {
                value: self.rare.value,
                partners: &partners[partner..partner + heaps.len()],
                heaps: heaps.start - block.start..heaps.end - block.start,
            });
        }
    }
}

/// The far pairs of `block` that the helper leaves to the first thread: those of the rare
/// heaps r from [`BLOCK`] up to the block, except the ones at `helper_rare` in the
/// ascending list `rare`. `values` holds every partner: G(block.start − r − k), … for
/// each r and k.
pub(super) fn far_runs<'w>(
    rare: &[RareHeap],
    helper_rare: Range<usize>,
    rules: &Rules,
    block: Range<usize>,
    values: &'w ValueStore,
) -> Vec<Run<'w>> {
    let from = rare.partition_point(|rare| (rare.heap as usize) < BLOCK);
    let to = rare.partition_point(|rare| (rare.heap as usize) < block.start);
    let mut runs = Vec::with_capacity(2 * rules.split.len() * to.saturating_sub(from));
    for index in (from..to).filter(|index| !helper_rare.contains(index)) {
        let (first, partners) = partners_of(rare[index], rules, block.clone(), values);
        push_rare_runs(
            &mut runs,
            rare[index],
            rules,
            block.clone(),
            partners,
            first,
        );
    }
    runs
}

/// The first heap p of the partners of the rare heap `rare` (below `block`) among the
/// heaps of `block`, and G(p), G(p + 1), …, enough for every heap of the block and every k.
pub(super) fn partners_of<'w>(
    rare: RareHeap,
    rules: &Rules,
    block: Range<usize>,
    values: &'w ValueStore,
) -> (usize, &'w [u16]) {
    let r = rare.heap as usize;
    let first_k = rules.split.first().copied().unwrap_or(0);
    let first = (block.start - r).saturating_sub(rules.largest_split());
    let end = block.end - r - first_k;
    let partners = values
        .slice(first..end)
        .expect("the store keeps the partners of every rare heap");
    (first, partners)
}

/// Appends to `runs` the pairs of the rare heap `rare` with the heaps of `block`, for
/// every k a split of `rules` removes; `partners[i]` is G(`first` + i).
fn push_rare_runs<'w>(
    runs: &mut Vec<Run<'w>>,
    rare: RareHeap,
    rules: &Rules,
    block: Range<usize>,
    partners: &'w [u16],
    first: usize,
) {
    for &k in &rules.split {
        let pairs = RarePairs {
            rare,
            k,
            unequal: rules.unequal,
        };
        pairs.push_runs(runs, block.clone(), partners, first);
    }
}

/// The bytes of the sets of `len` heaps, `set_size` each (a power of two), padded so that
/// [`MARK_REACH`] bytes follow the first byte of every tile: a tile's marks then need no
/// check of their index ([`store_marks`]). Tiles start at multiples of `tile_bytes`, so the
/// last starts at the last such multiple below the sets' end.
fn sets_bytes(len: usize, set_size: usize) -> usize {
    let tile_bytes = set_size.max(TILE_BYTES);
    let last_tile_start = (len * set_size).saturating_sub(1) / tile_bytes * tile_bytes;
    last_tile_start + MARK_REACH
}

/// Stores 1 at each offset of `marks` in `reach`, the bytes from a tile's first on.
///
/// Every u16 is an index of `reach`, so the compiler checks none and each mark is a load
/// and a store. A mask keeping the offsets within a tile did the same with offsets moved
/// out of a vector register one at a time: .6 to 2^23 on one thread took 12.6–13.0 s with
/// it and 10.4–10.5 s without (four interleaved runs each). Four marks an iteration: the
/// loop's own count and branch are then paid once for four stores (one at a time, the same
/// runs took 10.3–11.7 s).
fn store_marks(reach: &mut [u8; MARK_REACH], marks: &[u16]) {
    let (quads, rest) = marks.as_chunks::<4>();
    for quad in quads {
        for &mark in quad {
            reach[usize::from(mark)] = 1;
        }
    }
    for &mark in rest {
        reach[usize::from(mark)] = 1;
    }
}

/// Marks every pair of `runs` in `sets`, the sets of a block's `len` heaps, `set_size` bytes
/// each and padded ([`sets_bytes`]), a tile of heaps at a time: the sets of a tile
/// ([`TILE_BYTES`]) stay in the first-level cache while every rare heap marks them.
fn mark_runs(sets: &mut [u8], len: usize, set_size: usize, runs: &[Run]) {
    let tile = (TILE_BYTES / set_size).max(1);
    // Where each heap's set begins in its tile, and where a run's marks go: offsets within
    // a tile, or within one set of at most 2^16 values, so a u16 holds them.
    let set_offsets: Vec<u16> = (0..tile).map(|heap| (heap * set_size) as u16).collect();
    let mut mark_offsets = vec![0; tile];
    for tile_start in (0..len).step_by(tile) {
        let tile_end = (tile_start + tile).min(len);
        let reach = sets[tile_start * set_size..]
            .first_chunk_mut::<MARK_REACH>()
            .expect("the sets are padded for every tile");
        for run in runs {
            let start = run.heaps.start.max(tile_start);
            let end = run.heaps.end.min(tile_end);
            if start >= end {
                continue;
            }
            let partners = &run.partners[start - run.heaps.start..end - run.heaps.start];
            let set_offsets = &set_offsets[start - tile_start..end - tile_start];
            let marks = &mut mark_offsets[..end - start];
            // The offsets first, then the stores: apart, the offsets are computed in vector
            // registers, eight at a time.
            for ((mark, &partner), &set) in marks.iter_mut().zip(partners).zip(set_offsets) {
                *mark = set + (run.value ^ partner);
            }
            store_marks(reach, marks);
        }
    }
}

/// The far pairs of a block of heaps: for each heap n, the set of values
/// G(r) ⊕ G(n − k − r) over the rare r whose pairs have been marked.
#[derive(Debug)]
pub(super) struct FarMarks {
    first_heap: usize,
    len: usize,
    helper_rare: Range<usize>,
    set_size: usize,
    sets: Vec<u8>,
    new_values: Vec<u16>,
}

impl FarMarks {
    /// Marks the pairs of the request's rare heaps over its block, with `recent` the values
    /// kept from the requests before, which takes in this one's.
    pub fn compute(mut request: FarRequest, recent: &mut RecentValues) -> FarMarks {
        recent.update(
            &request.new_values,
            request.new_values_from,
            request.keep_from,
        );
        let mut sets = std::mem::take(&mut request.spare_sets);
        sets.clear();
        sets.resize(sets_bytes(request.len, request.set_size), 0);
        mark_runs(
            &mut sets,
            request.len,
            request.set_size,
            &request.runs(recent),
        );
        FarMarks {
            first_heap: request.first_heap,
            len: request.len,
            helper_rare: request.rare_range,
            set_size: request.set_size,
            sets,
            new_values: request.new_values,
        }
    }

    /// The buffers of the sets and of the new values, for another request.
    pub fn into_buffers(self) -> (Vec<u8>, Vec<u16>) {
        (self.sets, self.new_values)
    }

    /// The heaps of the block.
    pub fn block(&self) -> Range<usize> {
        self.first_heap..self.first_heap + self.len
    }

    /// Where the rare heaps whose pairs the helper marked lie in the ascending list of
    /// every rare heap.
    pub fn helper_rare(&self) -> Range<usize> {
        self.helper_rare.clone()
    }

    /// Marks the pairs of `runs` too, in sets of at least `set_size` values: the values
    /// found since the request may need larger ones.
    pub fn mark(&mut self, set_size: usize, runs: &[Run]) {
        self.widen(set_size);
        mark_runs(&mut self.sets, self.len, self.set_size, runs);
    }

    /// Makes every set at least `set_size` values wide, keeping its marks.
    pub fn widen(&mut self, set_size: usize) {
        if set_size > self.set_size {
            let mut widened = vec![0; sets_bytes(self.len, set_size)];
            let sets = self.sets.chunks_exact(self.set_size);
            for (widened, set) in widened.chunks_exact_mut(set_size).zip(sets) {
                widened[..set.len()].copy_from_slice(set);
            }
            self.sets = widened;
            self.set_size = set_size;
        }
    }

    /// The far pairs' set for heap `n` of the block, to be read or marked further.
    pub fn of_heap(&mut self, n: usize) -> &mut [u8] {
        let offset = (n - self.first_heap) * self.set_size;
        &mut self.sets[offset..offset + self.set_size]
    }
}

/// Marks in `set` the pairs of heap n = `values.len()` with the rare heaps of `near`: those
/// below [`BLOCK`], and those in n's block. `values` holds their partners.
pub(super) fn mark_near_pairs(
    set: &mut [u8],
    near: [&[RareHeap]; 2],
    rules: &Rules,
    values: &ValueStore,
) {
    let n = values.len();
    for &k in &rules.split {
        let Some(left) = n.checked_sub(k) else {
            continue;
        };
        // Two loops rather than a chain of the two parts: a chained iterator checks which
        // part it is in at every step.
        for part in near {
            for rare in part {
                let r = rare.heap as usize;
                if r < left && !(rules.unequal && left == 2 * r) {
                    set[(rare.value ^ values.at(left - r)) as usize] = 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values that follow those kept are added to them; any others replace them.
    #[test]
    fn recent_values_take_up_afresh_after_a_gap() {
        let mut recent = RecentValues::default();
        recent.update(&[1, 2, 3], 0, 0);
        recent.update(&[4, 5], 3, 0);
        assert_eq!(
            (recent.start, recent.values.as_slice()),
            (0, &[1, 2, 3, 4, 5][..])
        );
        recent.update(&[9, 8], 10, 10);
        assert_eq!((recent.start, recent.values.as_slice()), (10, &[9, 8][..]));
    }

    /// The set of heap `n` of `far` as the values it holds.
    fn marked(far: &mut FarMarks, n: usize) -> Vec<usize> {
        let set = far.of_heap(n);
        (0..set.len()).filter(|&value| set[value] == 1).collect()
    }

    fn grundy_pairs(rare: RareHeap, k: usize) -> RarePairs {
        RarePairs {
            rare,
            k,
            unequal: true,
        }
    }

    /// The sets of `heaps` heaps marked by `runs`, as the values they hold.
    fn marked_by(runs: &[Run], heaps: usize) -> Vec<Vec<usize>> {
        let mut sets = vec![0; sets_bytes(heaps, 8)];
        mark_runs(&mut sets, heaps, 8, runs);
        let (sets, padding) = sets.split_at(heaps * 8);
        assert!(
            padding.iter().all(|&byte| byte == 0),
            "a mark past the sets"
        );
        sets.chunks(8)
            .map(|set| (0..8).filter(|&value| set[value] == 1).collect())
            .collect()
    }

    #[test]
    fn every_tile_is_followed_by_the_reach_of_its_marks() {
        for set_size in (3..=16).map(|bits| 1 << bits) {
            let tile = (TILE_BYTES / set_size).max(1);
            let lens = [1, 2, tile - 1, tile, tile + 1, 3 * tile, BLOCK];
            for len in lens.into_iter().filter(|&len| len > 0) {
                let bytes = sets_bytes(len, set_size);
                assert!(bytes >= len * set_size);
                let last_tile_start = (len - 1) / tile * tile * set_size;
                assert!(last_tile_start + MARK_REACH <= bytes, "{set_size} × {len}");
            }
        }
    }

    #[test]
    fn the_recent_values_hold_every_value_from_keep_from_on_and_few_others() {
        let table: Vec<u16> = (0..20_000).map(|heap| (heap * 7 % 1_000) as u16).collect();
        let mut recent = RecentValues::default();
        let mut sent = 0;
        for known in (0..20_000usize).step_by(BLOCK) {
            let keep_from = known.saturating_sub(3_000);
            recent.update(&table[sent..known], sent, keep_from);
            sent = known;
            assert!(recent.start <= keep_from);
            assert_eq!(recent.values, table[recent.start..known]);
            assert!(recent.values.len() <= 4 * (known - keep_from) + BLOCK);
        }
        assert!(recent.start > 0, "values were dropped");
    }

    #[test]
    fn sets_widened_for_larger_values_keep_their_marks() {
        // Heaps 1000–1002 with the rare heap 900 (value 1): partners G(100..=102) = 2, 3, 4.
        let request = FarRequest {
            first_heap: 1_000,
            len: 3,
            set_size: 8,
            rules: Rules {
                split: vec![0],
                unequal: true,
                ..Rules::default()
            },
            every_rare: (0..6)
                .map(|_| RareHeap {
                    heap: 900,
                    value: 1,
                })
                .collect(),
            rare_range: 5..6,
            dense: 1,
            new_values: vec![2, 3, 4],
            new_values_from: 100,
            keep_from: 100,
            distant: Vec::new(),
            spare_sets: vec![1; 5],
        };
        let mut recent = RecentValues {
            start: 100,
            values: Vec::new(),
        };
        let mut far = FarMarks::compute(request, &mut recent);
        assert_eq!(far.helper_rare(), 5..6);
        assert_eq!(far.of_heap(1_001).len(), 8);
        assert_eq!(marked(&mut far, 1_000), [3]);
        // The rare heap 600 (value 8) with partners G(400..=402) = 1, 7, 15: XORs 9, 15, 7.
        let mut runs = Vec::new();
        let partners = [1, 7, 15];
        let rare = RareHeap {
            heap: 600,
            value: 8,
        };
        grundy_pairs(rare, 0).push_runs(&mut runs, far.block(), &partners, 400);
        far.mark(16, &runs);
        assert_eq!(far.of_heap(1_001).len(), 16);
        assert_eq!(marked(&mut far, 1_000), [3, 9]);
        assert_eq!(marked(&mut far, 1_001), [2, 15]);
        assert_eq!(marked(&mut far, 1_002), [5, 7]);
    }

    #[test]
    fn a_rare_heap_does_not_pair_with_itself() {
        // Heaps 10–13 with the rare heap 6 (value 0): heap 12 = 2·6 would split into two
        // equal heaps, so it has no pair with 6.
        let values = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1];
        let mut runs = Vec::new();
        let rare = RareHeap { heap: 6, value: 0 };
        grundy_pairs(rare, 0).push_runs(&mut runs, 10..14, &values, 0);
        // G(4), G(5), —, G(7) = 0, 2, (heap 12 skipped), 0.
        assert_eq!(marked_by(&runs, 4), [vec![0], vec![2], vec![], vec![0]]);
    }

    #[test]
    fn a_split_that_removes_tokens_pairs_with_the_heaps_it_leaves() {
        // Heaps 10–13 with the rare heap 6 (value 3) and k = 2 in equal splits allowed:
        // partners G(2), …, G(5); heap 14 = 2 + 2·6 splits into 6 + 6.
        let values = [0, 1, 2, 4, 5, 6, 3];
        let rare = RareHeap { heap: 6, value: 3 };
        let pairs = RarePairs {
            rare,
            k: 2,
            unequal: false,
        };
        let mut runs = Vec::new();
        pairs.push_runs(&mut runs, 10..15, &values, 0);
        let marked = marked_by(&runs, 5);
        assert_eq!(marked, [vec![1], vec![7], vec![6], vec![5], vec![0]]);
        // Heaps 8 and 9 leave 0 and 1 beside the rare heap: only heap 9 pairs (with heap 1).
        let mut runs = Vec::new();
        pairs.push_runs(&mut runs, 8..10, &values, 0);
        assert_eq!(marked_by(&runs, 2), [vec![], vec![2]]);
    }
}

//! The rare pairs: G(r) ⊕ G(n − r) for every rare heap r, marked in a set of values.
//!
//! A set of values is a byte per value (0 or 1), for values below a power of two: marking
//! is then a plain store, which neither reads the set nor waits on an earlier mark.
//!
//! The pairs of a heap n split by what they need. A *far* pair has both r and n − r below
//! the first heap of n's block. Far pairs are marked for a whole block at once, a rare
//! heap at a time over consecutive heaps, which reads each rare heap's partners as one
//! contiguous run ([`mark_runs`]). Most of them are marked ahead, on another thread: those
//! of the rare heaps past the first thread's share whose partners are all final when the
//! block is requested ([`FarRequest`]). The first thread marks the rest when the block
//! starts ([`far_runs`]). A *near* pair has r below [`BLOCK`] or r in n's own block, so
//! that its partner may be a heap of the block; it is marked when n's turn comes
//! ([`mark_near_pairs`]).

use std::ops::Range;

use super::BLOCK;

/// Rare heaps up to this far back have their partners in the request's window; those
/// beyond (13 between 10^7 and 4.84·10^7, none other up to 10^9) get their own runs.
pub(super) const DENSE_REACH: usize = 1 << 17;

/// The bytes of sets a tile of heaps may take.
const TILE_BYTES: usize = 1 << 14;

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
    /// The rare heaps whose pairs are marked here, ascending. For each, every partner
    /// n − r of the block is final when the request is made.
    pub rare: Vec<RareHeap>,
    /// Where `rare` lies in the ascending list of every rare heap: the first thread marks
    /// the pairs of the others.
    pub rare_range: Range<usize>,
    /// How many of `rare`, the first ones, have their partners in `window`: those up to
    /// [`DENSE_REACH`], normally.
    pub dense: usize,
    /// G(window_start), G(window_start + 1), …: the partners of the pairs with the first
    /// `dense` rare heaps.
    pub window: Vec<u16>,
    /// The heap of `window[0]`.
    pub window_start: usize,
    /// For each of the other rare heaps r, in order, the partners G(first_heap − r), … of
    /// the block's heaps. Copied one run each, so that a rare heap far out does not
    /// stretch the window over the whole table.
    pub distant: Vec<Vec<u16>>,
    /// A buffer for the sets, from a block already used: it saves the allocator handing
    /// out and reclaiming fresh pages for every block.
    pub spare_sets: Vec<u8>,
}

impl FarRequest {
    /// The runs of the block's pairs with every rare heap of the request.
    fn runs(&self) -> Vec<Run<'_>> {
        let block = self.first_heap..self.first_heap + self.len;
        let mut runs = Vec::with_capacity(2 * self.rare.len());
        for (index, &rare) in self.rare.iter().enumerate() {
            let r = rare.heap as usize;
            let partners = if index < self.dense {
                &self.window[self.first_heap - r - self.window_start..]
            } else {
                &self.distant[index - self.dense]
            };
            push_runs(&mut runs, rare, block.clone(), partners);
        }
        runs
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

/// Appends to `runs` the pairs (r, n − r) of the heaps n of `block` with the rare heap r,
/// `partners` beginning with G(block.start − r), G(block.start + 1 − r), …. The pair
/// (r, r) is not a move: equal heaps may not be split off.
fn push_runs<'w>(
    runs: &mut Vec<Run<'w>>,
    rare: RareHeap,
    block: Range<usize>,
    partners: &'w [u16],
) {
    let r = rare.heap as usize;
    let below_double = block.start..block.end.min(2 * r);
    let above_double = block.start.max(2 * r + 1)..block.end;
    for heaps in [below_double, above_double] {
        if !heaps.is_empty() {
            let heaps = heaps.start - block.start..heaps.end - block.start;
            runs.push(Run {
                value: rare.value,
                partners: &partners[heaps.clone()],
                heaps,
            });
        }
    }
}

/// The far pairs of `block` that the helper leaves to the first thread: those of the rare
/// heaps r from [`BLOCK`] up to the block, except the ones at `helper_rare` in the
/// ascending list `rare`. `values` holds G(0), …, G(block.start − 1) at least: every
/// partner, as r ≥ BLOCK ≥ the block's length.
pub(super) fn far_runs<'w>(
    rare: &[RareHeap],
    helper_rare: Range<usize>,
    block: Range<usize>,
    values: &'w [u16],
) -> Vec<Run<'w>> {
    let from = rare.partition_point(|rare| (rare.heap as usize) < BLOCK);
    let to = rare.partition_point(|rare| (rare.heap as usize) < block.start);
    let mut runs = Vec::with_capacity(2 * to.saturating_sub(from));
    for index in (from..to).filter(|index| !helper_rare.contains(index)) {
        let r = rare[index].heap as usize;
        let partners = &values[block.start - r..block.end - r];
        push_runs(&mut runs, rare[index], block.clone(), partners);
    }
    runs
}

/// Marks every pair of `runs` in `sets`, the sets of a block's heaps, `set_size` bytes
/// each, a tile of heaps at a time: the sets of a tile (16 KiB) stay in the first-level
/// cache while every rare heap marks them.
fn mark_runs(sets: &mut [u8], set_size: usize, runs: &[Run]) {
    let len = sets.len() / set_size;
    let tile = (TILE_BYTES / set_size).max(1);
    // Where each heap's set begins in its tile, and where a run's marks go.
    let set_offsets: Vec<u32> = (0..tile).map(|heap| (heap * set_size) as u32).collect();
    let mut mark_offsets = vec![0; tile];
    for tile_start in (0..len).step_by(tile) {
        let tile_end = (tile_start + tile).min(len);
        let tile_sets = &mut sets[tile_start * set_size..tile_end * set_size];
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
            // registers, eight at a time, which takes a mark from 11 instructions to about 8.
            for ((mark, &partner), &set) in marks.iter_mut().zip(partners).zip(set_offsets) {
                *mark = set + u32::from(run.value ^ partner);
            }
            for &mark in marks.iter() {
                tile_sets[mark as usize] = 1;
            }
        }
    }
}

/// The far pairs of a block of heaps: for each heap n, the set of values G(r) ⊕ G(n − r)
/// over the rare r whose pairs have been marked.
#[derive(Debug)]
pub(super) struct FarMarks {
    first_heap: usize,
    len: usize,
    helper_rare: Range<usize>,
    set_size: usize,
    sets: Vec<u8>,
    window: Vec<u16>,
}

impl FarMarks {
    /// Marks the pairs of the request's rare heaps over its block.
    pub fn compute(mut request: FarRequest) -> FarMarks {
        let mut sets = std::mem::take(&mut request.spare_sets);
        sets.clear();
        sets.resize(request.len * request.set_size, 0);
        mark_runs(&mut sets, request.set_size, &request.runs());
        FarMarks {
            first_heap: request.first_heap,
            len: request.len,
            helper_rare: request.rare_range,
            set_size: request.set_size,
            sets,
            window: request.window,
        }
    }

    /// The buffers of the sets and of the window, for another request.
    pub fn into_buffers(self) -> (Vec<u8>, Vec<u16>) {
        (self.sets, self.window)
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
        if set_size > self.set_size {
            let mut widened = vec![0; self.len * set_size];
            let sets = self.sets.chunks_exact(self.set_size);
            for (widened, set) in widened.chunks_exact_mut(set_size).zip(sets) {
                widened[..set.len()].copy_from_slice(set);
            }
            self.sets = widened;
            self.set_size = set_size;
        }
        mark_runs(&mut self.sets, self.set_size, runs);
    }

    /// The far pairs' set for heap `n` of the block.
    pub fn of_heap(&self, n: usize) -> &[u8] {
        let offset = (n - self.first_heap) * self.set_size;
        &self.sets[offset..offset + self.set_size]
    }
}

/// Marks in `set` the pairs of heap `n` with the rare heaps of `near`: those below
/// [`BLOCK`], and those in n's block. `values` holds G(0), …, G(n − 1).
pub(super) fn mark_near_pairs(set: &mut [u8], n: usize, near: [&[RareHeap]; 2], values: &[u16]) {
    // Two loops rather than a chain of the two parts: a chained iterator checks which part
    // it is in at every step.
    for part in near {
        for rare in part {
            let r = rare.heap as usize;
            if n != 2 * r {
                set[(rare.value ^ values[n - r]) as usize] = 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The set of heap `n` of `far` as the values it holds.
    fn marked(far: &FarMarks, n: usize) -> Vec<usize> {
        let set = far.of_heap(n);
        (0..set.len()).filter(|&value| set[value] == 1).collect()
    }

    #[test]
    fn sets_widened_for_larger_values_keep_their_marks() {
        // Heaps 1000–1002 with the rare heap 900 (value 1): partners G(100..=102) = 2, 3, 4.
        let request = FarRequest {
            first_heap: 1_000,
            len: 3,
            set_size: 8,
            rare: vec![RareHeap {
                heap: 900,
                value: 1,
            }],
            rare_range: 5..6,
            dense: 1,
            window: vec![2, 3, 4],
            window_start: 100,
            distant: Vec::new(),
            spare_sets: vec![1; 5],
        };
        let mut far = FarMarks::compute(request);
        assert_eq!(far.helper_rare(), 5..6);
        assert_eq!(far.of_heap(1_001).len(), 8);
        assert_eq!(marked(&far, 1_000), [3]);
        // The rare heap 600 (value 8) with partners G(400..=402) = 1, 7, 15: XORs 9, 15, 7.
        let mut runs = Vec::new();
        let partners = [1, 7, 15];
        let rare = RareHeap {
            heap: 600,
            value: 8,
        };
        push_runs(&mut runs, rare, far.block(), &partners);
        far.mark(16, &runs);
        assert_eq!(far.of_heap(1_001).len(), 16);
        assert_eq!(marked(&far, 1_000), [3, 9]);
        assert_eq!(marked(&far, 1_001), [2, 15]);
        assert_eq!(marked(&far, 1_002), [5, 7]);
    }

    #[test]
    fn a_rare_heap_does_not_pair_with_itself() {
        // Heaps 10–13 with the rare heap 6 (value 0): heap 12 = 2·6 would split into two
        // equal heaps, so it has no pair with 6.
        let values = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1];
        let mut runs = Vec::new();
        let rare = RareHeap { heap: 6, value: 0 };
        push_runs(&mut runs, rare, 10..14, &values[4..8]);
        let mut sets = vec![0; 4 * 8];
        mark_runs(&mut sets, 8, &runs);
        let marked: Vec<Vec<usize>> = sets
            .chunks(8)
            .map(|set| (0..8).filter(|&value| set[value] == 1).collect())
            .collect();
        // G(4), G(5), —, G(7) = 0, 2, (heap 12 skipped), 0.
        assert_eq!(marked, [vec![0], vec![2], vec![], vec![0]]);
    }
}

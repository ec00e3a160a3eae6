//! The rare pairs: G(r) ⊕ G(n − r) for every rare heap r, marked in a set of values.
//!
//! A set of values is a byte per value (0 or 1), for values below a power of two: marking
//! is then a plain store, which neither reads the set nor waits on an earlier mark.
//!
//! The pairs of a heap n split by what they need. A *far* pair has both r and n − r below
//! the heap `known`, up to which every value is final before n's block starts; it can be
//! marked ahead, on another thread. A *near* pair has one side at or above `known` and is
//! marked when n's turn comes.

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

/// What a block of far pairs is computed from.
#[derive(Debug, Clone)]
pub(super) struct FarRequest {
    /// The first heap of the block.
    pub first_heap: usize,
    /// How many heaps the block has.
    pub len: usize,
    /// Every value below this heap is final.
    pub known: usize,
    /// The size of the sets (from the largest value below `known`).
    pub set_size: usize,
    /// The rare heaps below `known`, ascending.
    pub rare: Vec<RareHeap>,
    /// G(window_start), …, G(known − 1): every partner of a far pair.
    pub window: Vec<u16>,
    /// The heap of `window[0]`.
    pub window_start: usize,
    /// A buffer for the sets, from a block already used: it saves the allocator handing
    /// out and reclaiming fresh pages for every block.
    pub spare_sets: Vec<u8>,
}

impl FarRequest {
    /// For each far rare heap r, the heaps of the block it pairs with, as runs of
    /// consecutive heaps with consecutive partners.
    fn runs(&self) -> Vec<Run> {
        let mut runs = Vec::with_capacity(2 * self.rare.len());
        for rare in &self.rare {
            let r = rare.heap as usize;
            let heaps =
                self.first_heap.max(r + 1)..(self.first_heap + self.len).min(self.known + r);
            // The pair (r, r) is not a move: equal heaps may not be split off.
            let below_double = heaps.start..heaps.end.min(2 * r);
            let above_double = heaps.start.max(2 * r + 1)..heaps.end;
            for heaps in [below_double, above_double] {
                if !heaps.is_empty() {
                    runs.push(Run {
                        value: rare.value,
                        first_partner: heaps.start - r - self.window_start,
                        heaps: heaps.start - self.first_heap..heaps.end - self.first_heap,
                    });
                }
            }
        }
        runs
    }
}

/// Heaps of a block (counted from its first) that pair with a rare heap of value `value`;
/// the first one's partner is `window[first_partner]`, the next ones' follow it.
struct Run {
    value: u16,
    first_partner: usize,
    heaps: std::ops::Range<usize>,
}

/// The far pairs of a block of heaps: for each heap, the set of values G(r) ⊕ G(n − r)
/// over the rare r with both r and n − r below `known`.
#[derive(Debug, Clone)]
pub(super) struct FarMarks {
    first_heap: usize,
    known: usize,
    set_size: usize,
    sets: Vec<u8>,
    window: Vec<u16>,
}

impl FarMarks {
    /// Marks the far pairs of the request's block, a tile of heaps at a time: the sets of
    /// a tile (16 KiB) stay in the first-level cache while every rare heap marks them.
    pub fn compute(request: FarRequest) -> FarMarks {
        let runs = request.runs();
        let FarRequest {
            first_heap,
            len,
            known,
            set_size,
            window,
            spare_sets: mut sets,
            ..
        } = request;
        sets.clear();
        sets.resize(len * set_size, 0);
        let tile = (TILE_BYTES / set_size).max(1);
        for tile_start in (0..len).step_by(tile) {
            let tile_end = (tile_start + tile).min(len);
            for run in &runs {
                let start = run.heaps.start.max(tile_start);
                let end = run.heaps.end.min(tile_end);
                if start >= end {
                    continue;
                }
                let first_partner = run.first_partner + (start - run.heaps.start);
                let mut offset = start * set_size;
                for &partner in &window[first_partner..first_partner + (end - start)] {
                    sets[offset + (run.value ^ partner) as usize] = 1;
                    offset += set_size;
                }
            }
        }
        FarMarks {
            first_heap,
            known,
            set_size,
            sets,
            window,
        }
    }

    /// The buffers of the sets and of the window, for another request.
    pub fn into_buffers(self) -> (Vec<u8>, Vec<u16>) {
        (self.sets, self.window)
    }

    /// The heap below which both sides of every far pair lie.
    pub fn known(&self) -> usize {
        self.known
    }

    /// The far pairs' set for heap `n` of the block.
    pub fn of_heap(&self, n: usize) -> &[u8] {
        let offset = (n - self.first_heap) * self.set_size;
        &self.sets[offset..offset + self.set_size]
    }
}

/// Marks the near pairs of heap `n` in `set`: the rare r with n − r ≥ `known` (r small) or
/// r ≥ `known` (a rare heap found in the last two blocks). `rare` holds the rare heaps
/// below n, ascending; `values` holds G(0), …, G(n − 1).
pub(super) fn mark_near_pairs(
    set: &mut [u8],
    n: usize,
    known: usize,
    rare: &[RareHeap],
    values: &[u16],
) {
    let small_end = rare.partition_point(|rare| rare.heap as usize <= n - known);
    let recent_start = rare.partition_point(|rare| (rare.heap as usize) < known);
    let recent = &rare[recent_start.max(small_end)..];
    for rare in rare[..small_end].iter().chain(recent) {
        let r = rare.heap as usize;
        if n != 2 * r {
            set[(rare.value ^ values[n - r]) as usize] = 1;
        }
    }
}

//! The rare pairs: G(r) ⊕ G(n − r) for every rare heap r, marked in a set of values.
//!
//! A set of values is a byte per value (0 or 1), for values below a power of two: marking
//! is then a plain store, which neither reads the set nor waits on an earlier mark.
//!
//! The pairs of a heap n split by what they need. A *far* pair has both r and n − r below
//! the heap `known`, up to which every value is final when n's block is requested; it can
//! be marked ahead, on another thread. A *near* pair has one side at or above `known` and is
//! marked when n's turn comes. The first `near_rare` rare heaps of a block are marked
//! when n's turn comes too, whatever their partners: how many is how the work is shared
//! between the threads.

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

/// What a block of far pairs is computed from.
#[derive(Debug)]
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
    /// How many of `rare`, the first ones, are left to the near pairs: their pairs are
    /// not marked here.
    pub near_rare: usize,
    /// How many of `rare`, the first ones, have their partners in `window`: those up to
    /// [`DENSE_REACH`], normally.
    pub dense: usize,
    /// G(window_start), …, G(known − 1): the partners of the far pairs with the first
    /// `dense` rare heaps.
    pub window: Vec<u16>,
    /// The heap of `window[0]`.
    pub window_start: usize,
    /// For each of the other rare heaps r, in order, the partners G(first_heap − r), … of
    /// the block's heaps, up to G(known − 1). Copied one run each, so that a rare heap far
    /// out does not stretch the window over the whole table.
    pub distant: Vec<Vec<u16>>,
    /// A buffer for the sets, from a block already used: it saves the allocator handing
    /// out and reclaiming fresh pages for every block.
    pub spare_sets: Vec<u8>,
}

impl FarRequest {
    /// For each far rare heap r, the heaps of the block it pairs with, as runs of
    /// consecutive heaps with consecutive partners.
    fn runs(&self) -> Vec<Run<'_>> {
        let mut runs = Vec::with_capacity(2 * self.rare.len());
        for (index, rare) in self.rare.iter().enumerate().skip(self.near_rare) {
            let r = rare.heap as usize;
            let heaps =
                self.first_heap.max(r + 1)..(self.first_heap + self.len).min(self.known + r);
            if heaps.is_empty() {
                continue;
            }
            // G(first_heap − r), G(first_heap + 1 − r), …: the partners of the block's heaps.
            let partners = if index < self.dense {
                &self.window[self.first_heap - r - self.window_start..]
            } else {
                &self.distant[index - self.dense]
            };
            // The pair (r, r) is not a move: equal heaps may not be split off.
            let below_double = heaps.start..heaps.end.min(2 * r);
            let above_double = heaps.start.max(2 * r + 1)..heaps.end;
            for heaps in [below_double, above_double] {
                if !heaps.is_empty() {
                    let heaps = heaps.start - self.first_heap..heaps.end - self.first_heap;
                    runs.push(Run {
                        value: rare.value,
                        partners: &partners[heaps.clone()],
                        heaps,
                    });
                }
            }
        }
        runs
    }
}

/// Heaps of a block (counted from its first) that pair with a rare heap of value `value`,
/// and the values of their partners, in the same order.
struct Run<'w> {
    value: u16,
    heaps: std::ops::Range<usize>,
    partners: &'w [u16],
}

/// The far pairs of a block of heaps: for each heap, the set of values G(r) ⊕ G(n − r)
/// over the rare r with both r and n − r below `known`.
#[derive(Debug)]
pub(super) struct FarMarks {
    first_heap: usize,
    known: usize,
    rare_below_known: usize,
    near_rare: usize,
    set_size: usize,
    sets: Vec<u8>,
    window: Vec<u16>,
}

impl FarMarks {
    /// Marks the far pairs of the request's block, a tile of heaps at a time: the sets of
    /// a tile (16 KiB) stay in the first-level cache while every rare heap marks them.
    pub fn compute(mut request: FarRequest) -> FarMarks {
        let mut sets = std::mem::take(&mut request.spare_sets);
        let FarRequest { len, set_size, .. } = request;
        sets.clear();
        sets.resize(len * set_size, 0);
        let runs = request.runs();
        let tile = (TILE_BYTES / set_size).max(1);
        for tile_start in (0..len).step_by(tile) {
            let tile_end = (tile_start + tile).min(len);
            for run in &runs {
                let start = run.heaps.start.max(tile_start);
                let end = run.heaps.end.min(tile_end);
                if start >= end {
                    continue;
                }
                let partners = &run.partners[start - run.heaps.start..end - run.heaps.start];
                let mut offset = start * set_size;
                for &partner in partners {
                    sets[offset + (run.value ^ partner) as usize] = 1;
                    offset += set_size;
                }
            }
        }
        FarMarks {
            first_heap: request.first_heap,
            known: request.known,
            rare_below_known: request.rare.len(),
            near_rare: request.near_rare,
            set_size,
            sets,
            window: request.window,
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

    /// How many rare heaps lie below [`FarMarks::known`]: the first ones of the ascending
    /// list, those the far pairs were marked with.
    pub fn rare_below_known(&self) -> usize {
        self.rare_below_known
    }

    /// How many rare heaps, the first ones, were left to the near pairs.
    pub fn near_rare(&self) -> usize {
        self.near_rare
    }

    /// The far pairs' set for heap `n` of the block.
    pub fn of_heap(&self, n: usize) -> &[u8] {
        let offset = (n - self.first_heap) * self.set_size;
        &self.sets[offset..offset + self.set_size]
    }
}

/// Marks the near pairs of heap `n` in `set`: the rare r with n − r ≥ `far.known()` (r
/// small), r ≥ `far.known()` (a rare heap found in the last few blocks), and the first
/// `far.near_rare()` rare heaps. `rare` holds the rare heaps below n, ascending; `values`
/// holds G(0), …, G(n − 1).
pub(super) fn mark_near_pairs(
    set: &mut [u8],
    n: usize,
    far: &FarMarks,
    rare: &[RareHeap],
    values: &[u16],
) {
    let small_end = rare
        .partition_point(|rare| rare.heap as usize <= n - far.known())
        .max(far.near_rare());
    // The rare heaps at or above known() are those after the far pairs' ones.
    let recent_start = far.rare_below_known();
    // Two loops rather than a chain of the two parts: a chained iterator checks which part
    // it is in at every step.
    for part in [&rare[..small_end], &rare[recent_start.max(small_end)..]] {
        for rare in part {
            let r = rare.heap as usize;
            if n != 2 * r {
                set[(rare.value ^ values[n - r]) as usize] = 1;
            }
        }
    }
}

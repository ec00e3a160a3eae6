//! The search for witnesses of rare values v in S(n): small heaps a ≤ [`SMALL`] with
//! G(a) ⊕ G(n − a) = v.
//!
//! The small heaps' values are kept in reverse, G(SMALL), …, G(1), beside the slice
//! G(n − SMALL), …, G(n − 1) of the table; position k of the two holds the pair (a, n − a)
//! with a = SMALL − k. The search compares their XORs with every candidate, 64 pairs per
//! step and without branches, which the compiler turns into vector instructions. In a
//! sample of heaps near a million, every rare value below the answer had about 80 to 400
//! witnesses among the first 16,384 heaps, so the search usually ends within a few steps.

/// The witness heaps: a = 1, …, SMALL. Each needs a < n/2, so the search serves heaps
/// n > 2·SMALL.
pub(super) const SMALL: usize = 1 << 14;

/// Pairs compared per step: LANES consecutive pairs from each of ROWS stretches of the
/// small heaps. Values of nearby heaps are strongly correlated, so a step that samples
/// the whole range finds a witness sooner than one of consecutive pairs.
const STEP: usize = ROWS * LANES;
const ROWS: usize = 16;
const LANES: usize = 8;

/// The small heaps' values, reversed.
#[derive(Debug, Default)]
pub(super) struct WitnessSearch {
    /// G(SMALL − k) at k; empty until the table reaches heap SMALL.
    small_reversed: Vec<u16>,
}

impl WitnessSearch {
    /// Takes note of the table `values` = G(0), …, G(n) after G(n) was added.
    pub fn push(&mut self, values: &[u16]) {
        if values.len() == SMALL + 1 {
            self.small_reversed = values[1..].iter().rev().copied().collect();
        }
    }

    /// Removes from `candidates` every value v with a witness among the small heaps, for
    /// the heap n = `values.len()`: some a ≤ SMALL with G(a) ⊕ G(n − a) = v. What remains
    /// has no witness there, which does not mean it has none. Needs n > 2·SMALL.
    ///
    /// All candidates share one pass: each step's XORs are computed once and compared
    /// with every candidate still without a witness.
    pub fn remove_witnessed(&self, values: &[u16], candidates: &mut Vec<u16>) {
        let recent = &values[values.len() - SMALL..];
        let mut xors = [0u16; STEP];
        for column in (0..SMALL / ROWS).step_by(LANES) {
            if candidates.is_empty() {
                return;
            }
            for (row, xors) in xors.chunks_exact_mut(LANES).enumerate() {
                let start = row * (SMALL / ROWS) + column;
                let pairs = recent[start..start + LANES]
                    .iter()
                    .zip(&self.small_reversed[start..start + LANES]);
                for (xor, (&r, &s)) in xors.iter_mut().zip(pairs) {
                    *xor = r ^ s;
                }
            }
            // Kept without a branch per candidate: whether a witness turns up in a step is
            // close to a coin toss, so a branch would be mispredicted half the time.
            let mut kept = 0;
            for index in 0..candidates.len() {
                let v = candidates[index];
                let found = xors
                    .iter()
                    .fold(0u16, |found, &x| found | u16::from(x == v));
                candidates[kept] = v;
                kept += usize::from(found == 0);
            }
            candidates.truncate(kept);
        }
    }
}

/// Whether `candidate` is in S(n), n = `values.len()`: some a < n/2 with G(a) ⊕ G(n − a)
/// = `candidate`, `values` holding G(0), …, G(n − 1). Scans [`STEP`] pairs at a time from
/// the middle, a = ⌈n/2⌉ − 1, down to a = 1, and stops at the first step with a witness.
///
/// The middle first: a candidate that the small heaps do not witness is often a value
/// larger than any small heap's, and heaps near n/2 have values of the size of recent ones.
pub(super) fn in_options(values: &[u16], candidate: u16) -> bool {
    let n = values.len();
    let half = n.div_ceil(2);
    let small = &values[1..half];
    // G(n − half + 1), …, G(n − 1): read backwards, the partners of G(1), …, G(half − 1).
    let large = &values[n + 1 - half..];
    small
        .rchunks(STEP)
        .zip(large.chunks(STEP))
        .any(|(small, large)| {
            small
                .iter()
                .zip(large.iter().rev())
                .fold(0u16, |found, (&s, &l)| {
                    found | u16::from(s ^ l == candidate)
                })
                != 0
        })
}

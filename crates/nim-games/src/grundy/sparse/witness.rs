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

/// Pairs compared per step.
const STEP: usize = 128;

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
        for (recent, small) in recent
            .chunks_exact(STEP)
            .zip(self.small_reversed.chunks_exact(STEP))
        {
            if candidates.is_empty() {
                return;
            }
            for ((xor, &r), &s) in xors.iter_mut().zip(recent).zip(small) {
                *xor = r ^ s;
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

//! The search for witnesses of rare values v in S(n): splits of the `left` = n − k tokens
//! a split leaves into heaps a ≤ left − a (a < left − a for unequal heaps) with
//! G(a) ⊕ G(left − a) = v.
//!
//! Two windows of [`WINDOW`] pairs are searched, for all candidates at once: the small
//! heaps a = 1, …, WINDOW, and the heaps just below left/2. In each, the heaps a and their
//! partners left − a are two contiguous slices read in opposite directions: for the small
//! window a copy of the small heaps' values is kept reversed, the middle window reads its
//! partners backwards. A step computes the XORs of its pairs once and, while many
//! candidates wait, marks them in a set of values; with few, compares them with every
//! candidate still without a witness, without branches, which the compiler turns into
//! vector instructions. In a sample of Grundy's game's heaps near a million, every rare
//! value below the answer had about 80 to 400 witnesses among the first 16,384 heaps; from
//! about 4.7·10^7 on, candidates larger than any small heap's value appear, which the
//! heaps near n/2 witness.
//!
//! When every value in the small window fits in a byte (in Grundy's game all up to
//! n ≈ 7.25·10^6, most after), it reads a byte copy of them: a vector instruction then
//! compares twice as many pairs.

use std::ops::{BitOr, BitXor};

use super::store::ValueStore;

/// Pairs per window. The small window needs a ≤ WINDOW < left/2, so it serves
/// left > 2·WINDOW; the middle one serves those where it does not overlap the small one.
pub(super) const WINDOW: usize = 1 << 14;

/// Pairs compared per step: [`Lane::LANES`] consecutive pairs from each of
/// STEP / LANES stretches of a window (16 of 8 pairs in u16, 8 of 16 in bytes). Values of
/// nearby heaps are strongly correlated, so a step that samples the whole window finds a
/// witness sooner than one of consecutive pairs.
const STEP: usize = 128;

/// While more candidates than this are without a witness, a step marks its pairs' XORs in
/// a set and looks each candidate up there (a store per pair, a load per candidate); with
/// fewer, it compares every candidate with every XOR, a vector instruction comparing 8 or
/// 16 at once. The bound is where the two counts of instructions meet, not a tuned value:
/// marking took .6 to 2^22 on one thread from 13.9 s to 12.1 s, and left Grundy's game to
/// 2^24 as fast as before.
const MARK_ABOVE: usize = 16;

/// Marking steps between two looks at the candidates: a look reads every candidate, about
/// as many as a step has pairs while they are many, and one look every other step removes
/// the same candidates a step later. .6 to 2^24 on two threads took 14.59 s against 15.15 s
/// with a look every step (medians of four interleaved runs, faster in each); Grundy's game
/// to 10^7, 7.19 s against 7.23 s.
const FILTER_EVERY: usize = 2;

/// A set of values, a byte each, for every value a `u16` holds.
pub(super) type ValueSet = [u8; 1 << 16];

/// A type the windows compare values in: `u16`, or `u8` where every value fits.
trait Lane:
    Copy
    + Default
    + Eq
    + BitXor<Output = Self>
    + BitOr<Output = Self>
    + From<bool>
    + TryFrom<u16>
    + Into<u16>
{
    /// The pairs a step takes from each stretch: 16 bytes of XORs, which the compares then
    /// read back as one vector. With 8 byte pairs a stretch, as bytes once had, each
    /// vector read spans two 8-byte stores and must wait for both to reach the cache
    /// rather than take their data on the way: the first such read was the windows'
    /// hottest instruction (9.6% of their samples). Grundy's game to 2^23 took 7.57–7.69 s
    /// on one thread with 8 and 6.98–7.09 s with 16 (three interleaved runs each); on two
    /// threads 4.33–4.76 s and 3.74–3.84 s (four each).
    const LANES: usize = 16 / std::mem::size_of::<Self>();
}

impl Lane for u8 {}
impl Lane for u16 {}

/// What the windows read: the small heaps' values in reverse, G(WINDOW), …, G(1), so
/// that the small window is read forwards on both sides, in u16 and in bytes; and the
/// recent values in bytes, with the last heap whose value needs more than a byte.
#[derive(Debug)]
pub(super) struct WindowTables {
    reversed: Vec<u16>,
    /// The small heaps' values in reverse as bytes, if they all fit.
    reversed_bytes: Option<Vec<u8>>,
    /// G(recent_start), G(recent_start + 1), … as bytes (0 for a value that does not fit),
    /// at least the last `kept` values.
    recent_bytes: Vec<u8>,
    recent_start: usize,
    /// WINDOW and the largest k a split removes: the small window of n reads the partners
    /// G(n − k − WINDOW), …, G(n − k − 1).
    kept: usize,
    /// The *wide* heaps so far, whose values do not fit in a byte, ascending.
    wide: Vec<u64>,
}

impl WindowTables {
    /// Tables for a game whose splits remove at most `largest_k` tokens.
    pub fn new(largest_k: usize) -> Self {
        WindowTables {
            reversed: Vec::new(),
            reversed_bytes: None,
            recent_bytes: Vec::new(),
            recent_start: 0,
            kept: WINDOW + largest_k,
            wide: Vec::new(),
        }
    }

    /// Takes note of G(`heap`) = `value`, the next heap's; `small_heaps` gives G(1), …,
    /// G(WINDOW) once they are known.
    pub fn push<'v>(&mut self, heap: usize, value: u16, small_heaps: impl FnOnce() -> &'v [u16]) {
        let byte = u8::try_from(value).unwrap_or_else(|_| {
            self.wide.push(heap as u64);
            0
        });
        self.recent_bytes.push(byte);
        // Dropped in large pieces, so that the copy is rare.
        if self.recent_bytes.len() >= 4 * self.kept {
            let dropped = self.recent_bytes.len() - self.kept;
            self.recent_bytes.drain(..dropped);
            self.recent_start += dropped;
        }
        if heap == WINDOW {
            self.note_small_heaps(small_heaps());
        }
    }

    /// Takes note of the small heaps' values G(1), …, G(WINDOW), kept reversed.
    fn note_small_heaps(&mut self, small_heaps: &[u16]) {
        self.reversed = small_heaps.iter().rev().copied().collect();
        let bytes = self.reversed.iter().map(|&v| u8::try_from(v).ok());
        self.reversed_bytes = bytes.collect();
    }

    /// Tables taken up from the recent values G(`start`), … and the small heaps' G(1), …,
    /// G(WINDOW) (when known), as they stood when the last of those values was pushed,
    /// but for the wide heaps before `start`, which only [`in_options_with_wide`] reads.
    pub fn resume(largest_k: usize, start: usize, recent: &[u16], small_heaps: &[u16]) -> Self {
        let mut tables = WindowTables::new(largest_k);
        tables.recent_start = start;
        for (offset, &value) in recent.iter().enumerate() {
            tables.push(start + offset, value, || &[]);
        }
        if small_heaps.len() == WINDOW {
            tables.note_small_heaps(small_heaps);
        }
        tables
    }

    /// Forgets the wide heaps before `heap`: a streamed run keeps only the recent ones.
    pub fn forget_wide_before(&mut self, heap: usize) {
        let before = self.wide.partition_point(|&wide| (wide as usize) < heap);
        self.wide.drain(..before);
    }

    /// The wide heaps so far, ascending: those whose values are above 255.
    pub fn wide_heaps(&self) -> &[u64] {
        &self.wide
    }

    /// The small window's partners G(left − WINDOW), …, G(left − 1) and its heaps as
    /// bytes, if every one of their values fits in a byte.
    fn small_window_bytes(&self, left: usize) -> Option<(&[u8], &[u8])> {
        let reversed = self.reversed_bytes.as_deref()?;
        let recent_fit = self
            .wide
            .last()
            .is_none_or(|&heap| (heap as usize) < left - WINDOW);
        let first = (left - WINDOW).checked_sub(self.recent_start)?;
        recent_fit.then(|| (&self.recent_bytes[first..first + WINDOW], reversed))
    }

    /// Removes from `candidates` every value v with a witness in the small or the middle
    /// window among the splits of `left` tokens into a and left − a, a ≤ `last_part`,
    /// `values` holding G(left − WINDOW), …, G(left − 1) at least and, for the middle
    /// window, every value (a streamed run searches the small window alone), every value below `set_size`; the XORs looked
    /// at are marked in `marked` (emptied below `set_size` first). What remains has no
    /// witness there, which does not mean it has none. Needs left > 2·WINDOW.
    ///
    /// The small window compares bytes when all its values fit in one: up to n ≈ 7.25·10^6
    /// every value does, and past that a value above 255 is rare (one heap up to 10^7,
    /// about 9,000 up to 1.2·10^8, in bursts).
    pub fn remove_witnessed(
        &self,
        values: &ValueStore,
        left: usize,
        last_part: usize,
        set_size: usize,
        marked: &mut ValueSet,
        candidates: &mut Vec<u16>,
    ) {
        // Every XOR of two values below set_size, a power of two, is below it.
        marked[..set_size].fill(0);
        match self.small_window_bytes(left) {
            Some((partners, reversed)) => {
                remove_small_witnessed(partners, reversed, marked, candidates)
            }
            // left − WINDOW + j against a = WINDOW − j.
            None => remove_small_witnessed(
                values
                    .slice(left - WINDOW..left)
                    .expect("the store keeps the small window's partners"),
                &self.reversed,
                marked,
                candidates,
            ),
        }
        let half = last_part + 1;
        // A streamed run never reads the middle window, even while it still holds those
        // values: what it computes then depends on nothing its checkpoint does not keep.
        if candidates.is_empty() || half <= 2 * WINDOW || !values.keeps_every_value() {
            return;
        }
        let middle = values.slice(half - WINDOW..half);
        let partners = values.slice(left - half + 1..left - half + 1 + WINDOW);
        if let Some((heaps, partners)) = middle.zip(partners) {
            // a = half − WINDOW + j against left − half + WINDOW − j.
            remove_witnessed_in(candidates, marked, |start, xors| {
                let end = WINDOW - start;
                let pairs = heaps[start..start + u16::LANES]
                    .iter()
                    .zip(partners[end - u16::LANES..end].iter().rev());
                for (xor, (&a, &partner)) in xors.iter_mut().zip(pairs) {
                    *xor = a ^ partner;
                }
            });
        }
    }
}

/// Removes from `candidates` the values witnessed in the small window: the pairs of
/// `partners[k]` = G(n − WINDOW + k) and `reversed[k]` = G(WINDOW − k), in one lane type.
fn remove_small_witnessed<T: Lane>(
    partners: &[T],
    reversed: &[T],
    marked: &mut ValueSet,
    candidates: &mut Vec<u16>,
) {
    remove_witnessed_in(candidates, marked, |start, xors| {
        let pairs = partners[start..start + T::LANES]
            .iter()
            .zip(&reversed[start..start + T::LANES]);
        for (xor, (&partner, &a)) in xors.iter_mut().zip(pairs) {
            *xor = a ^ partner;
        }
    });
}

/// Removes from `candidates` every value that `pair_xors(start, xors)` puts in `xors`:
/// the XORs of the LANES pairs of a window from position `start` on, marked in `marked`
/// while the candidates are many ([`MARK_ABOVE`]). A candidate the lane type cannot hold
/// has no witness there.
fn remove_witnessed_in<T: Lane>(
    candidates: &mut Vec<u16>,
    marked: &mut ValueSet,
    pair_xors: impl Fn(usize, &mut [T]),
) {
    let columns = WINDOW / (STEP / T::LANES);
    let mut xors = [T::default(); STEP];
    for (step, column) in (0..columns).step_by(T::LANES).enumerate() {
        if candidates.is_empty() {
            return;
        }
        for (row, xors) in xors.chunks_exact_mut(T::LANES).enumerate() {
            pair_xors(row * columns + column, xors);
        }
        if candidates.len() > MARK_ABOVE {
            for &x in &xors {
                marked[usize::from(x.into())] = 1;
            }
            if step % FILTER_EVERY == FILTER_EVERY - 1 {
                remove_marked(candidates, marked);
            }
        } else {
            keep_candidates(candidates, |v| {
                !T::try_from(v).is_ok_and(|v| {
                    xors.iter()
                        .fold(T::default(), |found, &x| found | T::from(x == v))
                        != T::default()
                })
            });
        }
    }
    remove_marked(candidates, marked);
}

/// Removes from `candidates` the values marked in `marked`.
fn remove_marked(candidates: &mut Vec<u16>, marked: &ValueSet) {
    keep_candidates(candidates, |v| marked[usize::from(v)] == 0);
}

/// Keeps the candidates for which `keep` holds, in order, without a branch per candidate:
/// whether a witness turns up in a step is close to a coin toss, so a branch would be
/// mispredicted half the time.
fn keep_candidates(candidates: &mut Vec<u16>, keep: impl Fn(u16) -> bool) {
    let mut kept = 0;
    for index in 0..candidates.len() {
        let v = candidates[index];
        candidates[kept] = v;
        kept += usize::from(keep(v));
    }
    candidates.truncate(kept);
}

/// Whether a split of left = `values.len()` tokens into a and left − a, 1 ≤ a ≤
/// `last_part`, has G(a) ⊕ G(left − a) = `candidate`, `values` holding G(0), …,
/// G(left − 1). Scans [`STEP`] pairs at a time from the middle, a = `last_part`, down to
/// a = 1, and stops at the first step with a witness.
///
/// The middle first: a candidate that the small heaps do not witness is often a value
/// larger than any small heap's, and heaps near n/2 have values of the size of recent ones.
pub(super) fn in_options(values: &[u16], last_part: usize, candidate: u16) -> bool {
    let left = values.len();
    // G(left − last_part), …, G(left − 1): read backwards, the partners of G(1), …,
    // G(last_part).
    in_pairs(
        &values[1..=last_part],
        &values[left - last_part..],
        candidate,
    )
}

/// Whether a pair of G(a) in `small` = G(1), …, G(m) and its partner G(left − a) in
/// `large` = G(left − m), …, G(left − 1) has XOR `candidate`: the splits of left tokens
/// with a part of at most m. Scans [`STEP`] pairs at a time from a = m down to a = 1,
/// and stops at the first step with a witness.
pub(super) fn in_pairs(small: &[u16], large: &[u16], candidate: u16) -> bool {
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

/// Whether `candidate`, a value above 255, is the value of a split of left =
/// `values.len()` tokens as [`in_options`] asks, from the heaps whose values need more than
/// a byte, `wide` (ascending): a pair's XOR passes 255 only if one of its two values does,
/// so the pairs with a wide heap are the only ones that can witness it. Exact, and far
/// shorter than a scan of every split while wide heaps are few: in Grundy's game beyond
/// 10^7 they come in bursts, and a candidate above 255 that the windows miss took a scan of
/// tens of millions of pairs.
pub(super) fn in_options_with_wide(
    values: &[u16],
    last_part: usize,
    wide: &[u64],
    candidate: u16,
) -> bool {
    let left = values.len();
    wide.iter()
        .map(|&heap| heap as usize)
        .take_while(|&heap| heap < left)
        .any(|heap| {
            let partner = left - heap;
            partner.min(heap) <= last_part && values[heap] ^ values[partner] == candidate
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of arbitrary values below 64 (not Grundy values: the windows must work for
    /// any table), from a fixed linear congruential sequence.
    fn arbitrary_table(len: usize) -> Vec<u16> {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        (0..len)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                (state >> 58) as u16
            })
            .collect()
    }

    /// Whether a pair (a, left − a) with a in `heaps` has XOR `v`, one pair at a time.
    fn witnessed_by(values: &[u16], left: usize, heaps: std::ops::Range<usize>, v: u16) -> bool {
        heaps.into_iter().any(|a| values[a] ^ values[left - a] == v)
    }

    #[test]
    fn the_windows_remove_exactly_the_candidates_they_witness() {
        // With every value below 256 the small window compares bytes; 256 added to every
        // value leaves the XORs as they were but makes it compare u16.
        for offset in [0, 256] {
            for n in [40_000, 65_536, 65_537, 70_000] {
                windows_remove_exactly_what_they_witness(n, 0, offset, None);
            }
        }
        // One value above 255: among the small window's partners it sends the window back
        // to u16; just before them it does not.
        for wide in [70_000 - 100, 70_000 - WINDOW, 70_000 - WINDOW - 1] {
            windows_remove_exactly_what_they_witness(70_000, 0, 0, Some(wide));
        }
    }

    /// A split that removes k tokens pairs the heaps below n − k, with equal heaps allowed.
    #[test]
    fn the_windows_serve_splits_that_remove_tokens() {
        for (n, k) in [(70_000, 1), (70_001, 3), (65_540, 7)] {
            windows_remove_exactly_what_they_witness(n, k, 0, None);
            windows_remove_exactly_what_they_witness(n, k, 256, None);
        }
    }

    /// Heap n, a split removing k (k > 0: equal heaps allowed, as in an octal game; k = 0:
    /// unequal, as in Grundy's game), values shifted by `offset`, one value made wide.
    fn windows_remove_exactly_what_they_witness(
        n: usize,
        k: usize,
        offset: u16,
        wide: Option<usize>,
    ) {
        // Values below 16, except the heaps of the middle window (when there is one),
        // which get 32 to 47: XORs 0–15 come from the small window, 32–47 only from
        // the middle one, and 16–31, 48–63 and 300 from neither.
        let mut table: Vec<u16> = arbitrary_table(n).iter().map(|v| v % 16 + offset).collect();
        let left = n - k;
        let last_part = if k == 0 { (left - 1) / 2 } else { left / 2 };
        let half = last_part + 1;
        let middle = if half > 2 * WINDOW {
            half - WINDOW..half
        } else {
            0..0
        };
        for value in &mut table[middle.clone()] {
            *value += 32;
        }
        if let Some(heap) = wide {
            table[heap] += 256;
        }
        let mut tables = WindowTables::new(k);
        for (heap, &value) in table.iter().enumerate() {
            tables.push(heap, value, || &table[1..=WINDOW]);
        }
        let store = ValueStore::whole(table.clone());
        let in_bytes = offset == 0 && wide.is_none_or(|heap| heap < left - WINDOW);
        assert_eq!(
            tables.small_window_bytes(left).is_some(),
            in_bytes,
            "heap {n}"
        );
        let unwitnessed = |candidates: &[u16]| {
            let mut left_over = candidates.to_vec();
            // Marks left from another heap must not count: the sets start full here.
            let mut marked = Box::new([1; 1 << 16]);
            tables.remove_witnessed(&store, left, last_part, 512, &mut marked, &mut left_over);
            left_over
        };
        let expected = |candidates: &[u16]| -> Vec<u16> {
            let witnessed = |v| {
                witnessed_by(&table, left, 1..WINDOW + 1, v)
                    || witnessed_by(&table, left, middle.clone(), v)
            };
            candidates
                .iter()
                .copied()
                .filter(|&v| !witnessed(v))
                .collect()
        };
        // More candidates than MARK_ABOVE are marked, fewer compared.
        let many: Vec<u16> = (0..64).chain([300]).collect();
        let few = [1, 17, 33, 40, 63, 300];
        assert_eq!(unwitnessed(&many), expected(&many), "heap {n}, k {k}");
        assert_eq!(unwitnessed(&few), expected(&few), "heap {n}, k {k}");
        let middle_only = if middle.is_empty() { 0 } else { 16 };
        assert_eq!(unwitnessed(&many).len(), 49 - middle_only, "heap {n}");
    }

    #[test]
    fn the_wide_heaps_find_exactly_the_options_above_255() {
        // Values below 64, with a few heaps of 256 to 319 scattered among them; one wide
        // heap is half of 3,000, where it would pair with itself.
        let mut values = arbitrary_table(3_001);
        let wide_heaps = [7, 400, 1_500, 1_501, 2_222, 2_998];
        for (index, &heap) in wide_heaps.iter().enumerate() {
            values[heap] += 256 + 9 * index as u16;
        }
        for n in [2, 1_000, 2_999, 3_000] {
            let table = &values[..n];
            let wide: Vec<u64> = wide_heaps
                .iter()
                .filter(|&&heap| heap < n)
                .map(|&heap| heap as u64)
                .collect();
            let mut found = 0;
            for v in 256..384 {
                // Unequal heaps (Grundy's game), then equal heaps allowed.
                for last_part in [n.saturating_sub(1) / 2, n / 2] {
                    let expected = witnessed_by(table, n, 1..last_part + 1, v);
                    assert_eq!(
                        in_options_with_wide(table, last_part, &wide, v),
                        expected,
                        "heap {n}, value {v}"
                    );
                    found += usize::from(expected);
                }
            }
            assert!(
                n < 1_000 || found >= 2,
                "heap {n}: only {found} values above 255"
            );
        }
    }

    #[test]
    fn a_full_scan_finds_exactly_the_values_of_the_options() {
        let values = arbitrary_table(3_001);
        for n in [1, 2, 3, 4, 257, 258, 3_000] {
            let table = &values[..n];
            for v in 0..64 {
                for last_part in [(n - 1) / 2, n / 2] {
                    let expected = witnessed_by(table, n, 1..last_part + 1, v);
                    let found = in_options(table, last_part, v);
                    assert_eq!(found, expected, "heap {n}, value {v}");
                }
            }
        }
    }
}

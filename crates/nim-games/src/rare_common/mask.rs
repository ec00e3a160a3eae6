//! The rare/common split: a heap is rare when its value has even parity under a mask, or,
//! in a game whose splitting moves all remove an even (or all an odd) number of tokens,
//! when its value and its size have even parity together; the split worth using is the one
//! that leaves the fewest heaps rare, found for every mask at once by a Walsh–Hadamard
//! transform of the counts.

use std::fmt;

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

/// A rare/common split of the heaps: heap n is *rare* when
/// popcount(G(n) & m) + h·(n + t) is even, with m the mask, and h = 1 when the split reads
/// the heap's parity too (h = 0 otherwise).
///
/// The heap's parity may count only in a game whose splitting moves all remove tokens of
/// one parity t (every k even, t = 0, or every k odd, t = 1), the split Gangolli and
/// Plambeck used for .127 and Czajka's solver prints "pos". A split of n removing k leaves
/// a and b with a + b = n − k, so (a + t) + (b + t) ≡ n + t (mod 2): the heaps' two
/// parities add up to the parent's. With v = G(a) ⊕ G(b), the two heaps are of one class
/// (both rare or both common) exactly when popcount(v & m) + h·(n + t) is even — the very
/// test by which heap n would be rare with the value v. So for each heap n the values fall
/// in two: those a pair of one class gives (*rare for n*) and those only a rare heap with a
/// common one gives (*common for n*).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Split {
    /// m: the bits of the value whose parity counts.
    pub mask: u16,
    /// t when the heap's parity counts (heap n adds n + t): the parity of the tokens every
    /// splitting move of the game removes; `None` when only the value counts.
    pub heap_parity: Option<u8>,
}

impl Split {
    /// The split by the value alone, under `mask`.
    pub fn by_value(mask: u16) -> Split {
        Split {
            mask,
            heap_parity: None,
        }
    }

    /// Whether heap `heap` is rare with the value `value`; equally, whether `value` is rare
    /// for heap `heap` (given by two heaps of one class).
    ///
    /// ```
    /// use nim_games::octal::Split;
    /// // .127's splits remove 3 tokens (t = 1): under mask 1 with the heap's parity, heap 3
    /// // (value 2) is rare and heap 4 (value 2) is common.
    /// let split = Split { mask: 1, heap_parity: Some(1) };
    /// assert!(split.is_rare(3, 2) && !split.is_rare(4, 2));
    /// ```
    pub fn is_rare(self, heap: usize, value: u16) -> bool {
        let heap_bit = self
            .heap_parity
            .map_or(0, |t| (heap + usize::from(t)) as u32 & 1);
        ((value & self.mask).count_ones() + heap_bit).is_multiple_of(2)
    }

    /// The split under which `value` is common and every value below 2^b classed as now,
    /// b the highest bit of `value`: the mask with bit b flipped; `None` unless every value
    /// before it, up to `largest_before`, lies below 2^b.
    ///
    /// A value with a bit no earlier value had leaves the mask's bit b unsettled by the
    /// values that chose it; flipping it changes the class of no heap so far. A streamed
    /// run, which keeps no values to pair with a rare heap past its front, settles the bit
    /// so (the in-memory engine chooses the mask again from every value).
    ///
    /// ```
    /// use nim_games::octal::Split;
    /// // .167's values stay below 64 to heap 332,129,727; G(332,129,728) = 64 is rare under
    /// // the mask 0x3d chosen from them, and common under 0x7d.
    /// let split = Split::by_value(0x3d);
    /// assert!(split.is_rare(332_129_728, 64));
    /// assert_eq!(split.with_new_bit_common(64, 63), Some(Split::by_value(0x7d)));
    /// assert_eq!(split.with_new_bit_common(64, 64), None);
    /// ```
    pub fn with_new_bit_common(self, value: u16, largest_before: u16) -> Option<Split> {
        let bit = value.checked_ilog2()?;
        (largest_before >> bit == 0).then_some(Split {
            mask: self.mask ^ (1 << bit),
            ..self
        })
    }
}

/// The mask in hexadecimal, followed by "+pos" when the heap's parity counts, as Czajka's
/// solver and tables print a split.
impl fmt::Display for Split {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = if self.heap_parity.is_some() {
            "+pos"
        } else {
            ""
        };
        write!(f, "{:x}{pos}", self.mask)
    }
}

/// The split that leaves the fewest heaps n ≥ 1 of `values` (G(0) first) rare, with that
/// number: among the splits by the value under every nonzero mask and, when `heap_parity`
/// is t, those by the value and the heap's parity (n + t) too; the least mask when several
/// tie, by the value alone before the heap's parity. `None` when every value is 0.
///
/// Each heap is counted at the coordinate 2·G(n) + ((n + t) mod 2); a split is the mask
/// 2m + h over those coordinates, and the heaps it makes rare number (N + H(2m + h)) / 2,
/// H the Walsh–Hadamard transform of the coordinates' counts: every split at once.
///
/// ```
/// use nim_games::octal::{Split, fewest_rare_split};
/// // .127 to heap 7 (its splits remove 3 tokens: t = 1).
/// let values = [0, 1, 0, 2, 2, 1, 0, 4];
/// assert_eq!(fewest_rare_split(&values, None), Some((Split::by_value(7), 2)));
/// let with_parity = Split { mask: 5, heap_parity: Some(1) };
/// assert_eq!(fewest_rare_split(&values, Some(1)), Some((with_parity, 1)));
/// ```
pub fn fewest_rare_split(values: &[u16], heap_parity: Option<u8>) -> Option<(Split, usize)> {
    let heaps = values.get(1..).unwrap_or_default();
    let size = 2 * mask_range(heaps)?;
    let t = usize::from(heap_parity.unwrap_or(0));
    let coordinates = heaps
        .iter()
        .enumerate()
        .map(|(index, &value)| 2 * usize::from(value) + (index + 1 + t) % 2);
    let transform = parity_transform(coordinates, size);
    let total = heaps.len() as i64;
    let with_parity = usize::from(heap_parity.is_some());
    // 2m + h orders the ties as wanted: the least mask first, the value alone before the
    // heap's parity.
    let (coordinate_mask, rare) = (2..size)
        .filter(|&coordinate_mask| coordinate_mask % 2 <= with_parity)
        .map(|coordinate_mask| (coordinate_mask, (total + transform[coordinate_mask]) / 2))
        .min_by_key(|&(coordinate_mask, rare)| (rare, coordinate_mask))?;
    let split = Split {
        mask: (coordinate_mask / 2) as u16,
        heap_parity: (coordinate_mask % 2 == 1).then_some(t as u8),
    };
    Some((split, rare as usize))
}

/// The masks worth trying on `values`: those below the power of two above the largest
/// value (higher bits never change a parity); `None` when every value is 0.
fn mask_range(values: &[u16]) -> Option<usize> {
    let largest = values.iter().copied().max().unwrap_or(0);
    (largest > 0).then(|| (usize::from(largest) + 1).next_power_of_two())
}

/// The Walsh–Hadamard transform of the counts of `coordinates` (each below `size`, a power
/// of two): at m, Σ_x count(x)(−1)^popcount(x & m).
fn parity_transform(coordinates: impl Iterator<Item = usize>, size: usize) -> Vec<i64> {
    let mut transform = vec![0i64; size];
    for coordinate in coordinates {
        transform[coordinate] += 1;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn some_values(len: u32) -> Vec<u16> {
        (0..len).map(|n| ((n * 37 + n / 3) % 23) as u16).collect()
    }

    /// Every split, with and without the heap's parity and for both t, counted heap by
    /// heap: none leaves fewer heaps rare than the one chosen, which leaves what it says.
    #[test]
    fn the_transform_counts_every_split_as_a_direct_count_does() {
        let values = some_values(501);
        for heap_parity in [None, Some(0), Some(1)] {
            let (best, rare) = fewest_rare_split(&values, heap_parity).unwrap();
            let parities = heap_parity.into_iter().map(Some).chain([None]);
            for parity in parities {
                for mask in 1..32u16 {
                    let split = Split {
                        mask,
                        heap_parity: parity,
                    };
                    let count = (1..values.len())
                        .filter(|&n| split.is_rare(n, values[n]))
                        .count();
                    assert!(count >= rare, "{split}: {count} < {rare}");
                    if split == best {
                        assert_eq!(count, rare);
                    }
                }
            }
        }
    }

    /// The property the method rests on: a split of heap n into a and b gives a value rare
    /// for n exactly when a and b are of one class.
    #[test]
    fn a_pair_of_one_class_gives_a_value_rare_for_its_parent() {
        let values = some_values(200);
        for t in 0..2u8 {
            let split = Split {
                mask: 0b10110,
                heap_parity: Some(t),
            };
            for n in 3..values.len() {
                for k in (usize::from(t)..n - 1).step_by(2) {
                    for a in 1..n - k {
                        let b = n - k - a;
                        let same = split.is_rare(a, values[a]) == split.is_rare(b, values[b]);
                        assert_eq!(split.is_rare(n, values[a] ^ values[b]), same);
                    }
                }
            }
        }
    }

    #[test]
    fn all_zero_values_have_no_mask() {
        assert_eq!(fewest_rare_split(&[0, 0, 0], Some(0)), None);
    }
}

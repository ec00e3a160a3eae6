//! The mask of a rare/common split: a value v is rare under m when v & m has even parity,
//! and the mask worth using is the one that leaves the fewest heaps rare, found for every
//! mask at once by a Walsh–Hadamard transform of the counts of the values.

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

/// The nonzero mask under which the fewest of `values` are rare, with that number (the
/// least such mask when several tie, masks below the power of two above the largest
/// value); `None` when every value is 0 (no mask makes them common).
///
/// With h(v) the count of value v and H its Walsh–Hadamard transform,
/// H(m) = Σ_v h(v)(−1)^popcount(v & m), the number of rare values under m is
/// (Σ h + H(m)) / 2.
///
/// ```
/// use nim_games::octal::fewest_rare_mask;
/// // Under 0b10 only the values 0 and 1 are rare (under 0b01: 0, 2, 2; under 0b11: 0, 3, 3, 3).
/// assert_eq!(fewest_rare_mask(&[0, 1, 2, 3, 2, 3, 3]), Some((0b10, 2)));
/// ```
pub fn fewest_rare_mask(values: &[u16]) -> Option<(u16, usize)> {
    let size = mask_range(values)?;
    let transform = parity_transform(values.iter().copied(), size);
    let total = values.len() as i64;
    (1..size)
        .map(|mask| (mask as u16, ((total + transform[mask]) / 2) as usize))
        .min_by_key(|&(mask, rare)| (rare, mask))
}

/// The masks worth trying on `values`: those below the power of two above the largest
/// value (higher bits never change a parity); `None` when every value is 0.
pub(crate) fn mask_range(values: &[u16]) -> Option<usize> {
    let largest = values.iter().copied().max().unwrap_or(0);
    (largest > 0).then(|| (usize::from(largest) + 1).next_power_of_two())
}

/// The Walsh–Hadamard transform of the counts of `values` (each below `size`, a power of
/// two): at m, Σ_v count(v)(−1)^popcount(v & m).
pub(crate) fn parity_transform(values: impl Iterator<Item = u16>, size: usize) -> Vec<i64> {
    let mut transform = vec![0i64; size];
    for value in values {
        transform[usize::from(value)] += 1;
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

    #[test]
    fn the_transform_counts_rare_values_as_a_direct_count_does() {
        let values: Vec<u16> = (0..500u32)
            .map(|n| ((n * 37 + n / 3) % 23) as u16)
            .collect();
        let (mask, rare) = fewest_rare_mask(&values).unwrap();
        for m in 1..32u16 {
            let count = values.iter().filter(|&&v| is_rare(v, m)).count();
            assert!(count >= rare, "mask {m}: {count} < {rare}");
            if m == mask {
                assert_eq!(count, rare);
            }
        }
    }

    #[test]
    fn all_zero_values_have_no_mask() {
        assert_eq!(fewest_rare_mask(&[0, 0, 0]), None);
    }
}

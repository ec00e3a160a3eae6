//! The long products of the counting method, through `malachite`.
//!
//! The counts of section 4 reach α^N for N leaves — 10^5 bits and more for the trees of the
//! performance target — and the time goes to raising them to powers (equations 3–4) and
//! to the products of Lemma 5.1. `malachite`'s multiplication is asymptotically faster than
//! `num-bigint`'s at these sizes (about 4.7 times at 1.6·10^5 bits), so those steps run on
//! its `Natural`, and the results are handed back as `BigUint`, the crate's public type.

use malachite_base::num::arithmetic::traits::Pow;
pub(crate) use malachite_nz::natural::Natural;
use num_bigint::BigUint;

/// `n` as a `Natural`.
pub(crate) fn from_biguint(n: &BigUint) -> Natural {
    Natural::from_limbs_asc(&n.to_u64_digits())
}

/// `n` as a `BigUint`.
pub(crate) fn to_biguint(n: &Natural) -> BigUint {
    let digits: Vec<u32> = n
        .to_limbs_asc()
        .into_iter()
        .flat_map(|limb| [limb as u32, (limb >> 32) as u32])
        .collect();
    BigUint::new(digits)
}

/// `base`^`exponent`.
pub(crate) fn power(base: &Natural, exponent: u64) -> Natural {
    base.pow(exponent)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_and_powers_agree_with_num_bigint() {
        for (base, exponent) in [(0u32, 3u32), (1, 0), (7, 1), (999, 700), (1 << 31, 5)] {
            let big = num_traits::Pow::pow(&BigUint::from(base), exponent);
            let natural = power(&Natural::from(base), u64::from(exponent));
            assert_eq!(to_biguint(&natural), big);
            assert_eq!(from_biguint(&big), natural);
        }
    }
}

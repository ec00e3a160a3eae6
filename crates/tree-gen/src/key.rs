//! Counter-based randomness: every node's random numbers come from a 64-bit key that is a
//! function of (seed, game index, path from the root).
//!
//! Keys are derived with the SplitMix64 finaliser of Steele, Lea and Flood ("Fast splittable
//! pseudorandom number generators", OOPSLA 2014): a bijective 64-bit mix with good
//! avalanche, specified exactly, so the same key gives the same numbers on every machine.
//! A node's key mixes its parent's key with the branch taken, so keys exist for paths of any
//! length and cost a few multiplications each — the per-node cost matters for Monte Carlo
//! runs of tens of millions of games, where seeding a ChaCha generator per node would not do.

/// The SplitMix64 finaliser: a bijection of `u64` that spreads every input bit over every
/// output bit.
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The golden-ratio increment of SplitMix64, which keeps successive keys apart.
const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// The key of the root of game `game` under `seed`.
///
/// ```
/// use tree_gen::tree_key;
/// assert_eq!(tree_key(1, 2), tree_key(1, 2));
/// assert_ne!(tree_key(1, 2), tree_key(1, 3));
/// assert_ne!(tree_key(1, 2), tree_key(2, 2));
/// ```
pub fn tree_key(seed: u64, game: u64) -> u64 {
    mix(mix(seed.wrapping_add(GOLDEN_GAMMA)) ^ game.wrapping_mul(GOLDEN_GAMMA))
}

/// The key of the child number `branch` (0, 1, … — in binary trees 1 is the high branch)
/// of the node with key `parent`.
#[inline]
pub fn node_key(parent: u64, branch: u64) -> u64 {
    mix(parent.wrapping_add(GOLDEN_GAMMA.wrapping_mul(branch.wrapping_add(1))))
}

/// The uniform number in \[0, 1) that a node draws for `purpose` (0, 1, 2, …: one per
/// decision the node makes), with 53 random bits.
#[inline]
pub fn uniform_from_key(key: u64, purpose: u64) -> f64 {
    uniform_from_salted(key, purpose_salt(purpose))
}

/// The salt that separates the numbers a node draws for `purpose` from its other numbers;
/// a `const fn`, so that fixed purposes cost nothing at run time.
pub(crate) const fn purpose_salt(purpose: u64) -> u64 {
    mix(purpose.wrapping_add(GOLDEN_GAMMA))
}

/// [`uniform_from_key`] with the purpose's salt already computed.
#[inline]
pub(crate) fn uniform_from_salted(key: u64, salt: u64) -> f64 {
    let bits = mix(key ^ salt);
    (bits >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// A generator of the random numbers of one node and purpose: the SplitMix64 sequence
/// started at the node's key, so that a distribution (for example of the split ratio) can
/// draw as many numbers as it needs and still depend on the node alone.
#[derive(Debug, Clone)]
pub struct NodeRng {
    state: u64,
}

impl NodeRng {
    /// The generator of node `key` for `purpose`.
    pub fn new(key: u64, purpose: u64) -> Self {
        NodeRng {
            state: key ^ purpose_salt(purpose),
        }
    }
}

impl rand::TryRng for NodeRng {
    type Error = core::convert::Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok((self.try_next_u64()? >> 32) as u32)
    }

    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        Ok(mix(self.state))
    }

    fn try_fill_bytes(&mut self, destination: &mut [u8]) -> Result<(), Self::Error> {
        for chunk in destination.chunks_mut(8) {
            let bytes = self.try_next_u64()?.to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mix_is_splitmix64() {
        // The first output of the reference SplitMix64 generator seeded with 0 (Vigna's
        // splitmix64.c): state += gamma, then the finaliser.
        assert_eq!(mix(GOLDEN_GAMMA), 0xe220_a839_7b1d_cdaf);
        assert_eq!(mix(GOLDEN_GAMMA.wrapping_mul(2)), 0x6e78_9e6a_a1b9_65f4);
    }
}

//! Reproducible randomness: one portable generator, one independent stream per batch.
//!
//! Every random number behind a table or a test comes from [`SeededRng`], ChaCha with 8
//! rounds (`rand_chacha::ChaCha8Rng`): its output is specified bit for bit by its algorithm,
//! the same on every platform, and `rand_chacha` promises value stability. A seed (`u64`) is
//! expanded to the 256-bit key by `SeedableRng::seed_from_u64` (PCG32, as documented by
//! `rand_core`); the 64-bit stream number then selects one of 2^64 independent keystreams.
//! Work is split into batches, batch *i* draws from stream *i*, so the numbers a batch sees
//! do not depend on which thread runs it.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The workspace's random number generator: ChaCha8, portable and value-stable.
pub type SeededRng = ChaCha8Rng;

/// The generator for stream `stream` of `seed`.
///
/// Different streams of one seed are independent keystreams; the same (seed, stream) always
/// gives the same numbers.
///
/// ```
/// use game_core::random::seeded_stream;
/// use game_core::rand::Rng;
/// let mut a = seeded_stream(7, 0);
/// let mut b = seeded_stream(7, 0);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert_ne!(seeded_stream(7, 1).next_u64(), seeded_stream(7, 0).next_u64());
/// ```
#[must_use]
pub fn seeded_stream(seed: u64, stream: u64) -> SeededRng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream);
    rng
}

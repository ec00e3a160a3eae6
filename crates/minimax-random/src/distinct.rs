//! The chance that all N leaf scores differ, and its approximation (5) (section 5).
//!
//! With N leaves scored independently and uniformly on {1, …, α}, all scores differ with
//! probability α! / (α^N (α − N)!). Stirling's formula gives
//! e^{−N} (1 − N/α)^{−α+N−1/2} and then e^{−N²/(2α)} (equation (5)); when α is large
//! compared with N², ties are rare and the probabilities of the moves sum to nearly one.

use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::{One, Pow, Zero};

/// α!/(α^N (α − N)!), exactly: 0 when N > α.
pub fn all_distinct(alpha: u32, leaves: u32) -> BigRational {
    if leaves > alpha {
        return BigRational::zero();
    }
    let falling: BigUint = (0..leaves).fold(BigUint::one(), |p, k| p * BigUint::from(alpha - k));
    let all = Pow::pow(&BigUint::from(alpha), leaves);
    BigRational::new(falling.into(), all.into())
}

/// Stirling's form e^{−N} (1 − N/α)^{−α+N−1/2}, for N < α.
pub fn stirling_approximation(alpha: u32, leaves: u32) -> f64 {
    let (a, n) = (f64::from(alpha), f64::from(leaves));
    (-n).exp() * (1.0 - n / a).powf(-a + n - 0.5)
}

/// Equation (5)'s final form, e^{−N²/(2α)}.
pub fn gaussian_approximation(alpha: u32, leaves: u32) -> f64 {
    let (a, n) = (f64::from(alpha), f64::from(leaves));
    (-n * n / (2.0 * a)).exp()
}

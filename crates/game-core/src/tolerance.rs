//! The workspace's tolerances, named for what they mean, in one place (as statrs keeps its
//! `prec` module): the rule by which a Monte Carlo estimate agrees with an exact value, and
//! how far two floating-point routes to the same number may differ.
//!
//! A test or a verdict that compares numbers uses these, never a literal of its own, so the
//! rule a reader is told ("within four standard errors") is the rule that is applied.

/// A Monte Carlo estimate agrees with a value when it lies within this many standard errors
/// of it: |z| ≤ 4. A true value fails it with chance about 6·10^-5, so a suite of a few
/// hundred seeded comparisons passes by right, and a real disagreement of four standard
/// errors or more is caught.
///
/// Used by [`crate::monte_carlo::Estimate::agrees_with`] and by `cargo xtask
/// verify-tables`, which combines our standard error with the paper's.
pub const MAX_Z_SCORE: f64 = 4.0;

/// Two `f64` computations of one quantity of order 1 by different routes (a closed form and
/// a recursion, a fraction rounded to `f64` and the same formula in `f64`) agree within
/// this: about 4,500 units in the last place at 1, far more than the rounding of the few
/// hundred operations our formulas take, and far less than any difference that matters.
pub const F64_AGREEMENT: f64 = 1e-12;

/// Whether `x` and `y` agree within [`F64_AGREEMENT`].
///
/// ```
/// use game_core::tolerance::f64_agree;
/// assert!(f64_agree(0.1 + 0.2, 0.3));
/// assert!(!f64_agree(0.3, 0.3 + 1e-9));
/// ```
pub fn f64_agree(x: f64, y: f64) -> bool {
    (x - y).abs() <= F64_AGREEMENT
}

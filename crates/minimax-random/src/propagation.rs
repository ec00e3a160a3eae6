//! The normalised recurrences and the propagation function (section 6, equations 7–14).
//!
//! At a min-node of level k (k odd) let l_k^i = L_k(i)/L_k(α), the chance that its score is
//! at most i; at a max-node (k even) let g_k^i = G_k(i)/G_k(0), the chance that it exceeds i.
//! Together, f_k^i (l or g by the parity of k) satisfies f_k^i = 𝓕_k(f_{k+1}^i) with the
//! propagation function 𝓕_k(z) = 1 − z^{t_k} (equations 9, 11), t_k the number of children
//! at level k (q_k at odd, m_k at even levels), from the leaves' f_δ^i = i/α (δ odd) or
//! (α − i)/α (δ even) (10). The iterated propagation function 𝓕*_φ = 𝓕_1 ∘ … ∘ 𝓕_{φ−1}
//! (12) carries level φ to the move: l_1^i = 𝓕*_φ(f_φ^i) (13), and
//! EQ(n, i)/LE(n, i) = 1 − l_1^{i−1}/l_1^i (14). Everything is an exact fraction.
//!
//! ```
//! use minimax_random::MoveShape;
//! use minimax_random::propagation::normalised_scores;
//! use minimax_random::BigRational;
//!
//! // A move with two leaf children (δ = 2), α = 2: f_2^1 = g = 1/2 at the leaves, and the
//! // move's score is at most 1 unless both leaves are 2: l_1^1 = 1 − (1/2)² = 3/4.
//! let f = normalised_scores(&MoveShape::new(vec![2])?, 2, 1)?;
//! assert_eq!(f, vec![BigRational::new(3.into(), 4.into()), BigRational::new(1.into(), 2.into())]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::shape::{MoveShape, ScoreError, check_alpha};

/// A level φ outside 1..=δ.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("level {level} is outside 1..={depth}")]
pub struct LevelOutOfRange {
    /// The level asked for.
    pub level: usize,
    /// δ, the depth.
    pub depth: usize,
}

/// 𝓕(z) = 1 − z^t, the propagation function of a level with t children (11).
pub fn propagation(t: u32, z: &BigRational) -> BigRational {
    BigRational::one() - num_traits::pow(z.clone(), t as usize)
}

/// f_k^i for k = 1, …, δ (the vector's entry k − 1): the move's l_1^i first, the leaves'
/// f_δ^i last.
///
/// # Errors
///
/// [`ScoreError::ZeroAlpha`]; [`ScoreError::ScoreOutOfRange`] when i > α.
pub fn normalised_scores(
    shape: &MoveShape,
    alpha: u32,
    i: u32,
) -> Result<Vec<BigRational>, ScoreError> {
    check_alpha(alpha)?;
    if i > alpha {
        return Err(ScoreError::ScoreOutOfRange { score: i, alpha });
    }
    let delta = shape.levels() + 1;
    let leaf_count = if delta % 2 == 1 { i } else { alpha - i };
    let mut levels = vec![BigRational::new(leaf_count.into(), alpha.into())];
    for &t in shape.children().iter().rev() {
        let below = levels.last().cloned().unwrap_or_else(BigRational::zero);
        levels.push(propagation(t, &below));
    }
    levels.reverse();
    Ok(levels)
}

/// 𝓕*_φ(z) = 𝓕_1(𝓕_2(⋯𝓕_{φ−1}(z))) (12), with 𝓕*_1(z) = z.
///
/// # Errors
///
/// [`LevelOutOfRange`] unless 1 ≤ φ ≤ δ.
pub fn iterated_propagation(
    shape: &MoveShape,
    phi: usize,
    z: &BigRational,
) -> Result<BigRational, LevelOutOfRange> {
    let delta = shape.levels() + 1;
    if phi == 0 || phi > delta {
        return Err(LevelOutOfRange {
            level: phi,
            depth: delta,
        });
    }
    Ok(shape.children()[..phi - 1]
        .iter()
        .rev()
        .fold(z.clone(), |value, &t| propagation(t, &value)))
}

/// EQ(n, i)/LE(n, i) = 1 − l_1^{i−1}/l_1^i (14), for 1 ≤ i ≤ α — the ratio Lemma 5.2
/// compares between moves.
///
/// # Errors
///
/// [`ScoreError::ZeroAlpha`]; [`ScoreError::ScoreOutOfRange`] unless 1 ≤ i ≤ α.
pub fn eq_le_ratio(shape: &MoveShape, alpha: u32, i: u32) -> Result<BigRational, ScoreError> {
    if i == 0 {
        return Err(ScoreError::ScoreOutOfRange { score: i, alpha });
    }
    let move_level = |score| -> Result<BigRational, ScoreError> {
        Ok(normalised_scores(shape, alpha, score)?.swap_remove(0))
    };
    Ok(BigRational::one() - move_level(i - 1)? / move_level(i)?)
}

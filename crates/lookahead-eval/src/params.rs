//! Game 3's parameters, as exact fractions. The class (*E*, *A*) of the other games is
//! `tree_gen::GameClass`, here in exact fractions.

use game_core::number::to_f64;
use num_rational::BigRational;
use num_traits::{One, Zero};
use tree_gen::{GameClass, GameClassError};

/// Invalid parameters of game 3: the offending value.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Game3ParametersError {
    /// *E* outside (0, 1].
    #[error(transparent)]
    EndpointProbability(#[from] GameClassError<BigRational>),
    /// Game 3's top value *T* must lie in \[0, 1\].
    #[error("top value T = {0} is outside [0, 1]")]
    TopValue(BigRational),
    /// Game 3's shift Δ must not be negative.
    #[error("shift = {0} is negative")]
    Shift(BigRational),
}

/// Game 3 of Johnson's chapter 6 in the form his diagram evaluates (Figure 6.1): endpoint
/// probability *E*, top value *T*, and every high branch worth Δ more, every low branch Δ
/// less, than its fork (the expected values of a branch drawn from a law symmetric about
/// the fork's value; Δ = 0 is Theorem 6.1's setting).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Game3Parameters {
    e: BigRational,
    top: BigRational,
    shift: BigRational,
}

impl Game3Parameters {
    /// The class with endpoint probability `e`, top value `top` and shift `shift`.
    ///
    /// # Errors
    ///
    /// [`Game3ParametersError::EndpointProbability`] unless 0 < *E* ≤ 1,
    /// [`Game3ParametersError::TopValue`] unless 0 ≤ *T* ≤ 1, [`Game3ParametersError::Shift`] if Δ < 0.
    pub fn new(
        e: BigRational,
        top: BigRational,
        shift: BigRational,
    ) -> Result<Self, Game3ParametersError> {
        let e = GameClass::check_endpoint_probability(e)?;
        if !(top >= BigRational::zero() && top <= BigRational::one()) {
            return Err(Game3ParametersError::TopValue(top));
        }
        if shift < BigRational::zero() {
            return Err(Game3ParametersError::Shift(shift));
        }
        Ok(Game3Parameters { e, top, shift })
    }

    /// *E*.
    pub fn e(&self) -> BigRational {
        self.e.clone()
    }

    /// *T*, the top point's value.
    pub fn top(&self) -> BigRational {
        self.top.clone()
    }

    /// Δ, the shift of each branch from its fork's value.
    pub fn shift(&self) -> BigRational {
        self.shift.clone()
    }

    /// (*T*, Δ) as floating point, for the values a strategy is shown.
    pub fn to_f64(&self) -> (f64, f64) {
        (to_f64(&self.top), to_f64(&self.shift))
    }
}

//! Game 3's parameters, as exact fractions, and what can go wrong in an evaluation. The
//! class (*E*, *A*) of the other games is `tree_gen::GameClass`, here in exact fractions.

use game_core::number::to_f64;
use num_rational::BigRational;
use num_traits::{One, Zero};
use solitaire::LookError;
use tree_gen::{GameClass, GameClassError};

/// Why an evaluation could not be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum EvaluationError {
    /// *E* outside (0, 1], or a split ratio *A* outside \[1/2, 1\].
    #[error(transparent)]
    GameClass(#[from] GameClassError<BigRational>),
    /// Game 3's top value *T* must lie in \[0, 1\].
    #[error("top value T = {0} is outside [0, 1]")]
    TopValue(BigRational),
    /// Game 3's shift Δ must not be negative.
    #[error("shift = {0} is negative")]
    Shift(BigRational),
    /// The series was asked for a precision it could not reach within the move limit.
    #[error("after {moves} moves the error bound is {reached:e}, not below {requested:e}")]
    Precision {
        /// The width asked for.
        requested: f64,
        /// The bound reached when the move limit ran out.
        reached: f64,
        /// The moves evaluated.
        moves: usize,
    },
    /// A precision must be a positive number.
    #[error("precision {0} is not a positive number")]
    InvalidPrecision(f64),
    /// The exact finite evaluation of the dependent form needs an ordinal strategy with a
    /// bounded number of looks; this one is not (or has too many states).
    #[error("{0} has no finite state space in the dependent form")]
    NotFinite(String),
    /// The paper's procedure needs at least ten moves.
    #[error("the diagram method needs D(1) … D(10); {0} terms were given")]
    TooFewTerms(usize),
    /// Johnson's correction factor assumes the terms fall geometrically from *D(9)* on; here
    /// *D(10)* ≥ *D(9)*, so the assumed tail does not converge.
    #[error("D(10) >= D(9): the correction factor's geometric tail diverges")]
    DivergentTail,
    /// Only ordinal strategies are evaluated here: with random split ratios a strategy that
    /// uses values moves differently for different ratios, and the memo's tables
    /// ([`crate::tables`]) hold no exact chance of B'STRAT or H'STRAT.
    #[error(
        "{0} uses values, not only which branch is higher; only ordinal strategies are evaluated here"
    )]
    NotOrdinal(String),
    /// With random split ratios, positions are followed at most 63 branches below the
    /// current one; the strategy looked deeper.
    #[error(
        "a look {0} branches below the current position is deeper than random split ratios are followed (63)"
    )]
    TooDeep(usize),
    /// The chances of a discrete ratio law must be positive and sum to 1.
    #[error("ratio chances {0} are not positive numbers summing to 1")]
    RatioChances(String),
    /// Game 1's common endpoint value *a*, the chance that an endpoint is a win, must lie
    /// in \[0, 1\].
    #[error("endpoint value a = {0} is outside [0, 1]")]
    EndpointValue(String),
    /// The strategy looked where it may not.
    #[error(transparent)]
    Look(#[from] LookError),
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
    /// [`GameClassError::EndpointProbability`](crate::GameClassError::EndpointProbability) unless 0 < *E* ≤ 1,
    /// [`EvaluationError::TopValue`] unless 0 ≤ *T* ≤ 1, [`EvaluationError::Shift`] if Δ < 0.
    pub fn new(
        e: BigRational,
        top: BigRational,
        shift: BigRational,
    ) -> Result<Self, EvaluationError> {
        let e = GameClass::check_endpoint_probability(e)?;
        if !(top >= BigRational::zero() && top <= BigRational::one()) {
            return Err(EvaluationError::TopValue(top));
        }
        if shift < BigRational::zero() {
            return Err(EvaluationError::Shift(shift));
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

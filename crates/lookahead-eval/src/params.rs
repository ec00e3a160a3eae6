//! The parameters of a class of games, as exact fractions, and what can go wrong.

use game_core::number::to_f64;
use num_rational::BigRational;
use num_traits::{One, Zero};
use solitaire::LookError;

/// Why an evaluation could not be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum EvaluationError {
    /// The endpoint probability *E* must lie in (0, 1].
    #[error("endpoint probability E = {0} is outside (0, 1]")]
    EndpointProbability(String),
    /// The split ratio *A* must lie in \[1/2, 1\].
    #[error("split ratio A = {0} is outside [1/2, 1]")]
    SplitRatio(String),
    /// Game 3's top value *T* must lie in \[0, 1\].
    #[error("top value T = {0} is outside [0, 1]")]
    TopValue(String),
    /// Game 3's shift Δ must not be negative.
    #[error("shift = {0} is negative")]
    Shift(String),
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

/// A class of Tree Solitaire games with constant split ratio: endpoint probability *E* and
/// split ratio *A*, with *S* = 1 − *E* and *B* = 1 − *A* (Johnson, chapters 1 and 3).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Parameters {
    e: BigRational,
    a: BigRational,
}

impl Parameters {
    /// The class with endpoint probability `e` and split ratio `a`.
    ///
    /// # Errors
    ///
    /// [`EvaluationError::EndpointProbability`] unless 0 < *E* ≤ 1,
    /// [`EvaluationError::SplitRatio`] unless 1/2 ≤ *A* ≤ 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use game_core::number::fraction;
    /// use lookahead_eval::Parameters;
    ///
    /// let params = Parameters::new(fraction(1, 2).unwrap(), fraction(3, 4).unwrap()).unwrap();
    /// assert_eq!(params.b(), fraction(1, 4).unwrap());
    /// assert!(Parameters::new(fraction(0, 1).unwrap(), fraction(3, 4).unwrap()).is_err());
    /// ```
    pub fn new(e: BigRational, a: BigRational) -> Result<Self, EvaluationError> {
        if !(e > BigRational::zero() && e <= BigRational::one()) {
            return Err(EvaluationError::EndpointProbability(e.to_string()));
        }
        let half = BigRational::new(1.into(), 2.into());
        if !(a >= half && a <= BigRational::one()) {
            return Err(EvaluationError::SplitRatio(a.to_string()));
        }
        Ok(Parameters { e, a })
    }

    /// *E*, the chance that a position is an endpoint.
    pub fn e(&self) -> BigRational {
        self.e.clone()
    }

    /// *S* = 1 − *E*, the chance that a position is a split point.
    pub fn s(&self) -> BigRational {
        BigRational::one() - &self.e
    }

    /// *A*, the split ratio: the share of a fork's value that goes to its high branch.
    pub fn a(&self) -> BigRational {
        self.a.clone()
    }

    /// *B* = 1 − *A*, the low branch's share.
    pub fn b(&self) -> BigRational {
        BigRational::one() - &self.a
    }

    /// (*E*, *A*) as floating point, for the values a strategy is shown.
    pub fn to_f64(&self) -> (f64, f64) {
        (to_f64(&self.e), to_f64(&self.a))
    }
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
    /// [`EvaluationError::EndpointProbability`] unless 0 < *E* ≤ 1,
    /// [`EvaluationError::TopValue`] unless 0 ≤ *T* ≤ 1, [`EvaluationError::Shift`] if Δ < 0.
    pub fn new(
        e: BigRational,
        top: BigRational,
        shift: BigRational,
    ) -> Result<Self, EvaluationError> {
        if !(e > BigRational::zero() && e <= BigRational::one()) {
            return Err(EvaluationError::EndpointProbability(e.to_string()));
        }
        if !(top >= BigRational::zero() && top <= BigRational::one()) {
            return Err(EvaluationError::TopValue(top.to_string()));
        }
        if shift < BigRational::zero() {
            return Err(EvaluationError::Shift(shift.to_string()));
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

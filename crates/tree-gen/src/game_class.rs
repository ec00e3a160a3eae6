//! The class of games (*E*, *A*) of Johnson's memo, checked once, in any number type.

use game_core::number::Real;

/// Invalid (*E*, *A*): the offending value, in the number type it was given in.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum GameClassError<T> {
    /// The endpoint probability *E* must lie in (0, 1].
    #[error("endpoint probability E = {0} is outside (0, 1]")]
    EndpointProbability(T),
    /// The split ratio *A* must lie in \[1/2, 1\].
    #[error("split ratio A = {0} is outside [1/2, 1]")]
    SplitRatio(T),
}

/// A class of Tree Solitaire games with a constant split ratio (Johnson, chapters 1 and 3):
/// *E*, the chance that a bottom point is an endpoint, and *A*, the share of a split
/// point's value that goes to its high branch; *S* = 1 − *E* and *B* = 1 − *A*.
///
/// The same type serves every crate that needs the class: `f64` for random trees
/// ([`crate::TreeParams::from_class`]) and for the strategies that depreciate values
/// (`solitaire::non_ordinal`), exact fractions for `lookahead-eval`'s exact evaluation.
///
/// # Examples
///
/// ```
/// use tree_gen::number::fraction;
/// use tree_gen::{GameClass, GameClassError};
///
/// let exact = GameClass::new(fraction(1, 2).unwrap(), fraction(3, 4).unwrap()).unwrap();
/// assert_eq!(exact.b(), fraction(1, 4).unwrap());
/// assert_eq!(exact.to_f64(), GameClass::new(0.5, 0.75).unwrap());
/// assert_eq!(GameClass::new(0.5, 0.4), Err(GameClassError::SplitRatio(0.4)));
/// assert!(GameClass::new(f64::NAN, 0.75).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameClass<T> {
    e: T,
    a: T,
}

impl<T: Real> GameClass<T> {
    /// The class with endpoint probability `e` and split ratio `a`.
    ///
    /// # Errors
    ///
    /// [`GameClassError::EndpointProbability`](crate::GameClassError::EndpointProbability) unless 0 < *E* ≤ 1,
    /// [`GameClassError::SplitRatio`](crate::GameClassError::SplitRatio) unless 1/2 ≤ *A* ≤ 1 (NaN is neither).
    pub fn new(e: T, a: T) -> Result<Self, GameClassError<T>> {
        let e = Self::check_endpoint_probability(e)?;
        let a = Self::check_split_ratio(a)?;
        Ok(GameClass { e, a })
    }

    /// *E* itself when 0 < *E* ≤ 1: the check of [`GameClass::new`], for the other places
    /// an endpoint probability is given (random split ratios, game 3).
    ///
    /// # Errors
    ///
    /// [`GameClassError::EndpointProbability`](crate::GameClassError::EndpointProbability) otherwise.
    pub fn check_endpoint_probability(e: T) -> Result<T, GameClassError<T>> {
        if e > T::zero() && e <= T::one() {
            Ok(e)
        } else {
            Err(GameClassError::EndpointProbability(e))
        }
    }

    /// *A* itself when 1/2 ≤ *A* ≤ 1: the check of [`GameClass::new`], for the other places
    /// a split ratio is given (a constant ratio, the values of a ratio law).
    ///
    /// # Errors
    ///
    /// [`GameClassError::SplitRatio`](crate::GameClassError::SplitRatio) otherwise.
    pub fn check_split_ratio(a: T) -> Result<T, GameClassError<T>> {
        let half = T::one() / T::from_i64(2);
        if a >= half && a <= T::one() {
            Ok(a)
        } else {
            Err(GameClassError::SplitRatio(a))
        }
    }

    /// *E*, the chance that a bottom point is an endpoint.
    pub fn e(&self) -> T {
        self.e.clone()
    }

    /// *S* = 1 − *E*, the chance that a bottom point is a split point.
    pub fn s(&self) -> T {
        T::one() - self.e.clone()
    }

    /// *A*, the split ratio.
    pub fn a(&self) -> T {
        self.a.clone()
    }

    /// *B* = 1 − *A*, the low branch's share.
    pub fn b(&self) -> T {
        T::one() - self.a.clone()
    }

    /// The same class in `f64`, each parameter rounded to nearest (which keeps it in
    /// range: the bounds 0, 1/2 and 1 are exact in `f64`).
    pub fn to_f64(&self) -> GameClass<f64> {
        GameClass {
            e: self.e.nearest_f64(),
            a: self.a.nearest_f64(),
        }
    }
}

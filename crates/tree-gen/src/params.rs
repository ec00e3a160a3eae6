//! The parameters of Johnson's trees: the endpoint probability E and the split ratio.

use std::fmt;
use std::sync::Arc;

use rand::RngExt;
use rand::distr::Distribution;

use crate::game_class::{GameClass, GameClassError};
use crate::key::NodeRng;
use game_core::number::Real;

/// Invalid parameters of a random tree.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum TreeParamsError {
    /// *E* outside (0, 1], or a constant split ratio *A* outside \[1/2, 1\].
    #[error(transparent)]
    GameClass(#[from] GameClassError<f64>),
    /// Game 3's top value *T* must lie in \[0, 1\].
    #[error("top value T = {0} is outside [0, 1]")]
    TopValue(f64),
    /// A uniform shift needs a finite, non-negative half-width.
    #[error("shift half-width {0} is not a finite non-negative number")]
    ShiftWidth(f64),
}

/// How a split point divides its value: the share *R* of the high branch, in \[1/2, 1\].
#[derive(Clone)]
pub enum SplitRatio {
    /// The same ratio *A* at every split (the paper's constant split ratio).
    Constant(f64),
    /// *R* uniform on \[1/2, 1\] at every split, independently (the paper's random ratio;
    /// its mean is *A* = 3/4).
    Uniform,
    /// *R* drawn from a distribution with the node's own generator ([`NodeRng`]), mapped
    /// and clamped into \[1/2, 1\]; built by [`SplitRatio::from_distribution`].
    Sampled(Arc<dyn Fn(&mut NodeRng) -> f64 + Send + Sync>),
}

impl SplitRatio {
    /// The constant split ratio *A*.
    ///
    /// # Errors
    ///
    /// [`GameClassError::SplitRatio`](crate::GameClassError::SplitRatio) unless 1/2 ≤ *A* ≤ 1.
    pub fn constant(a: f64) -> Result<Self, TreeParamsError> {
        Ok(SplitRatio::Constant(GameClass::check_split_ratio(a)?))
    }

    /// *R* = `into_range(x)` for x drawn from `distribution`, clamped into \[1/2, 1\] so that
    /// the high branch is the high one — any `rand_distr` law, mapped as the caller chooses.
    ///
    /// ```
    /// use tree_gen::rand_distr::Beta;
    /// use tree_gen::SplitRatio;
    /// // R = 1/2 + X/2 with X ~ Beta(2, 2): symmetric about 3/4, like the uniform ratio.
    /// let ratio = SplitRatio::from_distribution(Beta::new(2.0, 2.0).unwrap(), |x| 0.5 + 0.5 * x);
    /// ```
    pub fn from_distribution<D>(
        distribution: D,
        into_range: impl Fn(f64) -> f64 + Send + Sync + 'static,
    ) -> Self
    where
        D: Distribution<f64> + Send + Sync + 'static,
    {
        SplitRatio::Sampled(Arc::new(move |rng: &mut NodeRng| {
            into_range(distribution.sample(rng))
        }))
    }

    /// The ratio at a node whose generator for the ratio `rng` makes (only when needed: a
    /// constant ratio draws nothing).
    #[inline]
    pub(crate) fn ratio(&self, rng: impl FnOnce() -> NodeRng) -> f64 {
        match self {
            SplitRatio::Constant(a) => *a,
            SplitRatio::Uniform => 0.5 + 0.5 * rng().random::<f64>(),
            SplitRatio::Sampled(draw) => draw(&mut rng()).clamp(0.5, 1.0),
        }
    }
}

impl fmt::Debug for SplitRatio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SplitRatio::Constant(a) => write!(f, "Constant({a})"),
            SplitRatio::Uniform => f.write_str("Uniform[1/2, 1]"),
            SplitRatio::Sampled(_) => f.write_str("Sampled(..)"),
        }
    }
}

/// How game 3 (chapter 6) moves values from a split point of value *C* to its branches:
/// *C + a* and *C + b*, with *a* and *b* drawn independently from a distribution of mean 0.
#[derive(Clone)]
pub enum Shift {
    /// *a*, *b* uniform on \[−w, w\].
    Uniform {
        /// The half-width *w*.
        half_width: f64,
    },
    /// *a*, *b* drawn from a distribution with the node's own generator; its mean should
    /// be 0 (the game's definition), which cannot be checked here.
    Sampled(Arc<dyn Fn(&mut NodeRng) -> f64 + Send + Sync>),
}

impl Shift {
    /// Shifts uniform on \[−`half_width`, `half_width`\].
    ///
    /// # Errors
    ///
    /// [`TreeParamsError::ShiftWidth`] unless `half_width` is finite and ≥ 0.
    pub fn uniform(half_width: f64) -> Result<Self, TreeParamsError> {
        if half_width.is_finite() && half_width >= 0.0 {
            Ok(Shift::Uniform { half_width })
        } else {
            Err(TreeParamsError::ShiftWidth(half_width))
        }
    }

    /// Shifts drawn from `distribution` (which should have mean 0).
    pub fn from_distribution<D>(distribution: D) -> Self
    where
        D: Distribution<f64> + Send + Sync + 'static,
    {
        Shift::Sampled(Arc::new(move |rng: &mut NodeRng| distribution.sample(rng)))
    }

    pub(crate) fn draw(&self, rng: &mut NodeRng) -> f64 {
        match self {
            Shift::Uniform { half_width } => half_width * (2.0 * rng.random::<f64>() - 1.0),
            Shift::Sampled(draw) => draw(rng),
        }
    }
}

impl fmt::Debug for Shift {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shift::Uniform { half_width } => write!(f, "Uniform[-{half_width}, {half_width}]"),
            Shift::Sampled(_) => f.write_str("Sampled(..)"),
        }
    }
}

/// How values are assigned to the points of a tree.
#[derive(Debug, Clone)]
pub enum Valuation {
    /// Tree Solitaire (chapter 1): the top point is worth 1, a split point of value *X*
    /// gives *R·X* and *(1 − R)·X* to its branches.
    Split(SplitRatio),
    /// Game 3 (chapter 6): the top point is worth *T*, a split point of value *C* gives
    /// *C + a* and *C + b* to its branches; an endpoint of value *P* is a win with
    /// probability *P* clamped to \[0, 1\].
    Shift {
        /// *T*, the value of the top point.
        top: f64,
        /// The distribution of the shifts.
        shift: Shift,
    },
}

/// The parameters of a class of random trees: *E* and the valuation.
#[derive(Debug, Clone)]
pub struct TreeParams {
    endpoint_probability: f64,
    valuation: Valuation,
}

impl TreeParams {
    /// Trees whose bottom points are endpoints with probability `endpoint_probability` (*E*)
    /// and whose splits follow `split_ratio`.
    ///
    /// # Errors
    ///
    /// [`GameClassError::EndpointProbability`](crate::GameClassError::EndpointProbability) unless 0 < *E* ≤ 1.
    pub fn new(
        endpoint_probability: f64,
        split_ratio: SplitRatio,
    ) -> Result<Self, TreeParamsError> {
        Ok(TreeParams {
            endpoint_probability: GameClass::check_endpoint_probability(endpoint_probability)?,
            valuation: Valuation::Split(split_ratio),
        })
    }

    /// Trees of game 3 (chapter 6): endpoints with probability `endpoint_probability`, the
    /// top point worth `top` (*T*), branch values shifted by `shift`.
    ///
    /// # Errors
    ///
    /// [`GameClassError::EndpointProbability`](crate::GameClassError::EndpointProbability) unless 0 < *E* ≤ 1,
    /// [`TreeParamsError::TopValue`] unless 0 ≤ *T* ≤ 1.
    pub fn game3(
        endpoint_probability: f64,
        top: f64,
        shift: Shift,
    ) -> Result<Self, TreeParamsError> {
        if !(0.0..=1.0).contains(&top) {
            return Err(TreeParamsError::TopValue(top));
        }
        Ok(TreeParams {
            endpoint_probability: GameClass::check_endpoint_probability(endpoint_probability)?,
            valuation: Valuation::Shift { top, shift },
        })
    }

    /// Trees of the class (*E*, *A*): endpoints with probability *E*, every split ratio *A*.
    /// The class may be exact (`GameClass<BigRational>`, as the exact evaluators take it):
    /// each parameter is rounded to the nearest `f64` ([`GameClass::to_f64`]), so one value
    /// of the class serves an exact evaluation and a Monte Carlo run alike.
    ///
    /// ```
    /// use tree_gen::number::fraction;
    /// use tree_gen::{GameClass, TreeParams};
    ///
    /// let exact = GameClass::new(fraction(1, 2).unwrap(), fraction(3, 4).unwrap()).unwrap();
    /// let params = TreeParams::from_class(&exact);
    /// assert_eq!(params.endpoint_probability(), 0.5);
    /// ```
    pub fn from_class<T: Real>(class: &GameClass<T>) -> Self {
        let class = class.to_f64();
        TreeParams {
            endpoint_probability: class.e(),
            valuation: Valuation::Split(SplitRatio::Constant(class.a())),
        }
    }

    /// *E*, the probability that a bottom point is an endpoint.
    #[inline]
    pub fn endpoint_probability(&self) -> f64 {
        self.endpoint_probability
    }

    /// *S* = 1 − *E*, the probability that a bottom point is a split point.
    pub fn split_probability(&self) -> f64 {
        1.0 - self.endpoint_probability
    }

    /// The valuation.
    #[inline]
    pub fn valuation(&self) -> &Valuation {
        &self.valuation
    }

    /// Whether the dependent form (TSD) exists: only when values split, so that the
    /// endpoints' values are a probability distribution.
    #[inline]
    pub fn has_dependent_form(&self) -> bool {
        matches!(self.valuation, Valuation::Split(_))
    }
}

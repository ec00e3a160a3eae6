//! The parameters of Johnson's trees: the endpoint probability E and the split ratio.

use std::fmt;
use std::sync::Arc;

use rand::RngExt;
use rand::distr::Distribution;

use crate::key::NodeRng;

/// Invalid parameters of a random tree.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum TreeParamsError {
    /// The endpoint probability *E* must lie in (0, 1].
    #[error("endpoint probability E = {0} is outside (0, 1]")]
    EndpointProbability(f64),
    /// The constant split ratio *A* must lie in \[1/2, 1\].
    #[error("split ratio A = {0} is outside [1/2, 1]")]
    SplitRatio(f64),
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
    /// [`TreeParamsError::SplitRatio`] unless 1/2 ≤ *A* ≤ 1.
    pub fn constant(a: f64) -> Result<Self, TreeParamsError> {
        if (0.5..=1.0).contains(&a) {
            Ok(SplitRatio::Constant(a))
        } else {
            Err(TreeParamsError::SplitRatio(a))
        }
    }

    /// *R* = `into_range(x)` for x drawn from `distribution`, clamped into \[1/2, 1\] so that
    /// the high branch is the high one — any `rand_distr` law, mapped as the caller chooses.
    ///
    /// ```
    /// use rand_distr::Beta;
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

/// The parameters of a class of random trees: *E* and the split ratio.
#[derive(Debug, Clone)]
pub struct TreeParams {
    endpoint_probability: f64,
    split_ratio: SplitRatio,
}

impl TreeParams {
    /// Trees whose bottom points are endpoints with probability `endpoint_probability` (*E*)
    /// and whose splits follow `split_ratio`.
    ///
    /// # Errors
    ///
    /// [`TreeParamsError::EndpointProbability`] unless 0 < *E* ≤ 1.
    pub fn new(
        endpoint_probability: f64,
        split_ratio: SplitRatio,
    ) -> Result<Self, TreeParamsError> {
        if endpoint_probability > 0.0 && endpoint_probability <= 1.0 {
            Ok(TreeParams {
                endpoint_probability,
                split_ratio,
            })
        } else {
            Err(TreeParamsError::EndpointProbability(endpoint_probability))
        }
    }

    /// *E*, the probability that a bottom point is an endpoint.
    pub fn endpoint_probability(&self) -> f64 {
        self.endpoint_probability
    }

    /// *S* = 1 − *E*, the probability that a bottom point is a split point.
    pub fn split_probability(&self) -> f64 {
        1.0 - self.endpoint_probability
    }

    /// The split ratio.
    pub fn split_ratio(&self) -> &SplitRatio {
        &self.split_ratio
    }
}

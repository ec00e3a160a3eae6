//! Monte Carlo estimates that are exact to merge and independent of the thread count.
//!
//! Observations are integers (a win is 1, a loss 0; a number of looks; a cube value), so
//! a [`Tally`] of their count, sum and sum of squares merges exactly, in any order. A run
//! ([`MonteCarlo`]) is split into fixed batches; batch *i* uses stream *i* of the seed
//! ([`crate::random::seeded_stream`]) and the batch results are merged in batch order. The
//! estimate therefore depends on (seed, sample count, batch size) only — not on the number of
//! threads, nor on which thread ran which batch.

use num_bigint::BigInt;
use num_rational::BigRational;
use rayon::prelude::*;

use crate::number::to_f64;
use crate::random::{SeededRng, seeded_stream};
use crate::tolerance::{F64_AGREEMENT, MAX_Z_SCORE};

/// A Monte Carlo run could not be set up or its estimates combined.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MonteCarloError {
    /// A run must draw at least one sample.
    #[error("a Monte Carlo run needs at least one sample")]
    ZeroSamples,
    /// Batches must hold at least one sample.
    #[error("a Monte Carlo batch needs at least one sample")]
    ZeroBatchSize,
    /// An estimate needs at least one observation.
    #[error("an estimate needs at least one observation")]
    NoObservations,
    /// Only estimates drawn from the same seed are batches of one run.
    #[error("cannot merge estimates of seeds {0} and {1}")]
    DifferentSeeds(u64, u64),
    /// Merged estimates must cover adjacent batch ranges (so no batch is counted twice).
    #[error("batches {first:?} and {second:?} are not adjacent")]
    BatchesNotAdjacent {
        /// Batch range of the first estimate.
        first: std::ops::Range<u64>,
        /// Batch range of the second estimate.
        second: std::ops::Range<u64>,
    },
}

/// Count, sum and sum of squares of integer observations: exact, and merged exactly.
///
/// Observations are `i32` so that no sum can overflow: with fewer than 2^64 observations the
/// sum stays below 2^95 and the sum of squares below 2^126.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    count: u64,
    sum: i128,
    sum_of_squares: u128,
}

impl Tally {
    /// Adds one observation.
    pub fn record(&mut self, observation: i32) {
        self.count += 1;
        self.sum += i128::from(observation);
        self.sum_of_squares += u128::from(observation.unsigned_abs()).pow(2);
    }

    /// Number of observations *n*.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Sum of the observations.
    pub fn sum(&self) -> i128 {
        self.sum
    }

    /// The sample mean as an exact fraction; `None` without observations.
    pub fn mean_exact(&self) -> Option<BigRational> {
        (self.count > 0).then(|| BigRational::new(BigInt::from(self.sum), BigInt::from(self.count)))
    }

    /// The unbiased sample variance s² = (Σx² − (Σx)²/n)/(n − 1), exactly; `None` for
    /// fewer than two observations.
    pub fn variance_exact(&self) -> Option<BigRational> {
        if self.count < 2 {
            return None;
        }
        let n = BigInt::from(self.count);
        let sum = BigInt::from(self.sum);
        let centred = BigInt::from(self.sum_of_squares) * &n - &sum * &sum;
        Some(BigRational::new(centred, &n * (n.clone() - 1)))
    }
}

/// Combining the results of two batches. The combination must be exact (associative and
/// commutative), as it is for integer tallies.
pub trait Accumulator: Send {
    /// Adds `other`'s observations to `self`'s.
    fn merge(&mut self, other: Self);
}

impl Accumulator for Tally {
    fn merge(&mut self, other: Self) {
        self.count += other.count;
        self.sum += other.sum;
        self.sum_of_squares += other.sum_of_squares;
    }
}

/// Element-wise: one tally per strategy (or per quantity) measured on the same samples.
impl<T: Accumulator> Accumulator for Vec<T> {
    fn merge(&mut self, other: Self) {
        let mut extra = Vec::new();
        for (index, item) in other.into_iter().enumerate() {
            match self.get_mut(index) {
                Some(mine) => mine.merge(item),
                None => extra.push(item),
            }
        }
        self.extend(extra);
    }
}

/// A Monte Carlo estimate: the sample mean with its standard error, the number of samples,
/// and the seed and batches it was drawn from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Estimate {
    seed: u64,
    batches: std::ops::Range<u64>,
    tally: Tally,
}

impl Estimate {
    /// The estimate from `tally`, drawn from batches `batches` of `seed`.
    ///
    /// # Errors
    ///
    /// [`MonteCarloError::NoObservations`] for an empty tally.
    pub fn new(
        seed: u64,
        batches: std::ops::Range<u64>,
        tally: Tally,
    ) -> Result<Self, MonteCarloError> {
        if tally.count == 0 {
            return Err(MonteCarloError::NoObservations);
        }
        Ok(Estimate {
            seed,
            batches,
            tally,
        })
    }

    /// The seed the samples were drawn with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The batches (streams of the seed) the samples came from.
    pub fn batches(&self) -> std::ops::Range<u64> {
        self.batches.clone()
    }

    /// The number of samples *n*.
    pub fn n_samples(&self) -> u64 {
        self.tally.count
    }

    /// The tally behind the estimate.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// The sample mean as an exact fraction.
    pub fn mean_exact(&self) -> BigRational {
        BigRational::new(BigInt::from(self.tally.sum), BigInt::from(self.tally.count))
    }

    /// The sample mean.
    pub fn mean(&self) -> f64 {
        to_f64(&self.mean_exact())
    }

    /// The standard error of the mean, s/√n (0 for a single sample).
    pub fn standard_error(&self) -> f64 {
        self.tally.variance_exact().map_or(0.0, |variance| {
            (to_f64(&variance) / self.tally.count as f64).sqrt()
        })
    }

    /// z = (mean − `value`) / standard error: how many standard errors the estimate lies
    /// from `value` (±∞ or NaN when the standard error is 0).
    pub fn z_score(&self, value: f64) -> f64 {
        (self.mean() - value) / self.standard_error()
    }

    /// Whether the estimate agrees with `value` by the workspace's rule: within
    /// [`MAX_Z_SCORE`] standard errors, or, when every sample was the same (standard error
    /// 0), within [`F64_AGREEMENT`] of it.
    ///
    /// ```
    /// use game_core::monte_carlo::{MonteCarlo, Tally};
    /// use game_core::rand::RngExt;
    ///
    /// let run = MonteCarlo::new(7, 60_000).unwrap();
    /// let six = run
    ///     .estimate(|rng, n| {
    ///         let mut tally = Tally::default();
    ///         for _ in 0..n {
    ///             tally.record(i32::from(rng.random_range(1..=6) == 6));
    ///         }
    ///         tally
    ///     })
    ///     .unwrap();
    /// assert!(six.agrees_with(1.0 / 6.0));
    /// assert!(!six.agrees_with(0.2));
    /// ```
    pub fn agrees_with(&self, value: f64) -> bool {
        let distance = (self.mean() - value).abs();
        distance <= MAX_Z_SCORE * self.standard_error() || distance <= F64_AGREEMENT
    }

    /// The estimate from the samples of both, which must be adjacent batch ranges of one
    /// seed.
    ///
    /// # Errors
    ///
    /// [`MonteCarloError::DifferentSeeds`] or [`MonteCarloError::BatchesNotAdjacent`].
    pub fn merged(&self, other: &Estimate) -> Result<Estimate, MonteCarloError> {
        if self.seed != other.seed {
            return Err(MonteCarloError::DifferentSeeds(self.seed, other.seed));
        }
        let batches = if self.batches.end == other.batches.start {
            self.batches.start..other.batches.end
        } else if other.batches.end == self.batches.start {
            other.batches.start..self.batches.end
        } else {
            return Err(MonteCarloError::BatchesNotAdjacent {
                first: self.batches.clone(),
                second: other.batches.clone(),
            });
        };
        let mut tally = self.tally;
        tally.merge(other.tally);
        Ok(Estimate {
            seed: self.seed,
            batches,
            tally,
        })
    }
}

/// A seeded Monte Carlo run: `n_samples` samples in batches of `batch_size`, batch *i* drawn
/// from stream *i* of `seed`, batches run in parallel on the current rayon thread pool.
///
/// ```
/// use game_core::monte_carlo::{MonteCarlo, Tally};
/// use game_core::rand::RngExt;
///
/// // The chance that a die shows six.
/// let run = MonteCarlo::new(2026, 60_000).unwrap();
/// let estimate = run
///     .estimate(|rng, n| {
///         let mut tally = Tally::default();
///         for _ in 0..n {
///             tally.record(i32::from(rng.random_range(1..=6) == 6));
///         }
///         tally
///     })
///     .unwrap();
/// assert!(estimate.agrees_with(1.0 / 6.0));
/// assert_eq!(estimate.seed(), 2026);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MonteCarlo {
    seed: u64,
    n_samples: u64,
    batch_size: u64,
}

impl MonteCarlo {
    /// Batch size unless chosen: large enough to amortise scheduling, small enough to keep
    /// both cores busy on runs of a million samples.
    pub const DEFAULT_BATCH_SIZE: u64 = 1 << 14;

    /// A run of `n_samples` samples from `seed`, in batches of
    /// [`MonteCarlo::DEFAULT_BATCH_SIZE`].
    ///
    /// # Errors
    ///
    /// [`MonteCarloError::ZeroSamples`] when `n_samples` is 0.
    pub fn new(seed: u64, n_samples: u64) -> Result<Self, MonteCarloError> {
        if n_samples == 0 {
            return Err(MonteCarloError::ZeroSamples);
        }
        Ok(MonteCarlo {
            seed,
            n_samples,
            batch_size: Self::DEFAULT_BATCH_SIZE,
        })
    }

    /// The same run with batches of `batch_size` samples (which changes the numbers drawn).
    ///
    /// # Errors
    ///
    /// [`MonteCarloError::ZeroBatchSize`] when `batch_size` is 0.
    pub fn with_batch_size(self, batch_size: u64) -> Result<Self, MonteCarloError> {
        if batch_size == 0 {
            return Err(MonteCarloError::ZeroBatchSize);
        }
        Ok(MonteCarlo { batch_size, ..self })
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The number of samples.
    pub fn n_samples(&self) -> u64 {
        self.n_samples
    }

    /// The number of batches, ⌈n_samples / batch_size⌉.
    pub fn n_batches(&self) -> u64 {
        self.n_samples.div_ceil(self.batch_size)
    }

    /// Runs `simulate(rng, samples_in_batch)` for every batch and merges the results in
    /// batch order.
    pub fn run<A, F>(&self, simulate: F) -> A
    where
        A: Accumulator + Default,
        F: Fn(&mut SeededRng, u64) -> A + Sync,
    {
        let results: Vec<A> = (0..self.n_batches())
            .into_par_iter()
            .map(|batch| {
                let first = batch * self.batch_size;
                let samples = self.batch_size.min(self.n_samples - first);
                simulate(&mut seeded_stream(self.seed, batch), samples)
            })
            .collect();
        let mut total = A::default();
        for result in results {
            total.merge(result);
        }
        total
    }

    /// [`MonteCarlo::run`] for one quantity, as an [`Estimate`].
    ///
    /// # Errors
    ///
    /// [`MonteCarloError::NoObservations`] if `simulate` recorded nothing.
    pub fn estimate<F>(&self, simulate: F) -> Result<Estimate, MonteCarloError>
    where
        F: Fn(&mut SeededRng, u64) -> Tally + Sync,
    {
        Estimate::new(self.seed, 0..self.n_batches(), self.run(simulate))
    }

    /// [`MonteCarlo::run`] for several quantities measured on the same samples (for example
    /// several strategies on the same trees), one [`Estimate`] each.
    ///
    /// # Errors
    ///
    /// [`MonteCarloError::NoObservations`] if some quantity recorded nothing.
    pub fn estimates<F>(&self, simulate: F) -> Result<Vec<Estimate>, MonteCarloError>
    where
        F: Fn(&mut SeededRng, u64) -> Vec<Tally> + Sync,
    {
        self.run(simulate)
            .into_iter()
            .map(|tally| Estimate::new(self.seed, 0..self.n_batches(), tally))
            .collect()
    }
}

//! The counting functions of section 4: for a node n and a score i, how many assignments of
//! scores to the leaves of T\[n\] give sc(n) = i (EQ), ≤ i (LE) or > i (GT).
//!
//! At a leaf LE(n, i) = i and GT(n, i) = α − i. A max-node with m children has
//! LE(n̂, i) = LE(n̄′, i)^m (equation 3); a min-node with q children has
//! GT(n̄, i) = GT(n̂′, i)^q (equation 4); and always LE(n, i) + GT(n, i) = α^#T\[n\] (Lemma 4.3),
//! which gives the other function (Lemmas 4.4 and 4.5). EQ(n, i) = LE(n, i) − LE(n, i − 1)
//! (equation 1). All counts are exact big integers.

use game_core::stop::Carried;
use num_bigint::BigUint;
use num_traits::Zero;
use rayon::prelude::*;

use crate::natural::{self, Natural};
use crate::shape::{
    MoveShape, ProbabilityError, ScoreError, ShapeError, check_alpha, check_count_size,
};

/// LE(n, i) and GT(n, i) for i = 0, …, α at one node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counts {
    alpha: u32,
    le: Vec<BigUint>,
    gt: Vec<BigUint>,
}

impl Counts {
    /// The counts at the move node of `shape` (a min-node), scores uniform on {1, …, α}.
    ///
    /// # Errors
    ///
    /// [`ScoreError::ZeroAlpha`] when `alpha` is 0, [`ShapeError::TooManyLeaves`] beyond
    /// 2^64 leaves, [`ProbabilityError::Memory`] when the counts would not fit in the
    /// memory this process may use ([`game_core::memory`]).
    pub fn of_move(shape: &MoveShape, alpha: u32) -> Result<Counts, ProbabilityError> {
        check_alpha(alpha)?;
        let all_leaves = shape
            .children()
            .iter()
            .try_fold(1u64, |product, &c| product.checked_mul(u64::from(c)))
            .ok_or(ShapeError::TooManyLeaves)?;
        check_count_size(alpha, all_leaves)?;
        let a = Natural::from(alpha);
        let mut le: Vec<Natural> = (0..=alpha).map(Natural::from).collect();
        let mut gt: Vec<Natural> = (0..=alpha).map(|i| Natural::from(alpha - i)).collect();
        let mut leaves: u64 = 1;
        // From the leaves up: the node at depth j below the move is a min-node when j is even.
        let carried = Carried::from_this_thread();
        for (depth, &children) in shape.children().iter().enumerate().rev() {
            leaves = leaves
                .checked_mul(u64::from(children))
                .ok_or(ShapeError::TooManyLeaves)?;
            let total = natural::power(&a, leaves);
            let min_node = depth % 2 == 0;
            let (raised, other) = if min_node {
                (&mut gt, &mut le)
            } else {
                (&mut le, &mut gt)
            };
            // Each score's counts are independent: the scores are shared between the cores.
            raised
                .par_iter_mut()
                .zip(other.par_iter_mut())
                .for_each(|(r, o)| {
                    carried.checkpoint();
                    *r = natural::power(r, u64::from(children));
                    *o = &total - &*r;
                });
        }
        Ok(Counts {
            alpha,
            le: le.par_iter().map(natural::to_biguint).collect(),
            gt: gt.par_iter().map(natural::to_biguint).collect(),
        })
    }

    /// Counts already computed, LE and GT for i = 0, …, α: explicit trees of any shape
    /// compute theirs node by node, above this module.
    pub(crate) fn from_le_and_gt(alpha: u32, le: Vec<BigUint>, gt: Vec<BigUint>) -> Counts {
        Counts { alpha, le, gt }
    }

    /// α.
    pub fn alpha(&self) -> u32 {
        self.alpha
    }

    fn check(&self, i: u32) -> Result<usize, ScoreError> {
        if i > self.alpha {
            return Err(ScoreError::ScoreOutOfRange {
                score: i,
                alpha: self.alpha,
            });
        }
        Ok(i as usize)
    }

    /// LE(n, i), 0 ≤ i ≤ α.
    ///
    /// # Errors
    ///
    /// [`ScoreError::ScoreOutOfRange`] when i > α.
    pub fn at_most(&self, i: u32) -> Result<&BigUint, ScoreError> {
        Ok(&self.le[self.check(i)?])
    }

    /// GT(n, i), 0 ≤ i ≤ α.
    ///
    /// # Errors
    ///
    /// [`ScoreError::ScoreOutOfRange`] when i > α.
    pub fn greater_than(&self, i: u32) -> Result<&BigUint, ScoreError> {
        Ok(&self.gt[self.check(i)?])
    }

    /// EQ(n, i) = LE(n, i) − LE(n, i − 1), 1 ≤ i ≤ α (0 for i = 0).
    ///
    /// # Errors
    ///
    /// [`ScoreError::ScoreOutOfRange`] when i > α.
    pub fn equal_to(&self, i: u32) -> Result<BigUint, ScoreError> {
        let at = self.check(i)?;
        Ok(if at == 0 {
            BigUint::zero()
        } else {
            &self.le[at] - &self.le[at - 1]
        })
    }
}

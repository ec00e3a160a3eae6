//! The doubling cube in the single-checker race (section 5.1): equities by the recursion
//! (7)–(15), and the doubling and acceptance advice of Table 5.
//!
//! Equities are A's expected winnings per unit of the current stake, A on roll with pip
//! count k against B's s. "My cube": A owns the cube; "our cube": it is centred. The
//! superscript 0/1 says whether A doubles now:
//! - E⁰_my(k, s) = Σ_i Σ_j π_i π_j E_my((k − i)⁺, (s − j)⁺): A rolls, then B rolls, unable to
//!   double (12);
//! - E¹_my(k, s) = min(Σ_i π_i · (−2 E_my(s, (k − i)⁺)), 1): B takes (and owns the cube at
//!   twice the stake) or resigns (13);
//! - E⁰_our(k, s) = Σ_i π_i · (−E_our(s, (k − i)⁺)): B rolls next with the cube centred (14);
//! - E¹_our = E¹_my (15); E_my = max(E⁰_my, E¹_my), E_our = max(E⁰_our, E¹_our) (7);
//! - boundaries (8)–(11): E(0, s) = 1 (A has finished), E(k, 0) = −1 (B has), and a
//!   player on roll with 3 pips or fewer finishes this turn.
//!
//! Every equity depends only on pairs of smaller total k + s, so they are computed in order
//! of the total, in any `Real` (exactly, or in `f64`).

use game_core::number::Real;
use game_core::stop::checkpoint;

use crate::dice::pip_distribution;

/// A cube table too small to be useful.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CubeError {
    /// The table needs at least one pip.
    #[error("a cube table needs pip counts of at least 1")]
    Empty,
    /// A pip count beyond the table.
    #[error("pip count {count} is beyond the table's {max}")]
    BeyondTable {
        /// The pip count asked for.
        count: u32,
        /// The largest in the table.
        max: u32,
    },
}

/// The equities of both cube situations for all pip counts up to a maximum.
#[derive(Debug, Clone)]
pub struct CubeEquities<T> {
    max: usize,
    keep_my: Vec<T>,
    double: Vec<T>,
    keep_our: Vec<T>,
    taken: Vec<T>,
    my: Vec<T>,
    our: Vec<T>,
}

impl<T: Real> CubeEquities<T> {
    /// Equities for pip counts 0..=`max_pips`.
    ///
    /// # Errors
    ///
    /// [`CubeError::Empty`] when `max_pips` is 0.
    pub fn new(max_pips: u32) -> Result<Self, CubeError> {
        if max_pips == 0 {
            return Err(CubeError::Empty);
        }
        let n = max_pips as usize + 1;
        let rolls: Vec<(usize, T)> = pip_distribution()
            .iter()
            .map(|(&pips, p)| {
                (
                    pips as usize,
                    T::from_i64(i64::from(*p.numer())) / T::from_i64(i64::from(*p.denom())),
                )
            })
            .collect();
        let mut table = CubeEquities {
            max: max_pips as usize,
            keep_my: vec![T::zero(); n * n],
            double: vec![T::zero(); n * n],
            keep_our: vec![T::zero(); n * n],
            taken: vec![T::zero(); n * n],
            my: vec![T::zero(); n * n],
            our: vec![T::zero(); n * n],
        };
        for total in 0..=2 * table.max {
            checkpoint();
            for k in total.saturating_sub(table.max)..=total.min(table.max) {
                table.fill(k, total - k, &rolls);
            }
        }
        Ok(table)
    }

    fn at(&self, k: usize, s: usize) -> usize {
        k * (self.max + 1) + s
    }

    fn fill(&mut self, k: usize, s: usize, rolls: &[(usize, T)]) {
        let cell = self.at(k, s);
        let one = T::one();
        let settled = if k == 0 {
            Some(one.clone())
        } else if s == 0 {
            Some(-one.clone())
        } else if k <= 3 {
            Some(one.clone())
        } else {
            None
        };
        if let Some(value) = settled {
            for equities in [
                &mut self.keep_my,
                &mut self.double,
                &mut self.keep_our,
                &mut self.taken,
                &mut self.my,
                &mut self.our,
            ] {
                equities[cell] = value.clone();
            }
            return;
        }
        let (mut keep_my, mut taken, mut keep_our) = (T::zero(), T::zero(), T::zero());
        for (i, pi) in rolls {
            let after = k.saturating_sub(*i);
            taken = taken + pi.clone() * -(T::from_i64(2) * self.my[self.at(s, after)].clone());
            keep_our = keep_our + pi.clone() * -self.our[self.at(s, after)].clone();
            for (j, pj) in rolls {
                let theirs = s.saturating_sub(*j);
                keep_my =
                    keep_my + pi.clone() * pj.clone() * self.my[self.at(after, theirs)].clone();
            }
        }
        let double = if taken < one { taken.clone() } else { one };
        self.taken[cell] = taken;
        self.my[cell] = max(keep_my.clone(), double.clone());
        self.our[cell] = max(keep_our.clone(), double.clone());
        self.keep_my[cell] = keep_my;
        self.keep_our[cell] = keep_our;
        self.double[cell] = double;
    }

    fn check(&self, k: u32, s: u32) -> Result<usize, CubeError> {
        for count in [k, s] {
            if count as usize > self.max {
                return Err(CubeError::BeyondTable {
                    count,
                    max: self.max as u32,
                });
            }
        }
        Ok(self.at(k as usize, s as usize))
    }

    /// E_my(k, s) (A owns the cube).
    ///
    /// # Errors
    ///
    /// [`CubeError::BeyondTable`].
    pub fn my_cube(&self, k: u32, s: u32) -> Result<T, CubeError> {
        Ok(self.my[self.check(k, s)?].clone())
    }

    /// E_our(k, s) (the cube is centred).
    ///
    /// # Errors
    ///
    /// [`CubeError::BeyondTable`].
    pub fn our_cube(&self, k: u32, s: u32) -> Result<T, CubeError> {
        Ok(self.our[self.check(k, s)?].clone())
    }

    /// E⁰_my(k, s): A owns the cube and keeps it this turn (12).
    ///
    /// # Errors
    ///
    /// [`CubeError::BeyondTable`].
    pub fn keep_my_cube(&self, k: u32, s: u32) -> Result<T, CubeError> {
        Ok(self.keep_my[self.check(k, s)?].clone())
    }

    /// E⁰_our(k, s): the cube is centred and A does not double this turn (14).
    ///
    /// # Errors
    ///
    /// [`CubeError::BeyondTable`].
    pub fn keep_our_cube(&self, k: u32, s: u32) -> Result<T, CubeError> {
        Ok(self.keep_our[self.check(k, s)?].clone())
    }

    /// Whether A should double owning the cube: E¹_my(k, s) > E⁰_my(k, s) (Db_my).
    ///
    /// # Errors
    ///
    /// [`CubeError::BeyondTable`].
    pub fn doubles_my_cube(&self, k: u32, s: u32) -> Result<bool, CubeError> {
        let cell = self.check(k, s)?;
        Ok(self.double[cell] > self.keep_my[cell])
    }

    /// Whether A should double from the centred cube: E¹_our(k, s) > E⁰_our(k, s) (Db_our).
    ///
    /// # Errors
    ///
    /// [`CubeError::BeyondTable`].
    pub fn doubles_our_cube(&self, k: u32, s: u32) -> Result<bool, CubeError> {
        let cell = self.check(k, s)?;
        Ok(self.double[cell] > self.keep_our[cell])
    }

    /// Whether B, doubled by A at (k, s), should take: taking leaves A less than the 1 point
    /// of a resignation (Ac).
    ///
    /// # Errors
    ///
    /// [`CubeError::BeyondTable`].
    pub fn b_takes(&self, k: u32, s: u32) -> Result<bool, CubeError> {
        let cell = self.check(k, s)?;
        Ok(self.taken[cell] < T::one())
    }

    /// The signed gaps behind the three decisions at (k, s): E¹ − E⁰_my (double owning the
    /// cube), E¹ − E⁰_our (double from the centre), and 1 − A's equity after B takes (B
    /// takes). Each decision is "yes" when its gap is positive.
    ///
    /// # Errors
    ///
    /// [`CubeError::BeyondTable`].
    pub fn decision_gaps(&self, k: u32, s: u32) -> Result<[T; 3], CubeError> {
        let cell = self.check(k, s)?;
        let double = self.double[cell].clone();
        Ok([
            double.clone() - self.keep_my[cell].clone(),
            double - self.keep_our[cell].clone(),
            T::one() - self.taken[cell].clone(),
        ])
    }
}

fn max<T: PartialOrd>(a: T, b: T) -> T {
    if b > a { b } else { a }
}

//! The doubling cube in the single-checker race (section 5.1): equities by the recursion
//! (7)–(15), and the doubling and acceptance advice of Table 5.
//!
//! This module also owns the crate's cube vocabulary, in the field's words, which the
//! two-sided database ([`crate::two_sided`]), the race formulas ([`crate::race_formulas`]),
//! Tuck's curves ([`crate::tuck`]) and the Python layer share: the cube is
//! [`CubeOwnership::Centred`], [`CubeOwnership::Owned`] by the player on roll, or
//! [`CubeOwnership::OpponentOwns`]; the player on roll's [`CubeAction`] is no double,
//! double-take or double-pass; and [`CubeDecisions`] are Table 5's three decisions:
//! double (a centred cube), redouble (an owned one) and take.
//!
//! Equities are A's expected winnings per unit of the current stake, A on roll with pip
//! count k against B's s. The paper's subscript "my" (E_my) is the cube owned by A, "our"
//! (E_our) the centred cube. The superscript 0/1 says whether A doubles now:
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

use game_core::memory::{self, MemoryError};
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
    /// The six tables are more than the process may use, asked of the machine before they
    /// are allocated ([`game_core::memory`]).
    #[error(transparent)]
    Memory(#[from] MemoryError),
}

/// Who owns the cube, seen from the player on roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CubeOwnership {
    /// Nobody: either player may double ("our cube" in the paper).
    Centred,
    /// The player on roll: only he may double, a redouble ("my cube" in the paper).
    Owned,
    /// The opponent: the player on roll cannot double.
    OpponentOwns,
}

impl CubeOwnership {
    /// The three, in the order centred, owned, opponent owns.
    pub const ALL: [CubeOwnership; 3] = [
        CubeOwnership::Centred,
        CubeOwnership::Owned,
        CubeOwnership::OpponentOwns,
    ];
}

/// The cube action of the player on roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CubeAction {
    /// Doubling would not raise the player's equity (or he cannot double).
    NoDouble,
    /// Double, and the opponent should take.
    DoubleTake,
    /// Double, and the opponent should pass (taking would cost more than the stake).
    DoublePass,
}

impl CubeAction {
    /// The action in the field's words: "no double", "double, take" or "double, pass".
    pub fn name(&self) -> &'static str {
        match self {
            CubeAction::NoDouble => "no double",
            CubeAction::DoubleTake => "double, take",
            CubeAction::DoublePass => "double, pass",
        }
    }
}

impl std::fmt::Display for CubeAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The three cube decisions at a position (Table 5's Db_our, Db_my and Ac): whether the
/// player on roll doubles a centred cube, whether he redoubles a cube he owns, and whether
/// the opponent takes a double.
///
/// ```
/// use backgammon_cube::cube::{CubeAction, CubeDecisions, CubeOwnership};
/// let decisions = CubeDecisions { double: false, redouble: true, take: true };
/// assert_eq!(decisions.action(CubeOwnership::Centred), CubeAction::NoDouble);
/// assert_eq!(decisions.action(CubeOwnership::Owned), CubeAction::DoubleTake);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CubeDecisions {
    /// The player on roll doubles a centred cube (Db_our).
    pub double: bool,
    /// The player on roll redoubles a cube he owns (Db_my).
    pub redouble: bool,
    /// The opponent takes a double (Ac): the player on roll is at or below the take point.
    pub take: bool,
}

impl CubeDecisions {
    /// The decisions where a race formula says nothing because the player on roll is
    /// behind: no double, no redouble, take.
    pub const BEHIND: CubeDecisions = CubeDecisions {
        double: false,
        redouble: false,
        take: true,
    };

    /// Whether the player on roll doubles with the cube as `cube`: never when the
    /// opponent owns it.
    pub fn doubles(&self, cube: CubeOwnership) -> bool {
        match cube {
            CubeOwnership::Centred => self.double,
            CubeOwnership::Owned => self.redouble,
            CubeOwnership::OpponentOwns => false,
        }
    }

    /// The cube action these decisions make with the cube as `cube`.
    pub fn action(&self, cube: CubeOwnership) -> CubeAction {
        if !self.doubles(cube) {
            CubeAction::NoDouble
        } else if self.take {
            CubeAction::DoubleTake
        } else {
            CubeAction::DoublePass
        }
    }
}

/// The equities of both cube situations (centred, owned by A) for all pip counts up to a
/// maximum.
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
    /// [`CubeError::Empty`] when `max_pips` is 0; [`CubeError::Memory`] when its six tables
    /// of (`max_pips` + 1)² entries are more than the process may use.
    pub fn new(max_pips: u32) -> Result<Self, CubeError> {
        if max_pips == 0 {
            return Err(CubeError::Empty);
        }
        let n = max_pips as usize + 1;
        let entries = (n as u64).saturating_mul(n as u64).saturating_mul(6);
        memory::ensure(
            entries.saturating_mul(std::mem::size_of::<T>() as u64),
            || format!("the cube equities of pip counts 0..={max_pips}"),
        )?;
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

    /// E_my(k, s): A owns the cube (and may redouble now).
    ///
    /// # Errors
    ///
    /// [`CubeError::BeyondTable`].
    pub fn owned(&self, k: u32, s: u32) -> Result<T, CubeError> {
        Ok(self.my[self.check(k, s)?].clone())
    }

    /// E_our(k, s): the cube is centred (and A may double now).
    ///
    /// # Errors
    ///
    /// [`CubeError::BeyondTable`].
    pub fn centred(&self, k: u32, s: u32) -> Result<T, CubeError> {
        Ok(self.our[self.check(k, s)?].clone())
    }

    /// E⁰_my(k, s): A owns the cube and does not double this turn (12).
    ///
    /// # Errors
    ///
    /// [`CubeError::BeyondTable`].
    pub fn owned_no_double(&self, k: u32, s: u32) -> Result<T, CubeError> {
        Ok(self.keep_my[self.check(k, s)?].clone())
    }

    /// E⁰_our(k, s): the cube is centred and A does not double this turn (14).
    ///
    /// # Errors
    ///
    /// [`CubeError::BeyondTable`].
    pub fn centred_no_double(&self, k: u32, s: u32) -> Result<T, CubeError> {
        Ok(self.keep_our[self.check(k, s)?].clone())
    }

    /// Table 5's decisions at (k, s): A doubles a centred cube when E¹_our > E⁰_our (Db_our),
    /// redoubles an owned one when E¹_my > E⁰_my (Db_my), and B takes a double when taking
    /// leaves A less than the 1 point of a pass (Ac).
    ///
    /// ```
    /// use backgammon_cube::cube::{CubeDecisions, CubeEquities};
    /// let table = CubeEquities::<f64>::new(40)?;
    /// // 30 pips against 33: A doubles and B takes (Table 5).
    /// let decisions = table.decisions(30, 33)?;
    /// assert!(decisions.double && decisions.take);
    /// # Ok::<(), backgammon_cube::cube::CubeError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`CubeError::BeyondTable`].
    pub fn decisions(&self, k: u32, s: u32) -> Result<CubeDecisions, CubeError> {
        let cell = self.check(k, s)?;
        Ok(CubeDecisions {
            double: self.double[cell] > self.keep_our[cell],
            redouble: self.double[cell] > self.keep_my[cell],
            take: self.taken[cell] < T::one(),
        })
    }

    /// The signed gaps behind the three decisions at (k, s), in the order of
    /// [`CubeDecisions`]' fields: E¹ − E⁰_our (double), E¹ − E⁰_my (redouble), and 1 − A's
    /// equity after B takes (take). Each decision is "yes" when its gap is positive.
    ///
    /// # Errors
    ///
    /// [`CubeError::BeyondTable`].
    pub fn decision_gaps(&self, k: u32, s: u32) -> Result<[T; 3], CubeError> {
        let cell = self.check(k, s)?;
        let double = self.double[cell].clone();
        Ok([
            double.clone() - self.keep_our[cell].clone(),
            double - self.keep_my[cell].clone(),
            T::one() - self.taken[cell].clone(),
        ])
    }
}

fn max<T: PartialOrd>(a: T, b: T) -> T {
    if b > a { b } else { a }
}

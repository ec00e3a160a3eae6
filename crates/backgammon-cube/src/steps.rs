//! One-step and two-step end games (section 4): the last roll or two decide the game.
//!
//! One-step game: A wins with probability p on this roll, else B wins. Doubling raises A's
//! expectation from 2p − 1 to 4p − 2 (stakes 1 → 2, in units of the stake before) when
//! p > 1/2; B, doubled, loses more by accepting (4p − 2) than by resigning (1) when p > 3/4.
//!
//! Two-step game: A wins on this roll with probability p; otherwise B rolls and wins with
//! probability q, else A wins. [`owned_cube`] values A's choice when A owns the cube at stake 2
//! ("my cube"): keeping it, B may not redouble; doubling to 4, B accepts and gets the cube,
//! and on B's turn redoubles to 8 when that hurts A, A then accepting or resigning,
//! whichever loses less — as in the worked examples a)–c).

use num_rational::BigRational;
use num_traits::One;

/// The one-step threshold above which A doubles: 4p − 2 > 2p − 1 ⇔ p > 1/2.
pub fn one_step_double_threshold() -> BigRational {
    // 4p − 2 = 2p − 1 at p = 1/2.
    BigRational::new(1.into(), 2.into())
}

/// The one-step threshold above which B, doubled, resigns: 4p − 2 > 1 ⇔ p > 3/4.
pub fn one_step_resign_threshold() -> BigRational {
    BigRational::new(3.into(), 4.into())
}

/// A's expectations in the two-step game with A owning the cube at stake 2 (the paper's
/// "my cube").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnedCube {
    /// A keeps the cube: 2p + 2(1 − p)(1 − q) − 2(1 − p)q.
    pub keep: BigRational,
    /// A doubles to 4 and B accepts: 4p + (1 − p)·(B's best reply on the cube).
    pub double: BigRational,
}

impl OwnedCube {
    /// Whether A should double: doubling expects more than keeping.
    pub fn should_double(&self) -> bool {
        self.double > self.keep
    }
}

/// A's expectations in the two-step game, A owning the cube at stake 2, for the chances
/// `p` (A wins on this roll) and `q` (B wins on his, if A has not).
pub fn owned_cube(p: &BigRational, q: &BigRational) -> OwnedCube {
    let one = BigRational::one();
    let int = |n: i64| BigRational::from_integer(n.into());
    let a_survives = one.clone() - q.clone();
    let keep = int(2) * p.clone()
        + (one.clone() - p.clone()) * (int(2) * a_survives.clone() - int(2) * q.clone());
    // After A doubles to 4, B owns the cube: B rolls at stake 4, or redoubles when that
    // costs A more.
    let at_four = int(4) * (a_survives - q.clone());
    let b_reply = at_four - redouble_value(q);
    let double = int(4) * p.clone() + (one - p.clone()) * b_reply;
    OwnedCube { keep, double }
}

/// What B's right to redouble is worth to B (and costs A) in the two-step game after A has
/// doubled to 4, per unit of B's chance to roll (1 − p): B, owning the cube, wins his roll
/// with chance `q`; without the right A expects 4(1 − 2q) from B's roll; with it, B
/// redoubles to 8 when that lowers A's expectation, and A accepts (8(1 − 2q)) or resigns
/// (−4), whichever loses less. The paper: "This weapon is the most efficient if q = 0.75
/// and is useless if either q is below 0.5 ... or q is close to 1": the value is 0 for
/// q ≤ 1/2, 4(2q − 1) up to q = 3/4, where it peaks at 2, and 8(1 − q) above.
///
/// ```
/// use backgammon_cube::steps::redouble_value;
/// use backgammon_cube::BigRational;
/// let q = |n: i64, d: i64| BigRational::new(n.into(), d.into());
/// assert_eq!(redouble_value(&q(1, 2)), q(0, 1));
/// assert_eq!(redouble_value(&q(3, 4)), q(2, 1));
/// assert_eq!(redouble_value(&q(1, 1)), q(0, 1));
/// ```
pub fn redouble_value(q: &BigRational) -> BigRational {
    let int = |n: i64| BigRational::from_integer(n.into());
    let b_margin = BigRational::one() - q.clone() - q.clone();
    let at_four = int(4) * b_margin.clone();
    let redoubled = (int(8) * b_margin).max(int(-4));
    if redoubled < at_four {
        at_four - redoubled
    } else {
        int(0)
    }
}

/// Whether B should resign A's double in the two-step game rather than accept: when
/// accepting costs B more than the 2 points of resigning, that is A's `double` > 2.
pub fn b_resigns(values: &OwnedCube) -> bool {
    values.double > BigRational::from_integer(2.into())
}

//! The dependent form's closed forms (Johnson, chapters 2 and 3, and derived here).
//!
//! Each is written once over [`Real`], so it evaluates exactly as a fraction or in `f64`.
//! With *S* = 1 − *E* and *B* = 1 − *A*:
//!
//! | strategy | *W* in TSD | source |
//! |---|---|---|
//! | NOSTRAT | *E*/(*E* + 1) | chapter 2 |
//! | STRAT | *AE*/(1 − *SA*) | chapter 2 |
//! | HSTRAT | *E*(*A* + *EB*)/(1 − *S*(*A* + *EB*)) | Theorem 3.1 |
//! | LSTRAT | *E*/(1 − *SA*) | Theorem 3.2 |
//! | BSTRAT | *E*/(1 − *S*(*A* + *EB*)) | derived; chapter 5's *K_B* as *X* → 0 |
//! | ∞HSTRAT | (*c* + *BE*)/(1 − *BS*), *c* = *EA*/(1 − *SA*) | derived |
//! | ∞LSTRAT | (*c* + *AE*)/(1 − *AS*), *c* = *EB*/(1 − *SA*) | derived |
//!
//! The derivations follow the hidden path to the win (see [`crate::diagram`]). BSTRAT: on
//! the path, a move wins at once unless the path turns to a branch that splits, and BSTRAT
//! follows the path whenever a win is seen or exactly one branch splits; it loses the path
//! only when both branches split and the path turns low, so *W* = *E*(*A* + *B*) + *S*(*A* +
//! *EB*)·*W*. ∞HSTRAT: the high chain ends at the win with chance *c*; otherwise, with
//! chance *B*, the path turned low and the low branch is a win (*E*) or a split from which
//! play starts afresh (*S·W*). ∞LSTRAT is the mirror image. The tests check each against
//! the exact linear system of [`crate::dependent`] or the exact diagram.

use game_core::number::Real;

fn complements<T: Real>(e: &T, a: &T) -> (T, T) {
    (T::one() - e.clone(), T::one() - a.clone())
}

/// NOSTRAT in TSD (and TSI): *E*/(*E* + 1). Johnson, chapter 2: .3333 at *E* = 1/2.
pub fn nostrat<T: Real>(e: T) -> T {
    e.clone() / (e + T::one())
}

/// STRAT in TSD (and TSI): *AE*/(1 − *SA*). Johnson, chapter 2: .6000 at *E* = 1/2,
/// *A* = 3/4.
pub fn strat<T: Real>(e: T, a: T) -> T {
    let (s, _) = complements(&e, &a);
    a.clone() * e / (T::one() - s * a)
}

/// HSTRAT in TSD, Theorem 3.1: *W_H* = *E*(*A* + *EB*)/(1 − *S*(*A* + *EB*)); 7/9 at
/// *E* = 1/2, *A* = 3/4.
pub fn hstrat<T: Real>(e: T, a: T) -> T {
    let (s, b) = complements(&e, &a);
    let reach = a + e.clone() * b;
    e * reach.clone() / (T::one() - s * reach)
}

/// LSTRAT in TSD, Theorem 3.2: *W_L* = *E*/(1 − *SA*); .8000 at *E* = 1/2, *A* = 3/4.
pub fn lstrat<T: Real>(e: T, a: T) -> T {
    let (s, _) = complements(&e, &a);
    e / (T::one() - s * a)
}

/// BSTRAT in TSD: *E*/(1 − *S*(*A* + *EB*)).
pub fn bstrat<T: Real>(e: T, a: T) -> T {
    let (s, b) = complements(&e, &a);
    e.clone() / (T::one() - s * (a + e * b))
}

/// ∞HSTRAT in TSD: (*c* + *BE*)/(1 − *BS*) with *c* = *EA*/(1 − *SA*).
pub fn unlimited_hstrat<T: Real>(e: T, a: T) -> T {
    let (s, b) = complements(&e, &a);
    let chain = e.clone() * a.clone() / (T::one() - s.clone() * a);
    (chain + b.clone() * e) / (T::one() - b * s)
}

/// ∞LSTRAT in TSD: (*c* + *AE*)/(1 − *AS*) with *c* = *EB*/(1 − *SA*).
pub fn unlimited_lstrat<T: Real>(e: T, a: T) -> T {
    let (s, b) = complements(&e, &a);
    let chain = e.clone() * b / (T::one() - s.clone() * a.clone());
    (chain + a.clone() * e) / (T::one() - a * s)
}

/// HSTRAT in game 3 with every position worth *T* (Theorem 6.1, Δ = 0):
/// *W_H* = *T*(1 + *E* − *ET*)/(*T* + *E* − *ET*). Each move wins with chance
/// *ET*(1 + *E* − *ET*) and goes on with chance *S*(1 + *E* − *ET*).
pub fn game3_hstrat<T: Real>(e: T, t: T) -> T {
    let et = e.clone() * t.clone();
    t.clone() * (T::one() + e.clone() - et.clone()) / (t + e - et)
}

/// LSTRAT in game 3 with every position worth *T* (Theorem 6.1):
/// *W_L* = *T*(2 − *ET*)/(1 + *T* − *ET*). Each move wins with chance *ET* + (1 − *ET*)*ET*
/// and goes on with chance (1 − *ET*)*S*.
pub fn game3_lstrat<T: Real>(e: T, t: T) -> T {
    let et = e * t.clone();
    t.clone() * (T::from_i64(2) - et.clone()) / (T::one() + t - et)
}

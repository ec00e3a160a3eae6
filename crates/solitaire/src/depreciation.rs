//! Depreciation functions and the one-move chances built on them (Johnson, chapter 5).
//!
//! In TSI with constant split ratio *A*, the chance of winning from a split point of value
//! *X* under a strategy is approximated by *K·X*, the factor *K* found by assuming it is the
//! same one move later. For LSTRAT, KX = EBX + (1 − EBX)(EAX + S·K·AX); for HSTRAT,
//! KX = EAX + S·K·AX + E(1 − AX)(EBX + S·K·BX); for BSTRAT,
//! KX = EAX + (1 − EAX)EBX + (1 − EBX)S·K·AX + E(1 − AX)S·K·BX. Solving each for *K*
//! gives the factors below. As *X* → 0 they tend to the TSD chances W_L = E/(1 − SA),
//! W_H = E(A + EB)/(1 − S(A + EB)) and E/(1 − S(A + EB)) for BSTRAT.
//!
//! The OCR of the chapter is damaged; these are the formulas its stated recursions give,
//! and they agree with every legible fragment (`docs/johnson1970.md`). All are written once
//! over [`Real`], so they evaluate exactly as fractions or in `f64`.

use game_core::number::Real;

/// The quantities *S* = 1 − *E* and *B* = 1 − *A*.
fn complements<T: Real>(e: &T, a: &T) -> (T, T) {
    (T::one() - e.clone(), T::one() - a.clone())
}

/// *K_L(E, A, X)* = E(1 − EABX) / (1 − SA + ESABX): LSTRAT's depreciation factor.
pub fn factor_lstrat<T: Real>(e: T, a: T, x: T) -> T {
    let (s, b) = complements(&e, &a);
    let eabx = e.clone() * a.clone() * b * x;
    e.clone() * (T::one() - eabx.clone()) / (T::one() - s.clone() * a + s * eabx)
}

/// *K_H(E, A, X)* = (E(A + EB) − E²ABX) / (1 − S(A + EB) + ESABX): HSTRAT's factor.
pub fn factor_hstrat<T: Real>(e: T, a: T, x: T) -> T {
    let (s, b) = complements(&e, &a);
    let eabx = e.clone() * a.clone() * b.clone() * x;
    let reach = a + e.clone() * b;
    (e.clone() * reach.clone() - e * eabx.clone()) / (T::one() - s.clone() * reach + s * eabx)
}

/// *K_B(E, A, X)* = E(1 − EABX) / (1 − S(A + EB) + 2ESABX): BSTRAT's factor.
pub fn factor_bstrat<T: Real>(e: T, a: T, x: T) -> T {
    let (s, b) = complements(&e, &a);
    let eabx = e.clone() * a.clone() * b.clone() * x;
    let reach = a + e.clone() * b;
    let two = T::from_i64(2);
    e * (T::one() - eabx.clone()) / (T::one() - s.clone() * reach + two * s * eabx)
}

/// *k_H(E, A, X)* = X·K_H(E, A, X): the depreciated value of a split point of value *X*.
pub fn value_hstrat<T: Real>(e: T, a: T, x: T) -> T {
    x.clone() * factor_hstrat(e, a, x)
}

/// *k_B(E, A, X)* = X·K_B(E, A, X).
pub fn value_bstrat<T: Real>(e: T, a: T, x: T) -> T {
    x.clone() * factor_bstrat(e, a, x)
}

/// *C_B(E, A, X, R)*: the chance of winning under BSTRAT from a split point of value *X*
/// whose split ratio *R* is known, looking one move ahead and valuing later split points by
/// *k_B*:
///
/// C_B = ERX + (1 − ERX)·E(1 − R)X + E(1 − RX)·S·k_B((1 − R)X) + (1 − E(1 − R)X)·S·k_B(RX).
pub fn chance_bstrat<T: Real>(e: T, a: T, x: T, r: T) -> T {
    let (s, _) = complements(&e, &a);
    let high = r.clone() * x.clone();
    let low = (T::one() - r) * x;
    let high_wins = e.clone() * high.clone();
    let low_wins = e.clone() * low.clone();
    high_wins.clone()
        + (T::one() - high_wins) * low_wins.clone()
        + e.clone()
            * (T::one() - high.clone())
            * s.clone()
            * value_bstrat(e.clone(), a.clone(), low)
        + (T::one() - low_wins) * s * value_bstrat(e, a, high)
}

/// *C_H(E, A, X, R)*: the chance of winning under HSTRAT from a split point of value *X*
/// whose split ratio *R* is known:
///
/// C_H = EXR + S·k_H(XR) + E(1 − XR)·(E(1 − R)X + S·k_H((1 − R)X)).
pub fn chance_hstrat<T: Real>(e: T, a: T, x: T, r: T) -> T {
    let (s, _) = complements(&e, &a);
    let high = r.clone() * x.clone();
    let low = (T::one() - r) * x;
    e.clone() * high.clone()
        + s.clone() * value_hstrat(e.clone(), a.clone(), high.clone())
        + e.clone() * (T::one() - high) * (e.clone() * low.clone() + s * value_hstrat(e, a, low))
}

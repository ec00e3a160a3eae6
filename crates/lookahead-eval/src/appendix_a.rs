//! Johnson's own procedure: the MAD programs of Appendix A, in exact arithmetic.
//!
//! Each program computes *D(1)* … *D(10)*, the chances of winning on the first ten moves
//! (or, for the two limiting strategies, on the first ten decisions), from a hand-derived
//! recurrence over the points of the strategy's diagram: `V(I)` is the value of the *I*-th
//! point from the left at the level under consideration, `T(I)` the probability of getting
//! there. The program OUTPUT then adds the terms and "a correction factor arrived at by
//! assuming that the ratio between successive terms, from D(9) on, is a constant":
//!
//! CORR = D(10) / (1 − D(10)/D(9)) − D(10).
//!
//! The listings are transcribed here as printed, with the readings of the damaged OCR that
//! `docs/johnson1970.md` explains; the tests check each against the exact
//! [`Diagram`](crate::diagram::Diagram). The listings of 2LSTRAT and 2HSTRAT are too damaged to
//! transcribe with confidence; for them [`output`] is applied to the exact terms instead.

use num_rational::BigRational;
use num_traits::{One, Zero};

use game_core::number::to_f64;
use game_core::stop;
use solitaire::Branch;
use tree_gen::GameClass;

use crate::series::{Evaluation, MAX_MOVES, PrecisionError, check_precision};

/// The number of terms Johnson's programs compute.
pub const TERMS: usize = 10;

/// What OUTPUT prints for one strategy: the terms, the ratios between successive terms,
/// their sum, the correction factor and the total.
#[derive(Debug, Clone, PartialEq)]
pub struct Printout {
    /// *D(1)* … *D(10)*.
    pub terms: Vec<BigRational>,
    /// *D(I+1)/D(I)* for *I* = 1 … 9 (`None` where *D(I)* = 0).
    pub ratios: Vec<Option<BigRational>>,
    /// *D(1)* + … + *D(10)*.
    pub sum: BigRational,
    /// CORR = *D(10)/(1 − D(10)/D(9)) − D(10)*, the geometric tail from *D(11)* on (0 when
    /// *D(9)* = 0, as when *E* = 1 ends every game on the first move).
    pub correction: BigRational,
    /// The printed chance of winning: sum plus correction.
    pub total: BigRational,
}

/// Johnson's procedure could not be applied to the terms given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProcedureError {
    /// The procedure needs *D(1)* … *D(10)*; this many terms were given.
    #[error("the diagram method needs D(1) … D(10); {0} terms were given")]
    TooFewTerms(usize),
    /// Johnson's correction factor assumes the terms fall geometrically from *D(9)* on; here
    /// *D(10)* ≥ *D(9)*, so the assumed tail does not converge.
    #[error("D(10) >= D(9): the correction factor's geometric tail diverges")]
    DivergentTail,
}

/// Johnson's OUTPUT program on the first ten of `terms`.
///
/// # Errors
///
/// [`ProcedureError::TooFewTerms`] with fewer than ten terms, and
/// [`ProcedureError::DivergentTail`] when *D(10)* ≥ *D(9)* > 0, where the assumed geometric
/// tail does not converge.
///
/// # Examples
///
/// ```
/// use lookahead_eval::number::fraction;
/// use lookahead_eval::appendix_a::output;
///
/// // Terms halving from 1/2: the sum misses 1/1024, which the correction restores.
/// let terms: Vec<_> = (1..=10).map(|n| fraction(1, 1 << n).unwrap()).collect();
/// let printout = output(&terms).unwrap();
/// assert_eq!(printout.correction, fraction(1, 1024).unwrap());
/// assert_eq!(printout.total, fraction(1, 1).unwrap());
/// ```
pub fn output(terms: &[BigRational]) -> Result<Printout, ProcedureError> {
    if terms.len() < TERMS {
        return Err(ProcedureError::TooFewTerms(terms.len()));
    }
    let terms = terms[..TERMS].to_vec();
    let ratios = terms
        .windows(2)
        .map(|pair| (!pair[0].is_zero()).then(|| &pair[1] / &pair[0]))
        .collect();
    let sum = terms.iter().fold(BigRational::zero(), |sum, d| sum + d);
    let (ninth, tenth) = (&terms[TERMS - 2], &terms[TERMS - 1]);
    let correction = if ninth.is_zero() {
        BigRational::zero()
    } else {
        let ratio = tenth / ninth;
        if ratio >= BigRational::one() {
            return Err(ProcedureError::DivergentTail);
        }
        tenth / (BigRational::one() - ratio) - tenth
    };
    let total = &sum + &correction;
    Ok(Printout {
        terms,
        ratios,
        sum,
        correction,
        total,
    })
}

/// The numbers every listing starts from.
struct Symbols {
    e: BigRational,
    s: BigRational,
    a: BigRational,
    b: BigRational,
}

impl Symbols {
    fn of(params: &GameClass<BigRational>) -> Self {
        Symbols {
            e: params.e(),
            s: params.s(),
            a: params.a(),
            b: params.b(),
        }
    }
}

fn one() -> BigRational {
    BigRational::one()
}

fn zero() -> BigRational {
    BigRational::zero()
}

/// The LSTRAT program: `V(1)`, `V(2)` are *E* times the values of the high and the low
/// branch at the current move, `T(2)` the chance of still playing, `T(1)` that times the
/// chance the low branch is not a win.
///
/// ```text
/// V(1) = E*A   V(2) = E*B   T(1) = 1.-V(2)   T(2) = 1.   D(1) = V(1)*T(1)+V(2)
/// THROUGH M1, FOR J=2,1,J.G.10
///   V(2) = V(1)*B   V(1) = V(1)*A   T(2) = T(1)*S   T(1) = T(1)*S*(1.-V(2))
/// M1 D(J) = T(1)*V(1)+T(2)*V(2)
/// ```
pub fn lstrat(params: &GameClass<BigRational>) -> Vec<BigRational> {
    let Symbols { e, s, a, b } = Symbols::of(params);
    let mut v1 = &e * &a;
    let mut v2 = &e * &b;
    let mut t1 = one() - &v2;
    let mut d = vec![&v1 * &t1 + &v2];
    for _ in 2..=TERMS {
        v2 = &v1 * &b;
        v1 = &v1 * &a;
        let t2 = &t1 * &s;
        t1 = &t1 * &s * (one() - &v2);
        d.push(&t1 * &v1 + &t2 * &v2);
    }
    d
}

/// The HSTRAT program: at move *J* the points *L* = 1 … *J* + 1 have values
/// `V(L)` = *A^(J+1−L)·B^(L−1)*; `T(L)` is the chance of moving towards point *L* (for a
/// high move, that its parent split; for a low one, also that the high branch was a loss).
///
/// ```text
/// V(0) = 0.  V(1) = A  V(2) = B  T(0) = 0.  T(1) = 1.  T(2) = E*(1.-A)
/// D(1) = E*(T(1)*V(1)+T(2)*V(2))
/// THROUGH M1, FOR J = 2,1,J.G.10
///   V(J+1) = V(J)*B
///   THROUGH M2, FOR L = J,-1,L.LE.0
/// M2  V(L) = V(L)*A
///   T(J+1) = E*S*(1.-V(J))*T(J)
///   THROUGH M3, FOR L = J,-1,L.LE.0
/// M3  T(L) = S*T(L)+E*S*(1.-V(L-1))*T(L-1)
///   D(J) = 0.
///   THROUGH M1, FOR L = 1,1,L.G.J+1
/// M1  D(J) = D(J)+V(L)*T(L)*E
/// ```
pub fn hstrat(params: &GameClass<BigRational>) -> Vec<BigRational> {
    let Symbols { e, s, a, b } = Symbols::of(params);
    let mut v = vec![zero(), a.clone(), b.clone()];
    let mut t = vec![zero(), one(), &e * (one() - &a)];
    let mut d = vec![&e * (&t[1] * &v[1] + &t[2] * &v[2])];
    for j in 2..=TERMS {
        v.push(&v[j] * &b);
        for l in (1..=j).rev() {
            v[l] = &v[l] * &a;
        }
        t.push(&e * &s * (one() - &v[j]) * &t[j]);
        for l in (1..=j).rev() {
            t[l] = &s * &t[l] + &e * &s * (one() - &v[l - 1]) * &t[l - 1];
        }
        let sum = (1..=j + 1).fold(zero(), |sum, l| sum + &v[l] * &t[l] * &e);
        d.push(sum);
    }
    d
}

/// The BSTRAT program. Its diagram is "opened a bit differently": the number on a point
/// is the chance of getting there and finding a split, and the chance of winning at its
/// two successors, for a point of value *X*, is *EXB* + (1 − *EXB*)·*EXA*.
///
/// ```text
/// D(1) = E*B+(1-E*B)*E*A   T(0) = 0.   T(1) = S*(1.-E*B)   T(2) = S*E*(1.-A)
/// V(0) = 0.   V(1) = A   V(2) = B
/// THROUGH M1, FOR J = 2,1,J.G.10
///   D(J) = 0.
///   THROUGH M2, FOR L = 1,1,L.G.J
/// M2  D(J) = D(J)+E*V(L)*T(L)*(B+(1.-E*B*V(L))*A)
///   WHENEVER J.E.10, TRANSFER TO M1
///   V(J+1) = V(J)*B
///   THROUGH M3, FOR L = J,-1,L.LE.0
/// M3  V(L) = V(L)*A
///   T(J+1) = T(J)*E*S*(1.-V(J))
///   THROUGH M4, FOR L = J,-1,L.LE.0
/// M4  T(L) = S*((1.-E*V(L)*B)*T(L)+T(L-1)*E*(1.-V(L-1)))
/// M1 CONTINUE
/// ```
///
/// As printed, M4 runs after M3 has scaled `V(L)` by *A*, so the high move's factor
/// (1 − *E·V(L)·B*) is the chance that a branch of value *XAB* — not *XB*, the low branch
/// actually seen — is not a win. [`bstrat_as_printed`] keeps that order; this function
/// uses the value the rules call for.
pub fn bstrat(params: &GameClass<BigRational>) -> Vec<BigRational> {
    bstrat_program(params, false)
}

/// [`bstrat`] with M4 exactly as the listing prints it, after M3 (see there).
pub fn bstrat_as_printed(params: &GameClass<BigRational>) -> Vec<BigRational> {
    bstrat_program(params, true)
}

fn bstrat_program(params: &GameClass<BigRational>, as_printed: bool) -> Vec<BigRational> {
    let Symbols { e, s, a, b } = Symbols::of(params);
    let mut d = vec![&e * &b + (one() - &e * &b) * &e * &a];
    let mut t = vec![zero(), &s * (one() - &e * &b), &s * &e * (one() - &a)];
    let mut v = vec![zero(), a.clone(), b.clone()];
    for j in 2..=TERMS {
        let sum = (1..=j).fold(zero(), |sum, l| {
            sum + &e * &v[l] * &t[l] * (&b + (one() - &e * &b * &v[l]) * &a)
        });
        d.push(sum);
        if j == TERMS {
            break;
        }
        let before_m3 = v.clone();
        v.push(&v[j] * &b);
        for l in (1..=j).rev() {
            v[l] = &v[l] * &a;
        }
        t.push(&t[j] * &e * &s * (one() - &v[j]));
        let seen_low = if as_printed { &v } else { &before_m3 };
        for l in (1..=j).rev() {
            let stay_high = (one() - &e * &seen_low[l] * &b) * &t[l];
            let from_above = &t[l - 1] * &e * (one() - &v[l - 1]);
            t[l] = &s * (stay_high + from_above);
        }
    }
    d
}

/// The ∞HSTRAT program (HLIMIT). With *G* = 1/(1 − *SA*), a chain of high branches from a
/// split point of value *X* ends in a win with chance *E·X·A·G*; once it does, the player
/// follows it to the win, so *D(J)* here is the chance that the *J*-th decision finds the
/// win, not that the *J*-th move reaches it.
///
/// ```text
/// G = 1./(1.-S*A)   D(1) = E*A*G   T(1) = 1.-D(1)   V(1) = E
/// THROUGH M1, FOR J = 2,1,J.G.10
///   V(1) = V(1)*B   C = V(1)*G*A   D(J) = T(1)*(C*S+V(1))
/// M1 T(1) = (1.-C)*S*T(1)
/// ```
pub fn unlimited_hstrat(params: &GameClass<BigRational>) -> Vec<BigRational> {
    limit_terms(params, Branch::High)
}

/// The ∞LSTRAT program (LLIMIT): the chain starts at the low branch (chance of a win
/// *C* = *E·X·B·G*); if it ends in a loss the player moves high.
///
/// ```text
/// T(1) = 1.   V(1) = E
/// THROUGH M2, FOR J = 1,1,J.G.10
///   C = V(1)*B*G   D(J) = T(1)*(C+(1.-C)*V(1)*A)   V(1) = V(1)*A
/// M2 T(1) = (1.-C)*S*T(1)
/// ```
pub fn unlimited_lstrat(params: &GameClass<BigRational>) -> Vec<BigRational> {
    limit_terms(params, Branch::Low)
}

/// The exact chance of winning under ∞HSTRAT (`chain` = [`Branch::High`]) or ∞LSTRAT
/// ([`Branch::Low`]), summing the HLIMIT or LLIMIT terms until the bound on the rest — the
/// chance of still playing times the value of the unseen position played to next — falls
/// below `precision`. The terms are per decision (see [`unlimited_hstrat`]).
///
/// # Errors
///
/// [`PrecisionError::Invalid`] unless `precision` is positive and finite,
/// [`PrecisionError::NotReached`] if [`MAX_MOVES`] decisions do not reach it.
///
/// # Examples
///
/// ```
/// use lookahead_eval::number::fraction;
/// use lookahead_eval::{GameClass, appendix_a::unlimited_value};
/// use lookahead_eval::Branch;
///
/// let params = GameClass::new(fraction(1, 2).unwrap(), fraction(3, 4).unwrap()).unwrap();
/// let w = unlimited_value(&params, Branch::Low, 1e-13).unwrap();
/// // Table 4.4: W for ∞LSTRAT is .73324 at E = .5, A = .75.
/// assert!((w.value() - 0.73324).abs() < 5e-6);
/// ```
pub fn unlimited_value(
    params: &GameClass<BigRational>,
    chain: Branch,
    precision: f64,
) -> Result<Evaluation, PrecisionError> {
    check_precision(precision)?;
    let mut limit = Limit::new(params, chain);
    let mut per_move = Vec::new();
    let mut checkpoint = TERMS;
    loop {
        while per_move.len() < checkpoint {
            stop::checkpoint();
            per_move.push(limit.next_term());
        }
        let remaining = limit.remaining();
        let reached = to_f64(&remaining);
        if reached < precision {
            let lower = per_move.iter().fold(zero(), |sum, d| sum + d);
            let upper = &lower + remaining;
            return Ok(Evaluation {
                per_move,
                lower,
                upper,
            });
        }
        if checkpoint >= MAX_MOVES {
            return Err(PrecisionError::NotReached {
                requested: precision,
                reached,
                moves: checkpoint,
            });
        }
        checkpoint *= 2;
    }
}

/// HLIMIT (`chain` = [`Branch::High`]) or LLIMIT, one decision at a time.
struct Limit {
    symbols: Symbols,
    chain: Branch,
    /// *G* = 1/(1 − *SA*).
    g: BigRational,
    /// The chance of still playing.
    playing: BigRational,
    /// *E* times the value of the position the next decision is made at (for HLIMIT's
    /// first decision, *E* itself).
    e_value: BigRational,
    decisions: usize,
}

impl Limit {
    fn new(params: &GameClass<BigRational>, chain: Branch) -> Self {
        let symbols = Symbols::of(params);
        Limit {
            g: one() / (one() - &symbols.s * &symbols.a),
            e_value: symbols.e.clone(),
            symbols,
            chain,
            playing: one(),
            decisions: 0,
        }
    }

    /// The chance that the next decision finds the win.
    fn next_term(&mut self) -> BigRational {
        let Symbols { e, s, a, b } = &self.symbols;
        let first = self.decisions == 0;
        self.decisions += 1;
        let (term, c) = match self.chain {
            Branch::High if first => {
                let term = e * a * &self.g;
                self.playing = one() - &term;
                return term;
            }
            Branch::High => {
                self.e_value = &self.e_value * b;
                let c = &self.e_value * &self.g * a;
                (&self.playing * (&c * s + &self.e_value), c)
            }
            Branch::Low => {
                let c = &self.e_value * b * &self.g;
                let term = &self.playing * (&c + (one() - &c) * &self.e_value * a);
                self.e_value = &self.e_value * a;
                (term, c)
            }
        };
        self.playing = (one() - c) * s * &self.playing;
        term
    }

    /// A bound on the chance of winning after the decisions made: the chance of still
    /// playing times a bound on the value of the unseen position played to next.
    fn remaining(&self) -> BigRational {
        &self.playing * &self.e_value / &self.symbols.e
    }
}

fn limit_terms(params: &GameClass<BigRational>, chain: Branch) -> Vec<BigRational> {
    let mut limit = Limit::new(params, chain);
    (0..TERMS).map(|_| limit.next_term()).collect()
}

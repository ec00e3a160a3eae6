//! Exact chances without reductions.
//!
//! Every chance in a game with *E* = p/q and *A* = r/t is an integer over a product of
//! powers of q, t and 2 (the 2 from NOSTRAT's coin). Keeping that denominator as exponents
//! makes products and sums exact without the greatest-common-divisor steps of a general
//! fraction, which dominate the cost of long diagrams.

use std::borrow::Cow;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use tree_gen::GameClass;

/// An exact chance: `numerator / (q^i · t^j · 2^k)` for `exponents` (i, j, k).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Chance {
    numerator: BigInt,
    exponents: [usize; 3],
}

/// The bases q, t and 2 of one class of games, and the numbers a diagram multiplies by.
#[derive(Debug, Clone)]
pub(crate) struct Bases {
    bases: [BigInt; 3],
    /// Powers of q, t and 2, grown on demand.
    powers: [Vec<BigInt>; 3],
    /// Powers of r and of t − r, the numerators of *A^h* and *B^l*.
    powers_r: Vec<BigInt>,
    powers_t_minus_r: Vec<BigInt>,
    p: BigInt,
    r: BigInt,
    /// The prime factors of q·t·2, each with its multiplicity in q, t and 2; `None` when q
    /// or t has a factor too large to find by trial division.
    primes: Option<Vec<(BigInt, [usize; 3])>>,
    /// Game 3 of chapter 6 instead of split values: a position `highs` high and `lows` low
    /// moves below the top is worth T + (highs − lows)·Δ, here (top + (highs − lows)·step)/t
    /// with t the common denominator of T and Δ (the second base).
    shifted: Option<(BigInt, BigInt)>,
}

/// The largest power of a base kept in the table: the table's size grows with the square
/// of this (a few megabytes here).
const POWER_TABLE_LIMIT: usize = 4_096;

/// Trial division finds the prime factors of q and t below this bound.
const TRIAL_DIVISION_LIMIT: u64 = 1 << 20;

/// The prime factorisation of `n` as (prime, multiplicity), or `None` if a factor above
/// [`TRIAL_DIVISION_LIMIT`] remains.
fn factorise(n: &BigInt) -> Option<Vec<(BigInt, usize)>> {
    let mut n = n.clone();
    let mut factors = Vec::new();
    let mut divisor = BigInt::from(2);
    while &divisor * &divisor <= n {
        if divisor > BigInt::from(TRIAL_DIVISION_LIMIT) {
            return None;
        }
        let mut multiplicity = 0;
        while (&n % &divisor).is_zero() {
            n /= &divisor;
            multiplicity += 1;
        }
        if multiplicity > 0 {
            factors.push((divisor.clone(), multiplicity));
        }
        divisor += 1;
    }
    if n > BigInt::one() {
        factors.push((n, 1));
    }
    Some(factors)
}

/// The primes of the bases with their multiplicity in each base.
fn prime_table(bases: &[BigInt; 3]) -> Option<Vec<(BigInt, [usize; 3])>> {
    let mut table: Vec<(BigInt, [usize; 3])> = Vec::new();
    for (b, base) in bases.iter().enumerate() {
        for (prime, multiplicity) in factorise(base)? {
            match table.iter_mut().find(|(p, _)| *p == prime) {
                Some((_, counts)) => counts[b] = multiplicity,
                None => {
                    let mut counts = [0; 3];
                    counts[b] = multiplicity;
                    table.push((prime, counts));
                }
            }
        }
    }
    Some(table)
}

impl Bases {
    pub(crate) fn new(params: &GameClass<BigRational>) -> Self {
        let a = params.a();
        Bases::with_bases(&params.e(), a.denom().clone(), a.numer().clone())
    }

    /// The bases of game 3 with endpoint probability `e`, top value `top` and shift `step`.
    pub(crate) fn shifted(e: &BigRational, top: &BigRational, step: &BigRational) -> Self {
        let common = top.denom().lcm(step.denom());
        let scale = |x: &BigRational| x.numer() * (&common / x.denom());
        let mut bases = Bases::with_bases(e, common.clone(), BigInt::one());
        bases.shifted = Some((scale(top), scale(step)));
        bases
    }

    fn with_bases(e: &BigRational, t: BigInt, r: BigInt) -> Self {
        let bases = [e.denom().clone(), t, BigInt::from(2)];
        Bases {
            powers: [
                vec![BigInt::one()],
                vec![BigInt::one()],
                vec![BigInt::one()],
            ],
            powers_r: vec![BigInt::one()],
            powers_t_minus_r: vec![BigInt::one()],
            p: e.numer().clone(),
            r,
            primes: prime_table(&bases),
            shifted: None,
            bases,
        }
    }

    /// The numerator of a position's value over the second base to the power returned:
    /// *A^h·B^l* = r^h·(t − r)^l / t^(h+l), or game 3's T + (h − l)·Δ clamped to \[0, 1\],
    /// the chance that an endpoint there is a win.
    fn value_numerator(&self, highs: usize, lows: usize) -> (BigInt, usize) {
        match &self.shifted {
            None => (
                &self.powers_r[highs] * &self.powers_t_minus_r[lows],
                highs + lows,
            ),
            Some((top, step)) => {
                let raw = top + step * (BigInt::from(highs) - BigInt::from(lows));
                let clamped = raw.clamp(BigInt::zero(), self.bases[1].clone());
                (clamped, 1)
            }
        }
    }

    /// Makes every power up to `depth` available.
    pub(crate) fn reach(&mut self, depth: usize) {
        let t_minus_r = &self.bases[1] - &self.r;
        self.grow_powers(depth);
        grow(&mut self.powers_r, &self.r, depth);
        grow(&mut self.powers_t_minus_r, &t_minus_r, depth);
    }

    /// Makes the powers of q, t and 2 that aligning `chances` with one another needs
    /// available (up to [`POWER_TABLE_LIMIT`]): chances of one move can differ by
    /// thousands in an exponent, and computing such a power afresh for each sum is slow.
    pub(crate) fn reach_alignment<'c>(&mut self, chances: impl Iterator<Item = &'c Chance>) {
        let widest = chances
            .flat_map(|chance| chance.exponents)
            .max()
            .unwrap_or(0);
        self.grow_powers(widest.min(POWER_TABLE_LIMIT));
    }

    fn grow_powers(&mut self, depth: usize) {
        for (powers, base) in self.powers.iter_mut().zip(&self.bases) {
            grow(powers, base, depth);
        }
    }

    /// `bases[base]^exponent`, from the table when [`Bases::reach`] went that far.
    fn power(&self, base: usize, exponent: usize) -> Cow<'_, BigInt> {
        match self.powers[base].get(exponent) {
            Some(power) => Cow::Borrowed(power),
            None => Cow::Owned(num_traits::pow(self.bases[base].clone(), exponent)),
        }
    }

    pub(crate) fn one(&self) -> Chance {
        Chance {
            numerator: BigInt::one(),
            exponents: [0; 3],
        }
    }

    pub(crate) fn zero(&self) -> Chance {
        Chance {
            numerator: BigInt::zero(),
            exponents: [0; 3],
        }
    }

    /// *E*.
    pub(crate) fn e(&self) -> Chance {
        Chance {
            numerator: self.p.clone(),
            exponents: [1, 0, 0],
        }
    }

    /// *S* = 1 − *E*.
    pub(crate) fn s(&self) -> Chance {
        Chance {
            numerator: &self.bases[0] - &self.p,
            exponents: [1, 0, 0],
        }
    }

    /// *A*.
    pub(crate) fn a(&self) -> Chance {
        Chance {
            numerator: self.r.clone(),
            exponents: [0, 1, 0],
        }
    }

    /// *B* = 1 − *A*.
    pub(crate) fn b(&self) -> Chance {
        Chance {
            numerator: &self.bases[1] - &self.r,
            exponents: [0, 1, 0],
        }
    }

    /// 1/2.
    pub(crate) fn half(&self) -> Chance {
        Chance {
            numerator: BigInt::one(),
            exponents: [0, 0, 1],
        }
    }

    /// The value of a position `highs` high and `lows` low moves below the top.
    pub(crate) fn value(&self, highs: usize, lows: usize) -> Chance {
        let (numerator, exponent) = self.value_numerator(highs, lows);
        Chance {
            numerator,
            exponents: [0, exponent, 0],
        }
    }

    /// *E·v*: the chance that a position of value *v* is a win (TSI).
    pub(crate) fn win(&self, highs: usize, lows: usize) -> Chance {
        let (numerator, exponent) = self.value_numerator(highs, lows);
        Chance {
            numerator: &self.p * numerator,
            exponents: [1, exponent, 0],
        }
    }

    /// *E·(1 − v)*: the chance that it is a loss.
    pub(crate) fn loss(&self, highs: usize, lows: usize) -> Chance {
        let (numerator, exponent) = self.value_numerator(highs, lows);
        Chance {
            numerator: &self.p * (self.power(1, exponent).as_ref() - numerator),
            exponents: [1, exponent, 0],
        }
    }

    pub(crate) fn mul(&self, x: &Chance, y: &Chance) -> Chance {
        Chance {
            numerator: &x.numerator * &y.numerator,
            exponents: [
                x.exponents[0] + y.exponents[0],
                x.exponents[1] + y.exponents[1],
                x.exponents[2] + y.exponents[2],
            ],
        }
    }

    /// `sum += x`.
    pub(crate) fn add_to(&self, sum: &mut Chance, x: &Chance) {
        if x.numerator.is_zero() {
            return;
        }
        if sum.numerator.is_zero() {
            *sum = x.clone();
            return;
        }
        let mut scaled_x = x.numerator.clone();
        for base in 0..3 {
            let (have, add) = (sum.exponents[base], x.exponents[base]);
            if add > have {
                sum.numerator *= self.power(base, add - have).as_ref();
                sum.exponents[base] = add;
            } else if have > add {
                scaled_x *= self.power(base, have - add).as_ref();
            }
        }
        sum.numerator += scaled_x;
    }

    /// `x` in lowest terms. The denominator's only prime factors are those of q, t and 2,
    /// so dividing them out of the numerator reduces the fraction without computing a
    /// greatest common divisor of two numbers thousands of digits long.
    pub(crate) fn to_rational(&self, x: &Chance) -> BigRational {
        let Some(primes) = &self.primes else {
            return BigRational::new(x.numerator.clone(), self.denominator(x));
        };
        if x.numerator.is_zero() {
            return BigRational::zero();
        }
        let mut numerator = x.numerator.clone();
        let mut denominator = BigInt::one();
        for (prime, multiplicity) in primes {
            let exponent: usize = (0..3).map(|b| multiplicity[b] * x.exponents[b]).sum();
            let mut left = exponent;
            while left > 0 && (&numerator % prime).is_zero() {
                numerator /= prime;
                left -= 1;
            }
            denominator *= num_traits::pow(prime.clone(), left);
        }
        BigRational::new_raw(numerator, denominator)
    }

    /// `x` as floating point, from the logarithms of its numerator and of the bases (good
    /// to about 1e-12 relative; a stopping rule needs no more, and it avoids building a
    /// denominator thousands of digits long after every move).
    pub(crate) fn to_f64(&self, x: &Chance) -> f64 {
        if x.numerator.is_zero() {
            return 0.0;
        }
        let log2 = |n: &BigInt| {
            let bits = n.bits();
            let shift = bits.saturating_sub(64);
            let top = (n >> shift).to_f64().unwrap_or(f64::MAX);
            top.abs().log2() + shift as f64
        };
        let denominator: f64 = (0..3)
            .map(|b| x.exponents[b] as f64 * log2(&self.bases[b]))
            .sum();
        (log2(&x.numerator) - denominator).exp2()
    }

    fn denominator(&self, x: &Chance) -> BigInt {
        (0..3).fold(BigInt::one(), |d, base| {
            d * self.power(base, x.exponents[base]).as_ref()
        })
    }
}

fn grow(powers: &mut Vec<BigInt>, base: &BigInt, depth: usize) {
    while powers.len() <= depth {
        let next = powers.last().map(|p| p * base).unwrap_or_else(BigInt::one);
        powers.push(next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::number::{fraction, to_f64};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn reduction_by_known_primes_is_lowest_terms(
            e in (1i64..50, 1i64..50),
            a in (1i64..30, 1i64..30),
            numerator in 1i64..1_000_000,
            exponents in (0usize..20, 0usize..20, 0usize..20),
        ) {
            let e = fraction(e.0.min(e.1), e.0.max(e.1)).unwrap();
            let (low, high) = (a.0.min(a.1), a.0.max(a.1));
            let a = fraction(high, low + high).unwrap();
            let bases = Bases::new(&GameClass::new(e, a).unwrap());
            let x = Chance {
                numerator: BigInt::from(numerator),
                exponents: [exponents.0, exponents.1, exponents.2],
            };
            let reduced = bases.to_rational(&x);
            let by_gcd = BigRational::new(x.numerator.clone(), bases.denominator(&x));
            prop_assert_eq!(reduced.numer(), by_gcd.numer());
            prop_assert_eq!(reduced.denom(), by_gcd.denom());
            let close = (bases.to_f64(&x) / to_f64(&by_gcd) - 1.0).abs();
            prop_assert!(close <= game_core::tolerance::F64_AGREEMENT);
        }
    }
}

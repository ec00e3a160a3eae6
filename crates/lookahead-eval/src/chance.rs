//! Exact chances without reductions.
//!
//! Every chance in a game with *E* = p/q and *A* = r/t is an integer over a product of
//! powers of q, t and 2 (the 2 from NOSTRAT's coin). Keeping that denominator as exponents
//! makes products and sums exact without the greatest-common-divisor steps of a general
//! fraction, which dominate the cost of long diagrams.

use std::borrow::Cow;

use game_core::number::to_f64;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::params::Parameters;

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
}

impl Bases {
    pub(crate) fn new(params: &Parameters) -> Self {
        let (e, a) = (params.e(), params.a());
        let bases = [e.denom().clone(), a.denom().clone(), BigInt::from(2)];
        Bases {
            powers: [
                vec![BigInt::one()],
                vec![BigInt::one()],
                vec![BigInt::one()],
            ],
            bases,
            powers_r: vec![BigInt::one()],
            powers_t_minus_r: vec![BigInt::one()],
            p: e.numer().clone(),
            r: a.numer().clone(),
        }
    }

    /// Makes every power up to `depth` available.
    pub(crate) fn reach(&mut self, depth: usize) {
        let t_minus_r = &self.bases[1] - &self.r;
        for (powers, base) in self.powers.iter_mut().zip(&self.bases) {
            grow(powers, base, depth);
        }
        grow(&mut self.powers_r, &self.r, depth);
        grow(&mut self.powers_t_minus_r, &t_minus_r, depth);
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

    /// The value *A^highs·B^lows* of a position.
    pub(crate) fn value(&self, highs: usize, lows: usize) -> Chance {
        Chance {
            numerator: &self.powers_r[highs] * &self.powers_t_minus_r[lows],
            exponents: [0, highs + lows, 0],
        }
    }

    /// *E·v*: the chance that a position of value *v* = *A^highs·B^lows* is a win (TSI).
    pub(crate) fn win(&self, highs: usize, lows: usize) -> Chance {
        Chance {
            numerator: &self.p * &self.powers_r[highs] * &self.powers_t_minus_r[lows],
            exponents: [1, highs + lows, 0],
        }
    }

    /// *E·(1 − v)*: the chance that it is a loss.
    pub(crate) fn loss(&self, highs: usize, lows: usize) -> Chance {
        let value = &self.powers_r[highs] * &self.powers_t_minus_r[lows];
        Chance {
            numerator: &self.p * (self.power(1, highs + lows).as_ref() - value),
            exponents: [1, highs + lows, 0],
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

    pub(crate) fn to_rational(&self, x: &Chance) -> BigRational {
        BigRational::new(x.numerator.clone(), self.denominator(x))
    }

    /// `x` as floating point, without reducing the fraction first (reductions of numbers
    /// thousands of digits long are what a convergence test must avoid).
    pub(crate) fn to_f64(&self, x: &Chance) -> f64 {
        to_f64(&BigRational::new_raw(
            x.numerator.clone(),
            self.denominator(x),
        ))
    }

    fn denominator(&self, x: &Chance) -> BigInt {
        (0..3).fold(BigInt::one(), |d, base| {
            d * self.power(base, x.exponents[base]).as_ref()
        })
    }

    /// Whether `x` is zero.
    pub(crate) fn is_zero(x: &Chance) -> bool {
        x.numerator.is_zero()
    }
}

fn grow(powers: &mut Vec<BigInt>, base: &BigInt, depth: usize) {
    while powers.len() <= depth {
        let next = powers.last().map(|p| p * base).unwrap_or_else(BigInt::one);
        powers.push(next);
    }
}

//! Printed formulas in one variable, evaluated exactly: a claim such as
//! `P{C_A,R = 1} = (0.3 + t)/(0.6 + t)` is checked by evaluating the formula as printed, in
//! rationals, at many values of its variable and comparing with the library.
//!
//! The grammar is the papers' arithmetic: decimals and whole numbers, the variable, `+`,
//! `-`, `*`, `/`, parentheses, and multiplication by juxtaposition (`0.2(0.3 + t)`,
//! `(0.6 + t)(0.8 + t)`, `5t`).

use crate::error::{Error, Result};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;

/// A formula in one variable, parsed.
#[derive(Debug, Clone, PartialEq)]
pub enum Formula {
    Number(BigRational),
    Variable,
    Sum(Box<Formula>, Box<Formula>),
    Difference(Box<Formula>, Box<Formula>),
    Product(Box<Formula>, Box<Formula>),
    Quotient(Box<Formula>, Box<Formula>),
    Negation(Box<Formula>),
}

impl Formula {
    /// Reads `text` with `variable` as its one variable.
    pub fn parse(text: &str, variable: char) -> Result<Formula> {
        let mut parser = Parser {
            chars: text.chars().filter(|c| !c.is_whitespace()).collect(),
            at: 0,
            variable,
        };
        let formula = parser.sum()?;
        match parser.peek() {
            None => Ok(formula),
            Some(c) => Err(Error::NotComputable(format!("{text:?}: unexpected {c:?}"))),
        }
    }

    /// The value at `x`, exactly; an error on division by zero.
    pub fn at(&self, x: &BigRational) -> Result<BigRational> {
        Ok(match self {
            Formula::Number(value) => value.clone(),
            Formula::Variable => x.clone(),
            Formula::Sum(a, b) => a.at(x)? + b.at(x)?,
            Formula::Difference(a, b) => a.at(x)? - b.at(x)?,
            Formula::Product(a, b) => a.at(x)? * b.at(x)?,
            Formula::Quotient(a, b) => {
                let divisor = b.at(x)?;
                if divisor.is_zero() {
                    return Err(Error::NotComputable(format!("division by zero at {x}")));
                }
                a.at(x)? / divisor
            }
            Formula::Negation(a) => -a.at(x)?,
        })
    }
}

/// A recursive-descent reader over the formula's characters, spaces removed.
struct Parser {
    chars: Vec<char>,
    at: usize,
    variable: char,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn sum(&mut self) -> Result<Formula> {
        let mut formula = self.product()?;
        while let Some(op @ ('+' | '-')) = self.peek() {
            self.at += 1;
            let right = Box::new(self.product()?);
            formula = if op == '+' {
                Formula::Sum(Box::new(formula), right)
            } else {
                Formula::Difference(Box::new(formula), right)
            };
        }
        Ok(formula)
    }

    fn product(&mut self) -> Result<Formula> {
        let mut formula = self.factor()?;
        loop {
            match self.peek() {
                Some('*') => {
                    self.at += 1;
                    formula = Formula::Product(Box::new(formula), Box::new(self.factor()?));
                }
                Some('/') => {
                    self.at += 1;
                    formula = Formula::Quotient(Box::new(formula), Box::new(self.factor()?));
                }
                // Juxtaposition: a factor that starts right after another multiplies it.
                Some(c) if c == '(' || c == self.variable || c.is_ascii_digit() => {
                    formula = Formula::Product(Box::new(formula), Box::new(self.factor()?));
                }
                _ => return Ok(formula),
            }
        }
    }

    fn factor(&mut self) -> Result<Formula> {
        match self.peek() {
            Some('-') => {
                self.at += 1;
                Ok(Formula::Negation(Box::new(self.factor()?)))
            }
            Some('(') => {
                self.at += 1;
                let inner = self.sum()?;
                if self.peek() != Some(')') {
                    return Err(Error::NotComputable(
                        "a parenthesis is not closed".to_owned(),
                    ));
                }
                self.at += 1;
                Ok(inner)
            }
            Some(c) if c == self.variable => {
                self.at += 1;
                Ok(Formula::Variable)
            }
            Some(c) if c.is_ascii_digit() || c == '.' => self.number(),
            Some(c) => Err(Error::NotComputable(format!("unexpected {c:?}"))),
            None => Err(Error::NotComputable("the formula ends too soon".to_owned())),
        }
    }

    /// A decimal such as `0.3` or `25`, exactly.
    fn number(&mut self) -> Result<Formula> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit() || c == '.') {
            self.at += 1;
        }
        let text: String = self.chars[start..self.at].iter().collect();
        let (whole, decimals) = text.split_once('.').unwrap_or((&text, ""));
        let digits: BigInt = format!("{whole}{decimals}")
            .parse()
            .map_err(|_| Error::NotComputable(format!("{text:?} is not a number")))?;
        let scale = BigInt::from(10).pow(decimals.len() as u32);
        Ok(Formula::Number(BigRational::new(digits, scale)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str, t: (i64, i64)) -> BigRational {
        Formula::parse(text, 't')
            .unwrap()
            .at(&BigRational::new(t.0.into(), t.1.into()))
            .unwrap()
    }

    fn ratio(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn printed_formulas_evaluate_exactly() {
        assert_eq!(value("(0.3 + t)/(0.6 + t)", (1, 10)), ratio(4, 7));
        assert_eq!(
            value("0.2(0.3 + t)/((0.6 + t)(0.8 + t))", (0, 1)),
            ratio(1, 8)
        );
        assert_eq!(value("5t/(8(0.3 - t))", (1, 10)), ratio(5, 16));
        assert_eq!(value("1 - 2*3", (0, 1)), ratio(-5, 1));
        assert_eq!(value("-t/2 + 1", (1, 1)), ratio(1, 2));
        // Left to right: 1/2/4 is (1/2)/4.
        assert_eq!(value("1/2/4", (0, 1)), ratio(1, 8));
    }

    #[test]
    fn malformed_formulas_and_division_by_zero_are_errors() {
        for bad in ["(t + 1", "t +", "x", "1..2", ""] {
            assert!(Formula::parse(bad, 't').is_err(), "{bad}");
        }
        let formula = Formula::parse("1/(0.6 - t)", 't').unwrap();
        assert!(formula.at(&ratio(3, 5)).is_err());
    }
}

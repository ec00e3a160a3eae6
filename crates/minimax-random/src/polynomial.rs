//! prob(n) as a function of α: the counts are polynomials in α, which decide claims about
//! every α at once.
//!
//! #\[n\] = Σ_{i=1}^{α} EQ(n, i)·Π LE(n*, i), and each factor is a polynomial in i and α of
//! total degree at most the number of leaves below it, so #\[n\] is a polynomial in α of
//! degree at most N + 1 (N all the leaves; the sum over i adds one). Two moves' prob differ
//! by (#\[n1\] − #\[n2\])/α^N, whose sign is that of the polynomial D = #\[n1\] − #\[n2\]. D is
//! recovered exactly by interpolation at α = 1, …, N + 2, its sign for large α is that of its
//! leading coefficient beyond the Cauchy bound on its roots, and every integer α below the
//! bound is checked one by one: together, a proof for all α.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use crate::probability::principal_counts;
use crate::shape::{MoveShape, ProbabilityError, ShapeError};

/// A polynomial with exact rational coefficients, constant term first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Polynomial {
    coefficients: Vec<BigRational>,
}

impl Polynomial {
    /// The coefficients, constant term first, without trailing zeros.
    pub fn coefficients(&self) -> &[BigRational] {
        &self.coefficients
    }

    /// The degree (0 for constants, including zero).
    pub fn degree(&self) -> usize {
        self.coefficients.len().saturating_sub(1)
    }

    /// The value at `x`.
    pub fn evaluate(&self, x: &BigRational) -> BigRational {
        self.coefficients
            .iter()
            .rev()
            .fold(BigRational::zero(), |acc, c| acc * x + c)
    }

    /// The unique polynomial of degree < `points.len()` through `points` (Newton's divided
    /// differences, exactly).
    pub fn interpolate(points: &[(BigRational, BigRational)]) -> Polynomial {
        let xs: Vec<&BigRational> = points.iter().map(|(x, _)| x).collect();
        let mut table: Vec<BigRational> = points.iter().map(|(_, y)| y.clone()).collect();
        let n = points.len();
        for level in 1..n {
            for k in (level..n).rev() {
                table[k] = (table[k].clone() - table[k - 1].clone())
                    / (xs[k].clone() - xs[k - level].clone());
            }
        }
        // Expand the Newton form c0 + c1(x − x0) + c2(x − x0)(x − x1) + … into coefficients.
        let mut coefficients = vec![BigRational::zero(); n.max(1)];
        let mut basis = vec![BigRational::one()];
        for (k, c) in table.iter().enumerate() {
            for (power, b) in basis.iter().enumerate() {
                coefficients[power] += c.clone() * b.clone();
            }
            if k + 1 < n {
                let mut next = vec![BigRational::zero(); basis.len() + 1];
                for (power, b) in basis.iter().enumerate() {
                    next[power + 1] += b.clone();
                    next[power] -= b.clone() * xs[k].clone();
                }
                basis = next;
            }
        }
        while coefficients.len() > 1 && coefficients.last().is_some_and(Zero::is_zero) {
            coefficients.pop();
        }
        Polynomial { coefficients }
    }

    /// An integer beyond which the polynomial has no real root: Cauchy's bound
    /// 1 + max |a_k / a_n|, rounded up. `None` for the zero polynomial.
    pub fn root_bound(&self) -> Option<BigInt> {
        let leading = self.coefficients.last().filter(|c| !c.is_zero())?;
        let largest = self.coefficients[..self.degree()]
            .iter()
            .map(|c| (c / leading).abs())
            .fold(BigRational::zero(), |a, b| if b > a { b } else { a });
        Some((BigRational::one() + largest).ceil().to_integer())
    }
}

/// D(α) = #\[n1\] − #\[n2\] for the first two of `moves` (with the others as siblings), as an
/// exact polynomial in α.
///
/// # Errors
///
/// As [`crate::probability::move_probabilities`]; [`ShapeError::NoMoves`] with fewer than two
/// moves.
pub fn count_difference(moves: &[MoveShape]) -> Result<Polynomial, ProbabilityError> {
    if moves.len() < 2 {
        return Err(ShapeError::NoMoves.into());
    }
    let leaves = total_leaves(moves)?;
    let points = (1..=leaves + 2)
        .map(|alpha| {
            let counts = principal_counts(moves, alpha)?;
            let difference = BigInt::from(counts[0].clone()) - BigInt::from(counts[1].clone());
            Ok((
                BigRational::from_integer(alpha.into()),
                BigRational::from_integer(difference),
            ))
        })
        .collect::<Result<Vec<_>, ProbabilityError>>()?;
    Ok(Polynomial::interpolate(&points))
}

/// #\[n\] for every move as an exact polynomial in α.
///
/// # Errors
///
/// As [`crate::probability::move_probabilities`].
pub fn principal_count_polynomials(
    moves: &[MoveShape],
) -> Result<Vec<Polynomial>, ProbabilityError> {
    let leaves = total_leaves(moves)?;
    let values = (1..=leaves + 2)
        .map(|alpha| principal_counts(moves, alpha))
        .collect::<Result<Vec<_>, ProbabilityError>>()?;
    Ok((0..moves.len())
        .map(|k| {
            let points: Vec<(BigRational, BigRational)> = values
                .iter()
                .zip(1u32..)
                .map(|(counts, alpha)| {
                    (
                        BigRational::from_integer(alpha.into()),
                        BigRational::from_integer(BigInt::from(counts[k].clone())),
                    )
                })
                .collect();
            Polynomial::interpolate(&points)
        })
        .collect())
}

/// prob(n) in the limit α → ∞, where leaf scores are continuous uniform and ties vanish:
/// the coefficient of α^N in #\[n\](α) (prob = #\[n\]/α^N), exactly.
///
/// # Errors
///
/// As [`crate::probability::move_probabilities`].
///
/// ```
/// use minimax_random::{MoveShape, polynomial::limit_probabilities};
/// use minimax_random::BigRational;
/// // Two single min-nodes over q = 3 and r = 2 leaves: the first is chosen when the minimum
/// // of its 3 scores beats the minimum of the other's 2, with probability r/(q + r).
/// let limits = limit_probabilities(&[MoveShape::new(vec![3]).unwrap(), MoveShape::new(vec![2]).unwrap()]).unwrap();
/// assert_eq!(limits[0], BigRational::new(2.into(), 5.into()));
/// ```
pub fn limit_probabilities(moves: &[MoveShape]) -> Result<Vec<BigRational>, ProbabilityError> {
    let n = total_leaves(moves)? as usize;
    Ok(principal_count_polynomials(moves)?
        .into_iter()
        .map(|p| {
            p.coefficients()
                .get(n)
                .cloned()
                .unwrap_or_else(BigRational::zero)
        })
        .collect())
}

fn total_leaves(moves: &[MoveShape]) -> Result<u32, ShapeError> {
    moves
        .iter()
        .map(|m| m.leaves().ok_or(ShapeError::TooManyLeaves))
        .sum()
}

/// How prob(n1) compares with prob(n2) for every α ≥ `from`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Comparison {
    /// prob(n1) < prob(n2) for every α ≥ `from`.
    AlwaysLess,
    /// prob(n1) > prob(n2) for every α ≥ `from`.
    AlwaysGreater,
    /// prob(n1) = prob(n2) for every α.
    AlwaysEqual,
    /// The order (<, =, >) at some α > `from` differs from the order at `from`.
    Changes {
        /// The first such α.
        at: u64,
    },
}

/// Decides, for every integer α ≥ `from`, how prob of the first move compares with that of
/// the second: by the sign of D beyond its root bound, and exact evaluation of D below it.
///
/// # Errors
///
/// As [`count_difference`].
pub fn compare_for_all_alpha(
    moves: &[MoveShape],
    from: u64,
) -> Result<Comparison, ProbabilityError> {
    let d = count_difference(moves)?;
    let Some(bound) = d.root_bound() else {
        return Ok(Comparison::AlwaysEqual);
    };
    let sign_at = |alpha: u64| {
        d.evaluate(&BigRational::from_integer(alpha.into()))
            .signum()
    };
    let first = sign_at(from);
    let last = u64::try_from(bound.max(BigInt::from(from))).unwrap_or(u64::MAX);
    for alpha in from..=last {
        if sign_at(alpha) != first {
            return Ok(Comparison::Changes { at: alpha });
        }
    }
    let leading = d
        .coefficients()
        .last()
        .map(Signed::signum)
        .unwrap_or_default();
    if leading != first {
        return Ok(Comparison::Changes { at: last + 1 });
    }
    Ok(if first.is_negative() {
        Comparison::AlwaysLess
    } else if first.is_positive() {
        Comparison::AlwaysGreater
    } else {
        Comparison::Changes { at: from }
    })
}

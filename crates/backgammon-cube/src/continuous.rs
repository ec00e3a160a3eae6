//! The continuous-time model of Keeler and Spencer (section 3): A's winning chance moves as
//! a Brownian motion from x until it hits 0 or 1, and the doubling cube is turned at chosen
//! levels.
//!
//! Everything here follows from Lemma 1: from x, the chance of hitting x + b before x − a
//! is a/(a + b). A game becomes a chain of levels — the doubling points — with the stake
//! doubling at each, so the distribution of A's winnings is a sum of geometric series, exact
//! as a function of the levels (and of the parameter t of the non-rational opponents).

use num_rational::BigRational;
use num_traits::{One, Zero};

/// A parameter outside its range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ContinuousError {
    /// The insolent opponent doubles at 0.2 + t with t in \[0, 0.3).
    #[error("t = {0} is outside [0, 0.3) for the insolent opponent")]
    InsolentParameter(String),
    /// The cautious opponent doubles at 0.2 − t with t in (0, 0.2\].
    #[error("t = {0} is outside (0, 0.2] for the excessively cautious opponent")]
    CautiousParameter(String),
    /// Theorem 2's a_n needs n ≥ 2 games (log₂ 1 = 0), given as a finite number.
    #[error("a_n needs at least 2 games, not {0}")]
    TooFewGames(String),
}

fn decimal(tenths: i64) -> BigRational {
    BigRational::new(tenths.into(), 10.into())
}

/// From x, the chance of reaching `up` before `down` (Lemma 1).
pub fn hits_first(x: &BigRational, up: &BigRational, down: &BigRational) -> BigRational {
    (x.clone() - down.clone()) / (up.clone() - down.clone())
}

/// The doubling (and take) point of the symmetric game, 4/5 (Keeler and Spencer, Theorem 1).
///
/// Suppose A doubles at chance d and B takes, owning the cube at stake 2, and will redouble
/// at A's chance 1 − d, where A is indifferent and so worth −2 (resigning). From d, A
/// reaches 1 before 1 − d with chance (2d − 1)/d (Lemma 1), so after the take A expects
/// 2(2d − 1)/d − 2(1 − d)/d = (6d − 4)/d. B is indifferent to taking when this equals the 1
/// point he gives up by resigning: 6d − 4 = d, d = 4/5.
pub fn doubling_point() -> BigRational {
    // (6d − 4)/d = 1 ⇔ 5d = 4.
    BigRational::new(4.into(), 5.into())
}

/// Theorem 1: with both players doubling at 0.8 (their own chance) and taking at 0.2,
/// P{C_A = 2^k} = P{C_A = −2^k} = 3/2^(2k+1), k ≥ 1.
pub fn theorem_1(k: u32) -> BigRational {
    BigRational::new(3.into(), num_bigint::BigInt::from(2).pow(2 * k + 1))
}

/// μ(x) = E C_A² 1{|C_A| < x}, the truncated second moment in the proof of Theorem 2,
/// exactly from Theorem 1: Σ over k ≥ 1 with 2^k < x of 2·4^k·3/2^(2k+1) = 3·#{k ≥ 1 : 2^k < x}.
/// The paper's 3[log₂ x] is this exactly because it defines \[y\] as sup{z ∈ ℤ : z < y},
/// which is y − 1 at integers (x a power of 2).
///
/// ```
/// use backgammon_cube::continuous::truncated_second_moment;
/// use backgammon_cube::BigRational;
/// assert_eq!(truncated_second_moment(8), BigRational::from_integer(6.into())); // 2, 4
/// assert_eq!(truncated_second_moment(9), BigRational::from_integer(9.into())); // 2, 4, 8
/// ```
pub fn truncated_second_moment(x: u64) -> BigRational {
    (1..64)
        .take_while(|&k| 1u64 << k < x)
        .map(|k| {
            let square = BigRational::from_integer(num_bigint::BigInt::from(4).pow(k));
            BigRational::from_integer(2.into()) * square * theorem_1(k)
        })
        .sum()
}

/// a_n = √(3 n log₂ n / 2), the normalising constant of Theorem 2: S_A^(n)/a_n, the
/// winnings after n games, tends to the standard normal law although C_A has infinite
/// variance. `n` is a float so that the slow (logarithmic) convergence can be followed to
/// n = 2^1000.
///
/// # Errors
///
/// [`ContinuousError::TooFewGames`] for n < 2 or n not finite.
pub fn normalising_constant(n: f64) -> Result<f64, ContinuousError> {
    if !(n >= 2.0 && n.is_finite()) {
        return Err(ContinuousError::TooFewGames(n.to_string()));
    }
    Ok((1.5 * n * n.log2()).sqrt())
}

/// 1 − E cos(u C_A) = Σ_k (3/4^k)·2 sin²(2^(k−1) u), the distance of C_A's characteristic
/// function from 1 (C_A is symmetric), summed without cancellation. The sum stops at
/// K = max(35, 60 − log₂ u); the dropped terms, each at most 3/4^k, add up to less than
/// 4^(−K): below 10^(−21), and below 2^(−120)·u², far less than the result (≥ about 3u²/8
/// for small u).
pub fn one_minus_characteristic_function(u: f64) -> f64 {
    let u = u.abs();
    if u == 0.0 {
        return 0.0;
    }
    let last = (60.0 - u.log2()).clamp(35.0, 1100.0) as i32;
    (1..=last)
        .map(|k| {
            let half_angle = times_power_of_two(u, k - 1);
            3.0 * times_power_of_two(1.0, -2 * k) * 2.0 * half_angle.sin().powi(2)
        })
        .sum()
}

/// x·2^e, exactly, through powers of two that stay in range: 2^e alone over- or
/// underflows for |e| > 1023, where x·2^e does not (std has no `ldexp`).
fn times_power_of_two(x: f64, e: i32) -> f64 {
    let step = if e >= 0 { 2f64 } else { 0.5 };
    let mut value = x;
    let mut remaining = e.unsigned_abs();
    while remaining > 0 {
        let chunk = remaining.min(500);
        value *= step.powi(chunk as i32);
        remaining -= chunk;
    }
    value
}

/// One value of A's winnings and its probability.
pub type Atom = (i64, BigRational);

/// A's winnings against the insolent opponent (section 3.1): A doubles at 0.8, B always
/// takes and doubles when A's chance falls to 0.2 + t; A, rational, takes. The game runs
/// through levels 0.8 (B owns the cube) and 0.2 + t (A owns it), the stake doubling at each;
/// `rounds` rounds of the chain are listed (each with ratio r = (0.2 + t)/(4(0.8 − t))).
///
/// # Errors
///
/// [`ContinuousError::InsolentParameter`] unless 0 ≤ t < 0.3.
pub fn insolent(t: &BigRational, rounds: u32) -> Result<Vec<Atom>, ContinuousError> {
    if *t < BigRational::zero() || *t >= decimal(3) {
        return Err(ContinuousError::InsolentParameter(t.to_string()));
    }
    let (high, low) = (decimal(8), decimal(2) + t.clone());
    let start = hits_first(&decimal(5), &high, &low);
    let win_from_high = hits_first(&high, &BigRational::one(), &low);
    let up_from_low = hits_first(&low, &high, &BigRational::zero());
    let mut atoms = Vec::new();
    // From 0.8 with stake s (B owns): A wins s, or B redoubles at 0.2 + t (stake 2s).
    // From 0.2 + t with stake s (A owns): A loses s, or A redoubles at 0.8 (stake 2s).
    for (mut weight, mut at_high) in [(start.clone(), true), (BigRational::one() - start, false)] {
        let mut stake: i64 = 2;
        for _ in 0..2 * rounds {
            if at_high {
                atoms.push((stake, weight.clone() * win_from_high.clone()));
                weight *= BigRational::one() - win_from_high.clone();
            } else {
                atoms.push((
                    -stake,
                    weight.clone() * (BigRational::one() - up_from_low.clone()),
                ));
                weight *= up_from_low.clone();
            }
            stake *= 2;
            at_high = !at_high;
        }
    }
    Ok(atoms)
}

/// E C_A against the insolent opponent, exactly: the sum of the two geometric series of
/// [`insolent`] (ratio 4r < 1 when t < 0.3).
///
/// # Errors
///
/// As [`insolent`].
pub fn insolent_expectation(t: &BigRational) -> Result<BigRational, ContinuousError> {
    // One round of the chain from each start contributes its two atoms; every later round is
    // the first multiplied by 4r in stakes-times-probability.
    let first_round = insolent(t, 1)?;
    let (high, low) = (decimal(8), decimal(2) + t.clone());
    let r = hits_first(&low, &high, &BigRational::zero())
        * (BigRational::one() - hits_first(&high, &BigRational::one(), &low));
    let factor = BigRational::from_integer(4.into()) * r;
    let once: BigRational = first_round
        .iter()
        .map(|(stake, p)| BigRational::from_integer((*stake).into()) * p.clone())
        .sum();
    Ok(once / (BigRational::one() - factor))
}

/// A's winnings against the excessively cautious opponent (section 3.2), who doubles when
/// A's chance falls to 0.2 − t (and A, rational, refuses): case (R) when B refuses A's double
/// at 0.8, values ±1; case (A) when B accepts it, values 2, −2, −1.
///
/// # Errors
///
/// [`ContinuousError::CautiousParameter`] unless 0 < t ≤ 0.2.
pub fn cautious(t: &BigRational, b_accepts: bool) -> Result<Vec<Atom>, ContinuousError> {
    if *t <= BigRational::zero() || *t > decimal(2) {
        return Err(ContinuousError::CautiousParameter(t.to_string()));
    }
    let (high, low) = (decimal(8), decimal(2) - t.clone());
    let a_doubles = hits_first(&decimal(5), &high, &low);
    let b_doubles = BigRational::one() - a_doubles.clone();
    if !b_accepts {
        return Ok(vec![(1, a_doubles), (-1, b_doubles)]);
    }
    let wins_after = hits_first(&high, &BigRational::one(), &low);
    Ok(vec![
        (2, a_doubles.clone() * wins_after.clone()),
        (-2, a_doubles * (BigRational::one() - wins_after)),
        (-1, b_doubles),
    ])
}

/// The expectation of a finite list of atoms.
pub fn expectation(atoms: &[Atom]) -> BigRational {
    atoms
        .iter()
        .map(|(value, p)| BigRational::from_integer((*value).into()) * p.clone())
        .sum()
}

//! The continuous model: exact distributions against their closed forms, and against a
//! seeded simulation of the game as a random walk on a grid.

use backgammon_cube::continuous::{
    Atom, ContinuousError, cautious, expectation, insolent, insolent_expectation, theorem_1,
};
use game_core::monte_carlo::{MonteCarlo, Tally};
use game_core::tolerance::f64_agree;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use rand::RngExt;

fn q(n: i64, d: i64) -> BigRational {
    game_core::number::fraction(n, d).unwrap()
}

#[test]
fn the_doubling_point_is_where_taking_and_resigning_are_equal() {
    let d = backgammon_cube::continuous::doubling_point();
    assert_eq!(d, q(4, 5));
    // After a take at d, A expects (6d − 4)/d, the 1 point B would give up by resigning.
    assert_eq!((q(6, 1) * d.clone() - q(4, 1)) / d, q(1, 1));
}

#[test]
fn theorem_1_distribution() {
    assert_eq!(theorem_1(1), q(3, 8));
    assert_eq!(theorem_1(2), q(3, 32));
    let total: BigRational = (1..=40).map(|k| theorem_1(k) * q(2, 1)).sum();
    assert!(q(1, 1) - total < q(1, 1_000_000_000_000));
    // The insolent opponent with t = 0 is the rational one: the same distribution.
    for (stake, p) in insolent(&q(0, 1), 5).unwrap() {
        let k = stake.unsigned_abs().trailing_zeros();
        assert_eq!(p, theorem_1(k), "stake {stake}");
    }
}

#[test]
fn closed_forms_of_sections_3_1_and_3_2() {
    for t in [q(1, 100), q(1, 20), q(1, 10), q(1, 5), q(1, 4)] {
        // 3.1: E C_A = 5t / (8 (0.3 − t)).
        assert_eq!(
            insolent_expectation(&t).unwrap(),
            q(5, 8) * t.clone() / (q(3, 10) - t.clone())
        );
    }
    for t in [q(1, 100), q(1, 10), q(1, 5)] {
        let refused = cautious(&t, false).unwrap();
        assert_eq!(expectation(&refused), t.clone() / (q(6, 10) + t.clone()));
        let accepted = cautious(&t, true).unwrap();
        assert_eq!(
            accepted[0].1,
            (q(3, 10) + t.clone()) / (q(8, 10) + t.clone())
        );
        assert_eq!(
            accepted[1].1,
            q(2, 10) * (q(3, 10) + t.clone()) / ((q(6, 10) + t.clone()) * (q(8, 10) + t.clone()))
        );
        assert_eq!(accepted[2].1, q(3, 10) / (q(6, 10) + t.clone()));
        assert_eq!(
            accepted.iter().map(|(_, p)| p.clone()).sum::<BigRational>(),
            q(1, 1)
        );
    }
    assert!(matches!(
        insolent(&q(3, 10), 1),
        Err(ContinuousError::InsolentParameter(_))
    ));
    assert!(matches!(
        cautious(&q(0, 1), true),
        Err(ContinuousError::CautiousParameter(_))
    ));
    assert!(matches!(
        cautious(&q(3, 10), true),
        Err(ContinuousError::CautiousParameter(_))
    ));
}

/// A's winnings in one game on a grid of step 1/20: A doubles at 16 (0.8), B at `b_level`;
/// B refuses A's double unless `b_takes`; A takes B's double only at or above 4 (0.2).
fn play_on_grid(rng: &mut impl rand::Rng, b_level: i32, b_takes: bool) -> i64 {
    let (mut x, mut stake, mut owner) = (10, 1i64, 0i8); // owner: 0 centred, 1 A, -1 B
    loop {
        if x == 20 {
            return stake;
        }
        if x == 0 {
            return -stake;
        }
        if x >= 16 && owner != -1 {
            if !b_takes {
                return stake;
            }
            stake *= 2;
            owner = -1;
        } else if x <= b_level && owner != 1 {
            if x < 4 {
                return -stake;
            }
            stake *= 2;
            owner = 1;
        }
        x += if rng.random::<bool>() { 1 } else { -1 };
    }
}

#[test]
fn a_seeded_walk_on_a_grid_matches_the_exact_atoms() {
    // Gambler's ruin on a grid is exactly Lemma 1, so the walk and the chain must agree.
    let cases: [(i32, bool, Vec<Atom>); 2] = [
        (6, true, insolent(&q(1, 10), 3).unwrap()), // insolent, t = 0.1: B doubles at 0.3
        (2, true, cautious(&q(1, 10), true).unwrap()), // cautious, t = 0.1: B doubles at 0.1
    ];
    for (b_level, b_takes, atoms) in cases {
        for (value, p) in atoms.iter().take(4) {
            let estimate = MonteCarlo::new(1975, 50_000)
                .unwrap()
                .estimate(|rng, games| {
                    let mut tally = Tally::default();
                    for _ in 0..games {
                        tally.record(i32::from(play_on_grid(rng, b_level, b_takes) == *value));
                    }
                    tally
                })
                .unwrap();
            let exact = p.to_f64().unwrap();
            assert!(
                estimate.agrees_with(exact),
                "B at {b_level}, value {value}: {} vs {exact}",
                estimate.mean()
            );
        }
    }
}

/// The proof of Theorem 2: μ(x) = 3[log₂ x] with the paper's [y] = sup{z ∈ ℤ : z < y}.
#[test]
fn truncated_second_moment_is_three_log2() {
    use backgammon_cube::continuous::truncated_second_moment;
    for x in 2u64..=5000 {
        let strict_integer_part = if x.is_power_of_two() {
            x.ilog2() - 1
        } else {
            x.ilog2()
        };
        assert_eq!(
            truncated_second_moment(x),
            num_rational::BigRational::from_integer((3 * strict_integer_part).into()),
            "x = {x}"
        );
    }
}

/// Theorem 2: −log E exp(i t S_n/a_n) ≈ n(1 − φ(t/a_n)) tends to t²/2. Written
/// L = n(1 − φ(t/a_n))/(t²/2) for n = 2^m, the expansion of 1 − φ gives
/// L = 1 + (log₂ m + c)/m with c bounded (it oscillates with log₂ of the scale), so the
/// convergence is as slow as the slowly varying μ makes it; L → 1 fixes the constant 3/2
/// in a_n (another constant c' would give the limit 3/(2c')).
#[test]
fn theorem_2_normalisation() {
    use backgammon_cube::continuous::{normalising_constant, one_minus_characteristic_function};
    for t in [0.5f64, 1.0, 2.0] {
        let mut previous_gap = f64::INFINITY;
        for m in [10, 20, 40, 80, 160, 320, 640, 1000] {
            let n = 2f64.powi(m);
            let a = normalising_constant(n).unwrap();
            let ratio = n * one_minus_characteristic_function(t / a) / (t * t / 2.0);
            let m = f64::from(m);
            let gap = ratio - 1.0;
            assert!(
                gap > 0.0 && gap < previous_gap,
                "t = {t}, m = {m}: L = {ratio}"
            );
            assert!(gap <= (m.log2() + 5.0) / m, "t = {t}, m = {m}: L = {ratio}");
            previous_gap = gap;
        }
        assert!(
            previous_gap < 0.016,
            "t = {t}: L − 1 = {previous_gap} at n = 2^1000"
        );
    }
    assert!(normalising_constant(1.0).is_err());
    assert!(normalising_constant(f64::NAN).is_err());
}

#[test]
fn characteristic_function_of_one_game() {
    use backgammon_cube::continuous::{one_minus_characteristic_function, theorem_1};
    use num_traits::ToPrimitive;
    // Against the direct sum Σ P{|C_A| = 2^k} (1 − cos(2^k u)) where it has no cancellation.
    for u in [0.3f64, 1.0, 2.5] {
        let direct: f64 = (1..40)
            .map(|k| 2.0 * theorem_1(k).to_f64().unwrap() * (1.0 - (2f64.powi(k as i32) * u).cos()))
            .sum();
        assert!(
            f64_agree(one_minus_characteristic_function(u), direct),
            "u = {u}"
        );
    }
    assert_eq!(one_minus_characteristic_function(0.0), 0.0);
}

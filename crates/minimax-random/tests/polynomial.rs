//! Claims about every α, decided through the counts as polynomials in α.

use minimax_random::MoveShape;
use minimax_random::polynomial::{Comparison, Polynomial, compare_for_all_alpha, count_difference};
use minimax_random::probability::principal_counts;
use num_bigint::BigInt;
use num_rational::BigRational;
use proptest::prelude::*;

fn q(n: i64) -> BigRational {
    BigRational::from_integer(n.into())
}

fn shape(children: &[u32]) -> MoveShape {
    MoveShape::new(children.to_vec()).unwrap()
}

proptest! {
    #[test]
    fn interpolation_recovers_a_polynomial(coefficients in prop::collection::vec(-50i64..50, 1..7)) {
        let p = |x: i64| coefficients.iter().rev().fold(0i128, |acc, &c| acc * i128::from(x) + i128::from(c));
        let points: Vec<(BigRational, BigRational)> = (0..coefficients.len() as i64 + 2)
            .map(|x| (q(x), BigRational::from_integer(BigInt::from(p(x)))))
            .collect();
        let poly = Polynomial::interpolate(&points);
        for x in -5..20 {
            prop_assert_eq!(poly.evaluate(&q(x)), BigRational::from_integer(BigInt::from(p(x))));
        }
    }
}

#[test]
fn the_interpolated_difference_matches_direct_counting_far_beyond_its_points() {
    for moves in [
        [shape(&[2, 3]), shape(&[1, 2])],
        [shape(&[2, 3]), shape(&[3, 2])],
        [shape(&[3]), shape(&[1])],
    ] {
        let d = count_difference(&moves).unwrap();
        for alpha in [13u32, 40, 97, 250] {
            let counts = principal_counts(&moves, alpha).unwrap();
            let direct = BigInt::from(counts[0].clone()) - BigInt::from(counts[1].clone());
            assert_eq!(
                d.evaluate(&q(i64::from(alpha))),
                BigRational::from_integer(direct),
                "alpha {alpha}"
            );
        }
    }
}

#[test]
fn example_2_prob_a_is_below_prob_b_for_every_alpha_above_2() {
    let moves = [shape(&[2, 3]), shape(&[1, 2])];
    assert_eq!(
        compare_for_all_alpha(&moves, 3).unwrap(),
        Comparison::AlwaysLess
    );
    // ... but not at alpha = 2, where prob(a) > prob(b).
    assert_eq!(
        compare_for_all_alpha(&moves, 2).unwrap(),
        Comparison::Changes { at: 3 }
    );
}

#[test]
fn example_1_prob_a_is_above_prob_b_for_every_alpha_from_2() {
    // The domination theorem (a strictly dominates b) says so for every alpha; at alpha = 1
    // every score is 1 and the two tie.
    let moves = [shape(&[2, 3]), shape(&[3, 2])];
    assert_eq!(
        compare_for_all_alpha(&moves, 2).unwrap(),
        Comparison::AlwaysGreater
    );
    assert_eq!(
        compare_for_all_alpha(&moves, 1).unwrap(),
        Comparison::Changes { at: 2 }
    );
    assert_eq!(
        compare_for_all_alpha(&[shape(&[2]), shape(&[2])], 1).unwrap(),
        Comparison::AlwaysEqual
    );
}

//! The α → ∞ limit and approximation (5).

use minimax_random::MoveShape;
use minimax_random::distinct::{all_distinct, gaussian_approximation, stirling_approximation};
use minimax_random::polynomial::limit_probabilities;
use minimax_random::probability::move_probabilities;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive};
use proptest::prelude::*;

fn shape(children: &[u32]) -> MoveShape {
    MoveShape::new(children.to_vec()).unwrap()
}

proptest! {
    #[test]
    fn two_single_min_nodes_tend_to_r_over_q_plus_r(q in 1u32..=5, r in 1u32..=5) {
        let limits = limit_probabilities(&[shape(&[q]), shape(&[r])]).unwrap();
        prop_assert_eq!(&limits[0], &BigRational::new(r.into(), (q + r).into()));
        prop_assert_eq!(&limits[1], &BigRational::new(q.into(), (q + r).into()));
    }
}

#[test]
fn in_the_limit_there_are_no_ties_and_equal_moves_share_equally() {
    for moves in [
        vec![shape(&[2, 3]), shape(&[3, 2])],
        vec![shape(&[2, 3]), shape(&[1, 2])],
        vec![shape(&[2, 2]); 3],
    ] {
        let limits = limit_probabilities(&moves).unwrap();
        assert_eq!(
            limits.iter().cloned().sum::<BigRational>(),
            BigRational::one(),
            "{moves:?}"
        );
    }
    let equal = limit_probabilities(&vec![shape(&[2, 2]); 3]).unwrap();
    assert!(
        equal
            .iter()
            .all(|p| *p == BigRational::new(1.into(), 3.into()))
    );
    // The finite-alpha probabilities approach the limit.
    let moves = [shape(&[2, 3]), shape(&[1, 2])];
    let limit = limit_probabilities(&moves).unwrap()[0].to_f64().unwrap();
    let far = move_probabilities(&moves, 2000).unwrap()[0]
        .to_f64()
        .unwrap();
    assert!((far - limit).abs() < 1e-2, "{far} vs {limit}");
}

#[test]
fn the_chance_of_distinct_scores_and_its_approximations() {
    // 3 scores out of 4 all differ in 4·3·2 of 4³ assignments.
    assert_eq!(all_distinct(4, 3), BigRational::new(24.into(), 64.into()));
    assert_eq!(all_distinct(3, 4), BigRational::from_integer(0.into()));
    // It increases with alpha towards 1, and both approximations close in when alpha ≫ N².
    let n = 12;
    let mut previous = BigRational::from_integer(0.into());
    for alpha in [20u32, 100, 1_000, 10_000, 100_000] {
        let exact = all_distinct(alpha, n);
        assert!(exact > previous);
        let exact_f64 = exact.to_f64().unwrap();
        let relative = |x: f64| (x - exact_f64).abs() / exact_f64;
        assert!(
            relative(stirling_approximation(alpha, n)) < 0.01,
            "alpha {alpha}"
        );
        if alpha >= 1_000 {
            assert!(
                relative(gaussian_approximation(alpha, n)) < 0.01,
                "alpha {alpha}"
            );
        }
        previous = exact;
    }
}

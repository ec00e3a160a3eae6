//! Explicit trees with chapter 6's bottom-up valuations.

use game_core::number::{Real, fraction};
use num_rational::BigRational;
use proptest::prelude::*;
use tree_gen::{ExplicitTreeError, FiniteTree, JohnsonTree, SplitRatio, TreeParams, Valued};

fn q(n: i64, d: i64) -> BigRational {
    fraction(n, d).unwrap()
}

/// ((E, E), E): three endpoints, the shape of the memo's example.
fn three() -> FiniteTree {
    FiniteTree::split(
        FiniteTree::split(FiniteTree::Endpoint, FiniteTree::Endpoint),
        FiniteTree::Endpoint,
    )
}

#[test]
fn game_1_values_a_split_point_by_the_chance_of_a_win_below() {
    // "If the set of successor endpoints has 3 numbers, with values A, B, and C, then the
    // value of the point would be A + B + C − AB − AC − BC + ABC."
    let (a, b, c) = (q(1, 3), q(1, 4), q(2, 5));
    let valued = three().game1(&[a.clone(), b.clone(), c.clone()]).unwrap();
    let expected = a.clone() + b.clone() + c.clone()
        - a.clone() * b.clone()
        - a.clone() * c.clone()
        - b.clone() * c.clone()
        + a.clone() * b.clone() * c.clone();
    assert_eq!(valued.value(), &expected);
    let Valued::Split { first, .. } = &valued else {
        panic!("a split point")
    };
    assert_eq!(first.value(), &(a.clone() + b.clone() - a * b));
}

#[test]
fn game_2_values_a_split_point_by_the_average_of_its_branches() {
    let valued = three().game2(&[q(1, 3), q(1, 4), q(2, 5)]).unwrap();
    assert_eq!(
        valued.value(),
        &(((q(1, 3) + q(1, 4)) / q(2, 1) + q(2, 5)) / q(2, 1))
    );
    assert_eq!(three().game2(&[0.5, 0.25, 1.0]).unwrap().value(), &0.6875);
}

#[test]
fn valuations_check_their_input() {
    assert_eq!(
        three().game2(&[q(1, 2)]),
        Err(ExplicitTreeError::WrongNumberOfValues {
            given: 1,
            needed: 3
        })
    );
    assert!(matches!(
        three().game1(&[q(1, 2), q(3, 2), q(0, 1)]),
        Err(ExplicitTreeError::NotAProbability(_))
    ));
}

proptest! {
    #[test]
    fn random_trees_read_as_shapes_have_one_more_endpoint_than_split_points(seed in any::<u64>()) {
        let params = TreeParams::new(0.7, SplitRatio::Uniform).unwrap();
        let tree = JohnsonTree::new(&params, seed, 0);
        match FiniteTree::from_random(&tree, 10_000) {
            Ok(shape) => {
                let endpoints = shape.endpoints();
                // Game 2 with every endpoint worth 1 values every point 1; game 1 with every
                // endpoint worth 0 values every point 0.
                let ones = vec![BigRational::from_i64(1); endpoints];
                prop_assert_eq!(shape.game2(&ones).unwrap().value().clone(), BigRational::from_i64(1));
                let zeros = vec![BigRational::from_i64(0); endpoints];
                prop_assert_eq!(shape.game1(&zeros).unwrap().value().clone(), BigRational::from_i64(0));
            }
            Err(error) => prop_assert_eq!(error, ExplicitTreeError::TooLarge(10_000)),
        }
    }
}

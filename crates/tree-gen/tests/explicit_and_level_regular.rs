//! Explicit trees with chapter 6's bottom-up valuations, and level-regular trees.

use game_core::number::{Real, fraction};
use num_rational::BigRational;
use proptest::prelude::*;
use tree_gen::{
    ExplicitTreeError, JohnsonTree, LevelRegular, LevelRegularError, Shape, SplitRatio, TreeParams,
    Valued,
};

fn q(n: i64, d: i64) -> BigRational {
    fraction(n, d).unwrap()
}

/// ((E, E), E): three endpoints, the shape of the memo's example.
fn three() -> Shape {
    Shape::split(
        Shape::split(Shape::Endpoint, Shape::Endpoint),
        Shape::Endpoint,
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
        match Shape::from_random(&tree, 10_000) {
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

    #[test]
    fn leaf_scores_are_in_range_and_reproducible(branching in prop::collection::vec(1u32..5, 1..5), alpha in 1u32..20, seed in any::<u64>()) {
        let tree = LevelRegular::new(branching.clone()).unwrap();
        let scores = tree.leaf_scores(alpha, seed, 3, 1 << 20).unwrap();
        prop_assert_eq!(scores.len() as u64, branching.iter().map(|&b| u64::from(b)).product::<u64>());
        prop_assert!(scores.iter().all(|&s| (1..=alpha).contains(&s)));
        prop_assert_eq!(&scores, &tree.leaf_scores(alpha, seed, 3, 1 << 20).unwrap());
    }
}

#[test]
fn leaf_scores_are_uniform_on_one_to_alpha() {
    let tree = LevelRegular::uniform(4, 7).unwrap();
    let scores = tree.leaf_scores(5, 17, 0, 1 << 20).unwrap();
    let n = scores.len() as f64;
    for score in 1..=5 {
        let share = scores.iter().filter(|&&s| s == score).count() as f64 / n;
        // Binomial standard error of a share of 1/5 over 16,384 leaves is 0.0031.
        assert!(
            (share - 0.2).abs() < 4.0 * (0.2 * 0.8 / n).sqrt(),
            "score {score}: {share}"
        );
    }
}

#[test]
fn invalid_level_regular_trees_are_errors() {
    assert_eq!(LevelRegular::new(vec![]), Err(LevelRegularError::NoLevels));
    assert_eq!(
        LevelRegular::new(vec![2, 0, 3]),
        Err(LevelRegularError::ZeroChildren(2))
    );
    let tree = LevelRegular::uniform(2, 3).unwrap();
    assert_eq!(
        tree.leaf_scores(0, 1, 1, 100),
        Err(LevelRegularError::ZeroAlpha)
    );
    assert_eq!(
        tree.leaf_scores(3, 1, 1, 7),
        Err(LevelRegularError::TooManyLeaves(7))
    );
    assert_eq!(LevelRegular::uniform(1000, 10).unwrap().leaves(), None);
}

//! Lemma 5.1 on explicit trees of any shape, against brute force over all α^N assignments,
//! and against the level-regular computation where both apply.

use minimax_random::explicit::{GameTree, move_probabilities_of_trees};
use minimax_random::probability::move_probabilities;
use minimax_random::{MoveShape, ProbabilityError, ScoreError, ShapeError};
use num_rational::BigRational;
use proptest::prelude::*;

/// The minimax score of `tree` with leaf scores taken in order from `scores`.
fn minimax(tree: &GameTree, min_node: bool, scores: &mut impl Iterator<Item = u32>) -> u32 {
    match tree {
        GameTree::Leaf => scores.next().expect("one score per leaf"),
        GameTree::Node(children) => {
            let values = children.iter().map(|c| minimax(c, !min_node, scores));
            let values: Vec<u32> = values.collect();
            if min_node {
                values.into_iter().min().unwrap()
            } else {
                values.into_iter().max().unwrap()
            }
        }
    }
}

fn brute_force(moves: &[GameTree], alpha: u32) -> Vec<BigRational> {
    let leaves: u32 = moves.iter().map(|m| m.leaves() as u32).sum();
    let total = u64::from(alpha).pow(leaves);
    let mut on_variation = vec![0u64; moves.len()];
    for code in 0..total {
        let mut rest = code;
        let digits: Vec<u32> = (0..leaves)
            .map(|_| {
                let d = (rest % u64::from(alpha)) as u32 + 1;
                rest /= u64::from(alpha);
                d
            })
            .collect();
        let mut scores = digits.into_iter();
        let values: Vec<u32> = moves
            .iter()
            .map(|m| minimax(m, true, &mut scores))
            .collect();
        let root = *values.iter().max().unwrap();
        for (count, v) in on_variation.iter_mut().zip(&values) {
            *count += u64::from(*v == root);
        }
    }
    on_variation
        .into_iter()
        .map(|c| BigRational::new(c.into(), total.into()))
        .collect()
}

fn trees() -> impl Strategy<Value = GameTree> {
    let leaf = Just(GameTree::Leaf);
    leaf.prop_recursive(3, 6, 3, |inner| {
        prop::collection::vec(inner, 1..=3).prop_map(GameTree::Node)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn lemma_5_1_on_explicit_trees_equals_brute_force(
        moves in prop::collection::vec(trees(), 1..=3),
        alpha in 1u32..=3,
    ) {
        let leaves: u64 = moves.iter().map(GameTree::leaves).sum();
        prop_assume!(leaves <= 8);
        prop_assert_eq!(move_probabilities_of_trees(&moves, alpha).unwrap(), brute_force(&moves, alpha));
    }
}

/// The explicit tree of a level-regular shape.
fn regular(children: &[u32]) -> GameTree {
    match children.split_first() {
        None => GameTree::Leaf,
        Some((&count, below)) => GameTree::Node((0..count).map(|_| regular(below)).collect()),
    }
}

#[test]
fn explicit_equals_level_regular() {
    for (a, b, alpha) in [
        (vec![2, 3], vec![3, 2], 2),
        (vec![2, 2, 2], vec![1, 3, 2], 3),
    ] {
        let shapes = [
            MoveShape::new(a.clone()).unwrap(),
            MoveShape::new(b.clone()).unwrap(),
        ];
        assert_eq!(
            move_probabilities_of_trees(&[regular(&a), regular(&b)], alpha).unwrap(),
            move_probabilities(&shapes, alpha).unwrap()
        );
    }
}

#[test]
fn invalid_trees_are_errors() {
    assert_eq!(
        move_probabilities_of_trees(&[], 2),
        Err(ProbabilityError::Shape(ShapeError::NoMoves))
    );
    assert_eq!(
        move_probabilities_of_trees(&[GameTree::Leaf], 0),
        Err(ProbabilityError::Score(ScoreError::ZeroAlpha))
    );
    let empty_node = GameTree::Node(vec![GameTree::Leaf, GameTree::Node(vec![])]);
    assert_eq!(
        move_probabilities_of_trees(&[empty_node], 2),
        Err(ProbabilityError::Shape(ShapeError::ZeroChildren(2)))
    );
}

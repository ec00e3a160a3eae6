//! The counting method against brute force, the lemmas of section 4, and the paper's
//! examples of sections 5 and 6.

use minimax_random::counting::Counts;
use minimax_random::probability::{move_probabilities, ratio_condition};
use minimax_random::{MoveShape, ProbabilityError, ScoreError, ShapeError, brute_force};
use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::Pow;
use proptest::prelude::*;

fn shape(children: &[u32]) -> MoveShape {
    MoveShape::new(children.to_vec()).unwrap()
}

fn fraction(n: i64, d: i64) -> BigRational {
    game_core::number::fraction(n, d).unwrap()
}

/// Moves of one depth with small subtrees, so that brute force stays cheap.
fn small_moves() -> impl Strategy<Value = (Vec<MoveShape>, u32)> {
    (0usize..=3, 1usize..=3, 1u32..=3)
        .prop_flat_map(|(levels, moves, alpha)| {
            let one = prop::collection::vec(1u32..=2, levels);
            (prop::collection::vec(one, moves), Just(alpha))
        })
        .prop_filter_map("at most 12 leaves", |(children, alpha)| {
            let moves: Vec<MoveShape> = children
                .into_iter()
                .map(|c| MoveShape::new(c).unwrap())
                .collect();
            let leaves: u32 = moves.iter().map(|m| m.leaves().unwrap()).sum();
            (leaves <= 12).then_some((moves, alpha))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn counting_equals_brute_force((moves, alpha) in small_moves()) {
        prop_assert_eq!(move_probabilities(&moves, alpha).unwrap(), brute_force::move_probabilities(&moves, alpha).unwrap());
    }

    #[test]
    fn lemmas_4_1_to_4_3_hold(children in prop::collection::vec(1u32..=3, 0..4), alpha in 1u32..=6) {
        let shape = MoveShape::new(children).unwrap();
        let counts = Counts::of_move(&shape, alpha).unwrap();
        let total = Pow::pow(&BigUint::from(alpha), &BigUint::from(shape.leaves().unwrap()));
        for i in 0..=alpha {
            // Lemma 4.3: every assignment is counted once by LE or GT.
            prop_assert_eq!(counts.at_most(i).unwrap() + counts.greater_than(i).unwrap(), total.clone());
        }
        for i in 1..=alpha {
            // Lemma 4.1: EQ(n, i) = LE(n, i) iff i = 1 (when EQ is non-zero).
            let eq = counts.equal_to(i).unwrap();
            if i == 1 {
                prop_assert_eq!(&eq, counts.at_most(1).unwrap());
            } else if eq > BigUint::ZERO {
                prop_assert!(&eq < counts.at_most(i).unwrap());
            }
        }
        prop_assert_eq!(counts.at_most(alpha).unwrap(), &total);
        prop_assert_eq!(counts.greater_than(0).unwrap(), &total);
    }
}

#[test]
fn example_1() {
    let probs = move_probabilities(&[shape(&[2, 3]), shape(&[3, 2])], 2).unwrap();
    assert_eq!(probs, vec![fraction(3691, 4096), fraction(2283, 4096)]);
}

#[test]
fn example_2_and_the_counterexample_of_section_5() {
    let (a, b) = (shape(&[2, 3]), shape(&[1, 2]));
    let pair = [a.clone(), b.clone()];
    assert_eq!(
        move_probabilities(&pair, 2).unwrap(),
        vec![fraction(211, 256), fraction(207, 256)]
    );
    assert_eq!(
        move_probabilities(&pair, 3).unwrap(),
        vec![fraction(4562, 6561), fraction(4802, 6561)]
    );
    // prob(b) > prob(a) at α = 3, yet condition (6) with n1 = b, n2 = a fails at i = 2: the
    // converse of Lemma 5.2 is false.
    assert!(!ratio_condition(&b, &a, 3, 2).unwrap());
}

#[test]
fn example_2_ratio_decreases_from_alpha_3_to_100_and_b_stays_ahead() {
    let pair = [shape(&[2, 3]), shape(&[1, 2])];
    let mut previous: Option<BigRational> = None;
    for alpha in 3..=100 {
        let probs = move_probabilities(&pair, alpha).unwrap();
        assert!(probs[0] < probs[1], "alpha {alpha}");
        let ratio = probs[0].clone() / probs[1].clone();
        if let Some(before) = &previous {
            assert!(ratio < *before, "alpha {alpha}");
        }
        previous = Some(ratio);
    }
}

#[test]
fn invalid_inputs_are_errors() {
    assert_eq!(MoveShape::new(vec![2, 0]), Err(ShapeError::ZeroChildren(2)));
    assert_eq!(
        move_probabilities(&[], 2),
        Err(ProbabilityError::Shape(ShapeError::NoMoves))
    );
    assert_eq!(
        move_probabilities(&[shape(&[2])], 0),
        Err(ProbabilityError::Score(ScoreError::ZeroAlpha))
    );
    assert!(matches!(
        move_probabilities(&[shape(&[2]), shape(&[2, 2])], 2),
        Err(ProbabilityError::Shape(ShapeError::DifferentDepths {
            index: 1,
            ..
        }))
    ));
    assert_eq!(
        brute_force::move_probabilities(&[shape(&[10, 10])], 10),
        Err(brute_force::BruteForceError::TooManyAssignments {
            alpha: 10,
            leaves: 100
        })
    );
}

#[test]
fn scores_beyond_alpha_are_errors() {
    let counts = Counts::of_move(&MoveShape::new(vec![2]).unwrap(), 3).unwrap();
    let beyond = Err(ScoreError::ScoreOutOfRange { score: 4, alpha: 3 });
    assert_eq!(counts.at_most(4), beyond);
    assert_eq!(counts.greater_than(4), beyond);
    assert_eq!(
        counts.equal_to(4),
        Err(ScoreError::ScoreOutOfRange { score: 4, alpha: 3 })
    );
    let shape = MoveShape::new(vec![2]).unwrap();
    assert_eq!(
        ratio_condition(&shape, &shape, 3, 4),
        Err(ProbabilityError::Score(ScoreError::ScoreOutOfRange {
            score: 4,
            alpha: 3
        }))
    );
}

/// Sizes whose exact counts could not fit in memory are refused before anything is
/// allocated (a trillion leaves at α = 2 would take 125 GB, more than this machine has),
/// naming both figures, while the papers' sizes pass.
#[test]
fn counts_too_large_for_memory_are_refused_before_allocation() {
    use minimax_random::ProbabilityError;
    let huge = MoveShape::new(vec![1_000_000, 1_000_000]).unwrap();
    let refused = move_probabilities(std::slice::from_ref(&huge), 2);
    assert!(
        matches!(&refused, Err(ProbabilityError::Memory(error)) if error.need > 125_000_000_000),
        "{refused:?}"
    );
    let message = refused.unwrap_err().to_string();
    assert!(
        message.contains("1000000000000 leaves: ") && message.contains("available"),
        "{message}"
    );
    assert!(matches!(
        Counts::of_move(&huge, 2),
        Err(ProbabilityError::Memory(_))
    ));
    let example_1 = [
        MoveShape::new(vec![2, 3]).unwrap(),
        MoveShape::new(vec![3, 2]).unwrap(),
    ];
    assert!(move_probabilities(&example_1, 100).is_ok());
}

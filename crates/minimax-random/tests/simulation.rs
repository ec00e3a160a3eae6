//! The seeded Monte Carlo estimate of prob(n) against the exact counts.

use game_core::monte_carlo::MonteCarloError;
use minimax_random::probability::move_probabilities;
use minimax_random::simulation::{SimulationError, estimate_move_probabilities};
use minimax_random::{MoveShape, ScoreError, ShapeError};
use num_traits::ToPrimitive;

fn shape(children: &[u32]) -> MoveShape {
    MoveShape::new(children.to_vec()).unwrap()
}

#[test]
fn estimates_agree_with_the_exact_probabilities() {
    let cases = [
        (vec![shape(&[2, 3]), shape(&[3, 2])], 2),
        (vec![shape(&[2, 3]), shape(&[3, 2])], 3),
        (
            vec![shape(&[3, 2, 2]), shape(&[2, 2, 3]), shape(&[2, 3, 2])],
            4,
        ),
        (vec![shape(&[1]), shape(&[4])], 5),
    ];
    for (seed, (moves, alpha)) in cases.into_iter().enumerate() {
        let exact = move_probabilities(&moves, alpha).unwrap();
        let estimates = estimate_move_probabilities(&moves, alpha, seed as u64, 40_000).unwrap();
        for (p, estimate) in exact.iter().zip(&estimates) {
            let p = p.to_f64().unwrap();
            assert_eq!(estimate.n_samples(), 40_000);
            assert!(
                estimate.agrees_with(p),
                "{moves:?}, alpha = {alpha}: exact {p}, estimate {} ± {}",
                estimate.mean(),
                estimate.standard_error()
            );
        }
    }
}

#[test]
fn same_seed_same_estimate() {
    let moves = [shape(&[2, 2]), shape(&[3, 1])];
    let first = estimate_move_probabilities(&moves, 3, 11, 5_000).unwrap();
    let second = estimate_move_probabilities(&moves, 3, 11, 5_000).unwrap();
    assert_eq!(first, second);
}

#[test]
fn invalid_inputs_are_errors() {
    let moves = [shape(&[2])];
    assert_eq!(
        estimate_move_probabilities(&moves, 0, 1, 10),
        Err(SimulationError::Score(ScoreError::ZeroAlpha))
    );
    assert_eq!(
        estimate_move_probabilities(&[], 2, 1, 10),
        Err(SimulationError::Shape(ShapeError::NoMoves))
    );
    assert_eq!(
        estimate_move_probabilities(&moves, 2, 1, 0),
        Err(SimulationError::MonteCarlo(MonteCarloError::ZeroSamples))
    );
    assert!(matches!(
        estimate_move_probabilities(&[shape(&[2]), shape(&[2, 2])], 2, 1, 10),
        Err(SimulationError::Shape(ShapeError::DifferentDepths { .. }))
    ));
}

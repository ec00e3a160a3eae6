//! The optimal player against a random one: the dynamic programme against expectiminimax,
//! the closed forms, and a seeded simulation.

use game_core::monte_carlo::{MonteCarlo, Tally};
use game_core::number::{Real, fraction, to_f64};
use game_core::search::expectiminimax;
use game_core::{Game, Player, Probability, Turn};
use nim_games::matches::MatchesError;
use nim_games::random_opponent::AgainstRandom;
use num_rational::BigRational;
use rand::RngExt;

/// The matches game with the random player as a chance node: (matches left, optimal to move).
struct VersusRandom {
    start: (u32, bool),
}

impl Game for VersusRandom {
    type Position = (u32, bool);
    type Move = u32;
    type Value = BigRational;
    fn initial_position(&self) -> (u32, bool) {
        self.start
    }
    fn turn(&self, position: &(u32, bool)) -> Turn {
        if position.1 {
            Turn::Player(Player::First)
        } else {
            Turn::Chance
        }
    }
    fn legal_moves(&self, position: &(u32, bool)) -> Vec<u32> {
        (1..=3).filter(|&t| t < position.0).collect()
    }
    fn play(&self, position: &(u32, bool), take: &u32) -> (u32, bool) {
        (position.0 - take, !position.1)
    }
    fn terminal_value(&self, position: &(u32, bool)) -> Option<BigRational> {
        (position.0 == 1).then(|| BigRational::from_i64(if position.1 { -1 } else { 1 }))
    }
    fn chance_outcomes(&self, position: &(u32, bool)) -> Vec<(u32, Probability)> {
        let takes = self.legal_moves(position);
        let n = takes.len() as u64;
        takes
            .into_iter()
            .map(|t| (t, Probability::new(1, n)))
            .collect()
    }
}

#[test]
fn the_dynamic_programme_equals_expectiminimax() {
    let solved = AgainstRandom::solve(16).unwrap();
    for n in 1..=16 {
        for (optimal, moves_first) in [(Player::First, true), (Player::Second, false)] {
            let game = VersusRandom {
                start: (n, moves_first),
            };
            let value = expectiminimax(&game, &game.initial_position())
                .unwrap()
                .value;
            assert_eq!(
                solved.expected_value(n, optimal).unwrap(),
                value,
                "n = {n}, {optimal:?}"
            );
        }
    }
}

#[test]
fn the_closed_forms_hold_exactly() {
    let solved = AgainstRandom::solve(201).unwrap();
    let third = fraction(1, 3).unwrap();
    let one = BigRational::from_i64(1);
    let two = BigRational::from_i64(2);
    for k in 0..50u32 {
        let lost_first = num_traits::pow(third.clone(), k as usize);
        // Going first: E[4k + 1] = 1 − 2·(1/3)^k, and 1 elsewhere (report §3.3.1).
        assert_eq!(
            solved.expected_value(4 * k + 1, Player::First).unwrap(),
            one.clone() - two.clone() * lost_first.clone()
        );
        for r in 2..=4 {
            assert_eq!(
                solved.expected_value(4 * k + r, Player::First).unwrap(),
                one
            );
        }
        // Going second: E[4k + 1] = 1 (k ≥ 1) and E[4k + r] = 1 − 2·(1/3)^(k+1) for r = 2..4,
        // k ≥ 1: the random player reaches 4k + 1 with chance 1/3.
        if k >= 1 {
            assert_eq!(
                solved.expected_value(4 * k + 1, Player::Second).unwrap(),
                one
            );
            for r in 2..=4 {
                assert_eq!(
                    solved.expected_value(4 * k + r, Player::Second).unwrap(),
                    one.clone() - two.clone() * lost_first.clone() * third.clone(),
                    "n = {}",
                    4 * k + r
                );
            }
        }
    }
}

#[test]
fn the_optimal_move_differs_from_minimax_only_where_the_position_is_lost() {
    let solved = AgainstRandom::solve(40).unwrap();
    assert_eq!(solved.optimal_takes(5).unwrap(), vec![1]);
    assert_eq!(solved.optimal_takes(1).unwrap(), Vec::<u32>::new());
    for n in 2..=40u32 {
        let takes = solved.optimal_takes(n).unwrap();
        if n % 4 != 1 {
            // Won positions: the optimal move is the minimax move, leaving 4k + 1.
            assert_eq!(takes, vec![(n - 1) % 4], "n = {n}");
        } else if n >= 9 {
            // Lost positions from 9 on: every take leaves the random player one way in three
            // to reach the next lost position.
            assert_eq!(takes, vec![1, 2, 3], "n = {n}");
        }
    }
}

#[test]
fn a_seeded_simulation_agrees_within_four_standard_errors() {
    let solved = AgainstRandom::solve(21).unwrap();
    for (n, optimal) in [(21, Player::First), (6, Player::Second), (9, Player::First)] {
        let estimate = MonteCarlo::new(2014, 200_000)
            .unwrap()
            .estimate(|rng, games| {
                let mut tally = Tally::default();
                for _ in 0..games {
                    let (mut matches, mut optimal_to_move) = (n, optimal == Player::First);
                    while matches > 1 {
                        let take = if optimal_to_move {
                            solved.optimal_takes(matches).unwrap()[0]
                        } else {
                            rng.random_range(1..=3.min(matches - 1))
                        };
                        matches -= take;
                        optimal_to_move = !optimal_to_move;
                    }
                    tally.record(if optimal_to_move { -1 } else { 1 });
                }
                tally
            })
            .unwrap();
        let exact = to_f64(&solved.expected_value(n, optimal).unwrap());
        assert!(
            estimate.agrees_with(exact),
            "n = {n}: {} ± {} vs {exact}",
            estimate.mean(),
            estimate.standard_error()
        );
    }
}

#[test]
fn out_of_range_positions_are_errors() {
    let solved = AgainstRandom::solve(5).unwrap();
    assert_eq!(AgainstRandom::solve(0), Err(MatchesError::NoMatches(0)));
    assert_eq!(
        solved.expected_value(6, Player::First),
        Err(MatchesError::OutOfRange { matches: 6, max: 5 })
    );
    assert!(solved.optimal_takes(0).is_err());
    for n in 1..=5 {
        let p = solved.win_probability(n, Player::Second).unwrap();
        assert!(p >= BigRational::from_i64(0) && p <= BigRational::from_i64(1));
    }
}

//! The matches game: rules, losing positions and tree sizes, each against an independent
//! computation.

use game_core::Game;
use game_core::search::{Solver, Window, alpha_beta, minimax};
use nim_games::matches::{MatchesError, MatchesGame, TreeSizes, is_losing_position};
use proptest::prelude::*;

/// Size of the full game tree from `n` matches by its recurrence, T(1) = 1 and
/// T(n) = 1 + Σ T(n − k) over the takes k ≤ 3 that leave at least one match.
fn full_tree_size(n: u32) -> u64 {
    let mut sizes = vec![0u64, 1];
    for matches in 2..=n as usize {
        let children: u64 = (1..=3)
            .filter(|&take| take < matches)
            .map(|take| sizes[matches - take])
            .sum();
        sizes.push(1 + children);
    }
    sizes[n as usize]
}

#[test]
fn the_moves_are_largest_take_first_and_leave_a_match() {
    let game = MatchesGame::new(4).unwrap();
    assert_eq!(game.legal_moves(&game.initial_position()), vec![3, 2, 1]);
    let two = MatchesGame::new(2).unwrap();
    assert_eq!(two.legal_moves(&two.initial_position()), vec![1]);
    let one = MatchesGame::new(1).unwrap();
    assert_eq!(one.terminal_value(&one.initial_position()), Some(-1));
}

#[test]
fn zero_matches_is_an_error() {
    assert_eq!(MatchesGame::new(0), Err(MatchesError::NoMatches(0)));
}

proptest! {
    #[test]
    fn the_minimax_tree_is_the_whole_game_tree(n in 1u32..=16) {
        let sizes = TreeSizes::measure(&MatchesGame::new(n).unwrap()).unwrap();
        prop_assert_eq!(sizes.minimax, full_tree_size(n));
        prop_assert!(sizes.alpha_beta <= sizes.minimax);
    }

    #[test]
    fn the_first_player_loses_exactly_from_4k_plus_1(n in 1u32..=200) {
        let game = MatchesGame::new(n).unwrap();
        let value = Solver::new(&game).value(&game.initial_position()).unwrap();
        prop_assert_eq!(value == -1, is_losing_position(n));
        prop_assert_eq!(value == -1, n % 4 == 1);
    }

    #[test]
    fn alpha_beta_and_minimax_agree_on_the_value(n in 1u32..=14) {
        let game = MatchesGame::new(n).unwrap();
        let start = game.initial_position();
        let pruned = alpha_beta(&game, &start, Window::new(-1, 1).unwrap()).unwrap();
        prop_assert_eq!(pruned.value, minimax(&game, &start).unwrap().value);
    }
}

#[test]
fn a_winning_first_move_leaves_4k_plus_1() {
    for n in 2..=40u32 {
        let game = MatchesGame::new(n).unwrap();
        let start = game.initial_position();
        let best = Solver::new(&game).best_moves(&start).unwrap();
        if is_losing_position(n) {
            assert_eq!(
                best,
                vec![3, 2, 1]
                    .into_iter()
                    .filter(|&t| t < n)
                    .collect::<Vec<_>>()
            );
        } else {
            assert_eq!(best.len(), 1, "n = {n}");
            assert!(is_losing_position(n - best[0]), "n = {n}");
        }
    }
}

#[test]
fn solved_losing_positions_are_4k_plus_1_and_decide_the_turn() {
    let solved = nim_games::matches::losing_positions(60).unwrap();
    let formula: Vec<u32> = (1..=60).filter(|&n| is_losing_position(n)).collect();
    assert_eq!(solved, formula);
    assert_eq!(
        nim_games::matches::losing_positions(0),
        Err(MatchesError::NoMatches(0))
    );
    for n in 1..=30 {
        let turn = nim_games::matches::preferred_turn(&MatchesGame::new(n).unwrap()).unwrap();
        assert_eq!(
            turn == game_core::Player::Second,
            is_losing_position(n),
            "n = {n}"
        );
    }
}

/// Sizes whose table would exhaust memory are refused at once, with the bound.
#[test]
fn losing_positions_beyond_the_bound_are_refused() {
    use nim_games::matches::{MAX_SOLVED_MATCHES, losing_positions};
    assert_eq!(
        losing_positions(u32::MAX),
        Err(MatchesError::OutOfRange {
            matches: u32::MAX,
            max: MAX_SOLVED_MATCHES
        })
    );
    assert_eq!(losing_positions(13).unwrap(), [1, 5, 9, 13]);
}

/// Trees too large to search node by node are refused at once, with the bound.
#[test]
fn trees_beyond_the_bound_are_refused() {
    use nim_games::matches::{MAX_TREE_MATCHES, TreeSizeError};
    for matches in [MAX_TREE_MATCHES + 1, 300_000] {
        let game = MatchesGame::new(matches).unwrap();
        assert_eq!(
            TreeSizes::measure(&game),
            Err(TreeSizeError::TooManyMatches { matches })
        );
    }
}

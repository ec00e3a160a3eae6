//! A game and a player of the caller's own, through every generic entry point: lines and
//! their merge, matches, the mobility measure, and the exact prob(n) of a position of the
//! game beside the random-minimax player's observed choices.

use game_core::tolerance::MAX_Z_SCORE;
use minimax_random::MoveShape;
use minimax_random::domination::{Dominance, dominance};
use minimax_random::explicit::{GameTreeError, move_probabilities_of_trees, move_trees};
use minimax_random::line::{Line, merge, play_in};
use minimax_random::mobility::{MobilityResult, measure};
use minimax_random::player::{GamePlayer, PlayerError, RandomMinimax};
use minimax_random::tournament::{play_games, play_match};
use minimax_random::{Game, Player, SeededRng, Turn, seeded_stream};
use num_traits::ToPrimitive;

/// Two heaps; a move takes 1, 2 or 3 counters from one heap; whoever takes the last counter
/// wins. Not level-regular: the number of moves falls as the heaps do.
struct TwoHeaps {
    start: [u8; 2],
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Heaps {
    counters: [u8; 2],
    to_move: Player,
}

impl Game for TwoHeaps {
    type Position = Heaps;
    type Move = (usize, u8);
    type Value = i32;

    fn initial_position(&self) -> Heaps {
        Heaps {
            counters: self.start,
            to_move: Player::First,
        }
    }

    fn turn(&self, position: &Heaps) -> Turn {
        Turn::Player(position.to_move)
    }

    fn legal_moves(&self, position: &Heaps) -> Vec<(usize, u8)> {
        (0..2)
            .flat_map(|heap| (1..=3).map(move |take| (heap, take)))
            .filter(|&(heap, take)| take <= position.counters[heap])
            .collect()
    }

    fn play(&self, position: &Heaps, &(heap, take): &(usize, u8)) -> Heaps {
        let mut counters = position.counters;
        counters[heap] -= take;
        Heaps {
            counters,
            to_move: position.to_move.opponent(),
        }
    }

    fn terminal_value(&self, position: &Heaps) -> Option<i32> {
        // The player to move faces empty heaps: the other took the last counter.
        (position.counters == [0, 0]).then_some(match position.to_move {
            Player::First => -1,
            Player::Second => 1,
        })
    }
}

/// A player with an evaluation of its own: it takes as many counters as it can from the
/// larger heap, never drawing at random.
struct Greedy;

impl<G> GamePlayer<G> for Greedy
where
    G: Game<Position = Heaps, Move = (usize, u8)>,
{
    fn name(&self) -> String {
        "greedy".to_owned()
    }

    fn choose(
        &self,
        game: &G,
        position: &Heaps,
        _rng: &mut SeededRng,
    ) -> Result<(usize, u8), PlayerError> {
        game.legal_moves(position)
            .into_iter()
            .max_by_key(|&(heap, take)| (position.counters[heap], take))
            .ok_or(PlayerError::Terminal)
    }
}

fn line(first_game: u64, games: u64) -> Line {
    Line {
        game: "two-heaps-5-4".to_owned(),
        a: "random:1".to_owned(),
        b: "random:4".to_owned(),
        alpha: 1 << 61,
        games,
        first_game,
        seed: 11,
    }
}

const GAME: TwoHeaps = TwoHeaps { start: [5, 4] };

#[test]
fn lines_of_an_own_game_play_and_merge_exactly() {
    let whole = play_in(&GAME, &line(0, 60), false).unwrap().untimed();
    let pieces = vec![
        play_in(&GAME, &line(25, 35), false).unwrap(),
        play_in(&GAME, &line(0, 25), false).unwrap(),
    ];
    assert_eq!(merge(pieces).unwrap(), whole);
    assert_eq!(whole.a_wins + whole.b_wins + whole.draws, 60);
    let full_width = play_in(&GAME, &line(0, 60), true).unwrap();
    assert_eq!(full_width.match_result().games(), 60);
    // Four plies see to the end of most of this game; one ply does not.
    assert!(whole.b_wins > whole.a_wins, "{whole:?}");
}

#[test]
fn a_line_of_an_own_game_names_its_players_errors() {
    let bad = Line {
        b: "deep:2".to_owned(),
        ..line(0, 2)
    };
    assert!(play_in(&GAME, &bad, false).is_err());
}

#[test]
fn an_own_player_plays_matches_reproducibly_and_in_pieces() {
    let searcher = RandomMinimax::parse("random:3", 1 << 61).unwrap();
    let whole = play_match(&GAME, &Greedy, &searcher, 40, 5).unwrap();
    let first = play_games(&GAME, &Greedy, &searcher, 0..17, 5).unwrap();
    let rest = play_games(&GAME, &Greedy, &searcher, 17..40, 5).unwrap();
    assert_eq!(first.merge(rest), whole);
    assert_eq!(whole, play_match(&GAME, &Greedy, &searcher, 40, 5).unwrap());
    assert_eq!(whole.games(), 40);
    assert_eq!(GamePlayer::<TwoHeaps>::name(&Greedy), "greedy");
}

#[test]
fn mobility_is_measured_for_an_own_game_and_player() {
    let searcher = RandomMinimax::parse("paper:2", 1 << 61).unwrap();
    let mobility = measure(&GAME, &searcher, 0..50, 3).unwrap();
    assert_eq!(mobility.games, 50);
    assert!(mobility.decisions >= 50 * 2);
    let result = MobilityResult::new("two-heaps-5-4", "paper:2", 3, &mobility);
    assert_eq!(result.replies_difference, mobility.replies.mean);
    // The greedy player's choices are deterministic, so its measure is the same from any
    // seed.
    let greedy = |seed| measure(&GAME, &Greedy, 0..5, seed).unwrap();
    assert_eq!(greedy(1), greedy(2));
}

/// prob(n) of each opening move from the tree of the caller's game, against the share of
/// decisions in which the paper's player (every leaf at random) counts the move among its
/// best: each within the z-score bound of its binomial standard error.
#[test]
fn exact_prob_n_of_an_own_position_matches_the_players_choices() {
    let depth = 3;
    let alpha = 3;
    let position = GAME.initial_position();
    let trees = move_trees(&GAME, &position, depth).unwrap();
    let exact = move_probabilities_of_trees(&trees, alpha).unwrap();
    let moves = GAME.legal_moves(&position);
    assert_eq!(exact.len(), moves.len());

    let player = RandomMinimax::parse("paper:3", u64::from(alpha)).unwrap();
    let decisions = 20_000u32;
    let mut among_best = vec![0u32; moves.len()];
    for stream in 0..u64::from(decisions) {
        let best = player
            .best_moves(&GAME, &position, &mut seeded_stream(21, stream))
            .unwrap();
        for (count, mv) in among_best.iter_mut().zip(&moves) {
            *count += u32::from(best.contains(mv));
        }
    }
    for (n, (probability, count)) in exact.iter().zip(&among_best).enumerate() {
        let p = probability.to_f64().unwrap();
        let observed = f64::from(*count) / f64::from(decisions);
        let standard_error = (p * (1.0 - p) / f64::from(decisions)).sqrt();
        assert!(
            (observed - p).abs() <= MAX_Z_SCORE * standard_error,
            "move {n}: prob(n) = {p}, observed {observed}"
        );
    }
}

#[test]
fn the_tree_of_an_own_position_is_refused_where_the_model_does_not_apply() {
    let end = Heaps {
        counters: [0, 0],
        to_move: Player::First,
    };
    assert_eq!(
        move_trees(&GAME, &end, 2).unwrap_err(),
        GameTreeError::Terminal
    );
    assert_eq!(
        move_trees(&GAME, &GAME.initial_position(), 0).unwrap_err(),
        GameTreeError::ZeroDepth
    );
    let large = TwoHeaps { start: [60, 60] };
    assert_eq!(
        move_trees(&large, &large.initial_position(), 12).unwrap_err(),
        GameTreeError::TooLarge
    );
}

/// Where the trees of the game are level-regular they have a shape, and the domination
/// theorem orders the moves' exact prob(n) as it says.
#[test]
fn the_domination_theorem_orders_the_moves_of_an_own_position() {
    // Heaps of 9 and 9: two plies from the start every position has six moves.
    let game = TwoHeaps { start: [9, 9] };
    let trees = move_trees(&game, &game.initial_position(), 3).unwrap();
    for tree in &trees {
        assert_eq!(
            tree.shape().expect("six moves everywhere").children(),
            &[6, 6]
        );
    }
    // Heaps of 3 and 9, two plies: taking more from the small heap leaves fewer replies.
    let game = TwoHeaps { start: [3, 9] };
    let position = game.initial_position();
    let trees = move_trees(&game, &position, 2).unwrap();
    let exact = move_probabilities_of_trees(&trees, 5).unwrap();
    let shapes: Vec<MoveShape> = trees.iter().map(|tree| tree.shape().unwrap()).collect();
    let mut ordered_pairs = 0;
    for first in 0..shapes.len() {
        for second in 0..shapes.len() {
            if let Dominance::FirstDominates { .. } =
                dominance(&shapes[first], &shapes[second]).unwrap()
            {
                assert!(exact[first] > exact[second], "{first} over {second}");
                ordered_pairs += 1;
            }
        }
    }
    assert!(ordered_pairs > 0);
}

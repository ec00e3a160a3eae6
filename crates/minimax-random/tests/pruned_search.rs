//! The pruned player chooses its moves with the distribution of the full-width player: on
//! level-regular trees its best moves have the exact prob(n) of the counting functions, and
//! in the real games its choices pass a chi-square test against the full-width player's.

use game_core::random::seeded_stream;
use game_core::tolerance::MAX_Z_SCORE;
use game_core::{Game, Player, Turn};
use minimax_random::MoveShape;
use minimax_random::games::{ConnectFour, Domineering, Othello};
use minimax_random::player::{Evaluation, RandomMinimax};
use minimax_random::probability::move_probabilities;
use num_traits::ToPrimitive;

/// The paper's game tree as a `Game`: the root's moves lead to level-regular subtrees of the
/// given shapes, and the game ends at depth δ, where the random scores are drawn.
struct LevelRegular {
    shapes: Vec<Vec<u32>>,
}

/// A node of [`LevelRegular`]: the root move it descends from (none at the root) and its
/// level.
#[derive(Debug, Clone, Copy)]
struct Node {
    root_move: Option<usize>,
    level: usize,
}

impl LevelRegular {
    fn depth(&self) -> usize {
        self.shapes[0].len() + 1
    }
}

impl Game for LevelRegular {
    type Position = Node;
    type Move = usize;
    type Value = i32;

    fn initial_position(&self) -> Node {
        Node {
            root_move: None,
            level: 0,
        }
    }

    fn turn(&self, node: &Node) -> Turn {
        Turn::Player(Player::after(node.level as u32))
    }

    fn legal_moves(&self, node: &Node) -> Vec<usize> {
        let children = match node.root_move {
            None => self.shapes.len(),
            Some(root_move) => self.shapes[root_move][node.level - 1] as usize,
        };
        (0..children).collect()
    }

    fn play(&self, node: &Node, mv: &usize) -> Node {
        Node {
            root_move: node.root_move.or(Some(*mv)),
            level: node.level + 1,
        }
    }

    fn terminal_value(&self, node: &Node) -> Option<i32> {
        (node.level == self.depth()).then_some(0)
    }
}

/// How often each root move is among the pruned player's best moves, over `draws` fresh
/// draws of the scores, against the exact prob(n): within four standard errors.
fn best_move_frequencies_match_prob(shapes: Vec<Vec<u32>>, alpha: u32, draws: u64) {
    let exact = move_probabilities(
        &shapes
            .iter()
            .map(|shape| MoveShape::new(shape.clone()).unwrap())
            .collect::<Vec<_>>(),
        alpha,
    )
    .unwrap();
    let game = LevelRegular { shapes };
    let player =
        RandomMinimax::new(game.depth() as u32, u64::from(alpha), Evaluation::Paper).unwrap();
    let mut counts = vec![0u64; exact.len()];
    for draw in 0..draws {
        let best = player
            .best_moves(
                &game,
                &game.initial_position(),
                &mut seeded_stream(21, draw),
            )
            .unwrap();
        for mv in best {
            counts[mv] += 1;
        }
    }
    for (n, (count, prob)) in counts.iter().zip(&exact).enumerate() {
        let p = prob.to_f64().unwrap();
        let frequency = *count as f64 / draws as f64;
        let standard_error = (p * (1.0 - p) / draws as f64).sqrt();
        assert!(
            (frequency - p).abs() < MAX_Z_SCORE * standard_error,
            "move {n}: frequency {frequency}, prob(n) {p}"
        );
    }
}

/// Example 1 of the paper (prob(a) = 3691/4096, prob(b) = 2283/4096 at α = 2), Example 2,
/// and a deeper tree with three root moves.
#[test]
fn the_pruned_players_best_moves_have_the_exact_prob_n() {
    best_move_frequencies_match_prob(vec![vec![2, 3], vec![3, 2]], 2, 20_000);
    best_move_frequencies_match_prob(vec![vec![2, 3], vec![3, 2]], 3, 20_000);
    best_move_frequencies_match_prob(vec![vec![2, 2, 3], vec![3, 1, 2], vec![1, 4, 2]], 3, 20_000);
}

/// The upper `level` point of the chi-square law with `df` degrees of freedom, by the
/// Wilson–Hilferty cube-root normal approximation (within a few per cent of the exact
/// quantile for the degrees of freedom used here, far less than the test's margin).
fn chi_square_critical(df: usize, z: f64) -> f64 {
    let k = df as f64;
    let h = 2.0 / (9.0 * k);
    k * (1.0 - h + z * h.sqrt()).powi(3)
}

/// The upper 0.1% point of the standard normal law: the chi-square tests reject at 0.001.
const Z_999: f64 = 3.090_232_306_167_813;

/// Plays `decisions` choices at `position` with the pruned and with the full-width player
/// (independent streams) and tests that the two move distributions are equal: the
/// two-sample chi-square statistic against its upper 0.1% point.
fn pruned_and_full_width_choose_alike<G: Game>(
    game: &G,
    position: &G::Position,
    player: RandomMinimax,
    decisions: u64,
) {
    let moves = game.legal_moves(position);
    let frequencies = |player: RandomMinimax, seed| {
        let mut counts = vec![0u64; moves.len()];
        for stream in 0..decisions {
            let mv = player
                .choose(game, position, &mut seeded_stream(seed, stream))
                .unwrap();
            counts[moves.iter().position(|m| *m == mv).unwrap()] += 1;
        }
        counts
    };
    let pruned = frequencies(player, 5);
    let full_width = frequencies(player.full_width(), 6);
    let cells: Vec<(f64, f64)> = pruned
        .iter()
        .zip(&full_width)
        .filter(|(x, y)| **x + **y > 0)
        .map(|(x, y)| (*x as f64, *y as f64))
        .collect();
    let statistic: f64 = cells.iter().map(|(x, y)| (x - y).powi(2) / (x + y)).sum();
    assert!(cells.len() >= 2, "{player}: a single move is ever chosen");
    let critical = chi_square_critical(cells.len() - 1, Z_999);
    assert!(
        statistic < critical,
        "{player}: chi-square {statistic:.1} ≥ {critical:.1}; pruned {pruned:?}, full width {full_width:?}"
    );
}

/// Every evaluation, with few scores (α = 3, so ties are common and broken at random).
fn players(depth: u32) -> Vec<RandomMinimax> {
    [Evaluation::Paper, Evaluation::Random, Evaluation::Zero]
        .into_iter()
        .map(|evaluation| RandomMinimax::new(depth, 3, evaluation).unwrap())
        .collect()
}

/// A position reached by playing the `n`-th legal move in turn for each `n` of `path`.
fn after<G: Game>(game: &G, path: &[usize]) -> G::Position {
    path.iter().fold(game.initial_position(), |position, &n| {
        let mv = game.legal_moves(&position)[n].clone();
        game.play(&position, &mv)
    })
}

#[test]
fn pruned_and_full_width_players_choose_alike_in_connect_four() {
    // Three in a row can be made on both sides, so wins and losses fall inside the horizon.
    let position = after(&ConnectFour, &[3, 3, 2, 4, 4]);
    for player in players(4) {
        pruned_and_full_width_choose_alike(&ConnectFour, &position, player, 3000);
    }
}

#[test]
fn pruned_and_full_width_players_choose_alike_in_domineering() {
    let game = Domineering::new(5, 5).unwrap();
    let position = after(&game, &[4, 7, 10, 2, 5]);
    for player in players(3) {
        pruned_and_full_width_choose_alike(&game, &position, player, 3000);
    }
}

#[test]
fn pruned_and_full_width_players_choose_alike_in_othello() {
    let game = Othello::new(6).unwrap();
    let position = after(&game, &[0, 1, 2, 0, 1, 3]);
    for player in players(3) {
        pruned_and_full_width_choose_alike(&game, &position, player, 3000);
    }
}

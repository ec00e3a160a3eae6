//! Every search agrees with a brute-force evaluation on random small game trees.

use game_core::number::fraction;
use game_core::search::{
    DepthLimit, Role, SearchError, SearchTrace, Solver, Window, alpha_beta,
    alpha_beta_with_horizon, expectiminimax, expectiminimax_solve, minimax, minimax_with_horizon,
    move_values, negamax_solve, trace_alpha_beta, trace_minimax,
};
use game_core::{Game, PlayError, Player, Probability, Turn};
use num_rational::BigRational;
use proptest::prelude::*;

/// A random game tree: leaves with values, MAX and MIN nodes, and chance nodes whose
/// outcomes have positive integer weights.
#[derive(Debug, Clone)]
enum Tree {
    Leaf(i32),
    Max(Vec<Tree>),
    Min(Vec<Tree>),
    Chance(Vec<(u64, Tree)>),
}

/// The tree flattened into an arena; a position is a node index.
struct ArenaGame {
    nodes: Vec<Tree>,
    children: Vec<Vec<usize>>,
}

impl ArenaGame {
    fn new(tree: &Tree) -> Self {
        let mut game = ArenaGame {
            nodes: Vec::new(),
            children: Vec::new(),
        };
        game.add(tree);
        game
    }

    fn add(&mut self, tree: &Tree) -> usize {
        let index = self.nodes.len();
        self.nodes.push(tree.clone());
        self.children.push(Vec::new());
        let kids: Vec<&Tree> = match tree {
            Tree::Leaf(_) => Vec::new(),
            Tree::Max(kids) | Tree::Min(kids) => kids.iter().collect(),
            Tree::Chance(kids) => kids.iter().map(|(_, t)| t).collect(),
        };
        let ids = kids.into_iter().map(|kid| self.add(kid)).collect();
        self.children[index] = ids;
        index
    }
}

impl Game for ArenaGame {
    type Position = usize;
    type Move = usize;
    type Value = i32;

    fn initial_position(&self) -> usize {
        0
    }

    fn turn(&self, node: &usize) -> Turn {
        match self.nodes[*node] {
            Tree::Max(_) => Turn::Player(Player::First),
            Tree::Min(_) => Turn::Player(Player::Second),
            _ => Turn::Chance,
        }
    }

    fn legal_moves(&self, node: &usize) -> Vec<usize> {
        self.children[*node].clone()
    }

    fn play(&self, _: &usize, child: &usize) -> usize {
        *child
    }

    fn terminal_value(&self, node: &usize) -> Option<i32> {
        match self.nodes[*node] {
            Tree::Leaf(value) => Some(value),
            _ => None,
        }
    }

    fn chance_outcomes(&self, node: &usize) -> Vec<(usize, Probability)> {
        let Tree::Chance(kids) = &self.nodes[*node] else {
            return Vec::new();
        };
        let total: u64 = kids.iter().map(|(w, _)| w).sum();
        kids.iter()
            .zip(&self.children[*node])
            .map(|((weight, _), &child)| (child, Probability::new(*weight, total)))
            .collect()
    }
}

/// The same tree with exact rational values, for expectiminimax.
struct ExactArena(ArenaGame);

impl Game for ExactArena {
    type Position = usize;
    type Move = usize;
    type Value = BigRational;
    fn initial_position(&self) -> usize {
        0
    }
    fn turn(&self, node: &usize) -> Turn {
        self.0.turn(node)
    }
    fn legal_moves(&self, node: &usize) -> Vec<usize> {
        self.0.legal_moves(node)
    }
    fn play(&self, node: &usize, child: &usize) -> usize {
        self.0.play(node, child)
    }
    fn terminal_value(&self, node: &usize) -> Option<BigRational> {
        self.0
            .terminal_value(node)
            .map(|v| BigRational::from_integer(v.into()))
    }
    fn chance_outcomes(&self, node: &usize) -> Vec<(usize, Probability)> {
        self.0.chance_outcomes(node)
    }
}

fn brute_force(tree: &Tree) -> i32 {
    match tree {
        Tree::Leaf(value) => *value,
        Tree::Max(kids) => kids.iter().map(brute_force).max().unwrap(),
        Tree::Min(kids) => kids.iter().map(brute_force).min().unwrap(),
        Tree::Chance(_) => panic!("deterministic trees only"),
    }
}

fn brute_force_expectation(tree: &Tree) -> BigRational {
    match tree {
        Tree::Leaf(value) => BigRational::from_integer((*value).into()),
        Tree::Max(kids) => kids.iter().map(brute_force_expectation).max().unwrap(),
        Tree::Min(kids) => kids.iter().map(brute_force_expectation).min().unwrap(),
        Tree::Chance(kids) => {
            let total: u64 = kids.iter().map(|(w, _)| w).sum();
            kids.iter()
                .map(|(w, t)| {
                    brute_force_expectation(t) * fraction(*w as i64, total as i64).unwrap()
                })
                .sum()
        }
    }
}

fn tree_size(tree: &Tree) -> u64 {
    match tree {
        Tree::Leaf(_) => 1,
        Tree::Max(kids) | Tree::Min(kids) => 1 + kids.iter().map(tree_size).sum::<u64>(),
        Tree::Chance(kids) => 1 + kids.iter().map(|(_, t)| tree_size(t)).sum::<u64>(),
    }
}

fn deterministic_tree() -> impl Strategy<Value = Tree> {
    let leaf = (-5i32..=5).prop_map(Tree::Leaf);
    leaf.prop_recursive(5, 120, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 1..4).prop_map(Tree::Max),
            prop::collection::vec(inner, 1..4).prop_map(Tree::Min),
        ]
    })
}

fn tree_with_chance() -> impl Strategy<Value = Tree> {
    let leaf = (-5i32..=5).prop_map(Tree::Leaf);
    leaf.prop_recursive(5, 120, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 1..4).prop_map(Tree::Max),
            prop::collection::vec(inner.clone(), 1..4).prop_map(Tree::Min),
            prop::collection::vec((1u64..5, inner), 1..4).prop_map(Tree::Chance),
        ]
    })
}

/// Checks a trace's shape against the game: each node's visited children, then its
/// unexamined moves, are its legal moves in order; each child is one ply deeper; the node's
/// role and (for a full search) value are those of the game.
fn check_trace(game: &ArenaGame, trace: &SearchTrace<ArenaGame>, full: bool) {
    for node in trace.nodes() {
        let mut moves: Vec<usize> = node
            .children
            .iter()
            .map(|&child| trace.nodes()[child].via.unwrap())
            .collect();
        moves.extend(&node.unexamined);
        assert_eq!(moves, game.legal_moves(&node.position));
        for &child in &node.children {
            assert_eq!(trace.nodes()[child].depth, node.depth + 1);
            assert_eq!(
                trace.nodes()[child].position,
                trace.nodes()[child].via.unwrap()
            );
        }
        let role = match game.turn(&node.position) {
            _ if game.is_terminal(&node.position) => Role::Leaf,
            Turn::Player(Player::First) => Role::Max,
            _ => Role::Min,
        };
        assert_eq!(node.role, role);
        if full {
            assert!(node.unexamined.is_empty());
            assert_eq!(node.value, minimax(game, &node.position).unwrap().value);
        }
    }
}

proptest! {
    #[test]
    fn a_minimax_trace_is_the_whole_tree_with_its_values(tree in deterministic_tree()) {
        let game = ArenaGame::new(&tree);
        let (result, trace) = trace_minimax(&game, &0).unwrap();
        prop_assert_eq!(result.clone(), minimax(&game, &0).unwrap());
        prop_assert_eq!(trace.len() as u64, tree_size(&tree));
        let root = &trace.nodes()[trace.root()];
        prop_assert_eq!((root.position, root.via, root.depth), (0, None, 0));
        prop_assert_eq!(root.value, result.value);
        check_trace(&game, &trace, true);
    }

    #[test]
    fn an_alpha_beta_trace_has_one_node_per_visit_and_marks_the_cutoffs(
        tree in deterministic_tree(), alpha in -6i32..6, width in 1i32..6,
    ) {
        let game = ArenaGame::new(&tree);
        let window = Window::new(alpha, alpha + width).unwrap();
        let (result, trace) = trace_alpha_beta(&game, &0, window.clone()).unwrap();
        prop_assert_eq!(result.clone(), alpha_beta(&game, &0, window).unwrap());
        prop_assert_eq!(trace.len() as u64, result.stats.nodes);
        let cut = trace.nodes().iter().filter(|node| !node.unexamined.is_empty()).count();
        prop_assert!(cut as u64 <= result.stats.cutoffs);
        prop_assert_eq!(trace.nodes()[trace.root()].value, result.value);
        check_trace(&game, &trace, false);
    }

    #[test]
    fn minimax_equals_brute_force_and_visits_the_whole_tree(tree in deterministic_tree()) {
        let game = ArenaGame::new(&tree);
        let result = minimax(&game, &0).unwrap();
        prop_assert_eq!(result.value, brute_force(&tree));
        prop_assert_eq!(result.stats.nodes, tree_size(&tree));
        prop_assert_eq!(result.stats.cutoffs, 0);
    }

    #[test]
    fn alpha_beta_with_a_window_containing_all_values_is_exact(tree in deterministic_tree()) {
        let game = ArenaGame::new(&tree);
        let result = alpha_beta(&game, &0, Window::new(-6, 6).unwrap()).unwrap();
        prop_assert_eq!(result.value, brute_force(&tree));
        prop_assert!(result.stats.nodes <= tree_size(&tree));
    }

    #[test]
    fn alpha_beta_fails_soft_on_the_correct_side_of_any_window(
        tree in deterministic_tree(), alpha in -6i32..6, width in 1i32..6,
    ) {
        let beta = alpha + width;
        let game = ArenaGame::new(&tree);
        let truth = brute_force(&tree);
        let value = alpha_beta(&game, &0, Window::new(alpha, beta).unwrap()).unwrap().value;
        if value <= alpha {
            prop_assert!(truth <= value);
        } else if value >= beta {
            prop_assert!(truth >= value);
        } else {
            prop_assert_eq!(value, truth);
        }
    }

    #[test]
    fn the_best_move_attains_the_value(tree in deterministic_tree()) {
        let game = ArenaGame::new(&tree);
        let result = minimax(&game, &0).unwrap();
        if let Some(best) = result.best_move {
            prop_assert_eq!(minimax(&game, &best).unwrap().value, result.value);
            let (values, _) = move_values(&game, &0, &mut game_core::search::Unlimited).unwrap();
            let first_best = values.iter().find(|(_, v)| *v == result.value).unwrap();
            prop_assert_eq!(first_best.0, best);
        }
    }

    #[test]
    fn negamax_with_a_table_equals_brute_force(tree in deterministic_tree()) {
        let game = ArenaGame::new(&tree);
        let result = negamax_solve(&game, &0).unwrap();
        prop_assert_eq!(result.value, brute_force(&tree));
        // A tree has no transpositions: the table is never hit and every node is visited once.
        prop_assert_eq!(result.stats.nodes, tree_size(&tree));
        prop_assert_eq!(result.stats.table_hits, 0);
    }

    #[test]
    fn expectiminimax_with_a_table_equals_the_plain_search(tree in tree_with_chance()) {
        let game = ExactArena(ArenaGame::new(&tree));
        let plain = expectiminimax(&game, &0).unwrap();
        let tabled = expectiminimax_solve(&game, &0).unwrap();
        prop_assert_eq!(&tabled.value, &plain.value);
        prop_assert_eq!(tabled.best_move, plain.best_move);
        // A tree has no transpositions: every node is visited once either way.
        prop_assert_eq!(tabled.stats, plain.stats);
    }

    #[test]
    fn expectiminimax_equals_the_exact_expectation(tree in tree_with_chance()) {
        let game = ExactArena(ArenaGame::new(&tree));
        let result = expectiminimax(&game, &0).unwrap();
        prop_assert_eq!(result.value, brute_force_expectation(&tree));
        prop_assert_eq!(result.stats.nodes, tree_size(&tree));
    }

    #[test]
    fn a_horizon_at_depth_one_values_the_children(tree in deterministic_tree()) {
        let game = ArenaGame::new(&tree);
        // Each child valued by its own brute-force value: depth 1 then equals full minimax.
        let exact = |node: &usize| minimax(&game, node).unwrap().value;
        let mut horizon = DepthLimit::new(1, exact).unwrap();
        let limited = minimax_with_horizon(&game, &0, &mut horizon).unwrap();
        prop_assert_eq!(limited.value, brute_force(&tree));
        let mut horizon = DepthLimit::new(1, exact).unwrap();
        let pruned = alpha_beta_with_horizon(&game, &0, Window::new(-6, 6).unwrap(), &mut horizon)
            .unwrap();
        prop_assert_eq!(pruned.value, brute_force(&tree));
    }
}

#[test]
fn deterministic_searches_refuse_chance_nodes() {
    let tree = Tree::Chance(vec![(1, Tree::Leaf(1)), (1, Tree::Leaf(-1))]);
    let game = ArenaGame::new(&tree);
    assert_eq!(minimax(&game, &0), Err(SearchError::ChanceNode));
    assert_eq!(
        alpha_beta(&game, &0, Window::new(-1, 1).unwrap()),
        Err(SearchError::ChanceNode)
    );
    assert_eq!(negamax_solve(&game, &0), Err(SearchError::ChanceNode));
}

#[test]
fn a_position_without_moves_that_is_not_terminal_is_an_error() {
    let game = ArenaGame::new(&Tree::Max(Vec::new()));
    assert_eq!(minimax(&game, &0), Err(SearchError::NoLegalMoves));
    let exact = ExactArena(ArenaGame::new(&Tree::Chance(Vec::new())));
    assert_eq!(
        expectiminimax(&exact, &0),
        Err(SearchError::NoChanceOutcomes)
    );
}

#[test]
fn invalid_windows_and_depths_are_errors() {
    assert!(matches!(
        Window::new(1, 1),
        Err(SearchError::EmptyWindow { .. })
    ));
    assert!(matches!(
        Window::new(2, -2),
        Err(SearchError::EmptyWindow { .. })
    ));
    assert!(matches!(
        DepthLimit::new(0, |_: &usize| 0),
        Err(SearchError::ZeroDepth)
    ));
}

#[test]
fn try_play_rejects_illegal_moves_and_terminal_positions() {
    let tree = Tree::Max(vec![Tree::Leaf(1), Tree::Leaf(2)]);
    let game = ArenaGame::new(&tree);
    assert_eq!(game.try_play(&0, &1), Ok(1));
    assert!(matches!(
        game.try_play(&0, &0),
        Err(PlayError::IllegalMove(_))
    ));
    assert_eq!(game.try_play(&1, &2), Err(PlayError::Terminal));
}

#[test]
fn the_solver_reuses_its_table_across_queries() {
    let tree = Tree::Max(vec![
        Tree::Min(vec![Tree::Leaf(3), Tree::Leaf(-2)]),
        Tree::Leaf(0),
    ]);
    let game = ArenaGame::new(&tree);
    let mut solver = Solver::new(&game);
    assert_eq!(solver.value(&0), Ok(0));
    let visited = solver.stats().nodes;
    assert_eq!(solver.value(&1), Ok(-2));
    assert_eq!(solver.stats().nodes, visited + 1);
    assert_eq!(solver.stats().table_hits, 1);
    assert_eq!(solver.best_moves(&0), Ok(vec![4]));
}

//! Johnson's trees: reproducible node by node, splitting as declared, and giving the
//! no-look-ahead strategies of chapter 2 their closed-form chances of winning.

use std::collections::HashMap;

use game_core::monte_carlo::{MonteCarlo, Tally};
use game_core::number::{Real, fraction, to_f64};
use game_core::tolerance::f64_agree;
use num_rational::BigRational;
use proptest::prelude::*;
use rand::RngExt;
use tree_gen::{
    GameClassError, JohnsonTree, Node, NodeRng, SplitRatio, TreeParams, TreeParamsError, node_key,
    tree_key, uniform_from_key,
};

fn params(e: f64, a: f64) -> TreeParams {
    TreeParams::new(e, SplitRatio::constant(a).unwrap()).unwrap()
}

/// Every node of a finite tree by path ("" for the root, then 'h'/'l' per move).
fn explore(tree: &JohnsonTree, high_first: bool) -> HashMap<String, Node> {
    let mut nodes = HashMap::new();
    let mut stack = vec![(String::new(), tree.root())];
    while let Some((path, node)) = stack.pop() {
        if let Some(fork) = tree.fork(&node) {
            let high = (format!("{path}h"), fork.high);
            let low = (format!("{path}l"), fork.low);
            if high_first {
                stack.extend([low, high]);
            } else {
                stack.extend([high, low]);
            }
        }
        nodes.insert(path, node);
    }
    nodes
}

#[test]
fn the_tree_does_not_depend_on_the_order_nodes_are_visited() {
    let params = params(0.7, 0.75);
    for game in 0..50 {
        let tree = JohnsonTree::new(&params, 11, game);
        assert_eq!(explore(&tree, true), explore(&tree, false));
    }
}

#[test]
fn a_finite_dependent_game_has_exactly_one_win_and_values_summing_to_one() {
    let params = params(0.6, 0.7);
    for game in 0..200 {
        let tree = JohnsonTree::new(&params, 5, game);
        let nodes = explore(&tree, true);
        let endpoints: Vec<&Node> = nodes.values().filter(|n| n.is_endpoint).collect();
        let wins = endpoints
            .iter()
            .filter(|n| tree.is_dependent_win(n))
            .count();
        assert_eq!(wins, 1, "game {game}");
        let total: f64 = endpoints.iter().map(|n| n.value).sum();
        assert!(f64_agree(total, 1.0), "game {game}: {total}");
    }
}

proptest! {
    #[test]
    fn forks_split_values_as_declared(seed in any::<u64>(), game in any::<u64>(), uniform in any::<bool>()) {
        let ratio = if uniform { SplitRatio::Uniform } else { SplitRatio::constant(0.8).unwrap() };
        let params = TreeParams::new(0.3, ratio).unwrap();
        let tree = JohnsonTree::new(&params, seed, game);
        let mut node = tree.root();
        for _ in 0..20 {
            let Some(fork) = tree.fork(&node) else { break };
            let ratio = fork.ratio.unwrap();
            prop_assert!((0.5..=1.0).contains(&ratio));
            prop_assert!(fork.high.value >= fork.low.value);
            prop_assert!((fork.high.value + fork.low.value - node.value).abs() <= f64::EPSILON);
            if !uniform {
                prop_assert_eq!(ratio, 0.8);
            }
            prop_assert_eq!(fork.high.on_win_path && fork.low.on_win_path, false);
            prop_assert_eq!(fork.high.on_win_path || fork.low.on_win_path, node.on_win_path);
            node = if seed % 2 == 0 { fork.high } else { fork.low };
        }
    }
}

/// How a no-look-ahead strategy moves: always high (STRAT) or at random (NOSTRAT).
#[derive(Clone, Copy)]
enum Mover {
    High,
    Random,
}

/// Plays `n` games from batch generator `rng`, recording 1 for each win.
fn play(
    params: &TreeParams,
    seed: u64,
    rng: &mut impl rand::Rng,
    n: u64,
    mover: Mover,
    dependent: bool,
) -> Tally {
    let mut tally = Tally::default();
    for _ in 0..n {
        let tree = JohnsonTree::new(params, seed, rng.next_u64());
        let mut node = tree.root();
        while let Some(fork) = tree.fork(&node) {
            node = match mover {
                Mover::High => fork.high,
                Mover::Random => {
                    if rng.random::<bool>() {
                        fork.high
                    } else {
                        fork.low
                    }
                }
            };
        }
        let won = if dependent {
            tree.is_dependent_win(&node)
        } else {
            tree.is_independent_win(&node)
        };
        tally.record(i32::from(won));
    }
    tally
}

/// NOSTRAT: E / (E + 1); STRAT: A·E / (1 − A·S) (Johnson, chapter 2).
fn closed_form(e: &BigRational, a: &BigRational, mover: Mover) -> BigRational {
    let one = BigRational::from_i64(1);
    let s = one.clone() - e.clone();
    match mover {
        Mover::Random => e.clone() / (e.clone() + one),
        Mover::High => a.clone() * e.clone() / (one - a.clone() * s),
    }
}

#[test]
fn no_look_ahead_strategies_win_as_chapter_2_computes() {
    let cases = [(1, 2, 3, 4), (1, 4, 3, 4), (3, 4, 1, 2), (1, 10, 9, 10)];
    for (en, ed, an, ad) in cases {
        let (e, a) = (fraction(en, ed).unwrap(), fraction(an, ad).unwrap());
        let params = params(to_f64(&e), to_f64(&a));
        for mover in [Mover::High, Mover::Random] {
            for dependent in [true, false] {
                let seed = 1970 + en as u64;
                let estimate = MonteCarlo::new(seed, 200_000)
                    .unwrap()
                    .estimate(|rng, n| play(&params, seed, rng, n, mover, dependent))
                    .unwrap();
                let exact = to_f64(&closed_form(&e, &a, mover));
                let z = estimate.z_score(exact);
                assert!(
                    estimate.agrees_with(exact),
                    "E={e} A={a} dependent={dependent}: {} vs {exact}, z={z:.2}",
                    estimate.mean()
                );
            }
        }
    }
    // The paper's own figures for E = 1/2, A = 3/4: NOSTRAT .3333, STRAT .6000.
    let (e, a) = (fraction(1, 2).unwrap(), fraction(3, 4).unwrap());
    assert_eq!(closed_form(&e, &a, Mover::Random), fraction(1, 3).unwrap());
    assert_eq!(closed_form(&e, &a, Mover::High), fraction(3, 5).unwrap());
}

#[test]
fn random_ratios_with_mean_three_quarters_give_strat_the_same_chance() {
    // STRAT's chance depends on the ratios only through their mean when they are
    // independent: uniform on [1/2, 1] and 1/2 + Beta(2,2)/2 both have mean 3/4.
    let beta = rand_distr::Beta::new(2.0, 2.0).unwrap();
    for ratio in [
        SplitRatio::Uniform,
        SplitRatio::from_distribution(beta, |x| 0.5 + 0.5 * x),
    ] {
        let params = TreeParams::new(0.5, ratio).unwrap();
        let estimate = MonteCarlo::new(7, 200_000)
            .unwrap()
            .estimate(|rng, n| play(&params, 7, rng, n, Mover::High, false))
            .unwrap();
        let z = estimate.z_score(0.6);
        assert!(
            estimate.agrees_with(0.6),
            "{} (z = {z:.2})",
            estimate.mean()
        );
    }
}

#[test]
fn endpoints_occur_with_probability_e() {
    let params = params(0.3, 0.75);
    let estimate = MonteCarlo::new(3, 400_000)
        .unwrap()
        .estimate(|rng, n| {
            let mut tally = Tally::default();
            for _ in 0..n {
                let tree = JohnsonTree::new(&params, 3, rng.next_u64());
                let fork = tree.fork(&tree.root()).unwrap();
                tally.record(i32::from(fork.high.is_endpoint));
                tally.record(i32::from(fork.low.is_endpoint));
            }
            tally
        })
        .unwrap();
    assert!(estimate.agrees_with(0.3));
}

#[test]
fn keys_and_node_numbers_are_value_stable() {
    // Pinned outputs of the counter-based generator: a change here changes every tree.
    let root = tree_key(0, 0);
    let pinned = [root, node_key(root, 1), uniform_from_key(root, 0).to_bits()];
    assert_eq!(pinned, PINNED);
    let mut rng = NodeRng::new(root, 1);
    let first = rand::Rng::next_u64(&mut rng);
    assert_eq!(first, rand::Rng::next_u64(&mut NodeRng::new(root, 1)));
    assert_ne!(first, rand::Rng::next_u64(&mut NodeRng::new(root, 2)));
}

/// tree_key(0, 0), its high child's key, and the bits of its first uniform number, as
/// recorded when the generator was chosen.
const PINNED: [u64; 3] = [
    5_197_578_548_964_807_871,
    4_964_577_235_801_436_555,
    4_597_557_882_247_627_444,
];

#[test]
fn invalid_parameters_are_errors() {
    for e in [0.0, -0.1, 1.01, f64::NAN] {
        assert!(matches!(
            TreeParams::new(e, SplitRatio::Uniform),
            Err(TreeParamsError::GameClass(
                GameClassError::EndpointProbability(_)
            ))
        ));
    }
    for a in [0.49, 1.01, f64::NAN] {
        assert!(matches!(
            SplitRatio::constant(a),
            Err(TreeParamsError::GameClass(GameClassError::SplitRatio(_)))
        ));
    }
    assert!(TreeParams::new(1.0, SplitRatio::constant(0.5).unwrap()).is_ok());
}

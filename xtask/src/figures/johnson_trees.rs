//! Johnson's Figure 1.1, a generated game tree, drawn from `tree-gen` and laid out by
//! Graphviz.

use std::fmt::Write;

use tree_gen::{JohnsonTree, Node, SplitRatio, TreeParams};

use super::Figure;
use super::graphviz::{GRAPH_STYLE, NODE_STYLE, Palette, hex, quote, render, tint};

/// The figures of this paper drawn as trees.
pub fn figures() -> Vec<Figure> {
    vec![Figure {
        paper: "johnson1970",
        name: "figure-1.1",
        draw: figure_1_1,
    }]
}

/// The class of the drawn tree: E = 1/2, and the memo's example split ratio .6 ("the top
/// point has value 1 and the bottom points might have values .6 and .4").
const ENDPOINT_PROBABILITY: f64 = 0.5;
const SPLIT_RATIO: f64 = 0.6;
/// The seeds are tried from here, the memo's year, until a tree fits the page.
const FIRST_SEED: u64 = 1970;
/// A tree that fits the page and still shows a few levels: this many forks.
const FORKS: std::ops::RangeInclusive<usize> = 4..=7;

/// A generated tree, node by node in depth-first order, high branch first.
struct GeneratedTree {
    seed: u64,
    /// Each node with the index of its parent.
    nodes: Vec<(Node, Option<usize>)>,
}

impl GeneratedTree {
    /// The tree of game 0 under `seed`, or `None` when it has more forks than
    /// [`FORKS`] allows (E = 1/2 gives finite trees, but some large ones).
    fn generate(params: &TreeParams, seed: u64) -> Option<GeneratedTree> {
        let tree = JohnsonTree::new(params, seed, 0);
        let mut nodes = Vec::new();
        let mut stack = vec![(tree.root(), None)];
        let mut forks = 0;
        while let Some((node, parent)) = stack.pop() {
            let index = nodes.len();
            nodes.push((node, parent));
            if let Some(fork) = tree.fork(&node) {
                forks += 1;
                if forks > *FORKS.end() {
                    return None;
                }
                stack.push((fork.low, Some(index)));
                stack.push((fork.high, Some(index)));
            }
        }
        FORKS
            .contains(&forks)
            .then_some(GeneratedTree { seed, nodes })
    }

    /// The first tree from [`FIRST_SEED`] on with a number of forks in [`FORKS`].
    fn first_that_fits() -> Result<GeneratedTree, String> {
        let ratio = SplitRatio::constant(SPLIT_RATIO).map_err(|e| e.to_string())?;
        let params = TreeParams::new(ENDPOINT_PROBABILITY, ratio).map_err(|e| e.to_string())?;
        (FIRST_SEED..FIRST_SEED + 1000)
            .find_map(|seed| GeneratedTree::generate(&params, seed))
            .ok_or_else(|| "no seed in 1000 gives a tree that fits".to_owned())
    }

    /// Whether the node at `index` is the win of the dependent game (TSD).
    fn is_win(&self, index: usize) -> bool {
        let (node, _) = &self.nodes[index];
        node.is_endpoint && node.on_win_path
    }
}

/// A value as the memo writes it: no leading zero, at most four decimals (exact to depth
/// four with A = .6).
fn memo_decimal(value: f64) -> String {
    let text = format!("{value:.4}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.strip_prefix('0').unwrap_or(text).to_owned()
}

/// Figure 1.1: a generated tree with the values at its points and the win of TSD marked.
fn figure_1_1() -> Result<String, String> {
    render(&figure_1_1_dot(&GeneratedTree::first_that_fits()?)?)
}

fn figure_1_1_dot(tree: &GeneratedTree) -> Result<String, String> {
    let caption = format!(
        "Figure 1.1. A generated tree: E = 1/2, split ratio A = .6, seed {}, game 0\n\
         (the first seed from {FIRST_SEED} whose tree has {} to {} forks)\n\
         oval: split point (S); box: endpoint (E); in each, its value; high branch left\n\
         green: the win of TSD (one endpoint, chosen with chance equal to its value), \
         reached by the thick blue path\n ",
        tree.seed,
        FORKS.start(),
        FORKS.end()
    );
    let mut dot = String::new();
    writeln!(
        dot,
        "digraph {{\ngraph [{GRAPH_STYLE} label={}]",
        quote(&caption)
    )
    .map_err(|e| e.to_string())?;
    writeln!(
        dot,
        "node [{NODE_STYLE} width=0.6 height=0.45]\nedge [arrowhead=none penwidth=1.2]"
    )
    .map_err(|e| e.to_string())?;
    for (index, (node, parent)) in tree.nodes.iter().enumerate() {
        let (shape, fill) = match (node.is_endpoint, tree.is_win(index)) {
            (false, _) => ("ellipse", tint(Palette::MAX)),
            (true, false) => ("box", "white".to_owned()),
            (true, true) => ("box", tint(Palette::LEAF)),
        };
        let label = if tree.is_win(index) {
            format!("{}\nwin", memo_decimal(node.value))
        } else {
            memo_decimal(node.value)
        };
        writeln!(
            dot,
            "n{index} [shape={shape} fillcolor={fill} label={}]",
            quote(&label)
        )
        .map_err(|e| e.to_string())?;
        if let Some(parent) = parent {
            let edge = if node.on_win_path {
                format!(" [color={} penwidth=3]", hex(Palette::CHOSEN))
            } else {
                String::new()
            };
            writeln!(dot, "n{parent} -> n{index}{edge}").map_err(|e| e.to_string())?;
        }
    }
    writeln!(dot, "}}").map_err(|e| e.to_string())?;
    Ok(dot)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The drawn tree is a tree of the class: values split at ratio .6, its endpoint values
    /// sum to the top value 1, and exactly one endpoint is the win of TSD.
    #[test]
    fn figure_1_1_is_a_tree_of_the_class_with_one_win() {
        let tree = GeneratedTree::first_that_fits().unwrap();
        let endpoints: Vec<f64> = tree
            .nodes
            .iter()
            .filter(|(node, _)| node.is_endpoint)
            .map(|(node, _)| node.value)
            .collect();
        let forks = tree.nodes.len() - endpoints.len();
        assert!(FORKS.contains(&forks));
        assert_eq!(endpoints.len(), forks + 1);
        assert!((endpoints.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        let wins = (0..tree.nodes.len()).filter(|&i| tree.is_win(i)).count();
        assert_eq!(wins, 1);
        for (node, parent) in &tree.nodes {
            if let Some(parent) = parent {
                let share = node.value / tree.nodes[*parent].0.value;
                assert!((share - 0.6).abs() < 1e-12 || (share - 0.4).abs() < 1e-12);
            }
        }
        assert_eq!(memo_decimal(0.6 * 0.6 * 0.4), ".144");
    }

    /// Every node is drawn, with its value as the memo writes it.
    #[test]
    fn figure_1_1_draws_every_node() {
        if super::super::graphviz::skip_without_dot() {
            return;
        }
        let tree = GeneratedTree::first_that_fits().unwrap();
        let svg = figure_1_1().unwrap();
        assert_eq!(svg.matches("class=\"node\"").count(), tree.nodes.len());
        assert!(svg.contains(">win</text>"));
    }
}

//! The tree of Johnson's Figure 1.1: the first tree generated from a stated seed on that
//! fits the page, from `tree-gen`. Drawn by `figures::johnson_trees`.

use tree_gen::{JohnsonTree, Node, SplitRatio, TreeParams};

use crate::error::{Error, LibraryResult, Result};

/// The class of the drawn tree: E = 1/2, and the memo's example split ratio .6 ("the top
/// point has value 1 and the bottom points might have values .6 and .4").
pub const ENDPOINT_PROBABILITY: f64 = 0.5;
pub const SPLIT_RATIO: f64 = 0.6;
/// The seeds are tried from here, the memo's year, until a tree fits the page.
pub const FIRST_SEED: u64 = 1970;
/// A tree that fits the page and still shows a few levels: this many forks.
pub const FORKS: std::ops::RangeInclusive<usize> = 4..=7;

/// A generated tree, node by node in depth-first order, high branch first.
pub struct GeneratedTree {
    /// The seed of the tree's stream.
    pub seed: u64,
    /// Each node with the index of its parent.
    pub nodes: Vec<(Node, Option<usize>)>,
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
    pub fn first_that_fits() -> Result<GeneratedTree> {
        let ratio = SplitRatio::constant(SPLIT_RATIO).library()?;
        let params = TreeParams::new(ENDPOINT_PROBABILITY, ratio).library()?;
        (FIRST_SEED..FIRST_SEED + 1000)
            .find_map(|seed| GeneratedTree::generate(&params, seed))
            .ok_or_else(|| {
                Error::NotComputable("no seed in 1000 gives a tree that fits".to_owned())
            })
    }

    /// Whether the node at `index` is the win of the dependent game (TSD).
    pub fn is_win(&self, index: usize) -> bool {
        let (node, _) = &self.nodes[index];
        node.is_endpoint && node.on_win_path
    }
}

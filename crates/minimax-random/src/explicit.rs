//! Explicit game trees of any shape: Lemma 5.1 needs only that the moves' subtrees are
//! scored independently, not that they are level-regular.
//!
//! ```
//! use minimax_random::explicit::{GameTree, move_probabilities_of_trees};
//! use num_rational::BigRational;
//!
//! // A move to a single leaf against a move to a min-node over two leaves, α = 2: the
//! // single leaf is on a principal variation unless it scores 1 and the min-node 2.
//! let leaf = GameTree::Leaf;
//! let pair = GameTree::Node(vec![GameTree::Leaf, GameTree::Leaf]);
//! let probs = move_probabilities_of_trees(&[leaf, pair], 2)?;
//! assert_eq!(probs[0], BigRational::new(7.into(), 8.into()));
//! # Ok::<(), minimax_random::ProbabilityError>(())
//! ```

use num_bigint::BigUint;
use num_rational::BigRational;

use crate::counting::Counts;
use crate::probability::{over_power, principal_count};
use crate::shape::{ProbabilityError, ShapeError, check_alpha};

/// A game tree given node by node. A move's node is a min-node, its children max-nodes, and
/// so on; the leaves get the random scores.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum GameTree {
    /// A leaf, scored uniformly on {1, …, α}.
    Leaf,
    /// An inner node and its children (at least one).
    Node(Vec<GameTree>),
}

impl GameTree {
    /// The counts at the tree's root, a move's node (a min-node), scores uniform on
    /// {1, …, α}.
    ///
    /// # Errors
    ///
    /// [`ScoreError::ZeroAlpha`](crate::ScoreError::ZeroAlpha);
    /// [`ShapeError::ZeroChildren`] for an inner node without children.
    pub fn counts(&self, alpha: u32) -> Result<Counts, ProbabilityError> {
        check_alpha(alpha)?;
        let (le, gt, _) = counts_of(self, alpha, true, 0)?;
        Ok(Counts::from_le_and_gt(alpha, le, gt))
    }

    /// The number of leaves.
    pub fn leaves(&self) -> u64 {
        match self {
            GameTree::Leaf => 1,
            GameTree::Node(children) => children.iter().map(GameTree::leaves).sum(),
        }
    }
}

/// prob(n) for every move, the moves' subtrees given explicitly (Lemma 5.1), exactly.
///
/// # Errors
///
/// [`ShapeError::NoMoves`], [`ScoreError::ZeroAlpha`](crate::ScoreError::ZeroAlpha), and
/// [`ShapeError::ZeroChildren`] for an inner node without children (its level below the
/// move).
pub fn move_probabilities_of_trees(
    moves: &[GameTree],
    alpha: u32,
) -> Result<Vec<BigRational>, ProbabilityError> {
    if moves.is_empty() {
        return Err(ShapeError::NoMoves.into());
    }
    let counts = moves
        .iter()
        .map(|tree| tree.counts(alpha))
        .collect::<Result<Vec<_>, _>>()?;
    let leaves: u64 = moves.iter().map(GameTree::leaves).sum();
    (0..moves.len())
        .map(|k| Ok(over_power(principal_count(&counts, k)?, alpha, leaves)))
        .collect()
}

/// LE(n, i) and GT(n, i) for i = 0, …, α at the root of `tree`, a min-node when `min_node`
/// (equations 3 and 4 and Lemma 4.3, node by node), and its number of leaves.
fn counts_of(
    tree: &GameTree,
    alpha: u32,
    min_node: bool,
    depth: usize,
) -> Result<(Vec<BigUint>, Vec<BigUint>, u64), ShapeError> {
    let children = match tree {
        GameTree::Leaf => {
            let le = (0..=alpha).map(BigUint::from).collect();
            let gt = (0..=alpha).map(|i| BigUint::from(alpha - i)).collect();
            return Ok((le, gt, 1));
        }
        GameTree::Node(children) if children.is_empty() => {
            return Err(ShapeError::ZeroChildren(depth + 1));
        }
        GameTree::Node(children) => children,
    };
    let mut product = vec![BigUint::from(1u32); alpha as usize + 1];
    let mut leaves = 0;
    for child in children {
        let (le, gt, child_leaves) = counts_of(child, alpha, !min_node, depth + 1)?;
        // A min-node exceeds i when every child does; a max-node is at most i when every
        // child is.
        let factor = if min_node { gt } else { le };
        for (p, f) in product.iter_mut().zip(factor) {
            *p *= f;
        }
        leaves += child_leaves;
    }
    let total = num_traits::pow(BigUint::from(alpha), leaves as usize);
    let complement: Vec<BigUint> = product.iter().map(|p| &total - p).collect();
    Ok(if min_node {
        (complement, product, leaves)
    } else {
        (product, complement, leaves)
    })
}

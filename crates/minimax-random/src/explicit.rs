//! Explicit game trees of any shape: Lemma 5.1 needs only that the moves' subtrees are
//! scored independently, not that they are level-regular.
//!
//! The tree below a position of any [`Game`] is one of them ([`move_trees`]), so prob(n)
//! and the domination theorem apply to a position of one's own game.
//!
//! ```
//! use minimax_random::explicit::{GameTree, move_probabilities_of_trees};
//! use minimax_random::BigRational;
//!
//! // A move to a single leaf against a move to a min-node over two leaves, α = 2: the
//! // single leaf is on a principal variation unless it scores 1 and the min-node 2.
//! let leaf = GameTree::Leaf;
//! let pair = GameTree::Node(vec![GameTree::Leaf, GameTree::Leaf]);
//! let probs = move_probabilities_of_trees(&[leaf, pair], 2)?;
//! assert_eq!(probs[0], BigRational::new(7.into(), 8.into()));
//! # Ok::<(), minimax_random::ProbabilityError>(())
//! ```

use game_core::{Game, Player, Turn};
use num_bigint::BigUint;
use num_rational::BigRational;

use crate::counting::Counts;
use crate::probability::{over_power, principal_count};
use crate::shape::{MoveShape, ProbabilityError, ShapeError, check_alpha};

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

    /// The tree's shape when it is level-regular (every node of a level has the same number
    /// of children, every leaf at the bottom level), so that the counting functions and the
    /// domination theorem ([`crate::domination`]) apply to it; `None` otherwise. A lone leaf
    /// is the move of a one-ply search, whose shape has no level below it.
    ///
    /// ```
    /// use minimax_random::MoveShape;
    /// use minimax_random::explicit::GameTree;
    ///
    /// let pair = GameTree::Node(vec![GameTree::Leaf, GameTree::Leaf]);
    /// let regular = GameTree::Node(vec![pair.clone(), pair.clone(), pair.clone()]);
    /// assert_eq!(regular.shape(), Some(MoveShape::new(vec![3, 2]).unwrap()));
    /// let ragged = GameTree::Node(vec![pair, GameTree::Leaf]);
    /// assert_eq!(ragged.shape(), None);
    /// ```
    pub fn shape(&self) -> Option<MoveShape> {
        let mut level = vec![self];
        let mut children_per_level = Vec::new();
        while let GameTree::Node(first) = level[0] {
            let count = first.len();
            if count == 0 {
                return None;
            }
            let mut next = Vec::with_capacity(level.len() * count);
            for node in &level {
                match node {
                    GameTree::Node(children) if children.len() == count => next.extend(children),
                    _ => return None,
                }
            }
            children_per_level.push(u32::try_from(count).ok()?);
            level = next;
        }
        if level.iter().any(|node| matches!(node, GameTree::Node(_))) {
            return None;
        }
        MoveShape::new(children_per_level).ok()
    }
}

/// The most leaves [`move_trees`] builds: four million, about 100 MB of tree. A bound, not
/// a measurement of prob(n)'s cost (which [`move_probabilities_of_trees`] pays in big
/// integers of N·log₂(α + 1) bits for N leaves).
pub const MAX_LEAVES: u64 = 1 << 22;

/// Why the tree below a game's position could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameTreeError {
    /// The tree must reach at least one ply below the position.
    #[error("the depth must be at least 1")]
    ZeroDepth,
    /// The position is terminal: there is no move to choose.
    #[error("the position is terminal")]
    Terminal,
    /// A chance node `ply` plies below the position, which random minimaxing does not search.
    #[error("a chance node {ply} plies below the position")]
    ChanceNode {
        /// Its distance from the position.
        ply: u32,
    },
    /// The same player moves at two plies in a row (a pass written as a second move), so
    /// min- and max-nodes do not alternate as the paper's trees do.
    #[error("the same player moves at plies {ply} and {} below the position", ply + 1)]
    NotAlternating {
        /// The first of the two plies.
        ply: u32,
    },
    /// A position `ply` plies below that is not terminal and has no legal move: the paper's
    /// trees score only leaves, and the player gives such a position a draw's score.
    #[error("a position {ply} plies below has no move and is not terminal")]
    NoMoves {
        /// Its distance from the position.
        ply: u32,
    },
    /// More than [`MAX_LEAVES`] leaves.
    #[error("the tree has more than {MAX_LEAVES} leaves")]
    TooLarge,
}

/// The subtree of each legal move at `position`, in [`Game::legal_moves`] order, to `depth`
/// plies below `position`: the tree that the random-minimax player scoring every leaf at
/// random (`Evaluation::Paper`, δ = `depth`) searches. A position at the horizon, or a
/// terminal one inside it, is a leaf (the paper scores both at random).
/// [`move_probabilities_of_trees`] of the result is prob(n) of each move.
///
/// # Errors
///
/// [`GameTreeError`]: a depth of 0, a terminal `position`, a chance node, a player moving
/// twice in a row, a non-terminal position without moves, or more than [`MAX_LEAVES`] leaves.
///
/// # Examples
///
/// prob(n) of every opening move of Domineering on a 2 × 3 board, searched two plies deep
/// with scores from {1, …, 4}.
///
/// ```
/// use minimax_random::Game;
/// use minimax_random::explicit::{move_probabilities_of_trees, move_trees};
/// use minimax_random::games::Domineering;
///
/// let game = Domineering::new(2, 3).unwrap();
/// let trees = move_trees(&game, &game.initial_position(), 2).unwrap();
/// let probabilities = move_probabilities_of_trees(&trees, 4).unwrap();
/// assert_eq!(probabilities.len(), game.legal_moves(&game.initial_position()).len());
/// ```
pub fn move_trees<G: Game>(
    game: &G,
    position: &G::Position,
    depth: u32,
) -> Result<Vec<GameTree>, GameTreeError> {
    if depth == 0 {
        return Err(GameTreeError::ZeroDepth);
    }
    let mut builder = TreeBuilder { game, leaves: 0 };
    match builder.tree(position, 0, depth, None)? {
        GameTree::Node(trees) => Ok(trees),
        // Only a terminal position is a leaf at ply 0 of a depth of at least 1.
        GameTree::Leaf => Err(GameTreeError::Terminal),
    }
}

/// The game whose tree [`move_trees`] builds, and the leaves built so far.
struct TreeBuilder<'a, G> {
    game: &'a G,
    leaves: u64,
}

impl<G: Game> TreeBuilder<'_, G> {
    /// The player to move at `position`, `ply` plies below the root.
    fn mover(&self, position: &G::Position, ply: u32) -> Result<Player, GameTreeError> {
        match self.game.turn(position) {
            Turn::Player(player) => Ok(player),
            Turn::Chance => Err(GameTreeError::ChanceNode { ply }),
        }
    }

    /// The tree below `position`, `ply` plies below the root, whose parent's mover was
    /// `parent` (`None` at the root).
    fn tree(
        &mut self,
        position: &G::Position,
        ply: u32,
        depth: u32,
        parent: Option<Player>,
    ) -> Result<GameTree, GameTreeError> {
        if ply == depth || self.game.is_terminal(position) {
            self.leaves += 1;
            if self.leaves > MAX_LEAVES {
                return Err(GameTreeError::TooLarge);
            }
            return Ok(GameTree::Leaf);
        }
        let mover = self.mover(position, ply)?;
        if parent == Some(mover) {
            return Err(GameTreeError::NotAlternating { ply: ply - 1 });
        }
        let game = self.game;
        let mut children = Vec::new();
        for child in game.children(position) {
            children.push(self.tree(&child, ply + 1, depth, Some(mover))?);
        }
        if children.is_empty() {
            return Err(GameTreeError::NoMoves { ply });
        }
        Ok(GameTree::Node(children))
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

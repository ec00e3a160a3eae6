//! The shape of a move's subgame tree.

use game_core::memory::{MemoryError, ensure};

/// A move's subgame tree, or a set of moves, that is not a level-regular game tree.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// A level with no children: the level-regular tree would end early.
    #[error("level {0} below the move has no children")]
    ZeroChildren(usize),
    /// A position needs at least one move.
    #[error("there are no moves to compare")]
    NoMoves,
    /// All moves' subgame trees must reach the same depth δ.
    #[error("move {index} reaches depth {depth}, the first move {expected}")]
    DifferentDepths {
        /// The move that differs.
        index: usize,
        /// Its depth.
        depth: usize,
        /// The first move's depth.
        expected: usize,
    },
    /// The moves have more leaves in all than an exponent of α^N can count (`u64`).
    #[error("the moves have too many leaves to count assignments of")]
    TooManyLeaves,
}

/// A score range {1, …, α} or a score in it that is not valid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScoreError {
    /// Scores are drawn from {1, …, α}, α ≥ 1.
    #[error("the score range alpha must be at least 1")]
    ZeroAlpha,
    /// A score outside the range the function accepts (0..=α, or 1..=α).
    #[error("score {score} is outside the range for alpha = {alpha}")]
    ScoreOutOfRange {
        /// The score asked for.
        score: u32,
        /// α.
        alpha: u32,
    },
}

/// Why prob(n), or the counts behind it, could not be computed: the moves' shapes or the
/// scores.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProbabilityError {
    /// The moves are not level-regular subtrees of one depth.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// α or a score is out of range.
    #[error(transparent)]
    Score(#[from] ScoreError),
    /// The exact counts would not fit in the memory this process may use: each of the
    /// α + 1 counts LE and GT has up to N·log₂(α + 1) bits for N leaves.
    #[error(transparent)]
    Memory(#[from] MemoryError),
}

/// The working memory of prob(n)'s exact counts, per byte of the counts themselves: the
/// products and sums of one level are made beside the counts they come from. Measured
/// (peak resident memory of two moves, α = 2 with 2^21 to 2^25 leaves, α = 100 and 1,000
/// with 2·10^6 leaves): 1.2 to 1.9 times the counts' bytes.
const WORKING_FACTOR: u128 = 2;

/// Refuses α and N whose counts LE and GT (α + 1 of each, up to N·log₂(α + 1) bits apiece,
/// and their working copies) would not fit in the memory this process may use.
pub(crate) fn check_count_size(alpha: u32, leaves: u64) -> Result<(), ProbabilityError> {
    let bits_per_score = u128::from(u32::BITS - alpha.leading_zeros()) + 1;
    let bytes = 2 * (u128::from(alpha) + 1) * u128::from(leaves) * bits_per_score / 8;
    let need = u64::try_from(WORKING_FACTOR * bytes).unwrap_or(u64::MAX);
    ensure(need, || {
        format!("the exact counts of prob(n) for alpha = {alpha} and {leaves} leaves")
    })?;
    Ok(())
}

/// Scores are drawn from {1, …, α}: α must be at least 1.
pub(crate) fn check_alpha(alpha: u32) -> Result<(), ScoreError> {
    if alpha == 0 {
        return Err(ScoreError::ZeroAlpha);
    }
    Ok(())
}

/// The level-regular subgame tree below one move n ∈ moves(T): the number of children of
/// every node at each level below the move, χ at levels 1, 2, … (q_1, m_2, q_3, … in the
/// paper's notation: the move itself is a min-node, its children max-nodes, and so on).
///
/// An empty list means the move's position is itself a leaf (δ = 1).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MoveShape {
    children: Vec<u32>,
}

impl MoveShape {
    /// The move whose node has `children[0]` children, each of which has `children[1]`, …
    ///
    /// # Errors
    ///
    /// [`ShapeError::ZeroChildren`] for a level with no children.
    pub fn new(children: Vec<u32>) -> Result<Self, ShapeError> {
        if let Some(level) = children.iter().position(|&c| c == 0) {
            return Err(ShapeError::ZeroChildren(level + 1));
        }
        Ok(MoveShape { children })
    }

    /// χ at each level below the move.
    pub fn children(&self) -> &[u32] {
        &self.children
    }

    /// δ − 1: the levels below the move.
    pub fn levels(&self) -> usize {
        self.children.len()
    }

    /// #T\[n\], the number of leaves below the move, as a `u32` exponent when it fits.
    pub fn leaves(&self) -> Option<u32> {
        self.children
            .iter()
            .try_fold(1u32, |product, &c| product.checked_mul(c))
    }
}

//! Level-regular game trees with random leaf scores (Levene and Fenner, section 2).
//!
//! A tree is *level-regular* when all nodes at the same level have the same number of
//! children; it is given by its branching sequence b_1, …, b_δ (the root has b_1 children,
//! each of them b_2, …), and is *uniform* when all b_k are equal. Random minimaxing scores
//! its leaves with independent integers uniform on {1, …, α}.

use crate::key::{node_key, tree_key, uniform_from_key};

/// Invalid parameters of a level-regular tree or of its scores.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LevelRegularError {
    /// A tree needs at least one level below the root.
    #[error("a level-regular tree needs at least one level")]
    NoLevels,
    /// Every level must have at least one child per node.
    #[error("level {0} has no children")]
    ZeroChildren(usize),
    /// Scores are drawn from {1, …, α}, α ≥ 1.
    #[error("the score range alpha must be at least 1")]
    ZeroAlpha,
    /// The tree has too many leaves to list.
    #[error("the tree has more than {0} leaves")]
    TooManyLeaves(u64),
}

/// A level-regular tree, by its branching sequence.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LevelRegular {
    branching: Vec<u32>,
}

impl LevelRegular {
    /// The tree whose nodes at level k − 1 have `branching[k − 1]` children.
    ///
    /// # Errors
    ///
    /// [`LevelRegularError::NoLevels`] for an empty sequence,
    /// [`LevelRegularError::ZeroChildren`] for a level with 0 children.
    pub fn new(branching: Vec<u32>) -> Result<Self, LevelRegularError> {
        if branching.is_empty() {
            return Err(LevelRegularError::NoLevels);
        }
        if let Some(level) = branching.iter().position(|&b| b == 0) {
            return Err(LevelRegularError::ZeroChildren(level + 1));
        }
        Ok(LevelRegular { branching })
    }

    /// The uniform tree of depth `depth` in which every node has `children` children.
    ///
    /// # Errors
    ///
    /// As [`LevelRegular::new`].
    pub fn uniform(children: u32, depth: usize) -> Result<Self, LevelRegularError> {
        LevelRegular::new(vec![children; depth])
    }

    /// The branching sequence b_1, …, b_δ.
    pub fn branching(&self) -> &[u32] {
        &self.branching
    }

    /// The depth δ.
    pub fn depth(&self) -> usize {
        self.branching.len()
    }

    /// The number of leaves, Π b_k, or `None` if it overflows `u64`.
    pub fn leaves(&self) -> Option<u64> {
        self.branching
            .iter()
            .try_fold(1u64, |product, &b| product.checked_mul(u64::from(b)))
    }

    /// Independent scores uniform on {1, …, `alpha`} for the leaves, in depth-first order
    /// (leaf index = the mixed-radix number of its path); the score of a leaf depends only
    /// on (seed, tree index, path).
    ///
    /// # Errors
    ///
    /// [`LevelRegularError::ZeroAlpha`], or [`LevelRegularError::TooManyLeaves`] beyond
    /// `max_leaves`.
    pub fn leaf_scores(
        &self,
        alpha: u32,
        seed: u64,
        tree: u64,
        max_leaves: u64,
    ) -> Result<Vec<u32>, LevelRegularError> {
        if alpha == 0 {
            return Err(LevelRegularError::ZeroAlpha);
        }
        let leaves = self
            .leaves()
            .filter(|&n| n <= max_leaves)
            .ok_or(LevelRegularError::TooManyLeaves(max_leaves))?;
        let mut scores = Vec::with_capacity(leaves as usize);
        self.collect_scores(tree_key(seed, tree), 0, alpha, &mut scores);
        Ok(scores)
    }

    fn collect_scores(&self, key: u64, level: usize, alpha: u32, scores: &mut Vec<u32>) {
        match self.branching.get(level) {
            None => {
                let u = uniform_from_key(key, 0);
                // u < 1, so the score is at most alpha.
                scores.push(1 + (u * f64::from(alpha)) as u32);
            }
            Some(&children) => {
                for child in 0..children {
                    let child_key = node_key(key, u64::from(child));
                    self.collect_scores(child_key, level + 1, alpha, scores);
                }
            }
        }
    }
}

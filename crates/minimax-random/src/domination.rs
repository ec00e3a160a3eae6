//! Domination between moves (Levene and Fenner, section 6): n1 ⪰ n2 when, level by level,
//! n1's subgame tree gives black (min-nodes) no more choice and white (max-nodes) no less.
//! The domination theorem (6.2): n1 ≻ n2 implies prob(n1) > prob(n2).

use crate::shape::{MoveShape, ShapeError};

/// How two moves' subgame trees compare under domination.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Dominance {
    /// The same number of children at every level.
    Equal,
    /// The first strictly dominates the second (n1 ≻ n2), differing at these levels (1 is
    /// the level of the moves themselves).
    FirstDominates {
        /// The levels where the numbers of children differ.
        levels: Vec<usize>,
    },
    /// The second strictly dominates the first.
    SecondDominates {
        /// The levels where the numbers of children differ.
        levels: Vec<usize>,
    },
    /// Neither dominates the other.
    Neither,
}

impl Dominance {
    /// The level φ at which the dominating move dominates *solely* (n1 ≻_φ n2), if the two
    /// differ at exactly one level.
    pub fn solely_at(&self) -> Option<usize> {
        match self {
            Dominance::FirstDominates { levels } | Dominance::SecondDominates { levels } => {
                (levels.len() == 1).then(|| levels[0])
            }
            Dominance::Equal | Dominance::Neither => None,
        }
    }
}

/// Compares two moves of the same depth. Level k (1 for the move itself) holds min-nodes
/// when k is odd, max-nodes when k is even: n1 ⪰ n2 iff χ1 ≤ χ2 at every odd level and
/// χ1 ≥ χ2 at every even level.
///
/// # Errors
///
/// [`ShapeError::DifferentDepths`] when the two trees have different depths.
///
/// ```
/// use minimax_random::{MoveShape, domination::{Dominance, dominance}};
/// let a = MoveShape::new(vec![2, 3]).unwrap();
/// let b = MoveShape::new(vec![3, 2]).unwrap();
/// assert_eq!(dominance(&a, &b).unwrap(), Dominance::FirstDominates { levels: vec![1, 2] });
/// ```
pub fn dominance(first: &MoveShape, second: &MoveShape) -> Result<Dominance, ShapeError> {
    if first.levels() != second.levels() {
        return Err(ShapeError::DifferentDepths {
            index: 1,
            depth: second.levels(),
            expected: first.levels(),
        });
    }
    let mut first_ok = true;
    let mut second_ok = true;
    let mut levels = Vec::new();
    for (index, (&c1, &c2)) in first.children().iter().zip(second.children()).enumerate() {
        if c1 == c2 {
            continue;
        }
        let level = index + 1;
        levels.push(level);
        let min_level = level % 2 == 1;
        // At a min-level fewer children favour white; at a max-level more do.
        let first_better = (c1 < c2) == min_level;
        first_ok &= first_better;
        second_ok &= !first_better;
    }
    Ok(match (levels.is_empty(), first_ok, second_ok) {
        (true, _, _) => Dominance::Equal,
        (false, true, _) => Dominance::FirstDominates { levels },
        (false, _, true) => Dominance::SecondDominates { levels },
        (false, false, false) => Dominance::Neither,
    })
}

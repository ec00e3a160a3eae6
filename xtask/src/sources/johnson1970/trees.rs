//! The trees and diagrams of Johnson's figures: the tree of Figure 1.1, the first
//! generated from a stated seed on that fits the page (`tree-gen`); HSTRAT's evaluation
//! diagram of Figure 3.1 (`lookahead-eval`); the two situations of Figure 5.1 with
//! B'STRAT's chances (`solitaire::depreciation`); game 3 of Figure 6.1. Drawn by
//! `figures::johnson_trees`.

use game_core::number::fraction;
use lookahead_eval::diagram::{Diagram, DiagramPosition, MoveEnd};
use lookahead_eval::{Game3Parameters, GameClass};
use num_rational::BigRational;
use solitaire::Form;
use solitaire::depreciation::chance_bstrat;
use solitaire::strategies::HighChain;
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

/// One move of an evaluation diagram: each position the player can stand on, with the
/// chance P of standing there and each end of its move with that end's chance; and D(n),
/// the chance of winning on this move.
pub struct DiagramRow {
    /// (position, P, the move's ends with their chances).
    pub positions: Vec<DiagramPoint>,
    /// D(n).
    pub won: BigRational,
}

/// A position of a diagram's row, its chance, and the ends of its move.
pub type DiagramPoint = (DiagramPosition, BigRational, Vec<(MoveEnd, BigRational)>);

/// The positions a diagram reaches after its rows, with their chances.
pub type Reached = Vec<(DiagramPosition, BigRational)>;

/// The first `moves` rows of HSTRAT's evaluation diagram at E = 1/2, A = 3/4 in `form`
/// (Figure 3.1), and the positions reached after them with their chances.
pub fn hstrat_diagram(form: Form, moves: usize) -> Result<(Vec<DiagramRow>, Reached)> {
    let class = GameClass::new(fraction(1, 2).library()?, fraction(3, 4).library()?).library()?;
    let hstrat = HighChain::new(1).library()?;
    let mut diagram = Diagram::new(&hstrat, form, &class);
    let mut rows = Vec::new();
    for _ in 0..moves {
        let mut positions = Vec::new();
        for (position, chance) in diagram.positions() {
            let ends = diagram.move_ends(&position).library()?;
            positions.push((position, chance, ends));
        }
        let won = diagram.next_move().library()?;
        rows.push(DiagramRow { positions, won });
    }
    Ok((rows, diagram.positions()))
}

/// One situation of Figure 5.1: the player's position of value 1, both branches found to
/// be split points, H of value `high` with split ratio `high_ratio`, L of value 1 − `high`
/// with `low_ratio` (all in hundredths).
pub struct KnownForks {
    /// H, in hundredths.
    pub high: i64,
    /// R_H, in hundredths.
    pub high_ratio: i64,
    /// R_L, in hundredths.
    pub low_ratio: i64,
}

/// The memo's story, twice: L's high branch is the highest point at its level, yet
/// B'STRAT goes high (H/(H + L) = .6); and with H/(H + L) = .52, below the memo's .55, it
/// goes low.
pub const SITUATIONS: [KnownForks; 2] = [
    KnownForks {
        high: 60,
        high_ratio: 55,
        low_ratio: 95,
    },
    KnownForks {
        high: 52,
        high_ratio: 50,
        low_ratio: 90,
    },
];

/// Chapter 5's setting: E = .5 and A = .75, the expected ratio of the forks not yet seen.
pub fn chapter_5_setting() -> Result<(BigRational, BigRational)> {
    Ok((fraction(1, 2).library()?, fraction(3, 4).library()?))
}

impl KnownForks {
    fn hundredths(k: i64) -> BigRational {
        BigRational::new(k.into(), 100.into())
    }

    /// (H, R_H) and (L, R_L) exactly.
    pub fn branches(&self) -> [(BigRational, BigRational); 2] {
        [
            (
                Self::hundredths(self.high),
                Self::hundredths(self.high_ratio),
            ),
            (
                Self::hundredths(100 - self.high),
                Self::hundredths(self.low_ratio),
            ),
        ]
    }

    /// C_B(E, A, H, R_H) and C_B(E, A, L, R_L), exactly: B'STRAT moves to the larger.
    pub fn chances(&self) -> Result<[BigRational; 2]> {
        let (e, a) = chapter_5_setting()?;
        Ok(self
            .branches()
            .map(|(x, r)| chance_bstrat(e.clone(), a.clone(), x, r)))
    }
}

/// Table 6.1's game 3: E = 1/2, T = 1/2, Δ = 1/6.
pub fn table_6_1_game() -> Result<Game3Parameters> {
    Game3Parameters::new(
        fraction(1, 2).library()?,
        fraction(1, 2).library()?,
        fraction(1, 6).library()?,
    )
    .library()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Figure 5.1 tells the memo's story: in both situations L's high branch is the highest
    /// point at its level; B'STRAT moves high when H/(H + L) = .6 and low when it is .52,
    /// below the memo's .55.
    #[test]
    fn figure_5_1_tells_the_memos_story() {
        let mut moves = Vec::new();
        for situation in &SITUATIONS {
            let [(h, rh), (l, rl)] = situation.branches();
            assert!(&l * &rl > &h * &rh && &l * &rl > &h - &h * &rh);
            let [high, low] = situation.chances().unwrap();
            moves.push(if high > low { "high" } else { "low" });
        }
        assert_eq!(moves, ["high", "low"]);
    }
}

//! The trees of the matches report's Figures 1–8, traced from our own searches of
//! `nim_games::matches` (`game_core::search::trace_minimax` and `trace_alpha_beta`), and
//! which nodes of a full tree alpha-beta skips. Drawn by `figures::matches_trees`.

use std::collections::HashSet;

use game_core::Game;
use game_core::search::{SearchTrace, Window, trace_alpha_beta, trace_minimax};
use nim_games::matches::MatchesGame;

use crate::error::{LibraryResult, Result};

/// Which search a figure traces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Search {
    /// The full minimax tree.
    Minimax,
    /// The full minimax tree, with the nodes alpha-beta never visits drawn dashed: the
    /// report's "minimax tree pruned" (its Figure 2).
    MinimaxPruned,
    /// The alpha-beta tree: the nodes alpha-beta visits, with the moves each cut-off left
    /// unexamined.
    AlphaBeta,
}

/// One of the report's tree figures.
pub struct TreeFigure {
    /// *n*, the matches at the start.
    pub matches: u32,
    /// The search traced.
    pub search: Search,
    /// The report shows only the top of its largest trees: below this depth a subtree is
    /// drawn as one triangle that says how many nodes it holds.
    pub shown_depth: Option<u32>,
    /// The first line of the drawing's caption.
    pub title: &'static str,
}

/// The report's Figures 1–8, in order. Its captions of Figures 5–8 all read "Minimax Tree
/// for n=7"; the section headings above them say what they are (n = 15 minimax, n = 7, 15
/// and 21 alpha-beta), and those are drawn.
pub const FIGURES: [TreeFigure; 8] = [
    TreeFigure {
        matches: 4,
        search: Search::Minimax,
        shown_depth: None,
        title: "Figure 1. Minimax tree for n = 4",
    },
    TreeFigure {
        matches: 5,
        search: Search::MinimaxPruned,
        shown_depth: None,
        title: "Figure 2. Minimax tree pruned for n = 5",
    },
    TreeFigure {
        matches: 5,
        search: Search::AlphaBeta,
        shown_depth: None,
        title: "Figure 3. Alpha-beta tree for n = 5",
    },
    TreeFigure {
        matches: 7,
        search: Search::Minimax,
        shown_depth: None,
        title: "Figure 4. Minimax tree for n = 7",
    },
    TreeFigure {
        matches: 15,
        search: Search::Minimax,
        shown_depth: Some(3),
        title: "Figure 5. Minimax tree for n = 15, its top three plies",
    },
    TreeFigure {
        matches: 7,
        search: Search::AlphaBeta,
        shown_depth: None,
        title: "Figure 6. Alpha-beta tree for n = 7",
    },
    TreeFigure {
        matches: 15,
        search: Search::AlphaBeta,
        shown_depth: None,
        title: "Figure 7. Alpha-beta tree for n = 15",
    },
    TreeFigure {
        matches: 21,
        search: Search::AlphaBeta,
        shown_depth: Some(4),
        title: "Figure 8. Alpha-beta tree for n = 21, its top four plies",
    },
];

/// The report's window: (−1, +1), the range of the utilities (`docs/matches.md`).
pub fn report_window() -> Result<Window<i32>> {
    Window::new(-1, 1).library()
}

/// The trace a figure draws, and the nodes of it to draw dashed (by their path of takes
/// from the root): for [`Search::MinimaxPruned`], those alpha-beta never visits.
pub fn traced(figure: &TreeFigure) -> Result<(SearchTrace<MatchesGame>, Skipped)> {
    let game = MatchesGame::new(figure.matches).library()?;
    let start = game.initial_position();
    let minimax = || trace_minimax(&game, &start).library();
    let alpha_beta = || trace_alpha_beta(&game, &start, report_window()?).library();
    Ok(match figure.search {
        Search::Minimax => (minimax()?.1, Skipped::None),
        Search::AlphaBeta => (alpha_beta()?.1, Skipped::None),
        Search::MinimaxPruned => {
            let visited = paths(&alpha_beta()?.1);
            (minimax()?.1, Skipped::NotIn(visited))
        }
    })
}

/// Which nodes of a full tree a pruned search skipped.
pub enum Skipped {
    /// None: the whole trace is drawn.
    None,
    /// Every node whose path is not in the set.
    NotIn(HashSet<Vec<u32>>),
}

impl Skipped {
    /// Whether the node at `path` was skipped.
    pub fn contains(&self, path: &[u32]) -> bool {
        match self {
            Skipped::None => false,
            Skipped::NotIn(visited) => !visited.contains(path),
        }
    }
}

/// The path of takes from the root to every node of `trace`.
pub fn paths(trace: &SearchTrace<MatchesGame>) -> HashSet<Vec<u32>> {
    let mut found = HashSet::new();
    let mut stack = vec![(trace.root(), Vec::new())];
    while let Some((index, path)) = stack.pop() {
        for &child in &trace.nodes()[index].children {
            let mut below = path.clone();
            below.extend(trace.nodes()[child].via);
            stack.push((child, below));
        }
        found.insert(path);
    }
    found
}

/// The number of nodes in the subtree below `index`, itself included.
pub fn subtree_size(trace: &SearchTrace<MatchesGame>, index: usize) -> usize {
    1 + trace.nodes()[index]
        .children
        .iter()
        .map(|&child| subtree_size(trace, child))
        .sum::<usize>()
}

/// How many nodes of `trace` were skipped.
pub fn count_skipped(trace: &SearchTrace<MatchesGame>, skipped: &Skipped) -> usize {
    paths(trace)
        .iter()
        .filter(|path| skipped.contains(path))
        .count()
}

#[cfg(test)]
mod tests {
    use nim_games::matches::TreeSizes;

    use super::*;

    /// Each traced tree has the size the searches count, and the nodes a pruned drawing
    /// dashes are exactly those alpha-beta does not visit.
    #[test]
    fn the_traces_have_the_sizes_of_the_searches() {
        for figure in &FIGURES {
            let (trace, skipped) = traced(figure).unwrap();
            let sizes = TreeSizes::measure(&MatchesGame::new(figure.matches).unwrap()).unwrap();
            let drawn = trace.len() as u64;
            match figure.search {
                Search::Minimax => assert_eq!(drawn, sizes.minimax),
                Search::AlphaBeta => assert_eq!(drawn, sizes.alpha_beta),
                Search::MinimaxPruned => {
                    assert_eq!(drawn, sizes.minimax);
                    let visited = drawn - count_skipped(&trace, &skipped) as u64;
                    assert_eq!(visited, sizes.alpha_beta, "n = {}", figure.matches);
                }
            }
            assert_eq!(subtree_size(&trace, trace.root()), trace.len());
        }
    }
}

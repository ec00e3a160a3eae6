//! The tree a search visits, recorded node by node: what a report draws when it shows a
//! minimax or alpha-beta tree.

use super::alpha_beta::alpha_beta_observed;
use super::minimax::minimax_observed;
use super::observer::{Observer, Role};
use super::{SearchError, SearchResult, Unlimited, Window};
use crate::game::Game;

/// One visit of a search: a position, the move that led to it, and the value the search
/// returned for it.
pub struct TracedNode<G: Game> {
    /// The position visited.
    pub position: G::Position,
    /// The move from the parent; `None` at the root.
    pub via: Option<G::Move>,
    /// Plies below the root.
    pub depth: u32,
    /// Max, Min or Leaf.
    pub role: Role,
    /// The value the search returned for the position: exact for minimax, and for alpha-beta
    /// exact inside the window the position was searched with, a bound outside it.
    pub value: G::Value,
    /// The children visited, in the order they were searched (indices into
    /// [`SearchTrace::nodes`]).
    pub children: Vec<usize>,
    /// The moves a cut-off left unexamined, in [`Game::legal_moves`] order: empty unless
    /// alpha-beta stopped at this position.
    pub unexamined: Vec<G::Move>,
}

/// Every position a search visited, once per visit, as a tree.
///
/// The trace has exactly [`super::SearchStats::nodes`] nodes, so a drawing of it shows the
/// tree whose size the statistics count.
pub struct SearchTrace<G: Game> {
    // Post-order: a node is recorded when its search ends, after its children.
    nodes: Vec<TracedNode<G>>,
}

impl<G: Game> SearchTrace<G> {
    /// Every visited node; the root is [`SearchTrace::root`].
    pub fn nodes(&self) -> &[TracedNode<G>] {
        &self.nodes
    }

    /// The index of the root in [`SearchTrace::nodes`].
    pub fn root(&self) -> usize {
        self.nodes.len() - 1
    }

    /// The number of nodes visited.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether nothing was visited (never, for a trace a search returned).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

// Written out because derives would demand `G: Debug + Clone` of the game itself, when only
// its positions, moves and values are stored.
impl<G: Game> std::fmt::Debug for TracedNode<G>
where
    G::Position: std::fmt::Debug,
{
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TracedNode")
            .field("position", &self.position)
            .field("via", &self.via)
            .field("depth", &self.depth)
            .field("role", &self.role)
            .field("value", &self.value)
            .field("children", &self.children)
            .field("unexamined", &self.unexamined)
            .finish()
    }
}

impl<G: Game> std::fmt::Debug for SearchTrace<G>
where
    G::Position: std::fmt::Debug,
{
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchTrace")
            .field("nodes", &self.nodes)
            .finish()
    }
}

/// A position being searched: everything about it but its value.
struct Open<G: Game> {
    position: G::Position,
    via: Option<G::Move>,
    depth: u32,
    role: Role,
    children: Vec<usize>,
}

/// Builds a [`SearchTrace`] from a search's enter and leave reports.
pub(crate) struct Recorder<G: Game> {
    open: Vec<Open<G>>,
    nodes: Vec<TracedNode<G>>,
}

impl<G: Game> Recorder<G> {
    pub(crate) fn new() -> Self {
        Recorder {
            open: Vec::new(),
            nodes: Vec::new(),
        }
    }

    pub(crate) fn finish(self) -> SearchTrace<G> {
        SearchTrace { nodes: self.nodes }
    }
}

impl<G: Game> Observer<G> for Recorder<G> {
    fn enter(&mut self, position: &G::Position, via: Option<&G::Move>, depth: u32, role: Role) {
        self.open.push(Open {
            position: position.clone(),
            via: via.cloned(),
            depth,
            role,
            children: Vec::new(),
        });
    }

    fn leave(&mut self, value: &G::Value, unexamined: &[G::Move]) {
        // The searches pair every leave with an enter, so an open node is always there.
        let Some(open) = self.open.pop() else {
            return;
        };
        let index = self.nodes.len();
        self.nodes.push(TracedNode {
            position: open.position,
            via: open.via,
            depth: open.depth,
            role: open.role,
            value: value.clone(),
            children: open.children,
            unexamined: unexamined.to_vec(),
        });
        if let Some(parent) = self.open.last_mut() {
            parent.children.push(index);
        }
    }
}

/// [`super::minimax`], with the tree it visited: the whole game tree below `position`.
///
/// # Errors
///
/// As [`super::minimax`].
///
/// # Examples
///
/// ```
/// use game_core::{Game, ImpartialGame, ImpartialPlay, PlayConvention};
/// use game_core::search::{Role, trace_minimax};
///
/// /// The matches game: n matches, take 1–3, at least one must stay.
/// struct Matches;
/// impl ImpartialGame for Matches {
///     type Position = u32;
///     fn options(&self, n: &u32) -> Vec<u32> {
///         (1..=3).filter(|take| take < n).map(|take| n - take).collect()
///     }
/// }
/// let game = ImpartialPlay::new(Matches, 4, PlayConvention::Normal);
/// let (result, trace) = trace_minimax(&game, &game.initial_position()).unwrap();
/// assert_eq!(trace.len() as u64, result.stats.nodes); // 4 → {3, 2, 1}, 3 → {2, 1}, 2 → {1}, 2 → {1}
/// assert_eq!(trace.len(), 8);
/// let root = &trace.nodes()[trace.root()];
/// assert_eq!((root.role, root.value, root.children.len()), (Role::Max, 1, 3));
/// ```
pub fn trace_minimax<G: Game>(
    game: &G,
    position: &G::Position,
) -> Result<(SearchResult<G>, SearchTrace<G>), SearchError> {
    let mut recorder = Recorder::new();
    let result = minimax_observed(game, position, &mut Unlimited, &mut recorder)?;
    Ok((result, recorder.finish()))
}

/// [`super::alpha_beta`], with the tree it visited: every position searched, the cut-offs
/// recorded as the moves each position left unexamined.
///
/// # Errors
///
/// As [`super::alpha_beta`].
pub fn trace_alpha_beta<G: Game>(
    game: &G,
    position: &G::Position,
    window: Window<G::Value>,
) -> Result<(SearchResult<G>, SearchTrace<G>), SearchError> {
    let mut recorder = Recorder::new();
    let result = alpha_beta_observed(game, position, window, &mut Unlimited, &mut recorder)?;
    Ok((result, recorder.finish()))
}

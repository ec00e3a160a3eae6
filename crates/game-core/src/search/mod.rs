//! Generic search over a [`Game`]: minimax, alpha-beta, negamax with a transposition table,
//! and expectiminimax over chance nodes; minimax and alpha-beta also traced, node by node.
//!
//! Conventions shared by every search here:
//! - values are from [`Player::First`](crate::Player::First)'s point of view (MAX); the
//!   second player is MIN;
//! - moves are tried in the order [`Game::legal_moves`] returns them, and among equally
//!   good moves the first in that order is the best move;
//! - [`SearchStats::nodes`] counts every position the search visits — the root, interior
//!   positions and leaves — once per visit (a transposition reached twice counts twice unless
//!   a transposition table answers it, which [`SearchStats::table_hits`] counts).

mod alpha_beta;
mod expectiminimax;
mod minimax;
mod negamax;
mod observer;
mod trace;

use std::fmt::Debug;

pub use alpha_beta::{Window, alpha_beta, alpha_beta_with_horizon};
pub use expectiminimax::{expectiminimax, expectiminimax_solve};
pub use minimax::{MoveValues, minimax, minimax_with_horizon, move_values};
pub use negamax::{Solver, negamax_solve};
pub use observer::Role;
pub use trace::{SearchTrace, TracedNode, trace_alpha_beta, trace_minimax};

use crate::game::Game;

/// What a search did: the counts by which search algorithms are compared.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions visited, root and leaves included, one per visit.
    pub nodes: u64,
    /// Positions valued without expansion: terminal positions and positions at the horizon.
    pub leaves: u64,
    /// Times alpha-beta stopped examining a position's moves early.
    pub cutoffs: u64,
    /// Positions answered from a transposition table instead of being searched.
    pub table_hits: u64,
}

/// The value of a position and the move that attains it.
pub struct SearchResult<G: Game> {
    /// The value of the searched position (first player's point of view).
    pub value: G::Value,
    /// The first move, in [`Game::legal_moves`] order, that attains the value; `None` when
    /// the position is terminal, at the horizon, or a chance node.
    pub best_move: Option<G::Move>,
    /// What the search did.
    pub stats: SearchStats,
}

// Written out because derives would demand `G: Debug + Clone + PartialEq` of the game
// itself, when only its values and moves are stored.
impl<G: Game> Debug for SearchResult<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchResult")
            .field("value", &self.value)
            .field("best_move", &self.best_move)
            .field("stats", &self.stats)
            .finish()
    }
}

impl<G: Game> Clone for SearchResult<G> {
    fn clone(&self) -> Self {
        SearchResult {
            value: self.value.clone(),
            best_move: self.best_move.clone(),
            stats: self.stats,
        }
    }
}

impl<G: Game> PartialEq for SearchResult<G> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value && self.best_move == other.best_move && self.stats == other.stats
    }
}

/// A search could not value a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SearchError {
    /// A deterministic search (minimax, alpha-beta, negamax) met a chance node; use
    /// [`expectiminimax`].
    #[error("a chance node was reached by a search that does not handle chance")]
    ChanceNode,
    /// A non-terminal position where a player acts has no legal move: the game is malformed.
    #[error("a non-terminal position has no legal move")]
    NoLegalMoves,
    /// A chance node has no chance outcome: the game is malformed.
    #[error("a chance node has no outcome")]
    NoChanceOutcomes,
    /// An alpha-beta window must have alpha < beta.
    #[error("empty alpha-beta window: alpha = {alpha}, beta = {beta}")]
    EmptyWindow {
        /// The lower bound given.
        alpha: String,
        /// The upper bound given.
        beta: String,
    },
    /// A depth limit must be at least one ply.
    #[error("a search horizon must be at least 1 ply deep")]
    ZeroDepth,
}

/// Where a search stops expanding and values a position heuristically instead.
///
/// Terminal positions are always valued by [`Game::terminal_value`] first; a horizon is asked
/// only about non-terminal positions.
pub trait Horizon<G: Game> {
    /// `Some(value)` to value `position`, `depth` plies below the root, without expanding it;
    /// `None` to expand it.
    fn value_at(&mut self, game: &G, position: &G::Position, depth: u32) -> Option<G::Value>;
}

/// No horizon: search to the terminal positions.
#[derive(Debug, Clone, Copy, Default)]
pub struct Unlimited;

impl<G: Game> Horizon<G> for Unlimited {
    fn value_at(&mut self, _: &G, _: &G::Position, _: u32) -> Option<G::Value> {
        None
    }
}

/// A fixed search depth δ: positions δ plies below the root are valued by an evaluation
/// function (a heuristic, or random scores in random minimaxing).
#[derive(Debug, Clone)]
pub struct DepthLimit<F> {
    depth: u32,
    evaluate: F,
}

impl<F> DepthLimit<F> {
    /// A horizon `depth` plies below the root, where positions are valued by `evaluate`.
    ///
    /// # Errors
    ///
    /// [`SearchError::ZeroDepth`] when `depth` is 0.
    pub fn new(depth: u32, evaluate: F) -> Result<Self, SearchError> {
        if depth == 0 {
            return Err(SearchError::ZeroDepth);
        }
        Ok(DepthLimit { depth, evaluate })
    }

    /// The depth δ in plies.
    pub fn depth(&self) -> u32 {
        self.depth
    }
}

impl<G, F> Horizon<G> for DepthLimit<F>
where
    G: Game,
    F: FnMut(&G::Position) -> G::Value,
{
    fn value_at(&mut self, _: &G, position: &G::Position, depth: u32) -> Option<G::Value> {
        (depth >= self.depth).then(|| (self.evaluate)(position))
    }
}

/// What stands at a position before it is expanded: a value, or the side that moves.
pub(crate) enum NodeKind<V> {
    /// Terminal or at the horizon.
    Leaf(V),
    /// The first player moves (maximises).
    Max,
    /// The second player moves (minimises).
    Min,
}

/// The role of a classified position in a trace.
pub(crate) fn role<V>(kind: &NodeKind<V>) -> Role {
    match kind {
        NodeKind::Leaf(_) => Role::Leaf,
        NodeKind::Max => Role::Max,
        NodeKind::Min => Role::Min,
    }
}

/// Classifies a position for the deterministic searches, counting it as visited.
pub(crate) fn classify<G: Game, H: Horizon<G>>(
    game: &G,
    position: &G::Position,
    depth: u32,
    horizon: &mut H,
    stats: &mut SearchStats,
) -> Result<NodeKind<G::Value>, SearchError> {
    stats.nodes += 1;
    if let Some(value) = game
        .terminal_value(position)
        .or_else(|| horizon.value_at(game, position, depth))
    {
        stats.leaves += 1;
        return Ok(NodeKind::Leaf(value));
    }
    match game.turn(position) {
        crate::Turn::Player(crate::Player::First) => Ok(NodeKind::Max),
        crate::Turn::Player(crate::Player::Second) => Ok(NodeKind::Min),
        crate::Turn::Chance => Err(SearchError::ChanceNode),
    }
}

/// The legal moves of a position that must have some.
pub(crate) fn nonempty_moves<G: Game>(
    game: &G,
    position: &G::Position,
) -> Result<Vec<G::Move>, SearchError> {
    let moves = game.legal_moves(position);
    if moves.is_empty() {
        Err(SearchError::NoLegalMoves)
    } else {
        Ok(moves)
    }
}

/// Whether `candidate` is strictly better than `incumbent` for the side to move.
pub(crate) fn improves<V: PartialOrd>(maximising: bool, candidate: &V, incumbent: &V) -> bool {
    if maximising {
        candidate > incumbent
    } else {
        candidate < incumbent
    }
}

/// Renders a bound for an error message.
pub(crate) fn describe<V: Debug>(value: &V) -> String {
    format!("{value:?}")
}

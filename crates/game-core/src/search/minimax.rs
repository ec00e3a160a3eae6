//! Plain minimax: every move of every position, to the terminal positions or a horizon.

use super::{
    Horizon, NodeKind, SearchError, SearchResult, SearchStats, Unlimited, classify, improves,
    nonempty_moves,
};
use crate::game::Game;

/// Each legal move of a position with its minimax value, in [`Game::legal_moves`] order.
pub type MoveValues<G> = Vec<(<G as Game>::Move, <G as Game>::Value)>;

/// The minimax value of `position`, searched to the terminal positions.
///
/// Visits the whole game tree below `position`, so [`SearchStats::nodes`] is the size of that
/// tree (root and leaves included).
///
/// # Errors
///
/// [`SearchError::ChanceNode`] if a chance node is reachable, [`SearchError::NoLegalMoves`]
/// for a non-terminal position without moves.
///
/// # Examples
///
/// ```
/// use game_core::{Game, search::minimax};
/// # use game_core::{Player, Turn};
/// # struct Countdown;
/// # impl Game for Countdown {
/// #     type Position = (u8, Player);
/// #     type Move = u8;
/// #     type Value = i32;
/// #     fn initial_position(&self) -> (u8, Player) { (3, Player::First) }
/// #     fn turn(&self, p: &(u8, Player)) -> Turn { Turn::Player(p.1) }
/// #     fn legal_moves(&self, p: &(u8, Player)) -> Vec<u8> { (1..=p.0.min(2)).collect() }
/// #     fn play(&self, p: &(u8, Player), m: &u8) -> (u8, Player) { (p.0 - m, p.1.opponent()) }
/// #     fn terminal_value(&self, p: &(u8, Player)) -> Option<i32> {
/// #         (p.0 == 0).then(|| if p.1 == Player::First { -1 } else { 1 })
/// #     }
/// # }
/// // Take 1 or 2 from 3; whoever cannot move loses: the first player loses.
/// let result = minimax(&Countdown, &Countdown.initial_position()).unwrap();
/// assert_eq!(result.value, -1);
/// assert_eq!(result.stats.nodes, 7); // 3 → {2, 1}, 2 → {1, 0}, 1 → {0}, 1 → {0}
/// ```
pub fn minimax<G: Game>(game: &G, position: &G::Position) -> Result<SearchResult<G>, SearchError> {
    minimax_with_horizon(game, position, &mut Unlimited)
}

/// The minimax value of `position`, with positions at the `horizon` valued heuristically.
///
/// # Errors
///
/// As [`minimax`].
pub fn minimax_with_horizon<G: Game, H: Horizon<G>>(
    game: &G,
    position: &G::Position,
    horizon: &mut H,
) -> Result<SearchResult<G>, SearchError> {
    let mut stats = SearchStats::default();
    let (value, best_move) = match classify(game, position, 0, horizon, &mut stats)? {
        NodeKind::Leaf(value) => (value, None),
        NodeKind::Max => best_of(true, child_values(game, position, 0, horizon, &mut stats)?)?,
        NodeKind::Min => best_of(false, child_values(game, position, 0, horizon, &mut stats)?)?,
    };
    Ok(SearchResult {
        value,
        best_move,
        stats,
    })
}

/// The minimax value of every legal move of a non-terminal `position`, in
/// [`Game::legal_moves`] order, with the statistics of the search.
///
/// Random minimaxing and other players that break ties themselves start from this list.
///
/// # Errors
///
/// As [`minimax`]; also [`SearchError::NoLegalMoves`] when `position` is terminal or at the
/// horizon.
pub fn move_values<G: Game, H: Horizon<G>>(
    game: &G,
    position: &G::Position,
    horizon: &mut H,
) -> Result<(MoveValues<G>, SearchStats), SearchError> {
    let mut stats = SearchStats::default();
    if let NodeKind::Leaf(_) = classify(game, position, 0, horizon, &mut stats)? {
        return Err(SearchError::NoLegalMoves);
    }
    let values = child_values(game, position, 0, horizon, &mut stats)?;
    Ok((values, stats))
}

/// The minimax value of each move of an expanded `position` at `depth`.
fn child_values<G: Game, H: Horizon<G>>(
    game: &G,
    position: &G::Position,
    depth: u32,
    horizon: &mut H,
    stats: &mut SearchStats,
) -> Result<MoveValues<G>, SearchError> {
    nonempty_moves(game, position)?
        .into_iter()
        .map(|mv| {
            let child = game.play(position, &mv);
            minimax_value(game, &child, depth + 1, horizon, stats).map(|value| (mv, value))
        })
        .collect()
}

fn minimax_value<G: Game, H: Horizon<G>>(
    game: &G,
    position: &G::Position,
    depth: u32,
    horizon: &mut H,
    stats: &mut SearchStats,
) -> Result<G::Value, SearchError> {
    let maximising = match classify(game, position, depth, horizon, stats)? {
        NodeKind::Leaf(value) => return Ok(value),
        NodeKind::Max => true,
        NodeKind::Min => false,
    };
    let mut best: Option<G::Value> = None;
    for mv in nonempty_moves(game, position)? {
        let child = game.play(position, &mv);
        let value = minimax_value(game, &child, depth + 1, horizon, stats)?;
        if best
            .as_ref()
            .is_none_or(|b| improves(maximising, &value, b))
        {
            best = Some(value);
        }
    }
    best.ok_or(SearchError::NoLegalMoves)
}

/// The value of the first move whose value is best for the side to move, and that move.
fn best_of<M, V: PartialOrd>(
    maximising: bool,
    values: Vec<(M, V)>,
) -> Result<(V, Option<M>), SearchError> {
    values
        .into_iter()
        .reduce(|best, candidate| {
            if improves(maximising, &candidate.1, &best.1) {
                candidate
            } else {
                best
            }
        })
        .map(|(mv, value)| (value, Some(mv)))
        .ok_or(SearchError::NoLegalMoves)
}

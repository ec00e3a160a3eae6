//! Plain minimax: every move of every position, to the terminal positions or a horizon.

use super::observer::Observer;
use super::{
    Horizon, NodeKind, SearchError, SearchResult, SearchStats, Unlimited, classify, improves,
    nonempty_moves, role,
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
    minimax_observed(game, position, horizon, &mut ())
}

/// [`minimax_with_horizon`], reporting every visit to `observer`.
pub(crate) fn minimax_observed<G: Game, H: Horizon<G>, O: Observer<G>>(
    game: &G,
    position: &G::Position,
    horizon: &mut H,
    observer: &mut O,
) -> Result<SearchResult<G>, SearchError> {
    let mut search = Minimax {
        game,
        horizon,
        observer,
        stats: SearchStats::default(),
    };
    let kind = search.classify(position, None, 0)?;
    let (value, best_move) = match kind {
        NodeKind::Leaf(value) => (value, None),
        NodeKind::Max => best_of(true, search.child_values(position, 0)?)?,
        NodeKind::Min => best_of(false, search.child_values(position, 0)?)?,
    };
    search.observer.leave(&value, &[]);
    Ok(SearchResult {
        value,
        best_move,
        stats: search.stats,
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
    let mut search = Minimax {
        game,
        horizon,
        observer: &mut (),
        stats: SearchStats::default(),
    };
    if let NodeKind::Leaf(_) = search.classify(position, None, 0)? {
        return Err(SearchError::NoLegalMoves);
    }
    let values = search.child_values(position, 0)?;
    Ok((values, search.stats))
}

struct Minimax<'a, G: Game, H, O> {
    game: &'a G,
    horizon: &'a mut H,
    observer: &'a mut O,
    stats: SearchStats,
}

impl<G: Game, H: Horizon<G>, O: Observer<G>> Minimax<'_, G, H, O> {
    /// Classifies `position`, reached by `via` at `depth`, and reports the visit.
    fn classify(
        &mut self,
        position: &G::Position,
        via: Option<&G::Move>,
        depth: u32,
    ) -> Result<NodeKind<G::Value>, SearchError> {
        let kind = classify(self.game, position, depth, self.horizon, &mut self.stats)?;
        self.observer.enter(position, via, depth, role(&kind));
        Ok(kind)
    }

    /// The minimax value of each move of an expanded `position` at `depth`.
    fn child_values(
        &mut self,
        position: &G::Position,
        depth: u32,
    ) -> Result<MoveValues<G>, SearchError> {
        nonempty_moves(self.game, position)?
            .into_iter()
            .map(|mv| {
                let child = self.game.play(position, &mv);
                self.value(&child, &mv, depth + 1).map(|value| (mv, value))
            })
            .collect()
    }

    /// The minimax value of `position`, reached by `via` at `depth`.
    fn value(
        &mut self,
        position: &G::Position,
        via: &G::Move,
        depth: u32,
    ) -> Result<G::Value, SearchError> {
        let maximising = match self.classify(position, Some(via), depth)? {
            NodeKind::Leaf(value) => {
                self.observer.leave(&value, &[]);
                return Ok(value);
            }
            NodeKind::Max => true,
            NodeKind::Min => false,
        };
        let mut best: Option<G::Value> = None;
        for mv in nonempty_moves(self.game, position)? {
            let child = self.game.play(position, &mv);
            let value = self.value(&child, &mv, depth + 1)?;
            if best
                .as_ref()
                .is_none_or(|b| improves(maximising, &value, b))
            {
                best = Some(value);
            }
        }
        let value = best.ok_or(SearchError::NoLegalMoves)?;
        self.observer.leave(&value, &[]);
        Ok(value)
    }
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

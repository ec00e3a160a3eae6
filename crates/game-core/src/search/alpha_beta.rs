//! Alpha-beta pruning with a chosen initial window.

use super::{
    Horizon, NodeKind, SearchError, SearchResult, SearchStats, Unlimited, classify, describe,
    improves, nonempty_moves,
};
use crate::game::Game;

/// The initial alpha-beta window (α, β): the search proves the value exactly when it lies
/// strictly inside, and otherwise a bound on the correct side of the window.
#[derive(Debug, Clone, PartialEq)]
pub struct Window<V> {
    alpha: V,
    beta: V,
}

impl<V: PartialOrd + std::fmt::Debug> Window<V> {
    /// The window (α, β).
    ///
    /// When every value of the game lies in \[α, β\] — for example the window (−1, +1) in a
    /// game of wins (+1) and losses (−1) — the search finds the exact value and cuts off as
    /// soon as a position is proven won or lost: the most pruning a window can give.
    ///
    /// # Errors
    ///
    /// [`SearchError::EmptyWindow`] unless α < β.
    pub fn new(alpha: V, beta: V) -> Result<Self, SearchError> {
        if alpha < beta {
            Ok(Window { alpha, beta })
        } else {
            Err(SearchError::EmptyWindow {
                alpha: describe(&alpha),
                beta: describe(&beta),
            })
        }
    }

    /// The lower bound α.
    pub fn alpha(&self) -> &V {
        &self.alpha
    }

    /// The upper bound β.
    pub fn beta(&self) -> &V {
        &self.beta
    }
}

/// The alpha-beta value of `position` with the initial `window`, searched to the terminal
/// positions.
///
/// This is the fail-soft algorithm of Russell and Norvig (the pseudocode in the matches
/// report, section 1.2): a MAX position stops examining moves once its value `v ≥ β`, a MIN
/// position once `v ≤ α`; each such stop counts one [`SearchStats::cutoffs`]. If the true
/// value lies inside the window the result is exact; if it is ≤ α (≥ β) the result is an
/// upper (lower) bound. The best move is the first that attains the returned value.
///
/// # Errors
///
/// As [`super::minimax`].
///
/// # Examples
///
/// ```
/// use game_core::{Game, search::{Window, alpha_beta, minimax}};
/// # use game_core::{Player, Turn};
/// # struct Countdown;
/// # impl Game for Countdown {
/// #     type Position = (u8, Player);
/// #     type Move = u8;
/// #     type Value = i32;
/// #     fn initial_position(&self) -> (u8, Player) { (5, Player::First) }
/// #     fn turn(&self, p: &(u8, Player)) -> Turn { Turn::Player(p.1) }
/// #     fn legal_moves(&self, p: &(u8, Player)) -> Vec<u8> { (1..=p.0.min(2)).collect() }
/// #     fn play(&self, p: &(u8, Player), m: &u8) -> (u8, Player) { (p.0 - m, p.1.opponent()) }
/// #     fn terminal_value(&self, p: &(u8, Player)) -> Option<i32> {
/// #         (p.0 == 0).then(|| if p.1 == Player::First { -1 } else { 1 })
/// #     }
/// # }
/// let start = Countdown.initial_position();
/// let pruned = alpha_beta(&Countdown, &start, Window::new(-1, 1).unwrap()).unwrap();
/// let full = minimax(&Countdown, &start).unwrap();
/// assert_eq!(pruned.value, full.value);
/// assert!(pruned.stats.nodes < full.stats.nodes);
/// ```
pub fn alpha_beta<G: Game>(
    game: &G,
    position: &G::Position,
    window: Window<G::Value>,
) -> Result<SearchResult<G>, SearchError> {
    alpha_beta_with_horizon(game, position, window, &mut Unlimited)
}

/// [`alpha_beta`] with positions at the `horizon` valued heuristically.
///
/// # Errors
///
/// As [`super::minimax`].
pub fn alpha_beta_with_horizon<G: Game, H: Horizon<G>>(
    game: &G,
    position: &G::Position,
    window: Window<G::Value>,
    horizon: &mut H,
) -> Result<SearchResult<G>, SearchError> {
    let mut search = AlphaBeta {
        game,
        horizon,
        stats: SearchStats::default(),
    };
    let (value, best_move) = search.value(position, 0, window.alpha, window.beta)?;
    Ok(SearchResult {
        value,
        best_move,
        stats: search.stats,
    })
}

struct AlphaBeta<'a, G: Game, H> {
    game: &'a G,
    horizon: &'a mut H,
    stats: SearchStats,
}

impl<G: Game, H: Horizon<G>> AlphaBeta<'_, G, H> {
    /// The fail-soft value of `position` and the first move attaining it.
    fn value(
        &mut self,
        position: &G::Position,
        depth: u32,
        mut alpha: G::Value,
        mut beta: G::Value,
    ) -> Result<(G::Value, Option<G::Move>), SearchError> {
        let maximising = match classify(self.game, position, depth, self.horizon, &mut self.stats)?
        {
            NodeKind::Leaf(value) => return Ok((value, None)),
            NodeKind::Max => true,
            NodeKind::Min => false,
        };
        let mut best: Option<(G::Value, G::Move)> = None;
        for mv in nonempty_moves(self.game, position)? {
            let child = self.game.play(position, &mv);
            let (value, _) = self.value(&child, depth + 1, alpha.clone(), beta.clone())?;
            if best
                .as_ref()
                .is_none_or(|(b, _)| improves(maximising, &value, b))
            {
                best = Some((value, mv));
            }
            let Some((v, _)) = best.as_ref() else {
                continue;
            };
            if maximising {
                if *v >= beta {
                    self.stats.cutoffs += 1;
                    break;
                }
                if *v > alpha {
                    alpha = v.clone();
                }
            } else {
                if *v <= alpha {
                    self.stats.cutoffs += 1;
                    break;
                }
                if *v < beta {
                    beta = v.clone();
                }
            }
        }
        best.map(|(value, mv)| (value, Some(mv)))
            .ok_or(SearchError::NoLegalMoves)
    }
}

//! Alpha-beta pruning with a chosen initial window.

use super::observer::Observer;
use super::{
    Horizon, NodeKind, SearchError, SearchResult, SearchStats, Unlimited, classify, describe,
    improves, nonempty_moves, role,
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
    alpha_beta_observed(game, position, window, horizon, &mut ())
}

/// [`alpha_beta_with_horizon`], reporting every visit to `observer`.
pub(crate) fn alpha_beta_observed<G: Game, H: Horizon<G>, O: Observer<G>>(
    game: &G,
    position: &G::Position,
    window: Window<G::Value>,
    horizon: &mut H,
    observer: &mut O,
) -> Result<SearchResult<G>, SearchError> {
    let mut search = AlphaBeta {
        game,
        horizon,
        observer,
        stats: SearchStats::default(),
    };
    let (value, best_move) = search.value(position, None, 0, window.alpha, window.beta)?;
    Ok(SearchResult {
        value,
        best_move,
        stats: search.stats,
    })
}

struct AlphaBeta<'a, G: Game, H, O> {
    game: &'a G,
    horizon: &'a mut H,
    observer: &'a mut O,
    stats: SearchStats,
}

impl<G: Game, H: Horizon<G>, O: Observer<G>> AlphaBeta<'_, G, H, O> {
    /// The fail-soft value of `position`, reached by `via`, and the first move attaining it.
    fn value(
        &mut self,
        position: &G::Position,
        via: Option<&G::Move>,
        depth: u32,
        mut alpha: G::Value,
        mut beta: G::Value,
    ) -> Result<(G::Value, Option<G::Move>), SearchError> {
        let kind = classify(self.game, position, depth, self.horizon, &mut self.stats)?;
        self.observer.enter(position, via, depth, role(&kind));
        let maximising = match kind {
            NodeKind::Leaf(value) => {
                self.observer.leave(&value, &[]);
                return Ok((value, None));
            }
            NodeKind::Max => true,
            NodeKind::Min => false,
        };
        let moves = nonempty_moves(self.game, position)?;
        let mut best: Option<(G::Value, G::Move)> = None;
        let mut examined = 0;
        for mv in &moves {
            examined += 1;
            let child = self.game.play(position, mv);
            let (value, _) =
                self.value(&child, Some(mv), depth + 1, alpha.clone(), beta.clone())?;
            if best
                .as_ref()
                .is_none_or(|(b, _)| improves(maximising, &value, b))
            {
                best = Some((value, mv.clone()));
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
        let (value, mv) = best.ok_or(SearchError::NoLegalMoves)?;
        self.observer.leave(&value, &moves[examined..]);
        Ok((value, Some(mv)))
    }
}

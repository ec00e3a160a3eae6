//! Exact solving by negamax with a transposition table.

use std::collections::HashMap;
use std::hash::Hash;

use super::{SearchError, SearchResult, SearchStats, improves, nonempty_moves};
use crate::game::Game;
use crate::player::{Player, Turn};

/// Solves a game exactly, remembering the value of every position it has solved.
///
/// Negamax values a position from the point of view of the player to move, so one rule
/// serves both players: the value is the maximum over moves of the negated values of the
/// children. The table stores exact values only (no bounds), so a hit is always final and the
/// solver can be queried again and again, each query reusing all earlier work. Values
/// returned are, as everywhere, from the first player's point of view.
///
/// Recursion goes as deep as the longest line of play; games with lines longer than a few
/// hundred thousand plies need an iterative solver of their own.
///
/// ```
/// use game_core::{Game, ImpartialGame, ImpartialPlay, PlayConvention, search::Solver};
///
/// struct TakeOneOrTwo;
/// impl ImpartialGame for TakeOneOrTwo {
///     type Position = u32;
///     fn options(&self, heap: &u32) -> Vec<u32> {
///         (1..=2).filter(|&take| take <= *heap).map(|take| heap - take).collect()
///     }
/// }
/// let game = ImpartialPlay::new(TakeOneOrTwo, 30, PlayConvention::Normal);
/// let mut solver = Solver::new(&game);
/// assert_eq!(solver.value(&game.initial_position()).unwrap(), -1);
/// // Transpositions make the search linear in the heap size, not exponential.
/// assert!(solver.stats().nodes < 200);
/// ```
pub struct Solver<'g, G: Game>
where
    G::Position: Eq + Hash,
{
    game: &'g G,
    table: HashMap<G::Position, G::Value>,
    stats: SearchStats,
}

impl<'g, G: Game> Solver<'g, G>
where
    G::Position: Eq + Hash,
{
    /// A solver for `game` with an empty transposition table.
    pub fn new(game: &'g G) -> Self {
        Solver {
            game,
            table: HashMap::new(),
            stats: SearchStats::default(),
        }
    }

    /// The exact value of `position` (first player's point of view).
    ///
    /// # Errors
    ///
    /// [`SearchError::ChanceNode`] if a chance node is reachable,
    /// [`SearchError::NoLegalMoves`] for a non-terminal position without moves.
    pub fn value(&mut self, position: &G::Position) -> Result<G::Value, SearchError> {
        self.stats.nodes += 1;
        if let Some(value) = self.table.get(position) {
            self.stats.table_hits += 1;
            return Ok(value.clone());
        }
        let value = match self.game.terminal_value(position) {
            Some(value) => {
                self.stats.leaves += 1;
                value
            }
            None => self.negamax(position)?,
        };
        self.table.insert(position.clone(), value.clone());
        Ok(value)
    }

    /// The moves of a non-terminal `position` that attain its value, in
    /// [`Game::legal_moves`] order; empty at a terminal position.
    ///
    /// # Errors
    ///
    /// As [`Solver::value`].
    pub fn best_moves(&mut self, position: &G::Position) -> Result<Vec<G::Move>, SearchError> {
        if self.game.is_terminal(position) {
            return Ok(Vec::new());
        }
        let value = self.value(position)?;
        let mut best = Vec::new();
        for mv in nonempty_moves(self.game, position)? {
            let child = self.game.play(position, &mv);
            if self.value(&child)? == value {
                best.push(mv);
            }
        }
        Ok(best)
    }

    /// What the solver has done so far, over all queries.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Number of positions in the transposition table.
    pub fn solved_positions(&self) -> usize {
        self.table.len()
    }

    /// The negamax rule at a position where a player moves, converted back to the first
    /// player's point of view.
    fn negamax(&mut self, position: &G::Position) -> Result<G::Value, SearchError> {
        let sign_for_mover = match self.game.turn(position) {
            Turn::Player(Player::First) => false,
            Turn::Player(Player::Second) => true,
            Turn::Chance => return Err(SearchError::ChanceNode),
        };
        let from_mover = |value: G::Value| if sign_for_mover { -value } else { value };
        let mut best: Option<G::Value> = None;
        for mv in nonempty_moves(self.game, position)? {
            let child = self.game.play(position, &mv);
            let value = from_mover(self.value(&child)?);
            if best.as_ref().is_none_or(|b| improves(true, &value, b)) {
                best = Some(value);
            }
        }
        best.map(from_mover).ok_or(SearchError::NoLegalMoves)
    }
}

/// Solves `position` exactly with a fresh [`Solver`]: its value, first best move, and the
/// statistics of valuing it (finding the best move afterwards is not counted).
///
/// # Errors
///
/// As [`Solver::value`].
pub fn negamax_solve<G: Game>(
    game: &G,
    position: &G::Position,
) -> Result<SearchResult<G>, SearchError>
where
    G::Position: Eq + Hash,
{
    let mut solver = Solver::new(game);
    let value = solver.value(position)?;
    let stats = solver.stats();
    let best_move = solver.best_moves(position)?.into_iter().next();
    Ok(SearchResult {
        value,
        best_move,
        stats,
    })
}

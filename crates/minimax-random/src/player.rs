//! Random minimaxing as a player of real games (beyond the paper; Beal and Smith's
//! experiments).
//!
//! At every decision the player searches the game tree `depth` plies deep, gives each leaf a
//! score drawn afresh, uniformly from {1, …, α}, backs the scores up by minimax (it
//! maximises at its own turns, minimises at its opponent's) and plays one of the moves of
//! highest backed-up score, chosen uniformly at random. Levene and Fenner show that such a
//! player prefers moves with more options below them; Beal and Smith found that it beats
//! a shallower copy of itself.
//!
//! Two protocols differ at terminal positions met before the search depth:
//! [`Protocol::Paper`] scores them at random like any leaf (the paper's model, where every
//! leaf is alike); [`Protocol::BealSmith`] recognises them, scoring a win above every random
//! score, a loss below every one, and a draw at the middle of the range.

use std::ops::Neg;

use game_core::{Game, Outcome, Player, Turn};
use rand::{Rng, RngExt};

/// How terminal positions inside the search are scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    /// At random, like the leaves at the search depth (Levene and Fenner's model).
    Paper,
    /// By their outcome: a win above every random score, a loss below, a draw at the middle
    /// (Beal and Smith's experiments).
    BealSmith,
}

/// Invalid player parameters, or a game it cannot play.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayerError {
    /// The search must look at least one ply ahead.
    #[error("the search depth must be at least 1")]
    ZeroDepth,
    /// Scores are drawn from {1, …, α}, α ≥ 1.
    #[error("alpha must be at least 1")]
    ZeroAlpha,
    /// The position is terminal: there is no move to choose.
    #[error("the position is terminal")]
    Terminal,
    /// The player searches games without chance nodes only.
    #[error("the game has chance nodes, which random minimaxing does not search")]
    ChanceNode,
}

/// A random-minimax player: search depth δ, scores uniform on {1, …, α}.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RandomMinimax {
    depth: u32,
    alpha: u32,
    protocol: Protocol,
}

impl RandomMinimax {
    /// The player searching `depth` plies with scores from {1, …, `alpha`}.
    ///
    /// # Errors
    ///
    /// [`PlayerError::ZeroDepth`], [`PlayerError::ZeroAlpha`].
    pub fn new(depth: u32, alpha: u32, protocol: Protocol) -> Result<Self, PlayerError> {
        if depth == 0 {
            return Err(PlayerError::ZeroDepth);
        }
        if alpha == 0 {
            return Err(PlayerError::ZeroAlpha);
        }
        Ok(RandomMinimax {
            depth,
            alpha,
            protocol,
        })
    }

    /// The search depth δ.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The move chosen at `position`, with fresh scores drawn from `rng`.
    ///
    /// # Errors
    ///
    /// [`PlayerError::Terminal`] at a terminal position, [`PlayerError::ChanceNode`] when
    /// the search meets a chance node.
    ///
    /// # Examples
    ///
    /// ```
    /// use game_core::{Game, random::seeded_stream};
    /// use minimax_random::games::ConnectFour;
    /// use minimax_random::player::{Protocol, RandomMinimax};
    ///
    /// let player = RandomMinimax::new(2, 10, Protocol::BealSmith).unwrap();
    /// let game = ConnectFour;
    /// let column = player
    ///     .choose(&game, &game.initial_position(), &mut seeded_stream(7, 0))
    ///     .unwrap();
    /// assert!(column < 7);
    /// ```
    pub fn choose<G: Game, R: Rng>(
        &self,
        game: &G,
        position: &G::Position,
        rng: &mut R,
    ) -> Result<G::Move, PlayerError> {
        let me = match game.turn(position) {
            _ if game.is_terminal(position) => return Err(PlayerError::Terminal),
            Turn::Player(player) => player,
            Turn::Chance => return Err(PlayerError::ChanceNode),
        };
        let mut best: Vec<G::Move> = Vec::new();
        let mut best_score = i64::MIN;
        for mv in game.legal_moves(position) {
            let child = game.play(position, &mv);
            let score = self.score(game, &child, self.depth - 1, me, rng)?;
            if score > best_score {
                best_score = score;
                best.clear();
            }
            if score == best_score {
                best.push(mv);
            }
        }
        let pick = rng.random_range(0..best.len());
        Ok(best.swap_remove(pick))
    }

    /// The backed-up score of `position`, `depth` plies from the horizon, for player `me`.
    /// Random scores are 2·{1, …, α}, so that a draw can sit at α + 1, between them.
    fn score<G: Game, R: Rng>(
        &self,
        game: &G,
        position: &G::Position,
        depth: u32,
        me: Player,
        rng: &mut R,
    ) -> Result<i64, PlayerError> {
        let terminal = game.terminal_value(position);
        if let Some(value) = &terminal
            && self.protocol == Protocol::BealSmith
        {
            return Ok(self.outcome_score(Outcome::for_player(winner(value), me)));
        }
        if depth == 0 || terminal.is_some() {
            return Ok(2 * i64::from(rng.random_range(1..=self.alpha)));
        }
        let mover = match game.turn(position) {
            Turn::Player(player) => player,
            Turn::Chance => return Err(PlayerError::ChanceNode),
        };
        let mut backed_up: Option<i64> = None;
        for mv in game.legal_moves(position) {
            let child = game.play(position, &mv);
            let score = self.score(game, &child, depth - 1, me, rng)?;
            backed_up = Some(match backed_up {
                None => score,
                Some(best) if mover == me => best.max(score),
                Some(best) => best.min(score),
            });
        }
        Ok(backed_up.unwrap_or(i64::from(self.alpha) + 1))
    }

    /// A terminal position's score: above every random score for a win, below for a loss,
    /// α + 1 (the middle) for a draw.
    fn outcome_score(&self, outcome: Outcome) -> i64 {
        match outcome {
            Outcome::Win => 2 * i64::from(self.alpha) + 2,
            Outcome::Loss => 0,
            Outcome::Draw => i64::from(self.alpha) + 1,
        }
    }
}

/// Who won a game that ended with `value`, the first player's: the first player when the
/// value is above its negation, the second when below, nobody when equal.
pub(crate) fn winner<V: PartialOrd + Neg<Output = V> + Clone>(value: &V) -> Option<Player> {
    let negated = -value.clone();
    if *value > negated {
        Some(Player::First)
    } else if *value < negated {
        Some(Player::Second)
    } else {
        None
    }
}

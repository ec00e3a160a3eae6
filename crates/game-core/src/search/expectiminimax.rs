//! Expectiminimax: minimax with chance nodes valued by their exact expectation, with or
//! without a transposition table.

use std::collections::HashMap;
use std::hash::Hash;

use num_traits::Zero;

use super::{SearchError, SearchResult, SearchStats, improves, nonempty_moves};
use crate::game::Game;
use crate::number::Real;
use crate::player::{Player, Turn};

/// The expectiminimax value of `position`: players maximise (first) and minimise (second)
/// as in minimax, and a chance node is worth the probability-weighted sum of its outcomes.
///
/// With `G::Value = BigRational` the value is exact; with `f64` it is the same expression in
/// floating point. Every position of the tree is visited (no pruning, no table).
///
/// # Errors
///
/// [`SearchError::NoLegalMoves`] or [`SearchError::NoChanceOutcomes`] when the game is
/// malformed.
///
/// # Examples
///
/// A fair coin decides between +1 and −1 after the first player chooses to play or to
/// take 1/4 for sure.
///
/// ```
/// use game_core::{Game, Player, Probability, Turn, search::expectiminimax};
/// use game_core::number::BigRational;
///
/// struct Gamble;
/// #[derive(Clone, PartialEq, Debug)]
/// enum Step { Start, Coin, Ended(i64, i64) }
/// impl Game for Gamble {
///     type Position = Step;
///     type Move = Step;
///     type Value = BigRational;
///     fn initial_position(&self) -> Step { Step::Start }
///     fn turn(&self, p: &Step) -> Turn {
///         if *p == Step::Coin { Turn::Chance } else { Turn::Player(Player::First) }
///     }
///     fn legal_moves(&self, _: &Step) -> Vec<Step> { vec![Step::Coin, Step::Ended(1, 4)] }
///     fn play(&self, _: &Step, mv: &Step) -> Step { mv.clone() }
///     fn terminal_value(&self, p: &Step) -> Option<BigRational> {
///         match p { Step::Ended(n, d) => Some(BigRational::new((*n).into(), (*d).into())), _ => None }
///     }
///     fn chance_outcomes(&self, _: &Step) -> Vec<(Step, Probability)> {
///         vec![(Step::Ended(1, 1), Probability::new(1, 2)), (Step::Ended(-1, 1), Probability::new(1, 2))]
///     }
/// }
///
/// let result = expectiminimax(&Gamble, &Step::Start).unwrap();
/// assert_eq!(result.value, BigRational::new(1.into(), 4.into()));
/// assert_eq!(result.best_move, Some(Step::Ended(1, 4)));
/// ```
pub fn expectiminimax<G: Game>(
    game: &G,
    position: &G::Position,
) -> Result<SearchResult<G>, SearchError>
where
    G::Value: Real,
{
    search(game, position, &mut NoTable)
}

/// [`expectiminimax`] with a transposition table: a position reached again, by another
/// order of moves or of chance outcomes, is answered from the table
/// ([`SearchStats::table_hits`]) instead of being searched again. Values are exact
/// expectations, so a hit is always final.
///
/// In games where chance reorders play — a bear-off race, where the same checkers are
/// reached by many sequences of rolls — this turns an exponential search into one visit per
/// distinct position.
///
/// # Errors
///
/// As [`expectiminimax`].
///
/// # Examples
///
/// A race to 0 from 12 by a die of 1 or 2 (fair coin), the first to reach 0 winning: the
/// plain search walks every sequence of throws, the table each distinct position once.
///
/// ```
/// use game_core::{Game, Player, Probability, Turn, search::{expectiminimax, expectiminimax_solve}};
/// use game_core::number::BigRational;
///
/// struct Race;
/// // (first's distance, second's distance, player to throw)
/// type Position = (u32, u32, Player);
/// impl Game for Race {
///     type Position = Position;
///     type Move = u32;
///     type Value = BigRational;
///     fn initial_position(&self) -> Position { (12, 12, Player::First) }
///     fn turn(&self, _: &Position) -> Turn { Turn::Chance }
///     fn legal_moves(&self, _: &Position) -> Vec<u32> { Vec::new() }
///     fn play(&self, p: &Position, throw: &u32) -> Position {
///         match p.2 {
///             Player::First => (p.0.saturating_sub(*throw), p.1, Player::Second),
///             Player::Second => (p.0, p.1.saturating_sub(*throw), Player::First),
///         }
///     }
///     fn terminal_value(&self, p: &Position) -> Option<BigRational> {
///         match (p.0, p.1) {
///             (0, _) => Some(BigRational::from_integer(1.into())),
///             (_, 0) => Some(BigRational::from_integer((-1).into())),
///             _ => None,
///         }
///     }
///     fn chance_outcomes(&self, _: &Position) -> Vec<(u32, Probability)> {
///         vec![(1, Probability::new(1, 2)), (2, Probability::new(1, 2))]
///     }
/// }
/// let plain = expectiminimax(&Race, &Race.initial_position()).unwrap();
/// let tabled = expectiminimax_solve(&Race, &Race.initial_position()).unwrap();
/// assert_eq!(plain.value, tabled.value);
/// assert!(tabled.stats.nodes * 50 < plain.stats.nodes);
/// assert!(tabled.stats.table_hits > 0);
/// ```
pub fn expectiminimax_solve<G: Game>(
    game: &G,
    position: &G::Position,
) -> Result<SearchResult<G>, SearchError>
where
    G::Value: Real,
    G::Position: Eq + Hash,
{
    search(game, position, &mut HashMap::new())
}

fn search<G: Game, T: Table<G>>(
    game: &G,
    position: &G::Position,
    table: &mut T,
) -> Result<SearchResult<G>, SearchError>
where
    G::Value: Real,
{
    let mut search = Expectiminimax {
        game,
        table,
        stats: SearchStats::default(),
    };
    let (value, best_move) = search.node_value(position)?;
    Ok(SearchResult {
        value,
        best_move,
        stats: search.stats,
    })
}

/// Where a search keeps what it has solved: nowhere, or a transposition table.
trait Table<G: Game> {
    fn get(&self, position: &G::Position) -> Option<(G::Value, Option<G::Move>)>;
    fn put(&mut self, position: &G::Position, solved: &(G::Value, Option<G::Move>));
}

/// The plain search keeps nothing.
struct NoTable;

impl<G: Game> Table<G> for NoTable {
    fn get(&self, _: &G::Position) -> Option<(G::Value, Option<G::Move>)> {
        None
    }
    fn put(&mut self, _: &G::Position, _: &(G::Value, Option<G::Move>)) {}
}

impl<G: Game> Table<G> for HashMap<G::Position, (G::Value, Option<G::Move>)>
where
    G::Position: Eq + Hash,
{
    fn get(&self, position: &G::Position) -> Option<(G::Value, Option<G::Move>)> {
        HashMap::get(self, position).cloned()
    }
    fn put(&mut self, position: &G::Position, solved: &(G::Value, Option<G::Move>)) {
        self.insert(position.clone(), solved.clone());
    }
}

struct Expectiminimax<'a, G: Game, T> {
    game: &'a G,
    table: &'a mut T,
    stats: SearchStats,
}

impl<G: Game, T: Table<G>> Expectiminimax<'_, G, T>
where
    G::Value: Real,
{
    /// The value of `position` and, where a player moves, the first move attaining it.
    fn node_value(
        &mut self,
        position: &G::Position,
    ) -> Result<(G::Value, Option<G::Move>), SearchError> {
        self.stats.nodes += 1;
        if let Some(solved) = self.table.get(position) {
            self.stats.table_hits += 1;
            return Ok(solved);
        }
        let solved = self.solve(position)?;
        self.table.put(position, &solved);
        Ok(solved)
    }

    fn solve(
        &mut self,
        position: &G::Position,
    ) -> Result<(G::Value, Option<G::Move>), SearchError> {
        if let Some(value) = self.game.terminal_value(position) {
            self.stats.leaves += 1;
            return Ok((value, None));
        }
        let maximising = match self.game.turn(position) {
            Turn::Chance => return self.chance_value(position).map(|v| (v, None)),
            Turn::Player(player) => player == Player::First,
        };
        let mut best: Option<(G::Value, G::Move)> = None;
        for mv in nonempty_moves(self.game, position)? {
            let child = self.game.play(position, &mv);
            let (value, _) = self.node_value(&child)?;
            if best
                .as_ref()
                .is_none_or(|(b, _)| improves(maximising, &value, b))
            {
                best = Some((value, mv));
            }
        }
        best.map(|(value, mv)| (value, Some(mv)))
            .ok_or(SearchError::NoLegalMoves)
    }

    fn chance_value(&mut self, position: &G::Position) -> Result<G::Value, SearchError> {
        let outcomes = self.game.chance_outcomes(position);
        if outcomes.is_empty() {
            return Err(SearchError::NoChanceOutcomes);
        }
        let mut expectation = G::Value::zero();
        for (outcome, probability) in outcomes {
            let child = self.game.play(position, &outcome);
            let (value, _) = self.node_value(&child)?;
            expectation = expectation + G::Value::from_probability(&probability) * value;
        }
        Ok(expectation)
    }
}

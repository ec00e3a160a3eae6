//! Sprague–Grundy theory: nim-values (the mex rule), sums, outcome classes under normal and
//! misère play, and winning moves, for any [`ImpartialGame`].
//!
//! The nim-value G(p) of a position is the least non-negative integer not among the
//! nim-values of its options (the *mex*); a sum of games has the nim-value of the bitwise
//! XOR of its components' values (the Sprague–Grundy theorem). In normal play a position is
//! lost for the player to move (a P-position) exactly when G(p) = 0. Misère play has no such
//! shortcut: [`OutcomeSolver`] searches it exhaustively, with a table.

use std::collections::HashMap;

pub use game_core::{ImpartialGame, PlayConvention};

/// The least non-negative integer not in `values`: the minimum excludant.
///
/// ```
/// use nim_games::sprague_grundy::mex;
/// assert_eq!(mex([0, 1, 3]), 2);
/// assert_eq!(mex([]), 0);
/// ```
pub fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen: Vec<bool> = Vec::new();
    for value in values {
        let index = value as usize;
        if index >= seen.len() {
            seen.resize(index + 1, false);
        }
        seen[index] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}

/// The outcome class of an impartial position: who wins with best play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OutcomeClass {
    /// The previous player (the one who just moved) wins: lost for the player to move.
    P,
    /// The next player (the one to move) wins.
    N,
}

/// Nim-values of the positions of one game, memoised.
///
/// ```
/// use nim_games::ImpartialGame;
/// use nim_games::sprague_grundy::GrundyValues;
///
/// struct Nim;
/// impl ImpartialGame for Nim {
///     type Position = u32;
///     fn options(&self, heap: &u32) -> Vec<u32> { (0..*heap).collect() }
/// }
/// let mut values = GrundyValues::new(&Nim);
/// assert_eq!(values.value(&7), 7);
/// ```
pub struct GrundyValues<'g, G: ImpartialGame> {
    game: &'g G,
    table: HashMap<G::Position, u32>,
}

impl<'g, G: ImpartialGame> GrundyValues<'g, G> {
    /// An empty table for `game`.
    pub fn new(game: &'g G) -> Self {
        GrundyValues {
            game,
            table: HashMap::new(),
        }
    }

    /// The nim-value G(`position`), by the mex rule over its options.
    ///
    /// Recursion goes as deep as the longest line of play from `position`.
    pub fn value(&mut self, position: &G::Position) -> u32 {
        if let Some(&value) = self.table.get(position) {
            return value;
        }
        let options = self.game.options(position);
        let values: Vec<u32> = options.iter().map(|option| self.value(option)).collect();
        let value = mex(values);
        self.table.insert(position.clone(), value);
        value
    }

    /// The options of `position` with nim-value 0: the winning moves in normal play
    /// (empty when `position` is a P-position).
    pub fn winning_moves(&mut self, position: &G::Position) -> Vec<G::Position> {
        self.game
            .options(position)
            .into_iter()
            .filter(|option| self.value(option) == 0)
            .collect()
    }
}

/// Outcome classes under a chosen play convention by exhaustive search, memoised. Works for
/// misère play, where nim-values do not decide the outcome.
pub struct OutcomeSolver<'g, G: ImpartialGame> {
    game: &'g G,
    convention: PlayConvention,
    table: HashMap<G::Position, OutcomeClass>,
}

impl<'g, G: ImpartialGame> OutcomeSolver<'g, G> {
    /// An empty table for `game` under `convention`.
    pub fn new(game: &'g G, convention: PlayConvention) -> Self {
        OutcomeSolver {
            game,
            convention,
            table: HashMap::new(),
        }
    }

    /// The outcome class of `position`: N when some option is a P-position, P otherwise; a
    /// position without options is P in normal play and N in misère play.
    pub fn outcome(&mut self, position: &G::Position) -> OutcomeClass {
        if let Some(&class) = self.table.get(position) {
            return class;
        }
        let options = self.game.options(position);
        let class = if options.is_empty() {
            match self.convention {
                PlayConvention::Normal => OutcomeClass::P,
                PlayConvention::Misere => OutcomeClass::N,
            }
        } else if options.iter().any(|o| self.outcome(o) == OutcomeClass::P) {
            OutcomeClass::N
        } else {
            OutcomeClass::P
        };
        self.table.insert(position.clone(), class);
        class
    }

    /// The options of `position` that are P-positions: the winning moves.
    pub fn winning_moves(&mut self, position: &G::Position) -> Vec<G::Position> {
        self.game
            .options(position)
            .into_iter()
            .filter(|option| self.outcome(option) == OutcomeClass::P)
            .collect()
    }

    /// Number of positions solved so far.
    pub fn solved_positions(&self) -> usize {
        self.table.len()
    }
}

/// The nim-value of a sum of games from the values of its components: their XOR.
pub fn sum_value(component_values: impl IntoIterator<Item = u32>) -> u32 {
    component_values
        .into_iter()
        .fold(0, |acc, value| acc ^ value)
}

/// The outcome class in normal play of a position with nim-value `value`.
pub fn normal_outcome(value: u32) -> OutcomeClass {
    if value == 0 {
        OutcomeClass::P
    } else {
        OutcomeClass::N
    }
}

/// Heaps as a canonical multiset: sorted, without the heaps that `is_dead` says can never be
/// moved in (they change neither the options nor, in either convention, the outcome).
pub fn canonical_heaps(mut heaps: Vec<u32>, is_dead: impl Fn(u32) -> bool) -> Vec<u32> {
    heaps.retain(|&heap| !is_dead(heap));
    heaps.sort_unstable();
    heaps
}

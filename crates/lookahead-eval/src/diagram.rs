//! Johnson's "diagram method", mechanised: the exact chance of winning on each move.
//!
//! Johnson (chapter 3) evaluates a strategy by drawing, move by move, every position the
//! player can be in, with the probability of getting there. In a game with constant split
//! ratio *A* a position is known by its value *A^h·B^l* and by what earlier looks revealed
//! below it (its pattern). [`Diagram`] keeps those positions and their exact chances, and
//! plays one more move over all of them with the lines of play the strategy's own rules
//! give (the crate's line catalogue, `lines`): *D(n)*, the chance of winning on move *n*,
//! is an exact fraction for any strategy, TSD or TSI, and the chance of still playing
//! bounds what is left.

use std::collections::HashMap;

use game_core::stop::checkpoint;
use num_rational::BigRational;
use solitaire::{Branch, Form, LookError, Strategy};
use tree_gen::GameClass;

use crate::chance::{Bases, Chance};
use crate::lines::{LineCatalogue, Next, Step, Values};
use crate::params::Game3Parameters;

/// How far a single move's look-ahead is followed before the line is set aside as
/// *truncated* (its probability is then carried in the error bound).
pub const DEFAULT_LOOK_BUDGET: usize = 400;

/// A position the player can stand on at the start of a move: its value *A^highs·B^lows*
/// and what is known below it (it is always a split point).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct State {
    highs: u32,
    lows: u32,
    /// What is known below it, as an index into the diagram's patterns.
    pattern: u32,
}

impl State {
    /// The top point, whose pattern is always the first.
    const TOP: State = State {
        highs: 0,
        lows: 0,
        pattern: 0,
    };
}

/// A point of the diagram (the memo's circled points, Figure 3.1): a position the player
/// can stand on at the start of a move, known by its value *A^highs·B^lows* and by what
/// the player knows below it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DiagramPosition {
    /// High branches taken from the top point (0 in TSD for an ordinal strategy, where
    /// every position is the top point of the game left, renormalised).
    pub highs: u32,
    /// Low branches taken from the top point (0 in TSD, likewise).
    pub lows: u32,
    /// What is known below the position, numbered in the order the diagram met it: 0 is the
    /// top point's (nothing seen below it).
    pub knowledge: u32,
}

/// How one move from a [`DiagramPosition`] ends: a line of the memo's diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveEnd {
    /// The move reaches a winning endpoint.
    Won,
    /// The move reaches a losing endpoint (or, in TSD, leaves the path to the win).
    Lost,
    /// The move's look-ahead ran past the look budget (its chance is carried in the bound).
    Truncated,
    /// The player moves along `branch` to the split point `to`.
    Moved {
        /// The branch taken.
        branch: Branch,
        /// Where it leads.
        to: DiagramPosition,
    },
}

/// The exact move-by-move evaluation of one strategy in one form of the game.
///
/// # Examples
///
/// LSTRAT in TSD at *E* = 1/2, *A* = 3/4 wins on the first move with chance
/// *EB* + *ESA* + *E²A* = 1/2 (Johnson, chapter 3):
///
/// ```
/// use lookahead_eval::number::fraction;
/// use lookahead_eval::{GameClass, diagram::Diagram};
/// use lookahead_eval::{Form, solitaire::strategies::LowChain};
///
/// let params = GameClass::new(fraction(1, 2).unwrap(), fraction(3, 4).unwrap()).unwrap();
/// let lstrat = LowChain::new(1).unwrap();
/// let mut diagram = Diagram::new(&lstrat, Form::Dependent, &params);
/// assert_eq!(diagram.next_move().unwrap(), fraction(1, 2).unwrap());
/// ```
pub struct Diagram<'a> {
    catalogue: LineCatalogue<'a>,
    bases: Bases,
    states: HashMap<State, Chance>,
    moves: usize,
    truncated: Chance,
    /// The chance of winning on the moves made so far, Σ D(n).
    won: Chance,
    /// The chance of having lost on the moves made so far.
    lost: Chance,
}

impl<'a> Diagram<'a> {
    /// The diagram of `strategy` in `form` over the class `params`, before the first move.
    pub fn new(strategy: &'a dyn Strategy, form: Form, params: &GameClass<BigRational>) -> Self {
        Diagram::start(strategy, form, Values::of_class(params), Bases::new(params))
    }

    /// The diagram of `strategy` in game 3 of chapter 6 (`params`), before the first move:
    /// TSI on the same trees, but the top point is worth *T* and every high branch Δ more
    /// and every low branch Δ less than its fork — Johnson's diagram of "expected position
    /// values" (Figure 6.1) — an endpoint of value *P* being a win with chance *P* clamped
    /// to \[0, 1\].
    ///
    /// # Examples
    ///
    /// Theorem 6.1's setting, Δ = 0: HSTRAT wins with *T*(1 + *E* − *ET*)/(*T* + *E* − *ET*).
    ///
    /// ```
    /// use lookahead_eval::number::fraction;
    /// use lookahead_eval::{Game3Parameters, closed_form, diagram::Diagram, series::evaluate_with};
    /// use lookahead_eval::solitaire::strategies::HighChain;
    ///
    /// let (e, t) = (fraction(1, 2).unwrap(), fraction(1, 3).unwrap());
    /// let params = Game3Parameters::new(e.clone(), t.clone(), fraction(0, 1).unwrap()).unwrap();
    /// let hstrat = HighChain::new(1).unwrap();
    /// let w = evaluate_with(Diagram::game3(&hstrat, &params), 1e-12, 1000).unwrap();
    /// let exact = closed_form::game3_hstrat(e, t);
    /// assert!(w.lower <= exact && exact <= w.upper);
    /// ```
    pub fn game3(strategy: &'a dyn Strategy, params: &Game3Parameters) -> Self {
        let bases = Bases::shifted(&params.e(), &params.top(), &params.shift());
        let (top, shift) = params.to_f64();
        let values = Values::Shifted { top, shift };
        Diagram::start(strategy, Form::Independent, values, bases)
    }

    /// Before the first move: the player at the top point, known only as a split point.
    fn start(strategy: &'a dyn Strategy, form: Form, values: Values, bases: Bases) -> Self {
        Diagram {
            catalogue: LineCatalogue::new(strategy, form, values, DEFAULT_LOOK_BUDGET),
            states: HashMap::from([(State::TOP, bases.one())]),
            truncated: bases.zero(),
            won: bases.zero(),
            lost: bases.zero(),
            bases,
            moves: 0,
        }
    }

    /// Follows each move's look-ahead for at most `looks` looks (only strategies with
    /// unlimited look-ahead ever reach the default, [`DEFAULT_LOOK_BUDGET`]).
    pub fn with_look_budget(mut self, looks: usize) -> Self {
        self.catalogue = self.catalogue.with_look_budget(looks);
        self
    }

    /// The moves made so far.
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// The probability of the lines of play set aside because the look budget ran out.
    pub fn truncated(&self) -> BigRational {
        self.bases.to_rational(&self.truncated)
    }

    /// The chance of winning on the moves made so far, *D(1)* + … + *D(n)*.
    pub fn won(&self) -> BigRational {
        self.bases.to_rational(&self.won)
    }

    /// The chance of having lost on the moves made so far (reached a losing endpoint, or
    /// in TSD left the path to the win).
    pub fn lost(&self) -> BigRational {
        self.bases.to_rational(&self.lost)
    }

    /// The number of distinct positions (value and knowledge) the player can now be in.
    pub fn width(&self) -> usize {
        self.states.len()
    }

    /// Plays one more move over every position the player can be in: the chance *D(n)* of
    /// winning on move *n* (exact, unless lines were truncated: then a lower bound, short by
    /// at most the growth of [`Diagram::truncated`]).
    ///
    /// # Errors
    ///
    /// A [`LookError`] if the strategy looks where it may not.
    pub fn next_move(&mut self) -> Result<BigRational, LookError> {
        self.bases
            .reach(self.moves + self.catalogue.look_budget() + 2);
        self.bases.reach_alignment(self.states.values());
        let mut wins = self.bases.zero();
        let mut next: HashMap<State, Chance> = HashMap::new();
        for (state, chance) in std::mem::take(&mut self.states) {
            checkpoint();
            let steps = self
                .catalogue
                .lines(state.pattern, state.highs, state.lows)?;
            for (next_step, weight) in self.ends(&steps, &state) {
                let reach = self.bases.mul(&chance, &weight);
                match next_step {
                    Next::Won => self.bases.add_to(&mut wins, &reach),
                    Next::Lost => self.bases.add_to(&mut self.lost, &reach),
                    Next::Truncated => self.bases.add_to(&mut self.truncated, &reach),
                    Next::Moved { branch, pattern } => {
                        let moved = self.moved(&state, branch, pattern);
                        let sum = next.entry(moved).or_insert_with(|| self.bases.zero());
                        self.bases.add_to(sum, &reach);
                    }
                }
            }
        }
        self.states = next;
        self.moves += 1;
        self.bases.add_to(&mut self.won, &wins);
        Ok(self.bases.to_rational(&wins))
    }

    /// The points of the diagram's next row: every position the player can stand on at the
    /// start of the next move, with the exact chance of standing there, in order.
    pub fn positions(&self) -> Vec<(DiagramPosition, BigRational)> {
        let mut positions: Vec<(DiagramPosition, BigRational)> = self
            .states
            .iter()
            .map(|(state, chance)| {
                let position = DiagramPosition {
                    highs: state.highs,
                    lows: state.lows,
                    knowledge: state.pattern,
                };
                (position, self.bases.to_rational(chance))
            })
            .collect();
        positions.sort_by_key(|(position, _)| *position);
        positions
    }

    /// The lines of the diagram from `position`: each way the next move can end, with its
    /// exact chance given that the player stands on `position`, in the order the strategy's
    /// lines of play first reach them. The chances sum to 1.
    ///
    /// # Errors
    ///
    /// A [`LookError`] if the strategy looks where it may not.
    ///
    /// # Examples
    ///
    /// HSTRAT in TSD at *E* = 1/2, *A* = 3/4 (the memo's Figure 3.1): it looks at the high
    /// branch, and wins on this move if that is the win (*E·A*), or if it is a losing
    /// endpoint and the low branch, now sure to hold the win, is an endpoint (*E·B·E*):
    /// 3/8 + 1/16 = 7/16.
    ///
    /// ```
    /// use lookahead_eval::number::fraction;
    /// use lookahead_eval::{GameClass, diagram::{Diagram, MoveEnd}};
    /// use lookahead_eval::{Form, solitaire::strategies::HighChain};
    ///
    /// let params = GameClass::new(fraction(1, 2).unwrap(), fraction(3, 4).unwrap()).unwrap();
    /// let hstrat = HighChain::new(1).unwrap();
    /// let mut diagram = Diagram::new(&hstrat, Form::Dependent, &params);
    /// let (top, chance) = diagram.positions()[0].clone();
    /// assert_eq!(chance, fraction(1, 1).unwrap());
    /// let ends = diagram.move_ends(&top).unwrap();
    /// assert!(ends.contains(&(MoveEnd::Won, fraction(7, 16).unwrap())));
    /// ```
    pub fn move_ends(
        &mut self,
        position: &DiagramPosition,
    ) -> Result<Vec<(MoveEnd, BigRational)>, LookError> {
        let depth = (position.highs + position.lows) as usize;
        self.bases
            .reach(self.moves.max(depth) + self.catalogue.look_budget() + 2);
        let state = State {
            highs: position.highs,
            lows: position.lows,
            pattern: position.knowledge,
        };
        let steps = self
            .catalogue
            .lines(state.pattern, state.highs, state.lows)?;
        let ends = self
            .ends(&steps, &state)
            .into_iter()
            .map(|(next, weight)| {
                let end = match next {
                    Next::Won => MoveEnd::Won,
                    Next::Lost => MoveEnd::Lost,
                    Next::Truncated => MoveEnd::Truncated,
                    Next::Moved { branch, pattern } => {
                        let moved = self.moved(&state, branch, pattern);
                        MoveEnd::Moved {
                            branch,
                            to: DiagramPosition {
                                highs: moved.highs,
                                lows: moved.lows,
                                knowledge: moved.pattern,
                            },
                        }
                    }
                };
                (end, self.bases.to_rational(&weight))
            })
            .collect();
        Ok(ends)
    }

    /// An upper bound on the chance of winning after the moves made so far (not counting
    /// truncated lines).
    pub fn tail_bound(&self) -> BigRational {
        self.bases.to_rational(&self.remaining())
    }

    /// The bound on everything not yet counted, [`Diagram::tail_bound`] plus
    /// [`Diagram::truncated`], in floating point: an estimate cheap enough to test after
    /// every move (accurate to about 1e-12 relative, not rigorous).
    pub fn remaining_f64(&self) -> f64 {
        let bound_f64 = |state: &State| match self.shares_values() {
            Some(a) => {
                let value = self.catalogue.values().at(state.highs, state.lows);
                self.catalogue.expected_wins_f64(state.pattern, value, a)
            }
            None => 1.0,
        };
        let states: f64 = self
            .states
            .iter()
            .map(|(state, chance)| self.bases.to_f64(chance) * bound_f64(state))
            .sum();
        states + self.bases.to_f64(&self.truncated)
    }

    /// *A*, when values are shared out among the branches (TSI on Johnson's trees), so
    /// that a position's expected wins are bounded by its value; `None` in TSD and game 3,
    /// where the bound is the chance of still playing.
    fn shares_values(&self) -> Option<f64> {
        match (self.catalogue.form(), self.catalogue.values()) {
            (Form::Independent, Values::Split { a }) => Some(a),
            _ => None,
        }
    }

    fn remaining(&self) -> Chance {
        let mut bound = self.bases.zero();
        for (state, chance) in &self.states {
            let term = self.bases.mul(chance, &self.win_bound(state));
            self.bases.add_to(&mut bound, &term);
        }
        bound
    }

    /// An upper bound on the chance of winning from `state`: in TSD, and in game 3, 1; in
    /// TSI the expected number of wins below, which is 1 per win seen plus the value of
    /// each unseen position (a subtree of value *v* holds wins of expected number *v*,
    /// since *E* > 0 makes it finite and its endpoints' values sum to *v*).
    fn win_bound(&self, state: &State) -> Chance {
        if self.shares_values().is_none() {
            return self.bases.one();
        }
        let mut bound = self.bases.zero();
        let (pattern, highs, lows) = (state.pattern, state.highs, state.lows);
        self.catalogue
            .add_expected_wins(pattern, highs, lows, &self.bases, &mut bound);
        bound
    }

    /// Where a move along `branch` from `state` stands, known as `pattern`. In TSD an ordinal
    /// strategy's position is the top point of the game left, renormalised, so every
    /// position collapses to the top's value.
    fn moved(&self, state: &State, branch: Branch, pattern: u32) -> State {
        let collapse =
            self.catalogue.form() == Form::Dependent && self.catalogue.strategy().is_ordinal();
        let (highs, lows) = match (collapse, branch) {
            (true, _) => (0, 0),
            (false, Branch::High) => (state.highs + 1, state.lows),
            (false, Branch::Low) => (state.highs, state.lows + 1),
        };
        State {
            highs,
            lows,
            pattern,
        }
    }

    /// How the lines of play from `state` end, each distinct end once with the total
    /// chance of its lines: the chances are small numbers, the chance of reaching `state`
    /// may be thousands of digits long, so summing first saves most of the long products.
    fn ends(&self, steps: &[Step], state: &State) -> Vec<(Next, Chance)> {
        let mut ends: Vec<(Next, Chance)> = Vec::new();
        for step in steps {
            let weight = step.chance(&self.bases, state.highs, state.lows);
            match ends.iter_mut().find(|(next, _)| *next == step.next) {
                Some((_, sum)) => self.bases.add_to(sum, &weight),
                None => ends.push((step.next, weight)),
            }
        }
        ends
    }
}

//! Johnson's "diagram method", mechanised: the exact chance of every line of play of one move.
//!
//! Johnson (chapter 3) evaluates a strategy by drawing, move by move, every position the
//! player can be in, with the probability of getting there. In a game with constant split
//! ratio *A* a position is known by its value *A^h·B^l* and by what earlier looks revealed
//! below it — the tree is fixed, so what was seen before a move is still true after it
//! (Appendix A, 2HSTRAT: "if you came from B then you know that A²B is a split").
//!
//! Here the strategy itself draws the diagram. Its [`Strategy::choose`] is run against a
//! [`Look`] that answers every look at an unseen position with each possible outcome in turn
//! — a split point (chance *S*), a win, a loss — replaying the strategy once per line of
//! play, so one definition of a strategy serves both the Monte Carlo engine of `solitaire`
//! and this exact evaluation.
//!
//! In TSD the single win lies at the end of a hidden path that leaves each split point by
//! its high branch with chance *A* and by its low branch with chance *B*: the win is at the
//! endpoint with probability equal to its value, as the dependent form requires. The path's
//! turns are drawn only when a look needs them, and a position off the path can never lead
//! to the win, so those lines end at once.

use std::collections::HashMap;
use std::rc::Rc;

use num_rational::BigRational;
use solitaire::{Branch, Form, Look, LookError, Observation, Strategy};

use crate::chance::{Bases, Chance};
use crate::params::Game3Parameters;
use tree_gen::GameClass;

/// How far a single move's look-ahead is followed before the line is set aside as
/// *truncated* (its probability is then carried in the error bound).
pub const DEFAULT_LOOK_BUDGET: usize = 400;

/// Where TSD's hidden path to the win leaves a split point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Mark {
    /// The position is off the path (and in TSI there is no path).
    Off,
    /// On the path; which branch it takes has not been drawn yet.
    Undecided,
    /// On the path, which continues through this branch.
    Toward(Branch),
}

/// What is known about a position at or below the current one.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Seen {
    Unseen,
    Endpoint {
        win: bool,
    },
    Split {
        mark: Mark,
        high: Box<Seen>,
        low: Box<Seen>,
    },
}

impl Seen {
    fn fresh_split(mark: Mark) -> Self {
        Seen::Split {
            mark,
            high: Box::new(Seen::Unseen),
            low: Box::new(Seen::Unseen),
        }
    }

    fn at(&self, path: &[Branch]) -> Option<&Seen> {
        path.iter()
            .try_fold(self, |node, &branch| node.child(branch))
    }

    fn at_mut(&mut self, path: &[Branch]) -> Option<&mut Seen> {
        path.iter().try_fold(self, |node, &branch| match node {
            Seen::Split { high, low, .. } => Some(match branch {
                Branch::High => &mut **high,
                Branch::Low => &mut **low,
            }),
            _ => None,
        })
    }

    fn child(&self, branch: Branch) -> Option<&Seen> {
        match self {
            Seen::Split { high, low, .. } => Some(match branch {
                Branch::High => high,
                Branch::Low => low,
            }),
            _ => None,
        }
    }
}

/// A position the player can stand on at the start of a move: its value *A^highs·B^lows*
/// and what is known below it (it is always a split point).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct State {
    highs: u32,
    lows: u32,
    /// What is known below it, as an index into the diagram's patterns.
    pattern: u32,
}

/// What is known at the top point before the first move: that it is a split point (in TSD,
/// on the path to the win).
fn top_seen(form: Form) -> Seen {
    Seen::fresh_split(match form {
        Form::Dependent => Mark::Undecided,
        Form::Independent => Mark::Off,
    })
}

impl State {
    /// The top point, whose pattern is always the first.
    const TOP: State = State {
        highs: 0,
        lows: 0,
        pattern: 0,
    };
}

fn expected_wins(seen: &Seen, highs: u32, lows: u32, bases: &Bases, sum: &mut Chance) {
    match seen {
        Seen::Unseen => bases.add_to(sum, &bases.value(highs as usize, lows as usize)),
        Seen::Endpoint { win: true } => bases.add_to(sum, &bases.one()),
        Seen::Endpoint { win: false } => {}
        Seen::Split { high, low, .. } => {
            expected_wins(high, highs + 1, lows, bases, sum);
            expected_wins(low, highs, lows + 1, bases, sum);
        }
    }
}

/// One factor of a line's chance: *S*, *E*, *A*, *B*, a coin's 1/2, or the chance that a
/// position `highs` high and `lows` low branches below the current one is a win (*E·v*) or a
/// loss (*E·(1 − v)*), its value *v* relative to the current position's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Factor {
    S,
    E,
    A,
    B,
    Half,
    Win { highs: u32, lows: u32 },
    Loss { highs: u32, lows: u32 },
}

/// [`expected_wins`] in floating point.
fn expected_wins_f64(seen: &Seen, value: f64, a: f64) -> f64 {
    match seen {
        Seen::Unseen => value,
        Seen::Endpoint { win } => f64::from(u8::from(*win)),
        Seen::Split { high, low, .. } => {
            expected_wins_f64(high, value * a, a) + expected_wins_f64(low, value * (1.0 - a), a)
        }
    }
}

/// Position values in floating point, as strategies are shown them.
#[derive(Debug, Clone, Copy)]
enum Values {
    /// Johnson's trees: *A^highs·B^lows*.
    Split { a: f64 },
    /// Game 3 of chapter 6: *T* + (highs − lows)·Δ.
    Shifted { top: f64, shift: f64 },
}

impl Values {
    fn at(self, highs: u32, lows: u32) -> f64 {
        match self {
            Values::Split { a } => a.powi(highs as i32) * (1.0 - a).powi(lows as i32),
            Values::Shifted { top, shift } => top + (f64::from(highs) - f64::from(lows)) * shift,
        }
    }
}

/// How one line of play of a move ends.
#[derive(Debug, Clone, PartialEq, Eq)]
enum End {
    /// The move reached an endpoint that is a win.
    Won,
    /// The move reached a loss, or (TSD) a position off the path to the win.
    Lost,
    /// The move reached a split point, known as `seen`, from which play goes on.
    Moved { branch: Branch, seen: Seen },
    /// The look budget ran out before the strategy decided.
    Truncated,
}

/// One line of play of one move: what was drawn, and how it ended.
#[derive(Debug, Clone)]
struct Line {
    factors: Vec<Factor>,
    endpoints: Vec<Endpoint>,
    end: End,
}

/// An endpoint a line of play drew in TSI: where it is, below the current position, and
/// whether it is a win. Its chance, *E·v* or *E·(1 − v)*, is among the line's factors as
/// well; the path is kept for evaluators whose values are not powers of one ratio.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Endpoint {
    pub(crate) path: Vec<Branch>,
    pub(crate) win: bool,
}

/// How a line ends, with the position reached known by its pattern's index: cheap to
/// compare and to hash, where a [`Seen`] tree is not. Pattern 0 is the top point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Next {
    Won,
    Lost,
    Truncated,
    Moved { branch: Branch, pattern: u32 },
}

/// A [`Line`] with its end resolved to a [`Next`].
#[derive(Debug, Clone)]
pub(crate) struct Step {
    factors: Vec<Factor>,
    /// The TSI endpoints the line drew, in order.
    pub(crate) endpoints: Vec<Endpoint>,
    pub(crate) next: Next,
}

impl Step {
    /// How many split points the line drew (each with chance *S*).
    pub(crate) fn splits(&self) -> usize {
        self.factors.iter().filter(|&&f| f == Factor::S).count()
    }

    /// How many coins it tossed (each with chance 1/2).
    pub(crate) fn coins(&self) -> usize {
        self.factors.iter().filter(|&&f| f == Factor::Half).count()
    }
}

/// The [`Look`] that replays one line of play: it answers looks from `script` while the
/// script lasts, takes the first outcome after that, and records every choice so that the
/// next line can be found.
struct Replay<'s> {
    form: Form,
    /// How values are shown to strategies, and where the current position stands.
    values: Values,
    highs: u32,
    lows: u32,
    seen: Seen,
    script: &'s [usize],
    /// Each choice made: (the alternative taken, the number of alternatives).
    choices: Vec<(usize, usize)>,
    factors: Vec<Factor>,
    endpoints: Vec<Endpoint>,
    coin: Option<bool>,
    looks: usize,
    look_budget: usize,
}

impl Replay<'_> {
    fn choose(&mut self, alternatives: &[Factor]) -> usize {
        let taken = self.script.get(self.choices.len()).copied().unwrap_or(0);
        self.choices.push((taken, alternatives.len()));
        self.factors.push(alternatives[taken]);
        taken
    }

    /// Makes the position at `path` seen, drawing what it is if it was not.
    fn reveal(&mut self, path: &[Branch]) -> Result<(), LookError> {
        let not_visible = || LookError::NotVisible(path.to_vec());
        let (&last, parent_path) = path.split_last().ok_or_else(not_visible)?;
        let parent = self.seen.at(parent_path).ok_or_else(not_visible)?;
        let (Seen::Split { mark, .. }, Some(Seen::Unseen)) = (parent, parent.child(last)) else {
            return match parent {
                Seen::Split { .. } => Ok(()),
                _ => Err(not_visible()),
            };
        };
        let mut mark = *mark;
        if mark == Mark::Undecided {
            let turn = self.choose(&[Factor::A, Factor::B]);
            mark = Mark::Toward(if turn == 0 { Branch::High } else { Branch::Low });
            if let Some(Seen::Split { mark: stored, .. }) = self.seen.at_mut(parent_path) {
                *stored = mark;
            }
        }
        let revealed = self.draw(path, mark == Mark::Toward(last));
        if let Some(node) = self.seen.at_mut(path) {
            *node = revealed;
        }
        Ok(())
    }

    /// What an unseen position turns out to be.
    fn draw(&mut self, path: &[Branch], on_path: bool) -> Seen {
        match self.form {
            Form::Dependent => match self.choose(&[Factor::S, Factor::E]) {
                0 if on_path => Seen::fresh_split(Mark::Undecided),
                0 => Seen::fresh_split(Mark::Off),
                _ => Seen::Endpoint { win: on_path },
            },
            Form::Independent => {
                let (highs, lows) = exponents(path);
                let drawn = self.choose(&[
                    Factor::S,
                    Factor::Win { highs, lows },
                    Factor::Loss { highs, lows },
                ]);
                if drawn == 0 {
                    return Seen::fresh_split(Mark::Off);
                }
                let win = drawn == 1;
                self.endpoints.push(Endpoint {
                    path: path.to_vec(),
                    win,
                });
                Seen::Endpoint { win }
            }
        }
    }

    fn observe(&self, path: &[Branch]) -> Observation {
        let (highs, lows) = exponents(path);
        let (highs, lows) = (self.highs + highs, self.lows + lows);
        let value = self.values.at(highs, lows);
        match self.seen.at(path) {
            Some(Seen::Endpoint { win }) => Observation::Endpoint { value, win: *win },
            _ => Observation::Split {
                value,
                high: self.values.at(highs + 1, lows),
                low: self.values.at(highs, lows + 1),
            },
        }
    }

    /// Moves to `branch`, drawing it if it was never seen.
    fn finish(&mut self, branch: Branch) -> Result<End, LookError> {
        self.reveal(&[branch])?;
        let Seen::Split { high, low, .. } = std::mem::replace(&mut self.seen, Seen::Unseen) else {
            return Err(LookError::NotVisible(Vec::new()));
        };
        let reached = match branch {
            Branch::High => *high,
            Branch::Low => *low,
        };
        Ok(match reached {
            Seen::Endpoint { win: true } => End::Won,
            Seen::Split {
                mark: Mark::Off, ..
            } if self.form == Form::Dependent => End::Lost,
            seen @ Seen::Split { .. } => End::Moved { branch, seen },
            _ => End::Lost,
        })
    }
}

/// The positions a pattern of knowledge holds, by their paths below the current position.
#[derive(Debug, Clone, Default)]
pub(crate) struct KnownPositions {
    /// The split points seen, the current position (the empty path) first.
    pub(crate) splits: Vec<Vec<Branch>>,
    /// The endpoints seen.
    pub(crate) endpoints: Vec<Endpoint>,
    /// The positions not yet seen whose parent was seen to be a split point.
    pub(crate) unseen: Vec<Vec<Branch>>,
}

impl KnownPositions {
    fn collect(&mut self, seen: &Seen, path: &mut Vec<Branch>) {
        match seen {
            Seen::Unseen => self.unseen.push(path.clone()),
            Seen::Endpoint { win } => self.endpoints.push(Endpoint {
                path: path.clone(),
                win: *win,
            }),
            Seen::Split { high, low, .. } => {
                self.splits.push(path.clone());
                for (branch, child) in [(Branch::High, high), (Branch::Low, low)] {
                    path.push(branch);
                    self.collect(child, path);
                    path.pop();
                }
            }
        }
    }
}

/// The numbers of high and of low branches on `path`.
fn exponents(path: &[Branch]) -> (u32, u32) {
    let highs = path.iter().filter(|&&b| b == Branch::High).count() as u32;
    (highs, path.len() as u32 - highs)
}

impl Look for Replay<'_> {
    fn look(&mut self, path: &[Branch]) -> Result<Observation, LookError> {
        if self.looks >= self.look_budget {
            return Err(LookError::Truncated(self.looks));
        }
        self.looks += 1;
        self.reveal(path)?;
        Ok(self.observe(path))
    }

    fn coin(&mut self) -> bool {
        if let Some(toss) = self.coin {
            return toss;
        }
        let toss = self.choose(&[Factor::Half, Factor::Half]) == 0;
        self.coin = Some(toss);
        toss
    }

    fn current(&self) -> Observation {
        self.observe(&[])
    }
}

/// The line of play after `choices`, in depth-first order; `None` after the last.
fn next_script(choices: &[(usize, usize)]) -> Option<Vec<usize>> {
    let last_open = choices
        .iter()
        .rposition(|&(taken, count)| taken + 1 < count)?;
    let mut script: Vec<usize> = choices[..last_open]
        .iter()
        .map(|&(taken, _)| taken)
        .collect();
    script.push(choices[last_open].0 + 1);
    Some(script)
}

/// Positions whose lines of play are the same: what is known below them, and for a
/// strategy that uses values, the value too.
type LinesKey = (u32, Option<(u32, u32)>);

/// The exact move-by-move evaluation of one strategy in one form of the game.
///
/// # Examples
///
/// LSTRAT in TSD at *E* = 1/2, *A* = 3/4 wins on the first move with chance
/// *EB* + *ESA* + *E²A* = 1/2 (Johnson, chapter 3):
///
/// ```
/// use game_core::number::fraction;
/// use lookahead_eval::{GameClass, diagram::Diagram};
/// use solitaire::{Form, strategies::LowChain};
///
/// let params = GameClass::new(fraction(1, 2).unwrap(), fraction(3, 4).unwrap()).unwrap();
/// let lstrat = LowChain::new(1).unwrap();
/// let mut diagram = Diagram::new(&lstrat, Form::Dependent, &params);
/// assert_eq!(diagram.next_move().unwrap(), fraction(1, 2).unwrap());
/// ```
pub struct Diagram<'a> {
    strategy: &'a dyn Strategy,
    form: Form,
    values: Values,
    bases: Bases,
    look_budget: usize,
    states: HashMap<State, Chance>,
    lines: HashMap<LinesKey, Rc<Vec<Step>>>,
    /// Every pattern of knowledge met so far, and their indices.
    patterns: Vec<Seen>,
    pattern_ids: HashMap<Seen, u32>,
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
        let values = Values::Split {
            a: params.to_f64().a(),
        };
        Diagram::start(strategy, form, values, Bases::new(params))
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
    /// use game_core::number::fraction;
    /// use lookahead_eval::{Game3Parameters, closed_form, diagram::Diagram, series::evaluate_with};
    /// use solitaire::strategies::HighChain;
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
            strategy,
            form,
            values,
            states: HashMap::from([(State::TOP, bases.one())]),
            truncated: bases.zero(),
            won: bases.zero(),
            lost: bases.zero(),
            bases,
            look_budget: DEFAULT_LOOK_BUDGET,
            lines: HashMap::new(),
            patterns: vec![top_seen(form)],
            pattern_ids: HashMap::from([(top_seen(form), 0)]),
            moves: 0,
        }
    }

    /// Follows each move's look-ahead for at most `looks` looks (only strategies with
    /// unlimited look-ahead ever reach the default, [`DEFAULT_LOOK_BUDGET`]).
    pub fn with_look_budget(mut self, looks: usize) -> Self {
        self.look_budget = looks;
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
        self.bases.reach(self.moves + self.look_budget + 2);
        self.bases.reach_alignment(self.states.values());
        let collapse = self.form == Form::Dependent && self.strategy.is_ordinal();
        let mut wins = self.bases.zero();
        let mut next: HashMap<State, Chance> = HashMap::new();
        for (state, chance) in std::mem::take(&mut self.states) {
            let steps = self.steps_from(&state)?;
            for (next_step, weight) in self.ends(&steps, &state) {
                let reach = self.bases.mul(&chance, &weight);
                match next_step {
                    Next::Won => self.bases.add_to(&mut wins, &reach),
                    Next::Lost => self.bases.add_to(&mut self.lost, &reach),
                    Next::Truncated => self.bases.add_to(&mut self.truncated, &reach),
                    Next::Moved { branch, pattern } => {
                        let (highs, lows) = match (collapse, branch) {
                            (true, _) => (0, 0),
                            (false, Branch::High) => (state.highs + 1, state.lows),
                            (false, Branch::Low) => (state.highs, state.lows + 1),
                        };
                        let moved = State {
                            highs,
                            lows,
                            pattern,
                        };
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
                let seen = &self.patterns[state.pattern as usize];
                expected_wins_f64(seen, self.values.at(state.highs, state.lows), a)
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
        match (self.form, self.values) {
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
        let seen = &self.patterns[state.pattern as usize];
        expected_wins(seen, state.highs, state.lows, &self.bases, &mut bound);
        bound
    }

    /// The kinds of position met so far (pattern 0 is the top point; every other was
    /// reached by a move from an earlier one).
    pub(crate) fn patterns(&self) -> usize {
        self.patterns.len()
    }

    /// Every line of play of one move from a position of value 1 known as pattern
    /// `pattern`, with its exact chance, and how each line ends.
    pub(crate) fn transitions(
        &mut self,
        pattern: u32,
    ) -> Result<Vec<(BigRational, Next)>, LookError> {
        let state = State {
            highs: 0,
            lows: 0,
            pattern,
        };
        self.bases.reach(self.look_budget + 2);
        let steps = self.steps_from(&state)?;
        Ok(steps
            .iter()
            .map(|step| {
                let weight = self.weigh(&step.factors, &state);
                (self.bases.to_rational(&weight), step.next)
            })
            .collect())
    }

    /// Every line of play of one move from a position known as pattern `pattern`, for an
    /// ordinal strategy (whose lines do not depend on the position's value).
    pub(crate) fn ordinal_lines(&mut self, pattern: u32) -> Result<Rc<Vec<Step>>, LookError> {
        let state = State {
            highs: 0,
            lows: 0,
            pattern,
        };
        self.steps_from(&state)
    }

    /// What pattern `pattern` knows, as paths below the position it describes.
    pub(crate) fn known_positions(&self, pattern: u32) -> KnownPositions {
        let mut known = KnownPositions::default();
        known.collect(&self.patterns[pattern as usize], &mut Vec::new());
        known
    }

    /// How the lines of play from `state` end, each distinct end once with the total
    /// chance of its lines: the chances are small numbers, the chance of reaching `state`
    /// may be thousands of digits long, so summing first saves most of the long products.
    fn ends(&self, steps: &[Step], state: &State) -> Vec<(Next, Chance)> {
        let mut ends: Vec<(Next, Chance)> = Vec::new();
        for step in steps {
            let weight = self.weigh(&step.factors, state);
            match ends.iter_mut().find(|(next, _)| *next == step.next) {
                Some((_, sum)) => self.bases.add_to(sum, &weight),
                None => ends.push((step.next, weight)),
            }
        }
        ends
    }

    /// The chance of a line, for the position `state`.
    fn weigh(&self, factors: &[Factor], state: &State) -> Chance {
        let bases = &self.bases;
        factors.iter().fold(bases.one(), |product, factor| {
            let at = |highs: u32, lows: u32| {
                ((state.highs + highs) as usize, (state.lows + lows) as usize)
            };
            let factor = match *factor {
                Factor::S => bases.s(),
                Factor::E => bases.e(),
                Factor::A => bases.a(),
                Factor::B => bases.b(),
                Factor::Half => bases.half(),
                Factor::Win { highs, lows } => {
                    let (h, l) = at(highs, lows);
                    bases.win(h, l)
                }
                Factor::Loss { highs, lows } => {
                    let (h, l) = at(highs, lows);
                    bases.loss(h, l)
                }
            };
            bases.mul(&product, &factor)
        })
    }

    /// The index of the pattern `seen`, adding it if it is new.
    fn intern(&mut self, seen: Seen) -> u32 {
        if let Some(&id) = self.pattern_ids.get(&seen) {
            return id;
        }
        let id = self.patterns.len() as u32;
        self.patterns.push(seen.clone());
        self.pattern_ids.insert(seen, id);
        id
    }

    /// Every line of play of one move from `state` (computed once per kind of position).
    fn steps_from(&mut self, state: &State) -> Result<Rc<Vec<Step>>, LookError> {
        let level = (!self.strategy.is_ordinal()).then_some((state.highs, state.lows));
        let key = (state.pattern, level);
        if let Some(steps) = self.lines.get(&key) {
            return Ok(Rc::clone(steps));
        }
        let lines = self.replay_all(state)?;
        let steps: Vec<Step> = lines
            .into_iter()
            .map(|line| {
                let next = match line.end {
                    End::Won => Next::Won,
                    End::Lost => Next::Lost,
                    End::Truncated => Next::Truncated,
                    End::Moved { branch, seen } => Next::Moved {
                        branch,
                        pattern: self.intern(seen),
                    },
                };
                Step {
                    factors: line.factors,
                    endpoints: line.endpoints,
                    next,
                }
            })
            .collect();
        let steps = Rc::new(steps);
        self.lines.insert(key, Rc::clone(&steps));
        Ok(steps)
    }

    fn replay_all(&self, state: &State) -> Result<Vec<Line>, LookError> {
        let mut lines = Vec::new();
        let mut script = Vec::new();
        loop {
            let mut replay = Replay {
                form: self.form,
                values: self.values,
                highs: state.highs,
                lows: state.lows,
                seen: self.patterns[state.pattern as usize].clone(),
                script: &script,
                choices: Vec::new(),
                factors: Vec::new(),
                endpoints: Vec::new(),
                coin: None,
                looks: 0,
                look_budget: self.look_budget,
            };
            let line = self
                .strategy
                .choose(&mut replay)
                .and_then(|branch| replay.finish(branch));
            let end = match line {
                Ok(end) => end,
                Err(LookError::Truncated(_)) => End::Truncated,
                Err(error) => return Err(error),
            };
            lines.push(Line {
                factors: replay.factors,
                endpoints: replay.endpoints,
                end,
            });
            match next_script(&replay.choices) {
                Some(next) => script = next,
                None => return Ok(lines),
            }
        }
    }
}

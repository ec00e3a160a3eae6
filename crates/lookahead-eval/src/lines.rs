//! The catalogue of a strategy's lines of play: every way one move can go, with the
//! factors of its chance, found by replaying the strategy's own rules.
//!
//! Johnson (chapter 3) evaluates a strategy by listing, for each kind of position, every
//! line of play of one move. Here the strategy lists them itself. Its [`Strategy::choose`]
//! is run against a [`Look`] that answers every look at an unseen position with each
//! possible outcome in turn — a split point (chance *S*), a win, a loss — and the strategy
//! is replayed once per line, depth first, until every combination of outcomes has been
//! taken. One definition of a strategy so serves both the Monte Carlo engine of
//! `solitaire` and the exact evaluations of this crate.
//!
//! A position is known by what earlier looks revealed below it (its *pattern*, numbered in
//! the order met, the top point 0): the tree is fixed, so what was seen before a move is
//! still true after it (Appendix A, 2HSTRAT: "if you came from B then you know that A²B is
//! a split"). In TSD the single win lies at the end of a hidden path that leaves each split
//! point by its high branch with chance *A* and by its low branch with chance *B*: the win
//! is at the endpoint with probability equal to its value, as the dependent form requires.
//! The path's turns are drawn only when a look needs them, and a position off the path can
//! never lead to the win, so those lines end at once.
//!
//! [`LineCatalogue`] holds the patterns and each pattern's lines, computed once;
//! [`crate::diagram::Diagram`] plays them move by move, `dependent` solves them as a linear
//! system, `random_ratio` carries ratio moments through them.

use std::collections::HashMap;
use std::rc::Rc;

use num_rational::BigRational;
use solitaire::{Branch, Form, Look, LookError, Observation, Strategy};
use tree_gen::GameClass;

use crate::chance::{Bases, Chance};

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

/// What is known at the top point before the first move: that it is a split point (in TSD,
/// on the path to the win).
fn top_seen(form: Form) -> Seen {
    Seen::fresh_split(match form {
        Form::Dependent => Mark::Undecided,
        Form::Independent => Mark::Off,
    })
}

/// The expected number of wins below a position known as `seen`, `highs` high and `lows`
/// low branches below the current one: 1 per win seen, and each unseen position's value.
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
pub(crate) enum Factor {
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

/// How much deeper (high branches, low branches) a position an ordinal strategy is
/// replayed from is, to check that its moves do not depend on the values it is shown: its
/// own value and every value below it change (by *A*^h·*B*^l in Johnson's trees, from
/// *A* to *A*^16·*B*^16 of the first replay's), and what it sees does not.
const ORDINAL_CHECK_LEVELS: [(u32, u32); 4] = [(1, 0), (0, 1), (4, 4), (16, 16)];

/// Position values in floating point, as strategies are shown them.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Values {
    /// Johnson's trees: *A^highs·B^lows*.
    Split { a: f64 },
    /// Game 3 of chapter 6: *T* + (highs − lows)·Δ.
    Shifted { top: f64, shift: f64 },
}

impl Values {
    /// The values of Johnson's trees of the class (*E*, *A*), as strategies see them.
    pub(crate) fn of_class(class: &GameClass<BigRational>) -> Values {
        Values::Split {
            a: class.to_f64().a(),
        }
    }

    pub(crate) fn at(self, highs: u32, lows: u32) -> f64 {
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
#[derive(Debug, Clone, PartialEq)]
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
    /// The line's chance from a position `highs` high and `lows` low branches below the top
    /// point (its value enters the chance of each endpoint drawn), in `bases`' numbers;
    /// `bases` must reach the look budget plus the position's depth.
    pub(crate) fn chance(&self, bases: &Bases, highs: u32, lows: u32) -> Chance {
        self.factors.iter().fold(bases.one(), |product, factor| {
            let at = |h: u32, l: u32| ((highs + h) as usize, (lows + l) as usize);
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

/// Every line of play of one move of one strategy, by pattern of knowledge, computed once
/// per pattern (and, for a strategy that uses values, per value).
pub(crate) struct LineCatalogue<'a> {
    strategy: &'a dyn Strategy,
    form: Form,
    values: Values,
    look_budget: usize,
    lines: HashMap<LinesKey, Rc<Vec<Step>>>,
    /// Every pattern of knowledge met so far, and their indices.
    patterns: Vec<Seen>,
    pattern_ids: HashMap<Seen, u32>,
}

impl<'a> LineCatalogue<'a> {
    /// The catalogue of `strategy` in `form`, positions shown to it by `values`, each move's
    /// look-ahead followed for at most `look_budget` looks; it knows only the top point.
    pub(crate) fn new(
        strategy: &'a dyn Strategy,
        form: Form,
        values: Values,
        look_budget: usize,
    ) -> Self {
        LineCatalogue {
            strategy,
            form,
            values,
            look_budget,
            lines: HashMap::new(),
            patterns: vec![top_seen(form)],
            pattern_ids: HashMap::from([(top_seen(form), 0)]),
        }
    }

    /// The same catalogue, empty, following each move's look-ahead for at most `looks`
    /// looks.
    pub(crate) fn with_look_budget(self, looks: usize) -> Self {
        LineCatalogue::new(self.strategy, self.form, self.values, looks)
    }

    /// The strategy whose lines these are.
    pub(crate) fn strategy(&self) -> &'a dyn Strategy {
        self.strategy
    }

    /// How positions' values are shown to the strategy.
    pub(crate) fn values(&self) -> Values {
        self.values
    }

    /// The form of the game.
    pub(crate) fn form(&self) -> Form {
        self.form
    }

    /// The most looks a line of one move may make before it is set aside as truncated.
    pub(crate) fn look_budget(&self) -> usize {
        self.look_budget
    }

    /// The patterns met so far: 0 is the top point, every other was reached by a line of an
    /// earlier one.
    pub(crate) fn patterns(&self) -> usize {
        self.patterns.len()
    }

    /// Every line of play of one move from a position `highs` high and `lows` low branches
    /// below the top point, known as pattern `pattern` (the value matters only to a
    /// strategy that uses values).
    ///
    /// # Errors
    ///
    /// A [`LookError`] if the strategy looks where it may not.
    pub(crate) fn lines(
        &mut self,
        pattern: u32,
        highs: u32,
        lows: u32,
    ) -> Result<Rc<Vec<Step>>, LookError> {
        let level = (!self.strategy.is_ordinal()).then_some((highs, lows));
        let key = (pattern, level);
        if let Some(steps) = self.lines.get(&key) {
            return Ok(Rc::clone(steps));
        }
        let lines = self.replay_all(pattern, highs, lows)?;
        if level.is_none() {
            self.check_ordinal(pattern, highs, lows, &lines)?;
        }
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

    /// What pattern `pattern` knows, as paths below the position it describes.
    pub(crate) fn known_positions(&self, pattern: u32) -> KnownPositions {
        let mut known = KnownPositions::default();
        known.collect(&self.patterns[pattern as usize], &mut Vec::new());
        known
    }

    /// Adds to `sum` the expected number of wins below a position known as `pattern`,
    /// `highs` high and `lows` low branches below the top point, in TSI on Johnson's trees:
    /// 1 per win seen plus the value of each unseen position (a subtree of value *v* holds
    /// wins of expected number *v*, since *E* > 0 makes it finite and its endpoints' values
    /// sum to *v*).
    pub(crate) fn add_expected_wins(
        &self,
        pattern: u32,
        highs: u32,
        lows: u32,
        bases: &Bases,
        sum: &mut Chance,
    ) {
        expected_wins(&self.patterns[pattern as usize], highs, lows, bases, sum);
    }

    /// [`LineCatalogue::add_expected_wins`] in floating point, for a position of value
    /// `value` and split ratio `a`.
    pub(crate) fn expected_wins_f64(&self, pattern: u32, value: f64, a: f64) -> f64 {
        expected_wins_f64(&self.patterns[pattern as usize], value, a)
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

    /// Replays the strategy once per line of play, depth first over the outcomes of its
    /// looks, until every line has been taken.
    /// Checks a strategy's claim to be ordinal on `pattern`: replayed from positions deeper
    /// by each of [`ORDINAL_CHECK_LEVELS`] (so shown other values), it must play `lines`
    /// again, or every evaluation that treats positions of different values alike would be
    /// of another strategy.
    ///
    /// # Errors
    ///
    /// [`LookError::NotOrdinal`] naming the strategy; a [`LookError`] from a replay.
    fn check_ordinal(
        &self,
        pattern: u32,
        highs: u32,
        lows: u32,
        lines: &[Line],
    ) -> Result<(), LookError> {
        for (deeper_highs, deeper_lows) in ORDINAL_CHECK_LEVELS {
            let again = self.replay_all(pattern, highs + deeper_highs, lows + deeper_lows)?;
            if again != lines {
                return Err(LookError::NotOrdinal(self.strategy.name()));
            }
        }
        Ok(())
    }

    fn replay_all(&self, pattern: u32, highs: u32, lows: u32) -> Result<Vec<Line>, LookError> {
        let mut lines = Vec::new();
        let mut script = Vec::new();
        loop {
            let mut replay = Replay {
                form: self.form,
                values: self.values,
                highs,
                lows,
                seen: self.patterns[pattern as usize].clone(),
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

#[cfg(test)]
mod tests {
    use game_core::number::fraction;
    use num_rational::BigRational;
    use num_traits::One;
    use solitaire::StrategyName;
    use solitaire::strategies::{HighChain, NoStrat};
    use tree_gen::GameClass;

    use super::*;

    fn class(e: (i64, i64), a: (i64, i64)) -> GameClass<BigRational> {
        GameClass::new(fraction(e.0, e.1).unwrap(), fraction(a.0, a.1).unwrap()).unwrap()
    }

    fn catalogue(strategy: &dyn Strategy, form: Form, a: f64) -> LineCatalogue<'_> {
        LineCatalogue::new(strategy, form, Values::Split { a }, 64)
    }

    /// The lines of one move are every way it can go: their chances sum to exactly 1, from
    /// the top point and from every pattern the first move leads to, for every ordinal
    /// strategy of the memo with bounded look-ahead, in both forms and two game classes.
    #[test]
    fn the_chances_of_a_patterns_lines_sum_to_one() {
        for params in [class((1, 2), (3, 4)), class((1, 4), (9, 10))] {
            let mut bases = Bases::new(&params);
            bases.reach(66);
            for name in StrategyName::ALL {
                let Some(strategy) = name.ordinal_strategy() else {
                    continue;
                };
                if matches!(
                    name,
                    StrategyName::UnlimitedLStrat | StrategyName::UnlimitedHStrat
                ) {
                    continue;
                }
                for form in [Form::Dependent, Form::Independent] {
                    let mut lines = catalogue(&*strategy, form, params.to_f64().a());
                    let first = lines.lines(0, 0, 0).unwrap();
                    let mut patterns = vec![0];
                    patterns.extend(first.iter().filter_map(|step| match step.next {
                        Next::Moved { pattern, .. } => Some(pattern),
                        _ => None,
                    }));
                    for pattern in patterns {
                        let total: BigRational = lines
                            .lines(pattern, 0, 0)
                            .unwrap()
                            .iter()
                            .map(|step| bases.to_rational(&step.chance(&bases, 0, 0)))
                            .sum();
                        assert!(total.is_one(), "{name} {form:?} pattern {pattern}: {total}");
                    }
                }
            }
        }
    }

    /// NOSTRAT looks at nothing: a coin picks the branch, which is then drawn as a split
    /// point, a win or a loss. Six lines in TSI, each with one coin and no look.
    #[test]
    fn nostrat_has_a_coin_and_a_draw_per_line() {
        let mut lines = catalogue(&NoStrat, Form::Independent, 0.75);
        let steps = lines.lines(0, 0, 0).unwrap();
        assert_eq!(steps.len(), 6);
        assert!(steps.iter().all(|step| step.coins() == 1));
        let count = |wanted: fn(&Next) -> bool| steps.iter().filter(|s| wanted(&s.next)).count();
        assert_eq!(count(|n| matches!(n, Next::Won)), 2);
        assert_eq!(count(|n| matches!(n, Next::Lost)), 2);
        assert_eq!(count(|n| matches!(n, Next::Moved { .. })), 2);
        assert_eq!(steps.iter().map(Step::splits).sum::<usize>(), 2);
    }

    /// The top point is known only as a split point; what HSTRAT sees of the high branch
    /// before moving there is kept in the pattern it moves to.
    #[test]
    fn patterns_keep_what_was_seen() {
        let hstrat = HighChain::new(2).unwrap();
        let mut lines = catalogue(&hstrat, Form::Independent, 0.75);
        let top = lines.known_positions(0);
        assert_eq!(top.splits, vec![Vec::<Branch>::new()]);
        assert!(top.endpoints.is_empty());
        assert_eq!(top.unseen, vec![vec![Branch::High], vec![Branch::Low]]);
        let steps = lines.lines(0, 0, 0).unwrap();
        let moved_high = steps.iter().find_map(|step| match step.next {
            Next::Moved {
                branch: Branch::High,
                pattern,
            } if step.splits() == 2 => Some(pattern),
            _ => None,
        });
        // 2HSTRAT saw the high branch and its high branch as split points, then moved high:
        // below its new position the high branch is known to be a split point.
        let known = lines.known_positions(moved_high.unwrap());
        assert_eq!(known.splits, vec![vec![], vec![Branch::High]]);
    }

    /// A pattern's lines are replayed once and then read from the catalogue.
    #[test]
    fn lines_are_computed_once_per_pattern() {
        let hstrat = HighChain::new(1).unwrap();
        let mut lines = catalogue(&hstrat, Form::Dependent, 0.75);
        let first = lines.lines(0, 0, 0).unwrap();
        let again = lines.lines(0, 3, 1).unwrap();
        assert!(
            Rc::ptr_eq(&first, &again),
            "an ordinal strategy's lines ignore the value"
        );
    }

    /// Unlimited look-ahead is cut at the look budget: the lines that would look further are
    /// set aside as truncated, and their chance is still counted.
    #[test]
    fn lines_beyond_the_look_budget_are_truncated() {
        let unlimited = HighChain::unlimited();
        let params = class((1, 2), (3, 4));
        let mut bases = Bases::new(&params);
        bases.reach(10);
        let mut lines =
            LineCatalogue::new(&unlimited, Form::Independent, Values::Split { a: 0.75 }, 3);
        let steps = lines.lines(0, 0, 0).unwrap();
        let truncated: Vec<&Step> = steps.iter().filter(|s| s.next == Next::Truncated).collect();
        assert_eq!(truncated.len(), 1);
        // Three looks, each a split point: S³ = 1/8.
        let chance = bases.to_rational(&truncated[0].chance(&bases, 0, 0));
        assert_eq!(chance, fraction(1, 8).unwrap());
        let total: BigRational = steps
            .iter()
            .map(|step| bases.to_rational(&step.chance(&bases, 0, 0)))
            .sum();
        assert!(total.is_one());
    }
}

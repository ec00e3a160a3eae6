//! Split ratios drawn at random: the exact chance of winning when every split point's ratio
//! *R* is drawn independently from a law on \[1/2, 1\] — the memo's "variable split ratio",
//! uniform on \[1/2, 1\] (Johnson, chapter 4, Table 4.2, and the figures of chapter 5).
//!
//! **TSD.** An ordinal strategy wins with the chance of the constant ratio *A* = E\[*R*\]:
//! a split point's ratio enters the chance of a line of play only as the chance that the
//! path to the win turns high (*R*) or low (1 − *R*), once per point, and the ratios of
//! different points are independent, so every product averages factor by factor.
//!
//! **TSI.** A look at a position of value *v* finds a win with chance *E·v*, and *v* is the
//! product of the ratios (or their complements) above it, so one ratio enters the chances
//! of many lines of play, and of later moves: the averages no longer factor. The diagram is
//! then kept as a set of linear functionals, one per pattern of knowledge: after *n* moves,
//! *L<sub>n,p</sub>(f)* = E\[1{the player stands on a position known as *p*} · *f*\] for
//! every polynomial *f* in the position's value *X* and the ratios of the split points the
//! pattern has seen below it (their values and chances are polynomials in these). A move
//! pulls the next functional back to the previous one, *X′* = *X·R* or *X·(1 − R)*,
//! and the ratios of points first seen on the way are averaged out with the law's moments
//! E\[*R<sup>j</sup>*\] — rational for the uniform law, (2<sup>*j*+1</sup> − 1)/((*j* + 1)·2<sup>*j*</sup>).
//! *D(n)* is the sum of the functionals at move *n* − 1 applied to the chances of the lines
//! that win; the functionals are computed on demand, only on the monomials asked for, and
//! ratios that no chance has involved yet are averaged at once.
//!
//! The bound on the tail is the one of [`crate::series`]: 1 per win seen plus the value of
//! each unseen position, now averaged by the functionals.
//!
//! Strategies that use values (B'STRAT, H'STRAT, best-first) are not evaluated: their moves
//! depend on the ratios themselves, and the chance of a move is no longer a polynomial in
//! them.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use solitaire::{Branch, Form, LookError, Strategy};
use tree_gen::{GameClass, GameClassError};

use crate::lines::{Endpoint, LineCatalogue, Next, Step, Values};
use crate::series::{self, Evaluation, PrecisionError, SeriesError, Terms};

/// A ratio law that is not a law of split ratios.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum RatioLawError {
    /// A value of the ratio outside \[1/2, 1\].
    #[error(transparent)]
    SplitRatio(#[from] GameClassError<BigRational>),
    /// The chances of a discrete law must be positive and sum to 1; these (in the order
    /// given) do not.
    #[error("ratio chances {} are not positive numbers summing to 1", list(.0))]
    Chances(Vec<BigRational>),
}

/// `items` as the error message shows them: "1/2, 1/3".
fn list(items: &[BigRational]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why the exact chance under random split ratios could not be given.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum RandomRatioError {
    /// Only ordinal strategies are evaluated here: a strategy (named) that uses values moves
    /// differently for different ratios.
    #[error(
        "{0} uses values, not only which branch is higher; only ordinal strategies are evaluated"
    )]
    NotOrdinal(String),
    /// Positions are followed at most 63 branches below the current one; the strategy
    /// looked this deep.
    #[error(
        "a look {0} branches below the current position is deeper than random split ratios are followed (63)"
    )]
    TooDeep(usize),
    /// *E* outside (0, 1].
    #[error(transparent)]
    GameClass(#[from] GameClassError<BigRational>),
    /// The precision was invalid or not reached.
    #[error(transparent)]
    Precision(#[from] PrecisionError),
    /// The strategy looked where it may not.
    #[error(transparent)]
    Look(#[from] LookError),
}

impl From<SeriesError> for RandomRatioError {
    fn from(error: SeriesError) -> Self {
        match error {
            SeriesError::Precision(error) => RandomRatioError::Precision(error),
            SeriesError::Look(error) => RandomRatioError::Look(error),
        }
    }
}

/// How far one move's look-ahead is followed in TSI before the line is set aside (and its
/// chance carried in the bound): positions are named by at most 63 branches, and the
/// strategies of the memo look along paths from the current position, one look a branch.
pub const LOOK_BUDGET: usize = 60;

/// The law of the split ratio *R* of every split point, drawn independently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RatioLaw {
    /// *R* = *A* everywhere: Johnson's constant split ratio (E\[*R<sup>j</sup>*\] = *A<sup>j</sup>*).
    Constant(BigRational),
    /// *R* uniform on \[1/2, 1\], the memo's variable split ratio.
    Uniform,
    /// *R* takes finitely many values in \[1/2, 1\]: (value, chance) pairs, the chances
    /// summing to 1 (build it with [`RatioLaw::discrete`], which checks this).
    Discrete(Vec<(BigRational, BigRational)>),
}

impl RatioLaw {
    /// The constant split ratio *A*.
    ///
    /// # Errors
    ///
    /// [`RatioLawError::SplitRatio`] unless 1/2 ≤ *A* ≤ 1.
    pub fn constant(a: BigRational) -> Result<Self, RatioLawError> {
        Ok(RatioLaw::Constant(GameClass::check_split_ratio(a)?))
    }

    /// A law with finitely many values: `outcomes` as (value, chance) pairs.
    ///
    /// # Errors
    ///
    /// [`RatioLawError::SplitRatio`] for a value outside \[1/2, 1\],
    /// [`RatioLawError::Chances`] unless the chances are positive and sum to 1.
    pub fn discrete(outcomes: Vec<(BigRational, BigRational)>) -> Result<Self, RatioLawError> {
        for (value, _) in &outcomes {
            RatioLaw::constant(value.clone())?;
        }
        let total: BigRational = outcomes.iter().map(|(_, chance)| chance).sum();
        let positive = outcomes
            .iter()
            .all(|(_, chance)| chance > &BigRational::zero());
        if !positive || !total.is_one() {
            return Err(RatioLawError::Chances(
                outcomes.into_iter().map(|(_, chance)| chance).collect(),
            ));
        }
        Ok(RatioLaw::Discrete(outcomes))
    }

    /// The moment E\[*R<sup>j</sup>*\].
    ///
    /// ```
    /// use lookahead_eval::number::fraction;
    /// use lookahead_eval::random_ratio::RatioLaw;
    ///
    /// // E[R²] of the uniform law on [1/2, 1]: (8 − 1)/(3·4) = 7/12.
    /// assert_eq!(RatioLaw::Uniform.moment(2), fraction(7, 12).unwrap());
    /// ```
    pub fn moment(&self, j: u32) -> BigRational {
        match self {
            RatioLaw::Constant(a) => num_traits::pow(a.clone(), j as usize),
            RatioLaw::Uniform => {
                let two_j = num_traits::pow(BigInt::from(2), j as usize);
                let numerator = &two_j * 2 - 1;
                BigRational::new(numerator, two_j * BigInt::from(j + 1))
            }
            RatioLaw::Discrete(outcomes) => outcomes
                .iter()
                .map(|(value, chance)| num_traits::pow(value.clone(), j as usize) * chance)
                .sum(),
        }
    }

    /// The mean E\[*R*\] (3/4 for the uniform law).
    pub fn mean(&self) -> BigRational {
        self.moment(1)
    }
}

/// The chance *W* that `strategy` wins a game of `form` with endpoint probability `e` and
/// split ratios drawn from `law`, to within `precision`, with the exact terms *D(n)*.
///
/// In TSD this is the constant-ratio value at *A* = E\[*R*\] (see the module
/// documentation); in TSI the moments of the law are carried through the diagram.
///
/// # Errors
///
/// [`RandomRatioError::NotOrdinal`] for a strategy that uses values,
/// [`RandomRatioError::TooDeep`] for one that looks more than 63 branches down,
/// [`RandomRatioError::GameClass`] unless 0 < *E* ≤ 1,
/// [`RandomRatioError::Precision`] as
/// [`series::evaluate`].
///
/// # Examples
///
/// LSTRAT in TSI at *E* = 1/2 (Table 4.2's setting). On its first move it looks at the low
/// branch, of value 1 − *R*, and moves high, of value *R*, unless that is a win:
/// *D(1)* = *E*·E\[1 − *R*\] + E\[(*S* + *E·R*)·*E·R*\], which is 11/24 for the uniform law.
/// Over the whole game, ratios uniform on \[1/2, 1\] win more often than the constant 3/4
/// (.68768, Table 4.1).
///
/// ```
/// use lookahead_eval::number::{fraction, to_f64};
/// use lookahead_eval::random_ratio::{RatioLaw, evaluate};
/// use lookahead_eval::{Form, solitaire::strategies::LowChain};
///
/// let lstrat = LowChain::new(1).unwrap();
/// let e = fraction(1, 2).unwrap();
/// let w = evaluate(&lstrat, Form::Independent, e, &RatioLaw::Uniform, 1e-9).unwrap();
/// assert_eq!(w.per_move[0], fraction(11, 24).unwrap());
/// assert!(to_f64(&w.width()) < 1e-9);
/// assert!((w.value() - 0.69798).abs() < 5e-6);
/// ```
pub fn evaluate(
    strategy: &dyn Strategy,
    form: Form,
    e: BigRational,
    law: &RatioLaw,
    precision: f64,
) -> Result<Evaluation, RandomRatioError> {
    if !strategy.is_ordinal() {
        return Err(RandomRatioError::NotOrdinal(strategy.name()));
    }
    let params = GameClass::new(e, law.mean())?;
    match form {
        Form::Dependent => Ok(series::evaluate(strategy, form, &params, precision)?),
        Form::Independent => {
            let mut moments = Moments::new(strategy, &params, law);
            series::sum_terms(&mut moments, precision, series::MAX_MOVES)
        }
    }
}

/// The most branches below the current position a [`Node`] can name.
const MAX_DEPTH: usize = 63;

/// A position below the current one: bit *i* is its *i*-th branch (1 for high).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Node {
    depth: u8,
    bits: u64,
}

impl Node {
    /// The current position.
    const CURRENT: Node = Node { depth: 0, bits: 0 };

    fn of(path: &[Branch]) -> Node {
        let bits = path
            .iter()
            .enumerate()
            .filter(|&(_, &branch)| branch == Branch::High)
            .fold(0, |bits, (i, _)| bits | 1 << i);
        Node {
            depth: path.len() as u8,
            bits,
        }
    }

    /// The position `self` below the current position's branch `first`, seen from the
    /// current position.
    fn below(self, first: Branch) -> Node {
        Node {
            depth: self.depth + 1,
            bits: self.bits << 1 | u64::from(first == Branch::High),
        }
    }

    /// Whether `self` lies strictly above `other`.
    fn is_above(self, other: Node) -> bool {
        self.depth < other.depth && other.bits & ((1 << self.depth) - 1) == self.bits
    }
}

/// *X<sup>value</sup>* · Π *R<sub>node</sub><sup>e</sup>*, ratios sorted by node, no zero
/// exponents.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
struct Monomial {
    value: u32,
    ratios: Vec<(Node, u32)>,
}

impl Monomial {
    fn times(&self, other: &Monomial) -> Monomial {
        let mut ratios = self.ratios.clone();
        for &(node, exponent) in &other.ratios {
            match ratios.binary_search_by_key(&node, |&(n, _)| n) {
                Ok(at) => ratios[at].1 += exponent,
                Err(at) => ratios.insert(at, (node, exponent)),
            }
        }
        Monomial {
            value: self.value + other.value,
            ratios,
        }
    }
}

/// A polynomial in the value *X* and the ratios, with exact coefficients.
#[derive(Debug, Clone, Default)]
struct Polynomial {
    terms: HashMap<Monomial, BigRational>,
}

impl Polynomial {
    fn constant(c: BigRational) -> Self {
        Polynomial {
            terms: HashMap::from([(Monomial::default(), c)]),
        }
    }

    fn monomial(monomial: Monomial) -> Self {
        Polynomial {
            terms: HashMap::from([(monomial, BigRational::one())]),
        }
    }

    /// The share of `node`'s value that its branch `branch` gets: *R* or 1 − *R*.
    fn share(node: Node, branch: Branch) -> Self {
        let ratio = Monomial {
            value: 0,
            ratios: vec![(node, 1)],
        };
        match branch {
            Branch::High => Polynomial::monomial(ratio),
            Branch::Low => {
                let mut share = Polynomial::constant(BigRational::one());
                share.add_term(ratio, -BigRational::one());
                share
            }
        }
    }

    /// The value of the position at `path`, relative to the current position's.
    fn relative_value(path: &[Branch]) -> Self {
        (0..path.len()).fold(Polynomial::constant(BigRational::one()), |value, depth| {
            value.times(&Polynomial::share(Node::of(&path[..depth]), path[depth]))
        })
    }

    fn add_term(&mut self, monomial: Monomial, coefficient: BigRational) {
        let sum = self.terms.entry(monomial).or_insert_with(BigRational::zero);
        *sum += coefficient;
    }

    fn plus(mut self, other: &Polynomial) -> Self {
        for (monomial, coefficient) in &other.terms {
            self.add_term(monomial.clone(), coefficient.clone());
        }
        self
    }

    fn scaled(mut self, factor: &BigRational) -> Self {
        for coefficient in self.terms.values_mut() {
            *coefficient *= factor;
        }
        self
    }

    fn times(&self, other: &Polynomial) -> Self {
        let mut product = Polynomial::default();
        for (m, a) in &self.terms {
            for (n, b) in &other.terms {
                product.add_term(m.times(n), a * b);
            }
        }
        product
    }

    fn power(&self, exponent: u32) -> Self {
        (0..exponent).fold(Polynomial::constant(BigRational::one()), |power, _| {
            power.times(self)
        })
    }
}

/// What the evaluation needs of a pattern of knowledge.
struct Pattern {
    /// The split points it has seen: the variables of its functional.
    splits: HashSet<Node>,
    /// Those with no endpoint seen below: no chance so far involved their ratios, so the
    /// functional averages them at once.
    fresh: HashSet<Node>,
    /// The bound on the wins below: 1 per win seen, plus *X·v* per unseen position.
    bound: Polynomial,
    lines: Vec<Line>,
}

/// One line of play of one move, its chance as a polynomial.
struct Line {
    /// The chance, in the variables of the pattern and of the points the line drew.
    chance: Polynomial,
    /// The chance averaged over the points the line drew.
    averaged: Polynomial,
    next: Next,
}

/// The diagram of TSI with random split ratios, as functionals over the patterns.
struct Moments<'a> {
    catalogue: LineCatalogue<'a>,
    law: RatioLaw,
    moments: Vec<BigRational>,
    e: BigRational,
    s: BigRational,
    patterns: HashMap<u32, Rc<Pattern>>,
    /// For each pattern, the lines of play (pattern, line index) that lead to it.
    incoming: HashMap<u32, Vec<(u32, usize)>>,
    /// The patterns the player can stand on after each number of moves.
    reach: Vec<HashSet<u32>>,
    /// The chance of the lines set aside at the look budget so far.
    truncated: BigRational,
    /// *L<sub>n,p</sub>* on the monomials asked for, without the fresh ratios.
    memo: HashMap<(usize, u32, Monomial), BigRational>,
    pullbacks: HashMap<(u32, usize, Monomial), Rc<Polynomial>>,
}

impl Terms for Moments<'_> {
    type Error = RandomRatioError;

    fn next_term(&mut self) -> Result<BigRational, RandomRatioError> {
        let (wins, truncated) = self.next_move()?;
        self.truncated += truncated;
        Ok(wins)
    }

    fn remaining_estimate(&mut self) -> Result<f64, RandomRatioError> {
        // The exact bound is cheap here: the functionals it needs are memoised, so the
        // second call, from `remaining`, costs lookups.
        Ok(game_core::number::to_f64(&self.remaining()?))
    }

    fn remaining(&mut self) -> Result<BigRational, RandomRatioError> {
        Ok(self.tail_bound()? + &self.truncated)
    }
}

impl<'a> Moments<'a> {
    fn new(strategy: &'a dyn Strategy, params: &GameClass<BigRational>, law: &RatioLaw) -> Self {
        let values = Values::of_class(params);
        let catalogue = LineCatalogue::new(strategy, Form::Independent, values, LOOK_BUDGET);
        let e = params.e();
        Moments {
            catalogue,
            law: law.clone(),
            moments: Vec::new(),
            s: BigRational::one() - &e,
            e,
            patterns: HashMap::new(),
            incoming: HashMap::new(),
            reach: vec![HashSet::from([0])],
            truncated: BigRational::zero(),
            memo: HashMap::new(),
            pullbacks: HashMap::new(),
        }
    }

    /// Plays move *n* = (moves so far) + 1: the chance of winning on it, and of the lines
    /// set aside at the look budget.
    fn next_move(&mut self) -> Result<(BigRational, BigRational), RandomRatioError> {
        let before = self.reach.len() - 1;
        let mut reached = HashSet::new();
        let mut wins = BigRational::zero();
        let mut truncated = BigRational::zero();
        let from: Vec<u32> = self.reach[before].iter().copied().collect();
        for pattern in from {
            let data = self.pattern(pattern)?;
            for line in &data.lines {
                match line.next {
                    Next::Won => wins += self.apply(before, pattern, &line.averaged),
                    Next::Truncated => truncated += self.apply(before, pattern, &line.averaged),
                    Next::Lost => {}
                    Next::Moved { pattern: next, .. } => {
                        reached.insert(next);
                    }
                }
            }
        }
        self.reach.push(reached);
        Ok((wins, truncated))
    }

    /// The bound on every win after the moves made so far (not counting lines set aside).
    fn tail_bound(&mut self) -> Result<BigRational, RandomRatioError> {
        let moves = self.reach.len() - 1;
        let mut bound = BigRational::zero();
        let now: Vec<u32> = self.reach[moves].iter().copied().collect();
        for pattern in now {
            let data = self.pattern(pattern)?;
            bound += self.apply(moves, pattern, &data.bound);
        }
        Ok(bound)
    }

    /// *L<sub>moves,pattern</sub>(f)*.
    fn apply(&mut self, moves: usize, pattern: u32, f: &Polynomial) -> BigRational {
        let mut sum = BigRational::zero();
        for (monomial, coefficient) in &f.terms {
            sum += coefficient * self.functional(moves, pattern, monomial);
        }
        sum
    }

    /// *L<sub>moves,pattern</sub>* of one monomial.
    fn functional(&mut self, moves: usize, pattern: u32, monomial: &Monomial) -> BigRational {
        let data = Rc::clone(&self.patterns[&pattern]);
        let mut fresh_average = BigRational::one();
        let mut core = Monomial {
            value: monomial.value,
            ratios: Vec::new(),
        };
        for &(node, exponent) in &monomial.ratios {
            if data.fresh.contains(&node) {
                fresh_average *= self.moment(exponent);
            } else {
                core.ratios.push((node, exponent));
            }
        }
        if moves == 0 {
            // The top point: value 1, its ratio fresh.
            return if pattern == 0 {
                fresh_average
            } else {
                BigRational::zero()
            };
        }
        let key = (moves, pattern, core);
        if let Some(value) = self.memo.get(&key) {
            return value * fresh_average;
        }
        let mut sum = BigRational::zero();
        let edges = self.incoming.get(&pattern).cloned().unwrap_or_default();
        for (previous, line) in edges {
            if !self.reach[moves - 1].contains(&previous) {
                continue;
            }
            let pulled = self.pullback(previous, line, &key.2);
            sum += self.apply(moves - 1, previous, &pulled);
        }
        let value = &sum * fresh_average;
        self.memo.insert(key, sum);
        value
    }

    /// The monomial `monomial` of the pattern a line of play moved to, as a polynomial
    /// in the variables of the pattern it started from, times the line's chance, with the
    /// ratios of the points the line drew averaged out.
    fn pullback(&mut self, pattern: u32, line: usize, monomial: &Monomial) -> Rc<Polynomial> {
        let key = (pattern, line, monomial.clone());
        if let Some(pulled) = self.pullbacks.get(&key) {
            return Rc::clone(pulled);
        }
        let data = Rc::clone(&self.patterns[&pattern]);
        let Next::Moved { branch, .. } = data.lines[line].next else {
            return Rc::new(Polynomial::default());
        };
        let moved_ratios = Monomial {
            value: monomial.value,
            ratios: monomial
                .ratios
                .iter()
                .map(|&(node, exponent)| (node.below(branch), exponent))
                .collect(),
        };
        let substituted = Polynomial::share(Node::CURRENT, branch)
            .power(monomial.value)
            .times(&Polynomial::monomial(moved_ratios));
        let product = data.lines[line].chance.times(&substituted);
        let pulled = Rc::new(self.average_out(product, &data.splits));
        self.pullbacks.insert(key, Rc::clone(&pulled));
        pulled
    }

    /// Averages out every ratio not in `keep`.
    fn average_out(&mut self, f: Polynomial, keep: &HashSet<Node>) -> Polynomial {
        let mut averaged = Polynomial::default();
        for (monomial, coefficient) in f.terms {
            let mut factor = coefficient;
            let mut kept = Monomial {
                value: monomial.value,
                ratios: Vec::new(),
            };
            for (node, exponent) in monomial.ratios {
                if keep.contains(&node) {
                    kept.ratios.push((node, exponent));
                } else {
                    factor *= self.moment(exponent);
                }
            }
            averaged.add_term(kept, factor);
        }
        averaged
    }

    fn moment(&mut self, j: u32) -> BigRational {
        while self.moments.len() <= j as usize {
            let next = self.law.moment(self.moments.len() as u32);
            self.moments.push(next);
        }
        self.moments[j as usize].clone()
    }

    /// The pattern's variables, bound and lines, computed once.
    fn pattern(&mut self, pattern: u32) -> Result<Rc<Pattern>, RandomRatioError> {
        if let Some(data) = self.patterns.get(&pattern) {
            return Ok(Rc::clone(data));
        }
        let known = self.catalogue.known_positions(pattern);
        let steps = self.catalogue.lines(pattern, 0, 0)?;
        let deepest = steps
            .iter()
            .flat_map(|step| &step.endpoints)
            .map(|endpoint| endpoint.path.len())
            .chain(known.splits.iter().map(Vec::len))
            .chain(known.unseen.iter().map(Vec::len))
            .max()
            .unwrap_or(0);
        if deepest > MAX_DEPTH {
            return Err(RandomRatioError::TooDeep(deepest));
        }
        let splits: HashSet<Node> = known.splits.iter().map(|path| Node::of(path)).collect();
        let endpoints: Vec<Node> = known.endpoints.iter().map(|e| Node::of(&e.path)).collect();
        let fresh = splits
            .iter()
            .copied()
            .filter(|&split| !endpoints.iter().any(|&end| split.is_above(end)))
            .collect();
        let wins = known.endpoints.iter().filter(|e| e.win).count();
        let mut bound = Polynomial::constant(BigRational::from_integer(wins.into()));
        for path in &known.unseen {
            bound = bound.plus(&self.at_value(path));
        }
        let mut lines = Vec::with_capacity(steps.len());
        for (index, step) in steps.iter().enumerate() {
            let chance = self.chance(step);
            let averaged = self.average_out(chance.clone(), &splits);
            if let Next::Moved { pattern: next, .. } = step.next {
                self.incoming
                    .entry(next)
                    .or_default()
                    .push((pattern, index));
            }
            lines.push(Line {
                chance,
                averaged,
                next: step.next,
            });
        }
        let data = Rc::new(Pattern {
            splits,
            fresh,
            bound,
            lines,
        });
        self.patterns.insert(pattern, Rc::clone(&data));
        Ok(data)
    }

    /// *X·v*: the value of the position at `path`.
    fn at_value(&self, path: &[Branch]) -> Polynomial {
        let x = Polynomial::monomial(Monomial {
            value: 1,
            ratios: Vec::new(),
        });
        x.times(&Polynomial::relative_value(path))
    }

    /// A line's chance: *S* per split point drawn, 1/2 per coin, and *E·v* or *E·(1 − v)*
    /// per endpoint, *v* its value.
    fn chance(&self, step: &Step) -> Polynomial {
        let half = BigRational::new(1.into(), 2.into());
        let constant =
            num_traits::pow(self.s.clone(), step.splits()) * num_traits::pow(half, step.coins());
        let mut chance = Polynomial::constant(constant);
        for Endpoint { path, win } in &step.endpoints {
            let value = self.at_value(path);
            let endpoint = if *win {
                value.scaled(&self.e)
            } else {
                Polynomial::constant(self.e.clone()).plus(&value.scaled(&-self.e.clone()))
            };
            chance = chance.times(&endpoint);
        }
        chance
    }
}

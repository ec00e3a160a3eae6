//! What a strategy is: two rules, where to look and where to move, over what it has seen.

use crate::named::StrategyName;

/// One of the two branches of a fork.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Branch {
    /// The branch with the larger value (share *R* of the fork).
    High,
    /// The branch with the smaller value (share 1 − *R*).
    Low,
}

/// Everything a look at a position reveals (Johnson, chapter 1): its value, whether it is an
/// endpoint, if so whether it is a win, and if not the values of its two branches
/// ("or equivalently, its split ratio").
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Observation {
    /// An endpoint (an E): a win or a loss.
    Endpoint {
        /// The position's value.
        value: f64,
        /// Whether it is a win.
        win: bool,
    },
    /// A split point (an S).
    Split {
        /// The position's value.
        value: f64,
        /// The value of its high branch.
        high: f64,
        /// The value of its low branch.
        low: f64,
    },
}

impl Observation {
    /// Whether the position is a win (an endpoint that is a win).
    pub fn is_win(&self) -> bool {
        matches!(self, Observation::Endpoint { win: true, .. })
    }

    /// Whether the position is a split point.
    pub fn is_split(&self) -> bool {
        matches!(self, Observation::Split { .. })
    }

    /// The position's value.
    pub fn value(&self) -> f64 {
        match *self {
            Observation::Endpoint { value, .. } | Observation::Split { value, .. } => value,
        }
    }

    /// A split point's split ratio, high value / value; `None` at an endpoint.
    pub fn ratio(&self) -> Option<f64> {
        match *self {
            Observation::Split { value, high, .. } => Some(high / value),
            Observation::Endpoint { .. } => None,
        }
    }
}

/// A look was not allowed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LookError {
    /// A look must be at a successor of the current position or of a position already seen,
    /// and that position must be a split point.
    #[error("the position at {0:?} is not a successor of a split point already seen")]
    NotVisible(Vec<Branch>),
    /// The look was refused by an evaluator that follows each line of play only so far
    /// (`lookahead-eval` stops unlimited look-ahead chains at a budget and accounts for
    /// the probability of the lines it stopped).
    #[error("the evaluator stopped this line of play after {0} looks")]
    Truncated(usize),
    /// The strategy (named) says it is ordinal ([`Strategy::is_ordinal`]) but moved
    /// differently from positions that differ only in their values, so an exact evaluation
    /// that treats such positions alike would be of another strategy (`lookahead-eval`
    /// replays each kind of position at several values to check the claim).
    #[error(
        "{0} says it is ordinal (is_ordinal() is true) but its moves depend on the values it sees; an exact evaluation would be wrong: return false from is_ordinal, and estimate it by Monte Carlo"
    )]
    NotOrdinal(String),
}

/// The positions a strategy may look at, relative to its current position.
///
/// A path names a position below the current one: `[High]` is the high branch, `[High, Low]`
/// the low branch of the high branch. A position may be looked at once its parent has been
/// seen and is a split point (the current position is seen, and always a split point).
/// Looking twice at one position shows the same thing again, but counts again.
pub trait Look {
    /// Looks at the position at `path`.
    ///
    /// # Errors
    ///
    /// [`LookError::NotVisible`] when the parent of `path` has not been seen or is an
    /// endpoint.
    fn look(&mut self, path: &[Branch]) -> Result<Observation, LookError>;

    /// A fair coin of the current position, for strategies that choose at random: the same
    /// position of the same game always gives the same toss.
    fn coin(&mut self) -> bool;

    /// What is known of the current position: a split point, its value and its branches'.
    fn current(&self) -> Observation;
}

/// A look-ahead strategy: where to look, then where to move.
pub trait Strategy: Send + Sync {
    /// The memo's name for the strategy, or `None` for one the memo does not name (a chain
    /// of three looks, best-first search).
    fn memo_name(&self) -> Option<StrategyName>;

    /// The name to print: the memo's spelling ([`Strategy::memo_name`]) where it names the
    /// strategy. A strategy the memo does not name says what it is.
    fn name(&self) -> String {
        self.memo_name().map_or_else(
            || "a strategy the memo does not name".to_string(),
            |name| name.to_string(),
        )
    }

    /// The branch to move to from the current position, a split point, after looking
    /// through `look` as the strategy's rules say.
    ///
    /// # Errors
    ///
    /// A [`LookError`] from a look the rules should not have made.
    fn choose(&self, look: &mut dyn Look) -> Result<Branch, LookError>;

    /// [`Strategy::choose`] compiled for one type of [`Look`], so that the looks can be
    /// inlined: the Monte Carlo fast path ([`crate::monte_carlo::estimate`]) calls this.
    ///
    /// The default calls `choose`; a strategy whose rules are written generically over the
    /// look overrides it with the same rules, and both give the same move.
    ///
    /// # Errors
    ///
    /// As [`Strategy::choose`].
    fn choose_inline<L: Look>(&self, look: &mut L) -> Result<Branch, LookError>
    where
        Self: Sized,
    {
        self.choose(look)
    }

    /// Whether the strategy is *ordinal* (Johnson, chapter 5): its moves depend only on what
    /// it saw (split point, win, loss) and on which branch is higher, never on the values.
    ///
    /// An exact evaluator may then treat positions of different values alike. The default
    /// asks the memo's name ([`StrategyName::is_ordinal`]) and is `false`, always safe, for a
    /// strategy the memo does not name: a strategy of one's own that never reads a value
    /// returns `true` to be evaluated exactly. `lookahead-eval` checks the claim, replaying
    /// each kind of position at values from 1 down to *A*^16·*B*^16 and refusing
    /// ([`LookError::NotOrdinal`]) a strategy that moves differently at any of them; a
    /// strategy whose rules change only at values it never meets there is beyond the
    /// check.
    fn is_ordinal(&self) -> bool {
        self.memo_name().is_some_and(StrategyName::is_ordinal)
    }
}

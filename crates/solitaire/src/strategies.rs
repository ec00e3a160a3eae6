//! The ordinal strategies of Johnson's chapters 2 and 4: NOSTRAT, STRAT, the high-chain
//! family (HSTRAT, 2HSTRAT, XHSTRAT, ∞HSTRAT), the low-chain family (LSTRAT, 2LSTRAT,
//! XLSTRAT, ∞LSTRAT) and BSTRAT.
//!
//! An *ordinal* strategy uses only which branch is higher, never the values themselves.

use std::fmt;
use std::marker::PhantomData;

use crate::StrategyName;
use crate::strategy::{Branch, Look, LookError, Observation, Strategy};

/// Invalid parameters of a strategy.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StrategyError {
    /// An XHSTRAT or XLSTRAT needs at least one look (X ≥ 1).
    #[error("a look-ahead chain needs at least one look (X = 0)")]
    ZeroLooks,
}

/// NOSTRAT: no look-ahead; each move is to a branch chosen at random with equal chances.
///
/// Johnson, chapter 2: wins with probability E/(E + 1), .3333 at E = 1/2.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoStrat;

impl Strategy for NoStrat {
    fn memo_name(&self) -> Option<StrategyName> {
        Some(StrategyName::NoStrat)
    }

    fn choose(&self, look: &mut dyn Look) -> Result<Branch, LookError> {
        Ok(self.toss(look))
    }

    fn choose_inline<L: Look>(&self, look: &mut L) -> Result<Branch, LookError> {
        Ok(self.toss(look))
    }
}

impl NoStrat {
    #[inline]
    fn toss<L: Look + ?Sized>(&self, look: &mut L) -> Branch {
        if look.coin() {
            Branch::High
        } else {
            Branch::Low
        }
    }
}

/// STRAT: no look-ahead; always move to the higher branch.
///
/// Johnson, chapter 2: wins with probability A·E/(1 − A·S), .6000 at E = 1/2, A = 3/4.
#[derive(Debug, Clone, Copy, Default)]
pub struct Strat;

impl Strategy for Strat {
    fn memo_name(&self) -> Option<StrategyName> {
        Some(StrategyName::Strat)
    }

    fn choose(&self, _: &mut dyn Look) -> Result<Branch, LookError> {
        Ok(Branch::High)
    }
}

/// How many looks a chain strategy may use: X, or no limit (∞).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Looks {
    /// At most X looks (X ≥ 1).
    AtMost(u32),
    /// Look until an endpoint is found.
    Unlimited,
}

impl Looks {
    fn allows(self, looks_made: u32) -> bool {
        match self {
            Looks::AtMost(limit) => looks_made < limit,
            Looks::Unlimited => true,
        }
    }

    fn prefix(self) -> String {
        match self {
            Looks::AtMost(1) => String::new(),
            Looks::AtMost(x) => x.to_string(),
            Looks::Unlimited => "∞".to_string(),
        }
    }
}

/// Chains this long are looked at without allocating; longer ones (rare) use the heap.
const INLINE_CHAIN: usize = 32;

/// Looks down the chain that starts at `first` and continues through high branches, one
/// look at a time, until an endpoint is seen or the looks run out: the endpoint seen, if any.
#[inline]
fn chain_endpoint<L: Look + ?Sized>(
    look: &mut L,
    first: Branch,
    looks: Looks,
) -> Result<Option<Observation>, LookError> {
    if !looks.allows(0) {
        return Ok(None);
    }
    let seen = look.look(&[first])?;
    if !seen.is_split() {
        return Ok(Some(seen));
    }
    if !looks.allows(1) {
        return Ok(None);
    }
    let mut inline = [Branch::High; INLINE_CHAIN];
    inline[0] = first;
    let mut spilled: Vec<Branch> = Vec::new();
    let mut made = 1;
    while looks.allows(made) {
        let length = made as usize + 1;
        let path = if length <= INLINE_CHAIN {
            &inline[..length]
        } else {
            if spilled.is_empty() {
                spilled.extend_from_slice(&inline);
            }
            spilled.push(Branch::High);
            &spilled[..]
        };
        let seen = look.look(path)?;
        made += 1;
        if !seen.is_split() {
            return Ok(Some(seen));
        }
    }
    Ok(None)
}

/// A look-ahead chain: look at the `S` branch first ([`ChainSide::FIRST`]), then at its
/// high branch, and so on, at most X looks, stopping at the first endpoint; the endpoint
/// decides the move ([`ChainSide::decide`]), and a chain that saw only split points moves
/// high. Johnson's two families are its two sides, [`HighChain`] and [`LowChain`].
pub struct Chain<S> {
    looks: Looks,
    // A function type, so that the chain is Send and Sync whatever the marker is.
    side: PhantomData<fn() -> S>,
}

/// Which family a [`Chain`] is: the branch it looks at first and how its endpoint decides.
pub trait ChainSide {
    /// The branch looked at first.
    const FIRST: Branch;
    /// The letter of the family's name: `H` in XHSTRAT, `L` in XLSTRAT.
    const LETTER: char;
    /// The move when the chain ends at an endpoint that is a win (`won`) or a loss.
    fn decide(won: bool) -> Branch;
}

/// The high-chain family: move high if the endpoint is a win, low if it is a loss.
#[derive(Debug, Clone, Copy)]
pub enum High {}

/// The low-chain family: move low if the endpoint is a win, high otherwise.
#[derive(Debug, Clone, Copy)]
pub enum Low {}

impl ChainSide for High {
    const FIRST: Branch = Branch::High;
    const LETTER: char = 'H';
    fn decide(won: bool) -> Branch {
        if won { Branch::High } else { Branch::Low }
    }
}

impl ChainSide for Low {
    const FIRST: Branch = Branch::Low;
    const LETTER: char = 'L';
    fn decide(won: bool) -> Branch {
        if won { Branch::Low } else { Branch::High }
    }
}

/// XHSTRAT: look at the high branch, then at its high branch, and so on, at most X looks,
/// stopping at the first endpoint. Move high if that endpoint is a win or if every look saw
/// a split point; move low if it is a loss.
///
/// X = 1 is HSTRAT ("Look at the higher branch. If it is an S, move there. If it is an E and
/// a win, move there. Otherwise move to the lower branch"), X = 2 is 2HSTRAT, and the
/// unlimited chain is ∞HSTRAT (Johnson, chapters 2 and 4).
pub type HighChain = Chain<High>;

/// XLSTRAT: look at the low branch, then at its high branch, and so on, at most X looks,
/// stopping at the first endpoint. Move low if that endpoint is a win; otherwise high.
///
/// X = 1 is LSTRAT ("Look at the lower branch. If it is an E and a win, move there. Otherwise
/// move to the higher branch"), X = 2 is 2LSTRAT, the unlimited chain ∞LSTRAT.
pub type LowChain = Chain<Low>;

impl<S> Clone for Chain<S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for Chain<S> {}

impl<S: ChainSide> fmt::Debug for Chain<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct(&format!("Chain<{}>", S::LETTER))
            .field("looks", &self.looks)
            .finish()
    }
}

impl<S: ChainSide> Chain<S> {
    /// The chain with X = `looks` (XHSTRAT or XLSTRAT).
    ///
    /// # Errors
    ///
    /// [`StrategyError::ZeroLooks`] when `looks` is 0.
    pub fn new(looks: u32) -> Result<Self, StrategyError> {
        if looks == 0 {
            return Err(StrategyError::ZeroLooks);
        }
        Ok(Chain::with_looks(Looks::AtMost(looks)))
    }

    /// The chain followed to its endpoint (∞HSTRAT or ∞LSTRAT).
    pub fn unlimited() -> Self {
        Chain::with_looks(Looks::Unlimited)
    }

    /// The chain with `looks`, which the caller knows to be at least one.
    pub(crate) const fn with_looks(looks: Looks) -> Self {
        Chain {
            looks,
            side: PhantomData,
        }
    }

    #[inline]
    fn rule<L: Look + ?Sized>(&self, look: &mut L) -> Result<Branch, LookError> {
        Ok(match chain_endpoint(look, S::FIRST, self.looks)? {
            Some(endpoint) => S::decide(endpoint.is_win()),
            None => Branch::High,
        })
    }
}

impl<S: ChainSide> Strategy for Chain<S> {
    /// The memo names the chains of X = 1, 2 and ∞ looks.
    fn memo_name(&self) -> Option<StrategyName> {
        self.name().parse().ok()
    }

    fn name(&self) -> String {
        format!("{}{}STRAT", self.looks.prefix(), S::LETTER)
    }

    fn is_ordinal(&self) -> bool {
        true
    }

    fn choose(&self, look: &mut dyn Look) -> Result<Branch, LookError> {
        self.rule(look)
    }

    fn choose_inline<L: Look>(&self, look: &mut L) -> Result<Branch, LookError> {
        self.rule(look)
    }
}

/// BSTRAT: look at both branches. If either is a win, move there (the high one if both
/// are). Otherwise move to the higher of the two that is a split point. If both are losses,
/// "accept defeat with a smile" (move high).
#[derive(Debug, Clone, Copy, Default)]
pub struct BothBranches;

impl Strategy for BothBranches {
    fn memo_name(&self) -> Option<StrategyName> {
        Some(StrategyName::BStrat)
    }

    fn choose(&self, look: &mut dyn Look) -> Result<Branch, LookError> {
        self.rule(look)
    }

    fn choose_inline<L: Look>(&self, look: &mut L) -> Result<Branch, LookError> {
        self.rule(look)
    }
}

impl BothBranches {
    #[inline]
    fn rule<L: Look + ?Sized>(&self, look: &mut L) -> Result<Branch, LookError> {
        let high = look.look(&[Branch::High])?;
        let low = look.look(&[Branch::Low])?;
        Ok(self.choose_from(high, low))
    }

    /// BSTRAT's move once both branches have been seen.
    pub fn choose_from(&self, high: Observation, low: Observation) -> Branch {
        if high.is_win() || high.is_split() && !low.is_win() {
            Branch::High
        } else if low.is_win() || low.is_split() {
            Branch::Low
        } else {
            Branch::High
        }
    }
}

//! The strategies the memo names, as one type, spelled as the memo spells them.
//!
//! Johnson's tables and text refer to strategies by name — `LSTRAT`, `2HSTRAT`, `∞LSTRAT`,
//! `B'STRAT` — and so do our data files, tests and command line. [`StrategyName`] is that
//! vocabulary: it parses and prints the memo's spellings and builds the strategy object, so
//! no caller matches on strings.

use std::fmt;
use std::str::FromStr;

/// A strategy the memo names (chapters 2, 4 and 5).
///
/// # Examples
///
/// ```
/// use solitaire::StrategyName;
///
/// let name: StrategyName = "2HSTRAT".parse().unwrap();
/// assert_eq!(name, StrategyName::TwoHStrat);
/// assert_eq!(name.to_string(), "2HSTRAT");
/// let strategy = name.ordinal_strategy().expect("2HSTRAT is ordinal");
/// assert_eq!(strategy.name(), "2HSTRAT");
/// assert!("3HSTRAT".parse::<StrategyName>().is_err()); // the memo names X = 1, 2 and ∞
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum StrategyName {
    /// NOSTRAT: no look-ahead, each move at random ([`NoStrat`](crate::strategies::NoStrat)).
    NoStrat,
    /// STRAT: no look-ahead, always the high branch ([`Strat`](crate::strategies::Strat)).
    Strat,
    /// LSTRAT: one look, at the low branch ([`LowChain`](crate::strategies::LowChain) with X = 1).
    LStrat,
    /// HSTRAT: one look, at the high branch ([`HighChain`](crate::strategies::HighChain) with X = 1).
    HStrat,
    /// BSTRAT: a look at both branches ([`BothBranches`](crate::strategies::BothBranches)).
    BStrat,
    /// 2LSTRAT: the low chain with X = 2.
    TwoLStrat,
    /// 2HSTRAT: the high chain with X = 2.
    TwoHStrat,
    /// ∞LSTRAT: the low chain followed to its endpoint.
    UnlimitedLStrat,
    /// ∞HSTRAT: the high chain followed to its endpoint.
    UnlimitedHStrat,
    /// B'STRAT: BSTRAT with chapter 5's depreciated values ([`BPrime`](crate::non_ordinal::BPrime)).
    BPrimeStrat,
    /// H'STRAT: HSTRAT with chapter 5's depreciated values ([`HPrime`](crate::non_ordinal::HPrime)).
    HPrimeStrat,
}

/// A name that is not one of the memo's strategies.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0:?} is not a strategy the memo names (NOSTRAT, STRAT, LSTRAT, HSTRAT, BSTRAT, 2LSTRAT, 2HSTRAT, ∞LSTRAT, ∞HSTRAT, B'STRAT, H'STRAT)"
)]
pub struct UnknownStrategyName(pub String);

impl StrategyName {
    /// Every strategy the memo names, in the order of the variants.
    pub const ALL: [StrategyName; 11] = [
        StrategyName::NoStrat,
        StrategyName::Strat,
        StrategyName::LStrat,
        StrategyName::HStrat,
        StrategyName::BStrat,
        StrategyName::TwoLStrat,
        StrategyName::TwoHStrat,
        StrategyName::UnlimitedLStrat,
        StrategyName::UnlimitedHStrat,
        StrategyName::BPrimeStrat,
        StrategyName::HPrimeStrat,
    ];

    /// The seven look-ahead strategies of the memo's ranking table (after Table 4.4), in the
    /// order it lists them where they tie: ∞L, ∞H, B, 2L, L, 2H, H.
    pub const RANKED: [StrategyName; 7] = [
        StrategyName::UnlimitedLStrat,
        StrategyName::UnlimitedHStrat,
        StrategyName::BStrat,
        StrategyName::TwoLStrat,
        StrategyName::LStrat,
        StrategyName::TwoHStrat,
        StrategyName::HStrat,
    ];

    /// The memo's spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            StrategyName::NoStrat => "NOSTRAT",
            StrategyName::Strat => "STRAT",
            StrategyName::LStrat => "LSTRAT",
            StrategyName::HStrat => "HSTRAT",
            StrategyName::BStrat => "BSTRAT",
            StrategyName::TwoLStrat => "2LSTRAT",
            StrategyName::TwoHStrat => "2HSTRAT",
            StrategyName::UnlimitedLStrat => "∞LSTRAT",
            StrategyName::UnlimitedHStrat => "∞HSTRAT",
            StrategyName::BPrimeStrat => "B'STRAT",
            StrategyName::HPrimeStrat => "H'STRAT",
        }
    }

    /// Whether the strategy is ordinal (chapter 5): it uses only which branch is higher, so
    /// it needs no model of the game class and [`StrategyName::ordinal_strategy`] builds it.
    pub fn is_ordinal(self) -> bool {
        !matches!(self, StrategyName::BPrimeStrat | StrategyName::HPrimeStrat)
    }
}

impl fmt::Display for StrategyName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for StrategyName {
    type Err = UnknownStrategyName;

    /// The strategy the memo spells `name` (exactly, `∞` included).
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        StrategyName::ALL
            .into_iter()
            .find(|strategy| strategy.as_str() == name)
            .ok_or_else(|| UnknownStrategyName(name.to_string()))
    }
}

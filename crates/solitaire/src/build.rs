//! The strategy object of each name the memo uses ([`StrategyName`]), apart from the names
//! themselves so that the `Strategy` trait can speak of a name without the module of names
//! depending on every strategy.

use tree_gen::GameClass;

use crate::named::StrategyName;
use crate::non_ordinal::{BPrime, HPrime};
use crate::strategies::{BothBranches, HighChain, Looks, LowChain, NoStrat, Strat};
use crate::strategy::Strategy;

impl StrategyName {
    /// The strategy object of an ordinal strategy; `None` for B'STRAT and H'STRAT, which
    /// depreciate values with a model of the game class ([`StrategyName::strategy`]).
    pub fn ordinal_strategy(self) -> Option<Box<dyn Strategy>> {
        Some(match self {
            StrategyName::NoStrat => Box::new(NoStrat),
            StrategyName::Strat => Box::new(Strat),
            StrategyName::LStrat => Box::new(LowChain::with_looks(Looks::AtMost(1))),
            StrategyName::HStrat => Box::new(HighChain::with_looks(Looks::AtMost(1))),
            StrategyName::BStrat => Box::new(BothBranches),
            StrategyName::TwoLStrat => Box::new(LowChain::with_looks(Looks::AtMost(2))),
            StrategyName::TwoHStrat => Box::new(HighChain::with_looks(Looks::AtMost(2))),
            StrategyName::UnlimitedLStrat => Box::new(LowChain::unlimited()),
            StrategyName::UnlimitedHStrat => Box::new(HighChain::unlimited()),
            StrategyName::BPrimeStrat | StrategyName::HPrimeStrat => return None,
        })
    }

    /// The strategy object, B'STRAT and H'STRAT depreciating with `model`, the class (*E*,
    /// *A*) they assume; the ordinal strategies do not use it.
    pub fn strategy(self, model: GameClass<f64>) -> Box<dyn Strategy> {
        match self {
            StrategyName::BPrimeStrat => Box::new(BPrime::new(model)),
            StrategyName::HPrimeStrat => Box::new(HPrime::new(model)),
            ordinal => ordinal
                .ordinal_strategy()
                .unwrap_or_else(|| unreachable!("only B'STRAT and H'STRAT need a model")),
        }
    }
}

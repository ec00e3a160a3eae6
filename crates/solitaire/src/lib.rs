//! Johnson's Tree Solitaire and its look-ahead strategies.
//!
//! D. S. Johnson, *Look-ahead strategies in one person games with randomly generated game
//! trees*, MIT AI Memo 205 (1970), chapters 1, 2 and 4: one player descends a random binary
//! tree (`tree_gen::JohnsonTree`) from the top point, choosing the high or the low branch at
//! every split point, until an endpoint; the game is won if that endpoint is a win — the
//! single win of the dependent form (TSD) or one of the independent wins of TSI ([`Form`]).
//!
//! The one design decision to know: a strategy ([`Strategy`]) is a decision procedure over
//! *looks*. It asks a [`Look`] what stands at positions below the current one and returns a
//! [`Branch`]. Here the Monte Carlo engine ([`play`], [`monte_carlo`]) answers the looks from
//! a real tree. `lookahead-eval` answers them by enumerating every possible outcome, so one
//! definition of each strategy serves both the simulation and the exact evaluation. What a
//! strategy saw is forgotten after each move: it is called afresh at the new position.
//!
//! # Examples
//!
//! ```
//! use solitaire::{Form, monte_carlo::{Comparison, compare}, strategies::{HighChain, LowChain}};
//! use solitaire::{SplitRatio, TreeParams};
//!
//! let params = TreeParams::new(0.5, SplitRatio::constant(0.75).unwrap()).unwrap();
//! let hstrat = HighChain::new(1).unwrap();
//! let lstrat = LowChain::new(1).unwrap();
//! let run = game_core::monte_carlo::MonteCarlo::new(1970, 100_000).unwrap();
//! let Comparison { results, .. } = compare(&params, Form::Dependent, &[&hstrat, &lstrat], &run).unwrap();
//! // Theorem 3.2: in TSD, LSTRAT wins with E / (1 − S·A) = 0.8 here.
//! assert!(results[1].wins.agrees_with(0.8));
//! ```

// The README's example is compiled and run as a doctest, so it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod build;
pub mod depreciation;
pub mod monte_carlo;
mod named;
pub mod non_ordinal;
pub mod play;
pub mod strategies;
mod strategy;

/// The runs of a Monte Carlo estimate ([`monte_carlo::estimate`] takes one) and their
/// results, from `game_core::monte_carlo`.
pub use game_core::monte_carlo::{Estimate, MonteCarlo, MonteCarloError, Tally};
/// Exact numbers as the papers print them and as the closed forms are written
/// (`number::fraction`, `number::to_f64`, …), from `game_core`: a caller needs no
/// dependency on `game-core` to make or print them.
pub use game_core::number;
/// The number trait of this crate's generic functions (`f64`, exact `BigRational`, or an
/// interval), from `game_core::number`: a caller writing code generic over it needs no
/// dependency on `game-core`.
pub use game_core::number::Real;
pub use named::{StrategyName, UnknownStrategyName};
pub use play::{Form, GameRecord, PlayError, play_game};
pub use strategy::{Branch, Look, LookError, Observation, Strategy};
/// The random trees the strategies play, from `tree-gen`: the class (*E*, *A*), the
/// parameters of a Monte Carlo run and the split ratio's law (with `tree_gen::rand_distr`).
pub use tree_gen;
pub use tree_gen::{GameClass, GameClassError, SplitRatio, TreeParams, TreeParamsError};

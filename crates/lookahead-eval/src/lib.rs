//! Exact evaluation of Tree Solitaire strategies and the tables of Johnson's memo.
//!
//! D. S. Johnson, *Look-ahead strategies in one person games with randomly generated game
//! trees*, MIT AI Memo 205 (1970), chapters 2–6 and Appendix A. For a class of games with
//! constant split ratio *A* and endpoint probability *E*, given as exact fractions
//! ([`GameClass`]), this crate computes the chance *W* that a strategy of the `solitaire`
//! crate wins:
//!
//! - [`diagram`]: Johnson's "diagram method", driven by the strategy's own definition. Every
//!   line of play of a move is enumerated with its exact chance, so *D(n)*, the chance of
//!   winning on move *n*, is an exact fraction for any strategy, TSD or TSI.
//! - [`series`]: *W* = Σ *D(n)* as an interval with a rigorous bound on the tail.
//! - [`dependent`]: in TSD the exact *W* as the solution of a finite linear system, and
//!   [`closed_form`]: the closed forms of chapters 2 and 3 (Theorems 3.1–3.3) and those
//!   derived here, each checked against it.
//! - [`appendix_a`]: what the memo itself computed — its MAD programs' *D(1)* … *D(10)*,
//!   the ratios between terms and the correction factor for the tail, in exact arithmetic;
//!   [`tables`] pairs it with the true value for every strategy the memo names.
//! - [`random_ratio`]: split ratios drawn at random (the memo's uniform \[1/2, 1\]), exactly
//!   for ordinal strategies, by carrying the moments of the ratios through the diagram.
//! - Chapter 6: [`diagram::Diagram::game3`] evaluates game 3 by Johnson's diagram of
//!   expected values ([`Game3Parameters`]); Theorem 6.1's closed forms are in [`closed_form`].
//!   Game 1: [`least_costly`], the memo's least costly search for a win.
//!
//! # Examples
//!
//! ```
//! use lookahead_eval::number::{fraction, to_f64};
//! use lookahead_eval::{GameClass, appendix_a, series::evaluate};
//! use lookahead_eval::{Form, solitaire::strategies::HighChain};
//!
//! let params = GameClass::new(fraction(1, 2).unwrap(), fraction(3, 4).unwrap()).unwrap();
//! let hstrat = HighChain::new(1).unwrap();
//! // The true chance of winning TSI under HSTRAT, to within 1e-13 …
//! let exact = evaluate(&hstrat, Form::Independent, &params, 1e-13).unwrap();
//! // … and what Johnson's procedure printed in Table 4.1: .66102.
//! let printed = appendix_a::output(&appendix_a::hstrat(&params)).unwrap();
//! assert!((to_f64(&printed.total) - 0.66102).abs() < 5e-6);
//! assert!((exact.value() - to_f64(&printed.total)).abs() < 1e-6);
//! ```

// The README's example is compiled and run as a doctest, so it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod appendix_a;
mod chance;
pub mod closed_form;
pub mod dependent;
pub mod diagram;
pub mod least_costly;
mod lines;
mod params;
pub mod random_ratio;
pub mod series;
pub mod tables;
pub mod value;

/// The exact number types of this crate's signatures, from `game_core::number`: a caller
/// needs no dependency of its own on `num-bigint` or `num-rational` to use them.
pub use game_core::number::{BigInt, BigRational, BigUint};

/// Exact numbers as the papers print them and as the closed forms are written
/// (`number::fraction`, `number::to_f64`, …), from `game_core`: a caller needs no
/// dependency on `game-core` to make or print them.
pub use game_core::number;
/// The number trait of this crate's generic functions (`f64`, exact `BigRational`, or an
/// interval), from `game_core::number`: a caller writing code generic over it needs no
/// dependency on `game-core`.
pub use game_core::number::Real;
/// The strategies and the game they play, from `solitaire`: the evaluators take a
/// [`Strategy`] in a [`Form`]; `lookahead_eval::solitaire::strategies` holds the memo's, and
/// `lookahead_eval::solitaire::monte_carlo` estimates a strategy's chance by play.
pub use solitaire;
pub use solitaire::{Branch, Form, Look, LookError, Observation, Strategy, StrategyName};
/// The trees, from `tree-gen` ([`least_costly`] takes a `tree_gen::FiniteTree`).
pub use tree_gen;

pub use params::{Game3Parameters, Game3ParametersError};
/// The class of games (*E*, *A*), shared with `tree-gen` and `solitaire`; here in exact
/// fractions, `GameClass<BigRational>`.
pub use tree_gen::{GameClass, GameClassError};

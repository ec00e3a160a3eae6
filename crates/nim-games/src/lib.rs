//! Matches and heap games, solved exactly.
//!
//! This crate reproduces two sources:
//! - the matches game of the course report *Documentation of Two Algorithms for Adversarial
//!   Searching Games* (B. Wang, 2014): take one, two or three matches; the player left with
//!   one match loses. [`mod@matches`] plays it on `game-core`'s [`game_core::Game`] and measures
//!   its minimax and alpha-beta trees (report section 3.1) and its losing positions
//!   (section 3.2); [`random_opponent`] values it exactly against a uniformly random
//!   opponent (section 3.3);
//! - the note on Grundy's game (split a heap into two unequal heaps) in normal and misère
//!   play: [`grundys_game`] solves its tables and goes beyond them, with all nim-values up to
//!   10^9 by the rare/common method ([`grundys_game::nim_values`]) and misère outcomes of
//!   every position up to a number of live matches ([`grundys_game::MisereTable`]).
//!
//! Beyond both: misère quotients of any octal game or Grundy's game, each step proven
//! ([`misere_quotient`]; Plambeck and Siegel's theory).
//!
//! Under both: Sprague–Grundy theory on `game-core`'s impartial games
//! ([`sprague_grundy`]), the heap games Nim, subtraction, Grundy's and octal games
//! ([`heap_games`]), periodicity of nim-value sequences ([`periodicity`]), and what a long
//! run records at every power of two, in the layout the field's records are published in
//! ([`milestones`]).
//!
//! The one convention to know: the report's tree sizes count every node the search visits,
//! root and leaves included, with moves tried largest take first (the order of the report's
//! own walk-through of its Figure 2) — see [`matches::TreeSizes`].
//!
//! # Examples
//!
//! Grundy's game's and an octal game's nim-values by the rare/common method (the octal game's
//! period proven by its values), and the matches game's search trees:
//!
//! ```
//! use nim_games::{MatchesGame, OctalGame, Periodicity, TreeSizes, nim_values, octal_values};
//!
//! // G(0..=10) of Grundy's game (OEIS A002188); heaps of value 0 lose for the player to move.
//! let table = nim_values(1_000)?;
//! assert_eq!(&table.values()[..11], &[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0]);
//!
//! // Kayles, the octal game 0.77: its values are periodic with period 12 from heap 71.
//! let kayles = octal_values(&OctalGame::parse("0.77")?, 1_000)?;
//! assert_eq!(&kayles.values()[..9], &[0, 1, 2, 3, 1, 4, 3, 2, 1]);
//! assert_eq!(kayles.periodicity(), Some(Periodicity { preperiod: 71, period: 12 }));
//!
//! let sizes = TreeSizes::measure(&MatchesGame::new(15)?)?;
//! assert_eq!((sizes.minimax, sizes.alpha_beta), (6872, 156));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// The README's example is compiled and run as a doctest, so it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod grundys_game;
pub mod heap_games;
pub mod matches;
pub mod milestones;
pub mod misere_quotient;
pub mod octal;
pub mod periodicity;
pub mod random_opponent;
mod rare_common;
pub mod sprague_grundy;
pub mod stream;

/// The exact number types of this crate's signatures, from `game_core::number`: a caller
/// needs no dependency of its own on `num-bigint` or `num-rational` to use them.
pub use game_core::number::{BigInt, BigRational, BigUint};

/// The trait an impartial game implements to have its nim-values computed
/// ([`GrundyValues`]), from `game_core`: a caller defining a game of its own needs no
/// dependency on `game-core`.
pub use game_core::ImpartialGame;
/// Exact numbers as the papers print them and as the closed forms are written
/// (`number::fraction`, `number::to_f64`, …), from `game_core`: a caller needs no
/// dependency on `game-core` to make or print them.
pub use game_core::number;
/// The rest of the vocabulary of impartial games, from `game_core`: the play conventions
/// ([`sprague_grundy::OutcomeSolver`] takes one), an impartial game played as a two-player
/// game, and who is to move.
pub use game_core::{Game, ImpartialPlay, PlayConvention, Player};
pub use grundys_game::{
    GrundysGame, MisereTable, NimValueError, NimValueOptions, NimValueTable, nim_values,
};
pub use heap_games::{HeapGameError, Nim, OctalGame, SubtractionGame, TakeAndBreak, nim_sequence};
pub use matches::{MatchesGame, TreeSizes};
pub use octal::{OctalOptions, OctalValues, octal_values};
pub use periodicity::{Periodicity, proven_periodicity};
pub use sprague_grundy::{GrundyValues, OutcomeClass};

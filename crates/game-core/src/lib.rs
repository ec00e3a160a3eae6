//! The shared vocabulary of the game-analysis workspace.
//!
//! Every paper crate builds on what is here, and nothing here belongs to one paper:
//! - [`Game`]: two-player, alternating, perfect-information games, with chance nodes whose
//!   outcomes have exact probabilities; [`ImpartialGame`] for games where both players have
//!   the same options, under [`PlayConvention::Normal`] or [`PlayConvention::Misere`] play;
//! - [`search`]: minimax, alpha-beta with a chosen window, negamax with a transposition table,
//!   and expectiminimax (with a transposition table too: [`search::expectiminimax_solve`]), all reporting [`search::SearchStats`] and all trying moves in the
//!   order [`Game::legal_moves`] gives; minimax and alpha-beta can also return the tree they
//!   visited ([`search::trace_minimax`], [`search::trace_alpha_beta`]), for drawing;
//! - [`number`]: closed forms written once over [`number::Real`] and evaluated as `f64` and
//!   as exact `BigRational`, and numbers as papers print them;
//! - [`random`] and [`monte_carlo`]: one portable generator with independent streams per
//!   batch, and estimates that are the same for any thread count;
//! - [`durable`]: files written whole and durably (temporary file, sync, rename);
//! - [`memory`]: the memory a computation needs, asked of what the process may use;
//! - [`stop`]: stopping a long computation from outside it (Ctrl-C in Python);
//! - [`tolerance`]: the rule by which an estimate agrees with a value (four standard
//!   errors) and the tolerance between two floating-point routes to one number.
//!
//! The one design decision to know: values are always from [`Player::First`]'s point of view
//! (MAX), and invalid parameters give typed errors, never panics.
//!
//! # Examples
//!
//! The matches game of `nim-games` (take 1–3; the player left with one match loses), solved
//! by minimax and by alpha-beta:
//!
//! ```
//! use game_core::{Game, ImpartialGame, ImpartialPlay, PlayConvention};
//! use game_core::search::{Window, alpha_beta, minimax};
//!
//! /// n matches; a move leaves n − 1, n − 2 or n − 3, at least one.
//! struct Matches;
//! impl ImpartialGame for Matches {
//!     type Position = u32;
//!     fn options(&self, n: &u32) -> Vec<u32> {
//!         (1..=3).filter(|take| take < n).map(|take| n - take).collect()
//!     }
//! }
//!
//! // Left with one match and no move: you lose (normal play).
//! let game = ImpartialPlay::new(Matches, 7, PlayConvention::Normal);
//! let start = game.initial_position();
//! let full = minimax(&game, &start).unwrap();
//! let pruned = alpha_beta(&game, &start, Window::new(-1, 1).unwrap()).unwrap();
//! assert_eq!((full.value, pruned.value), (1, 1));
//! assert_eq!(full.stats.nodes, 52);
//! assert!(pruned.stats.nodes < full.stats.nodes);
//! ```

// The README's example is compiled and run as a doctest, so it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod durable;
pub mod game;
pub mod memory;
pub mod monte_carlo;
pub mod number;
pub mod player;
pub mod random;
pub mod search;
pub mod stop;
pub mod tolerance;

pub use game::{Game, ImpartialGame, ImpartialPlay, PlayConvention, PlayError, Probability};
pub use player::{Outcome, Player, Turn};

/// The `rand` crate at the version this workspace draws with: its traits (`Rng`, `RngExt`)
/// draw from a [`random::SeededRng`], and a caller needs no dependency of its own (whose
/// version would have to match).
pub use rand;

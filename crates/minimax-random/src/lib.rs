//! Random minimaxing: the effect of mobility on minimax with random leaf values.
//!
//! M. Levene and T. I. Fenner, *The effect of mobility on minimaxing of game trees with
//! random leaf values*. White (MAX) is to move at the root; each move leads to a min-node
//! whose subgame tree is *level-regular* — all nodes at one level have the same number of
//! children ([`MoveShape`]). The leaves, δ plies down, get independent scores uniform on
//! {1, …, α}, and minimax picks the moves on a principal variation. prob(n), the chance that
//! move n is on one, is computed exactly from the counting functions EQ, LE, GT of section 4
//! (equations 1–4, Lemmas 4.3–4.5) and Lemma 5.1 ([`counting`], [`probability`]), and
//! checked against brute-force enumeration of all α^N score assignments
//! ([`brute_force`]).
//!
//! Also: the normalised recurrences and the propagation function of section 6
//! ([`propagation`]), domination and the domination theorem ([`domination`]), claims for
//! every α through exact polynomials in α and the α → ∞ limit ([`polynomial`]), the chance
//! that all leaves differ and approximation (5) ([`distinct`]), Nau's w_b ([`nau`]), and a
//! seeded Monte Carlo estimate of prob(n) for trees too large to count ([`simulation`]);
//! Lemma 5.1 also for explicit trees of any shape ([`explicit`]).
//!
//! Beyond the paper: the random-minimax player for any [`Game`] ([`player`]) with
//! the paper's leaf scores and Beal and Smith's lookahead-random and lookahead-zero, searched
//! by alpha-beta with exactly the full-width player's move distribution; real games to play
//! it on ([`games`]: chess, Connect-Four, Domineering, Othello); and reproducible parallel matches
//! between two players ([`tournament`]), one line of which, played whole or in pieces that
//! merge exactly, is a [`line`](mod@line); chess games written in Portable Game Notation ([`pgn`]);
//! the mobility a player's choices leave, measured in real games ([`mobility`]). Each of these
//! takes a game of one's own (any [`Game`] without chance) and a player of one's own
//! ([`player::GamePlayer`]), and [`explicit::move_trees`] gives prob(n) at any of its
//! positions; `examples/tic_tac_toe.rs` does all three. With the
//! `serde` feature the results of a line and of a mobility measure serialise as the
//! `game-analysis` command's JSON.
//!
//! # Examples
//!
//! Example 1 of the paper: prob(a) = 3691/4096, prob(b) = 2283/4096 for α = 2.
//!
//! ```
//! use minimax_random::{BigRational, MoveShape, probability::move_probabilities};
//!
//! let a = MoveShape::new(vec![2, 3]).unwrap();
//! let b = MoveShape::new(vec![3, 2]).unwrap();
//! let probs = move_probabilities(&[a, b], 2).unwrap();
//! assert_eq!(probs[0], BigRational::new(3691.into(), 4096.into()));
//! assert_eq!(probs[1], BigRational::new(2283.into(), 4096.into()));
//! ```

// The README's example is compiled and run as a doctest, so it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod brute_force;
pub mod counting;
pub mod distinct;
pub mod domination;
pub mod explicit;
pub mod games;
pub mod line;
pub mod mobility;
mod natural;
pub mod nau;
pub mod pgn;
pub mod player;
pub mod polynomial;
pub mod probability;
pub mod propagation;
mod shape;
pub mod simulation;
pub mod tournament;

/// The exact number types of this crate's signatures, from `game_core::number`: a caller
/// needs no dependency of its own on `num-bigint` or `num-rational` to use them.
pub use game_core::number::{BigInt, BigRational, BigUint};

/// The shared vocabulary of games, from `game_core`: the trait a game of one's own
/// implements for the random-minimax player ([`Game`]), who is to move ([`Turn`], [`Player`])
/// and how a game ended for a player ([`Outcome`]). A caller bringing a game of its own needs
/// no dependency on `game-core`.
pub use game_core::{Game, Outcome, Player, Turn};

/// The portable generator every random draw of this crate comes from, and its independent
/// streams of one seed ([`player::GamePlayer::choose`] takes one), from `game_core::random`.
pub use game_core::random::{SeededRng, seeded_stream};

/// Exact numbers as the papers print them and as the closed forms are written
/// (`number::fraction`, `number::to_f64`, …), from `game_core`: a caller needs no
/// dependency on `game-core` to make or print them.
pub use game_core::number;
/// Minimax, alpha-beta and negamax, from `game_core::search`: to solve a game of one's own
/// exactly beside the random-minimax player.
pub use game_core::search;

/// The error of a computation refused for want of memory ([`ProbabilityError::Memory`]).
pub use game_core::memory::MemoryError;

pub use shape::{MoveShape, ProbabilityError, ScoreError, ShapeError};

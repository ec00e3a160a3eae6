//! Random game trees, generated lazily and reproducibly.
//!
//! The binary trees of D. S. Johnson, *Look-ahead strategies in one person games with
//! randomly generated game trees*, MIT AI Memo 205 (1970), chapter 1: the root is a split
//! point of value 1; each bottom point of a fork is an endpoint with probability *E*, else a
//! split point; a split point of value *X* gives its *high* branch the value *R·X* and its
//! *low* branch *(1 − R)·X*, the split ratio *R* being the constant *A* in \[1/2, 1\] or drawn
//! from a distribution ([`SplitRatio`]); or, for game 3 of chapter 6, values shifted by a
//! mean-zero law ([`Valuation::Shift`]). Also finite trees given explicitly
//! ([`FiniteTree`]) with chapter 6's bottom-up valuations (games 1 and 2).
//!
//! The one design decision to know: a node's randomness is a function of (seed, game index,
//! path from the root) only ([`node_key`]), so a tree is generated only where it is looked at
//! or moved to — trees with *E* < 1/2 are infinite — and every strategy sees *the same* tree
//! for the same (seed, game), whatever order it visits nodes in.
//!
//! # Examples
//!
//! ```
//! use tree_gen::{JohnsonTree, SplitRatio, TreeParams};
//!
//! let params = TreeParams::new(0.5, SplitRatio::constant(0.75).unwrap()).unwrap();
//! let tree = JohnsonTree::new(&params, 1970, 0);
//! let root = tree.root();
//! let fork = tree.fork(&root).expect("the root is a split point");
//! assert_eq!((fork.high.value, fork.low.value), (0.75, 0.25));
//! // The same (seed, game) gives the same tree, node by node.
//! let again = JohnsonTree::new(&params, 1970, 0);
//! assert_eq!(again.fork(&again.root()).unwrap().high.is_endpoint, fork.high.is_endpoint);
//! ```

// The README's example is compiled and run as a doctest, so it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod explicit;
mod game_class;
mod johnson;
mod key;
mod params;

pub use explicit::{ExplicitTreeError, FiniteTree, Valued};
pub use game_class::{GameClass, GameClassError};
/// Exact numbers as the papers print them and as the closed forms are written
/// (`number::fraction`, `number::to_f64`, …), from `game_core`: a caller needs no
/// dependency on `game-core` to make or print them.
pub use game_core::number;
/// The number trait of this crate's generic functions (`f64`, exact `BigRational`, or an
/// interval), from `game_core::number`: a caller writing code generic over it needs no
/// dependency on `game-core`.
pub use game_core::number::Real;
pub use johnson::{Fork, JohnsonTree, Node};
pub use key::{NodeRng, node_key, tree_key, uniform_from_key};
pub use params::{Shift, SplitRatio, TreeParams, TreeParamsError, Valuation};
/// The distributions of `rand_distr` (and its `Distribution` trait) at the version
/// [`SplitRatio::from_distribution`] and [`Shift::from_distribution`] take: a caller names
/// `tree_gen::rand_distr::Beta` and needs no dependency of its own (whose version would
/// have to match).
pub use rand_distr;

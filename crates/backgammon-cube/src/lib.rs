//! Races, bear-offs and the doubling cube in backgammon.
//!
//! S. I. Dotsenko and A. V. Marynych, *Optimal doubling strategies in backgammon*:
//! - [`dice`]: the 36 rolls and the distribution of pips per roll with doubles counted four
//!   times (Table 1), its mean and standard deviation (equation (1)), exactly;
//! - [`race`]: the single-checker race model of section 5, the number of turns to roll a pip
//!   count (recursion (5)) and F(k, s), the chance that the player on roll wins (equation
//!   (4), Table 4), exactly and in `f64`;
//! - [`bearoff`]: bear-off positions under the real rules (a die bears a checker off exactly,
//!   or from a lower point when no checker stands higher; doubles give four moves; as much
//!   of the roll as possible must be played, the larger die when only one can be), and the
//!   chances to bear off in one roll (Tables 2 and 3), and the two-player bear-off race as a
//!   `game_core::Game` with chance nodes;
//! - [`continuous`]: the continuous (Keeler–Spencer) model of section 3: the doubling point
//!   4/5, Theorems 1 and 2, the insolent and cautious opponents, exactly;
//! - [`steps`]: the one- and two-step games of section 4 and the examples of section 4.2;
//! - [`tuck`]: Tuck's curves P_D, P_R, P_Q, where doubling and taking change in the two-step
//!   game (Figure 1);
//! - [`cube`]: cube equities by the recursion (7)–(15) and the advice of Table 5;
//! - [`approximation`]: section 5's Lamford–Gasquoine and normal approximations to F(k, s)
//!   and their measured errors;
//! - [`database`]: beyond the paper, the one-sided bear-off database of all 54,264
//!   positions of up to 15 checkers, with the exact distribution of the rolls to bear off;
//! - [`two_sided`]: beyond the paper, the two-sided bear-off database: the cubeless chance
//!   of winning and the cubeful equities for every pair of positions of up to C checkers a
//!   side, with the cube actions;
//! - [`gnubg`]: GNU Backgammon's two-sided bear-off file, written byte for byte;
//! - [`race_formulas`]: the race rules of thumb (the Keith, Thorp and Kleinman counts, the
//!   8-9-12 rule, Trice's rule on effective pip counts, Janowski's cubeful equities and the
//!   paper's approximations), judged against the exact two-sided database;
//! - [`hypergammon`]: hypergammon of one to three checkers a side solved with the cube, and
//!   [`hypergammon_census`], what the docs publish of a solved database.
//! - [`notation`]: the field's notations of a position, gnubg's Position and Match IDs and
//!   eXtreme Gammon's XGID, read and written, and plays written as gnubg writes them;
//! - [`market`]: the market window of a money game, a player's take, double, cash and too
//!   good points for a dead and a fully live cube from his gammon values (Janowski), as
//!   gnubg's `show marketwindow` prints them;
//! - [`query`]: one position asked of any of the databases above, as gnubg's `eval` and
//!   `hint` answer it: the chances, the equities, the cube action and the plays of a roll
//!   ranked.
//!
//! `tests/gnubg.rs` compares Tables 2–3, the bear-off database and the cube equities of
//! small races with GNU Backgammon's databases.
//!
//! The cube's vocabulary (centred or owned cube, no double / double-take / double-pass, the
//! three decisions double, redouble and take) lives in [`cube`] and is shared by every module.
//!
//! # Examples
//!
//! The cube decision of a bear-off race, from the exact two-sided database, and Table 5's
//! decisions in the paper's single-checker race:
//!
//! ```
//! use backgammon_cube::{BearoffPosition, CubeAction, CubeEquities, CubeOwnership, TwoSidedDatabase};
//!
//! // Every pair of positions of up to three checkers a side.
//! let database = TwoSidedDatabase::<f64>::new(3)?;
//! let on_roll = BearoffPosition::from_points(&[6, 5, 4])?; // 15 pips
//! let opponent = BearoffPosition::from_points(&[6, 5, 3])?; // 14 pips
//! let entry = database.equities(&on_roll, &opponent)?;
//! assert!((entry.win - 0.6647).abs() < 5e-5);
//! assert_eq!(entry.cube_action(CubeOwnership::Centred), CubeAction::DoubleTake);
//!
//! // Section 5.1: at 30 pips against 33, A doubles a centred cube and B takes.
//! let decisions = CubeEquities::<f64>::new(40)?.decisions(30, 33)?;
//! assert!(decisions.double && decisions.take);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// The README's example is compiled and run as a doctest, so it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod approximation;
pub mod bearoff;
pub mod continuous;
pub mod cube;
pub mod database;
pub mod dice;
pub mod gnubg;
pub mod hypergammon;
pub mod hypergammon_census;
pub mod market;
pub mod notation;
mod numbering;
pub mod query;
pub mod race;
pub mod race_formulas;
pub mod steps;
pub mod tuck;
pub mod two_sided;

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
/// The game trait the bear-off and the race implement, and the searches that solve them
/// (expectiminimax), from `game_core`.
pub use game_core::{Game, search};

pub use bearoff::{BearoffError, BearoffPosition};
pub use cube::{CubeAction, CubeDecisions, CubeEquities, CubeError, CubeOwnership};
pub use database::BearoffDatabase;
pub use race_formulas::RaceFormula;
pub use two_sided::{Equities, TwoSidedDatabase, TwoSidedError};

/// The pip count of each player at the start of the game: 2 × 24 + 5 × 13 + 3 × 8 + 5 × 6
/// (section 2.1), from the starting position's checkers.
pub fn starting_pip_count() -> u32 {
    // (point, checkers) of the starting position, seen from the player's side.
    const START: [(u32, u32); 4] = [(24, 2), (13, 5), (8, 3), (6, 5)];
    START.iter().map(|(point, checkers)| point * checkers).sum()
}

/// The size of a bear-off or hypergammon game in words, as the crate's messages and reports
/// give it: "1 checker a side", "15 checkers a side".
///
/// ```
/// assert_eq!(backgammon_cube::checkers_a_side(1), "1 checker a side");
/// assert_eq!(backgammon_cube::checkers_a_side(3), "3 checkers a side");
/// ```
pub fn checkers_a_side(checkers: u32) -> String {
    format!("{} a side", count_of_checkers(checkers))
}

/// A number of checkers in words: "1 checker", "15 checkers".
///
/// ```
/// assert_eq!(backgammon_cube::count_of_checkers(1), "1 checker");
/// assert_eq!(backgammon_cube::count_of_checkers(0), "0 checkers");
/// ```
pub fn count_of_checkers(checkers: u32) -> String {
    let plural = if checkers == 1 { "" } else { "s" };
    format!("{checkers} checker{plural}")
}

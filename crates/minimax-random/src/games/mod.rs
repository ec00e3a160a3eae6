//! Real games to play random minimaxing on (chess, Connect-Four, Domineering, Othello), each with `game_core`'s [`Game`] trait and a
//! move generator checked by node counts in the tests.
//!
//! Values are +1 when the first player wins, −1 when the second does, 0 for a draw.
//!
//! [`Game`]: game_core::Game

mod chess;
mod connect_four;
mod domineering;
mod othello;

pub use chess::{
    Chess, ChessEnding, ChessError, ChessPosition, DEFAULT_PLY_CAP, insufficient_material,
};
pub use connect_four::{ConnectFour, ConnectFourPosition};
pub use domineering::{Domineering, DomineeringError, DomineeringPosition};
pub use othello::{Othello, OthelloError, OthelloPosition};

/// The chess move generator under [`Chess`], re-exported so that a caller can name its
/// moves and boards (`games::cozy_chess::Move`) without a dependency of its own.
pub use cozy_chess;

// Code written against the deprecated `Material` bound keeps compiling with these games.
#[allow(deprecated)]
mod material {
    use crate::player::Material;

    impl Material for super::Chess {}
    impl Material for super::ConnectFour {}
    impl Material for super::Domineering {}
    impl Material for super::Othello {}
}

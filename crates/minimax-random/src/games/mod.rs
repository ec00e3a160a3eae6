//! Real games to play random minimaxing on, each with `game_core`'s [`Game`] trait and a
//! move generator checked by node counts in the tests.
//!
//! Values are +1 when the first player wins, −1 when the second does, 0 for a draw.
//!
//! [`Game`]: game_core::Game

mod connect_four;
mod domineering;
mod othello;

pub use connect_four::{ConnectFour, ConnectFourPosition};
pub use domineering::{Domineering, DomineeringError, DomineeringPosition};
pub use othello::{Othello, OthelloError, OthelloPosition};

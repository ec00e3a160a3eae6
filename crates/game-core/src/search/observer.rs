//! What a search reports as it goes: the part each visited position plays and the
//! enter/leave protocol by which one search routine serves both the plain and the traced
//! calls. It sits apart from [`super::trace`] so that the searches depend on the protocol
//! only, and the trace on the searches.

use crate::game::Game;

/// The part a visited position plays in the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// The first player moves: the position takes the largest value of its children (MAX).
    Max,
    /// The second player moves: the position takes the smallest value of its children (MIN).
    Min,
    /// Terminal (or at a horizon): valued without expansion.
    Leaf,
}

/// What a search reports as it goes, so that one search routine serves both the plain and
/// the traced calls.
pub(crate) trait Observer<G: Game> {
    /// The search starts on `position`, reached by `via`.
    fn enter(&mut self, position: &G::Position, via: Option<&G::Move>, depth: u32, role: Role);
    /// The search of the position last entered ends with `value`, leaving `unexamined`.
    fn leave(&mut self, value: &G::Value, unexamined: &[G::Move]);
}

/// The plain searches observe nothing.
impl<G: Game> Observer<G> for () {
    fn enter(&mut self, _: &G::Position, _: Option<&G::Move>, _: u32, _: Role) {}
    fn leave(&mut self, _: &G::Value, _: &[G::Move]) {}
}

//! The alternative search conventions of `docs/matches.md`, recomputed through game-core:
//! the table there was first computed by an independent prototype, and this test keeps the
//! documented sizes true.

use game_core::search::{Window, alpha_beta};
use game_core::{Game, Turn};
use nim_games::matches::{MatchesGame, MatchesPosition};

/// The matches game with its moves tried smallest take first.
struct SmallestTakeFirst(MatchesGame);

impl Game for SmallestTakeFirst {
    type Position = MatchesPosition;
    type Move = u32;
    type Value = i32;
    fn initial_position(&self) -> MatchesPosition {
        self.0.initial_position()
    }
    fn turn(&self, position: &MatchesPosition) -> Turn {
        self.0.turn(position)
    }
    fn legal_moves(&self, position: &MatchesPosition) -> Vec<u32> {
        let mut moves = self.0.legal_moves(position);
        moves.reverse();
        moves
    }
    fn play(&self, position: &MatchesPosition, take: &u32) -> MatchesPosition {
        self.0.play(position, take)
    }
    fn terminal_value(&self, position: &MatchesPosition) -> Option<i32> {
        self.0.terminal_value(position)
    }
}

fn sizes<G: Game<Value = i32>>(make: impl Fn(MatchesGame) -> G, alpha: i32, beta: i32) -> Vec<u64> {
    [7, 15, 21]
        .into_iter()
        .map(|n| {
            let game = make(MatchesGame::new(n).unwrap());
            let start = game.initial_position();
            alpha_beta(&game, &start, Window::new(alpha, beta).unwrap())
                .unwrap()
                .stats
                .nodes
        })
        .collect()
}

#[test]
fn the_documented_alpha_beta_sizes_of_each_convention() {
    // A window of (−2, +2) never cuts on the window itself: the same as (−∞, +∞) for ±1 values.
    assert_eq!(sizes(SmallestTakeFirst, -2, 2), vec![45, 2205, 45872]);
    assert_eq!(sizes(|g| g, -2, 2), vec![19, 226, 2093]);
    assert_eq!(sizes(SmallestTakeFirst, -1, 1), vec![32, 1600, 39215]);
    assert_eq!(sizes(|g| g, -1, 1), vec![10, 156, 1839]);
}

//! Minimax and alpha-beta on the matches game at the report's largest size, n = 21
//! (266,079 and 1,839 nodes): the cost of `game-core`'s generic search per node.

use criterion::{Criterion, criterion_group, criterion_main};
use game_core::Game;
use game_core::search::{Window, alpha_beta, minimax};
use nim_games::matches::MatchesGame;
use std::hint::black_box;

fn matches_search(c: &mut Criterion) {
    let game = MatchesGame::new(21).expect("21 matches is a valid game");
    let start = game.initial_position();
    c.bench_function("matches n=21 minimax (266079 nodes)", |b| {
        b.iter(|| minimax(black_box(&game), black_box(&start)))
    });
    c.bench_function("matches n=21 alpha-beta (1839 nodes)", |b| {
        b.iter(|| {
            let window = Window::new(-1, 1).expect("-1 < 1");
            alpha_beta(black_box(&game), black_box(&start), window)
        })
    });
}

criterion_group!(benches, matches_search);
criterion_main!(benches);

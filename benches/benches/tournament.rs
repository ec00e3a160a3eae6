//! Issue 21's targets for random-minimax play, on the 2 cores: Connect-Four `paper:4` v
//! `paper:6` at ≥ 650 games/s, 6×6 Domineering `paper:2` v `paper:4` at ≥ 900 and 6×6
//! Othello `paper:3` v `paper:5` at ≥ 140 (the rates of a plain single-threaded C program
//! on one core), α = 2^61. Each iteration plays one batch of games of a line, in parallel,
//! with the pruned (alpha-beta) players; the full-width players of the same line are timed
//! beside them for the ratio.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use minimax_random::Game;
use minimax_random::games::{ConnectFour, Domineering, Othello};
use minimax_random::player::{MAX_ALPHA, RandomMinimax};
use minimax_random::tournament::play_match;

/// Times `games` games of `game` between `a` and `b`, pruned and full width.
fn line<G>(c: &mut Criterion, name: &str, game: &G, a: &str, b: &str, games: u64)
where
    G: Game + Sync,
    G::Position: Send,
{
    let a = RandomMinimax::parse(a, MAX_ALPHA).expect("a valid player");
    let b = RandomMinimax::parse(b, MAX_ALPHA).expect("a valid player");
    let mut group = c.benchmark_group("tournament");
    group.sample_size(10);
    group.bench_function(
        format!("{name} {a} v {b}, {games} games, pruned"),
        |bench| {
            bench
                .iter(|| play_match(game, &a, &b, black_box(games), 1995).expect("no chance nodes"))
        },
    );
    let (a, b) = (a.full_width(), b.full_width());
    group.bench_function(
        format!("{name} {a} v {b}, {games} games, full width"),
        |bench| {
            bench
                .iter(|| play_match(game, &a, &b, black_box(games), 1995).expect("no chance nodes"))
        },
    );
    group.finish();
}

fn tournament_lines(c: &mut Criterion) {
    line(c, "Connect-Four", &ConnectFour, "paper:4", "paper:6", 200);
    let domineering = Domineering::new(6, 6).expect("6 x 6 is a board");
    line(
        c,
        "Domineering 6x6",
        &domineering,
        "paper:2",
        "paper:4",
        200,
    );
    let othello = Othello::new(6).expect("6 x 6 is a board");
    line(c, "Othello 6x6", &othello, "paper:3", "paper:5", 100);
}

criterion_group!(benches, tournament_lines);
criterion_main!(benches);

//! Misère outcomes of single heaps of Grundy's game, by the two methods of
//! `nim_games::grundy`:
//! - `MisereTable` decides every position with at most N live matches in one retrograde
//!   pass, as `game-analysis grundy --misere --max N` does. The target, heaps up to
//!   113 in at most 60 s and 2 GB, is timed one-shot with that command; the bench follows
//!   the table at 92, where the search below needed 55 s.
//! - `MisereSolver` searches from each heap with a hash table of solved positions.

use criterion::{Criterion, criterion_group, criterion_main};
use nim_games::grundys_game::{MisereSolver, MisereTable};
use std::hint::black_box;

fn searched_outcomes(max_heap: u32) -> Vec<bool> {
    let mut solver = MisereSolver::new();
    (1..=max_heap)
        .map(|heap| {
            solver
                .first_player_wins(&[heap])
                .expect("heap within the solver's range")
        })
        .collect()
}

fn tabled_outcomes(max_heap: u32) -> Vec<bool> {
    let table = MisereTable::new(max_heap).expect("table within its limit");
    (1..=max_heap)
        .map(|heap| {
            table
                .first_player_wins(&[heap])
                .expect("heap within the table")
        })
        .collect()
}

fn grundy_misere(c: &mut Criterion) {
    let mut group = c.benchmark_group("grundy misère single heaps");
    group.sample_size(10);
    group.bench_function("heaps 1..=64, search with one table", |b| {
        b.iter(|| searched_outcomes(black_box(64)))
    });
    group.bench_function("heaps 1..=64, retrograde table", |b| {
        b.iter(|| tabled_outcomes(black_box(64)))
    });
    group.bench_function("heaps 1..=92, retrograde table", |b| {
        b.iter(|| tabled_outcomes(black_box(92)))
    });
    group.finish();
}

criterion_group!(benches, grundy_misere);
criterion_main!(benches);

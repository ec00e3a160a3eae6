//! Misère outcomes of single heaps of Grundy's game by exhaustive search
//! (`nim_games::grundy::MisereSolver`), every heap from 1 to N with one table, as
//! `cargo xtask grundy --misere --max N` computes them (without the winning splits). The
//! issue's target, N = 113 in at most 60 s and 2 GB, is timed one-shot with that command;
//! this bench follows the solver's speed at a size a bench can repeat.

use criterion::{Criterion, criterion_group, criterion_main};
use nim_games::grundy::MisereSolver;
use std::hint::black_box;

fn outcomes_up_to(max_heap: u32) -> Vec<bool> {
    let mut solver = MisereSolver::new();
    (1..=max_heap)
        .map(|heap| {
            solver
                .first_player_wins(&[heap])
                .expect("heap within the solver's range")
        })
        .collect()
}

fn grundy_misere(c: &mut Criterion) {
    let mut group = c.benchmark_group("grundy misère single heaps");
    group.sample_size(10);
    group.bench_function("heaps 1..=64, one table", |b| {
        b.iter(|| outcomes_up_to(black_box(64)))
    });
    group.finish();
}

criterion_group!(benches, grundy_misere);
criterion_main!(benches);

//! The targets for the race, the cube and the bear-off: exact F(k, s) for all
//! k, s ≤ 200 in ≤ 1 s; the f64 cube recursion on a 500 × 500 grid in ≤ 100 ms; the
//! one-sided bear-off database (54,264 positions, exact) in ≤ 2 s.

use backgammon_cube::cube::CubeEquities;
use backgammon_cube::database::BearoffDatabase;
use backgammon_cube::race::TurnCounts;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn race_and_cube(c: &mut Criterion) {
    let mut group = c.benchmark_group("backgammon");
    group.sample_size(10);
    group.bench_function("exact F(k, s), all k, s <= 200", |b| {
        b.iter(|| {
            let table = TurnCounts::new(200);
            for k in 1..=200 {
                for s in 1..=200 {
                    black_box(table.win_probability(k, s).expect("in the table"));
                }
            }
        })
    });
    group.bench_function("f64 cube equities, 500 x 500", |b| {
        b.iter(|| CubeEquities::<f64>::new(black_box(500)))
    });
    group.bench_function("one-sided bear-off database, 15 checkers", |b| {
        b.iter(|| BearoffDatabase::new(black_box(15)).expect("15 checkers is allowed"))
    });
    group.finish();
}

criterion_group!(benches, race_and_cube);
criterion_main!(benches);

//! Nim-values of Grundy's game for every heap up to N by the rare/common method
//! (`nim_games::grundy::sparse_values`). The target is N = 10^7 in at most 8 s;
//! criterion measures N = 10^6 (a 10^7 run is timed one-shot with `cargo xtask grundy`).

use criterion::{Criterion, criterion_group, criterion_main};
use nim_games::grundy::{Schedule, sparse_values};
use std::hint::black_box;

fn grundy_values(c: &mut Criterion) {
    let mut group = c.benchmark_group("grundy sparse values");
    group.sample_size(10);
    group.bench_function("N = 10^6", |b| {
        b.iter(|| sparse_values(black_box(1_000_000), Schedule::TwoThreads, |_| {}))
    });
    group.finish();
}

criterion_group!(benches, grundy_values);
criterion_main!(benches);

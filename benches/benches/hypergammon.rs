//! Hypergammon solved with the cube: two checkers a side at GNU Backgammon's convergence
//! threshold (`makehyper -c 2`, single-threaded in `float` to 10⁻⁵, takes 42 s here: the
//! target is a tenth of that) and to a residual of 10⁻¹²; one checker a side exactly.

use backgammon_cube::hypergammon::{HypergammonDatabase, SolveOptions};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn hypergammon(c: &mut Criterion) {
    let mut group = c.benchmark_group("hypergammon");
    group.sample_size(10);
    for tolerance in [1e-5, 1e-12] {
        let options = SolveOptions {
            tolerance,
            ..SolveOptions::default()
        };
        group.bench_function(format!("two checkers a side to {tolerance:e}"), |b| {
            b.iter(|| HypergammonDatabase::solve(black_box(2), &options, |_| {}))
        });
    }
    group.bench_function("one checker a side, cubeless, exactly", |b| {
        let database = HypergammonDatabase::solve(1, &SolveOptions::default(), |_| {})
            .expect("one checker a side");
        b.iter(|| database.exact_cubeless())
    });
    group.finish();
}

criterion_group!(benches, hypergammon);
criterion_main!(benches);

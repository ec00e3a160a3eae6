//! The target for random minimaxing: prob(n) exactly for two moves with
//! level-regular subtrees of depth 8 and branching up to 4, α = 1000, in ≤ 1 s.

use criterion::{Criterion, criterion_group, criterion_main};
use minimax_random::MoveShape;
use minimax_random::probability::move_probabilities;
use std::hint::black_box;

fn exact_probabilities(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_minimax");
    group.sample_size(10);
    let moves = [
        MoveShape::new(vec![4; 7]).expect("positive branching"),
        MoveShape::new(vec![3, 4, 4, 4, 4, 4, 4]).expect("positive branching"),
    ];
    group.bench_function("prob(n), depth 8, branching 4 and 3-4, alpha = 1000", |b| {
        b.iter(|| move_probabilities(black_box(&moves), black_box(1000)).expect("valid shapes"))
    });
    group.finish();
}

criterion_group!(benches, exact_probabilities);
criterion_main!(benches);

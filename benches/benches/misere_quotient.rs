//! Misère quotients (`nim_games::misere_quotient`): Kayles' whole quotient, proven final
//! (order 40, pretending function periodic from heap 71 with period 12, which needs the
//! heaps up to 167), by each method; Dawson's Kayles to heap 30 (order 360); and the quotient
//! of 0.75 (order 8). The targets: Kayles' quotient in at most 1 s, Q_30(0.07) in at
//! most 60 s.

use criterion::{Criterion, criterion_group, criterion_main};
use nim_games::heap_games::OctalGame;
use nim_games::misere_quotient::{QuotientMethod, QuotientOptions, misere_quotient};
use std::hint::black_box;

fn quotients(c: &mut Criterion) {
    let mut group = c.benchmark_group("misere quotient");
    group.sample_size(10);
    let kayles = OctalGame::parse("0.77").expect("a valid code");
    group.bench_function("Kayles (0.77), heaps up to 167", |b| {
        b.iter(|| misere_quotient(&kayles, black_box(167)))
    });
    group.bench_function("Kayles (0.77), heaps up to 167, learning method", |b| {
        b.iter(|| {
            QuotientOptions::new()
                .method(QuotientMethod::Learning)
                .compute(&kayles, black_box(167))
        })
    });
    let dawson = OctalGame::parse("0.07").expect("a valid code");
    group.bench_function("Dawson's Kayles (0.07), heaps up to 30", |b| {
        b.iter(|| misere_quotient(&dawson, black_box(30)))
    });
    let game = OctalGame::parse("0.75").expect("a valid code");
    group.bench_function("0.75, heaps up to 40", |b| {
        b.iter(|| misere_quotient(&game, black_box(40)))
    });
    group.finish();
}

criterion_group!(benches, quotients);
criterion_main!(benches);

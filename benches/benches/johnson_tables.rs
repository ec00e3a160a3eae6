//! lookahead-eval: every exact table of Johnson's memo, and single exact TSI values.
//! The targets: all tables (exact values and the memo's procedure) in ≤ 1 s, a
//! single (strategy, E, A) exact TSI value in ≤ 10 ms.

use criterion::{Criterion, criterion_group, criterion_main};
use game_core::number::fraction;
use lookahead_eval::Parameters;
use lookahead_eval::memo::{LOOK_AHEAD, TABLE_POINTS, reproduce};
use lookahead_eval::series::evaluate;
use solitaire::Form;
use solitaire::strategies::HighChain;
use std::hint::black_box;

/// The width asked of every true value, as in `cargo xtask verify-tables`.
const PRECISION: f64 = 1e-12;

fn params(e: (i64, i64), a: (i64, i64)) -> Parameters {
    Parameters::new(
        fraction(e.0, e.1).expect("a fraction"),
        fraction(a.0, a.1).expect("a fraction"),
    )
    .expect("E and A in range")
}

fn all_tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("Johnson tables");
    group.sample_size(10);
    group.bench_function("all table points, 7 strategies", |b| {
        b.iter(|| {
            for &(e, a) in &TABLE_POINTS {
                let p = params(e, a);
                for name in LOOK_AHEAD {
                    black_box(reproduce(name, &p, PRECISION).expect("evaluates"));
                }
            }
        })
    });
    group.finish();
}

fn single_values(c: &mut Criterion) {
    let h2 = HighChain::new(2).expect("two looks");
    let mut group = c.benchmark_group("exact TSI value, 2HSTRAT");
    for (label, e, a) in [
        ("E=1/2 A=3/4", (1, 2), (3, 4)),
        ("E=1/4 A=3/4", (1, 4), (3, 4)),
        ("E=1/2 A=99/100 (slowest table point)", (1, 2), (99, 100)),
    ] {
        let p = params(e, a);
        group.bench_function(label, |b| {
            b.iter(|| evaluate(&h2, Form::Independent, black_box(&p), PRECISION))
        });
    }
    group.finish();
}

criterion_group!(benches, all_tables, single_values);
criterion_main!(benches);

//! Nim-values of Grundy's game for every heap up to N by the rare/common method
//! (`nim_games::grundys_game::NimValueOptions`), on two threads and on one. The target is
//! N = 10^7 in at most 8 s on the 2-core machine; N = 10^9 is timed one-shot with
//! `game-analysis grundy --max 1000000000`.

use criterion::{Criterion, criterion_group, criterion_main};
use nim_games::grundys_game::{NimValueOptions, Schedule};
use std::hint::black_box;

fn grundy_values(c: &mut Criterion) {
    let mut group = c.benchmark_group("grundy sparse values");
    group.sample_size(10);
    let runs = [
        ("N = 10^6, 2 threads", 1_000_000, Schedule::TwoThreads),
        ("N = 10^6, 1 thread", 1_000_000, Schedule::OneThread),
        ("N = 10^7, 2 threads", 10_000_000, Schedule::TwoThreads),
    ];
    for (name, max_heap, schedule) in runs {
        group.bench_function(name, |b| {
            b.iter(|| {
                NimValueOptions::new()
                    .schedule(schedule)
                    .compute(black_box(max_heap))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, grundy_values);
criterion_main!(benches);

//! Nim-values of octal games by the rare/common method (`nim_games::octal`): .6, whose 1,583
//! rare heaps make it the field's usual benchmark, on two threads and on one; .005, dense
//! under every mask but sparse under a split by value and heap parity (11,335 rare heaps to
//! 2^17); and .16 run until its period 149,459 is proven. The target is .6 to 2^24 on two
//! threads at least ten times faster than a published C++ solver on one thread (Czajka's
//! `analyze`; the ratio measured beside it is in docs/octal-games.md); 2^24 itself is timed
//! one-shot with `game-analysis octal 0.6 --max 16777216 [--threads 1]`.
//!
//! Streamed (`nim_games::stream`): .167, Rogalski's longest run, to 2^22 heaps in memory
//! bounded by a front of 2^17, beside the same run in memory; the target is the streamed run
//! no slower than the in-memory one (its store reads every value through one more branch).

use criterion::{Criterion, criterion_group, criterion_main};
use nim_games::heap_games::OctalGame;
use nim_games::octal::{OctalOptions, Schedule};
use nim_games::stream::{NoValues, StreamOptions, StreamedGame, stream_values};
use std::hint::black_box;

fn octal(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal values");
    group.sample_size(10);
    let six = OctalGame::parse("0.6").expect("a valid code");
    for (name, schedule) in [
        (".6, N = 2^20, 2 threads", Schedule::TwoThreads),
        (".6, N = 2^20, 1 thread", Schedule::OneThread),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                OctalOptions::new()
                    .schedule(schedule)
                    .compute(&six, black_box(1 << 20))
            })
        });
    }
    let dense_by_value = OctalGame::parse("0.005").expect("a valid code");
    group.bench_function(
        ".005, N = 2^17, 2 threads (split with the heap's parity)",
        |b| b.iter(|| OctalOptions::new().compute(&dense_by_value, black_box(1 << 17))),
    );
    let sixteen = OctalGame::parse("0.16").expect("a valid code");
    group.bench_function(".16 until its period is proven", |b| {
        b.iter(|| {
            OctalOptions::new()
                .until_proven()
                .compute(&sixteen, black_box(1_000_000))
        })
    });
    group.finish();
}

fn streamed(c: &mut Criterion) {
    let mut group = c.benchmark_group("streamed octal values");
    group.sample_size(10);
    let game = OctalGame::parse("0.167").expect("a valid code");
    group.bench_function(".167, N = 2^22, 1 thread, in memory", |b| {
        b.iter(|| {
            OctalOptions::new()
                .schedule(Schedule::OneThread)
                .compute(&game, black_box(1 << 22))
        })
    });
    let streamed = StreamedGame::Octal(game.clone());
    let options = StreamOptions::new()
        .front_heaps(1 << 17)
        .schedule(Schedule::OneThread);
    group.bench_function(".167, N = 2^22, 1 thread, streamed, F = 2^17", |b| {
        b.iter(|| {
            stream_values(
                &streamed,
                black_box(1 << 22),
                &options,
                &mut NoValues,
                None,
                &mut |_| Ok(()),
            )
        })
    });
    group.finish();
}

criterion_group!(benches, octal, streamed);
criterion_main!(benches);

//! The targets for the race, the cube and the bear-off: exact F(k, s) for all
//! k, s ≤ 200 in ≤ 1 s; the f64 cube recursion on a 500 × 500 grid in ≤ 100 ms; the
//! one-sided bear-off database (54,264 positions, exact) in ≤ 2 s; and the two-checker
//! bear-off race by expectiminimax with a transposition table in milliseconds (the plain
//! search takes 31 s on [6, 6] against [6, 6]); the two-sided bear-off database of 6 × 6
//! (924 positions a side), cubeless and cubeful; and gnubg's one-sided files of six and eight
//! points (`makebearoff -o 6` and `-o 8` take 1.9 s and 25 s here, one thread: the target is
//! a tenth of that); gnubg's two-sided file of 6 × 8, in memory and out of core (the path of
//! the complete 6 × 15 database, whose target is two hours).

use backgammon_cube::bearoff::{BearoffPosition, BearoffRace};
use backgammon_cube::cube::CubeEquities;
use backgammon_cube::database::BearoffDatabase;
use backgammon_cube::gnubg::{
    OneSidedLayout, build_two_sided_file, one_sided_file, two_sided_file,
};
use backgammon_cube::race::TurnCounts;
use backgammon_cube::two_sided::TwoSidedDatabase;
use criterion::{Criterion, criterion_group, criterion_main};
use game_core::Game;
use game_core::search::expectiminimax_solve;
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
    group.bench_function(
        "bear-off race [6, 6] v [6, 6], expectiminimax with a table",
        |b| {
            let six_six = BearoffPosition::from_points(&[6, 6]).expect("two checkers on 6");
            let race = BearoffRace::new(six_six, six_six);
            b.iter(|| expectiminimax_solve(&race, black_box(&race.initial_position())))
        },
    );
    group.bench_function(
        "two-sided bear-off database 6 x 6, cubeless and cubeful, f64",
        |b| b.iter(|| TwoSidedDatabase::<f64>::new(black_box(6)).expect("6 checkers is allowed")),
    );
    for points in [6, 8] {
        group.bench_function(format!("gnubg one-sided file, {points} points"), |b| {
            b.iter(|| one_sided_file(black_box(points), OneSidedLayout::default()))
        });
    }
    group.bench_function("gnubg two-sided file 6 x 8, in memory", |b| {
        b.iter(|| two_sided_file(black_box(8)).expect("8 checkers is allowed"))
    });
    let scratch_dir = tempfile::tempdir().expect("a temporary folder can be made");
    let scratch = scratch_dir.path();
    group.bench_function("gnubg two-sided file 6 x 8, out of core", |b| {
        b.iter(|| {
            build_two_sided_file(8, &scratch.join("work"), &scratch.join("ts.bd"), |_| {})
                .expect("a scratch directory can be written")
        })
    });

    group.finish();
}

criterion_group!(benches, race_and_cube);
criterion_main!(benches);

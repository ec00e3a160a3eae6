//! One position asked of the exact databases (`backgammon_cube::query`), with a roll's plays
//! ranked: from the 6 × 6 two-sided database in memory (the target: microseconds), and from
//! a gnubg two-sided file of 6 × 10 (513 MB) read entry by entry without loading it (the
//! target: milliseconds; warm here, the entries in the page cache after the first rounds).
//! With `GAME_ANALYSIS_TS15` naming the complete 6 × 15 file (23.6 GB, `game-analysis
//! bearoff --two-sided 6x15 --work-dir DIR --out PATH`), the same from it, a position of
//! fifteen checkers a side.

use backgammon_cube::bearoff::BearoffPosition;
use backgammon_cube::cube::CubeOwnership;
use backgammon_cube::dice::Roll;
use backgammon_cube::gnubg::{TwoSidedReader, build_two_sided_file};
use backgammon_cube::notation::Board;
use backgammon_cube::query::query;
use backgammon_cube::two_sided::TwoSidedDatabase;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// Six checkers (6, 6, 5, 4, 2, 1) against five (5, 4, 3, 3, 2): 24 pips against 17.
fn position() -> Board {
    Board::from_bearoff(
        &BearoffPosition::from_points(&[6, 6, 5, 4, 2, 1]).expect("a bear-off"),
        &BearoffPosition::from_points(&[5, 4, 3, 3, 2]).expect("a bear-off"),
    )
}

/// Fifteen checkers (three on each point) against fifteen (5, 4, 3, 3 on points 1–4): 45
/// pips against 34.
fn fifteen_checkers() -> Board {
    let on_roll: Vec<u32> = (1..=5).flat_map(|point| [point; 3]).collect();
    let opponent: Vec<u32> = [(1, 5), (2, 4), (3, 3), (4, 3)]
        .iter()
        .flat_map(|&(point, count)| std::iter::repeat_n(point, count))
        .collect();
    Board::from_bearoff(
        &BearoffPosition::from_points(&on_roll).expect("a bear-off"),
        &BearoffPosition::from_points(&opponent).expect("a bear-off"),
    )
}

fn queries(c: &mut Criterion) {
    let board = position();
    let roll = Some(Roll {
        first: 6,
        second: 5,
    });
    let mut group = c.benchmark_group("position query");
    let database = TwoSidedDatabase::<f64>::new(6).expect("6 checkers is allowed");
    group.bench_function("6 x 6 in memory, cube action", |b| {
        b.iter(|| query(&database, black_box(&board), CubeOwnership::Centred, None))
    });
    group.bench_function("6 x 6 in memory, cube action and the plays of 6-5", |b| {
        b.iter(|| query(&database, black_box(&board), CubeOwnership::Centred, roll))
    });
    let folder = tempfile::tempdir().expect("a scratch folder");
    let path = folder.path().join("ts10.bd");
    build_two_sided_file(10, &folder.path().join("work"), &path, |_| {}).expect("6x10 builds");
    let mut file = TwoSidedReader::open(&path).expect("the file just built");
    group.bench_function("gnubg file 6 x 10, cube action and the plays of 6-5", |b| {
        b.iter(|| query(&mut file, black_box(&board), CubeOwnership::Centred, roll))
    });
    if let Some(path) = std::env::var_os("GAME_ANALYSIS_TS15") {
        let mut file = TwoSidedReader::open(path).expect("GAME_ANALYSIS_TS15 names a 6 x 15 file");
        let full = fifteen_checkers();
        group.bench_function("gnubg file 6 x 15, cube action and the plays of 6-5", |b| {
            b.iter(|| query(&mut file, black_box(&full), CubeOwnership::Centred, roll))
        });
    }
    group.finish();
}

criterion_group!(benches, queries);
criterion_main!(benches);

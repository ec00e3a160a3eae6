//! The hypergammon databases against GNU Backgammon's `makehyper` (Debian's `gnubg`, which
//! `.ci/run` installs), run here for one and two checkers a side. `#[ignore]`d with the
//! reason, as the other peer checks; `cargo test -- --include-ignored` runs them.
//!
//! makehyper sweeps its table in `float` until no entry moves by more than 10⁻⁵ and stores
//! each value in 24 bits, so an entry may differ from ours by that threshold plus 6 · 2⁻²⁴
//! (an equity's step). It computes a roll that cannot be played by its own rule
//! ([`DanceRule::Makehyper`]); with that rule every equity agrees, with the rules of the game
//! ([`DanceRule::PassTurn`]) the cubeless values agree and the cubeful ones differ. The
//! outcome probabilities follow the play of highest cubeless equity, and in the races near
//! the end two plays often tie exactly, one with more chances to win and the other with as
//! many more to win a gammon (a win counts 2 P − 1, a gammon once more): each program keeps
//! one of them, so the probabilities are compared to 10⁻² (they differ by up to 4 · 10⁻³)
//! while the equities, which are unique, agree everywhere to the threshold.

use std::path::Path;
use std::process::Command;

use backgammon_cube::cube::CubeOwnership;
use backgammon_cube::gnubg::{HypergammonFile, write_hypergammon_file};
use backgammon_cube::hypergammon::{
    DanceRule, HypergammonDatabase, HypergammonEntry, HypergammonPosition, SolveOptions,
};
use backgammon_cube::notation::Board;
use backgammon_cube::query::query;

const MAKEHYPER: &str = "/usr/games/makehyper";
/// makehyper's default threshold plus one step of a stored equity.
const TOLERANCE: f64 = 1e-5 + 6.0 / 16_777_215.0;

/// GNU Backgammon's makehyper, which the tests here run: a clear failure where it is
/// missing (these tests are `#[ignore]`d, so they run only when asked for).
fn require_makehyper() {
    assert!(
        Path::new(MAKEHYPER).exists(),
        "GNU Backgammon's makehyper is not installed (apt-get install gnubg)"
    );
}

fn makehyper(checkers: u32) -> HypergammonFile {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join(format!("hyper{checkers}.bd"));
    let status = Command::new(MAKEHYPER)
        .args(["-c", &checkers.to_string(), "-n", "-f"])
        .arg(&path)
        .current_dir(folder.path())
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    HypergammonFile::read(&path).unwrap()
}

fn solve(checkers: u32, dance: DanceRule) -> HypergammonDatabase {
    let options = SolveOptions {
        dance,
        ..SolveOptions::default()
    };
    HypergammonDatabase::solve(checkers, &options, |_| {}).unwrap()
}

fn probabilities(e: &HypergammonEntry) -> [f64; 5] {
    [
        e.win,
        e.win_gammon,
        e.win_backgammon,
        e.lose_gammon,
        e.lose_backgammon,
    ]
}

fn equities(e: &HypergammonEntry) -> [f64; 5] {
    [
        e.cubeless_equity(),
        e.owned,
        e.centred,
        e.centred_jacoby,
        e.opponent_owns,
    ]
}

fn largest_difference(a: &[f64], b: &[f64]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max)
}

fn compare(checkers: u32) {
    let theirs = makehyper(checkers);
    let as_makehyper = solve(checkers, DanceRule::Makehyper);
    let ours = solve(checkers, DanceRule::PassTurn);
    let (mut agreeing, mut cubeful_gap) = (0, 0.0f64);
    for number in 0..theirs.positions() {
        let gnubg = theirs.entry_at(number).unwrap();
        let same_rule = as_makehyper.entry_at(number).unwrap();
        let rules = ours.entry_at(number).unwrap();
        assert!(
            largest_difference(&equities(&gnubg), &equities(&same_rule)) <= TOLERANCE,
            "{number}: {gnubg:?} against {same_rule:?}"
        );
        assert!((gnubg.cubeless_equity() - rules.cubeless_equity()).abs() <= TOLERANCE);
        cubeful_gap = cubeful_gap.max(largest_difference(&equities(&gnubg), &equities(&rules)));
        let gap = largest_difference(&probabilities(&gnubg), &probabilities(&same_rule));
        assert!(gap < 1e-2, "{number}: {gnubg:?} against {same_rule:?}");
        if gap <= TOLERANCE {
            agreeing += 1;
        }
    }
    eprintln!(
        "{checkers} checkers: {agreeing} of {} entries agree in every probability; under the rules \
         of the game the cubeful equities differ by up to {cubeful_gap:.4}",
        theirs.positions()
    );
    // Our file, in gnubg's layout, reads back to within a step of every value.
    let mut bytes = Vec::new();
    write_hypergammon_file(&as_makehyper, &mut bytes).unwrap();
    let written = HypergammonFile::from_bytes("ours.bd", bytes).unwrap();
    for number in 0..written.positions() {
        let (read, kept) = (
            written.entry_at(number).unwrap(),
            as_makehyper.entry_at(number).unwrap(),
        );
        assert!(largest_difference(&equities(&read), &equities(&kept)) <= 6.0 / 16_777_215.0 * 3.0);
    }
    queries_agree(as_makehyper, theirs);
}

/// Positions asked of our solve (makehyper's rule) and of makehyper's own file through
/// `backgammon_cube::query`, the cube centred and owned, each with a roll: the equities agree
/// to the threshold, and so do the cube actions and the best plays wherever the choice is
/// not within twice the threshold of a tie.
fn queries_agree(ours: HypergammonDatabase, theirs: HypergammonFile) {
    let checkers = ours.checkers();
    let rolls = backgammon_cube::dice::all_rolls();
    let mut plays_compared = 0;
    // Every position of one checker a side; every seventh of two.
    let stride = if checkers == 1 { 1 } else { 7 };
    for number in (0..theirs.positions()).step_by(stride) {
        let Ok(position) = HypergammonPosition::numbered(checkers, number as u32) else {
            continue;
        };
        if position.is_over() {
            continue;
        }
        let board = Board::from_hypergammon(&position);
        let cube = if number % 2 == 0 {
            CubeOwnership::Centred
        } else {
            CubeOwnership::Owned
        };
        let roll = rolls[number % 36];
        let a = query(&ours, &board, cube, Some(roll)).unwrap();
        let b = query(&theirs, &board, cube, Some(roll)).unwrap();
        let (x, y) = (&a.entry, &b.entry);
        let gap = largest_difference(
            &[x.centred, x.owned, x.opponent_owns],
            &[y.centred, y.owned, y.opponent_owns],
        );
        assert!(gap <= TOLERANCE, "{number}: {x:?} against {y:?}");
        let near = |p: f64, q: f64| (p - q).abs() <= 2.0 * TOLERANCE;
        let doubled = x.double_take().min(1.0);
        if !near(x.no_double(cube), doubled) && !near(x.double_take(), 1.0) {
            assert_eq!(a.cube_action, b.cube_action, "{number}");
        }
        if let (Some(best), Some(second)) = (a.plays.first(), a.plays.get(1))
            && !near(best.equity, second.equity)
        {
            plays_compared += 1;
            assert_eq!(best.after, b.plays[0].after, "{number} {roll}");
        }
    }
    assert!(plays_compared > 0);
}

#[test]
#[ignore = "needs GNU Backgammon: apt-get install gnubg; run with --include-ignored"]
fn one_checker_a_side_agrees_with_makehyper() {
    require_makehyper();
    compare(1);
}

#[test]
#[ignore = "needs GNU Backgammon: apt-get install gnubg; run with --include-ignored"]
fn two_checkers_a_side_agree_with_makehyper() {
    require_makehyper();
    compare(2);
}

/// Every entry of makehyper's files that a query can read passes the checks a query makes
/// ([`HypergammonFile::checked_entry`]): they tell damage from gnubg's own rounding.
#[test]
#[ignore = "needs GNU Backgammon's makehyper (apt-get install gnubg)"]
fn every_entry_of_makehypers_files_passes_the_checks_of_a_query() {
    require_makehyper();
    for checkers in [1, 2] {
        let file = makehyper(checkers);
        for number in 0..file.positions() as u32 {
            if let Ok(position) = HypergammonPosition::numbered(checkers, number) {
                assert!(
                    file.checked_entry(&position).is_ok(),
                    "{checkers}: {number}"
                );
            }
        }
    }
}

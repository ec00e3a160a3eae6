//! Hypergammon: the rules of play, the database's invariants, and its independence of the
//! number of threads.

use std::sync::OnceLock;

use backgammon_cube::cube::{CubeAction, CubeOwnership};
use backgammon_cube::dice::{Roll, distinct_rolls};
use backgammon_cube::hypergammon::{
    BAR, DanceRule, ErrorBound, HypergammonDatabase, HypergammonError, HypergammonPosition,
    SolveOptions, SolveProgress,
};
use game_core::tolerance::F64_AGREEMENT;

fn roll(first: u8, second: u8) -> Roll {
    Roll { first, second }
}

fn position(checkers: u32, on_roll: &[u32], opponent: &[u32]) -> HypergammonPosition {
    HypergammonPosition::new(checkers, on_roll, opponent).unwrap()
}

/// The player on roll's places after each play of `dice`, and the opponent's.
fn plays(from: &HypergammonPosition, first: u8, second: u8) -> Vec<(Vec<u32>, Vec<u32>)> {
    let mut plays: Vec<_> = from
        .plays(roll(first, second))
        .iter()
        .map(|p| (p.on_roll_places(), p.opponent_places()))
        .collect();
    plays.sort();
    plays
}

fn two_checkers() -> &'static HypergammonDatabase {
    static DATABASE: OnceLock<HypergammonDatabase> = OnceLock::new();
    DATABASE
        .get_or_init(|| HypergammonDatabase::solve(2, &SolveOptions::default(), |_| {}).unwrap())
}

#[test]
fn the_starting_positions() {
    for (checkers, places, pips) in [
        (1, vec![24], 24),
        (2, vec![23, 24], 47),
        (3, vec![22, 23, 24], 69),
    ] {
        let start = HypergammonPosition::starting(checkers).unwrap();
        assert_eq!(start.on_roll_places(), places);
        assert_eq!(start.opponent_places(), places);
        assert_eq!(start.pip_counts(), (pips, pips));
        assert!(start.is_contact());
    }
}

#[test]
fn a_checker_on_the_bar_enters_first_and_dances_on_a_made_point() {
    // The opponent holds his 6-point (the player's 19): a 6 cannot enter.
    let barred = position(2, &[BAR, 10], &[6, 6]);
    assert!(barred.plays(roll(6, 6)).is_empty());
    // 6-1: enter with the 1 on the 24-point, then play the 6 with either checker.
    assert_eq!(
        plays(&barred, 6, 1),
        vec![(vec![4, 24], vec![6, 6]), (vec![10, 18], vec![6, 6])]
    );
}

#[test]
fn a_blot_hit_goes_to_the_bar_and_a_made_point_blocks() {
    // The opponent's blot on his 17-point is the player's 8: a 5 from 13 hits it.
    let shot = position(2, &[13, 20], &[17, 1]);
    let hits: Vec<_> = plays(&shot, 5, 5)
        .into_iter()
        .filter(|(_, theirs)| theirs.contains(&BAR))
        .collect();
    assert!(!hits.is_empty());
    assert!(hits.iter().all(|(_, theirs)| theirs == &vec![1, BAR]));
    // Two checkers on his 17-point block the 5 from 13 and from 20 the 5-5 to 15, 10, …
    let blocked = position(2, &[13], &[17, 17]);
    assert!(plays(&blocked, 5, 5).is_empty());
}

#[test]
fn bearing_off_needs_every_checker_home_and_takes_the_rearmost_with_a_larger_die() {
    // A checker on 7 must come home before the one on 2 bears off: 5-2 brings it in and
    // bears it off (7 to 5 to off, or 7 to 2 and the 2 off), never the checker on 2 first.
    let not_home = position(2, &[2, 7], &[24]);
    assert_eq!(plays(&not_home, 5, 2), vec![(vec![2], vec![24])]);
    // With both home, a 6 bears off the rearmost checker, on 4, and the 5 the other.
    let home = position(2, &[3, 4], &[24]);
    assert_eq!(plays(&home, 6, 5), vec![(vec![], vec![24])]);
    // A 6-1 from 5 and 1: both off, or the 1 from 5 to 4 and the 6 bears that one off.
    assert_eq!(
        plays(&position(2, &[1, 5], &[12]), 6, 1),
        vec![(vec![], vec![12]), (vec![1], vec![12])]
    );
}

#[test]
fn as_many_dice_as_can_be_and_the_larger_when_only_one() {
    // One checker on 13 against two on the player's 7 (the opponent's 18) and one on 2:
    // 6-5 cannot play the 6 (blocked on 7); the 5 to 8 and then the 6 to 2 hits.
    let forced = position(3, &[13], &[18, 18, 23]);
    assert_eq!(plays(&forced, 6, 5), vec![(vec![2], vec![18, 18, BAR])]);
    // From 8 with 6-1 against the point on 7: the 1 first is blocked, the 6 to 2 then the
    // 1 to the 1-point plays both.
    let one_die = position(3, &[8], &[5, 18, 18]);
    assert_eq!(plays(&one_die, 6, 1), vec![(vec![1], vec![5, 18, 18])]);
    // Against the point on 7, 3-3 from 10 cannot move at all; 4-3 plays the 4 first.
    let before_the_point = position(3, &[10], &[18, 18, 1]);
    assert!(plays(&before_the_point, 3, 3).is_empty());
    assert_eq!(
        plays(&before_the_point, 4, 3),
        vec![(vec![3], vec![1, 18, 18])]
    );
}

#[test]
fn the_game_ends_with_gammons_and_backgammons() {
    let database = two_checkers();
    // The opponent has borne off both checkers: the player on roll has lost.
    let lost_single = database.entry(&position(2, &[3], &[])).unwrap();
    assert_eq!((lost_single.win, lost_single.lose_gammon), (0.0, 0.0));
    let lost_gammon = database.entry(&position(2, &[3, 4], &[])).unwrap();
    assert_eq!(
        (lost_gammon.lose_gammon, lost_gammon.lose_backgammon),
        (1.0, 0.0)
    );
    let lost_backgammon = database.entry(&position(2, &[3, 19], &[])).unwrap();
    assert_eq!(
        (lost_backgammon.lose_gammon, lost_backgammon.lose_backgammon),
        (1.0, 1.0)
    );
    assert_eq!(lost_backgammon.owned, -3.0);
    // Under the Jacoby rule a gammon counts single while the cube is centred.
    assert_eq!(lost_backgammon.centred_jacoby, -1.0);
}

#[test]
fn every_entry_is_a_distribution_and_owning_the_cube_is_worth_something() {
    let database = two_checkers();
    for number in 0..database.positions() {
        let e = database.entry_at(number).unwrap();
        for p in [
            e.win,
            e.win_gammon,
            e.win_backgammon,
            e.lose_gammon,
            e.lose_backgammon,
        ] {
            assert!((-1e-12..=1.0 + 1e-12).contains(&p), "{number}: {e:?}");
        }
        assert!(e.win_backgammon <= e.win_gammon + 1e-12 && e.win_gammon <= e.win + 1e-12);
        assert!(e.lose_backgammon <= e.lose_gammon + 1e-12 && e.lose_gammon <= 1.0 - e.win + 1e-12);
        // More options are worth no less: owned ≥ centred ≥ owned by the opponent.
        assert!(e.owned >= e.centred - 1e-9, "{number}: {e:?}");
        assert!(e.centred >= e.opponent_owns - 1e-9, "{number}: {e:?}");
        for cube in CubeOwnership::ALL {
            assert!(e.equity(cube).abs() <= 3.0 + 1e-9);
        }
    }
}

#[test]
fn the_values_satisfy_their_equations_to_the_residual() {
    let database = two_checkers();
    assert!(database.residual() <= 1e-12);
    assert!(database.cubeless_error_bound() < 1e-10);
    // The cubeless equity of a position is the average over the rolls of the best play's.
    let start = HypergammonPosition::starting(2).unwrap();
    let mut average = 0.0;
    for (dice, ways) in distinct_rolls() {
        let best = start
            .plays(dice)
            .iter()
            .map(|play| -database.entry(&play.swapped()).unwrap().cubeless_equity())
            .fold(f64::NEG_INFINITY, f64::max);
        average += f64::from(ways) * best / 36.0;
    }
    let equity = database.entry(&start).unwrap().cubeless_equity();
    assert!(
        (average - equity).abs() <= database.residual() + F64_AGREEMENT,
        "{average} against {equity}"
    );
}

#[test]
fn the_database_does_not_depend_on_the_number_of_threads() {
    let solve = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| HypergammonDatabase::solve(2, &SolveOptions::default(), |_| {}).unwrap())
    };
    let (one, two) = (solve(1), two_checkers());
    assert_eq!(one.sweeps(), two.sweeps());
    for number in (0..one.positions()).step_by(7) {
        assert_eq!(one.entry_at(number).unwrap(), two.entry_at(number).unwrap());
    }
}

#[test]
fn bad_input_is_refused() {
    assert_eq!(
        HypergammonPosition::starting(0),
        Err(HypergammonError::Checkers(0))
    );
    assert_eq!(
        HypergammonPosition::starting(4),
        Err(HypergammonError::Checkers(4))
    );
    assert_eq!(
        HypergammonPosition::new(1, &[26], &[1]),
        Err(HypergammonError::Place(26))
    );
    assert_eq!(
        HypergammonPosition::new(1, &[0], &[1]),
        Err(HypergammonError::Place(0))
    );
    assert_eq!(
        HypergammonPosition::new(1, &[3, 4], &[1]),
        Err(HypergammonError::TooManyCheckers {
            found: 2,
            checkers: 1
        })
    );
    // The player's 5-point is the opponent's 20.
    assert_eq!(
        HypergammonPosition::new(2, &[5], &[20]),
        Err(HypergammonError::SharedPoint(5))
    );
    for tolerance in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        let options = SolveOptions {
            tolerance,
            ..SolveOptions::default()
        };
        assert!(matches!(
            HypergammonDatabase::solve(1, &options, |_| {}),
            Err(HypergammonError::Tolerance(_))
        ));
    }
    assert_eq!(
        HypergammonDatabase::solve(4, &SolveOptions::default(), |_| {}).err(),
        Some(HypergammonError::Checkers(4))
    );
    let few = SolveOptions {
        max_sweeps: 2,
        ..SolveOptions::default()
    };
    assert_eq!(
        HypergammonDatabase::solve(1, &few, |_| {}).err(),
        Some(HypergammonError::NoConvergence { sweeps: 2 })
    );
    let database = HypergammonDatabase::solve(1, &SolveOptions::default(), |_| {}).unwrap();
    assert_eq!(
        database.entry_at(676).err(),
        Some(HypergammonError::Number {
            number: 676,
            positions: 676
        })
    );
    assert_eq!(
        database
            .entry(&HypergammonPosition::starting(2).unwrap())
            .err(),
        Some(HypergammonError::OtherGame {
            position: 2,
            database: 1
        })
    );
}

#[test]
fn the_dance_rule_changes_only_the_cubeful_equities() {
    let makehyper = HypergammonDatabase::solve(
        2,
        &SolveOptions {
            dance: DanceRule::Makehyper,
            ..SolveOptions::default()
        },
        |_| {},
    )
    .unwrap();
    let ours = two_checkers();
    let mut largest: f64 = 0.0;
    for number in 0..ours.positions() {
        let (a, b) = (
            ours.entry_at(number).unwrap(),
            makehyper.entry_at(number).unwrap(),
        );
        assert!((a.cubeless_equity() - b.cubeless_equity()).abs() < 1e-10);
        largest = largest.max((a.centred - b.centred).abs());
    }
    assert!(
        largest > 1e-3,
        "the rules differ where a roll cannot be played: {largest}"
    );
}

#[test]
fn one_checker_a_side_solved_exactly_agrees_within_the_bound() {
    use num_traits::ToPrimitive;
    let database = HypergammonDatabase::solve(1, &SolveOptions::default(), |_| {}).unwrap();
    let exact = database.exact_cubeless().unwrap();
    let bound = database.cubeless_error_bound();
    assert!(bound < 1e-11);
    for (number, outcomes) in exact.iter().enumerate() {
        let e = database.entry_at(number).unwrap();
        let approximate = [
            e.win,
            e.win_gammon,
            e.win_backgammon,
            e.lose_gammon,
            e.lose_backgammon,
        ];
        for (exact, approximate) in outcomes.iter().zip(approximate) {
            let gap = (exact.to_f64().unwrap() - approximate).abs();
            assert!(gap <= bound, "{number}: {exact} against {approximate}");
        }
    }
    // One checker a side: every win is a gammon (the loser has borne off nothing).
    let start = HypergammonPosition::starting(1).unwrap().number() as usize;
    assert_eq!(exact[start][0], exact[start][1]);
    assert_eq!(
        two_checkers().exact_cubeless().err(),
        Some(HypergammonError::ExactTooLarge(2))
    );
}

#[test]
fn the_cubeful_equities_of_a_looser_solve_are_within_the_two_bounds() {
    for (checkers, tolerance) in [(1, 1e-6), (2, 1e-5)] {
        let tight = match checkers {
            2 => two_checkers().clone(),
            _ => HypergammonDatabase::solve(checkers, &SolveOptions::default(), |_| {}).unwrap(),
        };
        let options = SolveOptions {
            tolerance,
            ..SolveOptions::default()
        };
        let loose = HypergammonDatabase::solve(checkers, &options, |_| {}).unwrap();
        let allowed = tight.cubeful_error_bound() + loose.cubeful_error_bound();
        assert!(allowed < 100.0 * tolerance, "{checkers}: {allowed}");
        // S̄ counts the stake: a taken double doubles it, so S̄ is not below one turn.
        assert!(tight.staked_turns_bound() >= 1.0);
        let mut largest: f64 = 0.0;
        for number in 0..tight.positions() {
            let (a, b) = (
                tight.entry_at(number).unwrap(),
                loose.entry_at(number).unwrap(),
            );
            for (a, b) in [
                (a.owned, b.owned),
                (a.centred, b.centred),
                (a.centred_jacoby, b.centred_jacoby),
                (a.opponent_owns, b.opponent_owns),
            ] {
                largest = largest.max((a - b).abs());
            }
        }
        assert!(largest <= allowed, "{checkers}: {largest} > {allowed}");
        // The two solves differ by more than rounding: the test can tell.
        assert!(
            largest > 10.0 * tight.cubeful_error_bound(),
            "{checkers}: {largest}"
        );
    }
}

#[test]
fn a_solve_stopped_and_resumed_ends_with_the_values_of_one_never_stopped() {
    let folder = tempfile::tempdir().unwrap();
    // A folder that does not exist yet is made.
    let kept = SolveOptions {
        work_dir: Some(folder.path().join("not yet made")),
        keep_every: std::time::Duration::ZERO,
        ..SolveOptions::default()
    };
    let stopped = SolveOptions {
        max_sweeps: 12,
        ..kept.clone()
    };
    assert_eq!(
        HypergammonDatabase::solve(2, &stopped, |_| {}).err(),
        Some(HypergammonError::NoConvergence { sweeps: 12 })
    );
    let work = folder.path().join("not yet made/hypergammon-2-pass.work");
    assert!(work.exists());
    let mut first_sweep = None;
    let mut bounds = Vec::new();
    let resumed = HypergammonDatabase::solve(2, &kept, |step| match step {
        SolveProgress::Sweep { sweep, .. } => {
            first_sweep.get_or_insert(sweep);
        }
        SolveProgress::Bound {
            bound, sweep: 1, ..
        } => bounds.push(bound),
        _ => {}
    })
    .unwrap();
    assert_eq!(first_sweep, Some(13));
    // Each bound's proof is shown, the cubeless one first.
    assert_eq!(bounds, [ErrorBound::Turns, ErrorBound::StakedTurns]);
    assert!(!work.exists(), "the work is removed once the solve ends");
    let never_stopped = two_checkers();
    assert_eq!(resumed.sweeps(), never_stopped.sweeps());
    for number in 0..resumed.positions() {
        assert_eq!(
            resumed.entry_at(number).unwrap(),
            never_stopped.entry_at(number).unwrap()
        );
    }
    // The work of another game is refused, not silently overwritten.
    std::fs::write(
        folder.path().join("not yet made/hypergammon-1-pass.work"),
        b"not this",
    )
    .unwrap();
    assert!(matches!(
        HypergammonDatabase::solve(1, &kept, |_| {}),
        Err(HypergammonError::Work { .. })
    ));
}

#[test]
fn the_first_double_is_taken_passed_or_never_offered() {
    let database = two_checkers();
    let chances = database.first_double_chances().unwrap();
    for (number, [taken, passed]) in chances.iter().enumerate() {
        assert!(
            *taken >= 0.0 && *passed >= 0.0 && taken + passed <= 1.0 + 1e-12,
            "{number}"
        );
        let Ok(position) = HypergammonPosition::numbered(2, number as u32) else {
            continue;
        };
        let action = database
            .entry(&position)
            .unwrap()
            .cube_action(CubeOwnership::Centred);
        match action {
            CubeAction::DoubleTake => assert_eq!([*taken, *passed], [1.0, 0.0]),
            CubeAction::DoublePass => assert_eq!([*taken, *passed], [0.0, 1.0]),
            CubeAction::NoDouble if position.is_over() => assert_eq!(taken + passed, 0.0),
            CubeAction::NoDouble => {}
        }
    }
}

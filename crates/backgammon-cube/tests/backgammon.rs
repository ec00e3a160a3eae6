//! Dice, bear-offs and the single-checker race, each against an independent computation.

use backgammon_cube::bearoff::{BearoffError, BearoffPosition};
use backgammon_cube::dice::{Roll, all_rolls, mean_pips, pip_distribution, variance_pips};
use backgammon_cube::race::{RaceError, TurnCounts};
use backgammon_cube::starting_pip_count;
use game_core::monte_carlo::{MonteCarlo, Tally};
use num_rational::{BigRational, Ratio};
use proptest::prelude::*;

#[test]
fn table_1_and_equation_1() {
    // Table 1, out of 36: pips 3 4 5 6 7 8 9 10 11 12 16 20 24.
    let expected = [
        (3, 2),
        (4, 3),
        (5, 4),
        (6, 4),
        (7, 6),
        (8, 5),
        (9, 4),
        (10, 2),
        (11, 2),
        (12, 1),
        (16, 1),
        (20, 1),
        (24, 1),
    ];
    let distribution = pip_distribution();
    assert_eq!(distribution.len(), expected.len());
    for (pips, count) in expected {
        assert_eq!(distribution[&pips], Ratio::new(count, 36), "{pips} pips");
    }
    assert_eq!(mean_pips(), Ratio::new(49, 6));
    assert_eq!(variance_pips(), Ratio::new(665, 36));
    assert_eq!(starting_pip_count(), 167);
    assert_eq!(all_rolls().len(), 36);
}

fn position(points: &[u32]) -> BearoffPosition {
    BearoffPosition::from_points(points).unwrap()
}

fn roll(first: u8, second: u8) -> Roll {
    Roll { first, second }
}

#[test]
fn bear_off_moves_follow_the_rules() {
    // A 6 bears off from the 4-point only because nothing stands higher.
    assert!(
        position(&[4])
            .legal_plays(roll(6, 1))
            .iter()
            .any(BearoffPosition::is_empty)
    );
    // With a checker on the 5-point, a 6 bears that one off, not the one on the 4-point;
    // 6-1: 6 first bears off the 5-point checker, then 4 -> 3; 1 first moves 5 -> 4 and the
    // 6 bears off a 4-point checker, or 4 -> 3 and the 6 bears off the 5-point one.
    let plays = position(&[5, 4]).legal_plays(roll(6, 1));
    assert_eq!(
        plays,
        [position(&[3]), position(&[4])].into_iter().collect()
    );
    // 2-2 from two checkers on the 2-point: four 2s bear both off.
    assert!(
        position(&[2, 2])
            .legal_plays(roll(2, 2))
            .iter()
            .any(BearoffPosition::is_empty)
    );
    // 1-1 from two checkers on the 2-point: 2->1, 2->1, off, off.
    assert!(
        position(&[2, 2])
            .legal_plays(roll(1, 1))
            .iter()
            .any(BearoffPosition::is_empty)
    );
    // 2-1 from one checker on the 6-point: both dice must be played (6 -> 4 -> 3 or 6 -> 5 -> 3).
    assert_eq!(
        position(&[6])
            .legal_plays(roll(2, 1))
            .into_iter()
            .collect::<Vec<_>>(),
        vec![position(&[3])]
    );
    // When only one die can be played, the larger: one checker on the 1-point and 6-1.
    assert!(
        position(&[1])
            .legal_plays(roll(6, 1))
            .iter()
            .all(BearoffPosition::is_empty)
    );
}

#[test]
fn one_checker_bears_off_when_the_roll_covers_its_point() {
    // With a single checker, any play that keeps moving it bears it off exactly when the
    // roll's pips reach its point: Table 2 is the tail of Table 1.
    let distribution = pip_distribution();
    for point in 1..=6u32 {
        let tail: Ratio<u32> = distribution
            .iter()
            .filter(|&(&pips, _)| pips >= point)
            .map(|(_, &p)| p)
            .sum();
        assert_eq!(position(&[point]).one_roll_chance(), tail, "point {point}");
    }
}

proptest! {
    #[test]
    fn two_checker_chances_are_symmetric_and_monotone(i in 1u32..=6, j in 1u32..=6) {
        let chance = position(&[i, j]).one_roll_chance();
        prop_assert_eq!(chance, position(&[j, i]).one_roll_chance());
        if i < 6 {
            prop_assert!(position(&[i + 1, j]).one_roll_chance() <= chance);
        }
        prop_assert!(chance <= position(&[i.max(j)]).one_roll_chance());
    }

    #[test]
    fn the_race_favours_the_shorter_count_and_the_player_on_roll(k in 1u32..=60, s in 1u32..=60) {
        let table = TurnCounts::new(61);
        let f = table.win_probability(k, s).unwrap();
        prop_assert!(table.win_probability(k, s + 1).unwrap() >= f);
        prop_assert!(table.win_probability(k + 1, s).unwrap() <= f);
        // Moving first is worth something: F(k, s) + F(s, k) ≥ 1 (ties go to the roller).
        prop_assert!(f.clone() + table.win_probability(s, k).unwrap() >= Ratio::from_integer(1u32.into()));
        let float = table.win_probability_f64(k, s).unwrap();
        prop_assert_eq!(float, num_traits::ToPrimitive::to_f64(&f).unwrap());
    }
}

#[test]
fn the_exact_race_agrees_with_a_seeded_simulation() {
    let table = TurnCounts::new(120);
    let rolls = all_rolls();
    for (k, s) in [(20, 20), (40, 55), (100, 110)] {
        let estimate = MonteCarlo::new(1975, 200_000)
            .unwrap()
            .estimate(|rng, games| {
                let mut tally = Tally::default();
                for _ in 0..games {
                    let (mut a, mut b) = (k as i64, s as i64);
                    let winner_is_a = loop {
                        a -= i64::from(rolls[rand::RngExt::random_range(rng, 0..36)].pips());
                        if a <= 0 {
                            break true;
                        }
                        b -= i64::from(rolls[rand::RngExt::random_range(rng, 0..36)].pips());
                        if b <= 0 {
                            break false;
                        }
                    };
                    tally.record(i32::from(winner_is_a));
                }
                tally
            })
            .unwrap();
        let exact = table.win_probability_f64(k, s).unwrap();
        assert!(
            estimate.agrees_with(exact),
            "F({k}, {s}) = {exact}, simulated {}",
            estimate.mean()
        );
    }
}

#[test]
fn invalid_inputs_are_errors() {
    assert_eq!(
        BearoffPosition::from_points(&[7]),
        Err(BearoffError::OutsideHome(7))
    );
    assert_eq!(
        BearoffPosition::from_points(&[0]),
        Err(BearoffError::OutsideHome(0))
    );
    assert_eq!(
        BearoffPosition::from_points(&[1; 16]),
        Err(BearoffError::TooManyCheckers(16))
    );
    let table = TurnCounts::new(10);
    assert_eq!(table.win_probability(0, 5), Err(RaceError::ZeroPipCount(0)));
    assert_eq!(
        table.probability(11, 1),
        Err(RaceError::BeyondTable { count: 11, max: 10 })
    );
    assert_eq!(
        table.win_probability(5, 11),
        Err(RaceError::BeyondTable { count: 11, max: 10 })
    );
}

mod steps {
    use backgammon_cube::bearoff::BearoffPosition;
    use backgammon_cube::steps::{
        b_resigns, one_step_double_threshold, one_step_resign_threshold, owned_cube,
    };
    use num_rational::BigRational;

    fn q(n: i64, d: i64) -> BigRational {
        game_core::number::fraction(n, d).unwrap()
    }

    fn chance(points: &[u32]) -> BigRational {
        let c = BearoffPosition::from_points(points)
            .unwrap()
            .one_roll_chance();
        q(i64::from(*c.numer()), i64::from(*c.denom()))
    }

    #[test]
    fn the_worked_examples_a_b_c() {
        let p = chance(&[2, 5]);
        assert_eq!(p, q(19, 36));
        // a) B has one checker on the 1-point: q = 1.
        let a = owned_cube(&p, &chance(&[1]));
        assert_eq!((a.keep.clone(), a.double.clone()), (q(1, 9), q(2, 9)));
        assert!(a.should_double() && !b_resigns(&a));
        // b) B on the 6-point: q = 27/36.
        let b = owned_cube(&p, &chance(&[6]));
        assert_eq!((b.keep.clone(), b.double.clone()), (q(7, 12), q(2, 9)));
        assert!(!b.should_double());
        // c) B on the 2- and 4-points: q = 23/36.
        let c = owned_cube(&p, &chance(&[2, 4]));
        assert_eq!((c.keep.clone(), c.double.clone()), (q(257, 324), q(86, 81)));
        assert!(c.should_double());
    }

    #[test]
    fn one_step_thresholds_are_where_the_expectations_cross() {
        let double = one_step_double_threshold();
        let two = BigRational::from_integer(2.into());
        let four = BigRational::from_integer(4.into());
        let one = BigRational::from_integer(1.into());
        assert_eq!(
            four.clone() * double.clone() - two.clone(),
            two.clone() * double - one.clone()
        );
        assert_eq!(four * one_step_resign_threshold() - two, one);
    }
}

mod cube {
    use backgammon_cube::cube::{CubeEquities, CubeError};
    use game_core::tolerance::{F64_AGREEMENT, f64_agree};
    use num_rational::BigRational;
    use num_traits::ToPrimitive;

    #[test]
    fn exact_and_f64_equities_agree() {
        let exact = CubeEquities::<BigRational>::new(30).unwrap();
        let float = CubeEquities::<f64>::new(30).unwrap();
        for k in 1..=30 {
            for s in 1..=30 {
                let e = exact.owned(k, s).unwrap().to_f64().unwrap();
                assert!(f64_agree(e, float.owned(k, s).unwrap()), "({k}, {s})");
                let e = exact.centred(k, s).unwrap().to_f64().unwrap();
                assert!(f64_agree(e, float.centred(k, s).unwrap()), "({k}, {s})");
                assert_eq!(
                    exact.decisions(k, s).map(|d| d.redouble),
                    float.decisions(k, s).map(|d| d.redouble)
                );
                assert_eq!(
                    exact.decisions(k, s).map(|d| d.double),
                    float.decisions(k, s).map(|d| d.double)
                );
                assert_eq!(
                    exact.decisions(k, s).map(|d| d.take),
                    float.decisions(k, s).map(|d| d.take)
                );
            }
        }
    }

    #[test]
    fn equities_are_bounded_and_monotone() {
        let e = CubeEquities::<f64>::new(120).unwrap();
        for k in 1..120 {
            for s in 1..120 {
                let my = e.owned(k, s).unwrap();
                assert!((-1.0 - F64_AGREEMENT..=1.0 + F64_AGREEMENT).contains(&my));
                assert!(
                    e.owned(k, s + 1).unwrap() >= my - F64_AGREEMENT,
                    "({k}, {s})"
                );
                assert!(
                    e.owned(k + 1, s).unwrap() <= my + F64_AGREEMENT,
                    "({k}, {s})"
                );
                // Owning the cube is worth at least as much as sharing it.
                assert!(my >= e.centred(k, s).unwrap() - F64_AGREEMENT);
            }
        }
        assert_eq!(CubeEquities::<f64>::new(0).unwrap_err(), CubeError::Empty);
        assert!(matches!(
            e.owned(121, 1),
            Err(CubeError::BeyondTable { .. })
        ));
    }

    #[test]
    fn f64_decisions_are_far_from_ties_where_the_advice_changes() {
        // Table 5 reads, for each k, the lead s − k where each decision turns. Rounding in
        // f64 (about 1e-14 here) cannot move a turning point unless a gap next to it is that
        // small.
        let e = CubeEquities::<f64>::new(260).unwrap();
        let mut smallest = f64::INFINITY;
        for k in 20..=170u32 {
            // Doubling turns on as A's lead grows from a deficit; taking turns off.
            for (decision, from) in [(0, k - 15), (1, k - 15), (2, k)] {
                let yes = |s: u32| e.decision_gaps(k, s).unwrap()[decision] > 0.0;
                let turn = (from..k + 60).find(|&s| yes(s) != yes(from)).unwrap();
                for s in [turn - 1, turn] {
                    smallest = smallest.min(e.decision_gaps(k, s).unwrap()[decision].abs());
                }
            }
        }
        assert!(smallest > 1e-9, "smallest gap {smallest}");
    }
}

#[test]
fn win_probabilities_are_in_lowest_terms() {
    use num_integer::Integer;
    let table = TurnCounts::new(40);
    for (k, s) in [(4, 4), (10, 23), (40, 40), (5, 40), (40, 5)] {
        let f = table.win_probability(k, s).unwrap();
        assert_eq!(
            f.numer().gcd(f.denom()),
            num_bigint::BigInt::from(1),
            "F({k}, {s})"
        );
        assert_eq!(f, BigRational::new(f.numer().clone(), f.denom().clone()));
    }
}

/// A cube table beyond the machine's memory is refused before anything is allocated, with
/// both figures, not an abort.
#[test]
fn a_cube_table_beyond_memory_is_refused_before_allocation() {
    let refused = backgammon_cube::cube::CubeEquities::<f64>::new(u32::MAX - 1);
    let Err(backgammon_cube::cube::CubeError::Memory(error)) = refused else {
        panic!("not refused for memory: {:?}", refused.map(|_| ()));
    };
    assert!(error.need > error.available, "{error}");
    assert!(
        error
            .to_string()
            .starts_with("the cube equities of pip counts 0..=4294967294: ")
    );
}

/// The in-memory databases of fifteen checkers a side (94 GB and 47 GB) are refused on a
/// machine without that memory, and the refusal names the out-of-core route and its disk.
#[test]
fn a_two_sided_table_beyond_memory_names_the_out_of_core_route() {
    let positions: u64 = 54_264;
    let smaller_need = positions.pow(2) * 16;
    if game_core::memory::available().is_none_or(|room| room.bytes >= smaller_need) {
        eprintln!("this machine could hold the tables in memory: nothing to refuse");
        return;
    }
    let refused = backgammon_cube::two_sided::TwoSidedDatabase::<f64>::new(15);
    let Err(backgammon_cube::two_sided::TwoSidedError::Memory(error)) = refused else {
        panic!("not refused for memory: {:?}", refused.map(|_| ()));
    };
    let message = error.to_string();
    assert!(message.contains("gnubg::build_two_sided_file"), "{message}");
    assert!(message.contains("23.6 GB of disk"), "{message}");
    let refused = backgammon_cube::gnubg::two_sided_file(15);
    let Err(backgammon_cube::two_sided::TwoSidedError::Memory(error)) = refused else {
        panic!("not refused for memory");
    };
    assert!(
        error.to_string().contains("build_two_sided_file"),
        "{error}"
    );
}

/// The in-memory builds report each level as the out-of-core build does, the pairs done
/// rising to every pair with both sides on the board, and build the same database.
#[test]
fn the_in_memory_builds_report_their_progress() {
    let mut steps = Vec::new();
    let database = backgammon_cube::two_sided::TwoSidedDatabase::<f64>::with_progress(4, |step| {
        steps.push(step)
    })
    .unwrap();
    let pairs = (database.positions() as u64 - 1).pow(2);
    assert!(steps.windows(2).all(|pair| pair[0].done < pair[1].done));
    assert!(steps.iter().all(|step| step.total == pairs));
    assert_eq!(steps.last().map(|step| step.done), Some(pairs));
    let mut file_steps = 0;
    let file =
        backgammon_cube::gnubg::two_sided_file_with_progress(4, |_| file_steps += 1).unwrap();
    assert_eq!(file, backgammon_cube::gnubg::two_sided_file(4).unwrap());
    assert_eq!(file_steps, steps.len());
}

//! The two-sided bear-off database: exact against f64, against expectiminimax over the
//! race, and the monotonicity a race must have.

use backgammon_cube::bearoff::{BearoffPosition, BearoffRace};
use backgammon_cube::cube::CubeEquities;
use backgammon_cube::cube::{CubeAction, CubeOwnership};
use backgammon_cube::two_sided::{TwoSidedDatabase, TwoSidedError};
use game_core::Game;
use game_core::number::to_f64;
use game_core::search::expectiminimax_solve;
use num_rational::BigRational;
use proptest::prelude::*;

fn position(points: &[u32]) -> BearoffPosition {
    BearoffPosition::from_points(points).unwrap()
}

/// Every position with at most `max` checkers, as point lists (the empty one excluded).
fn positions(max: usize) -> Vec<Vec<u32>> {
    let mut all: Vec<Vec<u32>> = vec![Vec::new()];
    for _ in 0..max {
        let longer: Vec<Vec<u32>> = all
            .iter()
            .filter(|p| p.len() == all.iter().map(Vec::len).max().unwrap_or(0))
            .flat_map(|p| {
                let lowest = p.last().copied().unwrap_or(1);
                (lowest..=6).map(move |point| {
                    let mut q = p.clone();
                    q.push(point);
                    q
                })
            })
            .collect();
        all.extend(longer);
    }
    all.into_iter().filter(|p| !p.is_empty()).collect()
}

/// The f64 database of 6 × 3 equals the exact one to 1e-12 in every value of its pairs.
#[test]
fn the_f64_database_equals_the_exact_one() {
    let exact = TwoSidedDatabase::<BigRational>::new(3).unwrap();
    let float = TwoSidedDatabase::<f64>::new(3).unwrap();
    assert_eq!(exact.positions(), 84);
    let mut largest = 0f64;
    for a in 1..exact.positions() {
        for b in 1..exact.positions() {
            let p = exact.equities_by_index(a, b).unwrap();
            let q = float.equities_by_index(a, b).unwrap();
            for (x, y) in [
                (&p.win, q.win),
                (&p.centred, q.centred),
                (&p.owned, q.owned),
                (&p.opponent_owns, q.opponent_owns),
            ] {
                largest = largest.max((to_f64(x) - y).abs());
            }
        }
    }
    assert!(largest < 1e-12, "{largest}");
}

/// Every pair of positions of one or two checkers, solved by expectiminimax over the race
/// (the first player on roll; value 2P − 1), equals the exact database.
#[test]
fn the_database_equals_expectiminimax_over_the_race() {
    let database = TwoSidedDatabase::<BigRational>::new(2).unwrap();
    let small = positions(2);
    assert_eq!(small.len(), 27);
    let two = BigRational::from_integer(2.into());
    for a in &small {
        for b in &small {
            let race = BearoffRace::new(position(a), position(b));
            let value = expectiminimax_solve(&race, &race.initial_position())
                .unwrap()
                .value;
            let p = database
                .win_probability(&position(a), &position(b))
                .unwrap();
            assert_eq!(
                value,
                two.clone() * p - BigRational::from_integer(1.into()),
                "{a:?} v {b:?}"
            );
        }
    }
}

#[test]
fn positions_beyond_the_database_and_finished_races_are_errors() {
    let database = TwoSidedDatabase::<f64>::new(2).unwrap();
    assert_eq!(database.positions(), 28);
    assert!(matches!(
        database.win_probability(&position(&[1, 2, 3]), &position(&[1])),
        Err(TwoSidedError::BeyondDatabase {
            checkers: 3,
            max: 2
        })
    ));
    assert_eq!(
        database.win_probability(&position(&[]), &position(&[1])),
        Err(TwoSidedError::RaceOver)
    );
    assert!(matches!(
        database.equities_by_index(1, 28),
        Err(TwoSidedError::IndexOutOfRange {
            index: 28,
            positions: 28
        })
    ));
    assert!(TwoSidedDatabase::<f64>::new(16).is_err());
}

fn database_6x4() -> &'static TwoSidedDatabase<f64> {
    static DATABASE: std::sync::OnceLock<TwoSidedDatabase<f64>> = std::sync::OnceLock::new();
    DATABASE.get_or_init(|| TwoSidedDatabase::new(4).unwrap())
}

fn small_position() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(1u32..=6, 1..=3)
}

proptest! {
    /// Chances lie in [0, 1], and taking a checker off the player on roll, or adding one to
    /// the opponent, never lowers them. (Moving a checker down a point can lower them: see
    /// the next test.)
    #[test]
    fn chances_are_probabilities_and_a_better_race_is_never_worse(
        a in small_position(),
        b in small_position(),
        extra in 1u32..=6,
        which in 0usize..3,
    ) {
        let database = database_6x4();
        let p = database.win_probability(&position(&a), &position(&b)).unwrap();
        prop_assert!((0.0..=1.0).contains(&p));
        let mut more = b.clone();
        more.push(extra);
        let against_more = database.win_probability(&position(&a), &position(&more)).unwrap();
        prop_assert!(against_more >= p - 1e-15);
        if a.len() > 1 {
            let mut fewer = a.clone();
            fewer.remove(which % a.len());
            let with_fewer = database.win_probability(&position(&fewer), &position(&b)).unwrap();
            prop_assert!(with_fewer >= p - 1e-15);
        }
    }
}

/// A checker moved down a point can make the race worse: against one checker on the 4
/// point, checkers on 1, 4 and 5 win 3023/23328 and checkers on 1, 4 and 4 only 3013/23328,
/// by expectiminimax over the race as well as by the database (found by the property test
/// above in its first form, which claimed the opposite).
#[test]
fn a_checker_moved_down_can_lose_chances() {
    let database = TwoSidedDatabase::<BigRational>::new(3).unwrap();
    let chance = |a: &[u32]| {
        let race = BearoffRace::new(position(a), position(&[4]));
        let value = expectiminimax_solve(&race, &race.initial_position())
            .unwrap()
            .value;
        let p = database
            .win_probability(&position(a), &position(&[4]))
            .unwrap();
        assert_eq!(
            value,
            BigRational::from_integer(2.into()) * p.clone() - BigRational::from_integer(1.into())
        );
        p
    };
    assert_eq!(
        chance(&[1, 4, 5]),
        BigRational::new(3023.into(), 23328.into())
    );
    assert_eq!(
        chance(&[1, 4, 4]),
        BigRational::new(3013.into(), 23328.into())
    );
}

/// gnubg's position numbers are a bijection onto 0..C(C + 6, 6), with the empty board 0.
#[test]
fn gnubg_numbers_every_position_once() {
    let database = TwoSidedDatabase::<f64>::new(4).unwrap();
    let mut seen = vec![false; database.positions()];
    for index in 0..database.positions() {
        let position = database.position_at_gnubg_index(index).unwrap();
        assert_eq!(database.gnubg_index(&position).unwrap(), index);
        assert!(!std::mem::replace(
            &mut seen[database.index(&position).unwrap()],
            true
        ));
    }
    assert_eq!(database.gnubg_index(&position(&[])).unwrap(), 0);
    assert!(
        database
            .position_at_gnubg_index(database.positions())
            .is_err()
    );
}

/// With one checker a side the race is the paper's single-checker race, pip count = point:
/// the cubeful equities equal those of the paper's recursion (7)-(15) (cube::CubeEquities,
/// owned = E⁰_my, centred = E⁰_our), exactly, for all 36 races.
#[test]
fn one_checker_a_side_equals_the_papers_cube_recursion() {
    let database = TwoSidedDatabase::<BigRational>::new(1).unwrap();
    let cube = CubeEquities::<BigRational>::new(12).unwrap();
    for k in 1..=6 {
        for s in 1..=6 {
            let entry = database.equities(&position(&[k]), &position(&[s])).unwrap();
            assert_eq!(
                entry.owned,
                cube.owned_no_double(k, s).unwrap(),
                "{k} v {s}"
            );
            assert_eq!(
                entry.centred,
                cube.centred_no_double(k, s).unwrap(),
                "{k} v {s}"
            );
        }
    }
}

/// Against one checker on the 1 point the race is section 4.1's one-step game: with p the
/// chance to bear off now (Tables 2 and 3), the player on roll doubles from p = 1/2 and the
/// opponent passes from p = 3/4 (at 3/4, the six point, he is indifferent; the database
/// then calls it a pass), whether the cube is centred or owned.
#[test]
fn the_one_step_game_doubles_above_one_half_and_passes_above_three_quarters() {
    let database = TwoSidedDatabase::<BigRational>::new(2).unwrap();
    let half = BigRational::new(1.into(), 2.into());
    let three_quarters = BigRational::new(3.into(), 4.into());
    for a in positions(2) {
        let p = position(&a).one_roll_chance();
        let p = BigRational::new((*p.numer()).into(), (*p.denom()).into());
        let expected = if p < half {
            CubeAction::NoDouble
        } else if p < three_quarters {
            CubeAction::DoubleTake
        } else {
            CubeAction::DoublePass
        };
        for cube in [CubeOwnership::Centred, CubeOwnership::Owned] {
            let action = database
                .cube_action(&position(&a), &position(&[1]), cube)
                .unwrap();
            assert_eq!(action, expected, "{a:?}, p = {p}, {cube:?}");
        }
    }
}

/// The player on roll cannot double a cube the opponent owns: his action is "no double" and
/// his equity after the cube decision is the entry's `opponent_owns`, in every pair.
#[test]
fn a_cube_the_opponent_owns_is_never_doubled() {
    let database = database_6x4();
    for a in positions(4) {
        for b in positions(4) {
            let entry = database.equities(&position(&a), &position(&b)).unwrap();
            let cube = CubeOwnership::OpponentOwns;
            assert_eq!(entry.cube_action(cube), CubeAction::NoDouble);
            assert_eq!(entry.after_cube_decision(cube), entry.opponent_owns);
            for cube in [CubeOwnership::Centred, CubeOwnership::Owned] {
                let doubles = entry.cube_action(cube) != CubeAction::NoDouble;
                let expected = if doubles {
                    entry.doubled()
                } else {
                    *entry.equity(cube)
                };
                assert_eq!(entry.after_cube_decision(cube), expected);
            }
        }
    }
}

//! The one-sided bear-off database against independent computations: the single-checker
//! race, the one-roll chances of Tables 2–3, a direct recursion in exact fractions, a
//! move generator that walks every order of the dice, and a seeded simulation.

use std::collections::{BTreeSet, HashMap};

use backgammon_cube::bearoff::{BearoffError, BearoffPosition};
use backgammon_cube::database::BearoffDatabase;
use backgammon_cube::dice::{Roll, all_rolls};
use backgammon_cube::race::TurnCounts;
use game_core::monte_carlo::{MonteCarlo, Tally};
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use proptest::prelude::*;

fn position(points: &[u32]) -> BearoffPosition {
    BearoffPosition::from_points(points).unwrap()
}

/// Every position with at most `max` checkers, as point lists.
fn all_point_lists(max: u32) -> Vec<Vec<u32>> {
    let mut lists = vec![vec![]];
    let mut frontier = vec![vec![]];
    for _ in 0..max {
        let mut next = Vec::new();
        for list in &frontier {
            let lowest = list.last().copied().unwrap_or(1);
            for point in lowest..=6 {
                let mut longer: Vec<u32> = list.clone();
                longer.push(point);
                next.push(longer);
            }
        }
        lists.extend(next.iter().cloned());
        frontier = next;
    }
    lists
}

#[test]
fn the_full_database_has_every_position() {
    let database = BearoffDatabase::new(15).unwrap();
    assert_eq!(database.len(), 54_264);
    let all_on_six = position(&[6; 15]);
    let distribution = database.rolls_distribution(&all_on_six).unwrap();
    let total: BigRational = distribution.iter().sum();
    assert!(total.is_one());
    // The same positions in a smaller database have the same numbers.
    let small = BearoffDatabase::new(3).unwrap();
    for points in all_point_lists(3) {
        let p = position(&points);
        assert_eq!(
            small.rolls_distribution(&p).unwrap(),
            database.rolls_distribution(&p).unwrap()
        );
    }
}

#[test]
fn one_checker_is_the_single_checker_race() {
    let database = BearoffDatabase::new(1).unwrap();
    let race = TurnCounts::new(6);
    for point in 1..=6 {
        let distribution = database.rolls_distribution(&position(&[point])).unwrap();
        for (turns, p) in distribution.iter().enumerate() {
            assert_eq!(
                *p,
                race.probability(point, turns).unwrap(),
                "point {point}, {turns} rolls"
            );
        }
        assert_eq!(
            race.probability(point, distribution.len()).unwrap(),
            BigRational::zero()
        );
    }
}

#[test]
fn one_roll_chance_is_the_chance_of_one_roll() {
    let database = BearoffDatabase::new(4).unwrap();
    for points in all_point_lists(4).into_iter().filter(|p| !p.is_empty()) {
        let p = position(&points);
        let distribution = database.rolls_distribution(&p).unwrap();
        let chance = p.one_roll_chance();
        let expected = BigRational::new((*chance.numer()).into(), (*chance.denom()).into());
        assert_eq!(distribution[1], expected, "{points:?}");
    }
}

/// E N by the optimality equation, directly in fractions: E(empty) = 0 and
/// E(x) = 1 + Σ_rolls min over plays E(play) / 36.
fn expected_rolls(
    position: BearoffPosition,
    memo: &mut HashMap<BearoffPosition, BigRational>,
) -> BigRational {
    if position.is_empty() {
        return BigRational::zero();
    }
    if let Some(e) = memo.get(&position) {
        return e.clone();
    }
    let mut total = BigRational::zero();
    for roll in all_rolls() {
        let best = position
            .legal_plays(roll)
            .into_iter()
            .map(|play| expected_rolls(play, memo))
            .min()
            .unwrap();
        total += best;
    }
    let e = BigRational::one() + total / BigRational::from_integer(36.into());
    memo.insert(position, e.clone());
    e
}

#[test]
fn expectations_solve_the_optimality_equation() {
    let database = BearoffDatabase::new(4).unwrap();
    let mut memo = HashMap::new();
    for points in all_point_lists(4) {
        let p = position(&points);
        assert_eq!(
            database.expected_rolls(&p).unwrap(),
            expected_rolls(p, &mut memo),
            "{points:?}"
        );
    }
}

/// The legal plays by walking every order of the dice, one move at a time.
fn plays_by_every_order(position: BearoffPosition, roll: Roll) -> BTreeSet<BearoffPosition> {
    fn walk(
        position: BearoffPosition,
        dice: &[u8],
        used: Vec<u8>,
        plays: &mut Vec<(BearoffPosition, Vec<u8>)>,
    ) {
        let mut moved = false;
        if let Some(&die) = dice.first() {
            let highest = (1..=6u32).rev().find(|&p| position.on(p) > 0);
            for point in (1..=6u32).filter(|&p| position.on(p) > 0) {
                if point >= u32::from(die) || Some(point) == highest {
                    let mut points: Vec<u32> = (1..=6u32)
                        .flat_map(|p| std::iter::repeat_n(p, usize::from(position.on(p))))
                        .collect();
                    let at = points.iter().position(|&p| p == point).unwrap();
                    points.remove(at);
                    if point > u32::from(die) {
                        points.push(point - u32::from(die));
                    }
                    let mut with_die = used.clone();
                    with_die.push(die);
                    walk(
                        BearoffPosition::from_points(&points).unwrap(),
                        &dice[1..],
                        with_die,
                        plays,
                    );
                    moved = true;
                }
            }
        }
        if !moved {
            plays.push((position, used));
        }
    }
    let mut plays = Vec::new();
    let orders = if roll.is_double() {
        vec![vec![roll.first; 4]]
    } else {
        vec![vec![roll.first, roll.second], vec![roll.second, roll.first]]
    };
    for order in orders {
        walk(position, &order, Vec::new(), &mut plays);
    }
    let most = plays.iter().map(|(_, used)| used.len()).max().unwrap();
    let mut longest: Vec<_> = plays
        .into_iter()
        .filter(|(_, used)| used.len() == most)
        .collect();
    let larger = roll.first.max(roll.second);
    if most == 1 && longest.iter().any(|(_, used)| used[0] == larger) {
        longest.retain(|(_, used)| used[0] == larger);
    }
    longest.into_iter().map(|(p, _)| p).collect()
}

#[test]
fn level_by_level_plays_equal_every_order_plays() {
    for points in all_point_lists(5) {
        let p = position(&points);
        for roll in all_rolls() {
            assert_eq!(
                p.legal_plays(roll),
                plays_by_every_order(p, roll),
                "{points:?} {roll:?}"
            );
        }
    }
}

#[test]
fn invalid_sizes_and_positions_are_errors() {
    assert_eq!(
        BearoffDatabase::new(16).unwrap_err(),
        BearoffError::TooManyCheckers(16)
    );
    let database = BearoffDatabase::new(2).unwrap();
    assert_eq!(
        database.expected_rolls(&position(&[1, 2, 3])),
        Err(BearoffError::BeyondDatabase {
            checkers: 3,
            max_checkers: 2
        })
    );
    let message = database
        .expected_rolls(&position(&[6, 6, 5]))
        .unwrap_err()
        .to_string();
    assert!(message.contains("at most 2"), "{message}");
}

#[test]
fn simulated_bear_offs_agree_with_the_expectation() {
    let database = BearoffDatabase::new(15).unwrap();
    let rolls = all_rolls();
    for points in [vec![6; 15], vec![1, 2, 3, 4, 5, 6, 6, 5]] {
        let start = position(&points);
        let estimate = MonteCarlo::new(2026, 20_000)
            .unwrap()
            .estimate(|rng, games| {
                let mut tally = Tally::default();
                for _ in 0..games {
                    let (mut at, mut turns) = (start, 0);
                    while !at.is_empty() {
                        let roll = rolls[rand::RngExt::random_range(rng, 0..36)];
                        at = database.best_play(&at, roll).unwrap();
                        turns += 1;
                    }
                    tally.record(turns);
                }
                tally
            })
            .unwrap();
        let exact = database.expected_rolls(&start).unwrap().to_f64().unwrap();
        assert!(
            estimate.agrees_with(exact),
            "{points:?}: E N = {exact}, simulated {}",
            estimate.mean()
        );
    }
}

proptest! {
    #[test]
    fn another_checker_never_saves_a_roll(points in prop::collection::vec(1u32..=6, 0..6), extra in 1u32..=6) {
        let database = BearoffDatabase::new(6).unwrap();
        let mut more = points.clone();
        more.push(extra);
        let (fewer, more) = (position(&points), position(&more));
        prop_assert!(database.expected_rolls(&more).unwrap() >= database.expected_rolls(&fewer).unwrap());
        let distribution = database.rolls_distribution(&more).unwrap();
        prop_assert!(distribution.iter().sum::<BigRational>().is_one());
    }
}

/// The bear-off race on game-core's chance-node `Game`, solved by expectiminimax with a
/// transposition table: with one
/// checker a side it is the single-checker race, F(p, q) exactly; with more, playing to
/// win is at least as good for the first player as both sides playing the database's
/// fewest-rolls plays, whose chance is Σ_j P{N_A = j} P{N_B ≥ j}.
#[test]
fn race_game_by_expectiminimax() {
    use backgammon_cube::bearoff::BearoffRace;
    use game_core::Game;
    use game_core::search::{expectiminimax, expectiminimax_solve};

    let win_chance = |first: &[u32], second: &[u32]| -> BigRational {
        let race = BearoffRace::new(position(first), position(second));
        let value = expectiminimax_solve(&race, &race.initial_position())
            .unwrap()
            .value;
        (value + BigRational::one()) / BigRational::from_integer(2.into())
    };
    // The table changes the work, not the answer: the plain search agrees where it is cheap.
    let race = BearoffRace::new(position(&[3, 2]), position(&[3, 3]));
    let start = race.initial_position();
    assert_eq!(
        expectiminimax(&race, &start).unwrap().value,
        expectiminimax_solve(&race, &start).unwrap().value
    );
    let race_table = TurnCounts::new(6);
    for p in 1..=6 {
        for q in 1..=6 {
            assert_eq!(
                win_chance(&[p], &[q]),
                race_table.win_probability(p, q).unwrap()
            );
        }
    }
    let database = BearoffDatabase::new(2).unwrap();
    // [6, 6] against [6, 6] took the plain search 31 s (42 million nodes, release build);
    // with the table, 45 ms (41,847 nodes).
    for (first, second) in [
        (vec![3, 2], vec![3, 3]),
        (vec![4, 1], vec![2, 2]),
        (vec![2, 2], vec![4]),
        (vec![6, 6], vec![6, 6]),
        (vec![6, 5], vec![6, 4]),
    ] {
        let (a, b) = (
            database.rolls_distribution(&position(&first)).unwrap(),
            database.rolls_distribution(&position(&second)).unwrap(),
        );
        let fewest_rolls_play: BigRational = (0..a.len())
            .map(|j| a[j].clone() * b.iter().skip(j).sum::<BigRational>())
            .sum();
        let best = win_chance(&first, &second);
        assert!(best >= fewest_rolls_play, "{first:?} v {second:?}");
    }
}

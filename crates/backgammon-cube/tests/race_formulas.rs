//! The race formulas: their counts and thresholds on positions worked by hand, and the
//! bookkeeping of their judgement against the exact database.

use backgammon_cube::approximation::{lamford_gasquoine, normal};
use backgammon_cube::bearoff::BearoffPosition;
use backgammon_cube::cube::{CubeAction, CubeDecisions, CubeOwnership};
use backgammon_cube::race_formulas::{
    BEAROFF_CUBE_LIFE, RaceFormula, RaceFormulaError, RacePair, effective_pip_count,
    janowski_equities, judge, keith_count, thorp_count,
};
use backgammon_cube::two_sided::TwoSidedDatabase;
use num_bigint::BigInt;
use num_rational::BigRational;
use proptest::prelude::*;

fn position(points: &[u32]) -> BearoffPosition {
    BearoffPosition::from_points(points).unwrap()
}

/// A pair for the formulas that look at the positions alone: the counts read neither the
/// mean rolls nor the exact chance, so these are left as NaN.
fn counted(on_roll: &BearoffPosition, opponent: &BearoffPosition) -> RacePair {
    RacePair {
        on_roll: *on_roll,
        opponent: *opponent,
        mean_rolls: [f64::NAN; 2],
        cubeless_win: f64::NAN,
    }
}

fn ratio(numerator: i64, denominator: i64) -> BigRational {
    BigRational::new(BigInt::from(numerator), BigInt::from(denominator))
}

/// Four checkers on the 6-point a side: Keith 24 + 2 (empty 4 and 5 points) = 26, the
/// roller's 26 + 3 = 29, an excess of 3: double, redouble and take. Thorp 24 + 8 − 1 = 31,
/// the roller's 34.1, 3.1 ahead: neither double nor redouble, and a take. 8-9-12: no lead, no
/// double, a take.
#[test]
fn even_races_by_hand() {
    let four_sixes = position(&[6, 6, 6, 6]);
    assert_eq!(keith_count(&four_sixes), 26);
    assert_eq!(thorp_count(&four_sixes), 31);
    let advice = |formula: RaceFormula| formula.advice(&counted(&four_sixes, &four_sixes));
    assert_eq!(
        advice(RaceFormula::Keith),
        CubeDecisions {
            double: true,
            redouble: true,
            take: true
        }
    );
    assert_eq!(
        advice(RaceFormula::Thorp),
        CubeDecisions {
            double: false,
            redouble: false,
            take: true
        }
    );
    assert_eq!(
        advice(RaceFormula::EightNineTwelve),
        CubeDecisions {
            double: false,
            redouble: false,
            take: true
        }
    );
}

/// The 8-9-12 thresholds at their edges: a roller at 50 pips doubles from a lead of 4 (8%),
/// redoubles from 4.5 (9%, so 5 pips), and the opponent takes up to a lead of 6 (12%).
#[test]
fn the_percentage_rule_at_its_edges() {
    let roller = position(&[6, 6, 6, 6, 6, 6, 6, 6, 2]);
    assert_eq!(roller.pip_count(), 50);
    let against = |pips: u32| {
        let sixes = (pips / 6) as usize;
        let mut points = vec![6; sixes];
        if !pips.is_multiple_of(6) {
            points.push(pips % 6);
        }
        RaceFormula::EightNineTwelve.advice(&counted(&roller, &position(&points)))
    };
    assert!(!against(53).double && against(54).double);
    assert!(!against(54).redouble && against(55).redouble);
    assert!(against(56).take && !against(57).take);
}

/// Every judged decision either agrees or gives something away; the mean loss lies between
/// 0 and the worst; takes are judged only where the exact player doubles.
#[test]
fn a_judgement_accounts_for_every_pair() {
    let database = TwoSidedDatabase::<f64>::new(3).unwrap();
    let pairs = ((database.positions() - 1) * (database.positions() - 1)) as u64;
    for formula in RaceFormula::ALL {
        let judgement = judge(&database, formula, 0);
        assert_eq!(judgement.double.pairs, pairs);
        assert_eq!(judgement.redouble.pairs, pairs);
        assert!(judgement.take.pairs < pairs);
        for record in [&judgement.double, &judgement.redouble, &judgement.take] {
            assert!(record.agree <= record.pairs);
            let mean = record.mean_loss();
            let worst = record.worst.map_or(0.0, |(loss, _, _)| loss);
            assert!(0.0 <= mean && mean <= worst, "{formula:?}");
            assert_eq!(record.worst.is_none(), record.agree == record.pairs);
        }
    }
}

/// Janowski's equities, exactly: at x = 0 all three are the dead cube's 2p − 1, and for every
/// x the opponent's take point, where 2 × his cube's equity reaches the 1 of a pass, is
/// Janowski's closed form p = (3 + x)/(4 + x) (taker's chance (1/2)/(2 + x/2)).
#[test]
fn janowski_take_point_is_the_closed_form() {
    for (n, d) in [(0, 1), (1, 2), (3, 5), (2, 3), (1, 1)] {
        let x = ratio(n, d);
        let take_point = (ratio(3, 1) + x.clone()) / (ratio(4, 1) + x.clone());
        let at = janowski_equities(take_point.clone(), x.clone()).unwrap();
        assert_eq!(
            ratio(2, 1) * at.opponent_owns.clone(),
            ratio(1, 1),
            "x = {x}"
        );
        assert_eq!(
            at.cube_action(CubeOwnership::Centred),
            CubeAction::DoublePass
        );
        let below = take_point - ratio(1, 1000);
        let below = janowski_equities(below, x.clone()).unwrap();
        assert!(ratio(2, 1) * below.opponent_owns < ratio(1, 1));
    }
    for p in [ratio(0, 1), ratio(1, 3), ratio(7, 10), ratio(1, 1)] {
        let dead = janowski_equities(p.clone(), ratio(0, 1)).unwrap();
        let expected = ratio(2, 1) * p - ratio(1, 1);
        assert_eq!(
            [dead.centred, dead.owned, dead.opponent_owns],
            [expected.clone(), expected.clone(), expected]
        );
    }
}

#[test]
fn janowski_refuses_chances_and_cube_lives_outside_the_unit_interval() {
    assert_eq!(
        janowski_equities(1.5, 0.6),
        Err(RaceFormulaError::ChanceOutsideUnitInterval)
    );
    assert_eq!(
        janowski_equities(f64::NAN, 0.6),
        Err(RaceFormulaError::ChanceOutsideUnitInterval)
    );
    assert_eq!(
        janowski_equities(0.5, -0.1),
        Err(RaceFormulaError::CubeLifeOutsideUnitInterval)
    );
}

proptest! {
    /// Owning the cube is worth at least having it centred, which is worth at least the
    /// opponent owning it; every equity lies in [−1, 1] and rises with p.
    #[test]
    fn janowski_equities_are_ordered_and_monotone(p in 0.0..=1.0f64, dp in 0.0..0.1f64, x in 0.0..=1.0f64) {
        let e = janowski_equities(p, x).unwrap();
        prop_assert!(e.opponent_owns <= e.centred + 1e-12 && e.centred <= e.owned + 1e-12);
        let higher = janowski_equities((p + dp).min(1.0), x).unwrap();
        for (low, high) in [(e.centred, higher.centred), (e.owned, higher.owned), (e.opponent_owns, higher.opponent_owns)] {
            prop_assert!((-1.0..=1.0).contains(&low));
            prop_assert!(low <= high + 1e-12);
        }
    }
}

/// Trice's rule by hand: the player on roll needs 6 rolls (EPC 49, n = 7, the point of last
/// take a deficit of 4 effective pips): he doubles from a deficit of 2, redoubles from 3, and
/// the opponent takes up to 4.
#[test]
fn trices_rule_on_effective_pip_counts() {
    let any = position(&[6]);
    let rolls_for = |epc: f64| epc * 6.0 / 49.0;
    let advice = |deficit: f64| {
        RaceFormula::EffectivePipCount.advice(&RacePair {
            on_roll: any,
            opponent: any,
            mean_rolls: [6.0, rolls_for(49.0 + deficit)],
            cubeless_win: f64::NAN,
        })
    };
    assert_eq!(effective_pip_count(6.0), 49.0);
    assert!(!advice(1.9).double && advice(2.1).double);
    assert!(!advice(2.9).redouble && advice(3.1).redouble);
    assert!(advice(3.9).take && !advice(4.1).take);
}

/// The paper's approximations estimate P from the pip counts exactly as `approximation`
/// does, and where Lamford–Gasquoine is undefined they give no estimate and advise as if
/// behind.
#[test]
fn the_papers_approximations_estimate_from_pip_counts() {
    let (twenty, thirteen) = (position(&[6, 6, 6, 2]), position(&[6, 6, 1]));
    let pair = counted(&twenty, &twenty);
    assert_eq!(
        RaceFormula::LamfordGasquoine.winning_chance(&pair),
        Some(lamford_gasquoine(20, 20).unwrap())
    );
    assert_eq!(
        RaceFormula::NormalApproximation.winning_chance(&pair),
        Some(normal(20, 20).unwrap())
    );
    // k = 20, s = 13: 20 + 7 × (−7) + 25 = −4, outside the formula.
    let far_behind = counted(&twenty, &thirteen);
    assert_eq!(
        RaceFormula::LamfordGasquoine.winning_chance(&far_behind),
        None
    );
    assert_eq!(
        RaceFormula::LamfordGasquoine.advice(&far_behind),
        CubeDecisions::BEHIND
    );
}

/// Janowski's formula fed the exact P advises exactly what its own equities imply: at a
/// sure win it doubles and the opponent passes; at an even race with gnubg's bear-off cube
/// life it does not double.
#[test]
fn janowski_with_the_exact_chance() {
    let any = position(&[6]);
    let at = |p: f64| {
        RaceFormula::Janowski.advice(&RacePair {
            on_roll: any,
            opponent: any,
            mean_rolls: [f64::NAN; 2],
            cubeless_win: p,
        })
    };
    assert_eq!(
        at(1.0),
        CubeDecisions {
            double: true,
            redouble: true,
            take: false
        }
    );
    assert!(!at(0.5).double && at(0.5).take);
    let take_point = (3.0 + BEAROFF_CUBE_LIFE) / (4.0 + BEAROFF_CUBE_LIFE);
    assert!(at(take_point - 1e-9).take && !at(take_point + 1e-9).take);
}

//! The race formulas: their counts and thresholds on positions worked by hand, and the
//! bookkeeping of their judgement against the exact database.

use backgammon_cube::bearoff::BearoffPosition;
use backgammon_cube::race_formulas::{CubeAdvice, RaceFormula, judge, keith_count, thorp_count};
use backgammon_cube::two_sided::TwoSidedDatabase;

fn position(points: &[u32]) -> BearoffPosition {
    BearoffPosition::from_points(points).unwrap()
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
    let advice = |formula: RaceFormula| formula.advice(&four_sixes, &four_sixes);
    assert_eq!(
        advice(RaceFormula::Keith),
        CubeAdvice {
            double: true,
            redouble: true,
            take: true
        }
    );
    assert_eq!(
        advice(RaceFormula::Thorp),
        CubeAdvice {
            double: false,
            redouble: false,
            take: true
        }
    );
    assert_eq!(
        advice(RaceFormula::EightNineTwelve),
        CubeAdvice {
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
        RaceFormula::EightNineTwelve.advice(&roller, &position(&points))
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

//! The exact evaluations against each other: closed forms, the finite linear system of TSD,
//! the move-by-move diagram, and Johnson's Appendix A listings.

use game_core::number::{fraction, to_f64};
use lookahead_eval::appendix_a::ProcedureError;
use lookahead_eval::appendix_a::{self, output, unlimited_value};
use lookahead_eval::dependent::DependentError;
use lookahead_eval::dependent::dependent_value;
use lookahead_eval::diagram::Diagram;
use lookahead_eval::series::{Evaluation, evaluate, evaluate_with};
use lookahead_eval::series::{PrecisionError, SeriesError};
use lookahead_eval::{Game3ParametersError, GameClass, GameClassError, closed_form};
use num_rational::BigRational;
use solitaire::strategies::{BothBranches, HighChain, LowChain, NoStrat, Strat};
use solitaire::{Branch, Form, Strategy};

fn params(e: (i64, i64), a: (i64, i64)) -> GameClass<BigRational> {
    GameClass::new(fraction(e.0, e.1).unwrap(), fraction(a.0, a.1).unwrap()).unwrap()
}

/// A grid of (E, A) with both ends of each range and some awkward fractions.
fn grid() -> Vec<GameClass<BigRational>> {
    let es = [(1, 1), (9, 10), (3, 4), (1, 2), (1, 3), (1, 4), (1, 10)];
    let as_ = [(1, 2), (3, 5), (2, 3), (3, 4), (9, 10), (1, 1)];
    es.iter()
        .flat_map(|&e| as_.iter().map(move |&a| params(e, a)))
        .collect()
}

/// A TSD closed form W(E, A), exact.
type ClosedForm = fn(BigRational, BigRational) -> BigRational;

fn h(x: u32) -> HighChain {
    HighChain::new(x).unwrap()
}

fn l(x: u32) -> LowChain {
    LowChain::new(x).unwrap()
}

#[test]
fn the_closed_forms_of_tsd_equal_the_exact_linear_system() {
    let nostrat: ClosedForm = |e, _| closed_form::nostrat(e);
    let cases: [(&dyn Strategy, ClosedForm); 5] = [
        (&NoStrat, nostrat),
        (&Strat, closed_form::strat),
        (&h(1), closed_form::hstrat),
        (&l(1), closed_form::lstrat),
        (&BothBranches, closed_form::bstrat),
    ];
    for p in grid() {
        for (strategy, formula) in cases {
            assert_eq!(
                dependent_value(strategy, &p).unwrap(),
                formula(p.e(), p.a()),
                "{} at {p:?}",
                strategy.name()
            );
        }
    }
}

#[test]
fn the_paper_examples_of_chapters_2_and_3_are_exact() {
    let p = params((1, 2), (3, 4));
    assert_eq!(
        dependent_value(&NoStrat, &p).unwrap(),
        fraction(1, 3).unwrap()
    );
    assert_eq!(
        dependent_value(&Strat, &p).unwrap(),
        fraction(3, 5).unwrap()
    );
    assert_eq!(dependent_value(&h(1), &p).unwrap(), fraction(7, 9).unwrap());
    assert_eq!(dependent_value(&l(1), &p).unwrap(), fraction(4, 5).unwrap());
    // Without a closed form: 2LSTRAT and 2HSTRAT from the linear system.
    assert_eq!(dependent_value(&l(2), &p).unwrap(), fraction(7, 8).unwrap());
    assert_eq!(
        dependent_value(&h(2), &p).unwrap(),
        fraction(57, 71).unwrap()
    );
}

fn contains(evaluation: &Evaluation, x: &BigRational) -> bool {
    &evaluation.lower <= x && x <= &evaluation.upper
}

#[test]
fn the_move_by_move_diagram_brackets_the_exact_value_in_tsd() {
    for p in grid().into_iter().step_by(5) {
        for strategy in [&h(2) as &dyn Strategy, &l(2), &h(3), &l(3), &BothBranches] {
            let exact = dependent_value(strategy, &p).unwrap();
            let series = evaluate(strategy, Form::Dependent, &p, 1e-15).unwrap();
            assert!(contains(&series, &exact), "{} at {p:?}", strategy.name());
        }
    }
}

/// Looks per move for the unlimited chains: S^40 < 1e-12 for these E, so the lines set
/// aside are far below the precision asked for.
const CHAIN_BUDGET: usize = 40;

fn chain_grid() -> Vec<GameClass<BigRational>> {
    vec![
        params((1, 2), (3, 4)),
        params((1, 2), (1, 2)),
        params((3, 4), (9, 10)),
        params((1, 1), (2, 3)),
    ]
}

#[test]
fn the_unlimited_chains_in_tsd_agree_with_their_derived_closed_forms() {
    let (high, low) = (HighChain::unlimited(), LowChain::unlimited());
    let cases: [(&dyn Strategy, ClosedForm); 2] = [
        (&high, closed_form::unlimited_hstrat),
        (&low, closed_form::unlimited_lstrat),
    ];
    for p in chain_grid() {
        for (strategy, formula) in cases {
            let diagram =
                Diagram::new(strategy, Form::Dependent, &p).with_look_budget(CHAIN_BUDGET);
            let series = evaluate_with(diagram, 1e-9, 400).unwrap();
            assert!(contains(&series, &formula(p.e(), p.a())), "{p:?}");
        }
    }
}

#[test]
fn theorem_3_3_lstrat_beats_hstrat_beats_strat_strictly_inside_the_range() {
    for p in grid() {
        let (e, a) = (p.e(), p.a());
        let (w_l, w_h, w) = (
            closed_form::lstrat(e.clone(), a.clone()),
            closed_form::hstrat(e.clone(), a.clone()),
            closed_form::strat(e.clone(), a.clone()),
        );
        let one = fraction(1, 1).unwrap();
        if a == one {
            // A = 1 sends all the value high: looking low can show nothing.
            assert!(w_l == w_h && w_h == w, "{p:?}");
        } else if e == one {
            // E = 1: both branches are endpoints, one of them the win; one look finds it.
            assert!(w_l == one && w_h == one && w < one, "{p:?}");
        } else {
            assert!(w_l > w_h && w_h > w, "{p:?}");
        }
    }
}

fn first_ten(strategy: &dyn Strategy, p: &GameClass<BigRational>) -> Vec<BigRational> {
    let mut diagram = Diagram::new(strategy, Form::Independent, p);
    (0..appendix_a::TERMS)
        .map(|_| diagram.next_move().unwrap())
        .collect()
}

#[test]
fn the_appendix_a_listings_compute_the_exact_terms() {
    for p in grid() {
        assert_eq!(appendix_a::lstrat(&p), first_ten(&l(1), &p), "{p:?}");
        assert_eq!(appendix_a::hstrat(&p), first_ten(&h(1), &p), "{p:?}");
        assert_eq!(
            appendix_a::bstrat(&p),
            first_ten(&BothBranches, &p),
            "{p:?}"
        );
    }
}

#[test]
fn the_bstrat_listing_as_printed_does_not() {
    let p = params((1, 2), (3, 4));
    let printed = appendix_a::bstrat_as_printed(&p);
    let exact = first_ten(&BothBranches, &p);
    assert_eq!(printed[..2], exact[..2]);
    assert!(printed[2] > exact[2]);
}

#[test]
fn the_limit_programs_sum_to_values_inside_the_diagram_interval() {
    let (high, low) = (HighChain::unlimited(), LowChain::unlimited());
    let cases: [(Branch, &dyn Strategy); 2] = [(Branch::High, &high), (Branch::Low, &low)];
    for p in chain_grid() {
        for (branch, strategy) in cases {
            let limit = unlimited_value(&p, branch, 1e-14).unwrap();
            let diagram = Diagram::new(strategy, Form::Independent, &p).with_look_budget(30);
            let series = evaluate_with(diagram, 1e-7, 400).unwrap();
            assert!(
                series.lower <= limit.upper && limit.lower <= series.upper,
                "{p:?}"
            );
        }
    }
}

#[test]
fn the_tsi_series_is_narrow_and_its_terms_are_chances() {
    let p = params((1, 4), (3, 4));
    for strategy in [&h(2) as &dyn Strategy, &l(2), &BothBranches, &NoStrat] {
        let w = evaluate(strategy, Form::Independent, &p, 1e-12).unwrap();
        assert!(to_f64(&w.width()) < 1e-12);
        let zero = fraction(0, 1).unwrap();
        let one = fraction(1, 1).unwrap();
        assert!(w.per_move.iter().all(|d| *d >= zero && *d <= one));
        assert!(w.upper <= one);
    }
}

#[test]
fn johnsons_correction_is_the_geometric_tail() {
    let p = params((1, 2), (3, 4));
    let printout = output(&appendix_a::lstrat(&p)).unwrap();
    let ratio = &printout.terms[9] / &printout.terms[8];
    let tail: BigRational = (1..200)
        .map(|k| &printout.terms[9] * num_traits::pow(ratio.clone(), k))
        .sum();
    let gap = to_f64(&(&printout.correction - tail)).abs();
    assert!(gap < 1e-30);
}

#[test]
fn bad_input_gets_typed_errors() {
    let one = fraction(1, 1).unwrap();
    let zero = fraction(0, 1).unwrap();
    let half = fraction(1, 2).unwrap();
    assert_eq!(
        GameClass::new(zero.clone(), half.clone()),
        Err(GameClassError::EndpointProbability(zero))
    );
    let three_halves = fraction(3, 2).unwrap();
    assert_eq!(
        GameClass::new(three_halves.clone(), half.clone()),
        Err(GameClassError::EndpointProbability(three_halves))
    );
    let two_fifths = fraction(2, 5).unwrap();
    assert_eq!(
        GameClass::new(one.clone(), two_fifths.clone()),
        Err(GameClassError::SplitRatio(two_fifths))
    );
    let eleven_tenths = fraction(11, 10).unwrap();
    assert_eq!(
        GameClass::new(one, eleven_tenths.clone()),
        Err(GameClassError::SplitRatio(eleven_tenths))
    );
    let p = params((1, 2), (3, 4));
    for precision in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        assert!(matches!(
            evaluate(&Strat, Form::Independent, &p, precision),
            Err(SeriesError::Precision(PrecisionError::Invalid(_)))
        ));
    }
    let slow = params((1, 100), (1, 1));
    assert!(matches!(
        evaluate_with(Diagram::new(&Strat, Form::Independent, &slow), 1e-12, 100),
        Err(SeriesError::Precision(PrecisionError::NotReached {
            moves: 100,
            ..
        }))
    ));
    assert!(matches!(
        output(&[half.clone(), half]),
        Err(ProcedureError::TooFewTerms(2))
    ));
    let model = GameClass::new(0.5, 0.75).unwrap();
    let bprime = solitaire::non_ordinal::BPrime::new(model);
    assert!(matches!(
        dependent_value(&bprime, &p),
        Err(DependentError::NotOrdinal(_))
    ));
    assert!(matches!(
        dependent_value(&LowChain::unlimited(), &p),
        Err(DependentError::NotFinite(_))
    ));
}

mod properties {
    use super::{
        BigRational, BothBranches, GameClass, closed_form, dependent_value, fraction, h, l, to_f64,
    };
    use game_core::tolerance::f64_agree;
    use proptest::prelude::*;

    /// Random rational E in (0, 1] and A in [1/2, 1].
    fn parameters() -> impl Strategy<Value = GameClass<BigRational>> {
        (1i64..=40, 1i64..=40, 0i64..=30, 1i64..=30).prop_map(|(e1, e2, a1, a2)| {
            let e = fraction(e1.min(e2), e1.max(e2)).unwrap();
            let (low, high) = (a1.min(a2), a1.max(a2));
            let a = fraction(low + high, 2 * high).unwrap();
            GameClass::new(e, a).unwrap()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn theorem_3_3_orders_the_tsd_chances(p in parameters()) {
            let (e, a) = (p.e(), p.a());
            let w_l = closed_form::lstrat(e.clone(), a.clone());
            let w_h = closed_form::hstrat(e.clone(), a.clone());
            let w = closed_form::strat(e.clone(), a.clone());
            let zero = fraction(0, 1).unwrap();
            let one = fraction(1, 1).unwrap();
            prop_assert!(w_l >= w_h && w_h >= w && w > zero && w_l <= one);
            // Exact and floating point agree.
            let (e, a) = (p.to_f64().e(), p.to_f64().a());
            prop_assert!(f64_agree(closed_form::lstrat(e, a), to_f64(&w_l)));
        }

        #[test]
        fn tsd_closed_forms_equal_the_linear_system(p in parameters()) {
            prop_assert_eq!(dependent_value(&l(1), &p).unwrap(), closed_form::lstrat(p.e(), p.a()));
            prop_assert_eq!(dependent_value(&h(1), &p).unwrap(), closed_form::hstrat(p.e(), p.a()));
            prop_assert_eq!(dependent_value(&BothBranches, &p).unwrap(), closed_form::bstrat(p.e(), p.a()));
        }

        #[test]
        fn theorem_6_1_hstrat_beats_lstrat_when_values_stay_put(
            e in (1i64..=40, 1i64..=40),
            t in (1i64..=40, 1i64..=40),
        ) {
            prop_assume!(e.0 != e.1 && t.0 != t.1);
            let e = fraction(e.0.min(e.1), e.0.max(e.1)).unwrap();
            let t = fraction(t.0.min(t.1), t.0.max(t.1)).unwrap();
            prop_assert!(
                closed_form::game3_hstrat(e.clone(), t.clone()) > closed_form::game3_lstrat(e, t)
            );
        }

        #[test]
        fn more_look_ahead_down_the_low_chain_never_hurts_in_tsd(p in parameters()) {
            let w1 = dependent_value(&l(1), &p).unwrap();
            let w2 = dependent_value(&l(2), &p).unwrap();
            let w3 = dependent_value(&l(3), &p).unwrap();
            prop_assert!(w1 <= w2 && w2 <= w3);
        }
    }
}

#[test]
fn the_depreciation_factors_tend_to_the_tsd_chances_and_keep_their_order() {
    use solitaire::depreciation::{factor_bstrat, factor_hstrat, factor_lstrat};
    let zero = fraction(0, 1).unwrap();
    for p in grid() {
        let (e, a) = (p.e(), p.a());
        // Chapter 5: as X → 0, K_L → W_L and K_H → W_H of TSD; K_B → W_B, derived here.
        assert_eq!(
            factor_lstrat(e.clone(), a.clone(), zero.clone()),
            closed_form::lstrat(e.clone(), a.clone())
        );
        assert_eq!(
            factor_hstrat(e.clone(), a.clone(), zero.clone()),
            closed_form::hstrat(e.clone(), a.clone())
        );
        assert_eq!(
            factor_bstrat(e.clone(), a.clone(), zero.clone()),
            closed_form::bstrat(e.clone(), a.clone())
        );
        // "Exactly the same terms are subtracted from each numerator, and exactly the same
        // terms are added to each denominator": K_L ≥ K_H at every position value X.
        for x in [(1, 1), (3, 4), (1, 2), (1, 10), (1, 1000)] {
            let x = fraction(x.0, x.1).unwrap();
            assert!(
                factor_lstrat(e.clone(), a.clone(), x.clone())
                    >= factor_hstrat(e.clone(), a.clone(), x.clone()),
                "{p:?}"
            );
        }
    }
}

fn game3(e: (i64, i64), t: (i64, i64), shift: (i64, i64)) -> lookahead_eval::Game3Parameters {
    lookahead_eval::Game3Parameters::new(
        fraction(e.0, e.1).unwrap(),
        fraction(t.0, t.1).unwrap(),
        fraction(shift.0, shift.1).unwrap(),
    )
    .unwrap()
}

#[test]
fn theorem_6_1_closed_forms_are_the_exact_game_3_series_and_hstrat_wins() {
    let one = fraction(1, 1).unwrap();
    // Small E makes long games (every position keeps its value): the series is checked
    // where it converges in a few hundred moves.
    for e in [(1, 3), (1, 2), (9, 10), (1, 1)] {
        for t in [(1, 10), (1, 3), (1, 2), (4, 5)] {
            let p = game3(e, t, (0, 1));
            let (e, t) = (p.e(), p.top());
            let w_h = closed_form::game3_hstrat(e.clone(), t.clone());
            let w_l = closed_form::game3_lstrat(e.clone(), t.clone());
            let series_h = evaluate_with(Diagram::game3(&h(1), &p), 1e-9, 2_000).unwrap();
            let series_l = evaluate_with(Diagram::game3(&l(1), &p), 1e-9, 2_000).unwrap();
            assert!(
                contains(&series_h, &w_h) && contains(&series_l, &w_l),
                "{p:?}"
            );
            if e < one {
                assert!(w_h > w_l, "{p:?}");
            } else {
                assert_eq!(w_h, w_l);
            }
        }
    }
}

#[test]
fn game_3_moves_account_for_every_game() {
    // Johnson's Table 6.2 setting: every game is won or lost, move by move.
    let p = game3((1, 2), (1, 2), (1, 6));
    for strategy in [&h(1) as &dyn Strategy, &l(1), &Strat] {
        let mut diagram = Diagram::game3(strategy, &p);
        let mut won = fraction(0, 1).unwrap();
        for _ in 0..60 {
            won += diagram.next_move().unwrap();
        }
        let accounted = to_f64(&(won + diagram.lost()));
        assert!((accounted - 1.0).abs() < 1e-15 + to_f64(&diagram.tail_bound()));
    }
    assert!(matches!(
        lookahead_eval::Game3Parameters::new(
            fraction(1, 2).unwrap(),
            fraction(3, 2).unwrap(),
            fraction(0, 1).unwrap()
        ),
        Err(Game3ParametersError::TopValue(_))
    ));
    assert!(matches!(
        lookahead_eval::Game3Parameters::new(
            fraction(1, 2).unwrap(),
            fraction(1, 2).unwrap(),
            fraction(-1, 6).unwrap()
        ),
        Err(Game3ParametersError::Shift(_))
    ));
}

/// The diagram's points and lines are the evaluation itself: from every point the lines'
/// chances sum to 1, the points' chances times their winning lines give D(n), and the
/// moving lines give the next row's points and chances, for every ordinal strategy in both
/// forms over three moves.
#[test]
fn the_diagrams_points_and_lines_are_its_evaluation() {
    use lookahead_eval::diagram::{DiagramPosition, MoveEnd};
    use std::collections::BTreeMap;
    let class = params((1, 2), (3, 4));
    let strategies: Vec<Box<dyn Strategy>> = vec![
        Box::new(HighChain::new(1).unwrap()),
        Box::new(LowChain::new(2).unwrap()),
        Box::new(BothBranches),
        Box::new(NoStrat),
    ];
    for strategy in &strategies {
        for form in [Form::Dependent, Form::Independent] {
            let mut diagram = Diagram::new(strategy.as_ref(), form, &class);
            for _ in 0..3 {
                let mut won = fraction(0, 1).unwrap();
                let mut next: BTreeMap<DiagramPosition, BigRational> = BTreeMap::new();
                for (position, chance) in diagram.positions() {
                    let ends = diagram.move_ends(&position).unwrap();
                    let total: BigRational = ends.iter().map(|(_, c)| c.clone()).sum();
                    assert_eq!(total, fraction(1, 1).unwrap());
                    for (end, line) in ends {
                        match end {
                            MoveEnd::Won => won += &chance * &line,
                            MoveEnd::Moved { to, .. } => {
                                *next.entry(to).or_insert_with(|| fraction(0, 1).unwrap()) +=
                                    &chance * &line;
                            }
                            MoveEnd::Lost | MoveEnd::Truncated => {}
                        }
                    }
                }
                assert_eq!(diagram.next_move().unwrap(), won, "{}", strategy.name());
                let row: BTreeMap<DiagramPosition, BigRational> =
                    diagram.positions().into_iter().collect();
                assert_eq!(row, next, "{} {form:?}", strategy.name());
            }
        }
    }
}

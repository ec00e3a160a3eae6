//! Random split ratios: the moment diagram checked against the constant-ratio diagram, a
//! hand computation, and the strategies for which averaging is exact.

use game_core::number::fraction;
use lookahead_eval::random_ratio::{RatioLaw, evaluate};
use lookahead_eval::{EvaluationError, Parameters, memo::strategy, series};
use num_rational::BigRational;
use solitaire::Form;
use solitaire::non_ordinal::{BPrime, Model};

const ORDINAL: [&str; 7] = [
    "NOSTRAT", "STRAT", "LSTRAT", "HSTRAT", "BSTRAT", "2LSTRAT", "2HSTRAT",
];

fn ratio(n: i64, d: i64) -> BigRational {
    fraction(n, d).unwrap()
}

/// A precision every evaluation meets once it has Johnson's ten terms.
const TEN_TERMS: f64 = 2.0;

/// With every moment E[R^j] = A^j the moment diagram is the constant-ratio diagram: the
/// same terms D(n), exactly, for every strategy, in TSI (where the two methods differ).
#[test]
fn a_constant_law_gives_the_terms_of_the_constant_ratio_diagram() {
    for (e, a) in [(ratio(1, 2), ratio(3, 4)), (ratio(1, 4), ratio(9, 10))] {
        let params = Parameters::new(e.clone(), a.clone()).unwrap();
        let law = RatioLaw::constant(a).unwrap();
        for name in ORDINAL {
            let s = strategy(name).unwrap();
            let moments = evaluate(&*s, Form::Independent, e.clone(), &law, TEN_TERMS).unwrap();
            let diagram = series::evaluate(&*s, Form::Independent, &params, TEN_TERMS).unwrap();
            assert_eq!(moments.per_move[..10], diagram.per_move[..10], "{name}");
        }
    }
    let (e, a) = (ratio(1, 2), ratio(3, 4));
    let params = Parameters::new(e.clone(), a.clone()).unwrap();
    let lstrat = strategy("LSTRAT").unwrap();
    let law = RatioLaw::constant(a).unwrap();
    let moments = evaluate(&*lstrat, Form::Independent, e, &law, 1e-10).unwrap();
    let diagram = series::evaluate(&*lstrat, Form::Independent, &params, 1e-10).unwrap();
    assert!(moments.lower <= diagram.upper && diagram.lower <= moments.upper);
}

/// D(1) of HSTRAT by hand. It looks at the high branch (value R): a split point or a win,
/// it moves there, winning with chance E·R if it is a win; a loss, it moves low and wins
/// with chance E·(1 − R). D(1) = E·E[R] + E·E[(E − E·R)·(1 − R)], and for the uniform law,
/// with E[R] = 3/4 and E[R²] = 7/12: at E = 1/2, 3/8 + (1/4)·(1 − 3/2 + 7/12) = 19/48.
#[test]
fn the_first_term_of_hstrat_under_the_uniform_law_is_the_hand_computed_one() {
    let hstrat = strategy("HSTRAT").unwrap();
    let w = evaluate(
        &*hstrat,
        Form::Independent,
        ratio(1, 2),
        &RatioLaw::Uniform,
        1e-6,
    )
    .unwrap();
    assert_eq!(w.per_move[0], ratio(19, 48));
}

/// STRAT and NOSTRAT never look, so each ratio enters a line's chance once, linearly, and
/// the uniform law gives the constant ratio 3/4's terms; a look-ahead strategy does not.
#[test]
fn strategies_that_never_look_average_to_the_mean_ratio() {
    let e = ratio(1, 2);
    let params = Parameters::new(e.clone(), ratio(3, 4)).unwrap();
    for name in ["STRAT", "NOSTRAT", "LSTRAT"] {
        let s = strategy(name).unwrap();
        let uniform = evaluate(
            &*s,
            Form::Independent,
            e.clone(),
            &RatioLaw::Uniform,
            TEN_TERMS,
        )
        .unwrap();
        let constant = series::evaluate(&*s, Form::Independent, &params, TEN_TERMS).unwrap();
        let same = uniform.per_move[..10] == constant.per_move[..10];
        assert_eq!(same, name != "LSTRAT", "{name}");
    }
}

/// In TSD the uniform law gives the constant-ratio value at its mean (the argument is in
/// the module documentation; the Monte Carlo test `uniform_split_ratios_in_tsd_give_the_constant_ratio_values` checks it).
#[test]
fn tsd_is_evaluated_at_the_mean_ratio() {
    let e = ratio(1, 2);
    let params = Parameters::new(e.clone(), ratio(3, 4)).unwrap();
    let lstrat = strategy("2LSTRAT").unwrap();
    let uniform = evaluate(&*lstrat, Form::Dependent, e, &RatioLaw::Uniform, 1e-10).unwrap();
    let constant = series::evaluate(&*lstrat, Form::Dependent, &params, 1e-10).unwrap();
    assert_eq!(uniform, constant);
}

#[test]
fn bad_input_gets_typed_errors() {
    let lstrat = strategy("LSTRAT").unwrap();
    let uniform = RatioLaw::Uniform;
    let tsi = Form::Independent;
    assert!(matches!(
        RatioLaw::constant(ratio(1, 3)),
        Err(EvaluationError::SplitRatio(_))
    ));
    assert!(matches!(
        evaluate(&*lstrat, tsi, ratio(0, 1), &uniform, 1e-6),
        Err(EvaluationError::EndpointProbability(_))
    ));
    assert!(matches!(
        evaluate(&*lstrat, tsi, ratio(1, 2), &uniform, 0.0),
        Err(EvaluationError::InvalidPrecision(_))
    ));
    let bprime = BPrime::new(Model::new(0.5, 0.75).unwrap());
    assert!(matches!(
        evaluate(&bprime, tsi, ratio(1, 2), &uniform, 1e-6),
        Err(EvaluationError::NotOrdinal(_))
    ));
}

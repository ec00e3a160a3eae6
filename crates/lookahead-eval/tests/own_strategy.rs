//! Strategies of one's own in the exact evaluators: an honest ordinal one is evaluated and
//! agrees with play; one that says it is ordinal but reads values is refused by every
//! exact evaluator rather than given another strategy's value; one that does not say it is
//! ordinal is told why it cannot be evaluated exactly in TSD.

use game_core::monte_carlo::MonteCarlo;
use game_core::number::{fraction, to_f64};
use game_core::tolerance::MAX_Z_SCORE;
use lookahead_eval::dependent::{DependentError, dependent_value};
use lookahead_eval::diagram::Diagram;
use lookahead_eval::random_ratio::{RandomRatioError, RatioLaw};
use lookahead_eval::series::{SeriesError, evaluate};
use lookahead_eval::{GameClass, random_ratio};
use num_rational::BigRational;
use solitaire::monte_carlo::estimate;
use solitaire::{Branch, Form, Look, LookError, Observation, Strategy, StrategyName};
use tree_gen::TreeParams;

/// Looks at the low branch; moves there if it is a win, high otherwise. Ordinal.
struct TakeAWinBelow;

impl Strategy for TakeAWinBelow {
    fn memo_name(&self) -> Option<StrategyName> {
        None
    }
    fn choose(&self, look: &mut dyn Look) -> Result<Branch, LookError> {
        Ok(if look.look(&[Branch::Low])?.is_win() {
            Branch::Low
        } else {
            Branch::High
        })
    }
    fn is_ordinal(&self) -> bool {
        true
    }
}

/// Moves high while the current position is worth more than 0.3, low below: it reads a
/// value, so it is not ordinal, whatever `claims_ordinal` says.
struct ValueThreshold {
    claims_ordinal: bool,
}

impl Strategy for ValueThreshold {
    fn memo_name(&self) -> Option<StrategyName> {
        None
    }
    fn name(&self) -> String {
        "VALUE-THRESHOLD".to_owned()
    }
    fn choose(&self, look: &mut dyn Look) -> Result<Branch, LookError> {
        let high = look.look(&[Branch::High])?;
        Ok(match (look.current(), high) {
            (_, Observation::Endpoint { win: false, .. }) => Branch::Low,
            (current, _) if current.value() > 0.3 => Branch::High,
            _ => Branch::Low,
        })
    }
    fn is_ordinal(&self) -> bool {
        self.claims_ordinal
    }
}

fn class() -> GameClass<BigRational> {
    GameClass::new(fraction(1, 2).unwrap(), fraction(3, 4).unwrap()).unwrap()
}

#[test]
fn an_own_ordinal_strategy_is_exact_and_agrees_with_play() {
    let class = class();
    let params = TreeParams::from_class(&class);
    let run = MonteCarlo::new(77, 100_000).unwrap();
    let exact = dependent_value(&TakeAWinBelow, &class).unwrap();
    let played = estimate(&params, Form::Dependent, &TakeAWinBelow, &run)
        .unwrap()
        .wins;
    let z = (played.mean() - to_f64(&exact)) / played.standard_error();
    assert!(z.abs() <= MAX_Z_SCORE, "TSD {exact} v {played:?}");

    let series = evaluate(&TakeAWinBelow, Form::Independent, &class, 1e-10).unwrap();
    let played = estimate(&params, Form::Independent, &TakeAWinBelow, &run)
        .unwrap()
        .wins;
    let z = (played.mean() - series.value()) / played.standard_error();
    assert!(
        z.abs() <= MAX_Z_SCORE,
        "TSI {} v {played:?}",
        series.value()
    );
}

#[test]
fn a_false_claim_to_be_ordinal_is_refused_by_every_exact_evaluator() {
    let liar = ValueThreshold {
        claims_ordinal: true,
    };
    let refused = LookError::NotOrdinal("VALUE-THRESHOLD".to_owned());
    assert_eq!(
        dependent_value(&liar, &class()),
        Err(DependentError::Look(refused.clone()))
    );
    assert!(matches!(
        evaluate(&liar, Form::Dependent, &class(), 1e-9),
        Err(SeriesError::Look(ref error)) if *error == refused
    ));
    assert!(matches!(
        evaluate(&liar, Form::Independent, &class(), 1e-9),
        Err(SeriesError::Look(ref error)) if *error == refused
    ));
    let diagram = Diagram::new(&liar, Form::Dependent, &class());
    assert!(lookahead_eval::series::evaluate_with(diagram, 1e-9, 100).is_err());
    let half = fraction(1, 2).unwrap();
    assert!(matches!(
        random_ratio::evaluate(&liar, Form::Independent, half, &RatioLaw::Uniform, 1e-6),
        Err(RandomRatioError::Look(ref error)) if *error == refused
    ));
}

#[test]
fn a_strategy_not_said_to_be_ordinal_is_told_the_cause_and_the_remedy() {
    let honest = ValueThreshold {
        claims_ordinal: false,
    };
    let error = dependent_value(&honest, &class()).unwrap_err();
    assert_eq!(
        error,
        DependentError::NotOrdinal("VALUE-THRESHOLD".to_owned())
    );
    let message = error.to_string();
    assert!(message.contains("is_ordinal"), "{message}");
    assert!(message.contains("Monte Carlo"), "{message}");
}

//! A look-ahead strategy of one's own, evaluated exactly and by Monte Carlo on the same
//! class of games: in TSD (the dependent form) as a fraction, in TSI as a series with a
//! rigorous error bound, and by play on random trees with its standard error and seed.
//!
//! Run with `cargo run --example own_strategy`.

use lookahead_eval::StrategyName;
use lookahead_eval::dependent::dependent_value;
use lookahead_eval::number::{fraction, to_f64};
use lookahead_eval::series::evaluate;
use lookahead_eval::solitaire::monte_carlo::estimate;
use lookahead_eval::solitaire::strategies::HighChain;
use lookahead_eval::solitaire::{MonteCarlo, TreeParams};
use lookahead_eval::{Branch, Form, GameClass, Look, LookError, Observation, Strategy};

/// Looks at the high branch; moves low when it is a loss, high otherwise: Johnson's HSTRAT
/// written anew, so its exact value can be checked against the crate's. It reads only what
/// a look shows (split point, win, loss), never a value: it is ordinal, and says so, which
/// lets the exact evaluators treat positions of different values alike.
struct PeekHigh;

impl Strategy for PeekHigh {
    fn memo_name(&self) -> Option<StrategyName> {
        None
    }

    fn name(&self) -> String {
        "PEEK-HIGH".to_owned()
    }

    fn choose(&self, look: &mut dyn Look) -> Result<Branch, LookError> {
        Ok(match look.look(&[Branch::High])? {
            Observation::Endpoint { win: false, .. } => Branch::Low,
            _ => Branch::High,
        })
    }

    fn is_ordinal(&self) -> bool {
        true
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // One value of the class (E, A) = (1/2, 3/4) for both routes.
    let class = GameClass::new(fraction(1, 2)?, fraction(3, 4)?)?;
    let params = TreeParams::from_class(&class);
    let run = MonteCarlo::new(2026, 200_000)?;

    let tsd = dependent_value(&PeekHigh, &class)?;
    assert_eq!(tsd, dependent_value(&HighChain::new(1)?, &class)?);
    let played = estimate(&params, Form::Dependent, &PeekHigh, &run)?.wins;
    let z = (played.mean() - to_f64(&tsd)) / played.standard_error();
    println!(
        "TSD exact {tsd} = {:.6}; Monte Carlo {:.6} ± {:.6} (seed {}, z = {z:+.2})",
        to_f64(&tsd),
        played.mean(),
        played.standard_error(),
        run.seed()
    );

    let tsi = evaluate(&PeekHigh, Form::Independent, &class, 1e-12)?;
    let played = estimate(&params, Form::Independent, &PeekHigh, &run)?.wins;
    let z = (played.mean() - tsi.value()) / played.standard_error();
    println!(
        "TSI exact {:.12} (within {:.1e}); Monte Carlo {:.6} ± {:.6} (z = {z:+.2})",
        tsi.value(),
        to_f64(&tsi.width()),
        played.mean(),
        played.standard_error()
    );
    Ok(())
}

//! Johnson's Tree Solitaire, exactly: the chance of winning under HSTRAT and LSTRAT in the
//! dependent form (a fraction) and the independent form (an interval with a rigorous tail
//! bound), beside what the memo's ten-term procedure printed.
//!
//! `cargo run --release -p lookahead-eval --example exact_chance`

use lookahead_eval::Form;
use lookahead_eval::dependent::dependent_value;
use lookahead_eval::number::{fraction, to_f64};
use lookahead_eval::series::evaluate;
use lookahead_eval::solitaire::strategies::{HighChain, LowChain};
use lookahead_eval::{GameClass, appendix_a};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let params = GameClass::new(fraction(1, 2)?, fraction(3, 4)?)?;
    let (hstrat, lstrat) = (HighChain::new(1)?, LowChain::new(1)?);
    println!("E = 1/2, A = 3/4");
    for (name, strategy) in [
        ("HSTRAT", &hstrat as &dyn lookahead_eval::Strategy),
        ("LSTRAT", &lstrat),
    ] {
        let tsd = dependent_value(strategy, &params)?;
        let tsi = evaluate(strategy, Form::Independent, &params, 1e-12)?;
        println!(
            "{name}: TSD W = {tsd} exactly; TSI W in [{:.12}, {:.12}]",
            to_f64(&tsi.lower),
            to_f64(&tsi.upper)
        );
    }
    let printed = appendix_a::output(&appendix_a::hstrat(&params))?;
    println!(
        "the memo's procedure for HSTRAT in TSI: {:.5}",
        to_f64(&printed.total)
    );
    Ok(())
}

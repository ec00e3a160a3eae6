//! Tree Solitaire by simulation: HSTRAT against LSTRAT on the same seeded random trees,
//! each chance with its standard error, and their paired difference.
//!
//! `cargo run --release -p solitaire --example monte_carlo`

use solitaire::Form;
use solitaire::MonteCarlo;
use solitaire::monte_carlo::compare;
use solitaire::strategies::{HighChain, LowChain};
use solitaire::{SplitRatio, TreeParams};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let params = TreeParams::new(0.5, SplitRatio::constant(0.75)?)?;
    let (hstrat, lstrat) = (HighChain::new(1)?, LowChain::new(1)?);
    let run = MonteCarlo::new(1970, 1_000_000)?;
    let comparison = compare(&params, Form::Independent, &[&hstrat, &lstrat], &run)?;
    for (name, result) in ["HSTRAT", "LSTRAT"].iter().zip(&comparison.results) {
        println!(
            "{name}: W = {:.5} ± {:.5} ({} games, seed {})",
            result.wins.mean(),
            result.wins.standard_error(),
            result.wins.n_samples(),
            result.wins.seed()
        );
    }
    for difference in &comparison.differences {
        println!(
            "paired difference: {:.5} ± {:.5}",
            difference.difference.mean(),
            difference.difference.standard_error()
        );
    }
    Ok(())
}

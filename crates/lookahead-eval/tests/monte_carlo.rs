//! The exact TSI values against the solitaire crate's Monte Carlo on the same strategies:
//! within 4 standard errors at every (E, A) of the memo's tables.

use game_core::monte_carlo::MonteCarlo;
use game_core::number::fraction;
use lookahead_eval::GameClass;
use lookahead_eval::tables::{LOOK_AHEAD, TABLE_POINTS, reproduce};
use solitaire::monte_carlo::compare;
use solitaire::{Form, StrategyName};
use tree_gen::{SplitRatio, TreeParams};

#[test]
fn exact_values_agree_with_the_monte_carlo_at_every_table_point() {
    let names: Vec<StrategyName> = std::iter::once(StrategyName::Strat)
        .chain(LOOK_AHEAD)
        .collect();
    let strategies: Vec<_> = names
        .iter()
        .map(|n| n.ordinal_strategy().unwrap())
        .collect();
    let refs: Vec<&dyn solitaire::Strategy> = strategies.iter().map(|s| &**s).collect();
    for (i, &(e, a)) in TABLE_POINTS.iter().enumerate() {
        let exact_params =
            GameClass::new(fraction(e.0, e.1).unwrap(), fraction(a.0, a.1).unwrap()).unwrap();
        let class = exact_params.to_f64();
        let (e_f64, a_f64) = (class.e(), class.a());
        let tree = TreeParams::from_class(&class);
        let run = MonteCarlo::new(1970 + i as u64, 200_000).unwrap();
        let comparison = compare(&tree, Form::Independent, &refs, &run).unwrap();
        for (name, result) in names.iter().zip(&comparison.results) {
            let exact = match *name {
                StrategyName::Strat => e_f64 * a_f64 / (1.0 - (1.0 - e_f64) * a_f64),
                _ => reproduce(*name, &exact_params, 1e-12)
                    .unwrap()
                    .exact
                    .value(),
            };
            let z = result.wins.z_score(exact);
            assert!(
                result.wins.agrees_with(exact),
                "{name} at E = {e_f64}, A = {a_f64}: exact {exact}, Monte Carlo {} (z = {z:.2})",
                result.wins.mean()
            );
        }
    }
}

/// Game 3 with every position worth T (Theorem 6.1's setting): solitaire's Monte Carlo of
/// game 3 trees with a zero shift agrees with the exact closed forms.
#[test]
fn game_3_monte_carlo_agrees_with_theorem_6_1() {
    use lookahead_eval::closed_form::{game3_hstrat, game3_lstrat};
    use tree_gen::Shift;
    let (h, l) = (
        StrategyName::HStrat.ordinal_strategy().unwrap(),
        StrategyName::LStrat.ordinal_strategy().unwrap(),
    );
    for (i, &(e, t)) in [(0.5, 0.5), (0.25, 0.75), (0.75, 0.2)].iter().enumerate() {
        let tree = TreeParams::game3(e, t, Shift::uniform(0.0).unwrap()).unwrap();
        let run = MonteCarlo::new(2026 + i as u64, 200_000).unwrap();
        let comparison = compare(&tree, Form::Independent, &[&*h, &*l], &run).unwrap();
        for (result, exact) in comparison
            .results
            .iter()
            .zip([game3_hstrat(e, t), game3_lstrat(e, t)])
        {
            let z = result.wins.z_score(exact);
            assert!(
                result.wins.agrees_with(exact),
                "{} at E = {e}, T = {t}: z = {z:.2}",
                result.name
            );
        }
    }
}

/// With split ratios uniform on [1/2, 1] (mean 3/4), TSD under an ordinal strategy is won
/// with exactly the chance of the constant ratio 3/4: each split point's ratio enters the
/// chance of a line of play once, linearly (which way the path to the win turns), and the
/// ratios of different points are independent. The Monte Carlo agrees.
#[test]
fn uniform_split_ratios_in_tsd_give_the_constant_ratio_values() {
    use lookahead_eval::dependent::dependent_value;
    let exact_params = GameClass::new(fraction(1, 2).unwrap(), fraction(3, 4).unwrap()).unwrap();
    let tree = TreeParams::new(0.5, SplitRatio::Uniform).unwrap();
    let names: Vec<StrategyName> = [
        StrategyName::Strat,
        StrategyName::LStrat,
        StrategyName::HStrat,
        StrategyName::BStrat,
        StrategyName::TwoLStrat,
        StrategyName::TwoHStrat,
    ]
    .to_vec();
    let strategies: Vec<_> = names
        .iter()
        .map(|n| n.ordinal_strategy().unwrap())
        .collect();
    let refs: Vec<&dyn solitaire::Strategy> = strategies.iter().map(|s| &**s).collect();
    let run = MonteCarlo::new(1971, 400_000).unwrap();
    let comparison = compare(&tree, Form::Dependent, &refs, &run).unwrap();
    for ((name, strategy), result) in names.iter().zip(&strategies).zip(&comparison.results) {
        let exact =
            game_core::number::to_f64(&dependent_value(&**strategy, &exact_params).unwrap());
        let z = result.wins.z_score(exact);
        assert!(
            result.wins.agrees_with(exact),
            "{name}: exact {exact}, Monte Carlo {} (z = {z:.2})",
            result.wins.mean()
        );
    }
}

/// TSI with split ratios uniform on [1/2, 1]: the moment diagram's exact values agree with
/// the Monte Carlo on the same kind of trees.
#[test]
fn uniform_split_ratios_in_tsi_agree_with_the_monte_carlo() {
    use lookahead_eval::random_ratio::{RatioLaw, evaluate};
    let tree = TreeParams::new(0.5, SplitRatio::Uniform).unwrap();
    let names = [
        StrategyName::LStrat,
        StrategyName::HStrat,
        StrategyName::BStrat,
        StrategyName::TwoLStrat,
        StrategyName::TwoHStrat,
    ];
    let strategies: Vec<_> = names
        .iter()
        .map(|n| n.ordinal_strategy().unwrap())
        .collect();
    let refs: Vec<&dyn solitaire::Strategy> = strategies.iter().map(|s| &**s).collect();
    let run = MonteCarlo::new(1972, 400_000).unwrap();
    let comparison = compare(&tree, Form::Independent, &refs, &run).unwrap();
    for ((name, strategy), result) in names.iter().zip(&strategies).zip(&comparison.results) {
        let e = fraction(1, 2).unwrap();
        let exact = evaluate(&**strategy, Form::Independent, e, &RatioLaw::Uniform, 1e-8)
            .unwrap()
            .value();
        let z = result.wins.z_score(exact);
        assert!(
            result.wins.agrees_with(exact),
            "{name}: exact {exact}, Monte Carlo {} (z = {z:.2})",
            result.wins.mean()
        );
    }
}

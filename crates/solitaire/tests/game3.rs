//! Game 3 (chapter 6): values shift instead of splitting; Theorem 6.1's setting checked
//! against the closed forms of its proof.

use game_core::monte_carlo::MonteCarlo;
use game_core::number::{Real, fraction, to_f64};
use num_rational::BigRational;
use proptest::prelude::*;
use solitaire::monte_carlo::{ComparisonError, compare};
use solitaire::strategies::{HighChain, LowChain};
use solitaire::{Form, PlayError, play_game};
use tree_gen::{JohnsonTree, Shift, TreeParams, TreeParamsError};

/// The chances in the proof of Theorem 6.1, where every position is worth T:
/// W_H = T(1 + E − ET)/(T + E − ET) and W_L = T(2 − ET)/(1 + T − ET).
fn theorem_6_1(e: &BigRational, t: &BigRational) -> (BigRational, BigRational) {
    let one = BigRational::from_i64(1);
    let et = e.clone() * t.clone();
    let w_h =
        t.clone() * (one.clone() + e.clone() - et.clone()) / (t.clone() + e.clone() - et.clone());
    let w_l = t.clone() * (BigRational::from_i64(2) - et.clone()) / (one + t.clone() - et);
    (w_h, w_l)
}

#[test]
fn with_constant_values_hstrat_and_lstrat_win_as_the_proof_of_theorem_6_1_computes() {
    let (h, l) = (HighChain::new(1).unwrap(), LowChain::new(1).unwrap());
    for (en, ed, tn, td) in [(1, 2, 1, 2), (1, 4, 3, 4), (3, 4, 1, 4)] {
        let (e, t) = (fraction(en, ed).unwrap(), fraction(tn, td).unwrap());
        let params =
            TreeParams::game3(to_f64(&e), to_f64(&t), Shift::uniform(0.0).unwrap()).unwrap();
        let run = MonteCarlo::new(66, 200_000).unwrap();
        let comparison = compare(&params, Form::Independent, &[&h, &l], &run).unwrap();
        let (w_h, w_l) = theorem_6_1(&e, &t);
        for (result, exact) in comparison.results.iter().zip([w_h, w_l]) {
            let z = result.wins.z_score(to_f64(&exact));
            assert!(
                result.wins.agrees_with(to_f64(&exact)),
                "{} at E={e}, T={t}: {} vs {exact} (z = {z:.2})",
                result.name,
                result.wins.mean()
            );
        }
    }
}

proptest! {
    #[test]
    fn theorem_6_1_holds_exactly(e in 1i64..100, t in 1i64..100) {
        let (e, t) = (fraction(e, 100).unwrap(), fraction(t, 100).unwrap());
        let (w_h, w_l) = theorem_6_1(&e, &t);
        prop_assert!(w_h > w_l);
    }

    #[test]
    fn shifted_branches_are_ordered_around_their_top(seed in any::<u64>(), width in 0.0f64..0.5) {
        let params = TreeParams::game3(0.3, 0.5, Shift::uniform(width).unwrap()).unwrap();
        let tree = JohnsonTree::new(&params, seed, 0);
        let root = tree.root();
        prop_assert_eq!(root.value, 0.5);
        let fork = tree.fork(&root).unwrap();
        prop_assert!(fork.high.value >= fork.low.value);
        prop_assert!((fork.high.value - 0.5).abs() <= width && (fork.low.value - 0.5).abs() <= width);
        prop_assert_eq!(fork.ratio, None);
        prop_assert!(!fork.high.on_win_path && !fork.low.on_win_path);
    }
}

#[test]
fn game_3_has_no_dependent_form() {
    let params = TreeParams::game3(0.5, 0.5, Shift::uniform(0.1).unwrap()).unwrap();
    let tree = JohnsonTree::new(&params, 1, 1);
    let h = HighChain::new(1).unwrap();
    assert_eq!(
        play_game(&tree, Form::Dependent, &h),
        Err(PlayError::NoDependentForm)
    );
    assert!(play_game(&tree, Form::Independent, &h).is_ok());
    let run = MonteCarlo::new(1, 10).unwrap();
    assert!(matches!(
        compare(&params, Form::Dependent, &[&h], &run),
        Err(ComparisonError::NoDependentForm)
    ));
    assert!(matches!(
        TreeParams::game3(0.5, 1.5, Shift::uniform(0.1).unwrap()),
        Err(TreeParamsError::TopValue(_))
    ));
    assert!(matches!(
        Shift::uniform(-0.1),
        Err(TreeParamsError::ShiftWidth(_))
    ));
    assert!(matches!(
        Shift::uniform(f64::NAN),
        Err(TreeParamsError::ShiftWidth(_))
    ));
}

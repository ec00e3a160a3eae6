//! The domination theorem, exactly, on random dominated pairs.

use minimax_random::MoveShape;
use minimax_random::domination::{Dominance, dominance};
use minimax_random::probability::move_probabilities;
use proptest::prelude::*;

/// A move, and a move it strictly dominates: fewer children at min-levels (odd), more at
/// max-levels (even), changed at one or more levels.
fn dominated_pair() -> impl Strategy<Value = (MoveShape, MoveShape, Vec<usize>)> {
    prop::collection::vec((1u32..=3, 0u32..=2, any::<bool>()), 1..=3).prop_filter_map(
        "at least one level differs",
        |levels| {
            let (mut better, mut worse, mut changed) = (Vec::new(), Vec::new(), Vec::new());
            for (index, (base, extra, change)) in levels.into_iter().enumerate() {
                let extra = if change { extra.max(1) } else { 0 };
                if extra > 0 {
                    changed.push(index + 1);
                }
                if index % 2 == 0 {
                    better.push(base);
                    worse.push(base + extra);
                } else {
                    better.push(base + extra);
                    worse.push(base);
                }
            }
            (!changed.is_empty()).then(|| {
                (
                    MoveShape::new(better).unwrap(),
                    MoveShape::new(worse).unwrap(),
                    changed,
                )
            })
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn the_domination_theorem_holds_exactly((better, worse, changed) in dominated_pair(), alpha in 2u32..=5, sibling in prop::option::of(prop::collection::vec(1u32..=2, 3))) {
        prop_assert_eq!(dominance(&better, &worse).unwrap(), Dominance::FirstDominates { levels: changed.clone() });
        prop_assert_eq!(dominance(&worse, &better).unwrap(), Dominance::SecondDominates { levels: changed });
        let mut moves = vec![better.clone(), worse.clone()];
        if let Some(mut children) = sibling {
            children.truncate(better.levels());
            if children.len() == better.levels() {
                moves.push(MoveShape::new(children).unwrap());
            }
        }
        let probs = move_probabilities(&moves, alpha).unwrap();
        prop_assert!(probs[0] > probs[1], "alpha {}: {} vs {}", alpha, probs[0], probs[1]);
    }
}

#[test]
fn the_papers_examples() {
    let a = MoveShape::new(vec![2, 3]).unwrap();
    let b = MoveShape::new(vec![3, 2]).unwrap();
    let b2 = MoveShape::new(vec![1, 2]).unwrap();
    assert_eq!(
        dominance(&a, &b).unwrap(),
        Dominance::FirstDominates { levels: vec![1, 2] }
    );
    assert_eq!(dominance(&a, &b2).unwrap(), Dominance::Neither);
    assert_eq!(dominance(&a, &a).unwrap(), Dominance::Equal);
    let c = MoveShape::new(vec![2, 2]).unwrap();
    assert_eq!(dominance(&a, &c).unwrap().solely_at(), Some(2));
    assert!(dominance(&a, &MoveShape::new(vec![2]).unwrap()).is_err());
}

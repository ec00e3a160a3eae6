//! The propagation function against the counting functions: equations (9)–(14) hold exactly
//! on random level-regular shapes.

use minimax_random::MoveShape;
use minimax_random::ScoreError;
use minimax_random::counting::Counts;
use minimax_random::propagation::{
    LevelOutOfRange, eq_le_ratio, iterated_propagation, normalised_scores, propagation,
};
use num_rational::BigRational;
use proptest::prelude::*;

fn ratio(numerator: &num_bigint::BigUint, denominator: &num_bigint::BigUint) -> BigRational {
    BigRational::new(numerator.clone().into(), denominator.clone().into())
}

fn shapes() -> impl Strategy<Value = MoveShape> {
    prop::collection::vec(1u32..=3, 0..=4).prop_map(|children| MoveShape::new(children).unwrap())
}

proptest! {
    /// l_1^i = LE(n, i)/LE(n, α), and EQ/LE by (14) is the counts' EQ(n, i)/LE(n, i).
    #[test]
    fn move_level_is_the_normalised_le(shape in shapes(), alpha in 1u32..=4) {
        let counts = Counts::of_move(&shape, alpha).unwrap();
        for i in 0..=alpha {
            let f = normalised_scores(&shape, alpha, i).unwrap();
            prop_assert_eq!(&f[0], &ratio(counts.at_most(i).unwrap(), counts.at_most(alpha).unwrap()));
            if i >= 1 {
                prop_assert_eq!(eq_le_ratio(&shape, alpha, i).unwrap(), ratio(&counts.equal_to(i).unwrap(), counts.at_most(i).unwrap()));
            }
        }
    }

    /// (13): l_1^i = 𝓕*_φ(f_φ^i) at every level φ.
    #[test]
    fn iterated_propagation_carries_every_level_up(shape in shapes(), alpha in 1u32..=4, i in 0u32..=4) {
        let i = i.min(alpha);
        let f = normalised_scores(&shape, alpha, i).unwrap();
        for phi in 1..=f.len() {
            prop_assert_eq!(&iterated_propagation(&shape, phi, &f[phi - 1]).unwrap(), &f[0]);
        }
    }

    /// 𝓕*_φ is strictly increasing for odd φ and strictly decreasing for even φ.
    #[test]
    fn iterated_propagation_alternates_monotonicity(shape in shapes(), a in 0u32..=20, b in 0u32..=20) {
        prop_assume!(a < b);
        let (low, high) = (BigRational::new(a.into(), 20.into()), BigRational::new(b.into(), 20.into()));
        for phi in 1..=shape.levels() + 1 {
            let (at_low, at_high) = (
                iterated_propagation(&shape, phi, &low).unwrap(),
                iterated_propagation(&shape, phi, &high).unwrap(),
            );
            if phi % 2 == 1 {
                prop_assert!(at_low < at_high);
            } else {
                prop_assert!(at_low > at_high);
            }
        }
    }
}

#[test]
fn propagation_function_values() {
    let half = BigRational::new(1.into(), 2.into());
    assert_eq!(propagation(3, &half), BigRational::new(7.into(), 8.into()));
}

#[test]
fn invalid_arguments_are_errors() {
    let shape = MoveShape::new(vec![2, 3]).unwrap();
    assert_eq!(normalised_scores(&shape, 0, 0), Err(ScoreError::ZeroAlpha));
    assert_eq!(
        normalised_scores(&shape, 3, 4),
        Err(ScoreError::ScoreOutOfRange { score: 4, alpha: 3 })
    );
    assert_eq!(
        eq_le_ratio(&shape, 3, 0),
        Err(ScoreError::ScoreOutOfRange { score: 0, alpha: 3 })
    );
    let z = BigRational::new(1.into(), 3.into());
    assert_eq!(
        iterated_propagation(&shape, 4, &z),
        Err(LevelOutOfRange { level: 4, depth: 3 })
    );
    assert_eq!(
        iterated_propagation(&shape, 0, &z),
        Err(LevelOutOfRange { level: 0, depth: 3 })
    );
}

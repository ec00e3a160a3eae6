//! Nau's w_b, certified by exact bisection.

use minimax_random::nau::w_b;
use num_rational::BigRational;
use num_traits::{One, Zero};

#[test]
fn w_1_is_one_half_and_w_2_is_the_root_of_x2_minus_3x_plus_1() {
    let half = BigRational::new(1.into(), 2.into());
    let w1 = w_b(1).unwrap();
    assert!(w1.low <= half && half <= w1.high);
    // (1 − x)² = x ⇔ x² − 3x + 1 = 0, whose root in [0, 1] is (3 − √5)/2; the polynomial
    // changes sign across the bracket.
    let p = |x: &BigRational| {
        x.clone() * x.clone() - BigRational::from_integer(3.into()) * x.clone() + BigRational::one()
    };
    let w2 = w_b(2).unwrap();
    assert!(p(&w2.low) >= BigRational::zero() && p(&w2.high) <= BigRational::zero());
    assert!(
        w2.high.clone() - w2.low.clone()
            < BigRational::new(1.into(), 1_000_000_000_000_000u64.into())
    );
}

#[test]
fn w_b_decreases_strictly_with_b() {
    let brackets: Vec<_> = (1..=30).map(|b| w_b(b).unwrap()).collect();
    for pair in brackets.windows(2) {
        assert!(pair[1].high < pair[0].low);
    }
    assert!(w_b(0).is_err());
}

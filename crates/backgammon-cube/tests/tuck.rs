//! Tuck's curves against a minimax over the two-step game's decisions on a grid, and the
//! shape of Figure 1 the text describes.

use backgammon_cube::cube::CubeDecisions;
use backgammon_cube::tuck::{TuckError, decisions, double_point, redouble_point, take_point};
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use proptest::prelude::*;

fn fraction(n: i64, d: i64) -> BigRational {
    game_core::number::fraction(n, d).unwrap()
}

/// Who may double.
#[derive(Clone, Copy, PartialEq)]
enum Cube {
    Centred,
    OwnedByA,
    OwnedByB,
}

/// The two-step game by minimax over every cube decision, A's expectation at `stake`.
struct TwoStep {
    p: BigRational,
    q: BigRational,
}

impl TwoStep {
    /// A before his roll: he doubles only if that is strictly better.
    fn a_turn(&self, cube: Cube, stake: &BigRational) -> BigRational {
        let keep = self.a_rolls(cube, stake);
        match self.a_doubles(cube, stake) {
            Some(double) if double > keep => double,
            _ => keep,
        }
    }

    /// A doubles, if he may: B passes (A wins the stake) or takes and owns the cube.
    fn a_doubles(&self, cube: Cube, stake: &BigRational) -> Option<BigRational> {
        if cube == Cube::OwnedByB {
            return None;
        }
        let taken = self.a_rolls(Cube::OwnedByB, &(stake * fraction(2, 1)));
        Some(if taken <= *stake {
            taken
        } else {
            stake.clone()
        })
    }

    fn a_rolls(&self, cube: Cube, stake: &BigRational) -> BigRational {
        &self.p * stake + (BigRational::one() - &self.p) * self.b_turn(cube, stake)
    }

    /// B before his roll: he redoubles if that is strictly better for him; A takes unless
    /// passing loses less.
    fn b_turn(&self, cube: Cube, stake: &BigRational) -> BigRational {
        let keep = self.b_rolls(stake);
        if cube == Cube::OwnedByA {
            return keep;
        }
        let taken = self.b_rolls(&(stake * fraction(2, 1)));
        let passed = -stake.clone();
        let double = if taken >= passed { taken } else { passed };
        if double < keep { double } else { keep }
    }

    fn b_rolls(&self, stake: &BigRational) -> BigRational {
        -(&self.q * stake) + (BigRational::one() - &self.q) * stake
    }

    fn decisions(&self) -> CubeDecisions {
        let one = BigRational::one();
        let double_beats_keeping =
            |cube| self.a_doubles(cube, &one).expect("A may double") > self.a_rolls(cube, &one);
        CubeDecisions {
            double: double_beats_keeping(Cube::Centred),
            redouble: double_beats_keeping(Cube::OwnedByA),
            take: self.a_rolls(Cube::OwnedByB, &fraction(2, 1)) <= one,
        }
    }
}

#[test]
fn curves_agree_with_minimax_on_a_grid() {
    // Steps of 1/40 include the breakpoints 1/4, 1/2 and 3/4. At p = 0, p = 1 or q = 0
    // the game is decided or hopeless and doubling is indifferent (see `decisions`).
    for i in 1..40 {
        for j in 1..=40 {
            let (p, q) = (fraction(i, 40), fraction(j, 40));
            let game = TwoStep {
                p: p.clone(),
                q: q.clone(),
            };
            assert_eq!(
                decisions(&p, &q).unwrap(),
                game.decisions(),
                "p = {p}, q = {q}"
            );
        }
    }
    // A value by hand: at p = q = 1/2, B's cube play on his roll is worth 0 to A, so A
    // keeping expects 1/2; doubled, B taking gives A 2·(1/2) = 1, which B accepts.
    let game = TwoStep {
        p: fraction(1, 2),
        q: fraction(1, 2),
    };
    assert_eq!(
        game.a_turn(Cube::Centred, &BigRational::one()),
        BigRational::one()
    );
}

#[test]
fn curves_are_continuous_at_the_breakpoints() {
    for (curve, name) in [
        (
            double_point as fn(&BigRational) -> Result<BigRational, TuckError>,
            "P_D",
        ),
        (redouble_point, "P_R"),
        (take_point, "P_Q"),
    ] {
        for breakpoint in [fraction(1, 4), fraction(1, 2), fraction(3, 4)] {
            let epsilon = fraction(1, 1_000_000);
            let below = curve(&(&breakpoint - &epsilon)).unwrap();
            let above = curve(&(&breakpoint + &epsilon)).unwrap();
            assert!(
                (above - below).abs() < fraction(1, 100_000),
                "{name} jumps at {breakpoint}"
            );
        }
    }
}

/// Section 4.2: "if (p0, q0) lies in the doubling area of A then [every point with larger p
/// and smaller q] should also lie in his doubling area … it is true in 'our cube' situation
/// but not always in 'my cube' case".
#[test]
fn doubling_area_is_monotone_only_for_our_cube() {
    let grid: Vec<BigRational> = (0..=40).map(|j| fraction(j, 40)).collect();
    let non_decreasing = |curve: fn(&BigRational) -> Result<BigRational, TuckError>| {
        grid.windows(2)
            .all(|w| curve(&w[0]).unwrap() <= curve(&w[1]).unwrap())
    };
    assert!(non_decreasing(double_point));
    assert!(!non_decreasing(redouble_point));
    // A witness: p = 0.55 doubles at q = 1 but not at q = 3/4.
    let p = fraction(55, 100);
    assert!(decisions(&p, &BigRational::one()).unwrap().redouble);
    assert!(!decisions(&p, &fraction(3, 4)).unwrap().redouble);
}

#[test]
fn chances_outside_the_unit_interval_are_errors() {
    let bad = fraction(5, 4);
    assert_eq!(
        take_point(&bad),
        Err(TuckError::NotAProbability(bad.clone()))
    );
    assert_eq!(
        decisions(&fraction(-1, 2), &fraction(1, 2)),
        Err(TuckError::NotAProbability(fraction(-1, 2)))
    );
}

proptest! {
    #[test]
    fn owning_the_cube_makes_doubling_harder(numerator in 0i64..=1000) {
        let q = fraction(numerator, 1000);
        let (d, r, t) = (
            double_point(&q).unwrap(),
            redouble_point(&q).unwrap(),
            take_point(&q).unwrap(),
        );
        prop_assert!(d <= r);
        for curve in [d, r, t] {
            prop_assert!(curve >= BigRational::zero() && curve <= BigRational::one());
        }
    }
}

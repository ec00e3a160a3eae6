//! The section 5 approximations: the floating-point race table against the exact one, the
//! formulas' values and domains, and the accuracy measurements `docs/dotsenko-marynych.md`
//! quotes.

use backgammon_cube::approximation::{
    RaceTableF64, WorstCase, lamford_gasquoine, largest_error, normal, standard_normal_cdf,
};
use backgammon_cube::race::{RaceError, TurnCounts};
use num_traits::ToPrimitive;
use proptest::prelude::*;

#[test]
fn floating_point_table_matches_the_exact_fractions() {
    let exact = TurnCounts::new(60);
    let table = RaceTableF64::new(60);
    for k in 1..=60 {
        for s in 1..=60 {
            let f = exact.win_probability(k, s).unwrap().to_f64().unwrap();
            let error = (table.win_probability(k, s).unwrap() - f).abs();
            assert!(error < 1e-13, "F({k}, {s}): error {error}");
        }
    }
}

#[test]
fn table_rejects_zero_and_out_of_range_pip_counts() {
    let table = RaceTableF64::new(10);
    assert_eq!(table.win_probability(0, 5), Err(RaceError::ZeroPipCount(0)));
    assert_eq!(
        table.win_probability(5, 11),
        Err(RaceError::BeyondTable { count: 11, max: 10 })
    );
}

#[test]
fn standard_normal_cdf_at_known_quantiles() {
    for (z, phi) in [
        (0.0, 0.5),
        (1.0, 0.841_344_746_068_543),
        (1.959_963_984_540_054, 0.975),
        (-2.575_829_303_548_901, 0.005),
    ] {
        assert!((standard_normal_cdf(z) - phi).abs() < 2e-7, "Φ({z})");
    }
}

#[test]
fn lamford_gasquoine_formula_as_read() {
    // 0.5 + (9 + 0.3 + 4·10) / (30 + 70 + 25)
    let value = lamford_gasquoine(30, 40).unwrap();
    assert!((value - (0.5 + 49.3 / 125.0)).abs() < 1e-15);
    assert_eq!(lamford_gasquoine(10, 40), Ok(1.0));
}

#[test]
fn lamford_gasquoine_is_undefined_far_behind() {
    // k + 7(s − k) + 25 = 100 − 630 + 25 < 0
    assert_eq!(
        lamford_gasquoine(100, 10),
        Err(RaceError::OutsideFormula { k: 100, s: 10 })
    );
    assert_eq!(lamford_gasquoine(0, 10), Err(RaceError::ZeroPipCount(0)));
    assert_eq!(normal(10, 0), Err(RaceError::ZeroPipCount(0)));
}

#[test]
fn empty_range_has_no_worst_case() {
    let table = RaceTableF64::new(10);
    #[allow(clippy::reversed_empty_ranges)]
    let empty = 5..=4;
    assert_eq!(largest_error(&table, normal, empty, 3), Ok(None));
    assert_eq!(
        largest_error(&table, normal, 1..=10, 1),
        Err(RaceError::BeyondTable { count: 11, max: 10 })
    );
}

fn worst(
    approximation: fn(u32, u32) -> Result<f64, RaceError>,
    ks: std::ops::RangeInclusive<u32>,
) -> WorstCase {
    let table = RaceTableF64::new(*ks.end() + 30);
    largest_error(&table, approximation, ks, 30)
        .unwrap()
        .unwrap()
}

/// The measurements of docs/dotsenko-marynych.md, to the digits it prints.
#[test]
fn measured_errors_of_the_approximations() {
    let lg_small = worst(lamford_gasquoine, 1..=39);
    assert_eq!((lg_small.k, lg_small.s), (3, 3));
    assert!((lg_small.error - 0.1775).abs() < 5e-5);
    let lg_middle = worst(lamford_gasquoine, 10..=39);
    assert_eq!((lg_middle.k, lg_middle.s), (28, 31));
    assert!((lg_middle.error - 0.0499).abs() < 5e-5);
    let lg_large = worst(lamford_gasquoine, 101..=499);
    assert_eq!((lg_large.k, lg_large.s), (499, 529));
    assert!((lg_large.error - 0.0778).abs() < 5e-5);
    let normal_small = worst(normal, 20..=39);
    assert!((normal_small.error - 0.0225).abs() < 5e-5);
    let normal_large = worst(normal, 101..=499);
    assert_eq!((normal_large.k, normal_large.s), (101, 126));
    assert!((normal_large.error - 0.0012).abs() < 5e-5);
}

proptest! {
    #[test]
    fn approximations_are_probabilities(k in 1u32..1000, lead in 0u32..200) {
        let s = k + lead;
        for value in [lamford_gasquoine(k, s).unwrap(), normal(k, s).unwrap()] {
            prop_assert!((0.0..=1.0).contains(&value));
        }
    }

    #[test]
    fn normal_approximation_grows_with_the_lead(k in 1u32..1000, lead in 0u32..200) {
        prop_assert!(normal(k, k + lead + 1).unwrap() >= normal(k, k + lead).unwrap());
    }
}

proptest! {
    #[test]
    fn floating_point_table_gives_probabilities(k in 1u32..200, s in 1u32..200) {
        let f = RaceTableF64::new(200).win_probability(k, s).unwrap();
        prop_assert!((0.0..=1.0).contains(&f));
    }
}

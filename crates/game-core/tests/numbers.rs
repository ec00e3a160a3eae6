//! Exact and floating evaluation agree; printed numbers are read at their precision.

use game_core::number::{
    NumberError, PrintedNumber, Real, Rounding, decimal_expansion, format_fraction, fraction,
    from_f64, to_f64,
};
use num_rational::BigRational;
use proptest::prelude::*;

/// Relative agreement expected between an f64 evaluation of a short closed form and the
/// exact value rounded to f64: a few ulps per operation.
const CLOSED_FORM_RELATIVE_TOLERANCE: f64 = 1e-13;

/// Johnson's W_H = E(A + EB) / (1 − S(A + EB)) with S = 1 − E and B = 1 − A (Theorem 3.1),
/// written once for both number types.
fn w_h<T: Real>(e: T, a: T) -> T {
    let s = T::one() - e.clone();
    let b = T::one() - a.clone();
    let inner = a + e.clone() * b;
    e * inner.clone() / (T::one() - s * inner)
}

proptest! {
    #[test]
    fn exact_and_f64_evaluations_of_one_formula_agree(
        e_num in 1i64..=1000, a_num in 500i64..=1000,
    ) {
        let e = fraction(e_num, 1000).unwrap();
        let a = fraction(a_num, 1000).unwrap();
        let exact = w_h(e.clone(), a.clone());
        let float = w_h(to_f64(&e), to_f64(&a));
        let reference = to_f64(&exact);
        prop_assert!((float - reference).abs() <= CLOSED_FORM_RELATIVE_TOLERANCE * reference.abs());
        prop_assert!(exact > fraction(0, 1).unwrap() && exact <= fraction(1, 1).unwrap());
    }

    /// Places from 1: an integer printed without a decimal point is read as an exact count.
    #[test]
    fn a_rounded_expansion_is_admitted_by_its_own_print(
        numerator in -10_000_000i64..10_000_000, denominator in 1i64..100_000, places in 1u32..8,
    ) {
        let value = fraction(numerator, denominator).unwrap();
        for rounding in [Rounding::Nearest, Rounding::Truncate] {
            let text = decimal_expansion(&value, places, rounding);
            let printed: PrintedNumber = text.parse().unwrap();
            prop_assert!(printed.admits(&value, rounding), "{} does not admit {}", text, value);
        }
    }

    #[test]
    fn f64_to_fraction_and_back_is_the_identity(x in proptest::num::f64::NORMAL) {
        prop_assert_eq!(to_f64(&from_f64(x).unwrap()), x);
    }
}

#[test]
fn decimal_expansions_round_exactly() {
    let cases = [
        ((1, 3), 4, Rounding::Nearest, "0.3333"),
        ((2, 3), 4, Rounding::Nearest, "0.6667"),
        ((2, 3), 4, Rounding::Truncate, "0.6666"),
        ((7, 9), 5, Rounding::Nearest, "0.77778"),
        ((1, 8), 2, Rounding::Nearest, "0.13"),
        ((-1, 8), 2, Rounding::Nearest, "-0.13"),
        ((-1, 1000), 2, Rounding::Nearest, "0.00"),
        ((5, 2), 0, Rounding::Nearest, "3"),
        ((5, 2), 0, Rounding::Truncate, "2"),
        ((1, 20), 3, Rounding::Nearest, "0.050"),
    ];
    for ((n, d), places, rounding, expected) in cases {
        assert_eq!(
            decimal_expansion(&fraction(n, d).unwrap(), places, rounding),
            expected,
            "{n}/{d} to {places} places"
        );
    }
}

#[test]
fn printed_numbers_admit_exactly_the_values_that_print_as_them() {
    let printed: PrintedNumber = "0.72435".parse().unwrap();
    assert_eq!(printed.decimals(), Some(5));
    let near = |n: i64| fraction(n, 10_000_000).unwrap();
    assert!(printed.admits(&near(7_243_450), Rounding::Nearest));
    assert!(printed.admits(&near(7_243_549), Rounding::Nearest));
    assert!(!printed.admits(&near(7_243_551), Rounding::Nearest));
    assert!(printed.admits(&near(7_243_599), Rounding::Truncate));
    assert!(!printed.admits(&near(7_243_600), Rounding::Truncate));
    assert!(!printed.admits(&near(7_243_499), Rounding::Truncate));

    let count: PrintedNumber = "6872".parse().unwrap();
    assert!(count.admits(&fraction(6872, 1).unwrap(), Rounding::Nearest));
    assert!(!count.admits(&fraction(68721, 10).unwrap(), Rounding::Nearest));

    let interval_low = fraction(7_243_000, 10_000_000).unwrap();
    let interval_high = fraction(7_243_460, 10_000_000).unwrap();
    assert!(printed.admits_interval(&interval_low, &interval_high, Rounding::Nearest));
    assert!(!printed.admits_interval(&interval_low, &near(7_243_440), Rounding::Nearest));
}

#[test]
fn printed_numbers_read_the_forms_papers_use() {
    let read = |s: &str| s.parse::<PrintedNumber>();
    assert_eq!(
        read(".3333").unwrap().value(),
        &fraction(3333, 10_000).unwrap()
    );
    assert_eq!(read("-1").unwrap().value(), &fraction(-1, 1).unwrap());
    assert_eq!(read("-.5").unwrap().value(), &fraction(-1, 2).unwrap());
    assert_eq!(read("7/9").unwrap().decimals(), None);
    assert_eq!(read(" 15 ").unwrap().to_string(), "15");
    for bad in ["", ".", "1.", "1.2.3", "abc", "1e5", "--1", "1/x"] {
        assert!(
            matches!(read(bad), Err(NumberError::Unreadable(_))),
            "{bad:?}"
        );
    }
    assert!(matches!(
        read("1/0"),
        Err(NumberError::ZeroDenominator { .. })
    ));
}

#[test]
fn invalid_numbers_are_errors() {
    assert!(matches!(
        fraction(3, 0),
        Err(NumberError::ZeroDenominator { .. })
    ));
    assert!(matches!(from_f64(f64::NAN), Err(NumberError::NotFinite(_))));
    assert!(matches!(
        from_f64(f64::INFINITY),
        Err(NumberError::NotFinite(_))
    ));
}

#[test]
fn fractions_print_in_lowest_terms() {
    assert_eq!(format_fraction(&fraction(14, 18).unwrap()), "7/9");
    assert_eq!(format_fraction(&fraction(-4, 2).unwrap()), "-2");
    assert_eq!(format_fraction(&BigRational::from_integer(0.into())), "0");
    assert_eq!(to_f64(&fraction(1, 3).unwrap()), 1.0 / 3.0);
}

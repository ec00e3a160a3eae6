//! The misère quotient engine against exhaustive search, which shares no code with it.

use game_core::PlayConvention;
use nim_games::heap_games::Heaps;
use nim_games::misere_quotient::{MisereQuotient, misere_quotient};
use nim_games::sprague_grundy::OutcomeSolver;
use nim_games::{GrundysGame, Nim, OctalGame, TakeAndBreak};

/// Every multiset of heaps from 1 to `max_heap` with at most `max_tokens` tokens.
fn positions(max_heap: u32, max_tokens: u32) -> Vec<Vec<u32>> {
    fn extend(prefix: &mut Vec<u32>, largest: u32, left: u32, out: &mut Vec<Vec<u32>>) {
        out.push(prefix.clone());
        for heap in 1..=largest.min(left) {
            prefix.push(heap);
            extend(prefix, heap, left - heap, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    extend(&mut Vec::new(), max_heap, max_tokens, &mut out);
    out
}

/// The quotient's outcome of every position up to `max_tokens` equals exhaustive search's.
fn agrees_with_search<T: TakeAndBreak + Clone>(
    game: &T,
    quotient: &MisereQuotient,
    max_tokens: u32,
) {
    let heaps = Heaps(game.clone());
    let mut solver = OutcomeSolver::new(&heaps, PlayConvention::Misere);
    for position in positions(quotient.max_heap(), max_tokens) {
        let searched = solver.outcome(&heaps.position(position.clone()));
        assert_eq!(
            quotient.outcome(&position).unwrap(),
            searched,
            "{position:?}"
        );
    }
}

/// The product table is a commutative monoid with identity 0, and reduced: any two
/// elements are told apart by some third.
fn is_reduced_commutative_monoid(quotient: &MisereQuotient) {
    let n = quotient.order();
    let product = |x, y| quotient.product(x, y).unwrap();
    for x in 0..n {
        assert_eq!(product(x, 0), x);
        for y in 0..n {
            assert_eq!(product(x, y), product(y, x));
            for z in 0..n {
                assert_eq!(product(product(x, y), z), product(x, product(y, z)));
            }
        }
    }
    for x in 0..n {
        for y in x + 1..n {
            assert!(
                (0..n).any(|z| quotient.is_p(product(x, z)) != quotient.is_p(product(y, z))),
                "elements {x} and {y} are indistinguishable"
            );
        }
    }
}

#[test]
fn misere_nim_is_bouton_as_a_monoid() {
    // Heaps up to 2^k - 1: 2^k nim-values with a heap of 2 or more, and the parity of 1s.
    for (max_heap, order) in [(1, 2), (3, 6), (7, 10), (15, 18)] {
        let quotient = misere_quotient(&Nim, max_heap).unwrap();
        assert_eq!(quotient.order(), order, "heaps up to {max_heap}");
        is_reduced_commutative_monoid(&quotient);
    }
    agrees_with_search(&Nim, &misere_quotient(&Nim, 7).unwrap(), 18);
}

#[test]
fn kayles_agrees_with_search() {
    let kayles = OctalGame::parse("0.77").unwrap();
    let quotient = misere_quotient(&kayles, 30).unwrap();
    is_reduced_commutative_monoid(&quotient);
    agrees_with_search(&kayles, &quotient, 24);
}

#[test]
fn dawsons_kayles_and_others_agree_with_search() {
    use nim_games::misere_quotient::{QuotientMethod, QuotientOptions};
    for code in ["0.07", "0.137", "0.75", "0.115", "0.152", "4.7", "0.51"] {
        let game = OctalGame::parse(code).unwrap();
        let quotient = misere_quotient(&game, 16).unwrap();
        let learnt = QuotientOptions::new()
            .method(QuotientMethod::Learning)
            .compute(&game, 16);
        assert_eq!(Ok(&quotient), learnt.as_ref(), "{code}");
        is_reduced_commutative_monoid(&quotient);
        agrees_with_search(&game, &quotient, 20);
    }
}

#[test]
fn grundys_game_agrees_with_search() {
    use nim_games::misere_quotient::{QuotientMethod, QuotientOptions};
    let quotient = misere_quotient(&GrundysGame, 14).unwrap();
    let learnt = QuotientOptions::new()
        .method(QuotientMethod::Learning)
        .compute(&GrundysGame, 14);
    assert_eq!(Ok(&quotient), learnt.as_ref());
    is_reduced_commutative_monoid(&quotient);
    agrees_with_search(&GrundysGame, &quotient, 22);
}

#[test]
fn bounds_are_typed_errors() {
    use nim_games::misere_quotient::QuotientError;
    let kayles = OctalGame::parse("0.77").unwrap();
    assert_eq!(
        misere_quotient(&kayles, 256).unwrap_err(),
        QuotientError::HeapTooLarge(256)
    );
    let quotient = misere_quotient(&kayles, 5).unwrap();
    assert!(matches!(
        quotient.outcome(&[3, 6]),
        Err(QuotientError::BeyondQuotient {
            heap: 6,
            max_heap: 5
        })
    ));
    assert_eq!(quotient.product(0, quotient.order()), None);
    assert_eq!(quotient.representative(quotient.order()), None);
    assert!(!quotient.is_p(usize::MAX));
}

#[test]
fn a_search_past_its_budget_is_a_typed_error() {
    use nim_games::misere_quotient::{QuotientError, QuotientOptions};
    // 0.6's quotient needs millions of positions searched by heap 16.
    let game = OctalGame::parse("0.6").unwrap();
    let outcome = QuotientOptions::new()
        .max_searched(100_000)
        .compute(&game, 20);
    assert_eq!(
        outcome.unwrap_err(),
        QuotientError::SearchTooLarge { limit: 100_000 }
    );
}

/// Every octal code of one to three digits (511 games): the quotient to heap 9 is a reduced
/// commutative monoid, the two methods give the same one, and it gives exhaustive search's
/// outcome for every position up to 13 tokens — except 0.354, whose quotient does not close
/// at heap 5 (docs/misere-quotients.md); a check bounded by 200,000 types says so in a few
/// seconds instead of fifty.
#[test]
fn every_octal_code_of_three_digits_agrees_with_search() {
    use nim_games::misere_quotient::{QuotientError, QuotientMethod, QuotientOptions};
    let mut not_closing = Vec::new();
    for code in 1..8 * 8 * 8 {
        let digits = format!("{code:03o}");
        let code = format!("0.{}", digits.trim_end_matches('0'));
        let game = OctalGame::parse(&code).unwrap();
        let options = QuotientOptions::new().max_types(200_000);
        let learnt = options
            .clone()
            .method(QuotientMethod::Learning)
            .compute(&game, 9);
        match options.compute(&game, 9) {
            Ok(quotient) => {
                assert_eq!(Ok(&quotient), learnt.as_ref(), "{code}");
                is_reduced_commutative_monoid(&quotient);
                agrees_with_search(&game, &quotient, 13);
            }
            Err(QuotientError::TooManyTypes { heap, .. }) => {
                assert_eq!(
                    learnt.map(|q| q.order()),
                    Err(QuotientError::TooManyTypes {
                        heap,
                        limit: 200_000
                    })
                );
                not_closing.push((code, heap));
            }
            Err(error) => panic!("{code}: {error}"),
        }
    }
    assert_eq!(not_closing, [("0.354".to_string(), 5)]);
}

/// Dawson's Kayles to heap 30: 360 elements (Siegel's figure, as the issue quotes it; Siegel's
/// MisereSolver, run by hand, gives the same orders heap by heap), with the orders growing at
/// heaps 2, 4, 10, 14, 25, 27 and 30.
#[test]
fn dawsons_kayles_to_heap_30_has_360_elements() {
    let game = OctalGame::parse("0.07").unwrap();
    let quotient = misere_quotient(&game, 30).unwrap();
    assert_eq!(
        quotient.orders(),
        [
            1, 1, 2, 2, 6, 6, 6, 6, 6, 6, 12, 12, 12, 12, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24,
            24, 144, 144, 176, 176, 176, 360
        ]
    );
    assert_eq!(quotient.p_portion().len(), 65);
    is_reduced_commutative_monoid(&quotient);
    agrees_with_search(&game, &quotient, 34);
}

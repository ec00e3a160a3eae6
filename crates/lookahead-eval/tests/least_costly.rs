//! Games 1 and 2 of chapter 6: the memo's claim that looking at the lowest-valued position
//! first is the least costly search for a win (game 1), and its remark on game 2's
//! variance, checked on every small tree.

use game_core::number::fraction;
use lookahead_eval::least_costly::EndpointValueError;
use lookahead_eval::least_costly::{Order, expected_looks};
use num_rational::BigRational;
use tree_gen::FiniteTree;

/// Every binary tree shape with `endpoints` endpoints.
fn shapes(endpoints: usize) -> Vec<FiniteTree> {
    if endpoints == 1 {
        return vec![FiniteTree::Endpoint];
    }
    let mut all = Vec::new();
    for left in 1..endpoints {
        for first in shapes(left) {
            for second in shapes(endpoints - left) {
                all.push(FiniteTree::split(first.clone(), second));
            }
        }
    }
    all
}

/// The least expected number of looks of any search, even one that knows the shape: a
/// minimum over every order of looks, by dynamic programming over the sets of positions
/// seen. Positions are numbered in preorder; `children[i]` are position i's branches.
fn optimal_looks(shape: &FiniteTree, a: &BigRational) -> BigRational {
    fn number(shape: &FiniteTree, children: &mut Vec<Option<(usize, usize)>>) -> usize {
        let index = children.len();
        children.push(None);
        if let FiniteTree::Split(first, second) = shape {
            let f = number(first, children);
            let s = number(second, children);
            children[index] = Some((f, s));
        }
        index
    }
    fn best(
        seen: u64,
        children: &[Option<(usize, usize)>],
        no_win: &BigRational,
        memo: &mut std::collections::HashMap<u64, BigRational>,
    ) -> BigRational {
        if let Some(value) = memo.get(&seen) {
            return value.clone();
        }
        let available = (0..children.len()).filter(|&p| {
            seen & (1 << p) == 0
                && (0..children.len()).any(|q| {
                    seen & (1 << q) != 0 && children[q].is_some_and(|(f, s)| f == p || s == p)
                })
        });
        let mut least: Option<BigRational> = None;
        for p in available.collect::<Vec<_>>() {
            let after = best(seen | 1 << p, children, no_win, memo);
            let cost = match children[p] {
                None => BigRational::from_integer(1.into()) + no_win * after,
                Some(_) => BigRational::from_integer(1.into()) + after,
            };
            if least.as_ref().is_none_or(|l| &cost < l) {
                least = Some(cost);
            }
        }
        let value = least.unwrap_or_else(|| BigRational::from_integer(0.into()));
        memo.insert(seen, value.clone());
        value
    }
    let mut children = Vec::new();
    number(shape, &mut children);
    let no_win = BigRational::from_integer(1.into()) - a;
    best(1, &children, &no_win, &mut std::collections::HashMap::new())
}

const VALUES: [(i64, i64); 3] = [(1, 10), (1, 2), (9, 10)];

/// The memo's claim, on every tree with at most seven endpoints: looking at the lowest
/// position first costs the least of any search — even of one that knew the shape, which a
/// searcher shown only values does not — and strictly less than looking at the highest
/// first once a tree has three endpoints.
#[test]
fn lowest_first_is_the_least_costly_search_on_every_small_tree() {
    for (n, d) in VALUES {
        let a = fraction(n, d).unwrap();
        for k in 1..=7 {
            for shape in shapes(k) {
                let lowest = expected_looks(&shape, &a, Order::LowestFirst).unwrap();
                let highest = expected_looks(&shape, &a, Order::HighestFirst).unwrap();
                assert_eq!(lowest, optimal_looks(&shape, &a), "{shape:?}, a = {a}");
                assert_eq!(lowest < highest, k >= 3, "{shape:?}, a = {a}");
            }
        }
    }
}

/// With every endpoint worth a, a split point's game 1 value is 1 − (1 − a)^K for the K
/// endpoints below it: the value tells K, which is what the search orders by.
#[test]
fn a_game_1_value_tells_the_number_of_endpoints_below() {
    let a = fraction(1, 3).unwrap();
    for k in 1..=6 {
        for shape in shapes(k) {
            let valued = shape.game1(&vec![a.clone(); k]).unwrap();
            let no_win = BigRational::from_integer(1.into()) - &a;
            let expected = BigRational::from_integer(1.into()) - num_traits::pow(no_win, k);
            assert_eq!(valued.value(), &expected);
        }
    }
}

#[test]
fn endpoint_values_outside_0_1_are_errors() {
    let shape = FiniteTree::split(FiniteTree::Endpoint, FiniteTree::Endpoint);
    for (n, d) in [(-1, 2), (3, 2)] {
        let a = fraction(n, d).unwrap();
        assert_eq!(
            expected_looks(&shape, &a, Order::LowestFirst),
            Err(EndpointValueError(a))
        );
    }
}

/// Game 2: a split point is worth the average of its branches, so it is a weighted mean of
/// the endpoints below, with weights w summing to 1. Endpoint values drawn independently
/// with variance σ² give it variance σ²·Σw², which is at most σ²/2 and at least σ²/K for K
/// endpoints (equal only when every endpoint is at the same depth): the memo's "its variance,
/// because it is an average, will be smaller, as a function of the number of endpoints
/// beneath it".
#[test]
fn a_game_2_value_averages_its_endpoints_with_less_variance() {
    let zero = BigRational::from_integer(0.into());
    let one = BigRational::from_integer(1.into());
    for k in 2..=7 {
        for shape in shapes(k) {
            // The weight of endpoint i is the value of the top when endpoint i is worth 1
            // and the others 0.
            let weights: Vec<BigRational> = (0..k)
                .map(|i| {
                    let values: Vec<BigRational> = (0..k)
                        .map(|j| if i == j { one.clone() } else { zero.clone() })
                        .collect();
                    shape.game2(&values).unwrap().value().clone()
                })
                .collect();
            let total: BigRational = weights.iter().sum();
            let squares: BigRational = weights.iter().map(|w| w * w).sum();
            let even = weights.iter().all(|w| w == &weights[0]);
            assert_eq!(total, one);
            assert!(squares <= fraction(1, 2).unwrap());
            assert!(squares >= fraction(1, k as i64).unwrap());
            assert_eq!(squares == fraction(1, k as i64).unwrap(), even, "{shape:?}");
        }
    }
}

//! Game 1 of chapter 6: the least costly search for a win.
//!
//! In game 1 a finite tree's endpoints are each a win with some chance, and a split point is
//! worth the chance that some endpoint below it is a win, 1 − Π(1 − *v*) (`tree_gen::FiniteTree::game1`).
//! Chapter 2 asked for the unlimited look-ahead that finds a win, if there is one, while
//! looking at the fewest positions; in Tree Solitaire it is to look at the highest-valued
//! position first. Johnson (chapter 6) claims the opposite for game 1 when every endpoint is
//! worth the same *a*: "the least costly strategy, in terms of number of positions you need
//! to look at, is to look at the lowest valued point available". A split point's value
//! 1 − (1 − *a*)<sup>*K*</sup> tells the number *K* of endpoints below it, a subtree with *K*
//! endpoints has *K* − 1 split points, and the share of endpoints *K*/(2*K* − 1) falls as *K*
//! grows: the lowest point is the one likeliest to be, or be near, an endpoint.
//!
//! A search here starts having seen the top point, may look at any unseen position whose
//! parent it has seen to be a split point, and stops at the first win it sees (or when every
//! position is seen). Its cost is the number of positions looked at. [`expected_looks`] is
//! that cost's expectation over the wins, exactly, for a search that always looks at the
//! lowest-valued or the highest-valued position available.

use num_rational::BigRational;
use num_traits::{One, Zero};
use tree_gen::FiniteTree;

/// Which available position a search looks at next; among equal values, the one it could
/// see first (the first branch before the second).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// The lowest-valued position: the memo's least costly search in game 1.
    LowestFirst,
    /// The highest-valued position: Papert's best-first search of chapter 2.
    HighestFirst,
}

/// A position of the tree, with the number of endpoints below it (its game 1 value).
struct Point<'s> {
    shape: &'s FiniteTree,
    endpoints: usize,
}

impl<'s> Point<'s> {
    fn new(shape: &'s FiniteTree) -> Self {
        Point {
            shape,
            endpoints: shape.endpoints(),
        }
    }
}

/// Game 1's common endpoint value *a*, the chance that an endpoint is a win, must lie in
/// \[0, 1\]; this one (the value given) does not.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("endpoint value a = {0} is outside [0, 1]")]
pub struct EndpointValueError(pub BigRational);

/// The expected number of positions `order` looks at in game 1 on `shape`, every endpoint
/// a win with chance `a`, until it sees a win or has seen every position.
///
/// The order of the looks depends on the shape alone (a value tells only how many
/// endpoints lie below), so the *i*-th look is made when none of the endpoints seen before
/// it is a win: the cost is Σ<sub>*i*</sub> (1 − *a*)<sup>(endpoints among the first *i* − 1 looks)</sup>.
///
/// # Errors
///
/// [`EndpointValueError`] unless 0 ≤ *a* ≤ 1.
///
/// # Examples
///
/// A top point with an endpoint and a split point with two endpoints below: the lowest-first
/// search looks at the endpoint first and stops there half the time.
///
/// ```
/// use lookahead_eval::number::fraction;
/// use lookahead_eval::least_costly::{Order, expected_looks};
/// use lookahead_eval::tree_gen::FiniteTree;
///
/// let shape = FiniteTree::split(FiniteTree::Endpoint, FiniteTree::split(FiniteTree::Endpoint, FiniteTree::Endpoint));
/// let a = fraction(1, 2).unwrap();
/// // Lowest first: the endpoint (1); if it loses (1/2), the split point (1/2) and its first
/// // branch (1/2); if that loses too (1/4), the second: 1 + 1/2 + 1/2 + 1/4.
/// let lowest = expected_looks(&shape, &a, Order::LowestFirst).unwrap();
/// assert_eq!(lowest, fraction(9, 4).unwrap());
/// // Highest first: the split point (1), then the three endpoints: 1 + 1 + 1/2 + 1/4.
/// let highest = expected_looks(&shape, &a, Order::HighestFirst).unwrap();
/// assert_eq!(highest, fraction(11, 4).unwrap());
/// ```
pub fn expected_looks(
    shape: &FiniteTree,
    a: &BigRational,
    order: Order,
) -> Result<BigRational, EndpointValueError> {
    if a < &BigRational::zero() || a > &BigRational::one() {
        return Err(EndpointValueError(a.clone()));
    }
    let no_win = BigRational::one() - a;
    let mut still_searching = BigRational::one();
    let mut expected = BigRational::zero();
    let mut available: Vec<Point> = match shape {
        FiniteTree::Endpoint => Vec::new(),
        FiniteTree::Split(first, second) => vec![Point::new(first), Point::new(second)],
    };
    while let Some(next) = pick(&available, order) {
        let point = available.remove(next);
        expected += &still_searching;
        match point.shape {
            FiniteTree::Endpoint => still_searching *= &no_win,
            FiniteTree::Split(first, second) => {
                available.push(Point::new(first));
                available.push(Point::new(second));
            }
        }
    }
    Ok(expected)
}

/// The index of the position `order` looks at next; the earliest among equals.
fn pick(available: &[Point], order: Order) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (index, point) in available.iter().enumerate() {
        let better = best.is_none_or(|b| match order {
            Order::LowestFirst => point.endpoints < available[b].endpoints,
            Order::HighestFirst => point.endpoints > available[b].endpoints,
        });
        if better {
            best = Some(index);
        }
    }
    best
}

//! Finite trees given explicitly, and the bottom-up valuations of Johnson's chapter 6.
//!
//! Game 1: each endpoint has a value, the probability that it is a win; a split point is
//! worth the probability that at least one endpoint below it is a win, 1 − Π(1 − v).
//! Game 2: a split point is worth the average of its two branches. In both, values flow
//! from the endpoints up — so, unlike Tree Solitaire, a value says something about the
//! shape of the tree below it.

use game_core::number::Real;

use crate::johnson::{JohnsonTree, Node};

/// A problem with an explicit tree or its valuation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExplicitTreeError {
    /// One endpoint value is needed per endpoint, in left-to-right order.
    #[error("{given} endpoint values for {needed} endpoints")]
    WrongNumberOfValues {
        /// Values given.
        given: usize,
        /// Endpoints in the tree.
        needed: usize,
    },
    /// Game 1's endpoint values are probabilities.
    #[error("endpoint value {0} is not a probability")]
    NotAProbability(String),
    /// The random tree has more points than the limit asked for.
    #[error("the tree has more than {0} points")]
    TooLarge(usize),
}

/// The shape of a finite binary tree: endpoints and split points.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FiniteTree {
    /// An endpoint.
    Endpoint,
    /// A split point and its two branches.
    Split(Box<FiniteTree>, Box<FiniteTree>),
}

/// A finite tree with a value at every point.
#[derive(Debug, Clone, PartialEq)]
pub enum Valued<T> {
    /// An endpoint and its value.
    Endpoint(T),
    /// A split point, its value, and its two branches.
    Split {
        /// The split point's value.
        value: T,
        /// The first branch.
        first: Box<Valued<T>>,
        /// The second branch.
        second: Box<Valued<T>>,
    },
}

impl<T> Valued<T> {
    /// The value at the top of this tree.
    pub fn value(&self) -> &T {
        match self {
            Valued::Endpoint(value) | Valued::Split { value, .. } => value,
        }
    }
}

impl FiniteTree {
    /// A split point with the two branches `first` and `second`.
    pub fn split(first: FiniteTree, second: FiniteTree) -> FiniteTree {
        FiniteTree::Split(Box::new(first), Box::new(second))
    }

    /// Number of endpoints.
    pub fn endpoints(&self) -> usize {
        match self {
            FiniteTree::Endpoint => 1,
            FiniteTree::Split(a, b) => a.endpoints() + b.endpoints(),
        }
    }

    /// The shape of a random tree of Johnson's, read down to its endpoints (`first` is the
    /// high branch).
    ///
    /// # Errors
    ///
    /// [`ExplicitTreeError::TooLarge`] once more than `max_points` points are read (trees
    /// with E < 1/2 may be infinite).
    pub fn from_random(
        tree: &JohnsonTree,
        max_points: usize,
    ) -> Result<FiniteTree, ExplicitTreeError> {
        let mut budget = max_points;
        read_shape(tree, &tree.root(), &mut budget).ok_or(ExplicitTreeError::TooLarge(max_points))
    }

    /// Game 1: endpoints worth `endpoint_values` (left to right), split points worth the
    /// chance that some endpoint below is a win, 1 − Π(1 − v).
    ///
    /// # Errors
    ///
    /// [`ExplicitTreeError::WrongNumberOfValues`], [`ExplicitTreeError::NotAProbability`].
    pub fn game1<T: Real>(&self, endpoint_values: &[T]) -> Result<Valued<T>, ExplicitTreeError> {
        for value in endpoint_values {
            if *value < T::zero() || *value > T::one() {
                return Err(ExplicitTreeError::NotAProbability(format!("{value:?}")));
            }
        }
        // Carry 1 − value (the chance of no win below) up the tree, then convert.
        let no_win: Vec<T> = endpoint_values
            .iter()
            .map(|v| T::one() - v.clone())
            .collect();
        let valued = self.valued(&no_win, &|a: &T, b: &T| a.clone() * b.clone())?;
        Ok(complement(valued))
    }

    /// Game 2: endpoints worth `endpoint_values` (left to right), split points worth the
    /// average of their two branches.
    ///
    /// # Errors
    ///
    /// [`ExplicitTreeError::WrongNumberOfValues`].
    pub fn game2<T: Real>(&self, endpoint_values: &[T]) -> Result<Valued<T>, ExplicitTreeError> {
        let two = T::from_i64(2);
        self.valued(endpoint_values, &|a: &T, b: &T| {
            (a.clone() + b.clone()) / two.clone()
        })
    }

    /// Values the tree bottom-up: endpoints from `endpoint_values`, split points by
    /// `combine` of their branches' values.
    fn valued<T: Clone>(
        &self,
        endpoint_values: &[T],
        combine: &dyn Fn(&T, &T) -> T,
    ) -> Result<Valued<T>, ExplicitTreeError> {
        let needed = self.endpoints();
        if endpoint_values.len() != needed {
            return Err(ExplicitTreeError::WrongNumberOfValues {
                given: endpoint_values.len(),
                needed,
            });
        }
        let mut next = endpoint_values.iter();
        self.value_with(&mut next, combine)
            .ok_or(ExplicitTreeError::WrongNumberOfValues {
                given: endpoint_values.len(),
                needed,
            })
    }

    /// The valued tree, taking endpoint values in order; `None` if they run out.
    fn value_with<'v, T: Clone + 'v>(
        &self,
        values: &mut impl Iterator<Item = &'v T>,
        combine: &dyn Fn(&T, &T) -> T,
    ) -> Option<Valued<T>> {
        Some(match self {
            FiniteTree::Endpoint => Valued::Endpoint(values.next()?.clone()),
            FiniteTree::Split(a, b) => {
                let first = a.value_with(values, combine)?;
                let second = b.value_with(values, combine)?;
                Valued::Split {
                    value: combine(first.value(), second.value()),
                    first: Box::new(first),
                    second: Box::new(second),
                }
            }
        })
    }
}

/// 1 − v at every point.
fn complement<T: Real>(tree: Valued<T>) -> Valued<T> {
    match tree {
        Valued::Endpoint(v) => Valued::Endpoint(T::one() - v),
        Valued::Split {
            value,
            first,
            second,
        } => Valued::Split {
            value: T::one() - value,
            first: Box::new(complement(*first)),
            second: Box::new(complement(*second)),
        },
    }
}

/// The shape below `node`; `None` once the budget of points is spent.
fn read_shape(tree: &JohnsonTree, node: &Node, budget: &mut usize) -> Option<FiniteTree> {
    *budget = budget.checked_sub(1)?;
    Some(match tree.fork(node) {
        None => FiniteTree::Endpoint,
        Some(fork) => FiniteTree::split(
            read_shape(tree, &fork.high, budget)?,
            read_shape(tree, &fork.low, budget)?,
        ),
    })
}

//! The quotient as the methods hand it on, heap by heap, and what they share: the limits
//! of the work, and the merging of states no position tells apart.

use std::collections::HashMap;

use super::rule::{HeapRule, Known, Position};

/// A finite commutative monoid by its product table, its elements 0, …, order − 1, 0 the
/// identity.
pub(super) struct Table {
    pub(super) order: usize,
    /// `products[x * order + y]` = xy.
    pub(super) products: Vec<u32>,
}

impl Table {
    pub(super) fn product(&self, x: u32, y: u32) -> u32 {
        self.products[x as usize * self.order + y as usize]
    }
}

/// A quotient verified for the heaps up to `pretending.len() - 1`.
pub(super) struct Quotient {
    pub(super) table: Table,
    pub(super) p_portion: Vec<bool>,
    /// The least position of each element (fewest heaps, then smallest), the identity's
    /// empty.
    pub(super) representatives: Vec<Position>,
    /// Φ(h) for the heaps h = 0, 1, …
    pub(super) pretending: Vec<u32>,
}

impl Quotient {
    /// The quotient of the empty position alone (heap 0): the identity, an N-position.
    pub(super) fn trivial() -> Self {
        Quotient {
            table: Table {
                order: 1,
                products: vec![0],
            },
            p_portion: vec![false],
            representatives: vec![Vec::new()],
            pretending: vec![0],
        }
    }

    /// The number of elements.
    pub(super) fn order(&self) -> usize {
        self.table.order
    }

    pub(super) fn product(&self, x: u32, y: u32) -> u32 {
        self.table.product(x, y)
    }

    /// Φ of a position.
    pub(super) fn image(&self, position: &[u8]) -> u32 {
        position.iter().fold(0, |x, &heap| {
            self.product(x, self.pretending[heap as usize])
        })
    }

    /// The sorted set of Φ(O) over the moves O of `heap`.
    pub(super) fn option_images(&self, rule: &HeapRule, heap: u8) -> Vec<u32> {
        let mut images: Vec<u32> = rule.moves(heap).iter().map(|o| self.image(o)).collect();
        images.sort_unstable();
        images.dedup();
        images
    }

    /// The quotient as an automaton over the heaps it covers.
    pub(super) fn known(&self) -> Known {
        let below = self.pretending.len();
        let transitions = (0..self.order() as u32)
            .flat_map(|x| self.pretending.iter().map(move |&h| (x, h)))
            .map(|(x, h)| self.product(x, h))
            .collect();
        Known {
            below,
            top_copies: usize::MAX,
            transitions,
            p_portion: self.p_portion.clone(),
        }
    }
}

/// Limits of the search.
#[derive(Debug, Clone, Copy)]
pub(super) struct Limits {
    pub(super) max_order: usize,
    pub(super) max_types: usize,
    pub(super) max_searched: usize,
}

/// The classes of Moore's refinement of an automaton with states 0, …, `states` − 1,
/// predicted outcomes `is_p(state)` and transitions `next(state, letter)` on `letters`
/// letters: two states share a class exactly when every word leads both to the same
/// outcome. Classes are numbered in the order of their first state, so state 0's is 0.
pub(super) fn indistinguishable_classes(
    states: usize,
    letters: usize,
    is_p: impl Fn(usize) -> bool,
    next: impl Fn(usize, usize) -> usize,
) -> Vec<u32> {
    let mut class: Vec<u32> = (0..states).map(|s| u32::from(is_p(s))).collect();
    let mut count = 0;
    loop {
        let mut ids: HashMap<Vec<u32>, u32> = HashMap::new();
        let refined: Vec<u32> = (0..states)
            .map(|s| {
                let mut key = Vec::with_capacity(letters + 1);
                key.push(class[s]);
                key.extend((0..letters).map(|letter| class[next(s, letter)]));
                let id = ids.len() as u32;
                *ids.entry(key).or_insert(id)
            })
            .collect();
        class = refined;
        if ids.len() == count {
            return class;
        }
        count = ids.len();
    }
}

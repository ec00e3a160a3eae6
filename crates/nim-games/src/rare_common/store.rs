//! Where the engine keeps the values it reads: all of them, or, in a streamed run, the
//! first F heaps' (the *front*) and the last ones' (the *recent* values).
//!
//! What the rare/common method reads of G(0), …, G(n − 1) for heap n is, besides the
//! rare heaps' own values: the partners n − k − r of the rare heaps r, the small heaps a
//! of the witness window and their partners n − k − a, and the heaps the moves that
//! leave one heap leave. When every rare heap lies in the front, each of these is a heap
//! of the front or one within F + k + a few blocks of n, so a store that keeps the front
//! and at least that many recent values answers every read of the method but two, which
//! the engine does without in a streamed run: the middle witness window (heaps near n/2)
//! and the scan of every split of n (replaced there by a scan of the splits with a part
//! in the front).

use std::ops::Range;

/// G(0), …, G(n − 1), or the front and recent ones of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct ValueStore {
    /// G(0), …, G(F − 1), copied once the values reach F heaps; empty before, or when
    /// every value is kept.
    front: Vec<u16>,
    /// F: the heaps of the front.
    front_heaps: usize,
    /// G(start), …, G(n − 1).
    recent: Vec<u16>,
    start: usize,
    /// How many recent values are kept at least; `None` when every value is.
    keep: Option<usize>,
}

impl ValueStore {
    /// A store that keeps every value, in `values` (empty, its room reserved).
    pub fn whole(values: Vec<u16>) -> Self {
        ValueStore {
            front: Vec::new(),
            front_heaps: 0,
            recent: values,
            start: 0,
            keep: None,
        }
    }

    /// A store that keeps the first `front_heaps` values and at least the last `keep`,
    /// starting from G(`start`), … = `recent` and the front `front` (G(0), … , as much of
    /// the front as is known).
    pub fn streamed(
        front_heaps: usize,
        keep: usize,
        front: Vec<u16>,
        start: usize,
        recent: Vec<u16>,
    ) -> Self {
        ValueStore {
            front,
            front_heaps,
            recent,
            start,
            keep: Some(keep),
        }
    }

    /// n: the values known.
    pub fn len(&self) -> usize {
        self.start + self.recent.len()
    }

    /// Whether every value is kept.
    pub fn keeps_every_value(&self) -> bool {
        self.keep.is_none()
    }

    /// F: how many of the first heaps a streamed store keeps (0 when it keeps them all).
    pub fn front_heaps(&self) -> usize {
        self.front_heaps
    }

    /// Appends G(n).
    pub fn push(&mut self, value: u16) {
        self.recent.push(value);
        if self.start == 0 && self.recent.len() == self.front_heaps {
            self.front = self.recent.clone();
        }
    }

    /// G(heap): a heap of the front or a recent one, which the engine's reads are by
    /// construction ([`ValueStore`]'s module doc).
    pub fn at(&self, heap: usize) -> u16 {
        match heap.checked_sub(self.start) {
            Some(offset) => self.recent[offset],
            None => self.front[heap],
        }
    }

    /// G(`heaps.start`), …, when every one of them is kept in one piece: all recent, or
    /// all in the front.
    pub fn slice(&self, heaps: Range<usize>) -> Option<&[u16]> {
        if heaps.start >= self.start {
            self.recent
                .get(heaps.start - self.start..heaps.end - self.start)
        } else {
            self.front.get(heaps)
        }
    }

    /// Every value, G(0) first, while every one is kept.
    pub fn every_value(&self) -> Option<&[u16]> {
        (self.start == 0).then_some(&self.recent[..])
    }

    /// The first recent heap and G(start), G(start + 1), ….
    pub fn recent(&self) -> (usize, &[u16]) {
        (self.start, &self.recent)
    }

    /// The first of the last values the store keeps at least (all the recent ones, when
    /// every value is kept), and those values.
    pub fn last_kept(&self) -> (usize, &[u16]) {
        let dropped = self
            .keep
            .map_or(0, |keep| self.recent.len().saturating_sub(keep));
        (self.start + dropped, &self.recent[dropped..])
    }

    /// The front as far as it is known: G(0), ….
    pub fn front(&self) -> &[u16] {
        if self.front.is_empty() {
            &self.recent[..self.recent.len().min(self.front_heaps)]
        } else {
            &self.front
        }
    }

    /// Whether the recent values are twice as many as the store keeps, so that
    /// [`ValueStore::forget_old`] would drop half of them.
    pub fn is_full(&self) -> bool {
        self.keep.is_some_and(|keep| self.recent.len() >= 2 * keep)
    }

    /// Drops the recent values before the last `keep` ones, G(start) on; returns the heap
    /// the recent values now start at. Dropped in large pieces ([`ValueStore::is_full`]),
    /// so that the copy is rare.
    pub fn forget_old(&mut self) -> usize {
        if let Some(keep) = self.keep {
            let dropped = self.recent.len().saturating_sub(keep);
            self.recent.drain(..dropped);
            self.start += dropped;
        }
        self.start
    }

    /// The values the engine holds: every one, or the front and the recent ones.
    pub fn into_values(self) -> Vec<u16> {
        self.recent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_streamed_store_answers_from_the_front_and_the_recent_values() {
        let mut store = ValueStore::streamed(10, 20, Vec::new(), 0, Vec::new());
        for heap in 0..100u16 {
            store.push(3 * heap);
            if store.is_full() {
                store.forget_old();
            }
        }
        assert_eq!(store.len(), 100);
        let (start, recent) = store.recent();
        assert!((60..=80).contains(&start), "{start}");
        assert_eq!(recent.len(), 100 - start);
        for heap in (0..10).chain(start..100) {
            assert_eq!(store.at(heap), 3 * heap as u16);
        }
        assert_eq!(store.slice(2..5), Some(&[6, 9, 12][..]));
        assert_eq!(store.slice(98..100), Some(&[294, 297][..]));
        assert_eq!(store.slice(5..15), None, "the front ends at 10");
        assert_eq!(store.slice(start - 1..start + 1), None);
        assert_eq!(store.every_value(), None);
        assert_eq!(store.front(), (0..10).map(|h| 3 * h).collect::<Vec<u16>>());
    }

    #[test]
    fn a_whole_store_keeps_every_value() {
        let mut store = ValueStore::whole(Vec::new());
        (0..1_000).for_each(|value| store.push(value));
        assert!(!store.is_full());
        assert_eq!(store.forget_old(), 0);
        assert_eq!(store.every_value().map(<[u16]>::len), Some(1_000));
        assert_eq!(store.slice(500..502), Some(&[500, 501][..]));
    }
}

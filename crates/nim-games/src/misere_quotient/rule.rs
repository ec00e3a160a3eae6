//! A take-and-break rule tabulated for the quotient: each heap's moves as sorted byte
//! strings of live heaps, and the misère outcome of any position by search.

use game_core::memory;
use game_core::stop::checkpoint;

use super::QuotientError;
use crate::grundys_game::PositionTable;
use crate::heap_games::{TakeAndBreak, mex_values};

/// Bytes a searched position takes in the outcome table: its boxed key, the key's bytes,
/// the outcome and the map's own bytes (20 million positions were measured at 1.5 to
/// 1.7 GB, 75 to 85 bytes each).
const BYTES_PER_POSITION: u64 = 88;

/// A position: its live heaps (those with a move), ascending, one byte each.
pub(super) type Position = Vec<u8>;

/// The moves of every heap up to a bound, dead heaps (no move) dropped from what they leave.
pub(super) struct HeapRule {
    /// `moves[h]`: the positions a heap of `h` can become, each once.
    moves: Vec<Vec<Position>>,
    /// Normal-play nim-values, to try first the options that are normal P-positions.
    nim_values: Vec<u32>,
}

impl HeapRule {
    pub(super) fn new<T: TakeAndBreak>(game: &T, max_heap: u8) -> Self {
        let mut moves: Vec<Vec<Position>> = vec![Vec::new()];
        for heap in 1..=u32::from(max_heap) {
            let mut options: Vec<Position> = game
                .heap_moves(heap)
                .into_iter()
                .map(|left| {
                    let mut live: Position = left
                        .into_iter()
                        .filter(|&part| !moves[part as usize].is_empty())
                        .map(|part| part as u8)
                        .collect();
                    live.sort_unstable();
                    live
                })
                .collect();
            options.sort_unstable();
            options.dedup();
            moves.push(options);
        }
        HeapRule {
            moves,
            nim_values: mex_values(game, u32::from(max_heap)),
        }
    }

    /// The largest heap tabulated.
    pub(super) fn max_heap(&self) -> u8 {
        (self.moves.len() - 1) as u8
    }

    /// Whether `heap` has a move (else it is the empty game, in either convention).
    pub(super) fn is_live(&self, heap: u8) -> bool {
        !self.moves[heap as usize].is_empty()
    }

    /// What a move on a heap of `heap` can leave.
    pub(super) fn moves(&self, heap: u8) -> &[Position] {
        &self.moves[heap as usize]
    }
}

/// `a + b`: the union of two positions as multisets.
pub(super) fn sum(a: &[u8], b: &[u8]) -> Position {
    let mut merged = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] <= b[j] {
            merged.push(a[i]);
            i += 1;
        } else {
            merged.push(b[j]);
            j += 1;
        }
    }
    merged.extend_from_slice(&a[i..]);
    merged.extend_from_slice(&b[j..]);
    merged
}

/// Writes in `out` the position `position` with its heap at `index` replaced by the heaps
/// `left` (both ascending), keeping it ascending.
fn replace_into(out: &mut Position, position: &[u8], index: usize, left: &[u8]) {
    out.clear();
    let mut left = left.iter().copied().peekable();
    for (at, &heap) in position.iter().enumerate() {
        if at == index {
            continue;
        }
        while let Some(part) = left.next_if(|&part| part < heap) {
            out.push(part);
        }
        out.push(heap);
    }
    out.extend(left);
}

/// Misère outcomes by search, with a table of solved positions. Positions an automaton
/// already verified for them covers are read from it: the quotient of the smaller heaps
/// (`base`), and a candidate verified for the positions with few copies of the newest heap
/// (`partial`).
pub(super) struct MisereOutcomes<'r> {
    rule: &'r HeapRule,
    /// The most positions the table may hold.
    max_searched: usize,
    table: PositionTable,
    base: Option<Known>,
    partial: Option<Known>,
}

/// An automaton proven right on the positions of heaps below `below` in which the largest
/// of them, `below` − 1, appears at most `top_copies` times.
pub(super) struct Known {
    pub(super) below: usize,
    pub(super) top_copies: usize,
    /// `transitions[state * below + heap]`: the state after reading `heap`.
    pub(super) transitions: Vec<u32>,
    pub(super) p_portion: Vec<bool>,
}

impl Known {
    /// The outcome of a non-empty `position` (ascending) if this automaton covers it.
    fn decide(&self, position: &[u8]) -> Option<bool> {
        let top = usize::from(*position.last()?);
        if top >= self.below {
            return None;
        }
        if top + 1 == self.below
            && position
                .iter()
                .rev()
                .take_while(|&&h| usize::from(h) == top)
                .count()
                > self.top_copies
        {
            return None;
        }
        let state = position.iter().fold(0, |state, &heap| {
            self.transitions[state as usize * self.below + usize::from(heap)]
        });
        Some(self.p_portion[state as usize])
    }
}

impl<'r> MisereOutcomes<'r> {
    pub(super) fn new(rule: &'r HeapRule, max_searched: usize) -> Self {
        MisereOutcomes {
            rule,
            max_searched,
            table: PositionTable::default(),
            base: None,
            partial: None,
        }
    }

    /// From now on, the positions `base` covers are read from it (and forgotten by the
    /// table); the partial automaton of the previous heap is dropped.
    pub(super) fn set_base(&mut self, base: Known) {
        self.table
            .retain(|position, _| base.decide(position).is_none());
        self.base = Some(base);
        self.partial = None;
    }

    /// From now on, the positions `partial` covers are read from it.
    pub(super) fn set_partial(&mut self, partial: Known) {
        self.partial = Some(partial);
    }

    /// Whether `position` is a misère P-position: it has a move, and every move leads to
    /// an N-position. The empty position is N (the player to move cannot, and wins).
    ///
    /// # Errors
    ///
    /// [`QuotientError::SearchTooLarge`] when the table would outgrow its limit.
    pub(super) fn is_p(&mut self, position: &[u8]) -> Result<bool, QuotientError> {
        if position.is_empty() {
            return Ok(false);
        }
        let known = [&self.base, &self.partial]
            .into_iter()
            .flatten()
            .find_map(|known| known.decide(position));
        if let Some(p) = known {
            return Ok(p);
        }
        if let Some(&p) = self.table.get(position) {
            return Ok(p);
        }
        if self.table.len() >= self.max_searched {
            return Err(QuotientError::SearchTooLarge {
                limit: self.max_searched,
            });
        }
        checkpoint();
        let mut p = true;
        // One buffer for every option, written only when its turn comes: most searches stop
        // at the first option tried.
        let mut option = Position::with_capacity(position.len() + 2);
        for (index, left) in self.ordered_moves(position) {
            replace_into(&mut option, position, index, left);
            if self.is_p(&option)? {
                p = false;
                break;
            }
        }
        self.make_room()?;
        self.table.insert(position.into(), p);
        Ok(p)
    }

    /// Asks the machine for the table's next growth before it happens: a full table doubles.
    fn make_room(&self) -> Result<(), QuotientError> {
        if self.table.len() < self.table.capacity() {
            return Ok(());
        }
        let next = 2 * self.table.capacity().max(1 << 16);
        memory::ensure(next as u64 * BYTES_PER_POSITION, || {
            format!(
                "growing the misère outcome search's table from {} to {next} positions",
                self.table.len()
            )
        })?;
        Ok(())
    }

    /// The moves of a non-empty position, as the index of the heap moved on and what it
    /// leaves, those to normal-play P-positions first: far more often than not they are
    /// misère P-positions too, and one decides.
    fn ordered_moves(&self, position: &[u8]) -> Vec<(usize, &'r [u8])> {
        let rule = self.rule;
        let value = |heaps: &[u8]| {
            heaps
                .iter()
                .fold(0, |acc, &heap| acc ^ rule.nim_values[heap as usize])
        };
        let total = value(position);
        let mut zero = Vec::new();
        let mut rest = Vec::new();
        for (index, &heap) in position.iter().enumerate() {
            if index > 0 && position[index - 1] == heap {
                continue;
            }
            let others = total ^ rule.nim_values[heap as usize];
            for left in rule.moves(heap) {
                if others ^ value(left) == 0 {
                    zero.push((index, &left[..]));
                } else {
                    rest.push((index, &left[..]));
                }
            }
        }
        zero.extend(rest);
        zero
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replaced_heap_leaves_the_position_ascending() {
        let mut out = Vec::new();
        replace_into(&mut out, &[2, 5, 5, 9], 1, &[1, 5, 10]);
        assert_eq!(out, [1, 2, 5, 5, 9, 10]);
        replace_into(&mut out, &[3], 0, &[]);
        assert!(out.is_empty());
        replace_into(&mut out, &[4, 7], 1, &[4, 4]);
        assert_eq!(out, [4, 4, 4]);
    }
}

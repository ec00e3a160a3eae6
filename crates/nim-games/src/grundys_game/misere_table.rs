//! Misère outcomes of every position of Grundy's game up to a number of live matches, by
//! retrograde analysis over a dense table.
//!
//! A position is a multiset of heaps. Heaps of 1 and 2 matches cannot be split, so they
//! are dead and dropped; a position is then a partition of its *live matches* into parts
//! of at least 3. A move splits a part, so it never adds live matches: the positions with
//! at most `M` live matches are closed under moves, and there are few of them (15.9
//! million for `M` = 92, 171 million for `M` = 113). A search from a single heap of `M`
//! visits nearly all of them anyway.
//!
//! Each position gets an index, its rank by live matches, then lexicographically on the
//! parts in descending order; the table keeps one bit per position. Positions are decided
//! in layers, by live matches and then by number of parts, descending: an option either
//! has fewer live matches (a split that leaves a heap of 1 or 2) or as many, in one part
//! more. So every option is decided before its layer starts, the positions of a layer are
//! independent of each other, and the threads of rayon's pool share each layer out by
//! largest part. The bits do not depend on the number of threads.
//!
//! The index of the parts `p_0 ≥ p_1 ≥ … ≥ p_{k−1}` with `m` live matches is
//! `first(m) + Σ_i C(r_i, p_i − 1)`, where `r_i = p_i + … + p_{k−1}` and `C(r, j)` counts
//! the partitions of `r` into parts from 3 to `j`: the term of part `i` counts the
//! positions that agree on the parts before it and have a smaller part there. The pass
//! keeps these sums for the current position, so the index of each option follows from
//! the few terms that the split changes.

use game_core::memory::{self, MemoryError};
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::GrundysGame;
use crate::heap_games::mex_values;

/// The most positions a [`MisereTable`] holds: 2^34, a table of 2 GiB (reached at 160
/// live matches).
pub const MAX_TABLE_POSITIONS: u64 = 1 << 34;

/// Why a [`MisereTable`] cannot be built or cannot answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MisereTableError {
    /// There are more than [`MAX_TABLE_POSITIONS`] positions with at most this many live
    /// matches.
    #[error(
        "the positions with at most {max_matches} live matches exceed the table's limit of {MAX_TABLE_POSITIONS}"
    )]
    TooManyPositions {
        /// The requested number of live matches.
        max_matches: u32,
    },
    /// The table, a bit a position, is more than the process may use
    /// ([`game_core::memory`]).
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// A position with more live matches than the table holds.
    #[error("a position with {matches} live matches is beyond this table's {max_matches}")]
    BeyondTable {
        /// The position's live matches: the sum of its heaps of 3 or more.
        matches: u64,
        /// The table's largest number of live matches.
        max_matches: u32,
    },
}

/// Misère outcomes of all positions of Grundy's game with at most `max_matches` live
/// matches (the sum of the heaps of 3 or more), one bit each.
///
/// It is independent of [`MisereSolver`](super::MisereSolver), which searches from the
/// queried position with a hash table; the tests compare the two.
///
/// ```
/// use nim_games::grundys_game::MisereTable;
/// let table = MisereTable::new(30).unwrap();
/// assert!(!table.first_player_wins(&[3]).unwrap()); // 3 -> 2,1: the opponent cannot move and wins
/// assert!(table.first_player_wins(&[20]).unwrap()); // 20 -> 18,2 (the note says L: an erratum)
/// assert_eq!(table.winning_splits(20).unwrap(), vec![(18, 2)]);
/// assert!(table.first_player_wins(&[20, 11]).is_err()); // 31 live matches
/// ```
pub struct MisereTable {
    index: PositionIndex,
    second_player_wins: Vec<u64>,
}

impl MisereTable {
    /// Decides every position with at most `max_matches` live matches.
    ///
    /// # Errors
    ///
    /// [`MisereTableError::TooManyPositions`] when there are more than
    /// [`MAX_TABLE_POSITIONS`] of them (`max_matches` above 159);
    /// [`MisereTableError::Memory`] when their table is more than the process may use.
    pub fn new(max_matches: u32) -> Result<Self, MisereTableError> {
        let index = PositionIndex::new(max_matches)?;
        let nim_values = mex_values(&GrundysGame, max_matches);
        let words = index.positions().div_ceil(64) as usize;
        memory::ensure(8 * words as u64, || {
            format!("the misère table of positions with at most {max_matches} live matches")
        })?;
        let bits: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(0)).collect();
        // The empty position, the only one without live matches, is a first-player win:
        // its bit stays 0.
        for matches in 3..=max_matches {
            for count in (1..=matches / 3).rev() {
                decide_layer(&index, &nim_values, &bits, matches, count);
            }
        }
        let second_player_wins = bits.into_iter().map(AtomicU64::into_inner).collect();
        Ok(MisereTable {
            index,
            second_player_wins,
        })
    }

    /// The largest number of live matches in the table.
    pub fn max_matches(&self) -> u32 {
        self.index.max_matches
    }

    /// Number of positions in the table: the partitions of 0 to
    /// [`MisereTable::max_matches`] into parts of at least 3.
    pub fn positions(&self) -> u64 {
        self.index.positions()
    }

    /// Whether the player to move wins the misère game from `heaps`, a multiset of heaps
    /// in any order.
    ///
    /// # Errors
    ///
    /// [`MisereTableError::BeyondTable`] when the heaps of 3 or more hold more than
    /// [`MisereTable::max_matches`] matches.
    pub fn first_player_wins(&self, heaps: &[u32]) -> Result<bool, MisereTableError> {
        let live = || heaps.iter().copied().filter(|&heap| heap >= 3);
        let matches: u64 = live().map(u64::from).sum();
        let beyond = MisereTableError::BeyondTable {
            matches,
            max_matches: self.max_matches(),
        };
        if matches > u64::from(self.max_matches()) {
            return Err(beyond);
        }
        let mut parts = live()
            .map(u8::try_from)
            .collect::<Result<Vec<u8>, _>>()
            .map_err(|_| beyond)?;
        parts.sort_unstable_by(|a, b| b.cmp(a));
        Ok(!self.is_second_player_win(self.index.index(&parts)))
    }

    /// The splits (larger, smaller) of a single heap that win the misère game, larger
    /// part descending; empty when the heap is lost or cannot be split.
    ///
    /// # Errors
    ///
    /// [`MisereTableError::BeyondTable`] for a heap above [`MisereTable::max_matches`].
    pub fn winning_splits(&self, heap: u32) -> Result<Vec<(u32, u32)>, MisereTableError> {
        self.first_player_wins(&[heap])?;
        super::winning_splits_by(heap, |larger, smaller| {
            Ok(!self.first_player_wins(&[larger, smaller])?)
        })
    }

    fn is_second_player_win(&self, index: u64) -> bool {
        self.second_player_wins[(index / 64) as usize] >> (index % 64) & 1 == 1
    }
}

/// Decides every position of `matches` live matches in `count` parts, sharing them out
/// among the threads by their largest part.
fn decide_layer(
    index: &PositionIndex,
    nim_values: &[u32],
    second_player_wins: &[AtomicU64],
    matches: u32,
    count: u32,
) {
    let lowest = matches.div_ceil(count).max(3);
    let highest = matches - 3 * (count - 1);
    (lowest..=highest).into_par_iter().for_each_init(
        || Retrograde::new(index, nim_values, second_player_wins),
        |retrograde, largest| {
            retrograde.start(matches);
            retrograde.push_part(largest);
            retrograde.decide_completions(matches - largest, largest, count - 1);
        },
    );
}

/// The index of each position in the table's order, from counts of partitions.
struct PositionIndex {
    max_matches: u32,
    width: usize,
    /// `partitions[m * width + j]`: `C(m, j)`, the partitions of `m` into parts from 3 to
    /// `j`.
    partitions: Vec<u64>,
    /// `first_index[m]`: the index of the first position with `m` live matches; one entry
    /// more than the matches, so that the last is the number of positions.
    first_index: Vec<u64>,
}

impl PositionIndex {
    fn new(max_matches: u32) -> Result<Self, MisereTableError> {
        let too_many = MisereTableError::TooManyPositions { max_matches };
        if max_matches > u32::from(u8::MAX) {
            return Err(too_many);
        }
        let width = max_matches as usize + 1;
        let mut partitions = vec![0u64; width * width];
        partitions[..width].fill(1);
        for m in 1..width {
            for j in 1..width {
                let without_j = partitions[m * width + j - 1];
                let with_j = if (3..=m).contains(&j) {
                    partitions[(m - j) * width + j]
                } else {
                    0
                };
                partitions[m * width + j] =
                    without_j.checked_add(with_j).ok_or(too_many.clone())?;
            }
        }
        let mut first_index = vec![0u64; width + 1];
        for m in 0..width {
            let all = partitions[m * width + m];
            first_index[m + 1] = first_index[m].checked_add(all).ok_or(too_many.clone())?;
        }
        if first_index[width] > MAX_TABLE_POSITIONS {
            return Err(too_many);
        }
        Ok(PositionIndex {
            max_matches,
            width,
            partitions,
            first_index,
        })
    }

    fn positions(&self) -> u64 {
        self.first_index[self.width]
    }

    /// `C(matches, largest)`: the partitions of `matches` into parts from 3 to `largest`.
    fn partitions(&self, matches: u32, largest: u32) -> u64 {
        self.partitions[matches as usize * self.width + largest as usize]
    }

    /// The index of the position with `parts`, in descending order.
    fn index(&self, parts: &[u8]) -> u64 {
        let matches: u32 = parts.iter().map(|&part| u32::from(part)).sum();
        let mut index = self.first_index[matches as usize];
        let mut remaining = matches;
        for &part in parts {
            let part = u32::from(part);
            index += self.partitions(remaining, part - 1);
            remaining -= part;
        }
        index
    }
}

/// One thread's share of a layer: the current position, with the sums from which its
/// options' indices follow.
struct Retrograde<'a> {
    index: &'a PositionIndex,
    nim_values: &'a [u32],
    /// The table being filled: decided up to the current layer, which only gains bits.
    second_player_wins: &'a [AtomicU64],
    /// The parts of the current position, descending.
    parts: Vec<u8>,
    /// `suffix_matches[i]`: `r_i`, the matches in parts `i..`; one entry more than the
    /// parts, so that the first is the live matches of the current layer.
    suffix_matches: Vec<u32>,
    /// `prefix_ranks[i][d]`: the index terms of parts `..i` once `d` of the position's
    /// matches are dead (a split can kill 0 to 3); one entry more than the parts.
    prefix_ranks: Vec<[u64; 4]>,
}

impl<'a> Retrograde<'a> {
    fn new(
        index: &'a PositionIndex,
        nim_values: &'a [u32],
        second_player_wins: &'a [AtomicU64],
    ) -> Self {
        Retrograde {
            index,
            nim_values,
            second_player_wins,
            parts: Vec::new(),
            suffix_matches: Vec::new(),
            prefix_ranks: Vec::new(),
        }
    }

    /// Empties the current parts, to be filled up to `matches`.
    fn start(&mut self, matches: u32) {
        self.parts.clear();
        self.suffix_matches.clear();
        self.suffix_matches.push(matches);
        self.prefix_ranks.clear();
        self.prefix_ranks.push([0; 4]);
    }

    /// Decides the current parts completed by each partition of `remaining` into `count`
    /// parts from 3 to `largest`.
    fn decide_completions(&mut self, remaining: u32, largest: u32, count: u32) {
        if count == 0 {
            if self.is_current_second_player_win() {
                let own = self.index.first_index[self.suffix_matches[0] as usize]
                    + self.prefix_ranks[self.parts.len()][0];
                self.second_player_wins[(own / 64) as usize]
                    .fetch_or(1 << (own % 64), Ordering::Relaxed);
            }
            return;
        }
        // The rest after `part` must fit `count - 1` parts from 3 to `part`.
        let lowest = remaining.div_ceil(count).max(3);
        let highest = largest.min(remaining - 3 * (count - 1));
        for part in lowest..=highest {
            self.push_part(part);
            self.decide_completions(remaining - part, part, count - 1);
            self.pop_part();
        }
    }

    /// Appends `part`, no larger than the current last part, to the current parts.
    fn push_part(&mut self, part: u32) {
        let remaining = *self
            .suffix_matches
            .last()
            .expect("one entry more than parts");
        let mut ranks = *self.prefix_ranks.last().expect("one entry more than parts");
        for (dead, rank) in (0..).zip(ranks.iter_mut()) {
            *rank += self.index.partitions(remaining - dead, part - 1);
        }
        self.parts.push(part as u8);
        self.suffix_matches.push(remaining - part);
        self.prefix_ranks.push(ranks);
    }

    fn pop_part(&mut self) {
        self.parts.pop();
        self.suffix_matches.pop();
        self.prefix_ranks.pop();
    }

    /// Whether the current position is a second-player win. A heap of 3 is the game *1
    /// (its one option leaves dead heaps), and X + *1 + *1 has the misère outcome of X for
    /// every X (`docs/grundy.md` proves it), so a position with two heaps of 3 has the
    /// outcome of the same position without them, decided in an earlier layer.
    fn is_current_second_player_win(&self) -> bool {
        match self.parts.len().checked_sub(2) {
            Some(rest) if self.parts[rest] == 3 => {
                self.is_second_player_win(self.index.index(&self.parts[..rest]))
            }
            _ => !self.first_player_wins(),
        }
    }

    /// Whether the player to move wins the current position: some option is a
    /// second-player win, or there is no move at all (in misère play the player who cannot
    /// move wins). Options with normal-play nim-value 0 are tried first: they are usually
    /// misère P-positions too, and at an N-position the first win ends the search. The
    /// order changes only the work, never the answer.
    fn first_player_wins(&self) -> bool {
        if self.parts.is_empty() {
            return true;
        }
        let total = self
            .parts
            .iter()
            .fold(0, |value, &part| value ^ self.nim_values[part as usize]);
        self.some_option_wins(total, true) || self.some_option_wins(total, false)
    }

    /// Whether some option of nim-value zero (or nonzero, when `zero` is false) is a
    /// second-player win; `total` is the nim-value of the current position.
    fn some_option_wins(&self, total: u32, zero: bool) -> bool {
        for at in 0..self.parts.len() {
            let heap = u32::from(self.parts[at]);
            if at > 0 && u32::from(self.parts[at - 1]) == heap {
                continue;
            }
            let others = total ^ self.nim_values[heap as usize];
            for (larger, smaller) in GrundysGame::splits(heap) {
                let value =
                    others ^ self.nim_values[larger as usize] ^ self.nim_values[smaller as usize];
                if (value == 0) == zero
                    && self.is_second_player_win(self.option_index(at, larger, smaller))
                {
                    return true;
                }
            }
        }
        false
    }

    fn is_second_player_win(&self, index: u64) -> bool {
        self.second_player_wins[(index / 64) as usize].load(Ordering::Relaxed) >> (index % 64) & 1
            == 1
    }

    /// The index of the option that splits the part at `at` into `larger` and `smaller`.
    ///
    /// The option keeps the parts before `at`, whose terms see `r_i` fall by the dead
    /// matches; then come the later parts above `larger`, whose `r_i` grow by the live new
    /// parts; `larger`; the parts between, whose `r_i` grow by `smaller`; `smaller`; and
    /// the rest, unchanged. A new part goes before the old parts equal to it.
    fn option_index(&self, at: usize, larger: u32, smaller: u32) -> u64 {
        let parts = &self.parts;
        let live = |part: u32| if part >= 3 { part } else { 0 };
        let (larger_live, smaller_live) = (live(larger), live(smaller));
        let dead = u32::from(parts[at]) - larger_live - smaller_live;
        let index = self.index;
        let mut option = index.first_index[(self.suffix_matches[0] - dead) as usize]
            + self.prefix_ranks[at][dead as usize];
        let mut i = at + 1;
        for (new, after) in [
            (larger_live, larger_live + smaller_live),
            (smaller_live, smaller_live),
        ] {
            if new == 0 {
                continue;
            }
            while i < parts.len() && u32::from(parts[i]) > new {
                let part = u32::from(parts[i]);
                option += index.partitions(self.suffix_matches[i] + after, part - 1);
                i += 1;
            }
            option += index.partitions(after + self.suffix_matches[i], new - 1);
        }
        let last = parts.len();
        option + self.prefix_ranks[last][0] - self.prefix_ranks[i][0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every partition of `matches` into parts from 3 to `largest`, descending, in order.
    fn partitions_in_order(matches: u32, largest: u32) -> Vec<Vec<u8>> {
        if matches == 0 {
            return vec![Vec::new()];
        }
        let mut all = Vec::new();
        for part in 3..=largest.min(matches) {
            for mut rest in partitions_in_order(matches - part, part) {
                rest.insert(0, part as u8);
                all.push(rest);
            }
        }
        all
    }

    /// `parts` with the part at `at` split into `larger` and `smaller`, the plain way:
    /// dead parts dropped, then sorted, descending.
    fn built_option(parts: &[u8], at: usize, larger: u32, smaller: u32) -> Vec<u8> {
        let mut option = parts.to_vec();
        option.remove(at);
        option.extend([larger as u8, smaller as u8].iter().filter(|&&p| p >= 3));
        option.sort_unstable_by(|a, b| b.cmp(a));
        option
    }

    #[test]
    fn the_index_ranks_positions_in_enumeration_order() {
        let index = PositionIndex::new(24).unwrap();
        let mut expected = 0;
        for matches in 0..=24 {
            for parts in partitions_in_order(matches, matches) {
                assert_eq!(index.index(&parts), expected, "{parts:?}");
                expected += 1;
            }
        }
        assert_eq!(index.positions(), expected);
    }

    #[test]
    fn each_option_index_is_the_options_own_and_comes_first() {
        let index = PositionIndex::new(22).unwrap();
        let nim_values = mex_values(&GrundysGame, 22);
        let mut retrograde = Retrograde::new(&index, &nim_values, &[]);
        for matches in 0..=22 {
            for parts in partitions_in_order(matches, matches) {
                retrograde.start(matches);
                for &part in &parts {
                    retrograde.push_part(u32::from(part));
                }
                let own = index.index(&parts);
                for (at, &heap) in parts.iter().enumerate() {
                    for (larger, smaller) in GrundysGame::splits(u32::from(heap)) {
                        let option = built_option(&parts, at, larger, smaller);
                        let expected = index.index(&option);
                        assert_eq!(
                            retrograde.option_index(at, larger, smaller),
                            expected,
                            "{parts:?} -> {option:?}"
                        );
                        assert!(expected < own, "{parts:?} -> {option:?}");
                    }
                }
            }
        }
    }

    /// The table against the plainest pass there is: every position in index order, each
    /// option built, sorted and ranked, no shortcut.
    #[test]
    fn the_table_matches_a_plain_pass_over_every_position() {
        const MAX: u32 = 55;
        let table = MisereTable::new(MAX).unwrap();
        let index = &table.index;
        let mut plain = vec![false; index.positions() as usize];
        for matches in 0..=MAX {
            for parts in partitions_in_order(matches, matches) {
                let own = index.index(&parts) as usize;
                let some_option_lost = parts.iter().enumerate().any(|(at, &heap)| {
                    GrundysGame::splits(u32::from(heap)).any(|(larger, smaller)| {
                        plain[index.index(&built_option(&parts, at, larger, smaller)) as usize]
                    })
                });
                plain[own] = !parts.is_empty() && !some_option_lost;
                assert_eq!(
                    table.is_second_player_win(own as u64),
                    plain[own],
                    "{parts:?}"
                );
            }
        }
        assert_eq!(plain.len(), 121_345);
    }

    #[test]
    fn the_bits_do_not_depend_on_the_number_of_threads() {
        let with_threads = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| MisereTable::new(64).unwrap().second_player_wins)
        };
        let one = with_threads(1);
        assert!(one.iter().any(|&word| word != 0));
        assert_eq!(one, with_threads(2));
        assert_eq!(one, with_threads(5));
    }

    #[test]
    fn the_table_size_is_checked() {
        assert_eq!(PositionIndex::new(92).unwrap().positions(), 15_899_634);
        assert_eq!(PositionIndex::new(113).unwrap().positions(), 171_473_425);
        assert_eq!(PositionIndex::new(159).unwrap().positions(), 17_031_763_786);
        assert_eq!(
            PositionIndex::new(160).err(),
            Some(MisereTableError::TooManyPositions { max_matches: 160 })
        );
        assert!(PositionIndex::new(u32::MAX).is_err());
    }
}

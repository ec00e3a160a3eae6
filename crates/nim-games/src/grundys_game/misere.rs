//! Misère outcomes of Grundy's game by exhaustive search, specialised for speed.
//!
//! Misère play has no nim-value shortcut, so positions — multisets of heaps — are searched
//! exhaustively, with a table of solved positions. Three things make it fast: positions are
//! short sorted byte strings without the dead heaps 1 and 2; the table uses a multiplicative
//! hash; and moves are tried in a good order. At an N-position the search stops at the first
//! winning move, so options that are P-positions *in normal play* (nim-value 0) are tried
//! first: far more often than not they are misère P-positions too. The order changes only
//! the work, never the answer.

use game_core::stop::checkpoint;
use rustc_hash::FxHashMap;

use super::GrundysGame;
use crate::heap_games::mex_values;

/// The largest heap the byte encoding holds.
pub const MAX_MISERE_HEAP: u32 = u8::MAX as u32;

/// A heap too large for the misère solver.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("heap {0} is larger than {MAX_MISERE_HEAP}, the largest the misère solver encodes")]
pub struct HeapTooLarge(pub u32);

/// Outcomes of positions keyed by their sorted live heaps, one byte each, hashed by rustc's
/// Fx hash: fast on short keys, and the table is not exposed to adversarial input.
pub(crate) type PositionTable = FxHashMap<Box<[u8]>, bool>;

/// Misère outcomes of positions of Grundy's game, with a table shared by all queries.
///
/// ```
/// use nim_games::grundys_game::MisereSolver;
/// let mut solver = MisereSolver::new();
/// assert!(!solver.first_player_wins(&[3]).unwrap()); // 3 -> 2,1: the opponent cannot move and wins
/// assert!(solver.first_player_wins(&[20]).unwrap()); // 20 -> 18,2 (the note says L: an erratum)
/// ```
pub struct MisereSolver {
    nim_values: Vec<u32>,
    table: PositionTable,
}

impl Default for MisereSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl MisereSolver {
    /// A solver with an empty table.
    pub fn new() -> Self {
        MisereSolver {
            nim_values: mex_values(&GrundysGame, MAX_MISERE_HEAP),
            table: PositionTable::default(),
        }
    }

    /// Whether the player to move wins the misère game from `heaps`.
    ///
    /// # Errors
    ///
    /// [`HeapTooLarge`] for a heap above [`MAX_MISERE_HEAP`].
    pub fn first_player_wins(&mut self, heaps: &[u32]) -> Result<bool, HeapTooLarge> {
        let mut live = Vec::with_capacity(heaps.len());
        for &heap in heaps {
            let byte = u8::try_from(heap).map_err(|_| HeapTooLarge(heap))?;
            if byte >= 3 {
                live.push(byte);
            }
        }
        live.sort_unstable();
        Ok(self.wins(&live))
    }

    /// The splits (larger, smaller) of a single heap that win the misère game.
    ///
    /// # Errors
    ///
    /// [`HeapTooLarge`] for a heap above [`MAX_MISERE_HEAP`].
    pub fn winning_splits(&mut self, heap: u32) -> Result<Vec<(u32, u32)>, HeapTooLarge> {
        super::winning_splits_by(heap, |larger, smaller| {
            Ok(!self.first_player_wins(&[larger, smaller])?)
        })
    }

    /// Number of positions in the table.
    pub fn solved_positions(&self) -> usize {
        self.table.len()
    }

    /// Whether the player to move wins from the sorted live heaps `heaps`.
    fn wins(&mut self, heaps: &[u8]) -> bool {
        if heaps.is_empty() {
            return true; // No move: in misère play the player who cannot move wins.
        }
        if let Some(&known) = self.table.get(heaps) {
            return known;
        }
        // The table holds only finished positions, so a stop here leaves it correct.
        checkpoint();
        let options = self.ordered_options(heaps);
        // An option already known to be lost for its mover decides the position at once.
        let known_win = options
            .iter()
            .any(|option| self.table.get(option.as_slice()) == Some(&false));
        let wins = known_win || options.iter().any(|option| !self.wins(option));
        self.table.insert(heaps.into(), wins);
        wins
    }

    /// The options of `heaps`, those with normal-play nim-value 0 first.
    fn ordered_options(&self, heaps: &[u8]) -> Vec<Vec<u8>> {
        let total: u32 = heaps
            .iter()
            .map(|&h| self.nim_values[h as usize])
            .fold(0, |a, v| a ^ v);
        let mut zero = Vec::new();
        let mut rest = Vec::new();
        for (index, &heap) in heaps.iter().enumerate() {
            if index > 0 && heaps[index - 1] == heap {
                continue;
            }
            let others = total ^ self.nim_values[heap as usize];
            for (larger, smaller) in GrundysGame::splits(u32::from(heap)) {
                let value =
                    others ^ self.nim_values[larger as usize] ^ self.nim_values[smaller as usize];
                let option = replace_heap(heaps, index, larger as u8, smaller as u8);
                if value == 0 {
                    zero.push(option);
                } else {
                    rest.push(option);
                }
            }
        }
        zero.extend(rest);
        zero
    }
}

/// `heaps` with the heap at `index` split into `larger` and `smaller`, sorted, dead heaps
/// dropped.
fn replace_heap(heaps: &[u8], index: usize, larger: u8, smaller: u8) -> Vec<u8> {
    let mut next: Vec<u8> = Vec::with_capacity(heaps.len() + 1);
    next.extend_from_slice(&heaps[..index]);
    next.extend_from_slice(&heaps[index + 1..]);
    for part in [larger, smaller] {
        if part >= 3 {
            let at = next.partition_point(|&h| h < part);
            next.insert(at, part);
        }
    }
    next
}

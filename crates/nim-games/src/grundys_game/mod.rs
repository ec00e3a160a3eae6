//! Grundy's game: split a heap into two heaps of different sizes; normal and misère play.
//!
//! Single heaps in both conventions ([`HeapOutcomes`]), the note's W/L/? reading of them
//! ([`NoteSymbol`]), winning splits, and the nim-values of all heaps up to a bound
//! ([`nim_values`], with options in [`NimValueOptions`]). Misère outcomes by two independent methods: a search from the
//! queried position ([`MisereSolver`]) and a table of every position up to a number of
//! live matches ([`MisereTable`]).

mod misere;
mod misere_table;
pub(crate) mod sparse;

use game_core::PlayConvention;

pub(crate) use misere::PositionTable;
pub use misere::{HeapTooLarge, MAX_MISERE_HEAP, MisereSolver};
pub use misere_table::{MAX_TABLE_POSITIONS, MisereTable, MisereTableError};
pub use sparse::{NimValueError, NimValueOptions, NimValueTable, Schedule, nim_values};

use crate::heap_games::{TakeAndBreak, mex_values};
use crate::sprague_grundy::{OutcomeClass, normal_outcome};

/// Grundy's game: split one heap into two non-empty heaps of different sizes. Heaps of 1
/// and 2 cannot be split.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GrundysGame;

impl GrundysGame {
    /// The splits of `heap` as (larger, smaller), larger first, from (heap − 1, 1) down.
    pub fn splits(heap: u32) -> impl Iterator<Item = (u32, u32)> {
        (1..heap.div_ceil(2)).map(move |smaller| (heap - smaller, smaller))
    }
}

impl TakeAndBreak for GrundysGame {
    fn heap_moves(&self, heap: u32) -> Vec<Vec<u32>> {
        GrundysGame::splits(heap)
            .map(|(larger, smaller)| vec![larger, smaller])
            .collect()
    }
}

/// The splits (larger, smaller) of `heap`, larger part descending, after which
/// `lost(larger, smaller)` says the player to move loses: the winning splits, for any way
/// of deciding positions that can fail.
fn winning_splits_by<E>(
    heap: u32,
    mut lost: impl FnMut(u32, u32) -> Result<bool, E>,
) -> Result<Vec<(u32, u32)>, E> {
    let mut winning = Vec::new();
    for (larger, smaller) in GrundysGame::splits(heap) {
        if lost(larger, smaller)? {
            winning.push((larger, smaller));
        }
    }
    Ok(winning)
}

/// Whether a nim-value of Grundy's game is *rare*: the bits above the lowest have even
/// parity (Winning Ways, chapter 4; the mask …11110 of Flammenkamp's tables). Rare values
/// are closed under XOR with each other; a rare and a common value XOR to a common one.
///
/// ```
/// use nim_games::grundys_game::is_rare_value;
/// assert!(is_rare_value(0) && is_rare_value(1) && is_rare_value(6));
/// assert!(!is_rare_value(2) && !is_rare_value(5) && !is_rare_value(128));
/// ```
pub fn is_rare_value(value: u32) -> bool {
    (value >> 1).count_ones().is_multiple_of(2)
}

/// How the note labels a heap: W or L for the first player, or "?" where "A can win in
/// either game" — where the first player wins both the normal and the misère game.
///
/// The note's tables are consistent with exactly this reading: every "?" heap is an
/// N-position in both conventions, every other heap's W/L is its outcome in the column's
/// convention (`docs/grundy.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NoteSymbol {
    /// The first player (A) wins this version only.
    Win,
    /// The first player loses this version.
    Lose,
    /// The first player wins both versions ("?").
    Either,
}

impl NoteSymbol {
    /// The symbol of a heap in the column of `convention`, from its outcome classes.
    pub fn of(normal: OutcomeClass, misere: OutcomeClass, convention: PlayConvention) -> Self {
        let own = match convention {
            PlayConvention::Normal => normal,
            PlayConvention::Misere => misere,
        };
        match (normal, misere, own) {
            (OutcomeClass::N, OutcomeClass::N, _) => NoteSymbol::Either,
            (_, _, OutcomeClass::N) => NoteSymbol::Win,
            (_, _, OutcomeClass::P) => NoteSymbol::Lose,
        }
    }

    /// "W", "L" or "?", as the note prints it.
    pub fn as_str(self) -> &'static str {
        match self {
            NoteSymbol::Win => "W",
            NoteSymbol::Lose => "L",
            NoteSymbol::Either => "?",
        }
    }
}

/// Single heaps of Grundy's game, solved in both conventions: nim-values for normal play
/// and exhaustive search over multisets of heaps ([`MisereSolver`]) for misère play.
pub struct HeapOutcomes {
    nim_values: Vec<u32>,
    misere: MisereSolver,
}

impl HeapOutcomes {
    /// Solves heaps up to `max_heap` in normal play; misère positions are solved on
    /// demand.
    ///
    /// # Errors
    ///
    /// [`HeapTooLarge`] if `max_heap` is above [`MAX_MISERE_HEAP`], the largest heap the
    /// misère solver encodes.
    pub fn new(max_heap: u32) -> Result<Self, HeapTooLarge> {
        if max_heap > MAX_MISERE_HEAP {
            return Err(HeapTooLarge(max_heap));
        }
        Ok(HeapOutcomes {
            nim_values: mex_values(&GrundysGame, max_heap),
            misere: MisereSolver::new(),
        })
    }

    /// The largest heap solved in normal play.
    pub fn max_heap(&self) -> u32 {
        (self.nim_values.len() - 1) as u32
    }

    /// The nim-value G(`heap`), or `None` beyond [`HeapOutcomes::max_heap`].
    pub fn nim_value(&self, heap: u32) -> Option<u32> {
        self.nim_values.get(heap as usize).copied()
    }

    /// The outcome class of the position `heaps` (any multiset) under `convention`; `None`
    /// when a heap is beyond [`HeapOutcomes::max_heap`].
    pub fn outcome(&mut self, heaps: &[u32], convention: PlayConvention) -> Option<OutcomeClass> {
        if heaps.iter().any(|&heap| heap > self.max_heap()) {
            return None;
        }
        match convention {
            PlayConvention::Normal => {
                let mut value = 0;
                for &heap in heaps {
                    value ^= self.nim_value(heap)?;
                }
                Some(normal_outcome(value))
            }
            PlayConvention::Misere => {
                let wins = self.misere.first_player_wins(heaps).ok()?;
                Some(if wins {
                    OutcomeClass::N
                } else {
                    OutcomeClass::P
                })
            }
        }
    }

    /// The note's symbol for a single heap in the column of `convention`.
    pub fn symbol(&mut self, heap: u32, convention: PlayConvention) -> Option<NoteSymbol> {
        let normal = self.outcome(&[heap], PlayConvention::Normal)?;
        let misere = self.outcome(&[heap], PlayConvention::Misere)?;
        Some(NoteSymbol::of(normal, misere, convention))
    }

    /// The splits (larger, smaller) of a single heap that win under `convention`, larger
    /// part descending; empty when the heap is lost (or cannot be split).
    pub fn winning_splits(
        &mut self,
        heap: u32,
        convention: PlayConvention,
    ) -> Option<Vec<(u32, u32)>> {
        winning_splits_by(heap, |larger, smaller| {
            let outcome = self.outcome(&[larger, smaller], convention).ok_or(())?;
            Ok::<_, ()>(outcome == OutcomeClass::P)
        })
        .ok()
    }

    /// Number of misère positions (canonical multisets) solved so far.
    pub fn misere_positions_solved(&self) -> usize {
        self.misere.solved_positions()
    }
}

//! Heap games: Nim, subtraction games, Grundy's game and the octal (take-and-break) games.
//!
//! A move changes one heap; [`TakeAndBreak`] says how a single heap can change, and
//! [`Heaps`] plays any such rule on a multiset of heaps as an [`ImpartialGame`]. The
//! nim-value of a multiset is the XOR of its heaps' values, so [`nim_sequence`] — G(0), …,
//! G(n) of single heaps — is all normal play needs.

use game_core::ImpartialGame;

use crate::rare_common::NimValueError;
use crate::sprague_grundy::{canonical_heaps, mex};

/// Invalid parameters of a heap game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HeapGameError {
    /// A subtraction game needs at least one amount to subtract.
    #[error("the subtraction set is empty")]
    EmptySubtractionSet,
    /// Subtracting nothing is not a move.
    #[error("the subtraction set contains 0")]
    ZeroInSubtractionSet,
    /// An octal code must read `d0.d1d2…` with octal digits, d0 in {0, 4}, and some move.
    #[error("malformed octal code {code:?}: {reason}")]
    MalformedOctalCode {
        /// The code given.
        code: String,
        /// What is wrong with it.
        reason: &'static str,
    },
}

/// A rule for changing a single heap, the heaps left by each move listed explicitly.
pub trait TakeAndBreak {
    /// Every way one move can change a heap of `heap` tokens: the heaps it leaves (an empty
    /// list when the heap is removed entirely). Heaps of size 0 are never listed.
    fn heap_moves(&self, heap: u32) -> Vec<Vec<u32>>;
}

/// Nim: take any positive number of tokens from one heap. G(n) = n.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Nim;

impl TakeAndBreak for Nim {
    fn heap_moves(&self, heap: u32) -> Vec<Vec<u32>> {
        (0..heap)
            .map(|left| if left == 0 { Vec::new() } else { vec![left] })
            .collect()
    }
}

/// A subtraction game: take *s* tokens from one heap, *s* in a finite subtraction set *S*.
///
/// The matches game of the course report (take 1, 2 or 3; the player *left with one match*
/// loses) is *S* = {1, 2, 3} in normal play on a heap of *n* − 1: a player facing one match has
/// a heap of 0, cannot move, and loses. It has the same outcome classes as misère play of
/// *S* on a heap of *n* (the player who takes the last match loses), P exactly when
/// *n* ≡ 1 (mod 4), but not the same game tree: misère play also allows taking every match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubtractionGame {
    subtraction_set: Vec<u32>,
}

impl SubtractionGame {
    /// The game with subtraction set `subtraction_set` (duplicates are ignored).
    ///
    /// # Errors
    ///
    /// [`HeapGameError::EmptySubtractionSet`], [`HeapGameError::ZeroInSubtractionSet`].
    pub fn new(subtraction_set: &[u32]) -> Result<Self, HeapGameError> {
        if subtraction_set.is_empty() {
            return Err(HeapGameError::EmptySubtractionSet);
        }
        if subtraction_set.contains(&0) {
            return Err(HeapGameError::ZeroInSubtractionSet);
        }
        let mut set = subtraction_set.to_vec();
        set.sort_unstable();
        set.dedup();
        Ok(SubtractionGame {
            subtraction_set: set,
        })
    }

    /// The subtraction set *S*, sorted.
    pub fn subtraction_set(&self) -> &[u32] {
        &self.subtraction_set
    }
}

impl TakeAndBreak for SubtractionGame {
    fn heap_moves(&self, heap: u32) -> Vec<Vec<u32>> {
        self.subtraction_set
            .iter()
            .filter(|&&take| take <= heap)
            .map(|&take| {
                if take == heap {
                    Vec::new()
                } else {
                    vec![heap - take]
                }
            })
            .collect()
    }
}

/// An octal game, given by its code `d0.d1d2d3…` (Winning Ways, chapter 4): digit *d_k* says,
/// as the sum of 1, 2 and 4, whether *k* tokens may be removed from a heap leaving no heap
/// (1), one non-empty heap (2) or two non-empty heaps (4). Kayles is `0.77`, Dawson's Kayles
/// `0.07`; *d0* = 4 allows splitting a heap without removing anything.
///
/// ```
/// use nim_games::heap_games::{OctalGame, nim_sequence};
/// let kayles = OctalGame::parse("0.77").unwrap();
/// assert_eq!(nim_sequence(&kayles, 8)?, [0, 1, 2, 3, 1, 4, 3, 2, 1]);
/// # Ok::<(), nim_games::octal::NimValueError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OctalGame {
    code: String,
    /// `digits[k]` is *d_k*.
    digits: Vec<u8>,
}

impl OctalGame {
    /// Reads an octal code such as `0.77`, `.07` or `4.0`.
    ///
    /// # Errors
    ///
    /// [`HeapGameError::MalformedOctalCode`] unless the code is `d0.d1d2…` with octal digits,
    /// *d0* in {0, 4}, and at least one non-zero digit.
    pub fn parse(code: &str) -> Result<Self, HeapGameError> {
        let malformed = |reason| HeapGameError::MalformedOctalCode {
            code: code.to_string(),
            reason,
        };
        let (whole, fraction) = code.trim().split_once('.').ok_or(malformed("no '.'"))?;
        let d0 = match whole {
            "" | "0" => 0,
            "4" => 4,
            _ => return Err(malformed("the digit before '.' must be 0 or 4")),
        };
        let mut digits = vec![d0];
        for c in fraction.chars() {
            let digit = c.to_digit(8).ok_or(malformed("digits must be 0-7"))?;
            digits.push(digit as u8);
        }
        if digits.iter().all(|&d| d == 0) {
            return Err(malformed("no move is allowed"));
        }
        Ok(OctalGame {
            code: code.trim().to_string(),
            digits,
        })
    }

    /// d0, d1, …: the digits of the code.
    pub(crate) fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The code as given.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The largest number of tokens one move removes (*t* of the periodicity theorem).
    pub fn max_removal(&self) -> u32 {
        self.digits.iter().rposition(|&d| d != 0).unwrap_or(0) as u32
    }
}

impl TakeAndBreak for OctalGame {
    fn heap_moves(&self, heap: u32) -> Vec<Vec<u32>> {
        let mut moves = Vec::new();
        for (removed, &digit) in self.digits.iter().enumerate() {
            let removed = removed as u32;
            if removed > heap {
                break;
            }
            let left = heap - removed;
            if digit & 1 != 0 && left == 0 && removed > 0 {
                moves.push(Vec::new());
            }
            if digit & 2 != 0 && left > 0 && removed > 0 {
                moves.push(vec![left]);
            }
            if digit & 4 != 0 {
                moves.extend((1..=left / 2).map(|smaller| vec![left - smaller, smaller]));
            }
        }
        moves
    }
}

/// A take-and-break rule played on a multiset of heaps, as an [`ImpartialGame`] whose
/// positions are canonical: sorted, without the heaps that have no move.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Heaps<T>(pub T);

impl<T: TakeAndBreak> Heaps<T> {
    /// The canonical position of the heaps `heaps`.
    pub fn position(&self, heaps: Vec<u32>) -> Vec<u32> {
        canonical_heaps(heaps, |heap| {
            heap == 0 || self.0.heap_moves(heap).is_empty()
        })
    }
}

impl<T: TakeAndBreak> ImpartialGame for Heaps<T> {
    type Position = Vec<u32>;

    fn options(&self, heaps: &Vec<u32>) -> Vec<Vec<u32>> {
        let mut options = Vec::new();
        for (index, &heap) in heaps.iter().enumerate() {
            if index > 0 && heaps[index - 1] == heap {
                continue; // The same move from an equal heap gives the same position.
            }
            for left in self.0.heap_moves(heap) {
                let mut next: Vec<u32> = heaps[..index].to_vec();
                next.extend_from_slice(&heaps[index + 1..]);
                next.extend(left);
                let next = self.position(next);
                if !options.contains(&next) {
                    options.push(next);
                }
            }
        }
        options
    }
}

/// The nim-values G(0), G(1), …, G(`max_heap`) of single heaps, by the mex rule: G(n) is the
/// mex over moves of the XOR of the values of the heaps left — the definition, quadratic for
/// splitting games. The fast ones are [`crate::octal::octal_values`] for octal games and
/// [`crate::grundys_game::nim_values`] for Grundy's game; all three give the values as `u16`.
///
/// # Errors
///
/// [`NimValueError::ValueOverflow`] for a value past 65,534 (Nim's heaps past 65,534).
pub fn nim_sequence<T: TakeAndBreak>(game: &T, max_heap: u32) -> Result<Vec<u16>, NimValueError> {
    mex_values(game, max_heap)
        .into_iter()
        .enumerate()
        .map(|(heap, value)| {
            u16::try_from(value)
                .ok()
                .filter(|&value| value < u16::MAX)
                .ok_or(NimValueError::ValueOverflow { heap: heap as u64 })
        })
        .collect()
}

/// G(0), …, G(`max_heap`) by the mex rule, as [`nim_sequence`] but unbounded: for the
/// searches whose heaps are few enough that every value is small.
pub(crate) fn mex_values<T: TakeAndBreak>(game: &T, max_heap: u32) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(max_heap as usize + 1);
    for heap in 0..=max_heap {
        let value = mex(game.heap_moves(heap).iter().map(|left| {
            left.iter()
                .fold(0, |acc, &part| acc ^ values[part as usize])
        }));
        values.push(value);
    }
    values
}

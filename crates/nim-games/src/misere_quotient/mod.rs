//! Misère quotients: the positions of a take-and-break game modulo misère
//! indistinguishability (Plambeck, *Taming the wild in impartial combinatorial games*,
//! INTEGERS 5 (2005) G05; Plambeck and Siegel, *Misère quotients for impartial games*,
//! JCTA 115 (2008)).
//!
//! Let 𝒜_n be the positions whose heaps have at most *n* tokens: the sums of heaps
//! H_1, …, H_n. Two positions G and H are *indistinguishable*, G ≡ H, when G + X and H + X
//! have the same misère outcome for every X in 𝒜_n. The classes form a commutative monoid,
//! the (partial) misère quotient 𝒬_n; the *pretending function* Φ sends a position to its
//! class, and the *P-portion* 𝒫 ⊆ 𝒬_n holds the classes of the misère P-positions. The
//! outcome of any sum of heaps up to *n* is then a product in 𝒬_n: G is P exactly when
//! Φ(G) ∈ 𝒫. In normal play 𝒬_n is a group of nim-values; in misère play it can be any of
//! a rich family of monoids, and finding it solves the game's misère play for those heaps.
//!
//! [`misere_quotient`] computes 𝒬_n heap by heap, each step proven, by Plambeck and
//! Siegel's least-failure method where it succeeds and by a second method of ours where it
//! gives up (or alone, [`QuotientMethod::Learning`], to check the first by): see
//! [`MisereQuotient`] and `docs/misere-quotients.md`.
//!
//! ```
//! use nim_games::{Nim, OctalGame, OutcomeClass};
//! use nim_games::misere_quotient::misere_quotient;
//!
//! // Misère Nim with heaps up to 3: the position's nim-value if some heap is 2 or 3 (four
//! // classes), else the parity of its 1s (two) — Bouton's rule as a monoid of order 6.
//! let nim = misere_quotient(&Nim, 3)?;
//! assert_eq!(nim.order(), 6);
//! assert_eq!(nim.outcome(&[1, 1])?, OutcomeClass::N); // take one: the opponent takes the last
//! assert_eq!(nim.outcome(&[1, 1, 1])?, OutcomeClass::P);
//! assert_eq!(nim.outcome(&[1, 2, 3])?, OutcomeClass::P); // a heap of 2 or more: nim-sum 0
//! assert_eq!(nim.outcome(&[1, 2, 2])?, OutcomeClass::N);
//!
//! // Misère Kayles (0.77) for heaps up to 10.
//! let kayles = misere_quotient(&OctalGame::parse("0.77")?, 10)?;
//! println!("{}", kayles.presentation());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod learn;
mod least_failure;
mod presentation;
mod quotient;
mod rule;
mod verify;

pub use presentation::{Presentation, Word, generator_name};

use crate::heap_games::TakeAndBreak;
use crate::sprague_grundy::OutcomeClass;
use learn::build;
use quotient::{Limits, Quotient, Table};
use rule::HeapRule;

/// The largest heap a quotient takes: heaps are held in one byte.
pub const MAX_QUOTIENT_HEAP: u32 = u8::MAX as u32;

/// The most elements a quotient may have: its multiplication table then takes 64 MiB.
pub const MAX_QUOTIENT_ORDER: usize = 4096;

/// The most position types one check may explore by default (about 1 kB a type for the
/// largest quotients, so up to about 2 GB, asked of the machine as the types grow); see
/// [`QuotientOptions::max_types`].
pub const MAX_POSITION_TYPES: usize = 2_000_000;

/// The most positions the outcome search keeps by default (about 1.5 GB); see
/// [`QuotientOptions::max_searched`].
pub const MAX_SEARCHED_POSITIONS: usize = 20_000_000;

/// Why a quotient cannot be computed or cannot answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum QuotientError {
    /// A heap above [`MAX_QUOTIENT_HEAP`] was asked for.
    #[error("heap {0} is larger than {MAX_QUOTIENT_HEAP}, the largest a quotient takes")]
    HeapTooLarge(u32),
    /// A position with a heap the quotient does not cover.
    #[error("heap {heap} is beyond this quotient's largest heap {max_heap}")]
    BeyondQuotient {
        /// The heap.
        heap: u32,
        /// The quotient's largest heap.
        max_heap: u32,
    },
    /// The quotient grew past [`MAX_QUOTIENT_ORDER`] elements.
    #[error("the quotient for heaps up to {heap} has more than {limit} elements")]
    TooLarge {
        /// The heap being added.
        heap: u32,
        /// The limit.
        limit: usize,
    },
    /// The outcome search's table would grow past the memory the process may use, asked
    /// before each growth ([`game_core::memory`]).
    #[error(transparent)]
    Memory(#[from] game_core::memory::MemoryError),
    /// The outcome search needed more positions than its limit
    /// ([`QuotientOptions::max_searched`]).
    #[error("the outcome search needs more than {limit} positions")]
    SearchTooLarge {
        /// The limit.
        limit: usize,
    },
    /// The check of a candidate met more than its limit of types
    /// ([`QuotientOptions::max_types`]). A quotient that does not close ends here: 0.354's
    /// for heaps up to 5 grows with every copy of heap 5 it is checked on (it may be
    /// infinite; see `docs/misere-quotients.md`).
    #[error("checking the quotient for heaps up to {heap} needs more than {limit} position types")]
    TooManyTypes {
        /// The heap being added.
        heap: u32,
        /// The limit.
        limit: usize,
    },
}

/// The misère quotient 𝒬_n of a take-and-break game for heaps up to *n*: its elements are
/// numbered 0, 1, …, [`order`](Self::order) − 1, 0 the identity (the empty position), in
/// the order their least positions are met (fewest heaps, then smallest).
///
/// # How it is computed, and why it is right
///
/// Heap by heap. For each new heap *h* (with 𝒬_{h−1} known):
/// 1. if *h*'s moves reach the same set of elements as an earlier heap's, *h* is
///    indistinguishable from it;
/// 2. else, if the quotient does not grow, Φ(H_h) must be the one element whose products
///    with every element are P exactly where H_h plus that element's least position is a
///    misère P-position (searched for directly); if there is one, it is checked;
/// 3. else a larger candidate is built by Plambeck and Siegel's method
///    ([`QuotientMethod::LeastFailure`]): a monoid with a pretending function, its
///    P-portion marked from each element's least position, mended at its least *failure*
///    (a position whose prediction disagrees with its options' predictions; positions
///    ordered so that options come first) until it has none — which proves it;
/// 4. where that gives up, or by [`QuotientMethod::Learning`], a larger candidate is
///    learnt from outcomes found by search (states are positions told apart by *test*
///    positions; Angluin's method) and checked; a failed check yields a position that
///    separates two states, and the candidate is learnt again.
///
/// The check of steps 2 and 4 (in `verify`) proves a candidate: it is right for every
/// position of 𝒜_h if, for every position, its prediction agrees with the predictions for
/// its options, and that needs only the finitely many *types* (state, set of the options'
/// states) reachable from the empty position. A candidate's states are told apart by
/// actual outcomes (step 4) or merged until they are (step 3), so a checked candidate is
/// reduced: it *is* the quotient.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereQuotient {
    max_heap: u32,
    order: usize,
    products: Vec<u32>,
    p_portion: Vec<bool>,
    representatives: Vec<Vec<u8>>,
    pretending: Vec<u32>,
    orders: Vec<usize>,
}

/// The misère quotient of `game` for heaps up to `max_heap`.
///
/// ```
/// use nim_games::OctalGame;
/// use nim_games::misere_quotient::misere_quotient;
/// let dawson = misere_quotient(&OctalGame::parse("0.07")?, 8)?;
/// assert_eq!(dawson.orders()[..4], [1, 1, 2, 2]); // heaps 0, 1 are empty games; heap 2 is *1
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`QuotientError::HeapTooLarge`] above [`MAX_QUOTIENT_HEAP`];
/// [`QuotientError::TooLarge`], [`QuotientError::TooManyTypes`] or
/// [`QuotientError::SearchTooLarge`] when the quotient, its check or the outcome search
/// outgrows its limit.
pub fn misere_quotient<T: TakeAndBreak>(
    game: &T,
    max_heap: u32,
) -> Result<MisereQuotient, QuotientError> {
    QuotientOptions::new().compute(game, max_heap)
}

/// How a quotient is built when a new heap enlarges it (a heap that is an element the
/// quotient already has is found the same way by both). Either way every result is proven,
/// and the two give the same quotient: they are independent computations to check each
/// other by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum QuotientMethod {
    /// Plambeck and Siegel's, as Siegel's MisereSolver runs it: candidates mended at their
    /// least failure, every outcome read from a candidate, none searched. Where it gives up
    /// (a failure no recalibration mends, or its share of the work bound
    /// [`QuotientOptions::max_types`]), [`Learning`](Self::Learning) takes over that heap.
    #[default]
    LeastFailure,
    /// Ours alone: candidates learnt from outcomes found by search, proven by the type
    /// search. Much slower where the quotient splits classes (Dawson's Kayles at heap 25).
    Learning,
}

/// Options of a quotient computation: the method, a progress report and bounds on the
/// work.
#[derive(Debug, Clone)]
pub struct QuotientOptions<P = fn(u32, usize)> {
    progress: Option<P>,
    method: QuotientMethod,
    max_searched: usize,
    max_types: usize,
}

impl Default for QuotientOptions {
    fn default() -> Self {
        Self::new()
    }
}

impl QuotientOptions {
    /// The least-failure method; no progress report; at most [`MAX_SEARCHED_POSITIONS`]
    /// positions searched and [`MAX_POSITION_TYPES`] types checked.
    pub fn new() -> Self {
        QuotientOptions {
            progress: None,
            method: QuotientMethod::default(),
            max_searched: MAX_SEARCHED_POSITIONS,
            max_types: MAX_POSITION_TYPES,
        }
    }
}

impl<P: FnMut(u32, usize)> QuotientOptions<P> {
    /// Calls `progress(heap, order)` after each heap with the quotient's order so far.
    pub fn progress<Q: FnMut(u32, usize)>(self, progress: Q) -> QuotientOptions<Q> {
        QuotientOptions {
            progress: Some(progress),
            method: self.method,
            max_searched: self.max_searched,
            max_types: self.max_types,
        }
    }

    /// Builds the quotient by `method`.
    ///
    /// ```
    /// use nim_games::OctalGame;
    /// use nim_games::misere_quotient::{QuotientMethod, QuotientOptions};
    /// let kayles = OctalGame::parse("0.77")?;
    /// let fast = QuotientOptions::new().compute(&kayles, 30)?;
    /// let learnt = QuotientOptions::new().method(QuotientMethod::Learning).compute(&kayles, 30)?;
    /// assert_eq!(fast, learnt);
    /// assert_eq!(fast.order(), 40);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn method(self, method: QuotientMethod) -> Self {
        QuotientOptions { method, ..self }
    }

    /// Fails with [`QuotientError::SearchTooLarge`] rather than keep more than `positions`
    /// positions in the outcome search (its memory and time grow with them: about 80 bytes
    /// and a few microseconds each).
    pub fn max_searched(self, positions: usize) -> Self {
        QuotientOptions {
            max_searched: positions,
            ..self
        }
    }

    /// Fails with [`QuotientError::TooManyTypes`] rather than check a candidate on more
    /// than `types` position types (each a state and a set of states: about a hundred bytes
    /// and a few microseconds). The least-failure method takes at most 100 steps of its
    /// own (a position walked, an element compared, a product tabulated: nanoseconds each)
    /// per type for a heap before it gives way to the learning method.
    ///
    /// ```
    /// use nim_games::OctalGame;
    /// use nim_games::misere_quotient::{QuotientError, QuotientOptions};
    /// // 0.354's quotient for heaps up to 5 does not close: each check meets more types.
    /// let game = OctalGame::parse("0.354")?;
    /// let outcome = QuotientOptions::new().max_types(10_000).compute(&game, 5);
    /// assert_eq!(outcome.unwrap_err(), QuotientError::TooManyTypes { heap: 5, limit: 10_000 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_types(self, types: usize) -> Self {
        QuotientOptions {
            max_types: types,
            ..self
        }
    }

    /// The misère quotient of `game` for heaps up to `max_heap`.
    ///
    /// # Errors
    ///
    /// As [`misere_quotient`].
    pub fn compute<T: TakeAndBreak>(
        self,
        game: &T,
        max_heap: u32,
    ) -> Result<MisereQuotient, QuotientError> {
        let heap = u8::try_from(max_heap).map_err(|_| QuotientError::HeapTooLarge(max_heap))?;
        let rule = HeapRule::new(game, heap);
        let limits = Limits {
            max_order: MAX_QUOTIENT_ORDER,
            max_types: self.max_types,
            max_searched: self.max_searched,
        };
        let mut progress = self.progress;
        let (quotient, orders) = build(&rule, limits, self.method, |heap, order| {
            if let Some(progress) = progress.as_mut() {
                progress(u32::from(heap), order);
            }
        })?;
        let Quotient {
            table: Table { order, products },
            p_portion,
            representatives,
            pretending,
        } = quotient;
        Ok(MisereQuotient {
            max_heap,
            order,
            products,
            p_portion,
            representatives,
            pretending,
            orders,
        })
    }
}

/// A proven eventual period of the pretending function: Φ(H_{h+p}) = Φ(H_h) for every
/// heap h ≥ `pre_period`, every heap — not only those computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PretendingPeriod {
    /// n₀: the first heap of the periodic part.
    pub pre_period: u32,
    /// p: the period.
    pub period: u32,
}

impl MisereQuotient {
    /// *n*: the largest heap.
    pub fn max_heap(&self) -> u32 {
        self.max_heap
    }

    /// |𝒬_n|: the number of elements.
    pub fn order(&self) -> usize {
        self.order
    }

    /// |𝒬_h| for h = 0, 1, …, *n*: how the quotient grew heap by heap.
    pub fn orders(&self) -> &[usize] {
        &self.orders
    }

    /// The least heap *h* with 𝒬_h = 𝒬_n: from there on the quotient stopped growing.
    pub fn stable_from(&self) -> u32 {
        let last = self.orders.len() - 1;
        let first = (0..=last)
            .rev()
            .take_while(|&h| self.orders[h] == self.order)
            .last()
            .unwrap_or(last);
        first as u32
    }

    /// Φ(H_h): the element of a single heap, `None` beyond *n*.
    pub fn pretending(&self, heap: u32) -> Option<usize> {
        self.pretending.get(heap as usize).map(|&x| x as usize)
    }

    /// The product xy, `None` if x or y is not an element.
    pub fn product(&self, x: usize, y: usize) -> Option<usize> {
        (x < self.order && y < self.order).then(|| self.products[x * self.order + y] as usize)
    }

    /// Whether element x is in the P-portion 𝒫 (`false` for a number that is no element).
    pub fn is_p(&self, x: usize) -> bool {
        self.p_portion.get(x).copied().unwrap_or(false)
    }

    /// The P-portion 𝒫, as element numbers.
    pub fn p_portion(&self) -> Vec<usize> {
        (0..self.order).filter(|&x| self.p_portion[x]).collect()
    }

    /// The least position (heaps ascending) of element x, `None` if x is no element.
    pub fn representative(&self, x: usize) -> Option<Vec<u32>> {
        self.representatives
            .get(x)
            .map(|r| r.iter().map(|&h| u32::from(h)).collect())
    }

    /// Φ(G) of the position G with heaps `heaps`.
    ///
    /// # Errors
    ///
    /// [`QuotientError::BeyondQuotient`] for a heap above *n*.
    pub fn image(&self, heaps: &[u32]) -> Result<usize, QuotientError> {
        heaps.iter().try_fold(0, |x, &heap| {
            let h = self.pretending(heap).ok_or(QuotientError::BeyondQuotient {
                heap,
                max_heap: self.max_heap,
            })?;
            Ok(self.products[x * self.order + h] as usize)
        })
    }

    /// The misère outcome of the position with heaps `heaps`: P exactly when its image is in
    /// the P-portion.
    ///
    /// # Errors
    ///
    /// [`QuotientError::BeyondQuotient`] for a heap above *n*.
    pub fn outcome(&self, heaps: &[u32]) -> Result<OutcomeClass, QuotientError> {
        Ok(if self.is_p(self.image(heaps)?) {
            OutcomeClass::P
        } else {
            OutcomeClass::N
        })
    }

    /// Generators (images of heaps), relations, and a normal word for every element.
    pub fn presentation(&self) -> Presentation {
        let mut generators: Vec<usize> = Vec::new();
        let mut heaps = Vec::new();
        let mut reached = vec![false; self.order];
        reached[0] = true;
        for heap in 1..=self.max_heap {
            let x = self.pretending[heap as usize] as usize;
            if reached[x] {
                continue;
            }
            generators.push(x);
            heaps.push(heap);
            self.close_under(&mut reached, x);
        }
        Presentation::new(self.order, &generators, heaps, |x, y| {
            self.products[x * self.order + y] as usize
        })
    }

    /// Adds to `reached` (closed under products) everything reached by multiplying by x.
    fn close_under(&self, reached: &mut [bool], x: usize) {
        let mut stack: Vec<usize> = (0..self.order).filter(|&y| reached[y]).collect();
        while let Some(y) = stack.pop() {
            let z = self.products[y * self.order + x] as usize;
            if !reached[z] {
                reached[z] = true;
                stack.push(z);
            }
        }
    }

    /// The pretending function's eventual period, proven for every heap, for an octal game
    /// whose moves remove at most `max_removal` tokens ([`OctalGame::max_removal`]): the
    /// least *p*, then least n₀, with Φ(H_h) = Φ(H_{h−p}) for n₀ + p ≤ h ≤ *n* and
    /// *n* ≥ 2n₀ + 2p + t − 1. Then 𝒬_n is the quotient of the whole game.
    ///
    /// Why: for a larger heap k, every move of H_k (removing j ≤ t tokens, leaving zero, one
    /// or two heaps) has a counterpart from H_{k−p} reaching the same element and vice versa
    /// (the larger heap left is at least (k − t)/2 ≥ n₀ + p), so H_k's moves reach the same
    /// elements as H_{k−p}'s, and H_k ≡ H_{k−p} by step 1 of the method; by induction on k.
    ///
    /// [`OctalGame::max_removal`]: crate::OctalGame::max_removal
    pub fn proven_period(&self, max_removal: u32) -> Option<PretendingPeriod> {
        let n = self.max_heap;
        for period in 1..=n {
            // The least n₀ with Φ(H_h) = Φ(H_{h−p}) for n₀ + p ≤ h ≤ n.
            let mut pre_period = n + 1 - period;
            while pre_period > 0
                && self.pretending[(pre_period - 1) as usize]
                    == self.pretending[(pre_period - 1 + period) as usize]
            {
                pre_period -= 1;
            }
            if n + 1 >= 2 * pre_period + 2 * period + max_removal {
                return Some(PretendingPeriod { pre_period, period });
            }
        }
        None
    }
}

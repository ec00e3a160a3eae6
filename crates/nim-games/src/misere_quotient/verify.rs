//! The check that proves a candidate right: a finite search over *types* of positions.
//!
//! A candidate is a finite automaton reading a position's heaps one by one, with a set of
//! accepting states (the candidate P-portion). It predicts every position's misère outcome,
//! and it is right if and only if, for every position G, the prediction for G agrees with
//! the misère rule applied to the predictions for G's options: G is P exactly when it has
//! an option and every option is predicted N. (By induction over the options, that makes
//! every prediction true.) The positions are infinitely many, but the check needs of G only
//! its *type*: the state it reaches, and the set of states its options reach. Adding a heap
//! g to G gives the type (δ(u, g), {δ(v, g) : v among the options' states} ∪ {δ(u, O) : O a
//! move of g}), so the types reachable from the empty position are found by a breadth-first
//! search, and the check is made once per type. Heaps whose transitions and moves act alike
//! on every state are searched as one.

use std::collections::{HashMap, HashSet};

use game_core::memory::{self, MemoryError};

use super::rule::{HeapRule, Position};

/// A candidate automaton over the live heaps up to some bound.
pub(super) struct Candidate<'a> {
    /// The live heaps it reads, ascending.
    pub(super) heaps: &'a [u8],
    /// `transitions[state * heaps.len() + i]`: the state after reading `heaps[i]`.
    pub(super) transitions: &'a [u32],
    /// Whether a state is predicted P.
    pub(super) p_portion: &'a [bool],
}

impl Candidate<'_> {
    fn states(&self) -> usize {
        self.p_portion.len()
    }

    /// The state after reading `heap` from `state`.
    pub(super) fn step(&self, state: u32, heap: u8) -> u32 {
        let column = self.heaps.partition_point(|&h| h < heap);
        self.transitions[state as usize * self.heaps.len() + column]
    }

    /// The state after reading the heaps `word` in order from `state`.
    pub(super) fn run(&self, state: u32, word: &[u8]) -> u32 {
        word.iter()
            .fold(state, |state, &heap| self.step(state, heap))
    }
}

/// The outcome of a check.
pub(super) enum Verdict {
    /// Every prediction is true.
    Verified,
    /// The heaps, in the order read, of a position whose prediction disagrees with its
    /// options' predictions.
    Failure(Position),
    /// More types than the limit: not decided.
    TooManyTypes,
    /// The types would grow past the memory the process may use: not decided.
    Memory(MemoryError),
}

/// Checks `candidate` against `rule`, exploring at most `max_types` types; with
/// `Some((heap, copies))`, only the positions with at most `copies` heaps of `heap`.
pub(super) fn verify(
    rule: &HeapRule,
    candidate: &Candidate,
    max_types: usize,
    limit: Option<(u8, usize)>,
) -> Verdict {
    let words = candidate.states().div_ceil(64);
    let p_mask = bit_set(
        words,
        (0..candidate.states() as u32).filter(|&s| candidate.p_portion[s as usize]),
    );
    if candidate.p_portion[0] {
        return Verdict::Failure(Vec::new());
    }
    let heaps = distinct_behaviours(rule, candidate, limit.map(|(heap, _)| heap));
    // A type is [copies of the limited heap, state, option states as a bit set...].
    let start = vec![0u64; 2 + words];
    let mut types: Vec<Box<[u64]>> = vec![start.into_boxed_slice()];
    let mut parents: Vec<(u32, u8)> = vec![(0, 0)];
    let mut index: HashMap<Box<[u64]>, u32> = HashMap::new();
    index.insert(types[0].clone(), 0);
    let mut next = 0;
    while next < types.len() {
        for &heap in &heaps {
            let mut ty = next_type(rule, candidate, &types[next][1..], heap);
            let copies = types[next][0] + u64::from(limit.is_some_and(|(h, _)| h == heap));
            if limit.is_some_and(|(_, most)| copies > most as u64) {
                continue;
            }
            ty.insert(0, copies);
            let ty = ty.into_boxed_slice();
            let state = ty[1] as usize;
            let option_p = ty[2..].iter().zip(&p_mask).any(|(o, p)| o & p != 0);
            if candidate.p_portion[state] == option_p {
                let mut word = word_of(&parents, next as u32);
                word.push(heap);
                return Verdict::Failure(word);
            }
            if !index.contains_key(&ty) {
                if types.len() >= max_types {
                    return Verdict::TooManyTypes;
                }
                if let Err(error) = room_for_types(types.len(), words) {
                    return Verdict::Memory(error);
                }
                index.insert(ty.clone(), types.len() as u32);
                types.push(ty);
                parents.push((next as u32, heap));
            }
        }
        next += 1;
    }
    Verdict::Verified
}

/// Asks the machine, each time the types double (from 2^16), for as many again: a type is
/// held twice (in the list and as the index's key) as 2 + `words` words, with its parent
/// and the index's own bytes.
fn room_for_types(count: usize, words: usize) -> Result<(), MemoryError> {
    if count < 1 << 16 || !count.is_power_of_two() {
        return Ok(());
    }
    let per_type = 2 * 8 * (2 + words as u64) + 64;
    memory::ensure(count as u64 * per_type, || {
        format!("checking a misère quotient past {count} position types")
    })
}

/// The type (state, option states) after adding `heap` to a position of type `ty`.
fn next_type(rule: &HeapRule, candidate: &Candidate, ty: &[u64], heap: u8) -> Vec<u64> {
    let state = ty[0] as u32;
    let mut next = vec![0u64; ty.len()];
    next[0] = u64::from(candidate.step(state, heap));
    let mut set = |s: u32| next[1 + s as usize / 64] |= 1 << (s % 64);
    for (word, &bits) in ty[1..].iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            let s = (word * 64) as u32 + bits.trailing_zeros();
            set(candidate.step(s, heap));
            bits &= bits - 1;
        }
    }
    for left in rule.moves(heap) {
        set(candidate.run(state, left));
    }
    next
}

/// One heap of each behaviour: heaps with the same transitions and, for every state, the
/// same set of states their moves lead to, give the same types. A `counted` heap is kept
/// apart from the others.
fn distinct_behaviours(rule: &HeapRule, candidate: &Candidate, counted: Option<u8>) -> Vec<u8> {
    let mut seen = HashSet::new();
    candidate
        .heaps
        .iter()
        .copied()
        .filter(|&heap| Some(heap) == counted || seen.insert(behaviour(rule, candidate, heap)))
        .collect()
}

fn bit_set(words: usize, members: impl Iterator<Item = u32>) -> Vec<u64> {
    let mut bits = vec![0u64; words];
    for s in members {
        bits[s as usize / 64] |= 1 << (s % 64);
    }
    bits
}

/// The heaps read to reach type `ty` from the empty position.
fn word_of(parents: &[(u32, u8)], mut ty: u32) -> Position {
    let mut word = Vec::new();
    while ty != 0 {
        let (parent, heap) = parents[ty as usize];
        word.push(heap);
        ty = parent;
    }
    word.reverse();
    word
}

/// How a heap acts on every state: its transitions, and the states its moves lead to.
type Behaviour = (Vec<u32>, Vec<Vec<u32>>);

fn behaviour(rule: &HeapRule, candidate: &Candidate, heap: u8) -> Behaviour {
    let states = candidate.states() as u32;
    let transitions = (0..states).map(|s| candidate.step(s, heap)).collect();
    let mut moves: Vec<Vec<u32>> = rule
        .moves(heap)
        .iter()
        .map(|left| (0..states).map(|s| candidate.run(s, left)).collect())
        .collect();
    moves.sort_unstable();
    moves.dedup();
    (transitions, moves)
}

/// The types reachable with the heaps admitted so far, all checked, kept so that one more
/// heap costs only the types it adds: the types already found are closed under the earlier
/// heaps, and a type's check does not depend on how it was reached.
pub(super) struct TypeStore {
    behaviours: HashSet<Behaviour>,
    /// One heap of each behaviour.
    heaps: Vec<u8>,
    types: Vec<Box<[u64]>>,
    index: HashSet<Box<[u64]>>,
    p_mask: Vec<u64>,
}

impl TypeStore {
    /// The empty position's type alone, for automata with the P-portion `p_portion` (the
    /// empty position's state, 0, must be N).
    pub(super) fn new(p_portion: &[bool]) -> Self {
        let words = p_portion.len().div_ceil(64);
        let start: Box<[u64]> = vec![0u64; 1 + words].into_boxed_slice();
        TypeStore {
            behaviours: HashSet::new(),
            heaps: Vec::new(),
            types: vec![start.clone()],
            index: HashSet::from([start]),
            p_mask: bit_set(
                words,
                (0..p_portion.len() as u32).filter(|&s| p_portion[s as usize]),
            ),
        }
    }

    /// Admits `heap`, acting as in `candidate` (which agrees with the automata of the heaps
    /// admitted before), if every type it adds passes the check; otherwise, or past
    /// `max_types` types, leaves the store as it was and returns `false`.
    pub(super) fn admit(
        &mut self,
        rule: &HeapRule,
        candidate: &Candidate,
        heap: u8,
        max_types: usize,
    ) -> bool {
        let key = behaviour(rule, candidate, heap);
        if self.behaviours.contains(&key) {
            return true;
        }
        let mut added: Vec<Box<[u64]>> = Vec::new();
        let mut added_index: HashSet<Box<[u64]>> = HashSet::new();
        let mut visit = |ty: Vec<u64>, added: &mut Vec<Box<[u64]>>| {
            let option_p = ty[1..].iter().zip(&self.p_mask).any(|(o, p)| o & p != 0);
            if candidate.p_portion[ty[0] as usize] == option_p {
                return false;
            }
            let ty = ty.into_boxed_slice();
            if !self.index.contains(&ty) && added_index.insert(ty.clone()) {
                added.push(ty);
            }
            true
        };
        for ty in &self.types {
            if !visit(next_type(rule, candidate, ty, heap), &mut added) {
                return false;
            }
        }
        let mut next = 0;
        while next < added.len() {
            if self.types.len() + added.len() > max_types {
                return false;
            }
            for &h in self.heaps.iter().chain([heap].iter()) {
                let ty = next_type(rule, candidate, &added[next], h);
                if !visit(ty, &mut added) {
                    return false;
                }
            }
            next += 1;
        }
        for ty in added {
            self.index.insert(ty.clone());
            self.types.push(ty);
        }
        self.heaps.push(heap);
        self.behaviours.insert(key);
        true
    }
}

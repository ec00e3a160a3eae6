//! Building the quotient heap by heap: a new heap is first tried as an element the quotient
//! already has; when that fails, a larger candidate is learnt from outcomes and checked,
//! each failure of the check giving a position that tells two states apart.

use std::collections::HashMap;

use super::least_failure;
use super::quotient::{Limits, Quotient, Table, indistinguishable_classes};
use super::rule::{HeapRule, Known, MisereOutcomes, Position, sum};
use super::verify::{Candidate, TypeStore, Verdict, verify};
use super::{QuotientError, QuotientMethod};

/// Builds the quotient heap by heap up to `rule.max_heap()`, reporting the order after each.
pub(super) fn build(
    rule: &HeapRule,
    limits: Limits,
    method: QuotientMethod,
    mut progress: impl FnMut(u8, usize),
) -> Result<(Quotient, Vec<usize>), QuotientError> {
    let mut quotient = Quotient::trivial();
    let mut outcomes = MisereOutcomes::new(rule, limits.max_searched);
    let mut learner = Learner::default();
    let mut orders = vec![1];
    // The checked types of the current quotient, while it does not change.
    let mut store: Option<TypeStore> = None;
    for heap in 1..=rule.max_heap() {
        let element = if !rule.is_live(heap) {
            Some(0)
        } else if let Some(element) = same_moves_as_earlier(rule, &quotient, heap) {
            Some(element)
        } else {
            extension(rule, &quotient, &mut outcomes, heap, &mut store, limits)?
        };
        match element {
            Some(element) => quotient.pretending.push(element),
            None => {
                store = None;
                let mended = match method {
                    QuotientMethod::LeastFailure => by_least_failure(rule, &quotient, heap, limits),
                    QuotientMethod::Learning => None,
                };
                quotient = match mended {
                    Some(larger) => larger,
                    None => match adjoin(rule, &quotient, &mut outcomes, heap, limits)? {
                        Some(larger) => larger,
                        None => learner.learn(rule, &mut outcomes, heap, limits)?,
                    },
                }
            }
        }
        outcomes.set_base(quotient.known());
        orders.push(quotient.order());
        progress(heap, quotient.order());
    }
    Ok((quotient, orders))
}

/// The quotient for the heaps up to `heap` by Plambeck and Siegel's least-failure method,
/// numbered as the other steps number theirs; `None` when the method gives up.
fn by_least_failure(
    rule: &HeapRule,
    quotient: &Quotient,
    heap: u8,
    limits: Limits,
) -> Option<Quotient> {
    let proven = least_failure::extend(rule, quotient, heap, limits)?;
    let candidate = proven.candidate();
    // The proven automaton is reduced already: each state is its own class.
    let classes: Vec<u32> = (0..candidate.p_portion.len() as u32).collect();
    reachable_quotient(&candidate, &classes, heap, limits).ok()
}

/// Φ(k) of an earlier heap k whose moves reach the same elements as `heap`'s: the two heaps
/// are then indistinguishable (by induction on the other heaps of a sum: every option of
/// one has a counterpart with the same image among the other's).
fn same_moves_as_earlier(rule: &HeapRule, quotient: &Quotient, heap: u8) -> Option<u32> {
    let images = quotient.option_images(rule, heap);
    (1..heap)
        .filter(|&k| rule.is_live(k))
        .find(|&k| quotient.option_images(rule, k) == images)
        .map(|k| quotient.pretending[k as usize])
}

/// The element of the quotient `heap` must be if the quotient does not grow, if the check
/// proves it. Such an element x has, for every element y, xy in the P-portion exactly when
/// H plus y's least position is a misère P-position; as the quotient is reduced, at most
/// one x does. The outcomes are searched for the smallest least positions first, and only
/// until one candidate is left: the large ones cost the most.
fn extension(
    rule: &HeapRule,
    quotient: &Quotient,
    outcomes: &mut MisereOutcomes,
    heap: u8,
    store: &mut Option<TypeStore>,
    limits: Limits,
) -> Result<Option<u32>, QuotientError> {
    let order = quotient.order() as u32;
    let mut by_size: Vec<u32> = (0..order).collect();
    by_size.sort_by_key(|&y| {
        let r = &quotient.representatives[y as usize];
        (r.iter().map(|&h| u32::from(h)).sum::<u32>(), r.len())
    });
    let mut candidates: Vec<u32> = (0..order).collect();
    for y in by_size {
        if candidates.len() <= 1 {
            break;
        }
        let p = outcomes.is_p(&sum(&quotient.representatives[y as usize], &[heap]))?;
        candidates.retain(|&x| quotient.p_portion[quotient.product(x, y) as usize] == p);
    }
    let Some(&element) = candidates.first() else {
        return Ok(None);
    };
    let heaps: Vec<u8> = (1..=heap).filter(|&h| rule.is_live(h)).collect();
    let image = |h: u8| {
        if h == heap {
            element
        } else {
            quotient.pretending[h as usize]
        }
    };
    let transitions: Vec<u32> = (0..order)
        .flat_map(|x| heaps.iter().map(move |&h| (x, h)))
        .map(|(x, h)| quotient.product(x, image(h)))
        .collect();
    let candidate = Candidate {
        heaps: &heaps,
        transitions: &transitions,
        p_portion: &quotient.p_portion,
    };
    let store = match store {
        Some(store) => store,
        None => {
            let mut fresh = TypeStore::new(&quotient.p_portion);
            let earlier = &heaps[..heaps.len() - 1];
            if !earlier
                .iter()
                .all(|&h| fresh.admit(rule, &candidate, h, limits.max_types))
            {
                return Ok(None);
            }
            store.insert(fresh)
        }
    };
    Ok(store
        .admit(rule, &candidate, heap, limits.max_types)
        .then_some(element))
}

/// The most copies of a new heap [`adjoin`] follows before giving up.
const MAX_POWERS: usize = 64;

/// The quotient for the heaps up to `heap` as the previous quotient with `heap` adjoined as a
/// new element x: every position G₀ + kH (G₀ of smaller heaps) stands for the pair
/// (Φ(G₀), k), the outcome of a pair being that of the element's least position plus k
/// copies of H. The candidate is proven on the positions with at most k copies for k = 1, 2,
/// … (each proven level then answers the outcome searches of the next), until the column of
/// outcomes for k repeats that for some k − p; the candidate with x^k = x^(k−p) is then
/// checked whole and, proven, reduced to the quotient. `None` when a level fails: the new
/// heap also tells apart positions of smaller heaps, and the quotient is learnt instead.
fn adjoin(
    rule: &HeapRule,
    previous: &Quotient,
    outcomes: &mut MisereOutcomes,
    heap: u8,
    limits: Limits,
) -> Result<Option<Quotient>, QuotientError> {
    let heaps: Vec<u8> = (1..=heap).filter(|&h| rule.is_live(h)).collect();
    let mut columns: Vec<Vec<bool>> = vec![previous.p_portion.clone()];
    for copies in 1..=MAX_POWERS {
        let column = previous
            .representatives
            .iter()
            .map(|r| {
                let mut position = r.clone();
                position.extend(std::iter::repeat_n(heap, copies));
                outcomes.is_p(&position)
            })
            .collect::<Result<Vec<bool>, _>>()?;
        columns.push(column);
        if let Some(period) = (1..=copies).find(|&p| columns[copies - p] == columns[copies]) {
            let powers =
                PowerCandidate::new(previous, &heaps, heap, &columns[..copies], Some(period));
            match verify(rule, &powers.candidate(), limits.max_types, None) {
                Verdict::Verified => return Ok(Some(powers.reduced(heap, limits)?)),
                Verdict::TooManyTypes => return Err(too_many_types(heap, limits)),
                Verdict::Memory(error) => return Err(error.into()),
                Verdict::Failure(_) => {}
            }
        }
        let powers = PowerCandidate::new(previous, &heaps, heap, &columns, None);
        match verify(
            rule,
            &powers.candidate(),
            limits.max_types,
            Some((heap, copies)),
        ) {
            Verdict::Verified => outcomes.set_partial(powers.known(copies)),
            Verdict::TooManyTypes => return Err(too_many_types(heap, limits)),
            Verdict::Memory(error) => return Err(error.into()),
            Verdict::Failure(_) => return Ok(None),
        }
    }
    Ok(None)
}

fn too_many_types(heap: u8, limits: Limits) -> QuotientError {
    QuotientError::TooManyTypes {
        heap: u32::from(heap),
        limit: limits.max_types,
    }
}

/// The automaton of pairs (u, k), u in the previous quotient and k copies of the new heap:
/// state k·|Q| + u. The new heap takes level k to k + 1; from the last level, to
/// `last − period + 1` if a period is given, else to itself (a placeholder).
struct PowerCandidate {
    heaps: Vec<u8>,
    transitions: Vec<u32>,
    p_portion: Vec<bool>,
    heap: u8,
}

impl PowerCandidate {
    fn new(
        previous: &Quotient,
        heaps: &[u8],
        heap: u8,
        columns: &[Vec<bool>],
        period: Option<usize>,
    ) -> Self {
        let order = previous.order();
        let levels = columns.len();
        let mut transitions = Vec::with_capacity(order * levels * heaps.len());
        for level in 0..levels {
            for u in 0..order as u32 {
                for &h in heaps {
                    let next = if h != heap {
                        level * order
                            + previous.product(u, previous.pretending[h as usize]) as usize
                    } else if level + 1 < levels {
                        (level + 1) * order + u as usize
                    } else if let Some(period) = period {
                        (levels - period) * order + u as usize
                    } else {
                        level * order + u as usize
                    };
                    transitions.push(next as u32);
                }
            }
        }
        PowerCandidate {
            heaps: heaps.to_vec(),
            transitions,
            p_portion: columns.concat(),
            heap,
        }
    }

    fn candidate(&self) -> Candidate<'_> {
        Candidate {
            heaps: &self.heaps,
            transitions: &self.transitions,
            p_portion: &self.p_portion,
        }
    }

    /// The automaton as proven on the positions with at most `copies` of the new heap.
    fn known(&self, copies: usize) -> Known {
        known_automaton(&self.candidate(), self.heap, copies)
    }

    /// The proven automaton with equivalent states merged (Moore's refinement): the
    /// quotient.
    fn reduced(&self, heap: u8, limits: Limits) -> Result<Quotient, QuotientError> {
        let letters = self.heaps.len();
        let class = indistinguishable_classes(
            self.p_portion.len(),
            letters,
            |s| self.p_portion[s],
            |s, letter| self.transitions[s * letters + letter] as usize,
        );
        reachable_quotient(&self.candidate(), &class, heap, limits)
    }
}

/// The quotient read off a proven automaton whose states are merged by `class`: its
/// elements are the classes reachable from the empty position, numbered breadth first.
fn reachable_quotient(
    candidate: &Candidate,
    class: &[u32],
    heap: u8,
    limits: Limits,
) -> Result<Quotient, QuotientError> {
    let letters = candidate.heaps.len();
    let mut number: HashMap<u32, u32> = HashMap::new();
    let mut learnt = Learnt {
        heaps: candidate.heaps.to_vec(),
        representatives: vec![Vec::new()],
        parents: vec![(0, 0)],
        transitions: Vec::new(),
        p_portion: vec![candidate.p_portion[0]],
    };
    let mut state_of = vec![0u32];
    number.insert(class[0], 0);
    let mut next = 0;
    while next < state_of.len() {
        for (i, &h) in candidate.heaps.iter().enumerate() {
            let target = candidate.transitions[state_of[next] as usize * letters + i];
            let element = match number.get(&class[target as usize]) {
                Some(&element) => element,
                None => {
                    if state_of.len() == limits.max_order {
                        return Err(QuotientError::TooLarge {
                            heap: u32::from(heap),
                            limit: limits.max_order,
                        });
                    }
                    let element = state_of.len() as u32;
                    number.insert(class[target as usize], element);
                    state_of.push(target);
                    learnt
                        .representatives
                        .push(sum(&learnt.representatives[next], &[h]));
                    learnt.parents.push((next as u32, h));
                    learnt.p_portion.push(candidate.p_portion[target as usize]);
                    element
                }
            };
            learnt.transitions.push(element);
        }
        next += 1;
    }
    Ok(quotient_of(&learnt, heap))
}

/// Learns automata from outcomes (Angluin's method, with Rivest and Schapire's use of a
/// failure): the states are positions told apart by their outcomes when added to each
/// *test* position.
#[derive(Default)]
struct Learner {
    tests: Vec<Position>,
    /// Each position's outcomes plus the tests so far, in order, where searched.
    signatures: HashMap<Position, Vec<Option<bool>>>,
}

/// A candidate automaton as learnt, with the position that first reached each state.
struct Learnt {
    heaps: Vec<u8>,
    representatives: Vec<Position>,
    parents: Vec<(u32, u8)>,
    transitions: Vec<u32>,
    p_portion: Vec<bool>,
}

impl Learnt {
    /// The learnt automaton as proven on the positions with at most `copies` heaps of
    /// `heap`.
    fn known(&self, heap: u8, copies: usize) -> Known {
        known_automaton(&self.candidate(), heap, copies)
    }

    fn candidate(&self) -> Candidate<'_> {
        Candidate {
            heaps: &self.heaps,
            transitions: &self.transitions,
            p_portion: &self.p_portion,
        }
    }
}

impl Learner {
    /// The quotient for the heaps up to `heap`, which the verified `previous` (up to
    /// `heap` − 1) does not hold.
    fn learn(
        &mut self,
        rule: &HeapRule,
        outcomes: &mut MisereOutcomes,
        heap: u8,
        limits: Limits,
    ) -> Result<Quotient, QuotientError> {
        if self.tests.is_empty() {
            self.tests.push(Vec::new());
        }
        let heaps: Vec<u8> = (1..=heap).filter(|&h| rule.is_live(h)).collect();
        // The candidate is first learnt and proven on the positions with at most `copies`
        // heaps of `heap` (they are closed under moves), one more copy at a time: each
        // proven level is then read from the candidate, so the search of a position with
        // one more copy ends there. After each proven level, a complete candidate is tried.
        let mut copies = 1;
        let mut counted = true;
        loop {
            let limit = counted.then_some((heap, copies));
            let learnt = self.explore(outcomes, &heaps, limit, limits.max_order)?;
            match verify(rule, &learnt.candidate(), limits.max_types, limit) {
                Verdict::Verified if !counted => return Ok(quotient_of(&learnt, heap)),
                Verdict::Verified => {
                    outcomes.set_partial(learnt.known(heap, copies));
                    copies += 1;
                    counted = false;
                }
                Verdict::Failure(word) => {
                    let test = self.distinguishing_test(rule, outcomes, &learnt, word)?;
                    self.tests.push(test);
                    counted = true;
                }
                Verdict::TooManyTypes => {
                    return Err(QuotientError::TooManyTypes {
                        heap: u32::from(heap),
                        limit: limits.max_types,
                    });
                }
                Verdict::Memory(error) => return Err(error.into()),
            }
        }
    }

    /// The automaton whose states are the classes of positions by signature, explored
    /// breadth first from the empty position. With a `limit` (heap, copies), a state also
    /// counts its copies of that heap, up to `copies`, and a state with `copies` of them is
    /// not followed by one more: its transition is a placeholder, to itself.
    fn explore(
        &mut self,
        outcomes: &mut MisereOutcomes,
        heaps: &[u8],
        limit: Option<(u8, usize)>,
        max_order: usize,
    ) -> Result<Learnt, QuotientError> {
        let mut learnt = Learnt {
            heaps: heaps.to_vec(),
            representatives: vec![Vec::new()],
            parents: vec![(0, 0)],
            transitions: Vec::new(),
            p_portion: Vec::new(),
        };
        let counted = |position: &[u8]| {
            limit.map_or(0, |(heap, _)| {
                position.iter().filter(|&&h| h == heap).count()
            })
        };
        let mut states: HashMap<(Vec<Option<bool>>, usize), u32> = HashMap::new();
        states.insert((self.signature(outcomes, &[], limit)?, 0), 0);
        let mut state = 0;
        while state < learnt.representatives.len() {
            for &h in heaps {
                let representative = &learnt.representatives[state];
                if limit
                    .is_some_and(|(heap, copies)| h == heap && counted(representative) == copies)
                {
                    learnt.transitions.push(state as u32);
                    continue;
                }
                let position = sum(representative, &[h]);
                let key = (
                    self.signature(outcomes, &position, limit)?,
                    counted(&position),
                );
                let next = match states.get(&key) {
                    Some(&next) => next,
                    None => {
                        if learnt.representatives.len() == max_order {
                            return Err(QuotientError::TooLarge {
                                heap: u32::from(*heaps.last().unwrap_or(&0)),
                                limit: max_order,
                            });
                        }
                        let next = learnt.representatives.len() as u32;
                        states.insert(key, next);
                        learnt.representatives.push(position);
                        learnt.parents.push((state as u32, h));
                        next
                    }
                };
                learnt.transitions.push(next);
            }
            state += 1;
        }
        learnt.p_portion = learnt
            .representatives
            .iter()
            .map(|r| outcomes.is_p(r))
            .collect::<Result<_, _>>()?;
        Ok(learnt)
    }

    /// The outcomes of `position` plus each test.
    fn signature(
        &mut self,
        outcomes: &mut MisereOutcomes,
        position: &[u8],
        limit: Option<(u8, usize)>,
    ) -> Result<Vec<Option<bool>>, QuotientError> {
        let copies =
            |p: &[u8]| limit.map_or(0, |(heap, _)| p.iter().filter(|&&h| h == heap).count());
        let within =
            |test: &[u8]| limit.is_none_or(|(_, most)| copies(position) + copies(test) <= most);
        let mut signature = self.signatures.remove(position).unwrap_or_default();
        signature.resize(self.tests.len(), None);
        for (bit, test) in signature.iter_mut().zip(&self.tests) {
            if bit.is_none() && within(test) {
                match outcomes.is_p(&sum(position, test)) {
                    Ok(p) => *bit = Some(p),
                    Err(error) => {
                        self.signatures.insert(position.to_vec(), signature);
                        return Err(error);
                    }
                }
            }
        }
        let key: Vec<Option<bool>> = signature
            .iter()
            .zip(&self.tests)
            .map(|(bit, test)| if within(test) { *bit } else { None })
            .collect();
        self.signatures.insert(position.to_vec(), signature);
        Ok(key)
    }

    /// A new test that splits a state, from a failure of the check: first a position the
    /// candidate mispredicts (the failure itself, or one of its options), then the first
    /// step along its heaps where the state's representative and the position read so far
    /// part ways.
    fn distinguishing_test(
        &mut self,
        rule: &HeapRule,
        outcomes: &mut MisereOutcomes,
        learnt: &Learnt,
        failure: Position,
    ) -> Result<Position, QuotientError> {
        let candidate = learnt.candidate();
        let mispredicted = |outcomes: &mut MisereOutcomes, word: &[u8]| {
            let mut position = word.to_vec();
            position.sort_unstable();
            let predicted = candidate.p_portion[candidate.run(0, word) as usize];
            outcomes.is_p(&position).map(|p| p != predicted)
        };
        let mut word = failure;
        'descend: while !mispredicted(outcomes, &word)? {
            // The check failed at `word`, predicted right: one of its options is mispredicted.
            for option in option_words(rule, &word) {
                if mispredicted(outcomes, &option)? {
                    word = option;
                    continue 'descend;
                }
            }
            break;
        }
        let mut state = 0;
        for (i, &heap) in word.iter().enumerate() {
            let mut rest = word[i + 1..].to_vec();
            rest.sort_unstable();
            let next = candidate.step(state, heap);
            let read = sum(&learnt.representatives[state as usize], &[heap]);
            if outcomes.is_p(&sum(&read, &rest))?
                != outcomes.is_p(&sum(&learnt.representatives[next as usize], &rest))?
            {
                return Ok(rest);
            }
            state = next;
        }
        // Not reached when the failure is genuine (the steps' outcomes run from the
        // position's to its prediction, so they differ somewhere); the position itself is
        // then a harmless test.
        let mut position = word;
        position.sort_unstable();
        Ok(position)
    }
}

/// `candidate`, proven on the positions with at most `copies` heaps of `heap` (its
/// largest), as an automaton the outcome search reads; dead heaps leave the state alone.
fn known_automaton(candidate: &Candidate, heap: u8, copies: usize) -> Known {
    let below = usize::from(heap) + 1;
    let states = candidate.p_portion.len() as u32;
    let mut transitions = Vec::with_capacity(states as usize * below);
    for state in 0..states {
        for h in 0..=heap {
            let live = candidate.heaps.binary_search(&h).is_ok();
            transitions.push(if live {
                candidate.step(state, h)
            } else {
                state
            });
        }
    }
    Known {
        below,
        top_copies: copies,
        transitions,
        p_portion: candidate.p_portion.to_vec(),
    }
}

/// The words of the options of the position read as `word`: one heap replaced, in place, by
/// what a move leaves.
fn option_words(rule: &HeapRule, word: &[u8]) -> Vec<Position> {
    let mut options = Vec::new();
    for (i, &heap) in word.iter().enumerate() {
        for left in rule.moves(heap) {
            let mut option = word[..i].to_vec();
            option.extend_from_slice(left);
            option.extend_from_slice(&word[i + 1..]);
            options.push(option);
        }
    }
    options
}

/// The verified automaton as a quotient: the product of x and y is x read on y's
/// representative, built along the exploration's tree.
fn quotient_of(learnt: &Learnt, max_heap: u8) -> Quotient {
    let order = learnt.representatives.len();
    let candidate = learnt.candidate();
    let mut products = vec![0u32; order * order];
    for x in 0..order {
        products[x * order] = x as u32;
        for y in 1..order {
            let (parent, heap) = learnt.parents[y];
            products[x * order + y] = candidate.step(products[x * order + parent as usize], heap);
        }
    }
    let pretending = (0..=max_heap)
        .map(|h| {
            if learnt.heaps.binary_search(&h).is_ok() {
                candidate.step(0, h)
            } else {
                0
            }
        })
        .collect();
    Quotient {
        table: Table { order, products },
        p_portion: learnt.p_portion.clone(),
        representatives: learnt.representatives.clone(),
        pretending,
    }
}

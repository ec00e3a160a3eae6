//! Nim-values of Grundy's game for every heap up to a bound, by the rare/common ("sparse
//! space") method of Winning Ways, chapter 4.
//!
//! G(n) = mex S(n), S(n) = {G(a) ⊕ G(n − a) : 1 ≤ a < n/2}. Values are *rare* when the bits
//! above the lowest have even parity ([`super::is_rare_value`]); rare ⊕ rare and common ⊕
//! common are rare, rare ⊕ common is common; and rare values occur at very few heaps (1,273
//! heaps from 1 to 2·10^6, the last at 82,860). Hence:
//!
//! - a common value is in S(n) only through a pair with one rare heap, so the list of rare
//!   heaps decides every common candidate exactly, in O(#rare) — in particular the least
//!   common value c* missing from S(n);
//! - each rare value below c* must be shown to be in S(n) by a witness pair. A targeted
//!   search usually finds one: for the rare candidate v and a value f frequent among recent
//!   heaps, small heaps p with G(p) = v ⊕ f are tried, each succeeding when G(n − p) = f.
//!   When that fails, S(n) is scanned from a = 1 until a witness turns up, or in full, which
//!   decides the candidate exactly.
//!
//! Every value is therefore exact; the heuristics only choose the order of the work.

use super::is_rare_value;

/// Values are stored as `u16`; they stay far below this bound for every heap computed so
/// far (they pass 255 near n ≈ 7.25·10^6).
const MAX_VALUE: usize = u16::MAX as usize;

/// How many small heaps per value are kept as witness candidates.
const WITNESSES_PER_VALUE: usize = 64;

/// Witness heaps are kept at least this far apart: values of nearby heaps are strongly
/// correlated, so witnesses close together would fail together.
const WITNESS_GAP: u32 = 211;

/// Witness heaps are below this bound, so that G(n − p) comes from the cache-resident
/// stretch of values just below n.
const WITNESS_LIMIT: u32 = 1 << 17;

/// How many recent heaps the value frequencies are counted over.
const FREQUENCY_WINDOW: usize = 1 << 16;

/// How often (in heaps) the order of frequent values is refreshed.
const REORDER_INTERVAL: usize = 1 << 12;

/// How many frequent values f the targeted search tries per candidate.
const FREQUENT_VALUES_TRIED: usize = 20;

/// A value passed `u16::MAX`: the table type cannot hold it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("G({heap}) exceeds {MAX_VALUE}, the largest value a table of u16 holds")]
pub struct ValueOverflow {
    /// The heap whose value overflowed.
    pub heap: u64,
}

/// G(0), …, G(N) for Grundy's game, with the rare heaps found on the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrundyTable {
    values: Vec<u16>,
    rare_heaps: Vec<u32>,
    full_scans: u64,
}

impl GrundyTable {
    /// The nim-values, G(0) first.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// The heaps n ≥ 1 whose value is rare, ascending.
    pub fn rare_heaps(&self) -> &[u32] {
        &self.rare_heaps
    }

    /// The heaps n ≥ 1 with G(n) = 0: single heaps lost for the player to move.
    pub fn p_positions(&self) -> usize {
        self.values.iter().skip(1).filter(|&&v| v == 0).count()
    }

    /// How many rare candidates needed a scan of S(n) (the witness was not found by the
    /// targeted search, or the candidate is missing and became the value).
    pub fn full_scans(&self) -> u64 {
        self.full_scans
    }

    /// Consumes the table, giving the values.
    pub fn into_values(self) -> Vec<u16> {
        self.values
    }
}

/// The state of the computation: values so far and what the method keeps about them.
struct SparseSolver {
    values: Vec<u16>,
    rare_heaps: Vec<u32>,
    rare_heap_values: Vec<u16>,
    witnesses: Vec<Vec<u32>>,
    window_counts: Vec<u32>,
    frequent: Vec<u16>,
    last_success: Vec<Option<u16>>,
    hits: Vec<bool>,
    full_scans: u64,
}

impl SparseSolver {
    fn new(max_heap: usize) -> Self {
        let mut values = Vec::with_capacity(max_heap + 1);
        values.push(0);
        SparseSolver {
            values,
            rare_heaps: Vec::new(),
            rare_heap_values: Vec::new(),
            witnesses: Vec::new(),
            // G(0) = 0 is in the frequency window from the start, as every later value is.
            window_counts: vec![1],
            frequent: Vec::new(),
            last_success: Vec::new(),
            hits: vec![false; 64],
            full_scans: 0,
        }
    }

    /// Records G(n) for the next heap n.
    fn push(&mut self, value: u16) {
        let heap = self.values.len();
        self.values.push(value);
        let v = value as usize;
        if is_rare_value(value.into()) {
            self.rare_heaps.push(heap as u32);
            self.rare_heap_values.push(value);
        }
        // Every XOR of two values below a power of two is below it too.
        if v >= self.hits.len() / 2 {
            self.hits.resize((2 * v + 2).next_power_of_two(), false);
        }
        if v >= self.witnesses.len() {
            self.witnesses.resize(v + 1, Vec::new());
            self.window_counts.resize(v + 1, 0);
        }
        self.keep_as_witness(heap as u32, v);
        self.window_counts[v] += 1;
        if heap >= FREQUENCY_WINDOW {
            self.window_counts[self.values[heap - FREQUENCY_WINDOW] as usize] -= 1;
        }
        if heap.is_multiple_of(REORDER_INTERVAL) {
            self.reorder_frequent();
        }
    }

    fn keep_as_witness(&mut self, heap: u32, value: usize) {
        let kept = &mut self.witnesses[value];
        let far_enough = kept.last().is_none_or(|&last| heap >= last + WITNESS_GAP);
        if heap < WITNESS_LIMIT && far_enough && kept.len() < WITNESSES_PER_VALUE {
            kept.push(heap);
        }
    }

    fn reorder_frequent(&mut self) {
        let mut order: Vec<u16> = (0..self.window_counts.len() as u16).collect();
        order.sort_by_key(|&v| std::cmp::Reverse(self.window_counts[v as usize]));
        order.truncate(FREQUENT_VALUES_TRIED);
        self.frequent = order;
    }

    /// G(n) for the next heap n.
    fn next_value(&mut self) -> u16 {
        let n = self.values.len();
        self.mark_rare_pairs(n);
        let least_common = (0..)
            .find(|&v| !is_rare_value(v as u32) && !self.hits[v])
            .unwrap_or(0);
        for candidate in 0..least_common {
            if !is_rare_value(candidate as u32) || self.hits[candidate] {
                continue;
            }
            if !self.targeted_witness(n, candidate) && !self.scan_for(n, candidate) {
                return candidate as u16;
            }
        }
        least_common as u16
    }

    /// Looks for a pair (p, n − p) with G(p) = v ⊕ f and G(n − p) = f, f a frequent value.
    ///
    /// The frequent value that last gave `candidate` a witness is tried first: the values
    /// near n change slowly, so it is the likeliest to give one again.
    fn targeted_witness(&mut self, n: usize, candidate: usize) -> bool {
        if candidate >= self.last_success.len() {
            self.last_success.resize(candidate + 1, None);
        }
        let first = self.last_success[candidate];
        if first.is_some_and(|f| self.witness_through(n, candidate, f)) {
            return true;
        }
        for index in 0..self.frequent.len() {
            let frequent = self.frequent[index];
            if Some(frequent) != first && self.witness_through(n, candidate, frequent) {
                self.last_success[candidate] = Some(frequent);
                return true;
            }
        }
        false
    }

    /// Whether some kept heap p with G(p) = `candidate` ⊕ `frequent` has G(n − p) = `frequent`.
    fn witness_through(&self, n: usize, candidate: usize, frequent: u16) -> bool {
        let wanted = candidate ^ frequent as usize;
        self.witnesses.get(wanted).is_some_and(|heaps| {
            heaps
                .iter()
                .map(|&small| small as usize)
                .take_while(|&small| 2 * small < n)
                .any(|small| self.values[n - small] == frequent)
        })
    }

    /// Scans S(n) from a = 1 for `candidate`: whether it is there.
    fn scan_for(&mut self, n: usize, candidate: usize) -> bool {
        self.full_scans += 1;
        let target = candidate as u16;
        (1..n.div_ceil(2)).any(|a| self.values[a] ^ self.values[n - a] == target)
    }

    /// Marks G(r) ⊕ G(n − r) for every rare heap r: all common members of S(n), and some
    /// rare ones.
    ///
    /// The marks are one byte per value, not bits: consecutive marks are then independent
    /// stores, where read-modify-writes of the few words of a bitset would wait on each
    /// other.
    fn mark_rare_pairs(&mut self, n: usize) {
        self.hits.fill(false);
        for (&rare, &rare_value) in self.rare_heaps.iter().zip(&self.rare_heap_values) {
            let rare = rare as usize;
            if rare >= n {
                break;
            }
            let partner = n - rare;
            if partner != rare {
                self.hits[(rare_value ^ self.values[partner]) as usize] = true;
            }
        }
    }
}

/// G(0), …, G(`max_heap`) for Grundy's game, calling `progress(n)` every 2^20 heaps.
///
/// # Errors
///
/// [`ValueOverflow`] if a value passes `u16::MAX` (not seen for any heap computed so far).
///
/// ```
/// use nim_games::grundy::sparse_values;
/// let table = sparse_values(20, |_| {}).unwrap();
/// assert_eq!(&table.values()[..8], &[0, 0, 0, 1, 0, 2, 1, 0]);
/// assert_eq!(table.p_positions(), 6); // heaps 1, 2, 4, 7, 10, 20
/// ```
pub fn sparse_values(
    max_heap: u32,
    mut progress: impl FnMut(u32),
) -> Result<GrundyTable, ValueOverflow> {
    let max_heap = max_heap as usize;
    let mut solver = SparseSolver::new(max_heap);
    for n in 1..=max_heap {
        let value = solver.next_value();
        if value as usize >= MAX_VALUE {
            return Err(ValueOverflow { heap: n as u64 });
        }
        solver.push(value);
        if n.is_multiple_of(1 << 20) {
            progress(n as u32);
        }
    }
    Ok(GrundyTable {
        values: solver.values,
        rare_heaps: solver.rare_heaps,
        full_scans: solver.full_scans,
    })
}

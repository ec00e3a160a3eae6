//! Periodicity of nim-value sequences: pre-period and period, as CGSuite reports them.

/// A sequence that is eventually periodic: G(n + period) = G(n) for all n ≥ preperiod.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Periodicity {
    /// The first index of the periodic part (CGSuite's "preperiod").
    pub preperiod: usize,
    /// The least period.
    pub period: usize,
}

/// The periodicity of `values` that the Octal Game Periodicity Theorem proves (Guy and
/// Smith 1956; Winning Ways, chapter 4): for an octal game removing at most `max_removal`
/// tokens, if G(n + p) = G(n) for every n with i ≤ n < 2i + p + t (t = `max_removal`), the
/// sequence has period p from i on, forever.
///
/// Returns the least period p, with its least pre-period i, for which the data in `values`
/// (G(0), G(1), …) reach that bound and agree throughout; `None` when no period is proven by
/// the data given.
///
/// ```
/// use nim_games::heap_games::{OctalGame, nim_sequence};
/// use nim_games::periodicity::{Periodicity, proven_periodicity};
/// let kayles = OctalGame::parse("0.77")?;
/// let values = nim_sequence(&kayles, 200)?;
/// assert_eq!(proven_periodicity(&values, kayles.max_removal()),
///            Some(Periodicity { preperiod: 71, period: 12 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn proven_periodicity<T: PartialEq>(values: &[T], max_removal: u32) -> Option<Periodicity> {
    let t = max_removal as usize;
    (1..values.len()).find_map(|period| {
        let preperiod = least_preperiod(values, period);
        let needed = 2 * preperiod + period + t;
        (needed <= values.len()).then_some(Periodicity { preperiod, period })
    })
}

/// The least i with G(n + period) = G(n) for every n ≥ i in the data.
fn least_preperiod<T: PartialEq>(values: &[T], period: usize) -> usize {
    (0..values.len() - period)
        .rev()
        .find(|&n| values[n + period] != values[n])
        .map_or(0, |mismatch| mismatch + 1)
}

/// [`proven_periodicity`] for the periods up to half the data, in time linear in the data:
/// what a long computation asks as its values arrive (`nim_games::octal`).
///
/// A period p ≤ L/2 (L values) can be proven only if the last L/4 values repeat those p
/// before them: the theorem's bound 2i + p + t ≤ L leaves at least (L − p + t)/2 ≥ L/4
/// values in the periodic part after its first p. The candidates are the shifts where a
/// rolling hash of that window matches; each is checked exactly, in increasing order, and
/// a multiple of a candidate found periodic but not yet proven is skipped: its least
/// pre-period is the same, so its bound is worse.
///
/// ```
/// use nim_games::heap_games::{OctalGame, nim_sequence};
/// use nim_games::periodicity::{Periodicity, proven_periodicity_at_most_half};
/// let kayles = OctalGame::parse("0.77")?;
/// let values = nim_sequence(&kayles, 200)?;
/// assert_eq!(proven_periodicity_at_most_half(&values, kayles.max_removal()),
///            Some(Periodicity { preperiod: 71, period: 12 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn proven_periodicity_at_most_half<T: Copy + Into<u64> + PartialEq>(
    values: &[T],
    max_removal: u32,
) -> Option<Periodicity> {
    let len = values.len();
    let t = max_removal as usize;
    let window = len / 4;
    if window == 0 {
        return None;
    }
    let mut unproven: Vec<usize> = Vec::new();
    for period in window_matches(values, window) {
        if unproven.iter().any(|&q| period % q == 0) {
            continue;
        }
        let preperiod = least_preperiod(values, period);
        if 2 * preperiod + period + t <= len {
            return Some(Periodicity { preperiod, period });
        }
        unproven.push(period);
    }
    None
}

/// The shifts p in 1..=L/2, increasing, for which the last `window` values hash as the
/// `window` values p before them (a polynomial hash mod 2^64; equal windows always match).
fn window_matches<T: Copy + Into<u64>>(values: &[T], window: usize) -> Vec<usize> {
    const BASE: u64 = 0x9E37_79B9_7F4A_7C15;
    let len = values.len();
    let term = |n: usize| values[n].into().wrapping_add(1);
    let hash = |end: usize| {
        (end + 1 - window..=end).fold(0u64, |h, n| h.wrapping_mul(BASE).wrapping_add(term(n)))
    };
    let top = (0..window).fold(1u64, |power, _| power.wrapping_mul(BASE));
    let target = hash(len - 1);
    let first_end = len - 1 - len / 2;
    let mut rolling = hash(first_end);
    let mut shifts = Vec::new();
    for end in first_end..len - 1 {
        if rolling == target {
            shifts.push(len - 1 - end);
        }
        rolling = rolling
            .wrapping_mul(BASE)
            .wrapping_add(term(end + 1))
            .wrapping_sub(top.wrapping_mul(term(end + 1 - window)));
    }
    shifts.reverse();
    shifts
}

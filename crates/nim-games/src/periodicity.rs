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
/// let kayles = OctalGame::parse("0.77").unwrap();
/// let values = nim_sequence(&kayles, 200);
/// assert_eq!(proven_periodicity(&values, kayles.max_removal()),
///            Some(Periodicity { preperiod: 71, period: 12 }));
/// ```
pub fn proven_periodicity(values: &[u32], max_removal: u32) -> Option<Periodicity> {
    let t = max_removal as usize;
    (1..values.len()).find_map(|period| {
        let preperiod = least_preperiod(values, period);
        let needed = 2 * preperiod + period + t;
        (needed <= values.len()).then_some(Periodicity { preperiod, period })
    })
}

/// The least i with G(n + period) = G(n) for every n ≥ i in the data.
fn least_preperiod(values: &[u32], period: usize) -> usize {
    (0..values.len() - period)
        .rev()
        .find(|&n| values[n + period] != values[n])
        .map_or(0, |mismatch| mismatch + 1)
}

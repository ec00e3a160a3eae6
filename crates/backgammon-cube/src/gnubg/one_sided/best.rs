//! The best play of every roll from every position, found without listing the plays.
//!
//! gnubg lists a roll's plays and keeps the one whose successor has the least Σ i·P(i). With
//! no contact a play of a double is four one-die plays in a row, and a play of a non-double
//! one die then the other, so the best successor can be read from the positions one die
//! away: for each position we keep, for each die d and k = 1, 2, 3, the best position that
//! k plays of d reach (with the most of them that can be played), by either measure (all off,
//! first off). A roll's best play is then a minimum over the one-die plays. Where two
//! successors with different distributions share the least Σ i·P(i), which one gnubg keeps
//! depends on its order of listing plays, so that roll is listed as gnubg lists it
//! ([`super::plays::Plays`]); successors with the same distribution (every position that is
//! surely off in one roll, say) are interchangeable.

use super::plays::OneDiePlays;

/// The measures a play is chosen by: all checkers off (0), the first off (1).
pub(super) const MEASURES: usize = 2;
/// The plays of a die kept per position: one, two and three in a row.
const LEVELS: usize = 3;

/// The best successor by one measure, among the plays that use the most pips.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Best {
    /// The pips those plays use.
    pub(super) pips: u32,
    /// The successor's Σ i·P(i).
    pub(super) sum: u32,
    /// The successor.
    pub(super) id: u32,
    /// Whether another successor with a different distribution has the same sum.
    pub(super) tied: bool,
}

impl Best {
    /// The better of two: more pips, then a smaller sum; a tie between successors whose
    /// distributions differ (`same` tells) is marked.
    pub(super) fn or(self, other: Best, same: &impl Fn(u32, u32) -> bool) -> Best {
        if self.pips != other.pips {
            return if self.pips > other.pips { self } else { other };
        }
        if self.sum != other.sum {
            return if self.sum < other.sum { self } else { other };
        }
        let differ = self.id != other.id && !same(self.id, other.id);
        Best {
            tied: self.tied || other.tied || differ,
            ..self
        }
    }

    /// The same successor reached by a play of `pips` more.
    fn after(self, pips: u32) -> Best {
        Best {
            pips: self.pips + pips,
            ..self
        }
    }
}

/// What is kept of a position: its sums, and its best successors after one, two and three
/// plays of each die by each measure (one cache line or two read per die).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Record {
    sums: [u32; MEASURES],
    best: [[[Entry; LEVELS]; MEASURES]; 6],
}

/// A best successor as kept, in eight bytes: the successor's number (below 2^26: C(28, 13) is
/// about 3.7 · 10^7), the plays of the die made (0 to 3) and the tie in one word, its sum in
/// the other.
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    packed: u32,
    sum: u32,
}

const ID_BITS: u32 = 26;
const PLAYS_SHIFT: u32 = ID_BITS;
const TIED: u32 = 1 << (ID_BITS + 2);

impl Entry {
    fn of(best: Best, die: u8) -> Entry {
        let plays = best.pips / u32::from(die);
        Entry {
            packed: best.id | plays << PLAYS_SHIFT | if best.tied { TIED } else { 0 },
            sum: best.sum,
        }
    }

    /// The same successor and plays with sum `sum` and no tie.
    fn untied(self, sum: u32) -> Entry {
        Entry {
            packed: self.packed & !TIED,
            sum,
        }
    }

    fn best(self, die: u8) -> Best {
        Best {
            pips: (self.packed >> PLAYS_SHIFT & 3) * u32::from(die),
            sum: self.sum,
            id: self.packed & ((1 << ID_BITS) - 1),
            tied: self.packed & TIED != 0,
        }
    }
}

impl Record {
    /// The record of a position whose distributions have Σ i·P(i) = `sums`, numbered `id`
    /// and with the one-die `plays`, from its successors' records; `same(a, b, measure)`
    /// tells whether two positions have the same distribution by a measure.
    pub(super) fn new(
        id: u32,
        sums: [u32; MEASURES],
        plays: &OneDiePlays,
        records: &[Record],
        same: &impl Fn(u32, u32, usize) -> bool,
    ) -> Record {
        let mut record = Record {
            sums,
            best: [[[Entry::default(); LEVELS]; MEASURES]; 6],
        };
        for die in 1..=6u8 {
            let d = usize::from(die) - 1;
            for measure in 0..MEASURES {
                for level in 1..=LEVELS {
                    record.best[d][measure][level - 1] = if measure == 1 && sums[1] == 0 {
                        // A checker is off: every successor has the gammon distribution of
                        // one already off, so the plays of all-off serve, untied.
                        Entry::untied(record.best[d][0][level - 1], 0)
                    } else {
                        let same = |a, b| same(a, b, measure);
                        let best =
                            best_after(plays.after(die), die, level, measure, records, &same)
                                .unwrap_or(Best {
                                    pips: 0,
                                    sum: sums[measure],
                                    id,
                                    tied: false,
                                });
                        Entry::of(best, die)
                    };
                }
            }
        }
        record
    }

    /// The position's Σ i·P(i) by `measure`.
    pub(super) fn sum(&self, measure: usize) -> u32 {
        self.sums[measure]
    }

    /// The position itself, no play made, by `measure`.
    fn unmoved(&self, id: u32, measure: usize) -> Best {
        Best {
            pips: 0,
            sum: self.sums[measure],
            id,
            tied: false,
        }
    }

    /// The best successor after `level` plays of `die` (0: the position itself).
    fn after(&self, id: u32, die: u8, level: usize, measure: usize) -> Best {
        if level == 0 {
            return self.unmoved(id, measure);
        }
        self.best[usize::from(die) - 1][measure][level - 1].best(die)
    }
}

/// The best successor after `level` plays of `die` from a position whose one-die plays of
/// it lead to `successors`; `None` when it has none.
fn best_after(
    successors: &[u32],
    die: u8,
    level: usize,
    measure: usize,
    records: &[Record],
    same: &impl Fn(u32, u32) -> bool,
) -> Option<Best> {
    successors
        .iter()
        .map(|&y| {
            records[y as usize]
                .after(y, die, level - 1, measure)
                .after(u32::from(die))
        })
        .reduce(|a, b| a.or(b, same))
}

/// The best successor of a roll by `measure`: four plays of a double, or both dice of a
/// non-double in either order (one die, the higher, when only one can be played).
pub(super) fn best_of_roll(
    plays: &OneDiePlays,
    high: u8,
    low: u8,
    measure: usize,
    records: &[Record],
    same: &impl Fn(u32, u32) -> bool,
) -> Option<Best> {
    if high == low {
        return best_after(plays.after(high), high, LEVELS + 1, measure, records, same);
    }
    let first = |die: u8, then: u8| {
        plays.after(die).iter().map(move |&y| {
            records[y as usize]
                .after(y, then, 1, measure)
                .after(u32::from(die))
        })
    };
    first(high, low)
        .chain(first(low, high))
        .reduce(|a, b| a.or(b, same))
}

//! GNU Backgammon's two-sided bear-off file (`makebearoff -t 6xC`), written byte for byte, so
//! that gnubg can read a database we build and the two programs can be compared entry by
//! entry.
//!
//! The file is a 40-byte header (`gnubg-TS-06-CC-1`, padded with `x` to a newline), then,
//! for every pair of positions in gnubg's numbering ([`crate::two_sided::TwoSidedDatabase::gnubg_index`]),
//! the player on roll's row by row, four 16-bit little-endian equities: cubeless (2P − 1),
//! cube owned, centred, owned by the opponent, each stored as e + 0x8000 where e runs from
//! −0x8000 (−1) to 0x7FFF (+1).
//!
//! gnubg does not round exact equities into that format: it *computes* in it. Each equity is
//! built from the successors' 16-bit values — the opponent's value turned into ours by the
//! bitwise complement (−e − 1, so +1 and −1 map onto each other exactly), his cube decision
//! taken on 16-bit values, the 21 rolls summed and divided by 36 with truncation — so its
//! values drift from the exact ones by a few units of 1/32,767 (at most 2.5 units in 6 × 3,
//! against [`crate::two_sided`]'s exact recursion). To write the same bytes, this module
//! performs the same fixed-point recursion; [`crate::two_sided`] remains the exact database,
//! and the tests measure the difference.

use crate::bearoff::BearoffPosition;
use crate::database::rank;
use crate::two_sided::{
    BuildProgress, EMPTY, GNUBG_HEADER, Layout, PlayTable, TwoSidedError, gnubg_file_length,
    position_at_gnubg_index,
};
use game_core::memory;

/// +1 in gnubg's 16-bit equities.
pub(super) const WON: i16 = 0x7FFF;
/// −1: the complement of +1.
pub(super) const LOST: i16 = !WON;

/// The header's length in bytes.
pub(super) const HEADER: usize = GNUBG_HEADER;

/// The file's header for `max_checkers` checkers a side: `gnubg-TS-06-CC-1`, padded with
/// `x` to a newline at byte [`HEADER`].
pub(super) fn header(max_checkers: u32) -> Vec<u8> {
    let mut header = format!("gnubg-TS-06-{max_checkers:02}-1").into_bytes();
    header.resize(HEADER - 1, b'x');
    header.push(b'\n');
    header
}

/// An entry's 16-bit equity as stored: e + 0x8000.
pub(super) fn stored(value: i16) -> u16 {
    (i32::from(value) + 0x8000) as u16
}

/// gnubg's two-sided bear-off file for six points and at most `max_checkers` checkers a side,
/// with cubeful equities (what `makebearoff -t 6xC -f FILE` writes).
///
/// # Errors
///
/// [`TwoSidedError::Bearoff`] above 15 checkers, [`TwoSidedError::Memory`] when the table
/// and the file are more than the process may use, [`TwoSidedError::TooLarge`] when the
/// table cannot be allocated.
///
/// ```
/// use backgammon_cube::gnubg::two_sided_file;
///
/// let file = two_sided_file(1)?;
/// assert!(file.starts_with(b"gnubg-TS-06-01-1xxx"));
/// assert_eq!(file.len(), 40 + 8 * 7 * 7); // 7 positions a side: off, or one checker on 1..6
/// # Ok::<(), backgammon_cube::two_sided::TwoSidedError>(())
/// ```
pub fn two_sided_file(max_checkers: u32) -> Result<Vec<u8>, TwoSidedError> {
    two_sided_file_with_progress(max_checkers, |_| {})
}

/// [`two_sided_file`], calling `progress` after each level of total pip count with the
/// pairs computed so far ([`BuildPhase::Levels`](crate::two_sided::BuildPhase::Levels)),
/// as [`build_two_sided_file`](super::build_two_sided_file) reports its levels.
///
/// # Errors
///
/// As [`two_sided_file`].
pub fn two_sided_file_with_progress(
    max_checkers: u32,
    progress: impl FnMut(BuildProgress),
) -> Result<Vec<u8>, TwoSidedError> {
    let layout = Layout::new(max_checkers)?;
    let n = layout.positions();
    // The table of entries, 8 bytes each, and the file's bytes made from it, side by side.
    let entries = (n as u64).pow(2).saturating_mul(2 * 8);
    memory::ensure(entries + HEADER as u64, || {
        format!(
            "GNU Backgammon's two-sided file 6x{max_checkers} and its table in memory \
             (out of core, build_two_sided_file writes the file, {} of disk)",
            memory::bytes(gnubg_file_length(n))
        )
    })?;
    // A race lost by the player on roll (the opponent is off) unless he is off himself.
    let mut table = layout.table([LOST; 4])?;
    for b in 0..n {
        table[EMPTY * n + b] = [WON; 4];
    }
    layout.fill(
        &mut table,
        |table, plays, a, b| on_roll(table, n, plays, a, b),
        progress,
    );
    let ours: Vec<usize> = (0..n)
        .map(|index| {
            let position: BearoffPosition = position_at_gnubg_index(index, max_checkers);
            rank(&position, max_checkers).expect("gnubg numbers the same positions")
        })
        .collect();
    let mut file = header(max_checkers);
    file.reserve(8 * n * n);
    for &a in &ours {
        for &b in &ours {
            for value in table[a * n + b] {
                file.extend_from_slice(&stored(value).to_le_bytes());
            }
        }
    }
    Ok(file)
}

/// The four 16-bit equities of (a, b), gnubg's way: for each roll and each value the best
/// play's complement of the opponent's value (after his cube decision for the centred and
/// the opponent-owned cube), summed over the rolls with their ways and divided by 36,
/// truncating.
fn on_roll(table: &[[i16; 4]], n: usize, plays: &PlayTable, a: usize, b: usize) -> [i16; 4] {
    over_the_rolls(plays.ways.iter().enumerate().map(|(roll, &ways)| {
        let theirs = plays.plays(a, roll).iter();
        (
            ways as u32,
            theirs.map(|&after| table[b * n + after as usize]),
        )
    }))
}

/// An entry from the opponent's entries after each play of each roll (the roll's ways out
/// of 36, the entries (b, a′) of its plays): for each roll and each value the best play's
/// value to us ([`as_seen_after_the_play`]), summed with the ways and divided by 36,
/// truncating.
pub(super) fn over_the_rolls<P: IntoIterator<Item = [i16; 4]>>(
    rolls: impl IntoIterator<Item = (u32, P)>,
) -> [i16; 4] {
    let mut total = [0i32; 4];
    for (ways, theirs) in rolls {
        let mut best = [i16::MIN; 4];
        for theirs in theirs {
            for (best, value) in best.iter_mut().zip(as_seen_after_the_play(theirs)) {
                *best = (*best).max(value);
            }
        }
        for (total, best) in total.iter_mut().zip(best) {
            *total += ways as i32 * i32::from(best);
        }
    }
    total.map(|t| (t / 36) as i16)
}

/// The opponent's entry (b, a′), on roll after our play, turned into the four values of that
/// play to us, in the file's order: the complement of his cubeless value; with the cube ours,
/// of his value with the cube his (he cannot double); with the cube centred or his, of his
/// value after his cube decision at the centred or the owned cube.
pub(super) fn as_seen_after_the_play(theirs: [i16; 4]) -> [i16; 4] {
    let complement = |e: i16| !e;
    [
        complement(theirs[0]),
        complement(theirs[3]),
        complement(cube_decision(theirs[2], theirs[3])),
        complement(cube_decision(theirs[1], theirs[3])),
    ]
}

/// The value of his cube decision to the player who may double, in gnubg's 16-bit
/// arithmetic: no double is worth `no_double`; he doubles when the taken double's `doubled`
/// (at the old stake) is at least half of it and a pass (+1) at least `no_double`, and then
/// gets +1 if the opponent should pass (`doubled` at least half of +1), else 2·`doubled`.
/// The halvings truncate, as in gnubg.
fn cube_decision(no_double: i16, doubled: i16) -> i16 {
    let (nd, dt, pass) = (i32::from(no_double), i32::from(doubled), i32::from(WON));
    if dt >= nd / 2 && pass >= nd {
        if dt >= pass / 2 { WON } else { (2 * dt) as i16 }
    } else {
        no_double
    }
}

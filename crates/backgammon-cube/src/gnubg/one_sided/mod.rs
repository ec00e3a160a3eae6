//! GNU Backgammon's one-sided bear-off files (`makebearoff -o P`): for every position of at
//! most fifteen checkers on the P points nearest the edge (P = 1 … 13), the distribution of
//! the number of rolls to bear them all off and — the gammon distribution — of the number of
//! rolls to bear off the first, each roll played to make the expected number of rolls least.
//! Past six points a checker must first come home: one bears off only when all stand on the
//! six home points.
//!
//! The file is a 40-byte header (`gnubg-OS-PP-15-G-C-0`, padded with `x` to a newline; G and
//! C say whether the gammon distributions are there and whether the layout is compressed),
//! then, in gnubg's numbering of the positions, either every distribution whole (32 16-bit
//! little-endian values each, the win distribution then the gammon one), or — compressed —
//! an index of 8 bytes a position (the offset of its values in 16-bit units, then the length
//! and the first roll of the nonzero part of each distribution) followed by those nonzero
//! parts. A probability p is stored as about 65,535 p.
//!
//! As for the two-sided file, gnubg computes in that format rather than rounding exact
//! values into it, and the bytes depend on how: for each roll the play whose successor has
//! the least Σ i·P(i) (the first such in gnubg's order of generating plays), the successors'
//! 16-bit distributions shifted by one roll and summed over the 36 rolls, each sum rounded
//! by (s + 18) / 36, and the rounding error of the total put on the most likely roll. This
//! module performs the same arithmetic. It does not list every play as gnubg does: each
//! roll's best successor is read from the positions one die away ([`best`]), and the plays
//! are listed in gnubg's order ([`plays`]) only for the rolls where two successors with
//! different distributions tie (1,665 of the 490,314 positions' rolls for eight points).

mod best;
mod plays;

use game_core::memory::{self, MemoryError};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::io::{self, Write};

use crate::numbering::{BOARD, binomial, board_of};
use best::{MEASURES, Record, best_of_roll};
use plays::{OneDiePlays, Plays};

/// The most points a one-sided file may cover (gnubg's limit).
pub const MAX_ONE_SIDED_POINTS: u32 = 13;

/// The checkers a player has.
const CHECKERS: u32 = 15;
/// The header's length in bytes.
const HEADER: usize = 40;
/// The rolls a distribution covers: 0 to 31.
const ROLLS: usize = 32;
/// Probability 1 in the file's 16-bit values.
const CERTAIN: u16 = 0xFFFF;

/// Which of gnubg's one-sided layouts to write; `makebearoff -o P` writes the default (both
/// true), `-g` leaves the gammon distributions out and `-c` the compression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OneSidedLayout {
    /// Whether each position also has its gammon distribution.
    pub gammon: bool,
    /// Whether only the nonzero part of each distribution is written, behind an index.
    pub compress: bool,
}

impl Default for OneSidedLayout {
    fn default() -> Self {
        OneSidedLayout {
            gammon: true,
            compress: true,
        }
    }
}

/// A one-sided file that cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OneSidedError {
    /// The file covers 1 to 13 points.
    #[error("{0} points: a one-sided bear-off file covers 1 to {MAX_ONE_SIDED_POINTS}")]
    Points(u32),
    /// A table is more than the process may use, asked of the machine before it is
    /// allocated ([`game_core::memory`]).
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// The tables cannot be allocated.
    #[error("{positions} positions need about {bytes} bytes, more than can be allocated")]
    TooLarge {
        /// The positions.
        positions: u64,
        /// The bytes asked for.
        bytes: u64,
    },
}

/// A one-sided bear-off database in gnubg's format, built in memory: what
/// [`OneSidedFile::write_to`] writes is `makebearoff -o P`'s file.
#[derive(Debug, Clone)]
pub struct OneSidedFile {
    points: u32,
    layout: OneSidedLayout,
    /// Where each position's values start in `values`.
    offsets: Vec<u32>,
    /// For each position, the length and first roll of the nonzero part of the win
    /// distribution, then of the gammon distribution.
    parts: Vec<[u8; 4]>,
    /// The nonzero parts, position after position, win then gammon.
    values: Vec<u16>,
    /// The rolls whose best play was decided by gnubg's order of listing plays.
    tied_rolls: u64,
}

/// gnubg's one-sided file for `points` points and fifteen checkers (what `makebearoff -o
/// points` writes with `layout`'s options).
///
/// # Errors
///
/// [`OneSidedError::Points`] outside 1 to 13; [`OneSidedError::TooLarge`] when the tables
/// cannot be allocated.
///
/// ```
/// use backgammon_cube::gnubg::{OneSidedLayout, one_sided_file};
///
/// let file = one_sided_file(2, OneSidedLayout::default())?;
/// assert_eq!(file.positions(), 136); // C(17, 2): up to 15 checkers on two points
/// let bytes = file.to_bytes();
/// assert!(bytes.starts_with(b"gnubg-OS-02-15-1-1-0xxx"));
/// // A checker on the 1-point is off in one roll, for sure.
/// let (win, _) = file.distributions(1).unwrap();
/// assert_eq!((win[0], win[1]), (0, 0xFFFF));
/// # Ok::<(), backgammon_cube::gnubg::OneSidedError>(())
/// ```
pub fn one_sided_file(points: u32, layout: OneSidedLayout) -> Result<OneSidedFile, OneSidedError> {
    OneSidedFile::build(points, layout, |_, _| {})
}

impl OneSidedFile {
    /// Builds the file, calling `progress(done, positions)` every 2^16 positions.
    ///
    /// # Errors
    ///
    /// As [`one_sided_file`].
    pub fn build(
        points: u32,
        layout: OneSidedLayout,
        mut progress: impl FnMut(u32, u32),
    ) -> Result<OneSidedFile, OneSidedError> {
        if !(1..=MAX_ONE_SIDED_POINTS).contains(&points) {
            return Err(OneSidedError::Points(points));
        }
        let positions = binomial(points + CHECKERS, points);
        let mut file = OneSidedFile::with_capacity(points, layout, positions)?;
        let mut records = Vec::new();
        reserve(&mut records, positions as usize, size_of::<Record>() as u64)?;
        let mut listed = Plays::default();
        let mut classes = Classes::default();
        for id in 0..positions {
            let board = board_of(id, points, CHECKERS);
            let plays = OneDiePlays::of(&board, id, points);
            let [win, gammon] = if id == 0 {
                [borne_off(), borne_off()]
            } else {
                file.distributions_of(&board, &plays, &records, &classes, &mut listed)
            };
            let sums = [rolls_sum(&win), rolls_sum(&gammon)];
            file.push(&win, &gammon);
            classes.push(&file, id);
            let same = |a, b, measure| classes.same(a, b, measure);
            records.push(Record::new(id, sums, &plays, &records, &same));
            if id % (1 << 16) == 0 {
                progress(id, positions);
            }
        }
        progress(positions, positions);
        Ok(file)
    }

    fn with_capacity(
        points: u32,
        layout: OneSidedLayout,
        positions: u32,
    ) -> Result<OneSidedFile, OneSidedError> {
        let n = positions as usize;
        let mut file = OneSidedFile {
            points,
            layout,
            offsets: Vec::new(),
            parts: Vec::new(),
            values: Vec::new(),
            tied_rolls: 0,
        };
        reserve(&mut file.offsets, n, 4)?;
        reserve(&mut file.parts, n, 4)?;
        // About eight nonzero values a distribution in the files gnubg writes.
        reserve(&mut file.values, 16 * n, 2)?;
        Ok(file)
    }

    /// The points covered.
    pub fn points(&self) -> u32 {
        self.points
    }

    /// The layout it writes.
    pub fn layout(&self) -> OneSidedLayout {
        self.layout
    }

    /// The (position, roll, measure) whose best play two successors with the same Σ i·P(i)
    /// tied for, decided by listing the plays in gnubg's order.
    pub fn tied_rolls(&self) -> u64 {
        self.tied_rolls
    }

    /// The positions: C(P + 15, P).
    pub fn positions(&self) -> usize {
        self.offsets.len()
    }

    /// The distributions of position `id` in gnubg's numbering: P(all off in exactly i
    /// rolls) and P(first checker off in exactly i rolls), i = 0 … 31, in units of 1/65,535;
    /// `None` past the last position.
    pub fn distributions(&self, id: u32) -> Option<([u16; ROLLS], [u16; ROLLS])> {
        ((id as usize) < self.positions()).then(|| {
            let [win, gammon] = self.stored(id);
            (win, gammon)
        })
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        self.write_to(&mut bytes)
            .expect("writing to a vector cannot fail");
        bytes
    }

    /// Writes the file.
    ///
    /// # Errors
    ///
    /// The writer's.
    pub fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        let mut out = io::BufWriter::new(out);
        let flag = |on: bool| u8::from(on);
        let mut header = format!(
            "gnubg-OS-{:02}-15-{}-{}-0",
            self.points,
            flag(self.layout.gammon),
            flag(self.layout.compress)
        )
        .into_bytes();
        header.resize(HEADER - 1, b'x');
        header.push(b'\n');
        out.write_all(&header)?;
        if self.layout.compress {
            self.write_compressed(&mut out)?;
        } else {
            for id in 0..self.positions() as u32 {
                let [win, gammon] = self.stored(id);
                write_values(&mut out, &win)?;
                if self.layout.gammon {
                    write_values(&mut out, &gammon)?;
                }
            }
        }
        out.flush()
    }

    fn write_compressed(&self, out: &mut impl Write) -> io::Result<()> {
        let mut offset = 0u32;
        for &[length, first, gammon_length, gammon_first] in &self.parts {
            out.write_all(&offset.to_le_bytes())?;
            out.write_all(&[length, first])?;
            offset += u32::from(length);
            if self.layout.gammon {
                out.write_all(&[gammon_length, gammon_first])?;
                offset += u32::from(gammon_length);
            }
        }
        for (id, &[length, _, gammon_length, _]) in self.parts.iter().enumerate() {
            let start = self.offsets[id] as usize;
            let win = &self.values[start..start + usize::from(length)];
            write_values(out, win)?;
            if self.layout.gammon {
                let gammon = &self.values[start + win.len()..][..usize::from(gammon_length)];
                write_values(out, gammon)?;
            }
        }
        Ok(())
    }

    /// Appends a position's distributions.
    fn push(&mut self, win: &[u16; ROLLS], gammon: &[u16; ROLLS]) {
        self.offsets.push(self.values.len() as u32);
        let (first, length) = nonzero_part(win);
        let (gammon_first, gammon_length) = nonzero_part(gammon);
        self.values.extend_from_slice(&win[first..first + length]);
        self.values
            .extend_from_slice(&gammon[gammon_first..gammon_first + gammon_length]);
        self.parts.push([
            length as u8,
            first as u8,
            gammon_length as u8,
            gammon_first as u8,
        ]);
    }

    /// The nonzero part of a stored distribution (`measure` 0: all off, 1: first off) and
    /// its first roll: two positions have the same distribution exactly when these agree.
    fn stored_part(&self, id: u32, measure: usize) -> (usize, &[u16]) {
        let [length, first, gammon_length, gammon_first] = self.parts[id as usize];
        let start = self.offsets[id as usize] as usize;
        let (length, gammon_length) = (usize::from(length), usize::from(gammon_length));
        if measure == 0 {
            (usize::from(first), &self.values[start..start + length])
        } else {
            let gammon = start + length;
            (
                usize::from(gammon_first),
                &self.values[gammon..gammon + gammon_length],
            )
        }
    }

    /// A stored position's distributions, whole.
    fn stored(&self, id: u32) -> [[u16; ROLLS]; 2] {
        [0, 1].map(|measure| {
            let (first, part) = self.stored_part(id, measure);
            let mut distribution = [0; ROLLS];
            distribution[first..first + part.len()].copy_from_slice(part);
            distribution
        })
    }

    /// gnubg's distributions of position `id` from its successors', already stored, by the
    /// best play of each roll ([`best`]; listed in gnubg's order where two successors tie).
    fn distributions_of(
        &mut self,
        board: &[u8; BOARD],
        plays: &OneDiePlays,
        records: &[Record],
        classes: &Classes,
        listed: &mut Plays,
    ) -> [[u16; ROLLS]; 2] {
        let on_board: u32 = board.iter().map(|&c| u32::from(c)).sum();
        let measures = if on_board == CHECKERS { MEASURES } else { 1 };
        let mut totals = [[0i32; ROLLS]; MEASURES];
        if on_board < CHECKERS {
            totals[1][0] = i32::from(CERTAIN) * 36;
        }
        for high in 1..=6u8 {
            for low in 1..=high {
                let ways = if high == low { 1 } else { 2 };
                for (measure, total) in totals.iter_mut().enumerate().take(measures) {
                    let same = |a, b| classes.same(a, b, measure);
                    let best = best_of_roll(plays, high, low, measure, records, &same)
                        .expect("every roll has a play in a race");
                    let chosen = if best.tied {
                        self.tied_rolls += 1;
                        listed.generate(board, high, low, self.points);
                        listed
                            .successors
                            .iter()
                            .copied()
                            .min_by_key(|&after| records[after as usize].sum(measure))
                            .expect("every roll has a play in a race")
                    } else {
                        best.id
                    };
                    let (first, part) = self.stored_part(chosen, measure);
                    for (i, &p) in part.iter().enumerate() {
                        if let Some(later) = total.get_mut(first + i + 1) {
                            *later += ways * i32::from(p);
                        }
                    }
                }
            }
        }
        totals.map(|total| rounded(&total))
    }
}

/// The positions grouped by distribution, so that whether two have the same one is a
/// comparison of two numbers: each position's class is the first position with its
/// distribution (by each measure), found by a hash of the stored part and confirmed by
/// comparing it. A hash shared by different distributions leaves the later one a class of
/// its own, which at worst lists a roll's plays that needed no listing.
#[derive(Debug, Default)]
struct Classes {
    first_with: HashMap<u64, u32, BuildHasherDefault<AlreadyHashed>>,
    class: Vec<[u32; MEASURES]>,
}

/// The hasher of [`Classes`]' keys, which are hashes already: it passes them through.
#[derive(Debug, Default)]
struct AlreadyHashed(u64);

impl Hasher for AlreadyHashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, hash: u64) {
        self.0 = hash;
    }
}

impl Classes {
    /// Classes position `id`, just stored in `file`.
    fn push(&mut self, file: &OneSidedFile, id: u32) {
        let mut class = [id; MEASURES];
        for (measure, class) in class.iter_mut().enumerate() {
            let (first, part) = file.stored_part(id, measure);
            let hash = part
                .iter()
                .fold((first as u64) << 8 | measure as u64, |hash, &p| {
                    (hash.rotate_left(5) ^ u64::from(p)).wrapping_mul(0x517c_c1b7_2722_0a95)
                });
            let earlier = *self.first_with.entry(hash).or_insert(id);
            if file.stored_part(earlier, measure) == (first, part) {
                *class = earlier;
            }
        }
        self.class.push(class);
    }

    /// Whether positions `a` and `b` have the same distribution by `measure`.
    fn same(&self, a: u32, b: u32, measure: usize) -> bool {
        self.class[a as usize][measure] == self.class[b as usize][measure]
    }
}

/// The distributions of a player with every checker off: no roll needed.
fn borne_off() -> [u16; ROLLS] {
    let mut distribution = [0; ROLLS];
    distribution[0] = CERTAIN;
    distribution
}

/// gnubg's rounding of 36 times a distribution: each (s + 18) / 36, and the total's
/// difference from 65,535 taken off the most likely roll (the first, on a tie), in 16-bit
/// arithmetic.
fn rounded(total: &[i32; ROLLS]) -> [u16; ROLLS] {
    let mut distribution = total.map(|sum| ((sum + 18) / 36) as u16);
    let sum: i32 = distribution.iter().map(|&p| i32::from(p)).sum();
    let mut mode = 0;
    for i in 0..ROLLS {
        if distribution[i] > distribution[mode] {
            mode = i;
        }
    }
    distribution[mode] = distribution[mode].wrapping_sub((sum - i32::from(CERTAIN)) as u16);
    distribution
}

/// Σ i·P(i): 65,535 times the expected rolls, what gnubg minimises.
fn rolls_sum(distribution: &[u16; ROLLS]) -> u32 {
    (1..ROLLS as u32)
        .map(|i| i * u32::from(distribution[i as usize]))
        .sum()
}

/// The first nonzero roll of a distribution and the length of the part from it to the last.
fn nonzero_part(distribution: &[u16; ROLLS]) -> (usize, usize) {
    let last = distribution.iter().rposition(|&p| p != 0).unwrap_or(0);
    let first = distribution.iter().position(|&p| p != 0).unwrap_or(0);
    (first, last - first + 1)
}

fn write_values(out: &mut impl Write, values: &[u16]) -> io::Result<()> {
    for value in values {
        out.write_all(&value.to_le_bytes())?;
    }
    Ok(())
}

fn reserve<T>(vector: &mut Vec<T>, n: usize, bytes_each: u64) -> Result<(), OneSidedError> {
    memory::ensure((n as u64).saturating_mul(bytes_each), || {
        format!("a one-sided bear-off table of {n} positions")
    })?;
    vector
        .try_reserve_exact(n)
        .map_err(|_| OneSidedError::TooLarge {
            positions: n as u64,
            bytes: n as u64 * bytes_each,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_outside_one_to_thirteen_are_refused() {
        for points in [0, 14] {
            assert_eq!(
                one_sided_file(points, OneSidedLayout::default()).unwrap_err(),
                OneSidedError::Points(points)
            );
        }
    }
}

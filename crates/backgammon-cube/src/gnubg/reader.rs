//! Reading a gnubg two-sided bear-off file entry by entry, without loading it: the complete
//! database is 23.6 GB, and one entry is eight bytes at a known offset.

use std::collections::BTreeSet;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use super::two_sided::{HEADER, LOST, over_the_rolls, stored as to_stored};
use crate::bearoff::{BearoffPosition, MAX_CHECKERS};
use crate::cube::{CubeAction, CubeOwnership};
use crate::dice::distinct_rolls;
use crate::two_sided::{
    Equities, TwoSidedError, binomial, checked_position_at_gnubg_index, checked_rank,
    gnubg_file_length, gnubg_index, position_at_gnubg_index,
};

/// A file that cannot be read as a gnubg two-sided bear-off database.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// Opening or reading the file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// The header is not that of a six-point cubeful two-sided file.
    #[error("{path}: not a gnubg six-point cubeful two-sided file (header {header:?})")]
    NotTwoSided {
        /// The file.
        path: PathBuf,
        /// The header's text, up to its newline.
        header: String,
    },
    /// The file's length is not that of its header's size.
    #[error("{path} has {found} bytes; a 6x{max_checkers} file has {expected}")]
    Truncated {
        /// The file.
        path: PathBuf,
        /// Checkers a side, from the header.
        max_checkers: u32,
        /// Its length.
        found: u64,
        /// The length of a whole file of that size.
        expected: u64,
    },
    /// A position the file does not hold, or a race already over.
    #[error(transparent)]
    Position(#[from] TwoSidedError),
    /// An entry no sound file holds ([`TwoSidedReader::checked_equities`]).
    #[error("{}: the entry of gnubg indices ({on_roll}, {opponent}) is damaged: {damage}", path.display())]
    Damaged {
        /// The file.
        path: PathBuf,
        /// The gnubg index of the player on roll's position.
        on_roll: usize,
        /// The gnubg index of the opponent's.
        opponent: usize,
        /// What is wrong with it.
        damage: Damage,
    },
}

/// What is wrong with a damaged entry of a two-sided file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Damage {
    /// Its values break an order every sound entry keeps: the opponent owning the cube ≤ the
    /// cube centred ≤ the cube owned, and 2P − 1 (cubeless) between the first and the last.
    #[error("its equities are out of the order cube access puts them in")]
    OutOfOrder,
    /// Its values are not those the entries one roll later give
    /// ([`TwoSidedReader::recomputed`]): it, or one of those, was altered.
    #[error("it is not what the entries one roll later make it")]
    NotItsSuccessors,
}

/// A gnubg two-sided bear-off file (`makebearoff -t 6xC`, or
/// [`super::build_two_sided_file`]) open for reading, one entry at a time.
///
/// The equities are read as gnubg reads them (`ReadTwoSidedBearoff` in its `bearoff.c`): a
/// stored u16 `s` is the equity s / 32767.5 − 1, so P = s / 65535 for the cubeless entry.
///
/// ```
/// use backgammon_cube::bearoff::BearoffPosition;
/// use backgammon_cube::gnubg::{TwoSidedReader, two_sided_file};
///
/// let folder = tempfile::tempdir()?;
/// let path = folder.path().join("ts-6x2.bd");
/// std::fs::write(&path, two_sided_file(2)?)?;
/// let mut file = TwoSidedReader::open(&path)?;
/// let one_on_six = BearoffPosition::from_points(&[6])?;
/// let one_on_one = BearoffPosition::from_points(&[1])?;
/// // On roll with one checker on the six point, against one sure to come off: 27 rolls of 36.
/// let p = file.equities(&one_on_six, &one_on_one)?.win;
/// assert!((p - 27.0 / 36.0).abs() < 1e-4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct TwoSidedReader {
    file: File,
    path: PathBuf,
    max_checkers: u32,
    positions: usize,
}

impl TwoSidedReader {
    /// Opens `path` and checks its header and length.
    ///
    /// # Errors
    ///
    /// [`ReadError::Io`], [`ReadError::NotTwoSided`], [`ReadError::Truncated`].
    pub fn open(path: impl AsRef<Path>) -> Result<Self, ReadError> {
        let path = path.as_ref().to_owned();
        let io_error = |source| ReadError::Io {
            path: path.clone(),
            source,
        };
        let mut file = File::open(&path).map_err(io_error)?;
        let found = file.metadata().map_err(io_error)?.len();
        let mut header = [0u8; HEADER];
        let read = file.read(&mut header).map_err(io_error)?;
        let max_checkers = checkers_in(&header[..read]).ok_or_else(|| {
            let text = String::from_utf8_lossy(&header[..read]);
            ReadError::NotTwoSided {
                path: path.clone(),
                header: text.lines().next().unwrap_or_default().to_owned(),
            }
        })?;
        let positions = binomial(max_checkers + 6, 6);
        let expected = gnubg_file_length(positions);
        if found != expected {
            return Err(ReadError::Truncated {
                path,
                max_checkers,
                found,
                expected,
            });
        }
        Ok(TwoSidedReader {
            file,
            path,
            max_checkers,
            positions,
        })
    }

    /// C: the most checkers a side the file holds.
    pub fn max_checkers(&self) -> u32 {
        self.max_checkers
    }

    /// The number of positions a side, the empty board included: C(C + 6, 6).
    pub fn positions(&self) -> usize {
        self.positions
    }

    /// The pairs of positions with both sides on the board, (n − 1)² for n positions a
    /// side: the most a sampled check recomputes ([`TwoSidedReader::check_sample`]).
    pub fn pairs_on_the_board(&self) -> u64 {
        let sides = self.positions as u64 - 1;
        sides * sides
    }

    /// The four stored 16-bit values of the pair, as in the file: cubeless, cube owned,
    /// centred, owned by the opponent.
    ///
    /// # Errors
    ///
    /// [`TwoSidedError::BeyondDatabase`] for a position of more than C checkers,
    /// [`TwoSidedError::RaceOver`] when a side is empty, [`ReadError::Io`].
    pub fn stored(
        &mut self,
        on_roll: &BearoffPosition,
        opponent: &BearoffPosition,
    ) -> Result<[u16; 4], ReadError> {
        let (a, b) = (self.index(on_roll)?, self.index(opponent)?);
        let mut entry = Vec::new();
        self.read_entries(a, b..b + 1, &mut entry)?;
        Ok(entry_values(&entry))
    }

    /// The pair's entry as [`crate::two_sided::TwoSidedDatabase`] gives it: P and the three
    /// cubeful equities before the player on roll's cube decision.
    ///
    /// # Errors
    ///
    /// As [`TwoSidedReader::stored`].
    pub fn equities(
        &mut self,
        on_roll: &BearoffPosition,
        opponent: &BearoffPosition,
    ) -> Result<Equities<f64>, ReadError> {
        Ok(equities_of(self.stored(on_roll, opponent)?))
    }

    /// As [`TwoSidedReader::equities`], the entry checked first: its equities in the order
    /// that cube access gives every sound entry (the opponent owning ≤ centred ≤ owned,
    /// cubeless 2P − 1 from the first to the last, within one stored unit), and equal, value
    /// for value, to what the entries one roll later make it ([`TwoSidedReader::recomputed`],
    /// the opponent's row read once). A query checks the entry it is asked so, and the
    /// entries of the plays it ranks for their order ([`TwoSidedReader::ordered_equities`]):
    /// the recomputation reads those too, so their damage shows there wherever it changes
    /// the best play of a roll.
    ///
    /// # Errors
    ///
    /// As [`TwoSidedReader::stored`]; [`ReadError::Damaged`] naming the file and the entry.
    pub fn checked_equities(
        &mut self,
        on_roll: &BearoffPosition,
        opponent: &BearoffPosition,
    ) -> Result<Equities<f64>, ReadError> {
        let equities = self.ordered_equities(on_roll, opponent)?;
        if self.recomputed(on_roll, opponent)? == self.stored(on_roll, opponent)? {
            Ok(equities)
        } else {
            Err(self.damaged(on_roll, opponent, Damage::NotItsSuccessors))
        }
    }

    /// As [`TwoSidedReader::equities`], the entry checked to keep the order of cube access
    /// only (one read, no more): what a query asks of the entries its plays lead to.
    ///
    /// # Errors
    ///
    /// As [`TwoSidedReader::stored`]; [`ReadError::Damaged`] naming the file and the entry.
    pub fn ordered_equities(
        &mut self,
        on_roll: &BearoffPosition,
        opponent: &BearoffPosition,
    ) -> Result<Equities<f64>, ReadError> {
        let stored = self.stored(on_roll, opponent)?;
        if in_order(stored) {
            Ok(equities_of(stored))
        } else {
            Err(self.damaged(on_roll, opponent, Damage::OutOfOrder))
        }
    }

    fn damaged(
        &self,
        on_roll: &BearoffPosition,
        opponent: &BearoffPosition,
        damage: Damage,
    ) -> ReadError {
        ReadError::Damaged {
            path: self.path.clone(),
            on_roll: gnubg_index(on_roll, self.max_checkers),
            opponent: gnubg_index(opponent, self.max_checkers),
            damage,
        }
    }

    /// The cube action of the player on roll with the cube as `cube`, from the pair's
    /// equities ([`Equities::cube_action`]).
    ///
    /// # Errors
    ///
    /// As [`TwoSidedReader::stored`].
    pub fn cube_action(
        &mut self,
        on_roll: &BearoffPosition,
        opponent: &BearoffPosition,
        cube: CubeOwnership,
    ) -> Result<CubeAction, ReadError> {
        Ok(self.equities(on_roll, opponent)?.cube_action(cube))
    }

    /// The position gnubg numbers `index` (0 is the empty board).
    ///
    /// # Errors
    ///
    /// [`TwoSidedError::IndexOutOfRange`] from [`TwoSidedReader::positions`] on.
    pub fn position_at(&self, index: usize) -> Result<BearoffPosition, TwoSidedError> {
        checked_position_at_gnubg_index(index, self.max_checkers)
    }

    /// The pair's stored values computed again from the entries one roll later, gnubg's way
    /// ([`super::two_sided_file`]): for each roll the best play for each value, against the
    /// opponent's entry after it (his cube decision taken), summed with the rolls' ways and
    /// divided by 36, truncating. Equal to [`TwoSidedReader::stored`] in a sound file: the
    /// check of any pair that needs nothing but the file.
    ///
    /// # Errors
    ///
    /// As [`TwoSidedReader::stored`].
    pub fn recomputed(
        &mut self,
        on_roll: &BearoffPosition,
        opponent: &BearoffPosition,
    ) -> Result<[u16; 4], ReadError> {
        self.index(on_roll)?;
        let row = self.index(opponent)?;
        let plays: Vec<(u32, BTreeSet<BearoffPosition>)> = distinct_rolls()
            .into_iter()
            .map(|(roll, ways)| (ways, on_roll.legal_plays(roll)))
            .collect();
        // Every entry read lies in the opponent's row: one read of the span they cover.
        let columns = plays
            .iter()
            .flat_map(|(_, afters)| afters)
            .filter(|after| !after.is_empty())
            .map(|after| self.index(after))
            .collect::<Result<Vec<usize>, _>>()?;
        let first = columns.iter().copied().min().unwrap_or(0);
        let last = columns.iter().copied().max().unwrap_or(0);
        let mut span = Vec::new();
        self.read_entries(row, first..last + 1, &mut span)?;
        let mut columns = columns.into_iter();
        let mut rolls = Vec::new();
        for (ways, afters) in plays {
            let mut theirs = Vec::new();
            for after in afters {
                theirs.push(if after.is_empty() {
                    [LOST; 4] // we are off: he has lost before his roll
                } else {
                    let at = 8 * (columns.next().unwrap_or(first) - first);
                    entry_values(&span[at..at + 8]).map(value_of)
                });
            }
            rolls.push((ways, theirs));
        }
        Ok(over_the_rolls(rolls).map(to_stored))
    }

    /// Compares every pair of this file with the same pair in `larger`, a file of at least as
    /// many checkers a side: a pair's entry does not depend on the size of the file it is in,
    /// so the two must agree on every pair of the smaller. Reads both files row by row.
    ///
    /// # Errors
    ///
    /// [`ReadError::Io`]; [`TwoSidedError::BeyondDatabase`] when `larger` holds fewer
    /// checkers than this file.
    pub fn agreement_with(&mut self, larger: &mut TwoSidedReader) -> Result<Agreement, ReadError> {
        if larger.max_checkers < self.max_checkers {
            return Err(TwoSidedError::BeyondDatabase {
                checkers: self.max_checkers,
                max: larger.max_checkers,
            }
            .into());
        }
        let in_larger: Vec<usize> = (0..self.positions)
            .map(|index| {
                let position = position_at_gnubg_index(index, self.max_checkers);
                gnubg_index(&position, larger.max_checkers)
            })
            .collect();
        let mut agreement = Agreement {
            pairs: 0,
            differing: 0,
            first_difference: None,
        };
        let (mut row, mut larger_row) = (Vec::new(), Vec::new());
        for (a, &a_larger) in in_larger.iter().enumerate() {
            self.read_row(a, &mut row)?;
            larger.read_row(a_larger, &mut larger_row)?;
            for (b, &b_larger) in in_larger.iter().enumerate() {
                agreement.pairs += 1;
                if row[8 * b..8 * b + 8] != larger_row[8 * b_larger..8 * b_larger + 8] {
                    agreement.differing += 1;
                    agreement.first_difference.get_or_insert((a, b));
                }
            }
        }
        Ok(agreement)
    }

    /// The bytes of the row of gnubg index `on_roll`: its entries against every position.
    pub(crate) fn read_row(&mut self, on_roll: usize, row: &mut Vec<u8>) -> Result<(), ReadError> {
        self.read_entries(on_roll, 0..self.positions, row)
    }

    /// The bytes of the entries of row `on_roll` against the gnubg indices `opponents`.
    fn read_entries(
        &mut self,
        on_roll: usize,
        opponents: std::ops::Range<usize>,
        bytes: &mut Vec<u8>,
    ) -> Result<(), ReadError> {
        bytes.resize(8 * opponents.len(), 0);
        let offset = (HEADER + 8 * (on_roll * self.positions + opponents.start)) as u64;
        self.file
            .seek(SeekFrom::Start(offset))
            .and_then(|_| self.file.read_exact(bytes))
            .map_err(|source| ReadError::Io {
                path: self.path.clone(),
                source,
            })
    }

    /// gnubg's index of a non-empty position of at most C checkers.
    fn index(&self, position: &BearoffPosition) -> Result<usize, TwoSidedError> {
        if position.is_empty() {
            return Err(TwoSidedError::RaceOver);
        }
        checked_rank(position, self.max_checkers)?;
        Ok(gnubg_index(position, self.max_checkers))
    }
}

/// The stride between the pairs a sampled check recomputes ([`TwoSidedReader::check_sample`]):
/// a prime above every n = C(C + 6, 6) (at most 54,264), so prime to n², so that the first n²
/// samples visit every pair once, spread over rows and columns.
pub const SAMPLE_STRIDE: u64 = 1_000_003;

/// What a sampled check of a two-sided file found ([`TwoSidedReader::check_sample`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SampleCheck {
    /// Distinct pairs recomputed, each with both sides on the board.
    pub recomputed: u64,
    /// The file's pairs with both sides on the board, (n − 1)² for n positions a side: the
    /// most a sample can recompute.
    pub pairs: u64,
    /// The pairs, as gnubg's indices (on roll, opponent), whose stored entry is not what
    /// their successors make it.
    pub differing: Vec<(usize, usize)>,
}

impl TwoSidedReader {
    /// Recomputes `sample` distinct pairs (or every pair, when the file has fewer) from the
    /// entries one roll later and compares each with the stored one. The pairs are visited
    /// in the order i · [`SAMPLE_STRIDE`] mod n² of the file (n its positions), which meets
    /// each pair once in n² steps and spreads the sample over the file; a pair with an
    /// empty side holds no decision and is passed over. `progress(k)` is told of the k-th
    /// pair recomputed.
    ///
    /// # Errors
    ///
    /// [`ReadError`] when the file cannot be read.
    pub fn check_sample(
        &mut self,
        sample: u64,
        mut progress: impl FnMut(u64),
    ) -> Result<SampleCheck, ReadError> {
        let n = self.positions() as u64;
        let mut check = SampleCheck {
            recomputed: 0,
            pairs: self.pairs_on_the_board(),
            differing: Vec::new(),
        };
        let target = sample.min(check.pairs);
        for i in 0..n * n {
            if check.recomputed == target {
                break;
            }
            let pair = i * SAMPLE_STRIDE % (n * n);
            let (a, b) = ((pair / n) as usize, (pair % n) as usize);
            let (x, y) = (self.position_at(a)?, self.position_at(b)?);
            if x.is_empty() || y.is_empty() {
                continue;
            }
            progress(check.recomputed);
            check.recomputed += 1;
            if self.recomputed(&x, &y)? != self.stored(&x, &y)? {
                check.differing.push((a, b));
            }
        }
        Ok(check)
    }
}

/// How two files of different sizes agree ([`TwoSidedReader::agreement_with`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Agreement {
    /// Pairs compared: every pair of the smaller file, those with an empty side included.
    pub pairs: u64,
    /// Pairs whose eight bytes differ.
    pub differing: u64,
    /// The first differing pair, as the smaller file's gnubg indices (on roll, opponent).
    pub first_difference: Option<(usize, usize)>,
}

/// An entry's stored values (cubeless, owned, centred, opponent owns) read as gnubg reads
/// them: the equity s / 32767.5 − 1, and P = s / 65535.
pub(crate) fn equities_of(stored: [u16; 4]) -> Equities<f64> {
    let [cubeless, owned, centred, opponent_owns] = stored;
    let equity = |stored: u16| f64::from(stored) / 32767.5 - 1.0;
    Equities {
        win: f64::from(cubeless) / 65535.0,
        centred: equity(centred),
        owned: equity(owned),
        opponent_owns: equity(opponent_owns),
    }
}

/// Whether stored values keep the order of cube access: opponent owns ≤ centred ≤ owned,
/// and the cubeless equity 2P − 1 between the first and the last, to one stored unit of
/// an equity (the values are truncated to 16 bits).
fn in_order(stored: [u16; 4]) -> bool {
    let [_, owned, centred, opponent_owns] = stored;
    let equities = equities_of(stored);
    let cubeless = 2.0 * equities.win - 1.0;
    let unit = 1.0 / 32767.5;
    opponent_owns <= centred
        && centred <= owned
        && equities.opponent_owns <= cubeless + unit
        && cubeless <= equities.owned + unit
}

/// The four stored values of an entry's eight bytes.
fn entry_values(bytes: &[u8]) -> [u16; 4] {
    [0, 1, 2, 3].map(|k| u16::from_le_bytes([bytes[2 * k], bytes[2 * k + 1]]))
}

/// A stored u16 as the signed value gnubg computes with: s − 0x8000.
fn value_of(stored: u16) -> i16 {
    (i32::from(stored) - 0x8000) as i16
}

/// C from a header `gnubg-TS-06-CC-1` (the `-1` marks the cubeful equities).
fn checkers_in(header: &[u8]) -> Option<u32> {
    let text = std::str::from_utf8(header.get(..16)?).ok()?;
    let checkers = text.strip_prefix("gnubg-TS-06-")?.strip_suffix("-1")?;
    match checkers.parse() {
        Ok(c) if c <= MAX_CHECKERS => Some(c),
        _ => None,
    }
}

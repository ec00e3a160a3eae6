//! Reading a gnubg two-sided bear-off file entry by entry, without loading it: the complete
//! database is 23.6 GB, and one entry is eight bytes at a known offset.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use super::two_sided::HEADER;
use crate::bearoff::{BearoffPosition, MAX_CHECKERS};
use crate::cube::{CubeAction, CubeOwnership};
use crate::database::rank;
use crate::two_sided::{Equities, TwoSidedError, binomial, gnubg_index};

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
/// let path = std::env::temp_dir().join(format!("doc-reader-{}.bd", std::process::id()));
/// std::fs::write(&path, two_sided_file(2)?)?;
/// let mut file = TwoSidedReader::open(&path)?;
/// let one_on_six = BearoffPosition::from_points(&[6])?;
/// let one_on_one = BearoffPosition::from_points(&[1])?;
/// // On roll with one checker on the six point, against one sure to come off: 27 rolls of 36.
/// let p = file.equities(&one_on_six, &one_on_one)?.win;
/// assert!((p - 27.0 / 36.0).abs() < 1e-4);
/// std::fs::remove_file(&path)?;
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
        let expected = (HEADER + 8 * positions * positions) as u64;
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
        let offset = (HEADER + 8 * (a * self.positions + b)) as u64;
        let mut entry = [0u8; 8];
        self.file
            .seek(SeekFrom::Start(offset))
            .and_then(|_| self.file.read_exact(&mut entry))
            .map_err(|source| ReadError::Io {
                path: self.path.clone(),
                source,
            })?;
        Ok([0, 1, 2, 3].map(|k| u16::from_le_bytes([entry[2 * k], entry[2 * k + 1]])))
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
        let [cubeless, owned, centred, opponent_owns] = self.stored(on_roll, opponent)?;
        let equity = |stored: u16| f64::from(stored) / 32767.5 - 1.0;
        Ok(Equities {
            win: f64::from(cubeless) / 65535.0,
            centred: equity(centred),
            owned: equity(owned),
            opponent_owns: equity(opponent_owns),
        })
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

    /// gnubg's index of a non-empty position of at most C checkers.
    fn index(&self, position: &BearoffPosition) -> Result<usize, TwoSidedError> {
        if position.is_empty() {
            return Err(TwoSidedError::RaceOver);
        }
        if rank(position, self.max_checkers).is_none() {
            let checkers = (1..=6).map(|point| u32::from(position.on(point))).sum();
            return Err(TwoSidedError::BeyondDatabase {
                checkers,
                max: self.max_checkers,
            });
        }
        Ok(gnubg_index(position, self.max_checkers))
    }
}

/// C from a header `gnubg-TS-06-CC-1` (the `-1` marks the cubeful equities).
fn checkers_in(header: &[u8]) -> Option<u32> {
    let text = std::str::from_utf8(header.get(..16)?).ok()?;
    let checkers = text.strip_prefix("gnubg-TS-06-")?.strip_suffix("-1")?;
    match checkers.parse() {
        Ok(c) if (1..=MAX_CHECKERS).contains(&c) => Some(c),
        _ => None,
    }
}

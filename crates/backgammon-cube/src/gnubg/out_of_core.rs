//! gnubg's two-sided bear-off file built out of core, for every size up to the complete
//! database: fifteen checkers a side, 54,264 positions a side, 2,944,581,696 pairs, a file
//! of 23.6 GB — the same bytes as [`super::two_sided_file`], which holds the whole table in
//! memory and stops near twelve checkers.
//!
//! # Method
//!
//! A pair (x, y), x on roll, lies on *level* pip(x) + pip(y), and in the *block*
//! (pip(x), pip(y)) of that level. A play bears at most 24 pips (6-6, four times), so every
//! entry of level t is computed from the 24 levels below it, and only those are kept in
//! memory (the *window*: 11.9 GB at fifteen checkers); each finished block goes to its own
//! file in the work directory. A block stores its entries with x varying fastest, so that
//! for one position a of the player on roll and one play a′, the values (b, a′) for every b
//! of one pip count lie side by side: the entries of a against all those b are computed
//! together, a roll at a time, as element-wise maxima and sums over such runs. The window
//! keeps each entry already turned into what it is worth to the player who just moved
//! ([`super::two_sided::as_seen_after_the_play`]), so that the work per play is one
//! maximum.
//!
//! When the last level is written, the blocks are assembled into gnubg's layout, one pip
//! count of the player on roll at a time (its rows, a few hundred megabytes, are built in
//! memory and each written where gnubg numbers it), and each pip count's blocks are deleted
//! once its rows are on disk: the disk holds about one copy of the table at any time.
//!
//! # Resuming
//!
//! A block file is written under a temporary name, synced and renamed when complete
//! (`game_core::durable`); a level is done when all its blocks are there, and the assembly
//! records the pip counts it has finished (after their rows are flushed to disk). A build
//! stopped anywhere — killed, or stopped by a [`game_core::stop::StopSignal`] — continues
//! from its first unfinished level or pip count when started again with the same
//! arguments, and writes the same bytes.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use game_core::durable;
use game_core::memory::{self, MemoryError};
use game_core::stop::{Carried, checkpoint};
use rayon::prelude::*;

use super::two_sided::{HEADER, LOST, WON, as_seen_after_the_play, header, stored};
pub use crate::two_sided::{BuildPhase, BuildProgress};
use crate::two_sided::{Layout, PlayTable, TwoSidedError, gnubg_file_length, gnubg_index};

/// The most pips one roll bears: 6-6 played four times.
const REACH: usize = 24;

/// Bytes of one entry: four 16-bit equities.
const ENTRY: usize = 8;

/// A build that cannot go on.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OutOfCoreError {
    /// A size the database does not have.
    #[error(transparent)]
    TwoSided(#[from] TwoSidedError),
    /// The window of levels is more than the process may use, asked of the machine before
    /// the build starts ([`game_core::memory`]).
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// An empty path given for the work directory, which would put the build's files in
    /// the current directory.
    #[error("the work directory's path is empty")]
    EmptyWorkDir,
    /// An output path that names no file (empty, or ending in `..`): the build would end
    /// with a complete file it cannot rename into place.
    #[error("{0:?} names no file to write")]
    NoFileName(PathBuf),
    /// The work directory holds a build of another size (or something else).
    #[error("{dir} holds {found:?}, not a build of {}", crate::checkers_a_side(*.max_checkers))]
    OtherBuild {
        /// The work directory.
        dir: PathBuf,
        /// The first line of its manifest.
        found: String,
        /// The size asked for.
        max_checkers: u32,
    },
    /// A block, a marker or the partly assembled file is missing or not as the build wrote
    /// it: the work directory was changed by something other than the build.
    #[error("{path} is not as the build left it: {what}")]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        what: String,
    },
}

/// Builds gnubg's two-sided file for six points and at most `max_checkers` checkers a side
/// (what `makebearoff -t 6xC` writes, for every C up to 15) at `out`, keeping its work in
/// `work_dir`, and calling `progress` after every level and every assembled pip count.
///
/// Started again with the same arguments after being stopped, it continues where it
/// stopped. The file appears at `out` only when complete (it is written as `out.partial`),
/// and the build's files in `work_dir` are then removed (the directory too, if nothing else
/// is in it), so that a later call builds the file again.
///
/// # Errors
///
/// [`OutOfCoreError::TwoSided`] above 15 checkers, [`OutOfCoreError::NoFileName`] when
/// `out` names no file, [`OutOfCoreError::Io`] when a file
/// cannot be written, [`OutOfCoreError::OtherBuild`] when `work_dir` holds a build of
/// another size, [`OutOfCoreError::Damaged`] when its files were changed.
///
/// ```
/// use backgammon_cube::gnubg::{build_two_sided_file, two_sided_file};
///
/// let dir = tempfile::tempdir()?;
/// let out = dir.path().join("ts-6x3.bd");
/// build_two_sided_file(3, &dir.path().join("work"), &out, |_| {})?;
/// assert_eq!(std::fs::read(&out)?, two_sided_file(3)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn build_two_sided_file(
    max_checkers: u32,
    work_dir: &Path,
    out: &Path,
    mut progress: impl FnMut(BuildProgress),
) -> Result<(), OutOfCoreError> {
    if out.file_name().is_none() {
        return Err(OutOfCoreError::NoFileName(out.to_owned()));
    }
    let layout = Layout::new(max_checkers)?;
    let places = Places::new(&layout, max_checkers);
    window_fits(&places, max_checkers)?;
    let work = WorkDir::open(work_dir, max_checkers)?;
    if !work.has_marker(LEVELS_DONE) {
        compute_levels(&layout, &places, &work, &mut progress)?;
        work.write_marker(LEVELS_DONE, 0)?;
    }
    let partial = partial_path(out);
    assemble(&places, &work, &partial, max_checkers, &mut progress)?;
    // Stopped after the rename, a build has only its work directory left to clear.
    if partial.exists() || !out.exists() {
        durable::rename_durably(&partial, out).map_err(io_at(out))?;
    }
    work.clear()
}

/// Asks the machine for the largest window of the build: the entries of the [`REACH`]
/// levels below a level and the level itself (11.9 GB at fifteen checkers, where the build
/// was measured at 11.1 GiB).
fn window_fits(places: &Places, max_checkers: u32) -> Result<(), MemoryError> {
    let last = 2 * places.highest();
    let largest = (0..=last)
        .map(|total| {
            (total.saturating_sub(REACH)..=total)
                .map(|level| places.pairs(level))
                .sum::<u64>()
        })
        .max()
        .unwrap_or(0);
    memory::ensure(largest * ENTRY as u64, || {
        format!("the out-of-core build of 6x{max_checkers}'s window of levels")
    })
}

/// Where each position lies in the blocks: its pip count and its rank among the positions
/// of that pip count, and the positions of each pip count (the empty board alone at 0).
struct Places {
    by_pips: Vec<Vec<u32>>,
    place: Vec<(usize, usize)>,
    gnubg: Vec<usize>,
}

impl Places {
    fn new(layout: &Layout, max_checkers: u32) -> Places {
        let mut by_pips: Vec<Vec<u32>> = Vec::new();
        let mut place = Vec::with_capacity(layout.positions());
        for (index, position) in layout.all().iter().enumerate() {
            let pips = position.pip_count() as usize;
            if by_pips.len() <= pips {
                by_pips.resize(pips + 1, Vec::new());
            }
            place.push((pips, by_pips[pips].len()));
            by_pips[pips].push(index as u32);
        }
        let gnubg = layout
            .all()
            .iter()
            .map(|position| gnubg_index(position, max_checkers))
            .collect();
        Places {
            by_pips,
            place,
            gnubg,
        }
    }

    /// The highest pip count of one side.
    fn highest(&self) -> usize {
        self.by_pips.len() - 1
    }

    fn count(&self, pips: usize) -> usize {
        self.by_pips[pips].len()
    }

    /// The blocks of level `total`: the pip counts of the player on roll.
    fn level(&self, total: usize) -> std::ops::RangeInclusive<usize> {
        total.saturating_sub(self.highest())..=total.min(self.highest())
    }

    /// Pairs on the level `total`.
    fn pairs(&self, total: usize) -> u64 {
        self.level(total)
            .map(|p| (self.count(p) * self.count(total - p)) as u64)
            .sum()
    }
}

/// A block's entries: (x, y) with pip(x) = p, pip(y) = q, at `rank(y) · count(p) + rank(x)`.
type Block = Vec<[i16; 4]>;

/// The blocks of the levels still read, each as seen after the play.
struct Window {
    highest: usize,
    blocks: Vec<Option<Block>>,
}

impl Window {
    fn new(highest: usize) -> Window {
        Window {
            highest,
            blocks: vec![None; (highest + 1) * (highest + 1)],
        }
    }

    fn insert(&mut self, p: usize, q: usize, mut block: Block) {
        for entry in &mut block {
            *entry = as_seen_after_the_play(*entry);
        }
        let slot = self.slot(p, q);
        self.blocks[slot] = Some(block);
    }

    fn forget_level(&mut self, places: &Places, total: usize) {
        for p in places.level(total) {
            let slot = self.slot(p, total - p);
            self.blocks[slot] = None;
        }
    }

    fn slot(&self, p: usize, q: usize) -> usize {
        p * (self.highest + 1) + q
    }

    /// The values to the player who moved to y of the entries (x, y) for every x of `p`
    /// pips, y being the `rank`-th position of `q` pips: four per x.
    fn run(&self, p: usize, q: usize, rank: usize, count_p: usize) -> &[i16] {
        let block = self.blocks[self.slot(p, q)]
            .as_ref()
            .expect("the window holds the 24 levels below the one computed");
        block[rank * count_p..(rank + 1) * count_p].as_flattened()
    }
}

fn compute_levels(
    layout: &Layout,
    places: &Places,
    work: &WorkDir,
    progress: &mut impl FnMut(BuildProgress),
) -> Result<(), OutOfCoreError> {
    let last = 2 * places.highest();
    let first = (0..=last)
        .find(|&total| !work.level_done(places, total))
        .unwrap_or(last + 1);
    let mut window = Window::new(places.highest());
    for total in first.saturating_sub(REACH)..first {
        for p in places.level(total) {
            let q = total - p;
            window.insert(p, q, work.read_block(places, p, q)?);
        }
    }
    let total_pairs = (0..=last).map(|total| places.pairs(total)).sum();
    let mut done: u64 = (0..first).map(|total| places.pairs(total)).sum();
    for total in first..=last {
        for p in places.level(total) {
            checkpoint();
            let q = total - p;
            let block = compute_block(layout.plays(), places, &window, p, q);
            work.write_block(places, p, q, &block)?;
            window.insert(p, q, block);
        }
        if total >= REACH {
            window.forget_level(places, total - REACH);
        }
        done += places.pairs(total);
        progress(BuildProgress {
            phase: BuildPhase::Levels,
            done,
            total: total_pairs,
        });
    }
    Ok(())
}

/// The block (p, q): every position of p pips on roll against every one of q pips.
fn compute_block(plays: &PlayTable, places: &Places, window: &Window, p: usize, q: usize) -> Block {
    let (count_p, count_q) = (places.count(p), places.count(q));
    if p == 0 {
        return vec![[WON; 4]; count_q]; // the player on roll is off: won
    }
    if q == 0 {
        return vec![[LOST; 4]; count_p]; // the opponent is off
    }
    let carried = Carried::from_this_thread();
    let rows: Vec<Vec<[i16; 4]>> = places.by_pips[p]
        .par_iter()
        .map(|&a| {
            carried.checkpoint();
            against_all_of(plays, places, window, a as usize, q)
        })
        .collect();
    let mut block = vec![[0; 4]; count_p * count_q];
    for (rank_a, row) in rows.iter().enumerate() {
        for (rank_b, &entry) in row.iter().enumerate() {
            block[rank_b * count_p + rank_a] = entry;
        }
    }
    block
}

/// The entries of `a` on roll against every position of `q` pips, gnubg's way
/// ([`super::two_sided`]): for each roll, the element-wise best over a's plays of the runs
/// of values after the play, summed with the roll's ways and divided by 36, truncating.
fn against_all_of(
    plays: &PlayTable,
    places: &Places,
    window: &Window,
    a: usize,
    q: usize,
) -> Vec<[i16; 4]> {
    let count_q = places.count(q);
    let mut total = vec![0i32; 4 * count_q];
    let mut best = vec![i16::MIN; 4 * count_q];
    for (roll, &ways) in plays.ways.iter().enumerate() {
        best.fill(i16::MIN);
        for &after in plays.plays(a, roll) {
            let (pips, rank) = places.place[after as usize];
            let run = window.run(q, pips, rank, count_q);
            for (best, &value) in best.iter_mut().zip(run) {
                *best = (*best).max(value);
            }
        }
        let ways = ways as i32;
        for (total, &best) in total.iter_mut().zip(&best) {
            *total += ways * i32::from(best);
        }
    }
    total
        .chunks_exact(4)
        .map(|t| [0, 1, 2, 3].map(|k| (t[k] / 36) as i16))
        .collect()
}

/// Writes gnubg's file from the blocks, one pip count of the player on roll at a time,
/// deleting each pip count's blocks once its rows are on disk.
fn assemble(
    places: &Places,
    work: &WorkDir,
    partial: &Path,
    max_checkers: u32,
    progress: &mut impl FnMut(BuildProgress),
) -> Result<(), OutOfCoreError> {
    let first = work.read_marker(ASSEMBLED)?;
    if first > places.highest() {
        return Ok(());
    }
    let n = places.place.len();
    let mut file = open_partial(partial, first == 0, max_checkers, n)?;
    for p in first..=places.highest() {
        checkpoint();
        let rows = rows_of(places, work, p)?;
        for (rank, &a) in places.by_pips[p].iter().enumerate() {
            let offset = (HEADER + ENTRY * n * places.gnubg[a as usize]) as u64;
            let row = &rows[rank * ENTRY * n..(rank + 1) * ENTRY * n];
            file.seek(SeekFrom::Start(offset))
                .and_then(|_| file.write_all(row))
                .map_err(io_at(partial))?;
        }
        file.sync_data().map_err(io_at(partial))?;
        work.write_marker(ASSEMBLED, p + 1)?;
        for q in 0..=places.highest() {
            work.remove_block(p, q)?;
        }
        progress(BuildProgress {
            phase: BuildPhase::Assembly,
            done: (p + 1) as u64,
            total: (places.highest() + 1) as u64,
        });
    }
    Ok(())
}

/// The file being assembled: created with its header and its whole length when `new`, else
/// opened and checked to have that length.
fn open_partial(
    partial: &Path,
    new: bool,
    max_checkers: u32,
    positions: usize,
) -> Result<File, OutOfCoreError> {
    let length = gnubg_file_length(positions);
    if new {
        let mut file = File::create(partial).map_err(io_at(partial))?;
        file.write_all(&header(max_checkers))
            .and_then(|()| file.set_len(length))
            .map_err(io_at(partial))?;
        return Ok(file);
    }
    let file = OpenOptions::new()
        .write(true)
        .open(partial)
        .map_err(io_at(partial))?;
    let found = file.metadata().map_err(io_at(partial))?.len();
    if found != length {
        return Err(OutOfCoreError::Damaged {
            path: partial.to_owned(),
            what: format!("{found} bytes, not {length}"),
        });
    }
    Ok(file)
}

/// The rows of gnubg's file of every position of `p` pips on roll, one after another in
/// rank order, each of `n` entries in gnubg's order of the opponent's positions.
fn rows_of(places: &Places, work: &WorkDir, p: usize) -> Result<Vec<u8>, OutOfCoreError> {
    let n = places.place.len();
    let count_p = places.count(p);
    let mut rows = vec![0u8; count_p * n * ENTRY];
    for q in 0..=places.highest() {
        let block = work.read_block(places, p, q)?;
        for (rank_b, &b) in places.by_pips[q].iter().enumerate() {
            let column = places.gnubg[b as usize];
            for rank_a in 0..count_p {
                let at = (rank_a * n + column) * ENTRY;
                let entry = block[rank_b * count_p + rank_a];
                for (k, value) in entry.into_iter().enumerate() {
                    rows[at + 2 * k..at + 2 * k + 2].copy_from_slice(&stored(value).to_le_bytes());
                }
            }
        }
    }
    Ok(rows)
}

/// `out` with `.partial` added to its name.
fn partial_path(out: &Path) -> PathBuf {
    let mut name = out.file_name().unwrap_or_default().to_owned();
    name.push(".partial");
    out.with_file_name(name)
}

fn io_at(path: &Path) -> impl Fn(io::Error) -> OutOfCoreError + '_ {
    move |source| OutOfCoreError::Io {
        path: path.to_owned(),
        source,
    }
}

/// The marker written when every level is computed.
const LEVELS_DONE: &str = "levels-done";
/// The marker holding how many pip counts of the player on roll are assembled.
const ASSEMBLED: &str = "assembled";
/// The manifest's first line names the build, so that a resume cannot mix sizes.
const MANIFEST: &str = "manifest";

/// A build's work directory: its manifest, the block files, the markers.
struct WorkDir {
    dir: PathBuf,
}

impl WorkDir {
    fn open(dir: &Path, max_checkers: u32) -> Result<WorkDir, OutOfCoreError> {
        if dir.as_os_str().is_empty() {
            return Err(OutOfCoreError::EmptyWorkDir);
        }
        let blocks = dir.join("blocks");
        fs::create_dir_all(&blocks).map_err(io_at(&blocks))?;
        let manifest = dir.join(MANIFEST);
        let expected = format!("gnubg two-sided bear-off, 6 points, {max_checkers} checkers");
        match fs::read_to_string(&manifest) {
            Ok(found) if found.lines().next() == Some(&expected) => {}
            Ok(found) => {
                return Err(OutOfCoreError::OtherBuild {
                    dir: dir.to_owned(),
                    found: found.lines().next().unwrap_or_default().to_owned(),
                    max_checkers,
                });
            }
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                write_atomically(&manifest, format!("{expected}\n").as_bytes())?;
            }
            Err(error) => return Err(io_at(&manifest)(error)),
        }
        Ok(WorkDir {
            dir: dir.to_owned(),
        })
    }

    fn block_path(&self, p: usize, q: usize) -> PathBuf {
        self.dir.join("blocks").join(format!("{p:03}-{q:03}.bin"))
    }

    fn block_bytes(places: &Places, p: usize, q: usize) -> u64 {
        (places.count(p) * places.count(q) * ENTRY) as u64
    }

    fn level_done(&self, places: &Places, total: usize) -> bool {
        places.level(total).all(|p| {
            let q = total - p;
            fs::metadata(self.block_path(p, q))
                .is_ok_and(|meta| meta.len() == Self::block_bytes(places, p, q))
        })
    }

    fn write_block(
        &self,
        places: &Places,
        p: usize,
        q: usize,
        block: &[[i16; 4]],
    ) -> Result<(), OutOfCoreError> {
        let mut bytes = Vec::with_capacity(Self::block_bytes(places, p, q) as usize);
        for value in block.as_flattened() {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        write_atomically(&self.block_path(p, q), &bytes)
    }

    fn read_block(&self, places: &Places, p: usize, q: usize) -> Result<Block, OutOfCoreError> {
        let path = self.block_path(p, q);
        let expected = Self::block_bytes(places, p, q);
        let mut bytes = Vec::new();
        let read = File::open(&path).and_then(|mut file| file.read_to_end(&mut bytes));
        match read {
            Ok(_) if bytes.len() as u64 == expected => {}
            Ok(found) => {
                return Err(OutOfCoreError::Damaged {
                    path,
                    what: format!("{found} bytes, not {expected}"),
                });
            }
            Err(error) => {
                return Err(OutOfCoreError::Damaged {
                    path,
                    what: error.to_string(),
                });
            }
        }
        Ok(bytes
            .chunks_exact(ENTRY)
            .map(|entry| [0, 1, 2, 3].map(|k| i16::from_le_bytes([entry[2 * k], entry[2 * k + 1]])))
            .collect())
    }

    fn remove_block(&self, p: usize, q: usize) -> Result<(), OutOfCoreError> {
        remove_if_there(&self.block_path(p, q))
    }

    /// Removes the build's files: the markers first, so that a clearing stopped half way
    /// leaves a build that starts again, then the blocks and the manifest, and the directory
    /// if that empties it.
    fn clear(&self) -> Result<(), OutOfCoreError> {
        for name in [LEVELS_DONE, ASSEMBLED] {
            remove_if_there(&self.dir.join(name))?;
        }
        let blocks = self.dir.join("blocks");
        fs::remove_dir_all(&blocks).map_err(io_at(&blocks))?;
        let manifest = self.dir.join(MANIFEST);
        fs::remove_file(&manifest).map_err(io_at(&manifest))?;
        let _ = fs::remove_dir(&self.dir); // kept when it holds anything else
        Ok(())
    }

    fn has_marker(&self, name: &str) -> bool {
        self.dir.join(name).exists()
    }

    /// The number in marker `name`, 0 when it is not there.
    fn read_marker(&self, name: &str) -> Result<usize, OutOfCoreError> {
        let path = self.dir.join(name);
        match fs::read_to_string(&path) {
            Ok(text) => text.trim().parse().map_err(|_| OutOfCoreError::Damaged {
                what: format!("{:?} is not a count", text.trim()),
                path,
            }),
            Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(0),
            Err(error) => Err(io_at(&path)(error)),
        }
    }

    fn write_marker(&self, name: &str, value: usize) -> Result<(), OutOfCoreError> {
        write_atomically(&self.dir.join(name), format!("{value}\n").as_bytes())
    }
}

fn remove_if_there(path: &Path) -> Result<(), OutOfCoreError> {
    match fs::remove_file(path) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => Err(io_at(path)(error)),
        _ => Ok(()),
    }
}

/// Writes `bytes` to `path` whole and durably (`game_core::durable`): a reader, or a build
/// resumed after a kill or a power cut, sees the whole file or none of it.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), OutOfCoreError> {
    durable::write_whole(path, |file| file.write_all(bytes)).map_err(io_at(path))
}

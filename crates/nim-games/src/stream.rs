//! Streamed runs: the nim-values of an octal game or Grundy's game to any number of heaps,
//! in memory that does not grow with them, saved as they go and taken up again after a
//! stop — the runs of the field's records (Flammenkamp's Grundy's game to 2^35 heaps,
//! Rogalski's octal games to 2^36–2^40).
//!
//! The engine is the rare/common one of [`crate::octal`] and
//! [`crate::grundys_game::nim_values`]; a streamed run keeps only the first F heaps' values
//! (the *front*, F a power of two, at least 2^17) and the last F + k + 3,072 or so (k the
//! largest number of tokens a split removes), and hands every value to a [`ValueSink`] as
//! it leaves memory. Memory: 2(F + 3(F + k + 3,072)) bytes of values and 32 MiB for the
//! engine — 40 MiB at the default F = 2^20, whatever the number of heaps — asked of the
//! machine before the work starts.
//!
//! What this costs, and when it fails rather than guess:
//! - every rare heap must lie in the front: a rare heap r pairs with every later heap n
//!   through G(n − k − r), which for r past the front is a value the run has dropped.
//!   A value with a bit no earlier value had leaves that bit of the mask unsettled: the
//!   run settles it so that the value is common, which reclasses no earlier heap
//!   ([`Split::with_new_bit_common`](crate::octal::Split::with_new_bit_common); .167's
//!   first 64, at heap 332,129,728). Any other rare heap found past F stops the run with
//!   [`NimValueError::RareHeapBeyondFront`];
//! - a rare candidate value that the small heaps' witness window does not show in S(n) is
//!   looked for among the splits of n with a part in the front (an in-memory run looks
//!   among all of them, and first in a window near n/2): when none gives it the run stops
//!   with [`NimValueError::WitnessBeyondFront`];
//! - the mask is chosen from the values for the last time at F heaps (but for the bits
//!   settled as above), and a game with no useful split by then stops with
//!   [`NimValueError::NoUsefulSplit`];
//! - no period is looked for: a proof of a period p from pre-period e reads G(e), …,
//!   G(2e + 2p + t), which a run past its front no longer holds.
//!
//! Every value a streamed run gives is therefore exact, and equal to the in-memory
//! engine's. As it goes it records, at every power of two of heaps, a [`Milestone`]: the
//! frequency of every value over heaps 1 to n (Rogalski's files), the rare heaps under the
//! split in use, the largest value and its first heap, and the FNV-1a checksum of G(0),
//! …, G(n).
//!
//! # Checkpoints
//!
//! At the start of a block past the front, when [`StreamOptions::checkpoint_every`] has
//! passed since the last one, when a [`StopSignal`] is raised, or at
//! [`StreamOptions::stop_at`], the run hands its values over, asks the sink to make them
//! durable ([`ValueSink::sync`]), and gives a [`Checkpoint`] to save. A checkpoint holds
//! the front, the last recent values, the split and its rare heaps, the milestones so far
//! and the statistics since the last one, and what the sink said of its files — megabytes,
//! not the values: 2F + 2(F + k + 3,072) bytes and a few kilobytes more. Its bytes
//! ([`Checkpoint::to_bytes`]) start with a tag and the format's version, name the crate's
//! version and the game, and end with an FNV-1a checksum of all before it: a checkpoint of
//! another game, another version, or one torn or altered is refused
//! ([`CheckpointError`]). A run taken up from a checkpoint gives, value for value and
//! milestone for milestone, what the uninterrupted run gives, on one thread or two.
//!
//! ```
//! use nim_games::octal::{OctalOptions, Schedule};
//! use nim_games::stream::{StreamOptions, StreamedGame, stream_values};
//! use nim_games::OctalGame;
//!
//! let game = OctalGame::parse("0.167")?;
//! let options = StreamOptions::new().front_heaps(1 << 17).schedule(Schedule::OneThread);
//! let mut values = Vec::new();
//! let run = stream_values(&StreamedGame::Octal(game.clone()), 300_000, &options, &mut values, None, &mut |_| Ok(()))?;
//! assert!(run.finished);
//! let in_memory = OctalOptions::new().compute(&game, 300_000)?;
//! assert_eq!(values, in_memory.values());
//! assert_eq!(run.milestones.last().map(|m| m.checksum), Some(in_memory.checksum()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use game_core::stop::StopSignal;

use crate::grundys_game::sparse::{grundy_rules, grundy_split};
use crate::heap_games::OctalGame;
use crate::milestones::{FNV_OFFSET, Milestone, MilestoneRecorder, fnv1a};
use crate::octal::{Schedule, rules_of};
use crate::rare_common::mask::Split;
use crate::rare_common::{
    Computation, Due, EngineState, MIN_FRONT, MaskChoice, NimValueError, Rules, Stream, StreamSink,
};

/// A game a streamed run computes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StreamedGame {
    /// An octal game, its mask chosen from its values.
    Octal(OctalGame),
    /// Grundy's game, under the mask …11110.
    Grundy,
}

impl StreamedGame {
    /// The game's name in a checkpoint: the octal code, or `grundy`.
    pub fn name(&self) -> String {
        match self {
            StreamedGame::Octal(game) => game.code().to_owned(),
            StreamedGame::Grundy => "grundy".to_owned(),
        }
    }

    fn rules(&self) -> Rules {
        match self {
            StreamedGame::Octal(game) => rules_of(game),
            StreamedGame::Grundy => grundy_rules(),
        }
    }

    fn mask(&self) -> MaskChoice {
        match self {
            StreamedGame::Octal(_) => MaskChoice::FromData,
            StreamedGame::Grundy => MaskChoice::Fixed(grundy_split()),
        }
    }
}

/// The front, the schedule, and when to save a checkpoint.
#[derive(Debug, Clone)]
pub struct StreamOptions {
    front_heaps: u64,
    schedule: Schedule,
    checkpoint_every: Duration,
    stop_at: Option<u64>,
    stop_signal: Option<StopSignal>,
}

impl Default for StreamOptions {
    fn default() -> Self {
        StreamOptions::new()
    }
}

impl StreamOptions {
    /// A front of 2^20 heaps, two threads, a checkpoint every five minutes.
    pub fn new() -> Self {
        StreamOptions {
            front_heaps: 1 << 20,
            schedule: Schedule::TwoThreads,
            checkpoint_every: Duration::from_secs(300),
            stop_at: None,
            stop_signal: None,
        }
    }

    /// F, the first heaps whose values are kept: a power of two, at least 2^17.
    pub fn front_heaps(self, front_heaps: u64) -> Self {
        StreamOptions {
            front_heaps,
            ..self
        }
    }

    /// How the work is spread; the values are the same under either [`Schedule`].
    pub fn schedule(self, schedule: Schedule) -> Self {
        StreamOptions { schedule, ..self }
    }

    /// How long to go between two checkpoints.
    pub fn checkpoint_every(self, checkpoint_every: Duration) -> Self {
        StreamOptions {
            checkpoint_every,
            ..self
        }
    }

    /// Stop, with a checkpoint, at the first block start at or after `heaps` heaps past the
    /// front.
    pub fn stop_at(self, heaps: u64) -> Self {
        StreamOptions {
            stop_at: Some(heaps),
            ..self
        }
    }

    /// Stop, with a checkpoint, at the first block start past the front after `signal` is
    /// raised (on Ctrl-C, say).
    pub fn stop_on(self, signal: StopSignal) -> Self {
        StreamOptions {
            stop_signal: Some(signal),
            ..self
        }
    }
}

/// Where a streamed run's values go, in order, each once.
pub trait ValueSink {
    /// G(`first_heap`), G(`first_heap` + 1), …
    ///
    /// # Errors
    ///
    /// The system's error; the run stops with it.
    fn values(&mut self, first_heap: u64, values: &[u16]) -> io::Result<()>;

    /// Makes every value so far durable, before a checkpoint; returns what the checkpoint
    /// should keep to take the sink up at this point (the lengths of its files, say).
    ///
    /// # Errors
    ///
    /// The system's error; the run stops with it.
    fn sync(&mut self) -> io::Result<Vec<u64>>;
}

/// Values gathered in memory, for tests and short runs; its checkpoint position is the
/// number of values.
impl ValueSink for Vec<u16> {
    fn values(&mut self, _first_heap: u64, values: &[u16]) -> io::Result<()> {
        self.extend_from_slice(values);
        Ok(())
    }

    fn sync(&mut self) -> io::Result<Vec<u64>> {
        Ok(vec![self.len() as u64])
    }
}

/// A sink that keeps nothing: a run for its statistics alone.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoValues;

impl ValueSink for NoValues {
    fn values(&mut self, _first_heap: u64, _values: &[u16]) -> io::Result<()> {
        Ok(())
    }

    fn sync(&mut self) -> io::Result<Vec<u64>> {
        Ok(Vec::new())
    }
}

/// What a streamed run found, so far or to its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StreamedRun {
    /// The heaps computed: G(0), …, G(heaps − 1).
    pub heaps: u64,
    /// Whether it reached the heap asked for (not stopped at a checkpoint).
    pub finished: bool,
    /// The milestone at every power of two reached, and, when finished, at the last heap
    /// when that is not one.
    pub milestones: Vec<Milestone>,
    /// The split in use, chosen at F heaps (none when no split was useful).
    pub split: Option<Split>,
    /// The rare heaps under it, ascending.
    pub rare_heaps: Vec<u32>,
    /// How many rare candidates needed a scan of the splits with a part in the front.
    pub scans: u64,
    /// FNV-1a 64 of G(0), …, G(heaps − 1) as little-endian `u16`.
    pub checksum: u64,
}

/// Why a checkpoint cannot be taken up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CheckpointError {
    /// The bytes do not start with a checkpoint's tag.
    #[error("not a checkpoint of a streamed nim-value run")]
    NotACheckpoint,
    /// A checkpoint of another format.
    #[error("a checkpoint of format {found}; this version reads format {FORMAT}")]
    OtherFormat {
        /// The format it names.
        found: u32,
    },
    /// A checkpoint written by another version of this crate.
    #[error("a checkpoint of nim-games {found}; this is nim-games {}", env!("CARGO_PKG_VERSION"))]
    OtherVersion {
        /// The version it names.
        found: String,
    },
    /// The bytes are not whole, or not those written: a torn write, or an altered file.
    #[error("the checkpoint is damaged: {0}")]
    Damaged(&'static str),
    /// A checkpoint of another game than the one asked for.
    #[error("a checkpoint of {found}, not of {asked}")]
    OtherGame {
        /// The game it holds.
        found: String,
        /// The game asked for.
        asked: String,
    },
    /// A checkpoint with another front than the one asked for.
    #[error("a checkpoint with a front of {found} heaps, not {asked}")]
    OtherFront {
        /// Its front.
        found: u64,
        /// The front asked for.
        asked: u64,
    },
    /// A checkpoint past the heap asked for.
    #[error("the checkpoint holds {heaps} heaps, past heap {max_heap}")]
    PastTheEnd {
        /// The heaps it holds.
        heaps: u64,
        /// The last heap asked for.
        max_heap: u64,
    },
}

/// Why a streamed run could not go on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StreamError {
    /// The computation's own error.
    #[error(transparent)]
    Values(#[from] NimValueError),
    /// A checkpoint that cannot be taken up.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// A front that is not a power of two of at least 2^17.
    #[error("a front of {0} heaps: it must be a power of two of at least {MIN_FRONT}")]
    BadFront(u64),
    /// A checkpoint file that cannot be read.
    #[error("{}: {reason}", path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What the system said.
        reason: String,
    },
}

/// The tag a checkpoint's bytes start with.
const TAG: &[u8; 8] = b"NIMSTRM\0";

/// The layout of a checkpoint's bytes.
const FORMAT: u32 = 1;

/// The state of a streamed run at the start of a block past its front, to take it up there
/// ([`stream_values`]'s module doc).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpoint {
    game: String,
    front_heaps: u64,
    engine: EngineState,
    recorder: MilestoneRecorder,
    milestones: Vec<Milestone>,
    sink: Vec<u64>,
}

impl Checkpoint {
    /// The heaps computed: G(0), …, G(heaps − 1).
    pub fn heaps(&self) -> u64 {
        self.engine.heaps as u64
    }

    /// The game's name ([`StreamedGame::name`]).
    pub fn game(&self) -> &str {
        &self.game
    }

    /// F, the front.
    pub fn front_heaps(&self) -> u64 {
        self.front_heaps
    }

    /// What the sink said of itself at this point ([`ValueSink::sync`]).
    pub fn sink_position(&self) -> &[u64] {
        &self.sink
    }

    /// The milestones so far.
    pub fn milestones(&self) -> &[Milestone] {
        &self.milestones
    }

    /// G(0), …, G(F − 1): the front's values, the first values any sink was given.
    pub fn front_values(&self) -> &[u16] {
        &self.engine.front
    }

    /// G(heaps − 1): the last value the checkpoint's run had given its sink.
    pub fn last_value(&self) -> u16 {
        let engine = &self.engine;
        let in_front = engine
            .heaps
            .checked_sub(1)
            .and_then(|last| engine.front.get(last));
        engine
            .recent
            .last()
            .or(in_front)
            .copied()
            .unwrap_or_default()
    }

    /// Whether a run of `game` to `max_heap` with a front of `front_heaps` can be taken up
    /// from this checkpoint: what [`stream_values`] checks first, for a caller that must
    /// know before it touches its files.
    ///
    /// # Errors
    ///
    /// [`CheckpointError::OtherGame`], [`CheckpointError::OtherFront`],
    /// [`CheckpointError::PastTheEnd`].
    pub fn fits(
        &self,
        game: &StreamedGame,
        front_heaps: u64,
        max_heap: u64,
    ) -> Result<(), CheckpointError> {
        if self.game != game.name() {
            return Err(CheckpointError::OtherGame {
                found: self.game.clone(),
                asked: game.name(),
            });
        }
        if self.front_heaps != front_heaps {
            return Err(CheckpointError::OtherFront {
                found: self.front_heaps,
                asked: front_heaps,
            });
        }
        if self.heaps() > max_heap.saturating_add(1) {
            return Err(CheckpointError::PastTheEnd {
                heaps: self.heaps(),
                max_heap,
            });
        }
        Ok(())
    }

    /// The checkpoint saved in the file at `path`, or none when there is no file there.
    ///
    /// # Errors
    ///
    /// [`StreamError::Unreadable`] for a file the system cannot read, [`CheckpointError`]
    /// for one that is not a checkpoint this version takes up.
    pub fn read(path: &Path) -> Result<Option<Checkpoint>, StreamError> {
        match std::fs::read(path) {
            Ok(bytes) => Ok(Some(Checkpoint::from_bytes(&bytes)?)),
            Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(StreamError::Unreadable {
                path: path.to_owned(),
                reason: error.to_string(),
            }),
        }
    }

    /// Saves the checkpoint to `path` whole: written beside it, synced, then renamed over
    /// it ([`game_core::durable::write_whole`]), so that a stop mid-write leaves the last
    /// checkpoint as it was.
    ///
    /// # Errors
    ///
    /// The system's error; the file at `path` is then as it was.
    pub fn write(&self, path: &Path) -> io::Result<()> {
        game_core::durable::write_whole(path, |file| io::Write::write_all(file, &self.to_bytes()))
    }

    /// The checkpoint as bytes, to be written whole ([`Checkpoint::write`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Bytes::default();
        out.0.extend_from_slice(TAG);
        out.u32(FORMAT);
        out.text(env!("CARGO_PKG_VERSION"));
        out.text(&self.game);
        out.u64(self.front_heaps);
        let engine = &self.engine;
        out.u64(engine.heaps as u64);
        out.u64(engine.largest.into());
        out.u64(engine.full_scans);
        out.split(engine.split);
        out.u64(engine.rare.len() as u64);
        for &(heap, value) in &engine.rare {
            out.u64(heap.into());
            out.u16(value);
        }
        out.values(&engine.front);
        out.u64(engine.recent_start as u64);
        out.values(&engine.recent);
        out.words(&self.recorder.to_words());
        out.u64(self.milestones.len() as u64);
        for milestone in &self.milestones {
            out.milestone(milestone);
        }
        out.words(&self.sink);
        let checksum = fnv1a(FNV_OFFSET, &out.0);
        out.u64(checksum);
        out.0
    }

    /// The checkpoint `bytes` hold.
    ///
    /// # Errors
    ///
    /// [`CheckpointError`]: not a checkpoint, another format or version, or damaged.
    pub fn from_bytes(bytes: &[u8]) -> Result<Checkpoint, CheckpointError> {
        if !bytes.starts_with(TAG) {
            return Err(CheckpointError::NotACheckpoint);
        }
        let (body, trailer) = bytes
            .split_last_chunk::<8>()
            .ok_or(CheckpointError::Damaged("too short"))?;
        let checksum = fnv1a(FNV_OFFSET, body);
        let mut read = Reader(body.get(TAG.len()..).ok_or(CUT_SHORT)?);
        let format = read.u32()?;
        if format != FORMAT {
            return Err(CheckpointError::OtherFormat { found: format });
        }
        let version = read.text()?;
        if u64::from_le_bytes(*trailer) != checksum {
            return Err(CheckpointError::Damaged(
                "its checksum does not match its bytes",
            ));
        }
        if version != env!("CARGO_PKG_VERSION") {
            return Err(CheckpointError::OtherVersion { found: version });
        }
        let game = read.text()?;
        let front_heaps = read.u64()?;
        let heaps = read.index()?;
        let largest = read.value()?;
        let full_scans = read.u64()?;
        let split = read.split()?;
        let rare = (0..read.u64()?)
            .map(|_| Ok((read.heap()?, read.u16()?)))
            .collect::<Result<_, CheckpointError>>()?;
        let front = read.values()?;
        let recent_start = read.index()?;
        let recent = read.values()?;
        let recorder = MilestoneRecorder::from_words(split, &read.words()?)
            .ok_or(CheckpointError::Damaged("its statistics are cut short"))?;
        let milestones = (0..read.u64()?)
            .map(|_| read.milestone(split))
            .collect::<Result<_, _>>()?;
        let sink = read.words()?;
        if !read.0.is_empty() {
            return Err(CheckpointError::Damaged("bytes past its end"));
        }
        let engine = EngineState {
            heaps,
            front,
            recent_start,
            recent,
            split,
            rare,
            largest,
            full_scans,
        };
        if engine.recent_start + engine.recent.len() != heaps
            || engine.front.len() as u64 != front_heaps
        {
            return Err(CheckpointError::Damaged("its values do not add up"));
        }
        Ok(Checkpoint {
            game,
            front_heaps,
            engine,
            recorder,
            milestones,
            sink,
        })
    }
}

/// A checkpoint's bytes being written: little-endian numbers, texts and lists with their
/// lengths first.
#[derive(Default)]
struct Bytes(Vec<u8>);

impl Bytes {
    fn u16(&mut self, value: u16) {
        self.0.extend_from_slice(&value.to_le_bytes());
    }

    fn u32(&mut self, value: u32) {
        self.0.extend_from_slice(&value.to_le_bytes());
    }

    fn u64(&mut self, value: u64) {
        self.0.extend_from_slice(&value.to_le_bytes());
    }

    fn text(&mut self, text: &str) {
        self.u64(text.len() as u64);
        self.0.extend_from_slice(text.as_bytes());
    }

    fn values(&mut self, values: &[u16]) {
        self.u64(values.len() as u64);
        values.iter().for_each(|&value| self.u16(value));
    }

    fn words(&mut self, words: &[u64]) {
        self.u64(words.len() as u64);
        words.iter().for_each(|&word| self.u64(word));
    }

    /// A split as its mask and its heap parity, 2 for none; no split: mask 0 and 3.
    fn split(&mut self, split: Option<Split>) {
        let (mask, parity) = match split {
            Some(split) => (split.mask, split.heap_parity.unwrap_or(2)),
            None => (0, 3),
        };
        self.u16(mask);
        self.0.push(parity);
    }

    fn milestone(&mut self, milestone: &Milestone) {
        self.u64(milestone.heaps);
        self.words(&milestone.frequencies);
        self.u16(milestone.largest);
        self.u64(milestone.largest_at);
        self.u64(milestone.rare_heaps.unwrap_or(u64::MAX));
        self.u64(milestone.checksum);
    }
}

/// A checkpoint's bytes being read, as [`Bytes`] wrote them.
struct Reader<'b>(&'b [u8]);

const CUT_SHORT: CheckpointError = CheckpointError::Damaged("cut short");

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], CheckpointError> {
        let (bytes, rest) = self.0.split_first_chunk::<N>().ok_or(CUT_SHORT)?;
        self.0 = rest;
        Ok(*bytes)
    }

    fn u16(&mut self) -> Result<u16, CheckpointError> {
        self.take().map(u16::from_le_bytes)
    }

    fn u32(&mut self) -> Result<u32, CheckpointError> {
        self.take().map(u32::from_le_bytes)
    }

    fn u64(&mut self) -> Result<u64, CheckpointError> {
        self.take().map(u64::from_le_bytes)
    }

    fn index(&mut self) -> Result<usize, CheckpointError> {
        usize::try_from(self.u64()?).map_err(|_| CheckpointError::Damaged("a heap past memory"))
    }

    fn heap(&mut self) -> Result<u32, CheckpointError> {
        u32::try_from(self.u64()?).map_err(|_| CheckpointError::Damaged("a rare heap past 2^32"))
    }

    fn value(&mut self) -> Result<u16, CheckpointError> {
        u16::try_from(self.u64()?).map_err(|_| CheckpointError::Damaged("a value past 65,535"))
    }

    /// A length, no longer than the bytes left can hold at `size` bytes an item.
    fn len(&mut self, size: usize) -> Result<usize, CheckpointError> {
        let len = self.index()?;
        if len.saturating_mul(size) > self.0.len() {
            return Err(CUT_SHORT);
        }
        Ok(len)
    }

    fn text(&mut self) -> Result<String, CheckpointError> {
        let len = self.len(1)?;
        let (text, rest) = self.0.split_at(len);
        self.0 = rest;
        String::from_utf8(text.to_vec())
            .map_err(|_| CheckpointError::Damaged("a name not in UTF-8"))
    }

    fn values(&mut self) -> Result<Vec<u16>, CheckpointError> {
        let len = self.len(2)?;
        (0..len).map(|_| self.u16()).collect()
    }

    fn words(&mut self) -> Result<Vec<u64>, CheckpointError> {
        let len = self.len(8)?;
        (0..len).map(|_| self.u64()).collect()
    }

    fn split(&mut self) -> Result<Option<Split>, CheckpointError> {
        let mask = self.u16()?;
        let [parity] = self.take()?;
        match parity {
            0 | 1 => Ok(Some(Split {
                mask,
                heap_parity: Some(parity),
            })),
            2 => Ok(Some(Split::by_value(mask))),
            3 => Ok(None),
            _ => Err(CheckpointError::Damaged("an unknown split")),
        }
    }

    fn milestone(&mut self, split: Option<Split>) -> Result<Milestone, CheckpointError> {
        let heaps = self.u64()?;
        let frequencies = self.words()?;
        let largest = self.u16()?;
        let largest_at = self.u64()?;
        let rare_heaps = Some(self.u64()?).filter(|_| split.is_some());
        let checksum = self.u64()?;
        Ok(Milestone {
            heaps,
            frequencies,
            largest,
            largest_at,
            rare_heaps,
            checksum,
        })
    }
}

/// The engine's side of a streamed run: the user's sink, the statistics, the checkpoints.
struct Streamer<'s> {
    game: String,
    front_heaps: u64,
    sink: &'s mut dyn ValueSink,
    save: &'s mut dyn FnMut(&Checkpoint) -> io::Result<()>,
    options: &'s StreamOptions,
    /// Created at the first values handed over, under the split then in use (final).
    recorder: Option<MilestoneRecorder>,
    milestones: Vec<Milestone>,
    last_save: Instant,
    /// Whether the last checkpoint asked the run to stop.
    stopped: bool,
}

impl Streamer<'_> {
    fn not_written(heap: usize, error: &io::Error) -> NimValueError {
        NimValueError::NotWritten {
            heap: heap as u64,
            reason: error.to_string(),
        }
    }
}

impl StreamSink for Streamer<'_> {
    fn take(
        &mut self,
        first: usize,
        values: &[u16],
        split: Option<Split>,
    ) -> Result<(), NimValueError> {
        let recorder = self
            .recorder
            .get_or_insert_with(|| MilestoneRecorder::new(split));
        recorder.count_under(split);
        self.milestones
            .extend(values.iter().filter_map(|&value| recorder.push(value)));
        self.sink
            .values(first as u64, values)
            .map_err(|error| Streamer::not_written(first, &error))
    }

    fn due(&mut self, heaps: usize) -> Due {
        let stop_at = self.options.stop_at.is_some_and(|at| heaps as u64 >= at);
        let signal = (self.options.stop_signal.as_ref()).is_some_and(StopSignal::is_raised);
        if stop_at || signal {
            Due::SaveAndStop
        } else if self.last_save.elapsed() >= self.options.checkpoint_every {
            Due::Save
        } else {
            Due::Nothing
        }
    }

    fn save(&mut self, state: &EngineState, stop: bool) -> Result<(), NimValueError> {
        let sink =
            (self.sink.sync()).map_err(|error| Streamer::not_written(state.heaps, &error))?;
        let recorder =
            (self.recorder.clone()).unwrap_or_else(|| MilestoneRecorder::new(state.split));
        let checkpoint = Checkpoint {
            game: self.game.clone(),
            front_heaps: self.front_heaps,
            engine: state.clone(),
            recorder,
            milestones: self.milestones.clone(),
            sink,
        };
        (self.save)(&checkpoint).map_err(|error| Streamer::not_written(state.heaps, &error))?;
        self.last_save = Instant::now();
        self.stopped = stop;
        Ok(())
    }
}

/// G(0), …, G(`max_heap`) of `game`, streamed to `sink` in bounded memory (the module
/// doc), from heap 0 or from `resume`; each checkpoint is handed to `save` (which saves
/// it whole: [`Checkpoint::write`]). A run stopped at a checkpoint returns what it found
/// so far, `finished` false.
///
/// # Errors
///
/// [`StreamError::BadFront`] for a front that is not a power of two of at least 2^17;
/// [`CheckpointError`] for a checkpoint of another game or front, or past `max_heap`;
/// [`NimValueError`] where the engine stops: a value past 65,534, a rare heap past the
/// front, a candidate no kept split decides, no useful split, the machine's memory, or
/// the sink's or `save`'s error.
pub fn stream_values(
    game: &StreamedGame,
    max_heap: u64,
    options: &StreamOptions,
    sink: &mut dyn ValueSink,
    resume: Option<Checkpoint>,
    save: &mut dyn FnMut(&Checkpoint) -> io::Result<()>,
) -> Result<StreamedRun, StreamError> {
    let front = options.front_heaps;
    check_front(front)?;
    let (recorder, milestones, state) = match resume {
        None => (None, Vec::new(), None),
        Some(checkpoint) => {
            checkpoint.fits(game, front, max_heap)?;
            (
                Some(checkpoint.recorder),
                checkpoint.milestones,
                Some(checkpoint.engine),
            )
        }
    };
    let mut streamer = Streamer {
        game: game.name(),
        front_heaps: front,
        sink,
        save,
        options,
        recorder,
        milestones,
        last_save: Instant::now(),
        stopped: false,
    };
    let stream = Stream {
        front_heaps: front as usize,
        sink: &mut streamer,
        resume: state,
    };
    let outcome = Computation {
        rules: game.rules(),
        mask: game.mask(),
        schedule: options.schedule,
        stop_when: None,
        progress: &mut |_| {},
    }
    .stream(max_heap, stream)?;
    let finished = !streamer.stopped;
    let recorder = streamer
        .recorder
        .unwrap_or_else(|| MilestoneRecorder::new(outcome.split));
    let last = recorder.milestone();
    let mut milestones = streamer.milestones;
    if finished && last.heaps > 0 && !last.heaps.is_power_of_two() {
        milestones.push(last.clone());
    }
    Ok(StreamedRun {
        heaps: outcome.heaps as u64,
        finished,
        milestones,
        split: outcome.split,
        rare_heaps: outcome.rare_heaps,
        scans: outcome.full_scans,
        checksum: last.checksum,
    })
}

/// Whether `front_heaps` can be a streamed run's front: a power of two of at least 2^17
/// that the machine can count in memory.
///
/// # Errors
///
/// [`StreamError::BadFront`] otherwise.
pub fn check_front(front_heaps: u64) -> Result<(), StreamError> {
    let counted = usize::try_from(front_heaps).is_ok();
    if front_heaps.is_power_of_two() && front_heaps >= MIN_FRONT as u64 && counted {
        Ok(())
    } else {
        Err(StreamError::BadFront(front_heaps))
    }
}

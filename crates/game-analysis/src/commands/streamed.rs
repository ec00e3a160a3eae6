//! `--stream`, shared by `game-analysis octal` and `grundy`: nim-values in bounded memory,
//! to any number of heaps, with checkpoints a later run of the same command takes up, from
//! `nim_games::stream`.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use game_core::stop::StopSignal;
use nim_games::octal::Schedule;
use nim_games::stream::{
    Checkpoint, StreamOptions, StreamedGame, StreamedRun, ValueSink, stream_values,
};
use serde::Serialize;

use crate::Options;
use crate::error::{Error, LibraryResult, Result};
use crate::format::{Report, print_beside};
use crate::interrupt;
use crate::output::{MilestoneFolder, OutputFile};
use crate::progress::Progress;

/// The options of a streamed run.
#[derive(Debug, Clone, clap::Args)]
pub struct StreamArgs {
    /// Stream the values: keep only the first F heaps' values and the recent ones, so that
    /// memory does not grow with N (up to 2^64 − 2); --out and --b-file are then written
    /// as the values come, and no period is looked for.
    #[arg(long)]
    stream: bool,
    /// F for --stream: a power of two, at least 131072 (default 1048576); every rare heap
    /// must lie below it.
    #[arg(long, value_name = "F", requires = "stream")]
    front: Option<u64>,
    /// With --stream: save the run's state to FILE (a few megabytes) every few minutes and
    /// on Ctrl-C or SIGTERM; when FILE exists, take the run up from it, with the same
    /// arguments.
    #[arg(long, value_name = "FILE", requires = "stream")]
    checkpoint: Option<PathBuf>,
    /// Minutes between two checkpoints.
    #[arg(
        long,
        value_name = "MINUTES",
        default_value_t = 5.0,
        requires = "checkpoint"
    )]
    checkpoint_minutes: f64,
    /// Stop, with a checkpoint, at the first block of 256 heaps that starts at or after
    /// heap H (past the front).
    #[arg(long, value_name = "H", requires = "checkpoint")]
    stop_at: Option<u64>,
}

impl StreamArgs {
    /// Whether `--stream` was given.
    pub fn is_streamed(&self) -> bool {
        self.stream
    }
}

/// What a streamed run asks besides its options: the game, its last heap, its outputs.
pub struct StreamedCommand<'a> {
    pub game: StreamedGame,
    pub max_heap: u64,
    pub threads: u8,
    pub out: Option<&'a OutputFile>,
    pub b_file: Option<&'a OutputFile>,
    pub milestones: Option<MilestoneFolder>,
}

/// Runs a streamed computation.
pub fn run(args: &StreamArgs, command: StreamedCommand, options: &Options) -> Result<()> {
    let checkpoint = args
        .checkpoint
        .as_deref()
        .map(Checkpoint::read)
        .transpose()
        .library()?
        .flatten();
    let front = args
        .front
        .or(checkpoint.as_ref().map(Checkpoint::front_heaps))
        .unwrap_or(1 << 20);
    let schedule = Schedule::on_threads(command.threads.into())
        .ok_or_else(|| Error::Usage(format!("--threads {}: 1 or 2", command.threads)))?;
    if args.checkpoint_minutes.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
        return Err(Error::Usage("--checkpoint-minutes: more than 0".to_owned()));
    }
    let mut stream = StreamOptions::new()
        .front_heaps(front)
        .schedule(schedule)
        .checkpoint_every(Duration::from_secs_f64(60.0 * args.checkpoint_minutes));
    if let Some(heap) = args.stop_at {
        stream = stream.stop_at(heap);
    }
    let start = checkpoint.as_ref().map_or(0, Checkpoint::heaps);
    let unit = if start == 0 {
        "heaps"
    } else {
        "heaps since the checkpoint"
    };
    let progress = Progress::new(command.max_heap + 1 - start, unit, options.quiet);
    let position = checkpoint.as_ref().map(Checkpoint::sink_position);
    let mut sink = FileSink::open(command.out, command.b_file, position, (start, progress))?;
    let path = args.checkpoint.clone();
    if let Some(path) = &path {
        interrupt::keeps_work_in(path);
        let signal = StopSignal::new();
        interrupt::save_first(signal.clone());
        stream = stream.stop_on(signal);
    }
    let mut save = |checkpoint: &Checkpoint| match &path {
        Some(path) => checkpoint.write(path),
        None => Ok(()),
    };
    let started = Instant::now();
    let run = stream_values(
        &command.game,
        command.max_heap,
        &stream,
        &mut sink,
        checkpoint,
        &mut save,
    )
    .library()?;
    sink.finish()?;
    let report = StreamedReport::of(&command.game, front, &run, started.elapsed().as_secs_f64());
    print_beside(options.format, &report, &[command.out, command.b_file])?;
    if let Some(folder) = command.milestones {
        folder.write(&run.milestones, options)?;
    }
    if let (false, Some(path)) = (run.finished, &args.checkpoint) {
        options.note(format!(
            "  stopped at heap {}: the same command takes the run up from {}",
            run.heaps,
            path.display()
        ));
    }
    interrupt::end_if_signalled();
    Ok(())
}

/// The values files of a streamed run, written as the values come: `--out` as
/// little-endian u16, `--b-file` as lines `n G(n)`; and the progress, counted from the
/// heap the run starts at as the values come.
struct FileSink {
    out: Option<(PathBuf, BufWriter<File>)>,
    b_file: Option<(PathBuf, BufWriter<File>)>,
    /// The heap the run starts at, and the progress from it.
    progress: (u64, Progress),
}

impl FileSink {
    /// The files, new, or cut back to `position` (their lengths at a checkpoint) to take a
    /// run up; `progress` counted from the heap it names.
    fn open(
        out: Option<&OutputFile>,
        b_file: Option<&OutputFile>,
        position: Option<&[u64]>,
        progress: (u64, Progress),
    ) -> Result<FileSink> {
        let lengths = position.unwrap_or_default();
        let out = out
            .map(|file| open_at(file, lengths.first().copied()))
            .transpose()?;
        let b_file = b_file
            .map(|file| open_at(file, lengths.get(1).copied()))
            .transpose()?;
        Ok(FileSink {
            out,
            b_file,
            progress,
        })
    }

    fn finish(mut self) -> Result<()> {
        self.progress.1.finish();
        for (path, file) in [self.out.as_mut(), self.b_file.as_mut()]
            .into_iter()
            .flatten()
        {
            file.flush().map_err(Error::io(&*path))?;
            file.get_ref().sync_all().map_err(Error::io(&*path))?;
            interrupt::wrote(path);
        }
        Ok(())
    }
}

/// `file` opened to be written from its start, or from byte `length` on (the file must
/// hold that many).
fn open_at(file: &OutputFile, length: Option<u64>) -> Result<(PathBuf, BufWriter<File>)> {
    let path = file.path().to_path_buf();
    if file.is_standard_output() {
        return Err(Error::Usage(
            "--stream writes its values files as they come: give a file, not -".to_owned(),
        ));
    }
    let opened = OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(length.is_none())
        .open(&path)
        .map_err(Error::io(&path))?;
    if let Some(length) = length {
        let found = opened.metadata().map_err(Error::io(&path))?.len();
        if found < length {
            return Err(Error::Usage(format!(
                "{}: {found} bytes, but the checkpoint was saved when it held {length}",
                path.display()
            )));
        }
        opened.set_len(length).map_err(Error::io(&path))?;
    }
    let mut writer = BufWriter::with_capacity(1 << 20, opened);
    use std::io::Seek;
    writer
        .seek(std::io::SeekFrom::End(0))
        .map_err(Error::io(&path))?;
    Ok((path, writer))
}

impl ValueSink for FileSink {
    fn values(&mut self, first_heap: u64, values: &[u16]) -> std::io::Result<()> {
        let (start, progress) = &self.progress;
        progress.set((first_heap + values.len() as u64).saturating_sub(*start));
        if let Some((_, out)) = self.out.as_mut() {
            values
                .iter()
                .try_for_each(|value| out.write_all(&value.to_le_bytes()))?;
        }
        if let Some((_, b_file)) = self.b_file.as_mut() {
            for (heap, value) in (first_heap..).zip(values) {
                writeln!(b_file, "{heap} {value}")?;
            }
        }
        Ok(())
    }

    fn sync(&mut self) -> std::io::Result<Vec<u64>> {
        let mut lengths = Vec::new();
        for file in [self.out.as_mut(), self.b_file.as_mut()] {
            let length = match file {
                Some((_, file)) => {
                    file.flush()?;
                    file.get_ref().sync_all()?;
                    file.get_ref().metadata()?.len()
                }
                None => 0,
            };
            lengths.push(length);
        }
        Ok(lengths)
    }
}

/// What a streamed run found: how far it went, its largest value, the split, a checksum.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StreamedReport {
    /// The game: its octal code, or `grundy`.
    game: String,
    /// The heaps computed, 0..heaps.
    heaps: u64,
    /// Whether it reached N (not stopped at a checkpoint).
    finished: bool,
    /// F, the heaps of the front.
    front: u64,
    /// Seconds this run took (left out of the JSON).
    #[serde(skip)]
    seconds: f64,
    /// The largest value.
    largest: u16,
    /// The first heap with it.
    largest_at: u64,
    /// The rare/common split's mask m.
    mask: Option<u16>,
    /// t when the split reads the heap's parity too.
    heap_parity: Option<u8>,
    /// The rare heaps under it.
    rare_heaps: usize,
    /// The last of them.
    last_rare_heap: Option<u32>,
    /// FNV-1a 64 of the values as u16 little-endian, in hex.
    checksum: String,
}

impl StreamedReport {
    fn of(game: &StreamedGame, front: u64, run: &StreamedRun, seconds: f64) -> Self {
        let last = run.milestones.last();
        StreamedReport {
            game: game.name(),
            heaps: run.heaps,
            finished: run.finished,
            front,
            seconds,
            largest: last.map_or(0, |m| m.largest),
            largest_at: last.map_or(0, |m| m.largest_at),
            mask: run.split.map(|split| split.mask),
            heap_parity: run.split.and_then(|split| split.heap_parity),
            rare_heaps: run.rare_heaps.len(),
            last_rare_heap: run.rare_heaps.last().copied(),
            checksum: format!("{:016x}", run.checksum),
        }
    }
}

impl Report for StreamedReport {
    type Row = StreamedReport;

    fn text(&self) -> String {
        let state = if self.finished {
            ""
        } else {
            ", stopped at a checkpoint"
        };
        let mask = match self.mask {
            Some(mask) => format!(
                "  rare/common mask {mask:#x}{}: {} rare heaps, the last {}\n",
                self.heap_parity.map_or(String::new(), |t| format!(
                    " with the heap's parity (n + {t})"
                )),
                self.rare_heaps,
                self.last_rare_heap
                    .map_or("none".to_string(), |heap| heap.to_string())
            ),
            None => "  no useful rare/common split\n".to_owned(),
        };
        format!(
            "{}, heaps 0..={}, streamed with a front of {} heaps{state}: {:.2} s\n  largest value {}, first at heap {}\n{mask}  checksum (FNV-1a 64 of the u16 LE values) {}\n",
            self.game,
            self.heaps.saturating_sub(1),
            self.front,
            self.seconds,
            self.largest,
            self.largest_at,
            self.checksum
        )
    }

    fn rows(&self) -> Vec<StreamedReport> {
        vec![self.clone()]
    }
}

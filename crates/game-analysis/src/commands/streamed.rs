//! `--stream`, shared by `game-analysis octal` and `grundy`: nim-values in bounded memory,
//! to any number of heaps, with checkpoints a later run of the same command takes up, from
//! `nim_games::stream`.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use game_core::stop::StopSignal;
use nim_games::octal::Schedule;
use nim_games::stream::{
    Checkpoint, StreamOptions, StreamedGame, StreamedRun, ValueSink, check_front, stream_values,
};
use serde::Serialize;

use crate::Options;
use crate::error::{Error, LibraryResult, Result};
use crate::format::{Report, print_beside};
use crate::interrupt;
use crate::output::{MilestoneFolder, OutputFile, STANDARD_OUTPUT};
use crate::progress::Progress;

/// The front of a streamed run when `--front` is not given: 2^20 heaps.
const DEFAULT_FRONT_HEAPS: u64 = 1 << 20;

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
    /// arguments. The run's values files must be those the checkpoint's run wrote; a run
    /// that reaches N removes its checkpoint when it wrote values files (they are whole),
    /// and keeps it otherwise, for a run with a larger N to take up.
    #[arg(long, value_name = "FILE", requires = "stream", value_parser = parse_checkpoint_file)]
    checkpoint: Option<OutputFile>,
    /// Minutes between two checkpoints: more than 0, at most a year.
    #[arg(
        long,
        value_name = "MINUTES",
        default_value = "5",
        value_parser = parse_minutes,
        requires = "checkpoint"
    )]
    checkpoint_minutes: Duration,
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

    /// The checkpoint file, if one was named: an output like the values files, never the
    /// same file as one of them.
    pub fn checkpoint(&self) -> Option<&OutputFile> {
        self.checkpoint.as_ref()
    }
}

/// A checkpoint's file, for clap: a file whose folder takes new files, not `-`.
fn parse_checkpoint_file(text: &str) -> std::result::Result<OutputFile, String> {
    if text == STANDARD_OUTPUT {
        return Err(
            "a checkpoint is saved to a file: - (standard output) is not taken here".into(),
        );
    }
    OutputFile::check(text).map_err(|error| error.to_string())
}

/// The longest time between two checkpoints that `--checkpoint-minutes` takes: a year.
const MOST_MINUTES: f64 = 365.0 * 24.0 * 60.0;

/// Minutes between checkpoints, for clap: a number above 0 and at most [`MOST_MINUTES`].
fn parse_minutes(text: &str) -> std::result::Result<Duration, String> {
    let minutes: f64 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number of minutes"))?;
    if minutes > 0.0 && minutes <= MOST_MINUTES {
        Ok(Duration::from_secs_f64(60.0 * minutes))
    } else {
        Err(format!(
            "{text} minutes: more than 0 and at most {MOST_MINUTES} (a year)"
        ))
    }
}

/// What a streamed run asks besides its options: the game, its last heap, its outputs.
pub struct StreamedCommand<'a> {
    pub game: StreamedGame,
    pub max_heap: u64,
    pub threads: u8,
    pub out: Option<&'a OutputFile>,
    pub b_file: Option<&'a OutputFile>,
    pub milestones: Option<&'a Path>,
}

/// What a streamed run found before its work: the checkpoint it takes up, its front and
/// schedule, where its values files go on, and its milestone folder.
struct Checked {
    checkpoint: Option<Checkpoint>,
    front: u64,
    schedule: Schedule,
    resume: Option<Resume>,
    milestones: Option<MilestoneFolder>,
}

impl Checked {
    /// Every argument, the checkpoint and the files it covers, checked before any file is
    /// opened: a refused run leaves every file as it was.
    fn before_the_work(
        args: &StreamArgs,
        command: &StreamedCommand,
        options: &Options,
    ) -> Result<Checked> {
        let values_files = [command.out, command.b_file];
        if values_files
            .iter()
            .flatten()
            .any(|file| file.is_standard_output())
        {
            return Err(Error::Usage(
                "--stream writes its values files as they come: give a file, not -".to_owned(),
            ));
        }
        let checkpoint_path = args.checkpoint.as_ref().map(OutputFile::path);
        let checkpoint = checkpoint_path
            .map(Checkpoint::read)
            .transpose()
            .library()?
            .flatten();
        let front = args
            .front
            .or(checkpoint.as_ref().map(Checkpoint::front_heaps))
            .unwrap_or(DEFAULT_FRONT_HEAPS);
        check_front(front).library()?;
        let schedule = Schedule::on_threads(command.threads.into())
            .ok_or_else(|| Error::Usage(format!("--threads {}: 1 or 2", command.threads)))?;
        let resume = match (&checkpoint, checkpoint_path) {
            (Some(checkpoint), Some(path)) => {
                checkpoint
                    .fits(&command.game, front, command.max_heap)
                    .map_err(|misfit| Error::Usage(format!("{}: {misfit}", path.display())))?;
                Some(Resume::check(checkpoint, path, command, options)?)
            }
            _ => None,
        };
        let kept_milestones: Vec<u64> = checkpoint
            .iter()
            .flat_map(|checkpoint| checkpoint.milestones().iter().map(|m| m.heaps))
            .collect();
        let others = [
            ("--out", command.out),
            ("--b-file", command.b_file),
            ("--checkpoint", args.checkpoint.as_ref()),
        ];
        let milestones = command
            .milestones
            .map(|folder| MilestoneFolder::prepare(folder, &others, &kept_milestones))
            .transpose()?;
        Ok(Checked {
            checkpoint,
            front,
            schedule,
            resume,
            milestones,
        })
    }
}

/// Runs a streamed computation, once [`Checked::before_the_work`] has found nothing to
/// refuse.
pub fn run(args: &StreamArgs, command: StreamedCommand, options: &Options) -> Result<()> {
    let Checked {
        checkpoint,
        front,
        schedule,
        resume,
        milestones,
    } = Checked::before_the_work(args, &command, options)?;
    let checkpoint_path = args.checkpoint.as_ref().map(OutputFile::path);
    let mut stream = StreamOptions::new()
        .front_heaps(front)
        .schedule(schedule)
        .checkpoint_every(args.checkpoint_minutes);
    if let Some(heap) = args.stop_at {
        stream = stream.stop_at(heap);
    }
    let start = checkpoint.as_ref().map_or(0, Checkpoint::heaps);
    let unit = if start == 0 {
        "heaps"
    } else {
        "heaps since the checkpoint"
    };
    let progress = Progress::new(
        (command.max_heap + 1).saturating_sub(start),
        unit,
        options.quiet,
    );
    let mut sink = FileSink::open(command.out, command.b_file, resume, (start, progress))?;
    if let Some(path) = checkpoint_path {
        interrupt::keeps_work_in(path);
        let signal = StopSignal::new();
        interrupt::save_first(signal.clone());
        stream = stream.stop_on(signal);
    }
    let mut save = |checkpoint: &Checkpoint| match checkpoint_path {
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
    if let Some(folder) = milestones {
        folder.write(&run.milestones, options)?;
    }
    if let Some(path) = checkpoint_path {
        after_the_run(
            &run,
            path,
            command.out.is_some() || command.b_file.is_some(),
            options,
        )?;
    }
    interrupt::end_if_signalled();
    Ok(())
}

/// What becomes of the checkpoint at `path` after `run`, said in a note: a stopped run's
/// is the one to take it up from; a finished run that wrote values files removes it, since
/// a run taken up from it would cut those whole files back; a finished run that wrote none
/// keeps it, for a run with a larger N.
fn after_the_run(
    run: &StreamedRun,
    path: &Path,
    wrote_values: bool,
    options: &Options,
) -> Result<()> {
    let shown = path.display();
    if !run.finished {
        options.note(format!(
            "  stopped at heap {}: the same command takes the run up from {shown}",
            run.heaps
        ));
    } else if !path.exists() {
        options.note(format!(
            "  finished before its first checkpoint: none saved to {shown}"
        ));
    } else if wrote_values {
        std::fs::remove_file(path).map_err(Error::io(path))?;
        options.note(format!(
            "  finished: removed the checkpoint {shown}, since the values files are whole"
        ));
    } else {
        options.note(format!(
            "  finished: the checkpoint {shown} is kept; a run with a larger --max takes up from it"
        ));
    }
    Ok(())
}

/// The lengths at which a resumed run takes up its values files: those the checkpoint
/// recorded, checked against the files before any is opened for writing.
#[derive(Debug, Clone, Copy)]
struct Resume {
    out: Option<u64>,
    b_file: Option<u64>,
}

impl Resume {
    /// Checks that each values file of `command` is one the checkpoint's run wrote: the
    /// checkpoint recorded its length, the file holds at least that, and its first values
    /// (the front) and the last before that length are the checkpoint's.
    fn check(
        checkpoint: &Checkpoint,
        path: &Path,
        command: &StreamedCommand,
        options: &Options,
    ) -> Result<Resume> {
        let covered = |index: usize, flag: &str, file: Option<&OutputFile>, differ: Differ| {
            let recorded = checkpoint.sink_position().get(index).copied();
            match (file, recorded.filter(|&length| length > 0)) {
                (Some(file), Some(length)) => {
                    continuing(file, flag, length, checkpoint, path, differ)?;
                    Ok(Some(length))
                }
                (Some(file), None) => Err(Error::Usage(format!(
                    "{flag} {}: the run saved in {} wrote no {flag} file, so the one named \
                     would lack its first {} heaps; take the run up without {flag}, or \
                     start it anew with another checkpoint",
                    file.path().display(),
                    path.display(),
                    checkpoint.heaps()
                ))),
                (None, Some(_)) => {
                    options.note(format!(
                        "  the run saved in {} also wrote a {flag} file, which this run does not go on with",
                        path.display()
                    ));
                    Ok(None)
                }
                (None, None) => Ok(None),
            }
        };
        Ok(Resume {
            out: covered(0, "--out", command.out, raw_values_differ)?,
            b_file: covered(1, "--b-file", command.b_file, b_file_lines_differ)?,
        })
    }
}

/// How a values file's kind is read back ([`raw_values_differ`], [`b_file_lines_differ`]).
type Differ = fn(File, u64, &[u16], (u64, u16)) -> std::io::Result<Option<u64>>;

/// Checks that `file`, named by `flag`, holds the `length` bytes the checkpoint's run had
/// written to it, with the checkpoint's front and its last value before that length, read
/// back by `differ`.
fn continuing(
    file: &OutputFile,
    flag: &str,
    length: u64,
    checkpoint: &Checkpoint,
    saved_in: &Path,
    differ: Differ,
) -> Result<()> {
    let path = file.path();
    let refuse = |why: String| {
        Error::Usage(format!(
            "{flag} {}: {why}; the run saved in {} cannot be taken up with it, and the file is left as it is",
            path.display(),
            saved_in.display()
        ))
    };
    let opened = match File::open(path) {
        Ok(opened) => opened,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return Err(refuse(format!(
                "missing, but the checkpoint's run had written {length} bytes to it"
            )));
        }
        Err(error) => return Err(Error::io(path)(error)),
    };
    let found = opened.metadata().map_err(Error::io(path))?.len();
    if found < length {
        return Err(refuse(format!(
            "{found} bytes, but the checkpoint was saved when it held {length}"
        )));
    }
    let front = checkpoint.front_values();
    let last = (checkpoint.heaps() - 1, checkpoint.last_value());
    match differ(opened, length, front, last).map_err(Error::io(path))? {
        Some(heap) => Err(refuse(format!(
            "its value of heap {heap} is not the checkpoint's: not this run's file"
        ))),
        None => Ok(()),
    }
}

/// The first heap where a file of little-endian u16 values, `length` bytes of it taken,
/// does not hold `front` first and, as its last value, `last`'s (a heap and its value);
/// none when it does.
fn raw_values_differ(
    mut file: File,
    length: u64,
    front: &[u16],
    (last, last_value): (u64, u16),
) -> std::io::Result<Option<u64>> {
    if length != 2 * (last + 1) {
        return Ok(Some(last));
    }
    let mut bytes = vec![0u8; 2 * front.len()];
    file.read_exact(&mut bytes)?;
    let first_difference = (bytes.chunks_exact(2).zip(front))
        .position(|(pair, &value)| u16::from_le_bytes([pair[0], pair[1]]) != value);
    if let Some(heap) = first_difference {
        return Ok(Some(heap as u64));
    }
    let mut pair = [0u8; 2];
    file.seek(SeekFrom::Start(length - 2))?;
    file.read_exact(&mut pair)?;
    Ok((u16::from_le_bytes(pair) != last_value).then_some(last))
}

/// As [`raw_values_differ`] for an OEIS b-file: lines `n G(n)` from n = 0, the last of the
/// `length` bytes taken that of `last`.
fn b_file_lines_differ(
    mut file: File,
    length: u64,
    front: &[u16],
    (last, last_value): (u64, u16),
) -> std::io::Result<Option<u64>> {
    let mut lines = BufReader::new(&mut file).lines();
    for (heap, &value) in front.iter().enumerate() {
        let expected = format!("{heap} {value}");
        if lines.next().transpose()?.as_deref() != Some(expected.as_str()) {
            return Ok(Some(heap as u64));
        }
    }
    let tail = length.min(64);
    file.seek(SeekFrom::Start(length - tail))?;
    let mut bytes = vec![0u8; tail as usize];
    file.read_exact(&mut bytes)?;
    let text = String::from_utf8_lossy(&bytes);
    let last_line = text
        .strip_suffix('\n')
        .and_then(|text| text.rsplit('\n').next());
    let expected = format!("{last} {last_value}");
    Ok((last_line != Some(expected.as_str())).then_some(last))
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
    /// The files, new, or cut back to the lengths `resume` checked to take a run up;
    /// `progress` counted from the heap it names.
    fn open(
        out: Option<&OutputFile>,
        b_file: Option<&OutputFile>,
        resume: Option<Resume>,
        progress: (u64, Progress),
    ) -> Result<FileSink> {
        let out = out
            .map(|file| open_at(file, resume.and_then(|resume| resume.out)))
            .transpose()?;
        let b_file = b_file
            .map(|file| open_at(file, resume.and_then(|resume| resume.b_file)))
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

/// `file` opened to be written from its start, or from byte `length` on (checked by
/// [`Resume::check`] to be the checkpoint's run's).
fn open_at(file: &OutputFile, length: Option<u64>) -> Result<(PathBuf, BufWriter<File>)> {
    let path = file.path().to_path_buf();
    let opened = OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(length.is_none())
        .open(&path)
        .map_err(Error::io(&path))?;
    if let Some(length) = length {
        opened.set_len(length).map_err(Error::io(&path))?;
    }
    let mut writer = BufWriter::with_capacity(1 << 20, opened);
    writer.seek(SeekFrom::End(0)).map_err(Error::io(&path))?;
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

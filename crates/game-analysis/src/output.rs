//! The files the command writes: each checked before the work starts, and written whole or
//! not at all.
//!
//! [`OutputFile::check`] fails in milliseconds, with the reason, on a path that cannot be
//! written: a missing folder, a folder, a device or a read-only place. [`OutputFile::write`]
//! writes through `game_core::durable`: a temporary file in the same folder, synced, renamed
//! into place and the folder synced, so a failure (a full disk, a file-size limit, a kill)
//! leaves the old file or nothing, and a power cut the old file or the whole new one.

use std::io::Write;
use std::path::{Path, PathBuf};

use game_core::durable;
use nim_games::milestones::Milestone;

use crate::error::{Error, LibraryResult, Result};
use crate::{Options, interrupt};

/// Where a result goes: a file checked to be writable ([`durable::OutputFile`]), or
/// standard output for `-`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputFile {
    target: Target,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Target {
    StandardOutput,
    File(durable::OutputFile),
}

/// The name that asks for standard output where a result file is asked for.
pub const STANDARD_OUTPUT: &str = "-";

impl OutputFile {
    /// `-` for standard output, or a path checked to be writable before any long work: its
    /// folder exists and takes a new file (one is created there and removed), and the path
    /// is a regular file or does not exist yet.
    ///
    /// # Errors
    ///
    /// [`Error::Usage`] naming the path and why it cannot be written.
    pub fn check(path: impl Into<PathBuf>) -> Result<OutputFile> {
        let path = path.into();
        if path.as_os_str() == STANDARD_OUTPUT {
            return Ok(OutputFile {
                target: Target::StandardOutput,
            });
        }
        durable::OutputFile::check(path)
            .map(|file| OutputFile {
                target: Target::File(file),
            })
            .map_err(|unwritable| Error::Usage(unwritable.to_string()))
    }

    /// The path, `-` for standard output.
    pub fn path(&self) -> &Path {
        match &self.target {
            Target::StandardOutput => Path::new(STANDARD_OUTPUT),
            Target::File(file) => file.path(),
        }
    }

    /// Whether this is standard output.
    pub fn is_standard_output(&self) -> bool {
        self.target == Target::StandardOutput
    }

    /// Whether `self` and `other` name the same file: both standard output, the same path
    /// once its folder's links are resolved, or one file under two names (a hard link).
    pub fn is_same_as(&self, other: &OutputFile) -> bool {
        match (&self.target, &other.target) {
            (Target::StandardOutput, Target::StandardOutput) => true,
            (Target::File(one), Target::File(another)) => same_file(one.path(), another.path()),
            _ => false,
        }
    }

    /// Whether this output would overwrite the input file at `input`.
    pub fn overwrites(&self, input: &Path) -> bool {
        match &self.target {
            Target::StandardOutput => false,
            Target::File(file) => same_file(file.path(), input),
        }
    }

    /// Writes `bytes` whole: to a temporary file beside the target, synced, then renamed
    /// over it, the folder synced. On an error the temporary file is removed and the target
    /// is untouched. On standard output, the bytes as they are.
    ///
    /// # Errors
    ///
    /// [`Error::Io`] naming the path; [`Error::Stdout`].
    pub fn write(&self, bytes: &[u8]) -> Result<()> {
        match &self.target {
            Target::StandardOutput => write_stdout(bytes),
            Target::File(_) => self.write_with(|writer| writer.write_all(bytes)),
        }
    }

    /// As [`OutputFile::write`], the bytes streamed by `fill` into a buffered writer: for a
    /// file too large to be built in memory first.
    ///
    /// # Errors
    ///
    /// [`Error::Io`] naming the path; [`Error::Stdout`].
    pub fn write_with(
        &self,
        fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    ) -> Result<()> {
        match &self.target {
            Target::StandardOutput => {
                let mut bytes = Vec::new();
                fill(&mut bytes).map_err(Error::Stdout)?;
                write_stdout(&bytes)
            }
            Target::File(file) => {
                file.write_with(|writer| fill(writer))
                    .map_err(|failed| Error::Io {
                        path: failed.path,
                        source: failed.source,
                    })?;
                interrupt::wrote(file.path());
                Ok(())
            }
        }
    }

    /// Writes nim-values G(0), G(1), … as little-endian `u16`s, 2 bytes a heap, no header.
    ///
    /// # Errors
    ///
    /// As [`OutputFile::write`].
    pub fn write_nim_values(&self, values: &[u16]) -> Result<()> {
        self.write_with(|writer| {
            values
                .iter()
                .try_for_each(|value| writer.write_all(&value.to_le_bytes()))
        })
    }

    /// Writes nim-values G(0), G(1), … as an OEIS b-file: a line `n a(n)` a heap, from
    /// n = 0, as the On-Line Encyclopedia of Integer Sequences reads them.
    ///
    /// # Errors
    ///
    /// As [`OutputFile::write`].
    pub fn write_b_file(&self, values: &[u16]) -> Result<()> {
        self.write_with(|writer| {
            values
                .iter()
                .enumerate()
                .try_for_each(|(n, value)| writeln!(writer, "{n} {value}"))
        })
    }
}

/// Writes nim-values G(0), G(1), … to the files asked for: `out` as little-endian `u16`s,
/// `b_file` as an OEIS b-file, each with a note for the reader.
///
/// # Errors
///
/// As [`OutputFile::write`].
pub fn write_nim_value_files(
    values: &[u16],
    out: Option<&OutputFile>,
    b_file: Option<&OutputFile>,
    options: &Options,
) -> Result<()> {
    if let Some(out) = out {
        out.write_nim_values(values)?;
        if !out.is_standard_output() {
            options.note(format!(
                "  wrote {} ({} bytes, u16 little-endian)",
                out.path().display(),
                2 * values.len()
            ));
        }
    }
    if let Some(b_file) = b_file {
        b_file.write_b_file(values)?;
        if !b_file.is_standard_output() {
            options.note(format!("  wrote {} (OEIS b-file)", b_file.path().display()));
        }
    }
    Ok(())
}

/// A folder for the milestones of a run of nim-values (`--milestones DIR`): a value-count
/// file `DIR/N` for each milestone, named by its heap count as Rogalski's `results/` are,
/// and `DIR/milestones.json` with all of them.
#[derive(Debug, Clone)]
pub struct MilestoneFolder {
    folder: PathBuf,
}

impl MilestoneFolder {
    /// The folder `path`, checked before any long work and created if it is missing: no
    /// output in `outputs` (each with its flag) is the folder or lies in it, and it holds no
    /// file but the milestones `kept` (their heap counts: those of the run a checkpoint
    /// takes up, whose files a stopped run wrote there) and their `milestones.json`, so
    /// that the folder ends with one run's files and nothing else is replaced.
    ///
    /// # Errors
    ///
    /// [`Error::Usage`] naming the output or a file of the folder; [`Error::Io`] when it
    /// cannot be read or created.
    pub fn prepare(
        path: &Path,
        outputs: &[(&str, Option<&OutputFile>)],
        kept: &[u64],
    ) -> Result<MilestoneFolder> {
        let folder = std::fs::canonicalize(path).ok().or_else(|| place(path));
        for (flag, output) in outputs {
            let Some(output) = output.filter(|output| !output.is_standard_output()) else {
                continue;
            };
            let output_path = output.path();
            let itself = place(output_path) == place(path)
                || std::fs::canonicalize(output_path).ok() == folder;
            let inside = std::fs::canonicalize(durable::folder_of(output_path)).ok() == folder;
            if folder.is_some() && (itself || inside) {
                return Err(Error::Usage(format!(
                    "{flag} {}: is the --milestones folder {} or lies in it, where the milestone files would replace it",
                    output.path().display(),
                    path.display()
                )));
            }
        }
        if path.exists() {
            refuse_other_files(path, kept)?;
        }
        std::fs::create_dir_all(path).map_err(Error::io(path))?;
        OutputFile::check(path.join(MILESTONES_JSON))?;
        Ok(MilestoneFolder {
            folder: path.to_owned(),
        })
    }

    /// Writes every milestone's value-count file and `milestones.json`, each whole.
    ///
    /// # Errors
    ///
    /// As [`OutputFile::write`].
    pub fn write(&self, milestones: &[Milestone], options: &Options) -> Result<()> {
        for milestone in milestones {
            OutputFile::check(self.folder.join(milestone.heaps.to_string()))?
                .write(milestone.value_count().as_bytes())?;
        }
        let json = serde_json::to_string_pretty(milestones).library()? + "\n";
        OutputFile::check(self.folder.join(MILESTONES_JSON))?.write(json.as_bytes())?;
        options.note(format!(
            "  wrote {} milestones to {} (value counts and {MILESTONES_JSON})",
            milestones.len(),
            self.folder.display()
        ));
        Ok(())
    }
}

const MILESTONES_JSON: &str = "milestones.json";

/// Refuses a milestone folder that holds anything but the milestones `kept` and, with
/// them, `milestones.json`.
fn refuse_other_files(path: &Path, kept: &[u64]) -> Result<()> {
    let belongs = |name: &str| {
        !kept.is_empty()
            && (name == MILESTONES_JSON || name.parse().is_ok_and(|heaps| kept.contains(&heaps)))
    };
    let mut others = Vec::new();
    for entry in std::fs::read_dir(path).map_err(Error::io(path))? {
        let name = entry.map_err(Error::io(path))?.file_name();
        if !belongs(&name.to_string_lossy()) {
            others.push(name.to_string_lossy().into_owned());
        }
    }
    others.sort();
    match others.first() {
        None => Ok(()),
        Some(first) => Err(Error::Usage(format!(
            "--milestones {}: holds {}, not milestones of the run: a run's milestones go into a \
             new or empty folder{}",
            path.display(),
            match others.len() {
                1 => first.clone(),
                more => format!("{first} and {} more files", more - 1),
            },
            if kept.is_empty() {
                ""
            } else {
                ", or one holding the milestones of the run its checkpoint saved"
            }
        ))),
    }
}

/// Parses a command-line value into a checked [`OutputFile`] (`-` for standard output),
/// for clap.
pub fn parse_output_file(text: &str) -> std::result::Result<OutputFile, String> {
    OutputFile::check(text).map_err(|error| error.to_string())
}

/// Parses a command-line value into a checked [`OutputFile`] that is a file, for clap: a
/// database is built or checked in place, so `-` is refused.
pub fn parse_database_file(text: &str) -> std::result::Result<OutputFile, String> {
    if text == STANDARD_OUTPUT {
        return Err(
            "a database is written to a file: - (standard output) is not taken here".to_owned(),
        );
    }
    parse_output_file(text)
}

/// Writes `bytes` to standard output. A reader that has gone (`… | head`) is not an error:
/// the rest is dropped, as ripgrep and coreutils do, and the command goes on to write its
/// files and ends with status 0.
///
/// # Errors
///
/// [`Error::Stdout`] when standard output cannot be written for another reason (a full
/// disk behind a redirection).
pub fn write_stdout(bytes: &[u8]) -> Result<()> {
    write_stdout_while_read(bytes).map(|_| ())
}

/// As [`write_stdout`], and whether a reader is still there: a command that streams its
/// results stops its work when `false`.
///
/// # Errors
///
/// As [`write_stdout`].
pub fn write_stdout_while_read(bytes: &[u8]) -> Result<bool> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(error) => Err(Error::Stdout(error)),
        Ok(()) => Ok(true),
    }
}

/// Whether two paths name one file: the same folder (links resolved) and name, or, where
/// both exist, the same device and inode.
fn same_file(one: &Path, another: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    if place(one).is_some_and(|place_of_one| Some(place_of_one) == place(another)) {
        return true;
    }
    match (std::fs::metadata(one), std::fs::metadata(another)) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

/// Where `path` names, whether or not it exists: its folder with the links resolved, and
/// its name.
fn place(path: &Path) -> Option<PathBuf> {
    let folder = std::fs::canonicalize(durable::folder_of(path)).ok()?;
    Some(folder.join(path.file_name()?))
}

/// Refuses, before any work, outputs that name one file (`--out x --b-file ./x`, or two
/// `-`), each named by its flag: one result would silently overwrite the other.
///
/// # Errors
///
/// [`Error::Usage`] naming both flags and the file.
pub fn distinct_outputs(outputs: &[(&str, Option<&OutputFile>)]) -> Result<()> {
    let named: Vec<(&str, &OutputFile)> = outputs
        .iter()
        .filter_map(|&(flag, output)| output.map(|output| (flag, output)))
        .collect();
    for (i, (flag, output)) in named.iter().enumerate() {
        if let Some((other_flag, _)) = named[i + 1..]
            .iter()
            .find(|(_, other)| output.is_same_as(other))
        {
            return Err(Error::Usage(format!(
                "{flag} and {other_flag} name the same file, {}: one result would overwrite the other",
                output.path().display()
            )));
        }
    }
    Ok(())
}

/// Refuses, before any work, an output that names one of the command's inputs (`--merge
/// p0.json --json p0.json`): the input would be destroyed.
///
/// # Errors
///
/// [`Error::Usage`] naming the flag and the file.
pub fn not_an_input(flag: &str, output: Option<&OutputFile>, inputs: &[PathBuf]) -> Result<()> {
    match (output, inputs) {
        (Some(output), inputs) if inputs.iter().any(|input| output.overwrites(input)) => {
            Err(Error::Usage(format!(
                "{flag} {}: names one of the inputs, which it would overwrite",
                output.path().display()
            )))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix(&format!("game-analysis-output-{name}-"))
            .tempdir()
            .unwrap()
    }

    #[test]
    fn a_path_that_cannot_be_written_is_refused_before_the_work() {
        let scratch_dir = scratch("refused");
        let folder = scratch_dir.path();
        let missing = folder.join("no-such-folder").join("x.json");
        let error = OutputFile::check(&missing).unwrap_err().to_string();
        assert!(error.contains("does not exist"), "{error}");
        let error = OutputFile::check(folder).unwrap_err().to_string();
        assert!(error.contains("folder"), "{error}");
        assert!(OutputFile::check("").is_err());
        let error = OutputFile::check(format!("{}/missing/", folder.display()))
            .unwrap_err()
            .to_string();
        assert!(error.contains("a folder, not a file name"), "{error}");
        let error = OutputFile::check("/dev/null").unwrap_err().to_string();
        assert!(error.contains("not a regular file"), "{error}");
        assert!(OutputFile::check("/proc/x").is_err());
        let fine = folder.join("x.json");
        assert_eq!(OutputFile::check(&fine).unwrap().path(), fine);
        assert!(!fine.exists(), "the check leaves nothing behind");
        assert_eq!(std::fs::read_dir(folder).unwrap().count(), 0);
    }

    #[test]
    fn a_write_replaces_the_file_whole() {
        let scratch_dir = scratch("whole");
        let folder = scratch_dir.path();
        let path = folder.join("values.bin");
        std::fs::write(&path, b"old").unwrap();
        let output = OutputFile::check(&path).unwrap();
        output.write(b"new contents").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new contents");
        assert_eq!(
            std::fs::read_dir(folder).unwrap().count(),
            1,
            "no temporary file left"
        );
    }

    #[test]
    fn a_b_file_has_a_line_a_heap_from_zero() {
        let scratch_dir = scratch("b-file");
        let folder = scratch_dir.path();
        let path = folder.join("b000000.txt");
        OutputFile::check(&path)
            .unwrap()
            .write_b_file(&[0, 1, 2, 0, 1])
            .unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "0 0\n1 1\n2 2\n3 0\n4 1\n"
        );
    }

    #[test]
    fn a_failed_write_leaves_the_old_file() {
        let scratch_dir = scratch("failed");
        let folder = scratch_dir.path();
        let path = folder.join("kept.txt");
        std::fs::write(&path, b"old").unwrap();
        let output = OutputFile::check(&path).unwrap();
        // The folder loses its write permission between the check and the write (root
        // ignores permissions, so the test makes the rename fail instead: the target becomes
        // a folder that is not empty).
        std::fs::remove_file(&path).unwrap();
        std::fs::create_dir(&path).unwrap();
        std::fs::write(path.join("inside"), b"x").unwrap();
        assert!(output.write(b"new").is_err());
        assert!(path.join("inside").exists());
        let left: Vec<_> = std::fs::read_dir(folder).unwrap().collect();
        assert_eq!(left.len(), 1, "the temporary file is removed");
    }
}

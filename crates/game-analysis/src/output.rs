//! The files the command writes: each checked before the work starts, and written whole or
//! not at all.
//!
//! [`OutputFile::check`] fails in milliseconds, with the reason, on a path that cannot be
//! written: a missing folder, a folder, a device or a read-only place. [`OutputFile::write`]
//! writes through `game_core::durable`: a temporary file in the same folder, synced, renamed
//! into place and the folder synced, so a failure (a full disk, a file-size limit, a kill)
//! leaves the old file or nothing, and a power cut the old file or the whole new one.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use game_core::durable::{self, folder_of};

use crate::Options;
use crate::error::{Error, Result};

/// A file the command will write, checked to be writable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputFile {
    path: PathBuf,
}

impl OutputFile {
    /// Checks that `path` can be written, before any long work: its folder exists and
    /// takes a new file (one is created there and removed), and the path is a regular file
    /// or does not exist yet.
    ///
    /// # Errors
    ///
    /// [`Error::Usage`] naming the path and why it cannot be written.
    pub fn check(path: impl Into<PathBuf>) -> Result<OutputFile> {
        let output = OutputFile { path: path.into() };
        let path = &output.path;
        let refuse = |why: String| Error::Usage(format!("{}: {why}", path.display()));
        if path.as_os_str().is_empty() || path.file_name().is_none() {
            return Err(refuse("not a file name".to_owned()));
        }
        if path.as_os_str().to_string_lossy().ends_with('/') {
            return Err(refuse("ends with /: a folder, not a file name".to_owned()));
        }
        let folder = folder_of(path);
        if !folder.is_dir() {
            return Err(refuse(format!(
                "the folder {} does not exist",
                folder.display()
            )));
        }
        if let Ok(metadata) = std::fs::metadata(path)
            && !metadata.is_file()
        {
            return Err(refuse(if metadata.is_dir() {
                "is a folder, not a file name".to_owned()
            } else {
                "is not a regular file (a device or a special file)".to_owned()
            }));
        }
        // A probe file, removed when dropped: the folder takes a new file.
        tempfile::NamedTempFile::new_in(folder)
            .map_err(|e| refuse(format!("cannot write in {}: {e}", folder.display())))?;
        Ok(output)
    }

    /// The path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `bytes` whole: to a temporary file beside the target, synced, then renamed
    /// over it, the folder synced. On an error the temporary file is removed and the target
    /// is untouched.
    ///
    /// # Errors
    ///
    /// [`Error::Io`] naming the path.
    pub fn write(&self, bytes: &[u8]) -> Result<()> {
        self.write_with(|writer| writer.write_all(bytes))
    }

    /// As [`OutputFile::write`], the bytes streamed by `fill` into a buffered writer: for a
    /// file too large to be built in memory first.
    ///
    /// # Errors
    ///
    /// [`Error::Io`] naming the path.
    pub fn write_with(
        &self,
        fill: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<()>,
    ) -> Result<()> {
        durable::write_whole(&self.path, fill).map_err(|source| Error::Io {
            path: self.path.clone(),
            source,
        })
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
        options.note(format!(
            "  wrote {} ({} bytes, u16 little-endian)",
            out.path().display(),
            2 * values.len()
        ));
    }
    if let Some(b_file) = b_file {
        b_file.write_b_file(values)?;
        options.note(format!("  wrote {} (OEIS b-file)", b_file.path().display()));
    }
    Ok(())
}

/// Parses a command-line value into a checked [`OutputFile`], for clap.
pub fn parse_output_file(text: &str) -> std::result::Result<OutputFile, String> {
    OutputFile::check(text).map_err(|error| error.to_string())
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

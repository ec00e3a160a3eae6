//! Files written whole and durably: the one writer of every file the workspace writes (the
//! command's outputs, the out-of-core bear-off blocks and database, kept data, generated
//! docs).
//!
//! [`write_whole`] writes into a temporary file in the target's folder (the `tempfile`
//! crate), flushes it to disk (`sync_all`), renames it over the target and syncs the folder,
//! so that a reader — or the machine after a power cut — finds the old file or the whole new
//! one, never a part. A failure, or a process killed on the way, leaves the old file; the
//! temporary file is removed on failure (and, after a kill, is a hidden `.NAME.*.partial`
//! beside it, unless the program removed it first with [`remove_partial_files`]). The file
//! gets the mode of any new file, 0666 less the umask.
//!
//! ```
//! use game_core::durable::write_whole;
//! use std::io::Write;
//!
//! let folder = tempfile::tempdir()?;
//! let path = folder.path().join("values.txt");
//! write_whole(&path, |file| file.write_all(b"0 0\n1 1\n"))?;
//! assert_eq!(std::fs::read(&path)?, b"0 0\n1 1\n");
//! # Ok::<(), std::io::Error>(())
//! ```

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// The temporary files of the writes in progress in this process.
static PARTIAL_FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A file to be written later, checked to be writable before the work that fills it: a
/// long computation learns in milliseconds, not at its end, that its result has nowhere to
/// go. Written through [`write_whole`].
///
/// ```
/// use game_core::durable::OutputFile;
///
/// let folder = tempfile::tempdir()?;
/// let file = OutputFile::check(folder.path().join("values.txt"))?;
/// file.write(b"0 0\n")?;
/// assert!(OutputFile::check(folder.path().join("no-such-folder/x")).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputFile {
    path: PathBuf,
}

/// Why a path cannot take an output file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum UnwritablePath {
    /// An empty path, or one ending in `..`.
    #[error("{}: not a file name", .0.display())]
    NotAFileName(PathBuf),
    /// A path ending in `/`.
    #[error("{}: ends with /: a folder, not a file name", .0.display())]
    EndsWithSlash(PathBuf),
    /// The path's folder does not exist.
    #[error("{}: the folder {} does not exist", .path.display(), .folder.display())]
    MissingFolder {
        /// The path.
        path: PathBuf,
        /// Its folder.
        folder: PathBuf,
    },
    /// The path is a folder.
    #[error("{}: is a folder, not a file name", .0.display())]
    Folder(PathBuf),
    /// The path is a device, a pipe or another special file.
    #[error("{}: is not a regular file (a device or a special file)", .0.display())]
    NotARegularFile(PathBuf),
    /// The folder does not take a new file (read-only, no permission, full).
    #[error("{}: cannot write in {}: {source}", .path.display(), .folder.display())]
    FolderRefuses {
        /// The path.
        path: PathBuf,
        /// Its folder.
        folder: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}

/// An output file that could not be written.
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", path.display())]
pub struct WriteError {
    /// The file.
    pub path: PathBuf,
    /// What the system said.
    pub source: std::io::Error,
}

impl OutputFile {
    /// Checks that `path` can be written, before any long work: its folder exists and
    /// takes a new file (one is created there and removed), and the path is a regular file
    /// or does not exist yet.
    ///
    /// # Errors
    ///
    /// [`UnwritablePath`], naming the path and why it cannot be written.
    pub fn check(path: impl Into<PathBuf>) -> Result<OutputFile, UnwritablePath> {
        let path = path.into();
        if path.as_os_str().is_empty() || path.file_name().is_none() {
            return Err(UnwritablePath::NotAFileName(path));
        }
        if path.as_os_str().to_string_lossy().ends_with('/') {
            return Err(UnwritablePath::EndsWithSlash(path));
        }
        let folder = folder_of(&path).to_path_buf();
        if !folder.is_dir() {
            return Err(UnwritablePath::MissingFolder { path, folder });
        }
        if let Ok(metadata) = std::fs::metadata(&path)
            && !metadata.is_file()
        {
            return Err(if metadata.is_dir() {
                UnwritablePath::Folder(path)
            } else {
                UnwritablePath::NotARegularFile(path)
            });
        }
        // A probe file, removed when dropped: the folder takes a new file.
        if let Err(source) = tempfile::NamedTempFile::new_in(&folder) {
            return Err(UnwritablePath::FolderRefuses {
                path,
                folder,
                source,
            });
        }
        Ok(OutputFile { path })
    }

    /// The path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `bytes` whole ([`write_whole`]).
    ///
    /// # Errors
    ///
    /// [`WriteError`] naming the path; the target is then as it was.
    pub fn write(&self, bytes: &[u8]) -> Result<(), WriteError> {
        self.write_with(|writer| writer.write_all(bytes))
    }

    /// As [`OutputFile::write`], the bytes streamed by `fill` into a buffered writer: for a
    /// file too large to be built in memory first.
    ///
    /// # Errors
    ///
    /// [`WriteError`] naming the path; the target is then as it was.
    pub fn write_with(
        &self,
        fill: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<()>,
    ) -> Result<(), WriteError> {
        write_whole(&self.path, fill).map_err(|source| WriteError {
            path: self.path.clone(),
            source,
        })
    }
}

/// Writes the file at `path` whole: `fill` writes into a buffered temporary file in the
/// same folder, which is synced to disk, renamed over `path`, and the folder synced.
///
/// # Errors
///
/// The first I/O error: creating, writing, syncing or renaming. The target is then as it
/// was, and the temporary file removed.
pub fn write_whole(
    path: &Path,
    fill: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let folder = folder_of(path);
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temporary = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".partial")
        .permissions(new_file_permissions())
        .tempfile_in(folder)?;
    let (file, temporary_path) = temporary.into_parts();
    let _in_progress = PartialFile::register(&temporary_path);
    let mut writer = BufWriter::new(file);
    fill(&mut writer)?;
    let file = writer.into_inner().map_err(|e| e.into_error())?;
    file.sync_all()?;
    drop(file);
    temporary_path.persist(path).map_err(|e| e.error)?;
    sync_folder(folder)
}

/// A temporary file's entry in [`PARTIAL_FILES`], for as long as its write is in progress.
struct PartialFile(PathBuf);

impl PartialFile {
    fn register(path: &Path) -> PartialFile {
        lock_partial_files().push(path.to_path_buf());
        PartialFile(path.to_path_buf())
    }
}

impl Drop for PartialFile {
    fn drop(&mut self) {
        lock_partial_files().retain(|path| *path != self.0);
    }
}

/// The list of partial files, also after a thread panicked while holding it: it is only
/// ever pushed to or filtered, so it stays a list of paths.
fn lock_partial_files() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    PARTIAL_FILES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Removes the temporary file of every [`write_whole`] in progress in this process, and
/// returns the paths removed: for a program about to end on a signal (Ctrl-C, SIGTERM), which
/// would otherwise leave each behind as a hidden `.NAME.*.partial`. A write whose file is
/// removed fails at its rename; its target is as it was.
///
/// ```
/// use game_core::durable::remove_partial_files;
///
/// // No write is in progress here.
/// assert!(remove_partial_files().is_empty());
/// ```
pub fn remove_partial_files() -> Vec<PathBuf> {
    let partial_files = lock_partial_files();
    partial_files
        .iter()
        .filter(|path| std::fs::remove_file(path).is_ok())
        .cloned()
        .collect()
}

/// The mode a new file gets, as `cp` and gnubg's tools create theirs: 0666 less the
/// process's umask (which the system applies on creation). A temporary file's own default,
/// 0600, would survive the rename and keep a database from the group or a web server.
fn new_file_permissions() -> std::fs::Permissions {
    use std::os::unix::fs::PermissionsExt;
    std::fs::Permissions::from_mode(0o666)
}

/// Renames the file `from`, already written and synced, to `to`, and syncs the folder, so
/// that the rename survives a power cut.
///
/// # Errors
///
/// The I/O error of the rename or the sync.
pub fn rename_durably(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::rename(from, to)?;
    sync_folder(folder_of(to))
}

/// Flushes a folder's entries (a rename, a new file) to disk.
///
/// # Errors
///
/// The I/O error of opening or syncing the folder.
pub fn sync_folder(folder: &Path) -> std::io::Result<()> {
    File::open(folder)?.sync_all()
}

/// The folder a path's file goes in (`.` for a bare file name).
pub fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_output_file_is_refused_before_the_work_with_its_reason() {
        let folder = tempfile::tempdir().unwrap();
        let refused = |path: PathBuf| OutputFile::check(path).unwrap_err().to_string();
        assert!(refused(folder.path().join("no-such/x")).contains("does not exist"));
        assert!(refused(folder.path().to_path_buf()).contains("is a folder"));
        assert!(refused(PathBuf::new()).contains("not a file name"));
        assert!(refused(PathBuf::from("/dev/null")).contains("not a regular file"));
        let with_slash = format!("{}/", folder.path().join("x").display());
        assert!(refused(PathBuf::from(with_slash)).contains("ends with /"));
        let file = OutputFile::check(folder.path().join("x")).unwrap();
        file.write(b"kept").unwrap();
        assert_eq!(std::fs::read(file.path()).unwrap(), b"kept");
    }

    #[test]
    fn a_write_replaces_the_file_whole_and_leaves_nothing_else() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("kept.json");
        std::fs::write(&path, b"old").unwrap();
        write_whole(&path, |file| file.write_all(b"new contents")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new contents");
        assert_eq!(std::fs::read_dir(folder.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_failed_fill_leaves_the_old_file_and_no_temporary_file() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("kept.json");
        std::fs::write(&path, b"old").unwrap();
        let failed = write_whole(&path, |file| {
            file.write_all(b"half")?;
            Err(std::io::Error::other("the disk is full"))
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        assert_eq!(std::fs::read_dir(folder.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_missing_folder_is_an_error() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("no-such-folder").join("x");
        assert!(write_whole(&path, |file| file.write_all(b"x")).is_err());
        assert_eq!(folder_of(Path::new("bare.txt")), Path::new("."));
    }
}

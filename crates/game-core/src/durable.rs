//! Files written whole and durably: the one writer of every file the workspace writes (the
//! command's outputs, the out-of-core bear-off blocks and database, kept data, generated
//! docs).
//!
//! [`write_whole`] writes into a temporary file in the target's folder (the `tempfile`
//! crate), flushes it to disk (`sync_all`), renames it over the target and syncs the folder,
//! so that a reader — or the machine after a power cut — finds the old file or the whole new
//! one, never a part. A failure, or a process killed on the way, leaves the old file; the
//! temporary file is removed on failure (and, after a kill, is a hidden `.NAME.*.partial`
//! beside it).
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
use std::io::BufWriter;
use std::path::Path;

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
        .tempfile_in(folder)?;
    let (file, temporary_path) = temporary.into_parts();
    let mut writer = BufWriter::new(file);
    fill(&mut writer)?;
    let file = writer.into_inner().map_err(|e| e.into_error())?;
    file.sync_all()?;
    drop(file);
    temporary_path.persist(path).map_err(|e| e.error)?;
    sync_folder(folder)
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
    use std::io::Write;

    use super::*;

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

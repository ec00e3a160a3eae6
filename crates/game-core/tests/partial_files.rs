//! A program stopped by a signal removes the temporary files of its writes in progress
//! (`durable::remove_partial_files`). In a process of its own: the removal reaches every
//! write in the process, and a test beside it could be writing.

use std::io::Write;
use std::sync::mpsc::channel;

use game_core::durable::{remove_partial_files, write_whole};

#[test]
fn the_partial_file_of_a_write_in_progress_is_removed_and_the_target_kept() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("kept.json");
    std::fs::write(&path, b"old").unwrap();
    let (started, wait_for_start) = channel();
    let (removed, wait_for_removal) = channel::<()>();
    let target = path.clone();
    let writer = std::thread::spawn(move || {
        write_whole(&target, |file| {
            file.write_all(b"half")?;
            started.send(()).unwrap();
            wait_for_removal.recv().unwrap();
            Ok(())
        })
    });
    wait_for_start.recv().unwrap();
    assert_eq!(std::fs::read_dir(folder.path()).unwrap().count(), 2);
    let partial = remove_partial_files();
    assert_eq!(partial.len(), 1);
    assert!(partial[0].starts_with(folder.path()));
    assert!(partial[0].to_string_lossy().ends_with(".partial"));
    assert!(!partial[0].exists());
    removed.send(()).unwrap();
    assert!(writer.join().unwrap().is_err());
    assert_eq!(std::fs::read(&path).unwrap(), b"old");
    assert_eq!(std::fs::read_dir(folder.path()).unwrap().count(), 1);
    assert!(remove_partial_files().is_empty());
}

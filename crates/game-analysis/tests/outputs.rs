//! The `game-analysis` binary as a user meets it: outputs are checked before the work and written
//! whole, even when the write fails half way (a file-size limit in a child process).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let folder =
        std::env::temp_dir().join(format!("game-analysis-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    folder
}

/// Runs the command under bash with `setup` (a `ulimit`, a `trap`) before it.
fn command_in_shell(setup: &str, args: &str, folder: &Path) -> Output {
    let script = format!(
        "{setup}; exec \"{}\" {args}",
        env!("CARGO_BIN_EXE_game-analysis")
    );
    Command::new("bash")
        .arg("-c")
        .arg(script)
        .current_dir(folder)
        .output()
        .unwrap()
}

fn files_in(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// 200 kB of nim-values against a 1 KiB file-size limit: the write fails with "File too
/// large" (the signal ignored, as Python and many servers do), the old file stays, and the
/// partial file is removed.
#[test]
fn a_write_that_hits_a_file_size_limit_leaves_the_old_file_and_nothing_else() {
    let folder = scratch("limit");
    std::fs::write(folder.join("values.bin"), b"old").unwrap();
    let output = command_in_shell(
        "trap '' XFSZ; ulimit -f 1",
        "grundy --max 100000 --out values.bin",
        &folder,
    );
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("values.bin"), "{stderr}");
    assert_eq!(std::fs::read(folder.join("values.bin")).unwrap(), b"old");
    assert_eq!(files_in(&folder), ["values.bin"]);
    std::fs::remove_dir_all(folder).unwrap();
}

/// The same limit with the signal at its default: the process is killed mid-write, and
/// still the old file is intact (only the hidden partial file can be left).
#[test]
fn a_process_killed_mid_write_leaves_the_old_file() {
    let folder = scratch("killed");
    std::fs::write(folder.join("values.bin"), b"old").unwrap();
    let output = command_in_shell(
        "ulimit -f 1",
        "grundy --max 100000 --out values.bin",
        &folder,
    );
    assert!(!output.status.success());
    assert_eq!(std::fs::read(folder.join("values.bin")).unwrap(), b"old");
    std::fs::remove_dir_all(folder).unwrap();
}

/// A path that cannot be written fails before a computation of minutes starts.
#[test]
fn an_unwritable_output_fails_at_once() {
    let folder = scratch("unwritable");
    for out in ["/no/such/folder/g.bin", "/dev/full", "/proc/x", "."] {
        let started = Instant::now();
        let output = command_in_shell(
            "true",
            &format!("grundy --max 4000000000 --out {out}"),
            &folder,
        );
        assert_eq!(output.status.code(), Some(2), "{out}: {output:?}");
        assert!(started.elapsed() < Duration::from_secs(5), "{out}");
    }
    assert!(files_in(&folder).is_empty());
    std::fs::remove_dir_all(folder).unwrap();
}

/// A size whose table cannot be allocated is a typed error, not an abort: 4,294,967,295
/// heaps need 8 GiB of values, refused under a 4 GB address-space limit.
#[test]
fn a_table_beyond_the_memory_limit_is_an_error_not_an_abort() {
    let folder = scratch("memory");
    let started = Instant::now();
    let output = command_in_shell("ulimit -v 4000000", "grundy --max 4294967294", &folder);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("could not be allocated"), "{stderr}");
    assert!(started.elapsed() < Duration::from_secs(10));
    std::fs::remove_dir_all(folder).unwrap();
}

//! `--milestones DIR` of `octal` and `grundy`: the frequencies of the values at every power
//! of two in Rogalski's layout, and milestones.json.

use std::path::Path;
use std::process::{Command, Output};

fn command(args: &[&str], folder: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_game-analysis"))
        .args(args)
        .current_dir(folder)
        .output()
        .unwrap()
}

#[test]
fn octal_milestones_are_rogalskis_files_and_their_json() {
    let folder = tempfile::tempdir().unwrap();
    let run = command(
        &[
            "-q",
            "--format",
            "json",
            "octal",
            "0.161",
            "--max",
            "65536",
            "--milestones",
            "ms/161",
        ],
        folder.path(),
    );
    assert!(run.status.success(), "{run:?}");
    let report: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    let published =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../nim-games/tests/data/rogalski/0.161");
    for power in 1..=16 {
        let heaps = (1u64 << power).to_string();
        let ours = std::fs::read_to_string(folder.path().join("ms/161").join(&heaps)).unwrap();
        let his = std::fs::read_to_string(published.join(&heaps)).unwrap();
        assert_eq!(ours, his, "0.161 at {heaps} heaps");
    }
    let json = std::fs::read(folder.path().join("ms/161/milestones.json")).unwrap();
    let milestones: Vec<serde_json::Value> = serde_json::from_slice(&json).unwrap();
    let heaps: Vec<u64> = milestones
        .iter()
        .map(|m| m["heaps"].as_u64().unwrap())
        .collect();
    assert_eq!(
        heaps,
        (0..=16).map(|power| 1u64 << power).collect::<Vec<_>>()
    );
    let last = milestones.last().unwrap();
    // The last milestone is the whole run: the report's checksum, largest value and rare
    // heaps.
    assert_eq!(last["checksum"], report["checksum"]);
    assert_eq!(last["largest"], report["largest"]);
    assert_eq!(last["largest_at"], report["largest_at"]);
    assert_eq!(last["rare_heaps"], report["rare_heaps"]);
}

#[test]
fn grundy_milestones_end_at_the_last_heap_and_a_file_is_no_folder() {
    let folder = tempfile::tempdir().unwrap();
    let run = command(
        &["-q", "grundy", "--max", "1000", "--milestones", "g"],
        folder.path(),
    );
    assert!(run.status.success(), "{run:?}");
    let mut names: Vec<String> = std::fs::read_dir(folder.path().join("g"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "1",
            "1000",
            "128",
            "16",
            "2",
            "256",
            "32",
            "4",
            "512",
            "64",
            "8",
            "milestones.json"
        ]
    );
    // G(1..=8) of Grundy's game: 0, 0, 1, 0, 2, 1, 0, 2.
    let eight = std::fs::read_to_string(folder.path().join("g/8")).unwrap();
    assert_eq!(eight, "0 4\n1 2\n2 2\n");
    std::fs::write(folder.path().join("taken"), "a file").unwrap();
    let refused = command(
        &["-q", "grundy", "--max", "10", "--milestones", "taken"],
        folder.path(),
    );
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert_eq!(
        std::fs::read_to_string(folder.path().join("taken")).unwrap(),
        "a file"
    );
}

/// `--stream --checkpoint FILE --stop-at H` stops with a checkpoint; the same command takes
/// the run up and writes the values file and the milestones of a run in memory.
#[test]
fn a_streamed_run_stopped_and_taken_up_writes_what_a_run_in_memory_writes() {
    let folder = tempfile::tempdir().unwrap();
    let max = "400000";
    let whole = command(
        &[
            "-q",
            "grundy",
            "--max",
            max,
            "--out",
            "whole.bin",
            "--milestones",
            "whole",
        ],
        folder.path(),
    );
    assert!(whole.status.success(), "{whole:?}");
    let streamed = [
        "-q",
        "grundy",
        "--max",
        max,
        "--stream",
        "--front",
        "131072",
        "--out",
        "streamed.bin",
        "--milestones",
        "streamed",
        "--checkpoint",
        "run.ckpt",
    ];
    let stopped = command(
        &[&streamed[..], &["--stop-at", "200000"]].concat(),
        folder.path(),
    );
    assert!(stopped.status.success(), "{stopped:?}");
    let partial = std::fs::metadata(folder.path().join("streamed.bin"))
        .unwrap()
        .len();
    assert!(partial < 2 * 400_001, "stopped early: {partial} bytes");
    let resumed = command(&streamed, folder.path());
    assert!(resumed.status.success(), "{resumed:?}");
    let read = |name: &str| std::fs::read(folder.path().join(name)).unwrap();
    assert_eq!(read("streamed.bin"), read("whole.bin"));
    assert_eq!(
        read("streamed/milestones.json"),
        read("whole/milestones.json")
    );
    std::fs::write(folder.path().join("run.ckpt"), b"not a checkpoint").unwrap();
    let refused = command(&streamed, folder.path());
    assert!(!refused.status.success(), "{refused:?}");
}

//! A tournament line played in pieces, each in its own process as on separate machines, and
//! merged: the same JSON, byte for byte, as the line played at once.

use std::path::Path;
use std::process::Command;

fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("game-analysis-pieces-{name}-"))
        .tempdir()
        .unwrap()
}

fn command(args: &str, folder: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_game-analysis"))
        .args(args.split_whitespace())
        .current_dir(folder)
        .output()
        .unwrap()
}

fn played(args: &str, folder: &Path) {
    let output = command(args, folder);
    assert!(output.status.success(), "{args}: {output:?}");
}

#[test]
fn pieces_merged_are_the_line_played_at_once() {
    let scratch_dir = scratch("merge");
    let folder = scratch_dir.path();
    let line = "tournament chess random:1 random:2 --seed 28";
    played(&format!("{line} --games 24 --json whole.json"), folder);
    played(&format!("{line} --games 5 --json a.json"), folder);
    played(
        &format!("{line} --first-game 5 --games 11 --json b.json"),
        folder,
    );
    played(
        &format!("{line} --first-game 16 --games 8 --json c.json"),
        folder,
    );
    // Given in any order.
    played(
        "tournament --merge c.json a.json b.json --json merged.json",
        folder,
    );
    let whole = std::fs::read(folder.join("whole.json")).unwrap();
    assert_eq!(std::fs::read(folder.join("merged.json")).unwrap(), whole);
    // Pieces with a gap are refused.
    let output = command("tournament --merge a.json c.json", folder);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("do not follow each other"));
}

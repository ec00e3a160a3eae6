//! The command on small cases, against the outputs recorded in `tests/data/` (see its
//! README): every subcommand gives the same results as before it was a command. The binary
//! is `$GAME_ANALYSIS_BIN` when set (CI points it at the installed one), else this build's.

use std::path::{Path, PathBuf};
use std::process::Command;

fn binary() -> PathBuf {
    std::env::var_os("GAME_ANALYSIS_BIN").map_or_else(
        || PathBuf::from(env!("CARGO_BIN_EXE_game-analysis")),
        PathBuf::from,
    )
}

fn expected(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("game-analysis-golden-{name}-"))
        .tempdir()
        .unwrap()
}

/// Standard output of the command `args` run in `folder`, which must succeed.
fn run(args: &str, folder: &Path) -> String {
    let output = Command::new(binary())
        .args(args.split_whitespace())
        .current_dir(folder)
        .output()
        .unwrap();
    assert!(output.status.success(), "{args}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// Text with its times masked, and a line that is only a time dropped.
fn untimed(text: &str) -> String {
    text.lines()
        .filter(|line| !(line.trim().ends_with(" s") && line.trim().split(' ').count() == 2))
        .map(|line| {
            let mut words: Vec<String> = line.split(' ').map(str::to_owned).collect();
            for i in 1..words.len() {
                let is_unit = words[i].trim_end_matches([')', ',']) == "s";
                let number = words[i - 1].trim_start_matches('(');
                if is_unit && number.parse::<f64>().is_ok() {
                    words[i - 1] = words[i - 1].replace(number, "T");
                }
            }
            words.join(" ")
        })
        .map(|line| line.replace(" (T s)", ""))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_nim_values_are_those_recorded() {
    let scratch_dir = scratch("nim");
    let folder = scratch_dir.path();
    for (args, name) in [
        ("grundy --max 1000 --out g.bin", "grundy.txt"),
        ("grundy --misere --max 30", "grundy-misere.txt"),
        (
            "octal 0.77 --max 1000 --until-proven --out kayles.bin",
            "octal.txt",
        ),
        ("octal 0.6 --max 5000", "octal6.txt"),
        ("misere-quotient 0.75 --max-heap 30", "mq.txt"),
        ("misere-quotient grundy --max-heap 12", "mq-grundy.txt"),
    ] {
        assert_eq!(
            untimed(&run(args, folder)),
            untimed(&expected(name)),
            "{args}"
        );
    }
}

/// The b-file holds the values of the binary file, a line `n G(n)` a heap.
#[test]
fn the_b_file_is_the_values_file() {
    let scratch_dir = scratch("b-file");
    let folder = scratch_dir.path();
    run("octal 0.6 --max 3000 --out v.bin --b-file b.txt", folder);
    let bytes = std::fs::read(folder.join("v.bin")).unwrap();
    let from_binary: Vec<String> = bytes
        .chunks_exact(2)
        .enumerate()
        .map(|(n, pair)| format!("{n} {}", u16::from_le_bytes([pair[0], pair[1]])))
        .collect();
    let b_file = std::fs::read_to_string(folder.join("b.txt")).unwrap();
    assert_eq!(b_file.lines().collect::<Vec<_>>(), from_binary);
    assert_eq!(from_binary.len(), 3001);
}

#[test]
fn the_bear_off_checks_and_race_tables_are_those_recorded() {
    let scratch_dir = scratch("bearoff");
    let folder = scratch_dir.path();
    run("bearoff --two-sided 6x3 --out ts3.bd", folder);
    assert_eq!(
        untimed(&run(
            "bearoff --check ts3.bd --against 2 --sample 1000",
            folder
        )),
        untimed(&expected("bearoff-check.txt"))
    );
    assert_eq!(
        run("race-formulas --checkers 3", folder),
        expected("race.txt")
    );
    assert_eq!(
        run("race-formulas --file ts3.bd", folder),
        expected("race-file.txt")
    );
    let json = run("--format json bearoff --two-sided 6x3 --out ts3.bd", folder);
    assert!(json.contains("\"kind\": \"two-sided\""), "{json}");
}

#[test]
fn the_games_are_those_recorded() {
    let scratch_dir = scratch("games");
    let folder = scratch_dir.path();
    let line = "tournament chess random:1 random:2 --games 6";
    assert_eq!(
        run(&format!("--format json {line}"), folder),
        expected("tournament.json")
    );
    run(&format!("{line} --json t.json"), folder);
    assert_eq!(
        std::fs::read_to_string(folder.join("t.json")).unwrap(),
        expected("tournament.json")
    );
    for (piece, name) in [
        ("--games 10", "p1.json"),
        ("--games 10 --first-game 10", "p2.json"),
    ] {
        let args = format!("tournament connect-four paper:1 paper:2 {piece} --format json");
        let text = run(&args, folder);
        assert_eq!(text, expected(name));
        std::fs::write(folder.join(name), text).unwrap();
    }
    assert_eq!(
        run("tournament --merge p1.json p2.json --format json", folder),
        expected("merge.json")
    );
    assert_eq!(
        run(
            "mobility othello-6x6 random:2 --games 10 --format json",
            folder
        ),
        expected("mobility.json")
    );
    let csv = run(
        "mobility othello-6x6 random:2 --games 10 --format csv",
        folder,
    );
    assert_eq!(csv.lines().count(), 2, "{csv}");
    assert!(
        csv.starts_with("game,player,games,seed,decisions,"),
        "{csv}"
    );
}

/// JSON and CSV on standard output are one document: nothing else is printed there.
#[test]
fn json_and_csv_are_alone_on_standard_output() {
    let scratch_dir = scratch("formats");
    let folder = scratch_dir.path();
    let json = run("--format json grundy --max 500 --b-file b.txt", folder);
    assert!(
        json.starts_with('{') && json.trim_end().ends_with('}'),
        "{json}"
    );
    let csv = run("--format csv grundy --misere --max 6", folder);
    assert_eq!(
        csv,
        "heap,outcome,larger,smaller\n1,N,,\n2,N,,\n3,P,,\n4,N,3,1\n5,N,3,2\n6,P,,\n"
    );
    let quotient = run("--format csv misere-quotient 0.75 --max-heap 3", folder);
    assert_eq!(quotient.lines().next(), Some("heap,order,pretending"));
}

/// Degenerate sizes are answered in the field's terms or refused with a usage error: no
/// empty range is printed.
#[test]
fn degenerate_sizes_are_answered_or_refused() {
    let scratch_dir = scratch("degenerate");
    let folder = scratch_dir.path();
    let misere = run("grundy --misere --max 0", folder);
    assert!(
        misere.contains("1 position (at most 0 live matches)"),
        "{misere}"
    );
    assert!(misere.contains("--max 0 asks for none"), "{misere}");
    let two = run("grundy --misere --max 2", folder);
    assert!(two.contains("P-positions: none"), "{two}");
    let quotient = run("misere-quotient 0.77 --max-heap 0", folder);
    assert!(
        quotient.contains("order 1,") && quotient.contains("no heaps"),
        "{quotient}"
    );
    let values = run("--format json octal 0.77 --max 0", folder);
    assert!(values.contains("\"heaps\": 1"), "{values}");
    for refused in [
        "bearoff --check ts.bd --sample 0",
        "mobility othello-6x6 uniform --games 1",
        "tournament chess uniform uniform --games 0",
    ] {
        let output = Command::new(binary())
            .args(refused.split_whitespace())
            .current_dir(folder)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{refused}: {output:?}");
    }
}

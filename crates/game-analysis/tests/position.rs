//! `game-analysis position`: one position from a gnubg ID or an XGID asked of the exact
//! databases, in every format, one at a time and in batches.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use backgammon_cube::bearoff::BearoffPosition;
use backgammon_cube::cube::CubeOwnership;
use backgammon_cube::dice::Roll;
use backgammon_cube::notation::Board;
use backgammon_cube::query::query;
use backgammon_cube::two_sided::TwoSidedDatabase;

/// Six checkers (6, 6, 5, 1, 1, 1) against five (4, 3, 3, 2, 2), the player on roll behind.
const BEHIND: &str = "tgAAwKEBAAAAAA";

fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("game-analysis-position-{name}-"))
        .tempdir()
        .unwrap()
}

fn command(args: &[&str], folder: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_game-analysis"))
        .args(args)
        .current_dir(folder)
        .output()
        .unwrap()
}

fn json(args: &[&str], folder: &Path) -> serde_json::Value {
    let mut all = vec!["--format", "json", "position"];
    all.extend_from_slice(args);
    let output = command(&all, folder);
    assert!(output.status.success(), "{args:?}: {output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn a_position_is_answered_with_the_databases_own_numbers() {
    let folder = scratch("answer");
    let answer = json(&[BEHIND, "--roll", "6-2"], folder.path());
    let database = TwoSidedDatabase::<f64>::new(6).unwrap();
    let board = Board::from_position_id(BEHIND).unwrap();
    let ours = query(
        &database,
        &board,
        CubeOwnership::Centred,
        Some(Roll {
            first: 6,
            second: 2,
        }),
    )
    .unwrap();
    assert_eq!(answer["win"], ours.entry.outcomes.win);
    assert_eq!(answer["centred"], ours.entry.centred);
    assert_eq!(answer["opponent_owns"], ours.entry.opponent_owns);
    assert_eq!(answer["cube_action"], "no double");
    assert_eq!(answer["on_roll"]["pips"], 20);
    // gnubg 1.07's hint for the position: 6/off 5/3 first, 6/4 6/off second, both -1.000.
    let plays = answer["plays"].as_array().unwrap();
    assert_eq!(plays.len(), 2);
    assert_eq!(plays[0]["play"], "6/off 5/3");
    assert_eq!(plays[1]["play"], "6/4 6/off");
    assert_eq!(plays[0]["equity"], -1.0);
}

/// The Position ID of a bear-off position of at most three checkers a side.
fn small(on_roll: &[u32], opponent: &[u32]) -> String {
    Board::from_bearoff(
        &BearoffPosition::from_points(on_roll).unwrap(),
        &BearoffPosition::from_points(opponent).unwrap(),
    )
    .position_id()
}

#[test]
fn every_notation_of_a_position_gives_one_answer() {
    let folder = scratch("notations");
    let id = small(&[6, 5, 1], &[3, 2, 2]);
    let by_id = json(&[&id, "--bearoff", "3"], folder.path());
    let xgid = by_id["xgid"].as_str().unwrap().to_owned();
    for other in [format!("{id}:cAkAAAAAAAAA"), xgid] {
        let answer = json(&[&other, "--bearoff", "3"], folder.path());
        for field in [
            "position_id",
            "win",
            "centred",
            "owned",
            "opponent_owns",
            "cube_action",
        ] {
            assert_eq!(answer[field], by_id[field], "{other}: {field}");
        }
    }
    // The cube from the command line over the ID's: owned, a redouble.
    let owned = json(&[&id, "--bearoff", "3", "--cube", "owned"], folder.path());
    assert_eq!(owned["no_double"], by_id["owned"]);
}

#[test]
fn a_gnubg_file_answers_as_the_database_in_memory_to_its_precision() {
    let folder = scratch("file");
    let built = command(
        &["-q", "bearoff", "--two-sided", "6x3", "--out", "ts3.bd"],
        folder.path(),
    );
    assert!(built.status.success(), "{built:?}");
    let sides = [
        vec![1],
        vec![6, 6, 6],
        vec![5, 3],
        vec![4, 2, 1],
        vec![6, 1, 1],
    ];
    let ids: String = sides
        .iter()
        .flat_map(|a| sides.iter().map(move |b| (a, b)))
        .map(|(on_roll, opponent)| {
            let board = Board::from_bearoff(
                &BearoffPosition::from_points(on_roll).unwrap(),
                &BearoffPosition::from_points(opponent).unwrap(),
            );
            board.position_id() + "\n"
        })
        .collect();
    std::fs::write(folder.path().join("ids.txt"), ids).unwrap();
    let answers = |source: &[&str]| -> Vec<serde_json::Value> {
        let mut args = vec!["--format", "json", "position", "--batch", "ids.txt"];
        args.extend_from_slice(source);
        let output = command(&args, folder.path());
        assert!(output.status.success(), "{source:?}: {output:?}");
        let text = String::from_utf8(output.stdout).unwrap();
        text.lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    };
    let from_file = answers(&["--database", "ts3.bd"]);
    let in_memory = answers(&["--bearoff", "3"]);
    assert_eq!(from_file.len(), 25);
    for (file, memory) in from_file.iter().zip(&in_memory) {
        for field in ["win", "centred", "owned", "opponent_owns"] {
            let (a, b) = (
                file[field].as_f64().unwrap(),
                memory[field].as_f64().unwrap(),
            );
            // gnubg's 16-bit values: a unit is 1/32767.5 of equity, half that of P.
            assert!(
                (a - b).abs() < 4.0 / 32_767.5,
                "{}: {field}: {a} against {b}",
                file["id"]
            );
        }
    }
}

#[test]
fn hypergammon_answers_from_the_solve_and_from_its_file_alike() {
    let folder = scratch("hypergammon");
    let written = command(
        &["-q", "hypergammon", "--checkers", "1", "--out", "h1.bd"],
        folder.path(),
    );
    assert!(written.status.success(), "{written:?}");
    let start = "XGID=-a----------------------A-:0:0:1:00:0:0:0:0:10";
    let solved = json(
        &[start, "--hypergammon", "1", "--roll", "6-5"],
        folder.path(),
    );
    let from_file = json(
        &[start, "--database", "h1.bd", "--roll", "6-5"],
        folder.path(),
    );
    // The same start as the hypergammon command reports: P(win) 0.601583, double, take.
    assert!((solved["win"].as_f64().unwrap() - 0.601583).abs() < 5e-7);
    assert_eq!(solved["cube_action"], "double, take");
    for field in [
        "win",
        "win_gammon",
        "lose_backgammon",
        "centred",
        "opponent_owns",
    ] {
        let (a, b) = (
            solved[field].as_f64().unwrap(),
            from_file[field].as_f64().unwrap(),
        );
        assert!((a - b).abs() < 1e-6, "{field}: {a} against {b}");
    }
    assert_eq!(solved["plays"][0]["play"], "24/13");
    assert_eq!(from_file["plays"][0]["play"], "24/13");
}

#[test]
fn a_batch_answers_a_line_a_position_and_says_which_failed() {
    let folder = scratch("batch");
    std::fs::write(
        folder.path().join("ids.txt"),
        format!("{BEHIND} 6-2\n\n4HPwATDgc/ABMA\n{BEHIND}:cAkAAAAAAAAA 55\nnot-an-id\n"),
    )
    .unwrap();
    let output = command(
        &["--format", "json", "position", "--batch", "ids.txt"],
        folder.path(),
    );
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let lines: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["plays"][0]["play"], "6/off 5/3");
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .contains("points 1 to 6")
    );
    assert_eq!(lines[2]["roll"], "5-5");
    assert!(
        lines[3]["error"]
            .as_str()
            .unwrap()
            .contains("14 characters")
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("2 of 4 positions could not be answered"),
        "{stderr}"
    );
    let csv = command(
        &["--format", "csv", "position", "--batch", "ids.txt"],
        folder.path(),
    );
    let text = String::from_utf8(csv.stdout).unwrap();
    assert_eq!(text.lines().count(), 5);
    assert!(text.starts_with("id,position_id,"));
}

#[test]
fn a_batch_from_standard_input_into_a_closed_pipe_ends_quietly() {
    let folder = scratch("pipe");
    let lines = format!("{BEHIND} 6-2\n").repeat(20_000);
    let mut child = Command::new("bash")
        .arg("-c")
        .arg(format!(
            "\"{}\" position --batch - | head -1",
            env!("CARGO_BIN_EXE_game-analysis")
        ))
        .current_dir(folder.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    // The command may stop reading once its reader has gone: a write to its closed
    // standard input is then no failure of the test.
    let _ = child.stdin.take().unwrap().write_all(lines.as_bytes());
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{output:?}");
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 1);
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn what_cannot_be_asked_is_refused_with_the_reason() {
    let folder = scratch("refused");
    let id = small(&[6, 5, 1], &[3, 2, 2]);
    let three = ["--bearoff", "3"];
    for (args, said) in [
        (vec!["4HPwATDgc/ABM"], "14 characters"),
        (vec!["4HPwATDgc/ABMA"], "points 1 to 6"),
        (vec![&id, "--roll", "7-1"], "two dice 1 to 6"),
        (vec!["AAAAAAAAAAAAAA"], "the game is over"),
        (vec![BEHIND], "beyond the database"),
        (
            vec!["XGID=-a----------------------A-:0:0:1:00:0:0:0:7:10"],
            "money-game",
        ),
        (vec![&id, "--database", "no-such.bd"], "no-such.bd"),
    ] {
        let mut all = vec!["position"];
        all.extend_from_slice(&args);
        if !all.contains(&"--database") {
            all.extend_from_slice(&three);
        }
        let output = command(&all, folder.path());
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(said), "{args:?}: {stderr}");
    }
}

#[test]
fn a_bearoff_asked_of_the_one_sided_database_gives_each_sides_rolls() {
    use backgammon_cube::database::BearoffDatabase;
    let folder = scratch("one-sided");
    let answer = json(&[BEHIND, "--one-sided"], folder.path());
    let database = BearoffDatabase::new(6).unwrap();
    let ours = |points: &[u32]| {
        database
            .expected_rolls(&BearoffPosition::from_points(points).unwrap())
            .unwrap()
            .to_string()
    };
    assert_eq!(
        answer["on_roll"]["expected_rolls"],
        ours(&[6, 6, 5, 1, 1, 1])
    );
    assert_eq!(answer["opponent"]["expected_rolls"], ours(&[4, 3, 3, 2, 2]));
    // gnubg 1.07's eval of the position prints the means 3.759 and 2.836.
    let mean = |side: &str| answer[side]["expected_rolls_f64"].as_f64().unwrap();
    assert!((mean("on_roll") - 3.759).abs() < 5e-4 && (mean("opponent") - 2.836).abs() < 5e-4);
    let distribution = answer["on_roll"]["distribution"].as_array().unwrap();
    let total: f64 = distribution.iter().map(|p| p.as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-12);
    // Close to the two-sided database's exact P(win), 0.271369: each side's fewest rolls
    // is nearly the play that wins the race.
    assert!((answer["win"].as_f64().unwrap() - 0.2714).abs() < 1e-3);
}

#[test]
fn an_answer_carries_both_players_market_windows() {
    let folder = scratch("market");
    let answer = json(&[BEHIND], folder.path());
    // A bear-off counts no gammons: W = L = 1 and the classical window, for both players.
    assert_eq!(answer["gammon_values"]["win"], 1.0);
    assert_eq!(answer["gammon_values"]["loss"], 1.0);
    for window in ["market_window", "opponent_market_window"] {
        let points = |cube: &str| -> Vec<f64> {
            ["take", "initial_double", "redouble", "cash", "too_good"]
                .iter()
                .map(|point| answer[window][cube][*point].as_f64().unwrap())
                .collect()
        };
        assert_eq!(points("dead"), [0.25, 0.5, 0.5, 0.75, 1.0], "{window}");
        assert_eq!(points("live"), [0.2, 0.8, 0.8, 0.8, 0.8], "{window}");
    }
    let text = command(&["position", BEHIND], folder.path());
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("Take point (TP)                25.000%   20.000%"),
        "{text}"
    );
    // The CSV's take point is the opponent's, the player who would take a double here.
    let csv = command(&["--format", "csv", "position", BEHIND], folder.path());
    let csv = String::from_utf8(csv.stdout).unwrap();
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let row: Vec<&str> = lines.next().unwrap().split(',').collect();
    let column = |name: &str| row[header.iter().position(|h| *h == name).unwrap()];
    assert_eq!(column("take_point_dead"), "0.25");
    assert_eq!(column("double_point_live"), "0.8");
}

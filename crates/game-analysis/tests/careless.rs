//! The command as a careless or unlucky user meets it: a checkpoint named like an output, a
//! resume with other files than the run it takes up, a refused command, a milestone folder
//! that holds something, a damaged database, a malformed batch line. Each is refused with
//! status 2 before any file is touched, or does the right thing whole; none panics.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// A fresh folder for one test.
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("game-analysis-careless-{name}-"))
        .tempdir()
        .unwrap()
}

/// Runs the command in `folder` with `args` split at spaces.
fn run(args: &str, folder: &Path) -> Output {
    run_args(&args.split(' ').collect::<Vec<_>>(), folder)
}

fn run_args(args: &[&str], folder: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_game-analysis"))
        .args(args)
        .current_dir(folder)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Every file under `folder` (one level of subfolders too) with its bytes.
fn snapshot(folder: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            for inner in std::fs::read_dir(&path).unwrap() {
                let inner = inner.unwrap().path();
                let inner_name = inner.file_name().unwrap().to_string_lossy().into_owned();
                files.insert(format!("{name}/{inner_name}"), read_or_link(&inner));
            }
        } else {
            files.insert(name, read_or_link(&path));
        }
    }
    files
}

fn read_or_link(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|_| b"(not a file)".to_vec())
}

/// Runs `args` in `folder` and asserts that it was refused with status 2, saying `says`,
/// and left every file as it was.
fn refused_untouched(args: &str, folder: &Path, says: &str) {
    let before = snapshot(folder);
    let output = run(args, folder);
    assert_eq!(output.status.code(), Some(2), "{args}: {output:?}");
    assert!(
        stderr(&output).contains(says),
        "{args}: {}",
        stderr(&output)
    );
    assert_eq!(snapshot(folder), before, "{args}: a file changed");
}

/// A streamed Grundy run to 300,000 heaps with a front of 2^17, its other arguments
/// `rest`.
fn grundy_stream(rest: &str) -> String {
    format!("-q grundy --max 300000 --stream --front 131072 {rest}")
}

/// A folder holding a checkpoint `c.ck` of a Grundy run stopped at heap 200,192 that wrote
/// `v.bin` and `b.txt`, and the whole values of Grundy's game and of .6 to 300,000.
fn stopped_run(name: &str) -> tempfile::TempDir {
    let scratch = scratch(name);
    let folder = scratch.path();
    let stopped = run(
        &grundy_stream("--out v.bin --b-file b.txt --checkpoint c.ck --stop-at 200000"),
        folder,
    );
    assert!(stopped.status.success(), "{stopped:?}");
    assert!(
        run("-q grundy --max 300000 --out whole.bin", folder)
            .status
            .success()
    );
    assert!(
        run("-q octal 0.6 --max 300000 --out other.bin", folder)
            .status
            .success()
    );
    scratch
}

#[test]
fn a_checkpoint_named_like_an_output_is_refused_under_any_name() {
    let scratch = scratch("same-file");
    let folder = scratch.path();
    std::fs::create_dir(folder.join("real")).unwrap();
    std::os::unix::fs::symlink("real", folder.join("link")).unwrap();
    std::fs::write(folder.join("kept.bin"), b"a finished file").unwrap();
    std::fs::hard_link(folder.join("kept.bin"), folder.join("hard.bin")).unwrap();
    for (outputs, says) in [
        ("--out cs.bin --checkpoint cs.bin", "--out and --checkpoint"),
        (
            "--out cs.bin --checkpoint ./cs.bin",
            "--out and --checkpoint",
        ),
        (
            "--b-file cs.txt --checkpoint cs.txt",
            "--b-file and --checkpoint",
        ),
        (
            "--out real/cs.bin --checkpoint link/cs.bin",
            "--out and --checkpoint",
        ),
        (
            "--out kept.bin --checkpoint hard.bin",
            "--out and --checkpoint",
        ),
    ] {
        refused_untouched(&grundy_stream(outputs), folder, says);
    }
}

#[test]
fn a_resume_takes_up_only_the_files_its_checkpoint_covers() {
    let scratch = stopped_run("covers");
    let folder = scratch.path();
    let out_only = "--out o.bin --checkpoint o.ck --stop-at 200000";
    assert!(run(&grundy_stream(out_only), folder).status.success());
    refused_untouched(
        &grundy_stream("--out o.bin --b-file new.txt --checkpoint o.ck"),
        folder,
        "wrote no --b-file",
    );
    let no_values = "--checkpoint s.ck --stop-at 200000";
    assert!(run(&grundy_stream(no_values), folder).status.success());
    refused_untouched(
        &grundy_stream("--out whole.bin --checkpoint s.ck"),
        folder,
        "wrote no --out",
    );
    refused_untouched(
        &grundy_stream("--out other.bin --b-file b.txt --checkpoint c.ck"),
        folder,
        "not this run's file",
    );
    std::fs::copy(folder.join("v.bin"), folder.join("short.bin")).unwrap();
    let short = std::fs::OpenOptions::new()
        .write(true)
        .open(folder.join("short.bin"))
        .unwrap();
    short.set_len(1000).unwrap();
    refused_untouched(
        &grundy_stream("--out short.bin --checkpoint c.ck"),
        folder,
        "the checkpoint was saved when it held",
    );
    refused_untouched(
        &grundy_stream("--out missing.bin --checkpoint c.ck"),
        folder,
        "missing",
    );
    // Taken up with the files it covers, the run gives the uninterrupted run's values.
    let resumed = run(
        &grundy_stream("--out v.bin --b-file b.txt --checkpoint c.ck"),
        folder,
    );
    assert!(resumed.status.success(), "{resumed:?}");
    let read = |name: &str| std::fs::read(folder.join(name)).unwrap();
    assert_eq!(read("v.bin"), read("whole.bin"));
    let from_b_file: Vec<u8> = String::from_utf8(read("b.txt"))
        .unwrap()
        .lines()
        .enumerate()
        .flat_map(|(heap, line)| {
            let (n, value) = line.split_once(' ').unwrap();
            assert_eq!(n, heap.to_string());
            value.parse::<u16>().unwrap().to_le_bytes()
        })
        .collect();
    assert_eq!(from_b_file, read("whole.bin"));
}

#[test]
fn a_refused_command_leaves_every_file_as_it_was() {
    let scratch = stopped_run("refused");
    let folder = scratch.path();
    let files = "--out v.bin --b-file b.txt";
    let stream = "-q grundy --max 300000 --stream";
    for (front, says) in [
        ("--checkpoint c.ck --front 1000", "power of two"),
        ("--front 1000", "power of two"),
        ("--checkpoint c.ck --front 262144", "a front of 131072"),
    ] {
        refused_untouched(&format!("{stream} {files} {front}"), folder, says);
    }
    refused_untouched(
        &format!("-q grundy --max 100000 --stream --front 131072 {files} --checkpoint c.ck"),
        folder,
        "past heap 100000",
    );
    refused_untouched(
        &format!("-q octal 0.6 --max 300000 --stream --front 131072 {files} --checkpoint c.ck"),
        folder,
        "a checkpoint of grundy, not of 0.6",
    );
    std::fs::write(folder.join("torn.ck"), b"NIMSTRM\0abc").unwrap();
    refused_untouched(
        &grundy_stream(&format!("{files} --checkpoint torn.ck")),
        folder,
        "damaged",
    );
}

#[test]
fn a_finished_run_says_what_becomes_of_its_checkpoint() {
    let scratch = stopped_run("finished");
    let folder = scratch.path();
    let finished = run(
        &grundy_stream("--out v.bin --b-file b.txt --checkpoint c.ck"),
        folder,
    );
    assert!(finished.status.success(), "{finished:?}");
    assert!(
        stdout(&finished).contains("removed the checkpoint c.ck"),
        "{}",
        stdout(&finished)
    );
    assert!(!folder.join("c.ck").exists());
    // Without values files the checkpoint is kept, and a larger N takes up from it.
    let statistics = "--checkpoint s.ck --stop-at 200000";
    assert!(run(&grundy_stream(statistics), folder).status.success());
    let finished = run(&grundy_stream("--checkpoint s.ck"), folder);
    assert!(stdout(&finished).contains("the checkpoint s.ck is kept"));
    let longer = run(
        "-q grundy --max 400000 --stream --front 131072 --checkpoint s.ck",
        folder,
    );
    assert!(longer.status.success(), "{longer:?}");
    let whole = run("-q grundy --max 400000", folder);
    let checksum = |output: &Output| {
        let text = stdout(output);
        text.lines()
            .find(|line| line.contains("checksum"))
            .and_then(|line| line.split_whitespace().last())
            .map(str::to_owned)
    };
    assert!(checksum(&whole).is_some());
    assert_eq!(checksum(&longer), checksum(&whole));
}

#[test]
fn a_milestone_folder_holds_one_runs_files_and_no_output() {
    let scratch = scratch("milestones");
    let folder = scratch.path();
    std::fs::create_dir(folder.join("mm")).unwrap();
    refused_untouched(
        "-q grundy --max 2000 --milestones mm --out mm/1024",
        folder,
        "lies in it",
    );
    refused_untouched(
        "-q grundy --max 2000 --milestones d --out d",
        folder,
        "is the --milestones folder",
    );
    assert!(
        !folder.join("d").exists(),
        "nothing created for a refused run"
    );
    refused_untouched(
        "-q grundy --max 300000 --stream --front 131072 --milestones mm --checkpoint mm/c.ck",
        folder,
        "lies in it",
    );
    assert!(
        run("-q grundy --max 2000 --milestones m5", folder)
            .status
            .success()
    );
    refused_untouched(
        "-q octal 0.6 --max 2000 --milestones m5",
        folder,
        "a new or empty folder",
    );
    std::fs::write(folder.join("mm/notes.txt"), b"mine").unwrap();
    refused_untouched("-q grundy --max 2000 --milestones mm", folder, "notes.txt");
    // A stopped run's milestones are the ones its resume finds, and writes again.
    let stopped = "--checkpoint m.ck --milestones ms --stop-at 200000";
    assert!(run(&grundy_stream(stopped), folder).status.success());
    let resumed = run(&grundy_stream("--checkpoint m.ck --milestones ms"), folder);
    assert!(resumed.status.success(), "{resumed:?}");
    let whole = run("-q grundy --max 300000 --milestones whole", folder);
    assert!(whole.status.success());
    let read = |name: &str| std::fs::read(folder.join(name)).unwrap();
    assert_eq!(read("ms/milestones.json"), read("whole/milestones.json"));
}

#[test]
fn no_argument_or_file_makes_the_command_panic() {
    let scratch = scratch("panics");
    let folder = scratch.path();
    std::fs::write(folder.join("short.ck"), b"NIMSTRM\0abcdefg").unwrap();
    let stopped = run(&grundy_stream("--checkpoint c.ck --stop-at 200000"), folder);
    assert!(stopped.status.success(), "{stopped:?}");
    let front = |exponent: u32| format!("--front {}", 1u64 << exponent);
    for args in [
        grundy_stream("--checkpoint short.ck"),
        grundy_stream("--checkpoint x.ck --checkpoint-minutes inf"),
        grundy_stream("--checkpoint x.ck --checkpoint-minutes 1e300"),
        grundy_stream("--checkpoint x.ck --checkpoint-minutes NaN"),
        grundy_stream("--checkpoint x.ck --checkpoint-minutes 0"),
        "-q grundy --max 10 --stream --front 131072 --checkpoint c.ck".to_owned(),
        format!("-q grundy --max 300000 --stream {}", front(61)),
        format!("-q grundy --max 300000 --stream {}", front(63)),
        "-q grundy --max 300000 --stream --front 18446744073709551615".to_owned(),
        "-q grundy --max 300000 --stream --checkpoint -".to_owned(),
        "-q grundy --max 300000 --stream --checkpoint nodir/v.ck".to_owned(),
        "-q grundy --max 30 --misere --stream".to_owned(),
        "-q grundy --max 30 --misere --checkpoint x.ck".to_owned(),
        "position tgAAwKEBAAAAAA --hypergammon 1 --bearoff 3".to_owned(),
        "position tgAAwKEBAAAAAA --one-sided --bearoff 3".to_owned(),
    ] {
        let output = run(&args, folder);
        assert_eq!(output.status.code(), Some(2), "{args}: {output:?}");
        assert!(!stderr(&output).contains("panicked"), "{args}");
    }
    assert!(!folder.join("-").exists());
    assert!(!folder.join("x.ck").exists());
}

#[test]
fn a_sampled_check_recomputes_distinct_pairs_and_says_of_how_many() {
    let scratch = scratch("check");
    let folder = scratch.path();
    assert!(
        run("-q bearoff --two-sided 6x2 --out ts2.bd", folder)
            .status
            .success()
    );
    // 28 positions a side, the empty one included: 27² pairs with both sides on the board.
    for (sample, recomputed) in [("1", "1 of its 729"), ("100000", "729 of its 729")] {
        let output = run(&format!("bearoff --check ts2.bd --sample {sample}"), folder);
        assert!(output.status.success(), "{output:?}");
        assert!(
            stdout(&output).contains(&format!("{recomputed} pairs")),
            "{}",
            stdout(&output)
        );
    }
}

/// A Position ID and Match ID of a bear-off, the Match ID's cube-owner field set to 2.
#[test]
fn a_notation_field_out_of_range_is_refused() {
    let scratch = scratch("notation");
    let folder = scratch.path();
    for id in [
        "tgAAwKEBAAAAAA:YAkAAAAAAAAA",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:foo",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:bar:0:0:10",
    ] {
        let output = run_args(&["position", id], folder);
        assert_eq!(output.status.code(), Some(2), "{id}: {output:?}");
    }
}

#[test]
fn a_batch_line_that_is_not_text_or_says_too_much_is_answered_in_its_place() {
    let scratch = scratch("batch");
    let folder = scratch.path();
    let mut lines = b"tgAAwKEBAAAAAA\n".to_vec();
    lines.extend_from_slice(b"\xff\xfe not text\n");
    lines.extend_from_slice(b"tgAAwKEBAAAAAA 6-2 and more\n");
    lines.extend_from_slice(b"tgAAwKEBAAAAAA 6-2\n");
    std::fs::write(folder.join("batch.txt"), lines).unwrap();
    let output = run("position --batch batch.txt", folder);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let answers = stdout(&output);
    let answers: Vec<&str> = answers.lines().collect();
    assert_eq!(answers.len(), 4, "{answers:?}");
    assert!(
        answers[1].contains("line 2 is not UTF-8 text"),
        "{}",
        answers[1]
    );
    assert!(answers[2].contains("\"and more\""), "{}", answers[2]);
    assert!(!answers[3].contains("error"), "{}", answers[3]);
    assert!(stderr(&output).contains("2 of 4 positions could not be answered"));
}

/// `id` of a bear-off: the player on roll's checkers (point, count) against the opponent's,
/// as an XGID.
fn bearoff_xgid(on_roll: &[(usize, u8)], opponent: &[(usize, u8)]) -> String {
    let mut places = ['-'; 26];
    for &(point, count) in on_roll {
        places[point] = char::from(b'A' + count - 1);
    }
    for &(point, count) in opponent {
        places[25 - point] = char::from(b'a' + count - 1);
    }
    format!(
        "XGID={}:0:0:1:00:0:0:0:0:10",
        places.iter().collect::<String>()
    )
}

#[test]
fn a_damaged_two_sided_file_gives_an_error_never_an_answer_of_its_damage() {
    let scratch = scratch("damaged");
    let folder = scratch.path();
    assert!(
        run("-q bearoff --two-sided 6x3 --out ts3.bd", folder)
            .status
            .success()
    );
    let mut bytes = std::fs::read(folder.join("ts3.bd")).unwrap();
    for byte in bytes[40..].iter_mut().step_by(7) {
        *byte = 0xFF;
    }
    std::fs::write(folder.join("bad.bd"), bytes).unwrap();
    let sides: [&[(usize, u8)]; 5] = [
        &[(6, 2), (5, 1)],
        &[(4, 3)],
        &[(3, 1), (2, 1)],
        &[(6, 1)],
        &[(1, 3)],
    ];
    let mut damaged = 0;
    for on_roll in sides {
        for opponent in sides {
            let id = bearoff_xgid(on_roll, opponent);
            let ask = |file: &str| {
                let output = run_args(
                    &[
                        "--format",
                        "json",
                        "position",
                        &id,
                        "--database",
                        file,
                        "--roll",
                        "2-1",
                    ],
                    folder,
                );
                let text = stdout(&output).replace(file, "FILE");
                (output.status.code(), text, stderr(&output))
            };
            let (sound, damaged_file) = (ask("ts3.bd"), ask("bad.bd"));
            assert_eq!(sound.0, Some(0), "{id}: {}", sound.2);
            if damaged_file.0 == Some(0) {
                assert_eq!(
                    damaged_file.1, sound.1,
                    "{id}: answered from a damaged entry"
                );
            } else {
                assert!(
                    damaged_file
                        .2
                        .contains("bad.bd: the entry of gnubg indices"),
                    "{}",
                    damaged_file.2
                );
                damaged += 1;
            }
        }
    }
    assert!(damaged > 0, "the damage was not seen");
}

#[test]
fn a_damaged_hypergammon_file_gives_an_error() {
    let scratch = scratch("damaged-hyper");
    let folder = scratch.path();
    assert!(
        run("-q hypergammon --checkers 1 --out h1.bd", folder)
            .status
            .success()
    );
    let mut bytes = std::fs::read(folder.join("h1.bd")).unwrap();
    bytes[40..].fill(0xFF);
    std::fs::write(folder.join("bad.bd"), bytes).unwrap();
    let id = bearoff_xgid(&[(6, 1)], &[(1, 1)]);
    let sound = run_args(&["position", &id, "--database", "h1.bd"], folder);
    assert!(sound.status.success(), "{sound:?}");
    let output = run_args(&["position", &id, "--database", "bad.bd"], folder);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(
        stderr(&output).contains("bad.bd: the entry of position"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_database_of_another_kind_is_named_for_what_it_is() {
    let scratch = scratch("kind");
    let folder = scratch.path();
    std::fs::write(folder.join("empty.bd"), b"").unwrap();
    assert!(
        run("-q bearoff --one-sided 2 --out os.bd", folder)
            .status
            .success()
    );
    for (file, says) in [
        ("empty.bd", "an empty file"),
        ("os.bd", "one-sided bear-off file"),
    ] {
        let output = run(
            &format!("position tgAAwKEBAAAAAA --database {file}"),
            folder,
        );
        assert_eq!(output.status.code(), Some(2), "{output:?}");
        assert!(stderr(&output).contains(says), "{}", stderr(&output));
    }
}

//! The `game-analysis` binary as a user meets it: outputs are checked before the work and written
//! whole, even when the write fails half way (a file-size limit in a child process).

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A fresh folder for one test.
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("game-analysis-cli-{name}-"))
        .tempdir()
        .unwrap()
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
    let scratch_dir = scratch("limit");
    let folder = scratch_dir.path();
    std::fs::write(folder.join("values.bin"), b"old").unwrap();
    let output = command_in_shell(
        "trap '' XFSZ; ulimit -f 1",
        "grundy --max 100000 --out values.bin",
        folder,
    );
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("values.bin"), "{stderr}");
    assert_eq!(std::fs::read(folder.join("values.bin")).unwrap(), b"old");
    assert_eq!(files_in(folder), ["values.bin"]);
}

/// The same limit with the signal at its default: the process is killed mid-write, and
/// still the old file is intact (only the hidden partial file can be left).
#[test]
fn a_process_killed_mid_write_leaves_the_old_file() {
    let scratch_dir = scratch("killed");
    let folder = scratch_dir.path();
    std::fs::write(folder.join("values.bin"), b"old").unwrap();
    let output = command_in_shell(
        "ulimit -f 1",
        "grundy --max 100000 --out values.bin",
        folder,
    );
    assert!(!output.status.success());
    assert_eq!(std::fs::read(folder.join("values.bin")).unwrap(), b"old");
}

/// A path that cannot be written fails before a computation of minutes starts.
#[test]
fn an_unwritable_output_fails_at_once() {
    let scratch_dir = scratch("unwritable");
    let folder = scratch_dir.path();
    for out in ["/no/such/folder/g.bin", "/dev/full", "/proc/x", "."] {
        let started = Instant::now();
        let output = command_in_shell(
            "true",
            &format!("grundy --max 4000000000 --out {out}"),
            folder,
        );
        assert_eq!(output.status.code(), Some(2), "{out}: {output:?}");
        assert!(started.elapsed() < Duration::from_secs(5), "{out}");
    }
    assert!(files_in(folder).is_empty());
}

/// A size whose table does not fit is a typed error, not an abort: 4,294,967,295 heaps need
/// 8.6 GB of values, refused under a 4 GB address-space limit with both figures.
#[test]
fn a_table_beyond_the_memory_limit_is_an_error_not_an_abort() {
    let scratch_dir = scratch("memory");
    let folder = scratch_dir.path();
    let started = Instant::now();
    let output = command_in_shell("ulimit -v 4000000", "grundy --max 4294967294", folder);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("the nim-values of heaps 0..=4294967294: 8.6 GB needed")
            && stderr.contains("available (the address-space limit (ulimit -v))"),
        "{stderr}"
    );
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// A writer killed with SIGKILL at moments spread over its whole run (seeded, so the same
/// moments every time) leaves the old file or the whole new one, never a part.
#[test]
fn a_writer_killed_at_any_moment_leaves_the_old_file_or_the_whole_new_one() {
    let scratch_dir = scratch("sigkill");
    let folder = scratch_dir.path();
    let args = "--quiet grundy --max 300000 --threads 1 --out";
    let started = Instant::now();
    let output = command_in_shell("true", &format!("{args} whole.bin"), folder);
    assert!(output.status.success(), "{output:?}");
    let run = started.elapsed();
    let whole = std::fs::read(folder.join("whole.bin")).unwrap();
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let (mut old, mut new) = (0, 0);
    for _ in 0..16 {
        std::fs::write(folder.join("values.bin"), b"old").unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_game-analysis"))
            .args(format!("{args} values.bin").split_whitespace())
            .current_dir(folder)
            .spawn()
            .unwrap();
        // A moment between the start and a fifth past the end of an uninterrupted run.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let fraction = (state % 1200) as f64 / 1000.0;
        std::thread::sleep(run.mul_f64(fraction));
        let _ = child.kill();
        child.wait().unwrap();
        let found = std::fs::read(folder.join("values.bin")).unwrap();
        if found == b"old" {
            old += 1;
        } else {
            assert!(found == whole, "a part of the file: {} bytes", found.len());
            new += 1;
        }
    }
    assert!(old > 0, "no kill landed before the rename ({new} after)");
}

/// Every memory-heavy subcommand asks first: under an address-space limit (4 GB, or 1 GB
/// for the misère table's 2 GB) each refuses a size that needs more, within seconds, with a
/// typed error naming both figures.
#[test]
fn memory_heavy_subcommands_refuse_what_does_not_fit_under_a_limit() {
    let scratch_dir = scratch("limits");
    let folder = scratch_dir.path();
    for (limit, args, what) in [
        (
            4_000_000,
            "octal 0.6 --max 4294967294",
            "the nim-values of heaps 0..=4294967294: ",
        ),
        (
            4_000_000,
            "bearoff --two-sided 6x12 --out ts.bd",
            "GNU Backgammon's two-sided file 6x12 and its table in memory (out of core, build_two_sided_file writes the file, 2.8 GB of disk): ",
        ),
        (
            4_000_000,
            "race-formulas --checkers 12",
            "the two-sided bear-off table of 18564 positions a side in memory (out of core, gnubg::build_two_sided_file writes the same database as GNU Backgammon's file, 2.8 GB of disk, and gnubg::TwoSidedReader answers from it): ",
        ),
        (
            1_000_000,
            "grundy --misere --max 159",
            "the misère table of positions with at most 159 live matches: ",
        ),
    ] {
        let started = Instant::now();
        let output = command_in_shell(&format!("ulimit -v {limit}"), args, folder);
        assert_eq!(output.status.code(), Some(2), "{args}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(what) && stderr.contains("available"),
            "{args}: {stderr}"
        );
        assert!(started.elapsed() < Duration::from_secs(20), "{args}");
    }
    assert!(files_in(folder).is_empty());
}

/// A reader that stops early (`… | head -1`) ends the command quietly with status 0, as
/// ripgrep and coreutils do, and the files asked for are still written.
#[test]
fn a_closed_pipe_ends_the_command_quietly_with_status_zero() {
    let scratch_dir = scratch("pipe");
    let folder = scratch_dir.path();
    for args in [
        "--format csv octal 0.6 --max 100000 --b-file - | head -1",
        "octal 0.6 --max 100000 --b-file values.txt | head -1",
        "manpage | head -1",
    ] {
        let output = command_in_shell("set -o pipefail", args, folder);
        assert_eq!(output.status.code(), Some(0), "{args}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("error"), "{args}: {stderr}");
    }
    let b_file = std::fs::read_to_string(folder.join("values.txt")).unwrap();
    assert_eq!(b_file.lines().count(), 100_001);
}

/// `-` names standard output wherever a result file is asked for: the result alone goes
/// there, and the report to standard error. A database needs a file.
#[test]
fn a_dash_is_standard_output() {
    let scratch_dir = scratch("dash");
    let folder = scratch_dir.path();
    let output = command_in_shell("true", "grundy --max 5 --b-file -", folder);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(output.stdout, b"0 0\n1 0\n2 0\n3 1\n4 0\n5 2\n");
    assert!(String::from_utf8_lossy(&output.stderr).contains("Grundy's game"));
    let output = command_in_shell("true", "--format json octal 0.77 --max 30 --out -", folder);
    assert_eq!(output.stdout.len(), 62, "{output:?}");
    let output = command_in_shell(
        "true",
        "tournament connect-four random:1 random:2 --games 2 --json -",
        folder,
    );
    let json = String::from_utf8_lossy(&output.stdout);
    assert!(
        json.starts_with("{\n  \"game\": \"connect-four\""),
        "{json}"
    );
    let output = command_in_shell("true", "bearoff --two-sided 6x2 --out -", folder);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert_eq!(files_in(folder), Vec::<String>::new(), "no file named -");
}

/// Two outputs that name one file, under any of its names, are refused before the work;
/// so is an output that names an input.
#[test]
fn outputs_that_share_a_file_or_name_an_input_are_refused() {
    let scratch_dir = scratch("clobber");
    let folder = scratch_dir.path();
    std::fs::create_dir(folder.join("sub")).unwrap();
    let piece = command_in_shell(
        "true",
        "tournament connect-four random:1 random:2 --games 2 --json p0.json",
        folder,
    );
    assert_eq!(piece.status.code(), Some(0), "{piece:?}");
    std::fs::hard_link(folder.join("p0.json"), folder.join("link.json")).unwrap();
    let kept = std::fs::read(folder.join("p0.json")).unwrap();
    for args in [
        "grundy --max 20 --out bf.txt --b-file ./bf.txt",
        "grundy --max 20 --out sub/../bf.txt --b-file bf.txt",
        "octal 0.77 --max 20 --out - --b-file -",
        "tournament chess uniform uniform --games 1 --pgn x.pgn --json x.pgn",
        "tournament --merge p0.json --json p0.json",
        "tournament --merge link.json --json p0.json",
    ] {
        let output = command_in_shell("true", args, folder);
        assert_eq!(output.status.code(), Some(2), "{args}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("same file") || stderr.contains("names one of the inputs"),
            "{args}: {stderr}"
        );
    }
    assert_eq!(std::fs::read(folder.join("p0.json")).unwrap(), kept);
    assert_eq!(files_in(folder), ["link.json", "p0.json", "sub"]);
}

/// Output files get the mode any new file gets, 0666 less the umask (as `cp` and gnubg's
/// `makebearoff` create theirs), not a temporary file's 0600: tried under two umasks.
#[test]
fn output_files_get_the_mode_the_umask_gives() {
    use std::os::unix::fs::PermissionsExt;
    for (umask, mode) in [("022", 0o644), ("077", 0o600), ("002", 0o664)] {
        let scratch_dir = scratch("umask");
        let folder = scratch_dir.path();
        let output = command_in_shell(
            &format!("umask {umask}"),
            "--quiet grundy --max 100 --out values.bin --b-file values.txt",
            folder,
        );
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        let output = command_in_shell(
            &format!("umask {umask}"),
            "--quiet bearoff --two-sided 6x2 --out ts.bd",
            folder,
        );
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        for name in ["values.bin", "values.txt", "ts.bd"] {
            let found = std::fs::metadata(folder.join(name))
                .unwrap()
                .permissions()
                .mode()
                & 0o777;
            assert_eq!(found, mode, "{name} under umask {umask}: {found:o}");
        }
    }
}

/// What a file's header or the command line already tells is refused at once: a check
/// against more checkers than the file holds, a format the completions and the man page
/// cannot take, --work-dir without a two-sided build, and a merge input that is not a piece
/// (named in the error).
#[test]
fn what_the_header_or_the_command_line_tells_is_refused_at_once() {
    let scratch_dir = scratch("early");
    let folder = scratch_dir.path();
    let built = command_in_shell(
        "true",
        "--quiet bearoff --two-sided 6x3 --out ts3.bd",
        folder,
    );
    assert_eq!(built.status.code(), Some(0), "{built:?}");
    std::fs::write(folder.join("bad.json"), "not json").unwrap();
    for (args, said) in [
        (
            "bearoff --check ts3.bd --against 12",
            "holds 3 checkers a side",
        ),
        ("--format json completions bash", "are text"),
        ("--format csv manpage", "are text"),
        (
            "bearoff --one-sided 3 --work-dir . --out os3.bd",
            "cannot be used with",
        ),
        ("tournament --merge bad.json", "bad.json: not a piece"),
    ] {
        let started = Instant::now();
        let output = command_in_shell("true", args, folder);
        assert_eq!(output.status.code(), Some(2), "{args}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(said), "{args}: {stderr}");
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{args}: not at once"
        );
    }
}

/// Starts the command in `folder`, its standard error captured.
fn spawn(args: &[&str], folder: &Path) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_game-analysis"))
        .args(args)
        .current_dir(folder)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Runs the command line `line` (as the stopped line gives it) with sh in `folder`.
fn run_in_shell(line: &str, folder: &Path) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(line)
        .current_dir(folder)
        .output()
        .unwrap()
}

/// Sends `signal` (`TERM`, `INT`) to the child, once `ready` holds or a second has passed.
fn send(signal: &str, child: &std::process::Child, ready: impl Fn() -> bool) {
    let started = Instant::now();
    while !ready() && started.elapsed() < Duration::from_secs(1) {
        std::thread::sleep(Duration::from_millis(10));
    }
    let sent = Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(child.id().to_string())
        .status()
        .unwrap();
    assert!(sent.success());
}

#[test]
fn a_run_stopped_by_sigterm_says_so_and_ends_as_the_signal_ends_it() {
    use std::os::unix::process::ExitStatusExt;
    let scratch = scratch("sigterm");
    let folder = scratch.path();
    // Minutes of work: the signal comes long before its end.
    let child = spawn(&["grundy", "--max", "100000000", "--out", "g.bin"], folder);
    send("TERM", &child, || false);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.signal(), Some(15), "{output:?}");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr).lines().last(),
        Some("game-analysis grundy: stopped by SIGTERM; no output written")
    );
    assert!(files_in(folder).is_empty(), "{:?}", files_in(folder));
}

#[test]
fn a_resumable_run_stopped_by_ctrl_c_gives_the_command_that_resumes_it() {
    use std::os::unix::process::ExitStatusExt;
    let scratch = scratch("sigint");
    let folder = scratch.path();
    let work_dir = folder.join("work dir");
    let args = [
        "--quiet",
        "bearoff",
        "--two-sided",
        "6x8",
        "--work-dir",
        "work dir",
        "--out",
        "ts8.bd",
    ];
    let child = spawn(&args, folder);
    send("INT", &child, || {
        std::fs::read_dir(&work_dir).is_ok_and(|mut entries| entries.next().is_some())
    });
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.signal(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let line = stderr.lines().last().unwrap_or_default();
    let said = "game-analysis bearoff: stopped by SIGINT (Ctrl-C); no output written; the work \
                done is kept in work dir, and `";
    assert!(line.starts_with(said), "{line}");
    let resume = line[said.len()..].strip_suffix("` resumes it").unwrap();
    assert!(resume.ends_with("bearoff --two-sided 6x8 --work-dir 'work dir' --out ts8.bd"));
    assert!(!folder.join("ts8.bd").exists());
    let resumed = run_in_shell(resume, folder);
    assert_eq!(resumed.status.code(), Some(0), "{resumed:?}");
    // 36 bytes of header, then 8 bytes for each of the 3003² pairs of positions.
    let bytes = std::fs::metadata(folder.join("ts8.bd")).unwrap().len();
    assert_eq!(bytes, 72_144_112);
}

/// Ctrl-C in a streamed run with `--checkpoint` saves a last checkpoint before the run ends
/// by the signal; the command the line gives takes the run up and writes the values file
/// of a run never stopped.
#[test]
fn a_streamed_run_stopped_by_ctrl_c_saves_a_checkpoint_first() {
    use std::os::unix::process::ExitStatusExt;
    let scratch = scratch("stream-sigint");
    let folder = scratch.path();
    let max = "4000000";
    let whole = Command::new(env!("CARGO_BIN_EXE_game-analysis"))
        .args(["-q", "grundy", "--max", max, "--out", "whole.bin"])
        .current_dir(folder)
        .output()
        .unwrap();
    assert!(whole.status.success(), "{whole:?}");
    let args = [
        "-q",
        "grundy",
        "--max",
        max,
        "--stream",
        "--front",
        "131072",
        "--checkpoint",
        "run.ckpt",
        "--out",
        "streamed.bin",
    ];
    let child = spawn(&args, folder);
    // Past the front, where a checkpoint can be taken: more than 2^18 values written.
    send("INT", &child, || {
        std::fs::metadata(folder.join("streamed.bin")).is_ok_and(|file| file.len() > 1 << 19)
    });
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.signal(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let line = stderr.lines().last().unwrap_or_default();
    let said = "game-analysis grundy: stopped by SIGINT (Ctrl-C); wrote streamed.bin before it; \
                the work done is kept in run.ckpt, and `";
    assert!(line.starts_with(said), "{stderr}");
    let written = std::fs::metadata(folder.join("streamed.bin"))
        .unwrap()
        .len();
    assert!(
        written < 2 * 4_000_001,
        "the run was not stopped: {written} bytes"
    );
    let resume = line[said.len()..].strip_suffix("` resumes it").unwrap();
    let resumed = run_in_shell(resume, folder);
    assert_eq!(resumed.status.code(), Some(0), "{resumed:?}");
    let read = |name: &str| std::fs::read(folder.join(name)).unwrap();
    assert_eq!(read("streamed.bin"), read("whole.bin"));
}

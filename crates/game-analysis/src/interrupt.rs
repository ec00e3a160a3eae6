//! A run stopped by Ctrl-C (SIGINT) or SIGTERM says so in one line on standard error: the
//! subcommand stopped, the output files it had already written whole, and, for a run that
//! keeps its work (`--work-dir`), the command that resumes it. The hidden partial files of
//! the writes in progress are removed first ([`durable::remove_partial_files`]); then the
//! process ends as the signal would have ended it, so that a shell still sees status 130 or
//! 143.
//!
//! A run that can save its state first ([`save_first`]: a streamed run with a checkpoint)
//! is not ended at once: the first signal raises its [`StopSignal`], the run saves a last
//! checkpoint at its next step and returns, and [`end_if_signalled`] then says so and ends
//! the process as above. A second signal ends it at once.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use game_core::durable;
use game_core::stop::StopSignal;
use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// What the line tells of the run, filled in as it goes.
#[derive(Debug, Default)]
struct Run {
    /// The subcommand, `grundy`.
    subcommand: String,
    /// The output files written whole so far.
    written: Vec<PathBuf>,
    /// Where the run keeps the work a new run of the same command resumes from.
    work_dir: Option<PathBuf>,
    /// What a signal raises, for a run that saves its state before it ends.
    save_first: Option<StopSignal>,
    /// The signal that asked such a run to stop.
    received: Option<i32>,
}

static RUN: Mutex<Run> = Mutex::new(Run {
    subcommand: String::new(),
    written: Vec::new(),
    work_dir: None,
    save_first: None,
    received: None,
});

fn run() -> MutexGuard<'static, Run> {
    RUN.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Watches for SIGINT and SIGTERM on a thread of its own while `subcommand` runs.
///
/// # Errors
///
/// The system's error when the signals cannot be watched.
pub fn watch(subcommand: &str) -> std::io::Result<()> {
    run().subcommand = subcommand.to_owned();
    let mut signals = Signals::new([SIGINT, SIGTERM])?;
    std::thread::spawn(move || {
        for signal in signals.forever() {
            if !ask_to_save_first(signal) {
                stop(signal);
            }
        }
    });
    Ok(())
}

/// On the first signal of a run that saves its state first: raises its stop signal, says
/// so, and returns true; else false.
fn ask_to_save_first(signal: i32) -> bool {
    let mut run = run();
    let (Some(stop_signal), None) = (&run.save_first, run.received) else {
        return false;
    };
    stop_signal.raise();
    run.received = Some(signal);
    let _ = writeln!(
        std::io::stderr(),
        "{}game-analysis {}: {}: saving a checkpoint, then stopping (again to stop at once)",
        clear_line(),
        run.subcommand,
        signal_name(signal)
    );
    true
}

/// Lets the run save its state before a signal ends it: the first SIGINT or SIGTERM raises
/// `signal` instead, and the run calls [`end_if_signalled`] once it has saved.
pub fn save_first(signal: StopSignal) {
    run().save_first = Some(signal);
}

/// Ends the process as [`watch`] would have, if a signal asked a run registered with
/// [`save_first`] to stop; else returns.
pub fn end_if_signalled() {
    let received = run().received;
    if let Some(signal) = received {
        stop(signal);
    }
}

/// Records an output file written whole, for the line of a run stopped later.
pub fn wrote(path: &Path) {
    run().written.push(path.to_path_buf());
}

/// Records that the run keeps its work in `work_dir`, where the same command resumes it.
pub fn keeps_work_in(work_dir: &Path) {
    run().work_dir = Some(work_dir.to_path_buf());
}

/// Removes the partial files, says what stopped, and ends the process by `signal`.
fn stop(signal: i32) {
    durable::remove_partial_files();
    let command: Vec<String> = std::env::args_os()
        .map(|arg| arg.to_string_lossy().into_owned())
        .collect();
    // One lock for both: the mutex is not reentrant.
    let run = run();
    let line = stopped(signal_name(signal), &run, &command, work_is_kept(&run));
    drop(run);
    let _ = writeln!(std::io::stderr(), "{}{line}", clear_line());
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    std::process::exit(128 + signal);
}

/// Whether the run's work place holds work to resume from: its checkpoint file exists, or
/// its work folder holds a file.
fn work_is_kept(run: &Run) -> bool {
    run.work_dir.as_deref().is_some_and(|place| {
        place.is_file()
            || std::fs::read_dir(place).is_ok_and(|mut entries| entries.next().is_some())
    })
}

/// What clears a progress bar's line first on a terminal, so that a line stands on its own.
fn clear_line() -> &'static str {
    if std::io::stderr().is_terminal() {
        "\r\x1b[2K"
    } else {
        ""
    }
}

fn signal_name(signal: i32) -> &'static str {
    match signal {
        SIGINT => "SIGINT (Ctrl-C)",
        _ => "SIGTERM",
    }
}

/// The line of a run stopped by the signal `signal`, started as `command`; `kept` when
/// its work place holds work to resume from.
fn stopped(signal: &str, run: &Run, command: &[String], kept: bool) -> String {
    let written = if run.written.is_empty() {
        "no output written".to_owned()
    } else {
        let files: Vec<String> = run
            .written
            .iter()
            .map(|path| path.display().to_string())
            .collect();
        format!("wrote {} before it", files.join(", "))
    };
    let resume = match &run.work_dir {
        Some(dir) if kept => {
            let command: Vec<String> = command.iter().map(|arg| shell_word(arg)).collect();
            format!(
                "; the work done is kept in {}, and `{}` resumes it",
                dir.display(),
                command.join(" ")
            )
        }
        Some(dir) => format!("; nothing was kept in {} yet", dir.display()),
        None => String::new(),
    };
    format!(
        "game-analysis {}: stopped by {signal}; {written}{resume}",
        run.subcommand
    )
}

/// `word` as a POSIX shell reads it back: as it is when it holds nothing the shell treats
/// specially, else in single quotes.
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split(' ').map(str::to_owned).collect()
    }

    #[test]
    fn a_run_that_wrote_nothing_says_so() {
        let run = Run {
            subcommand: "grundy".to_owned(),
            ..Run::default()
        };
        assert_eq!(
            stopped(
                "SIGTERM",
                &run,
                &args("game-analysis grundy --max 100"),
                false
            ),
            "game-analysis grundy: stopped by SIGTERM; no output written"
        );
    }

    #[test]
    fn a_run_names_the_files_it_wrote_whole() {
        let run = Run {
            subcommand: "grundy".to_owned(),
            written: vec![PathBuf::from("values.bin"), PathBuf::from("b.txt")],
            ..Run::default()
        };
        assert_eq!(
            stopped("SIGINT (Ctrl-C)", &run, &[], false),
            "game-analysis grundy: stopped by SIGINT (Ctrl-C); wrote values.bin, b.txt before it"
        );
    }

    #[test]
    fn a_resumable_run_gives_the_command_that_resumes_it() {
        let run = Run {
            subcommand: "bearoff".to_owned(),
            work_dir: Some(PathBuf::from("my work")),
            ..Run::default()
        };
        let command = [
            "game-analysis",
            "bearoff",
            "--two-sided",
            "6x15",
            "--work-dir",
            "my work",
            "--out",
            "gnubg_ts.bd",
        ]
        .map(str::to_owned);
        assert_eq!(
            stopped("SIGTERM", &run, &command, false),
            "game-analysis bearoff: stopped by SIGTERM; no output written; nothing was kept in my \
             work yet"
        );
        assert_eq!(
            stopped("SIGTERM", &run, &command, true),
            "game-analysis bearoff: stopped by SIGTERM; no output written; the work done is kept \
             in my work, and `game-analysis bearoff --two-sided 6x15 --work-dir 'my work' --out \
             gnubg_ts.bd` resumes it"
        );
    }

    #[test]
    fn a_word_the_shell_would_split_or_expand_is_quoted() {
        assert_eq!(shell_word("6x15"), "6x15");
        assert_eq!(shell_word("/tmp/a.bd"), "/tmp/a.bd");
        assert_eq!(shell_word(""), "''");
        assert_eq!(shell_word("a b"), "'a b'");
        assert_eq!(shell_word("$HOME"), "'$HOME'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
    }
}

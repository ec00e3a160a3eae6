//! The command line, declared once: clap parses it strictly (an unknown, repeated or
//! contradictory flag, or a number out of range, is an error before any work) and writes
//! `cargo xtask help` and each task's `--help` from the same declarations.

use clap::{Parser, Subcommand};

use crate::commands::{
    dist, generate, grundy_record, hypergammon, mobility, octal_open, octal_record, race_formulas,
    tournament, verify_tables,
};
use crate::figures;

/// Workspace tasks: the published numbers recomputed, the generated docs drawn, and the
/// long runs whose results the docs keep. The computations a user runs are the
/// `game-analysis` command.
#[derive(Debug, Parser)]
#[command(
    name = "cargo xtask",
    bin_name = "cargo xtask",
    arg_required_else_help = true,
    after_help = "Exit status: 0 when the task succeeded; 1 when verify-tables found a failed \
                  or stale-erratum row, or a check found generated docs out of date; 2 on \
                  an error (a bad command line, a file that cannot be written, a computation \
                  that cannot be done)."
)]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

/// A task and its options.
#[derive(Debug, Subcommand)]
pub enum Task {
    /// Recompute every published number and compare it with the paper.
    VerifyTables(verify_tables::Args),
    /// Draw every generated table of the docs and every figure, or check them (--check).
    Generate(generate::Args),
    /// Draw every figure into docs/figures/SOURCE/NAME.svg from the library crates.
    Figures(figures::Args),
    /// The octal games a published list counts unsolved, each as far as a time budget allows.
    OctalOpen(octal_open::Args),
    /// Keep an octal game's proven period in docs/data/octal-records.json.
    OctalRecord(octal_record::Args),
    /// Carry the kept run of Grundy's game toward 2^36 heaps on for a while.
    GrundyRecord(grundy_record::Args),
    /// Play the kept tournament runs again: the grid of lines, or the chess lines.
    Tournament(tournament::Args),
    /// Measure the kept mobility grid again.
    Mobility(mobility::Args),
    /// Judge the race formulas over the complete bear-off database and keep the judgement.
    RaceFormulas(race_formulas::Args),
    /// Solve hypergammon with three checkers a side and keep its summary for the docs.
    Hypergammon(hypergammon::Args),
    /// Write the release's artefacts to target/dist/: the crates' packages, the Python
    /// wheel, the command's archive and their SHA256SUMS, the same bytes on every run.
    Dist(dist::Args),
}

/// The task of the command line `args` (without the program's name): what the tests read.
///
/// # Errors
///
/// clap's error, which prints the usage (or the help asked for) with its exit status.
#[cfg(test)]
pub fn parse(args: &[&str]) -> Result<Task, clap::Error> {
    Cli::try_parse_from(std::iter::once("xtask").chain(args.iter().copied())).map(|cli| cli.task)
}

/// The task of this process's command line.
///
/// # Errors
///
/// As `parse`.
pub fn from_env() -> Result<Task, clap::Error> {
    Cli::try_parse().map(|cli| cli.task)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::Strategy;

    use super::*;

    #[test]
    fn the_declarations_are_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    /// Words a command line is made of: every task and flag, and values at and beyond the
    /// bounds, paths that cannot be written, and junk.
    const WORDS: [&str; 31] = [
        "verify-tables",
        "generate",
        "mobility",
        "octal-open",
        "octal-record",
        "0.77",
        "figures",
        "tournament",
        "race-formulas",
        "dist",
        "help",
        "--paper",
        "--json",
        "--write-docs",
        "--check-docs",
        "--full",
        "--max",
        "--check",
        "--games",
        "--grid",
        "--chess-grid",
        "--keep",
        "--budget",
        "--only",
        "--help",
        "0",
        "-1",
        "4294967295",
        "/dev/full",
        "/no/such/x",
        "",
    ];

    proptest::proptest! {
        /// Any command line gives a task or clap's error: parsing never panics, whatever
        /// the words (the tasks' own checks run after it, each with a typed error).
        #[test]
        fn any_command_line_parses_or_is_refused(
            words in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::sample::select(&WORDS[..]).prop_map(str::to_owned),
                    ".{0,12}",
                ],
                0..8,
            )
        ) {
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let _ = parse(&words);
        }
    }

    #[test]
    fn an_unknown_task_or_none_is_an_error() {
        assert!(parse(&["frobnicate"]).is_err());
        assert!(parse(&[]).is_err());
        assert!(matches!(
            parse(&["figures", "--check"]),
            Ok(Task::Figures(_))
        ));
        assert!(matches!(
            parse(&["generate", "--check"]),
            Ok(Task::Generate(_))
        ));
        for moved in ["grundy", "octal", "misere-quotient", "bearoff"] {
            assert!(parse(&[moved, "--help"]).is_err(), "{moved}");
        }
    }
}

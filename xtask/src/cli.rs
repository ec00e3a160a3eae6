//! The command line, declared once: clap parses it strictly (an unknown, repeated or
//! contradictory flag, or a number out of range, is an error before any work) and writes
//! `cargo xtask help` and each task's `--help` from the same declarations.

use clap::{Parser, Subcommand};

use crate::commands::{
    bearoff, grundy, misere_quotient, mobility, octal, octal_open, race_formulas, tournament,
    verify_tables,
};
use crate::figures;

/// Workspace tasks: the published numbers recomputed, the figures drawn, and the
/// computations past the papers.
#[derive(Debug, Parser)]
#[command(
    name = "cargo xtask",
    bin_name = "cargo xtask",
    arg_required_else_help = true,
    after_help = "Exit status: 0 when the task succeeded; 1 when verify-tables found a failed \
                  or stale-erratum row, or a --check found generated files out of date; 2 on \
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
    /// Nim-values of Grundy's game at scale, or misère outcomes of single heaps.
    Grundy(grundy::Args),
    /// Nim-values of any octal game at scale, with the period they prove.
    Octal(octal::Args),
    /// The octal games a published list counts unsolved, each as far as a time budget allows.
    OctalOpen(octal_open::Args),
    /// The misère quotient of an octal game or Grundy's game, and whether it is final.
    MisereQuotient(misere_quotient::Args),
    /// Draw every figure into docs/figures/SOURCE/NAME.svg from the library crates.
    Figures(figures::Args),
    /// Random-minimax players in real games: one line of games, or the whole grid.
    Tournament(tournament::Args),
    /// Levene and Fenner's explanation measured: the mobility a player's choices leave.
    Mobility(mobility::Args),
    /// GNU Backgammon's two-sided bear-off file, the same bytes as `makebearoff -t 6xC`.
    Bearoff(bearoff::Args),
    /// The race formulas judged against the exact two-sided bear-off database.
    RaceFormulas(race_formulas::Args),
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
    const WORDS: [&str; 50] = [
        "verify-tables",
        "mobility",
        "--merge",
        "--first-game",
        "chess",
        "material+random:3",
        "grundy",
        "octal",
        "0.77",
        "--until-proven",
        "misere-quotient",
        "--max-heap",
        "figures",
        "tournament",
        "bearoff",
        "race-formulas",
        "help",
        "--paper",
        "--json",
        "--write-docs",
        "--check-docs",
        "--full",
        "--max",
        "--out",
        "--misere",
        "--threads",
        "--check",
        "--games",
        "--alpha",
        "--seed",
        "--full-width",
        "--grid",
        "--two-sided",
        "--checkers",
        "--help",
        "connect-four",
        "paper:2",
        "zero:9",
        "6x6",
        "6x13",
        "0",
        "1",
        "-1",
        "159",
        "4294967295",
        "99999999999999999999",
        "/dev/full",
        "/no/such/x",
        "grundy",
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
    }
}

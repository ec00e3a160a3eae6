//! The command line, declared once: clap parses it strictly (an unknown, repeated or
//! contradictory flag, or a number out of range, is an error before any work) and writes
//! `--help`, the shell completions and the man page from the same declarations.

use clap::{CommandFactory, Parser, Subcommand};

use crate::commands::{
    bearoff, grundy, hypergammon, misere_quotient, mobility, octal, position, race_formulas,
    reference, tournament,
};
use crate::format::Format;

/// Computations on the games of five classic papers and past them: nim-values of Grundy's
/// game and of every octal game, misère quotients, GNU Backgammon's bear-off and
/// hypergammon databases,
/// random-minimax tournaments and mobility in real games, and the race formulas judged
/// against the exact bear-off database.
#[derive(Debug, Parser)]
#[command(
    name = "game-analysis",
    version,
    arg_required_else_help = true,
    after_help = "Results go to standard output (--format text, json or csv), progress to \
                  standard error. Exit status: 0 when the command succeeded; 1 when a checked \
                  file failed its check; 2 on an error (a bad command line, a file that \
                  cannot be written, a computation that cannot be done). Stopped by Ctrl-C \
                  or SIGTERM, a run says on standard error what it kept (and, with \
                  --work-dir or --checkpoint, the command that resumes it) and ends by the \
                  signal; a streamed run with --checkpoint saves a last checkpoint first."
)]
pub struct Cli {
    /// The results' format: text for a reader, json (one object a run) or csv (a header,
    /// then a row a record).
    #[arg(long, global = true, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// No progress on standard error.
    #[arg(long, short, global = true)]
    pub quiet: bool,
    /// The computation.
    #[command(subcommand)]
    pub command: Command,
}

/// A subcommand and its options.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Nim-values of Grundy's game at scale, or misère outcomes of single heaps.
    Grundy(grundy::Args),
    /// Nim-values of any octal game at scale, with the period they prove.
    Octal(octal::Args),
    /// The misère quotient of an octal game or Grundy's game, and whether it is final.
    MisereQuotient(misere_quotient::Args),
    /// GNU Backgammon's bear-off databases (one-sided, two-sided), built or checked.
    Bearoff(bearoff::Args),
    /// Hypergammon solved with the doubling cube, in GNU Backgammon's layout.
    Hypergammon(hypergammon::Args),
    /// One position asked of an exact database, from a gnubg ID or an XGID: its chances,
    /// equities, cube action, market window and best plays.
    Position(position::Args),
    /// Random-minimax players in real games: a line of games, a piece of one, or a merge.
    Tournament(tournament::Args),
    /// Levene and Fenner's explanation measured: the mobility a player's choices leave.
    Mobility(mobility::Args),
    /// The race formulas judged against the exact two-sided bear-off database.
    RaceFormulas(race_formulas::Args),
    /// Shell completions for game-analysis, on standard output.
    Completions(reference::CompletionsArgs),
    /// The man page game-analysis(1) in roff, on standard output.
    Manpage,
}

/// The command line's declarations, for completions and the man page.
pub fn command() -> clap::Command {
    Cli::command()
}

/// The subcommand of the command line `args` (without the program's name): what the tests
/// read.
///
/// # Errors
///
/// clap's error, which prints the usage (or the help asked for) with its exit status.
#[cfg(test)]
pub fn parse(args: &[&str]) -> Result<Command, clap::Error> {
    Cli::try_parse_from(std::iter::once("game-analysis").chain(args.iter().copied()))
        .map(|cli| cli.command)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::Strategy;

    use super::*;

    #[test]
    fn the_declarations_are_consistent() {
        Cli::command().debug_assert();
    }

    /// Words a command line is made of: every subcommand and flag, and values at and beyond
    /// the bounds, paths that cannot be written, and junk.
    const WORDS: [&str; 50] = [
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
        "tournament",
        "bearoff",
        "hypergammon",
        "--dance",
        "race-formulas",
        "completions",
        "manpage",
        "bash",
        "help",
        "--json",
        "--pgn",
        "--b-file",
        "--format",
        "csv",
        "--quiet",
        "--max",
        "--out",
        "--misere",
        "--threads",
        "--check",
        "--games",
        "--alpha",
        "--seed",
        "--full-width",
        "--two-sided",
        "--checkers",
        "--help",
        "connect-four",
        "paper:2",
        "zero:9",
        "6x6",
        "6x13",
        "0",
        "-1",
        "159",
        "4294967295",
        "/dev/full",
        "/no/such/x",
        "",
    ];

    proptest::proptest! {
        /// Any command line gives a subcommand or clap's error: parsing never panics,
        /// whatever the words (the commands' own checks run after it, each with a typed
        /// error).
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
    fn an_unknown_subcommand_or_none_is_an_error() {
        assert!(parse(&["frobnicate"]).is_err());
        assert!(parse(&[]).is_err());
        assert!(matches!(
            parse(&["--format", "json", "octal", "0.77", "--max", "5"]),
            Ok(Command::Octal(_))
        ));
        assert!(matches!(
            parse(&["octal", "0.77", "--max", "5", "--format", "csv", "-q"]),
            Ok(Command::Octal(_))
        ));
        assert!(parse(&["octal", "0.77", "--max", "5", "--format", "xml"]).is_err());
    }
}

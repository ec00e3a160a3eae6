//! `game-analysis`: the computations of the game-analysis crates as a program a
//! researcher installs and runs, its results in the formats the field reads.
//!
//! | subcommand | computes | with |
//! |---|---|---|
//! | `grundy` | nim-values of Grundy's game to billions of heaps; misère outcomes of single heaps | `nim_games::grundys_game` |
//! | `octal` | nim-values of any octal game, and the period they prove | `nim_games::octal` |
//! | `misere-quotient` | Plambeck and Siegel's misère quotient, and whether it is final | `nim_games::misere_quotient` |
//! | `bearoff` | GNU Backgammon's one- and two-sided bear-off databases, to the complete 6 × 15 | `backgammon_cube::gnubg` |
//! | `hypergammon` | hypergammon of one to three checkers a side solved with the cube, in gnubg's layout | `backgammon_cube::hypergammon` |
//! | `position` | one position from a gnubg ID or an XGID: chances, equities, cube action, plays ranked | `backgammon_cube::query` |
//! | `tournament` | random-minimax players in chess, Connect-Four, Domineering and Othello | `minimax_random::tournament` |
//! | `mobility` | the replies and own moves a player's choices leave | `minimax_random::mobility` |
//! | `race-formulas` | the race rules of thumb judged against the exact bear-off database | `backgammon_cube::race_formulas` |
//!
//! Results go to standard output as text, JSON (one object a run) or CSV (`--format`);
//! nim-values also to OEIS b-files (`--b-file`) and chess games to PGN (`--pgn`). Every
//! output file is checked before the work and written whole or not at all
//! ([`output::OutputFile`]); progress goes to standard error ([`progress::Progress`]).
//!
//!
//! This file reads the command line and runs the subcommand; each subcommand's module in
//! `commands/` declares its arguments, calls the library crates and prints what they give.

mod cli;
mod commands;
mod error;
mod format;
mod interrupt;
mod output;
mod progress;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};

use error::Result;
use format::Format;

/// What every subcommand is told besides its own arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The format of the results on standard output.
    pub format: Format,
    /// No progress on standard error.
    pub quiet: bool,
}

impl Options {
    /// Text results and no progress: what a test or a library caller wants.
    #[cfg(test)]
    pub fn quiet() -> Options {
        Options {
            format: Format::Text,
            quiet: true,
        }
    }

    /// A line for a reader beside the results (a file written): on standard output with
    /// the text results, on standard error with JSON or CSV (so that standard output stays
    /// one document), and nowhere when quiet.
    pub fn note(&self, line: String) {
        match self.format {
            // A closed standard output loses the note, as it loses the results.
            Format::Text => {
                let _ = output::write_stdout(format!("{line}\n").as_bytes());
            }
            _ if self.quiet => {}
            _ => eprintln!("{line}"),
        }
    }
}

/// Runs the subcommand of `cli`: `Ok(false)` when a checked file failed its check.
///
/// # Errors
///
/// The subcommand's [`error::Error`].
pub fn run(cli: &cli::Cli) -> Result<bool> {
    use cli::Command;
    let options = Options {
        format: cli.format,
        quiet: cli.quiet,
    };
    match &cli.command {
        Command::Grundy(args) => commands::grundy::run(args, &options)?,
        Command::Octal(args) => commands::octal::run(args, &options)?,
        Command::MisereQuotient(args) => commands::misere_quotient::run(args, &options)?,
        Command::Bearoff(args) => return commands::bearoff::run(args, &options),
        Command::Hypergammon(args) => commands::hypergammon::run(args, &options)?,
        Command::Position(args) => commands::position::run(args, &options)?,
        Command::Tournament(args) => commands::tournament::run(args, &options)?,
        Command::Mobility(args) => commands::mobility::run(args, &options)?,
        Command::RaceFormulas(args) => commands::race_formulas::run(args, &options)?,
        Command::Completions(_) | Command::Manpage if cli.format != Format::Text => {
            return Err(error::Error::Usage(format!(
                "--format {}: the completions and the man page are text",
                clap::ValueEnum::to_possible_value(&cli.format)
                    .map_or_else(String::new, |value| value.get_name().to_owned())
            )));
        }
        Command::Completions(args) => commands::reference::completions(args, cli::command())?,
        Command::Manpage => commands::reference::print_manpage(cli::command())?,
    }
    Ok(true)
}

fn main() -> ExitCode {
    let parsed = cli::Cli::command()
        .try_get_matches()
        .and_then(|matches| Ok((cli::Cli::from_arg_matches(&matches)?, matches)));
    let (cli, matches) = match parsed {
        Ok(parsed) => parsed,
        Err(error) => {
            // Help and usage errors alike: clap prints them and knows their status.
            let _ = error.print();
            return ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
        }
    };
    if let Err(error) = interrupt::watch(matches.subcommand_name().unwrap_or_default()) {
        eprintln!("error: cannot watch for Ctrl-C and SIGTERM: {error}");
        return ExitCode::from(2);
    }
    match run(&cli) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}

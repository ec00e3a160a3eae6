//! `game-analysis`: reads the command line and runs the subcommand (the library's
//! [`game_analysis::run`]).

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = match game_analysis::cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            // Help and usage errors alike: clap prints them and knows their status.
            let _ = error.print();
            return ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
        }
    };
    match game_analysis::run(&cli) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}

//! `game-analysis tournament`: the kept tournament runs — the grid of lines in four games and
//! Beal and Smith's chess lines — played again into `docs/data/` with their tables in
//! `docs/levene-fenner.md`. A single line is `game-analysis tournament`.

mod chess;
mod grid;

use std::path::Path;

use minimax_random::tournament::MAX_GAMES;

use game_core::durable::OutputFile;

use crate::commands::parse_output_file;

use crate::error::Result;

pub use chess::{CHESS_TABLES, chess_tables};
pub use grid::{GRID_TABLES, tables as grid_tables};

/// Plays a kept run of lines again: the whole grid, or the chess lines.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("run").required(true).args(["grid", "chess_grid"])))]
pub struct Args {
    /// The grid of lines in Connect-Four, Domineering and Othello (3,000 games a line,
    /// 1,500 on 8x8 Domineering): writes docs/data/levene-fenner-tournaments.json and its
    /// tables in docs/levene-fenner.md.
    #[arg(long, conflicts_with = "chess_grid")]
    grid: bool,
    /// Beal and Smith's experiments (a)–(d) in chess to depth 4 (1,000 games a line):
    /// writes docs/data/levene-fenner-chess.json and their tables in docs/levene-fenner.md.
    #[arg(long)]
    chess_grid: bool,
    /// N, the games of every line, for a trial that writes to --json only.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES), requires = "json")]
    games: Option<u64>,
    /// Write the results to PATH instead of the kept file and the docs (a trial).
    #[arg(long, value_name = "PATH", value_parser = parse_output_file)]
    json: Option<OutputFile>,
}

/// Runs the task: the chess lines with `--chess-grid`, else the grid (clap asks for one).
pub fn run(args: &Args, docs: &Path) -> Result<bool> {
    if args.chess_grid {
        chess::run_chess_grid(args.games, args.json.as_ref(), docs)?;
    } else {
        grid::run_grid(args.games, args.json.as_ref(), docs)?;
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tournament(text: &str) -> std::result::Result<Args, String> {
        let words: Vec<&str> = ["tournament"]
            .into_iter()
            .chain(text.split_whitespace())
            .collect();
        match crate::cli::parse(&words) {
            Ok(crate::cli::Task::Tournament(args)) => Ok(args),
            Ok(_) => Err("another task".to_owned()),
            Err(error) => Err(error.to_string()),
        }
    }

    #[test]
    fn a_run_is_the_grid_or_the_chess_lines_and_a_trial_needs_json() {
        assert!(tournament("--grid").unwrap().grid);
        assert!(tournament("--chess-grid --games 2 --json /tmp/x.json").is_ok());
        for bad in [
            "",
            "--grid --chess-grid",
            "--grid --games 10",
            "connect-four paper:1 paper:2 --games 2",
            "--grid --seed 3",
        ] {
            assert!(tournament(bad).is_err(), "{bad}");
        }
    }
}

//! Workspace tasks, run as `cargo xtask <task>` from anywhere in the workspace. This file
//! only reads the task's name and hands the rest of the command line to it.
//!
//! `verify-tables` recomputes every published number of the sources with the library
//! crates and compares it with the print: the transcriptions are data
//! (`src/sources/<source>/transcription.toml`), the computations library calls
//! (`src/sources/`), the comparison the engine in `src/verify/` (see docs/architecture.md).

mod commands;
mod error;
mod figures;
mod sources;
mod verify;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use commands::{bearoff, grundy, race_formulas, tournament, verify_tables};
use error::Error;

const USAGE: &str = "\
usage: cargo xtask <task>

tasks:
  verify-tables [options]  recompute every published number and compare it with the paper
      --paper NAME         only this paper (johnson1970, levene-fenner, dotsenko-marynych,
                           matches, grundy)
      --json PATH          write every row as JSON to PATH
      --write-docs         regenerate docs/reproduction/<paper>.md from the rows
      --check-docs         fail if docs/reproduction/ is not what --write-docs would write
      --full               run the Monte Carlo rows with their large samples
  grundy --max N [--out PATH] [--threads 1|2]
                           nim-values of Grundy's game for every heap 0..=N by the
                           rare/common method on two threads (or one: the values are
                           the same); prints progress, the rare heaps and the
                           P-positions found. --out writes G(0), G(1), ..., G(N) to
                           PATH as little-endian u16, 2(N+1) bytes, no header.
  grundy --misere --max N  misère outcomes of single heaps 1..=N (N <= 159), each with a
                           winning split, from a table of every position with at most
                           N live matches (retrograde analysis, one bit per position)
  figures [--check]        draw every figure into docs/figures/<paper>/<name>.svg from the
                           library crates; --check fails if a committed figure differs
  tournament GAME PLAYER_A PLAYER_B --games N [--alpha K] [--seed S] [--json PATH]
             [--full-width]
                           random-minimax players A and B play N games of GAME
                           (connect-four, domineering-6x6, domineering-8x8, othello-6x6),
                           A first in the even-numbered games, game i from stream i of the
                           seed (default 1995); a player is EVALUATION:DEPTH with
                           EVALUATION paper, random or zero; alpha defaults to 2^61.
                           Prints the result as JSON (--json also writes it);
                           --full-width searches every leaf instead of alpha-beta
  tournament --grid [--games N --json PATH]
                           the whole grid of lines (3,000 games a line, 1,500 on 8x8
                           Domineering); writes docs/data/levene-fenner-tournaments.json
                           and the tables in docs/levene-fenner.md. With --games, a
                           trial: its results go to --json PATH only
  tournament --write-docs  write the tables in docs/levene-fenner.md from the kept results
  tournament --check-docs  fail if the tables in docs/levene-fenner.md are not those the
                           kept results give
  bearoff --two-sided 6xC --out PATH
                           GNU Backgammon's two-sided bear-off file for C checkers a
                           side on the six home points, the same bytes as gnubg's
                           `makebearoff -t 6xC -f PATH`
  race-formulas [--checkers C]
                           the race formulas (Keith, Thorp, 8-9-12, Kleinman, the
                           effective pip count, Janowski, the paper's approximations)
                           judged against the exact two-sided bear-off database of C
                           checkers a side (default 8): Markdown tables
  race-formulas --write-docs
                           write the 6 x 8 tables into docs/dotsenko-marynych.md
  race-formulas --check-docs
                           fail if the tables in docs/dotsenko-marynych.md are not
                           those the library computes
  help                     this text

verify-tables exits non-zero when a row is `failed` (an undeclared disagreement, or a
value the library could not compute) or `stale-erratum` (a declared erratum that agrees).";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let docs = workspace_dir().join("docs");
    let result = match args.first().map(String::as_str) {
        Some("verify-tables") => verify_tables::run(&args[1..], &docs.join("reproduction")),
        Some("grundy") => grundy::run(&args[1..]).map(|()| true),
        Some("figures") => figures::run(&args[1..], &docs),
        Some("bearoff") => bearoff::run(&args[1..]).map(|()| true),
        Some("race-formulas") => race_formulas::run(&args[1..], &docs),
        Some("tournament") => tournament::run(&args[1..], &docs),
        Some("help" | "--help" | "-h") | None => {
            println!("{USAGE}");
            Ok(true)
        }
        Some(other) => Err(Error::Usage(format!("unknown task {other:?}\n\n{USAGE}"))),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}

/// The workspace this xtask was built in.
fn workspace_dir() -> PathBuf {
    let xtask_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    xtask_dir.parent().unwrap_or(xtask_dir).to_path_buf()
}

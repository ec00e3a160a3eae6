//! `cargo xtask tournament`: random-minimax players against each other in real games —
//! Beal and Smith's experiment and Levene and Fenner's model — one line, a piece of a line
//! or the merge of pieces, or the whole grid with its tables in `docs/levene-fenner.md`.

mod chess;
mod grid;
mod line;

use std::path::{Path, PathBuf};

use minimax_random::player::{MAX_ALPHA, RandomMinimax};
use minimax_random::tournament::{MAX_DEPTH, MAX_FIRST_GAME, MAX_GAMES, TournamentGame};

use crate::commands::output::{OutputFile, parse_output_file};
use crate::error::{Error, LibraryResult, Result};

use chess::{CHESS_TABLES, chess_tables, run_chess_grid};
use grid::{run_grid, write_tables};
use line::{Line, merge, play, print_result};

pub use chess::{experiment_of, in_issue_order, read_chess};
pub use grid::read_grid;
pub use line::{LineResult, alpha_name};

/// The seed of every line unless `--seed` says otherwise (the year of Beal and Smith's
/// report on random evaluations).
pub const DEFAULT_SEED: u64 = 1995;

/// The games the players meet in, by their names ([`TournamentGame::name`]).
pub fn game_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(TournamentGame::ALL.map(TournamentGame::name))
}

/// The modes that exclude a line's options.
const NOT_A_LINE: [&str; 5] = ["grid", "chess_grid", "write_docs", "check_docs", "merge"];

/// `cargo xtask tournament`: random-minimax players A and B play N games of GAME, A first
/// in the even-numbered games, game i from stream i of the seed. A player is
/// EVALUATION:DEPTH with EVALUATION paper, random or zero and DEPTH 1 to 8. The result
/// is printed as JSON.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game.
    #[arg(value_parser = game_names(), required_unless_present_any = NOT_A_LINE)]
    game: Option<String>,
    /// Player A, EVALUATION:DEPTH.
    #[arg(value_name = "PLAYER_A", value_parser = checked_player, required_unless_present_any = NOT_A_LINE)]
    a: Option<String>,
    /// Player B, EVALUATION:DEPTH.
    #[arg(value_name = "PLAYER_B", value_parser = checked_player, required_unless_present_any = NOT_A_LINE)]
    b: Option<String>,
    /// N, the games of the line, 1 to 1,000,000 (with --grid: of every line, a trial that
    /// needs --json).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES), required_unless_present_any = NOT_A_LINE)]
    games: Option<u64>,
    /// α, the leaf scores' range 1..=α (default 2^61, effectively continuous).
    #[arg(long, value_name = "K", default_value_t = MAX_ALPHA, value_parser = clap::value_parser!(u64).range(1..=MAX_ALPHA))]
    alpha: u64,
    /// The seed of the line's games.
    #[arg(long, value_name = "S", default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Play the piece of the line from game K (games K to K + N − 1, each from its own
    /// stream of the seed); pieces that follow each other merge exactly (--merge).
    #[arg(long, value_name = "K", default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=MAX_FIRST_GAME), conflicts_with = "full_width")]
    first_game: u64,
    /// Merge the JSON of pieces of one line (written with --json) into the line's result,
    /// the same bytes as the line played at once.
    #[arg(long, value_name = "PIECE", num_args = 1.., conflicts_with_all = ["game", "a", "b", "games", "alpha", "seed", "first_game", "full_width", "grid", "write_docs", "check_docs"])]
    merge: Vec<PathBuf>,
    /// Also write the result as JSON to PATH.
    #[arg(long, value_name = "PATH", value_parser = parse_output_file, conflicts_with_all = ["write_docs", "check_docs"])]
    json: Option<OutputFile>,
    /// Both players search every leaf instead of alpha-beta.
    #[arg(long)]
    full_width: bool,
    /// The whole grid of lines (3,000 games a line, 1,500 on 8x8 Domineering): writes
    /// docs/data/levene-fenner-tournaments.json and the tables in docs/levene-fenner.md.
    #[arg(long, conflicts_with_all = ["game", "a", "b", "alpha", "seed", "full_width", "write_docs", "check_docs"])]
    grid: bool,
    /// Issue 28's chess lines, experiments (a)–(d) to depth 4 (1,000 games a line): writes
    /// docs/data/levene-fenner-chess.json and their tables in docs/levene-fenner.md.
    #[arg(long, conflicts_with_all = ["game", "a", "b", "alpha", "seed", "first_game", "full_width", "grid", "merge", "write_docs", "check_docs"])]
    chess_grid: bool,
    /// Write the tables in docs/levene-fenner.md from the kept results.
    #[arg(long, conflicts_with_all = ["game", "a", "b", "games", "alpha", "seed", "full_width", "check_docs"])]
    write_docs: bool,
    /// Fail if the tables in docs/levene-fenner.md are not those the kept results give.
    #[arg(long, conflicts_with_all = ["game", "a", "b", "games", "alpha", "seed", "full_width"])]
    check_docs: bool,
}

/// A player's spec, checked: one the library reads, no deeper than [`MAX_DEPTH`].
pub fn checked_player(spec: &str) -> std::result::Result<String, String> {
    let player = RandomMinimax::parse(spec, MAX_ALPHA).map_err(|e| e.to_string())?;
    if player.depth() > MAX_DEPTH {
        return Err(format!("depth {} is beyond {MAX_DEPTH}", player.depth()));
    }
    Ok(spec.to_owned())
}

/// Runs the task: `Ok(false)` when `--check-docs` finds the tables stale.
pub fn run(args: &Args, docs: &Path) -> Result<bool> {
    if args.check_docs {
        return check_tables(docs);
    }
    if args.write_docs {
        write_tables(docs, &read_grid(docs)?)?;
        let chess = read_chess(docs)?;
        return CHESS_TABLES
            .write(docs, &chess_tables(chess.as_deref()))
            .map(|()| true);
    }
    if args.chess_grid {
        if args.games.is_some() && args.json.is_none() {
            return Err(Error::Usage("a chess grid with --games is a trial: give --json PATH for its results (the docs keep the full lines)".to_owned()));
        }
        return run_chess_grid(args.games, args.json.as_ref(), docs).map(|()| true);
    }
    if !args.merge.is_empty() {
        return merge_pieces(&args.merge, args.json.as_ref()).map(|()| true);
    }
    if args.grid {
        if args.games.is_some() && args.json.is_none() {
            return Err(Error::Usage("a grid with --games is a trial: give --json PATH for its results (the docs keep the full grid)".to_owned()));
        }
        return run_grid(args.games, args.json.as_ref(), docs).map(|()| true);
    }
    let (Some(game), Some(a), Some(b), Some(games)) = (&args.game, &args.a, &args.b, args.games)
    else {
        return Err(Error::Usage(
            "tournament GAME PLAYER_A PLAYER_B --games N: see `cargo xtask tournament --help`"
                .to_owned(),
        ));
    };
    let line = Line {
        game: game.clone(),
        a: a.clone(),
        b: b.clone(),
        alpha: args.alpha,
        games,
        first_game: args.first_game,
        seed: args.seed,
    };
    let result = play(&line, args.full_width)?;
    print_result(&result);
    // The rate stays on the summary line: the JSON is the games' result alone.
    write_result(
        &LineResult {
            games_per_second: None,
            ..result
        },
        args.json.as_ref(),
    )
    .map(|()| true)
}

/// Whether the tables in `docs/levene-fenner.md` (issue 21's grid and the chess lines) are
/// those the kept results give.
fn check_tables(docs: &Path) -> Result<bool> {
    let current = grid::tables_are_current(docs)? && chess::tables_are_current(docs)?;
    if current {
        println!("the tournament tables in docs/levene-fenner.md are current");
    } else {
        println!(
            "the tournament tables in docs/levene-fenner.md are not those of the kept results: \
             run `cargo xtask tournament --write-docs` (or `--grid` to play the grid again)"
        );
    }
    Ok(current)
}

/// Prints `result` as JSON, and writes it to `json` if given.
fn write_result(result: &LineResult, json: Option<&OutputFile>) -> Result<()> {
    let text = serde_json::to_string_pretty(result).library()? + "\n";
    print!("{text}");
    json.map_or(Ok(()), |json| json.write(text.as_bytes()))
}

/// `--merge`: the line the pieces at `paths` played.
fn merge_pieces(paths: &[PathBuf], json: Option<&OutputFile>) -> Result<()> {
    let pieces = paths
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).map_err(Error::io(path))?;
            serde_json::from_str(&text).library()
        })
        .collect::<Result<Vec<LineResult>>>()?;
    let line = merge(pieces)?;
    print_result(&line);
    write_result(&line, json)
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
    fn a_line_is_read_with_its_defaults_and_bad_input_is_refused() {
        let line = tournament("connect-four paper:4 paper:6 --games 10").unwrap();
        assert_eq!(
            (line.alpha, line.seed, line.games),
            (MAX_ALPHA, DEFAULT_SEED, Some(10))
        );
        for bad in [
            "connect-four paper:4 paper:6",
            "connect-four paper:4 --games 10",
            "go paper:4 paper:6 --games 10",
            "connect-four paper:0 paper:6 --games 10",
            "connect-four paper:1 paper:99 --games 2",
            "connect-four deep:4 paper:6 --games 10",
            "connect-four paper:4 paper:6 --games 0",
            "connect-four paper:4 paper:6 --games 1000001",
            "connect-four paper:4 paper:6 --games 10 --alpha 0",
            "connect-four paper:4 paper:6 --games 10 --games 20",
            "connect-four paper:4 paper:6 --games 10 --bogus",
            "--check-docs connect-four paper:1 paper:2 --games 2",
            "--grid connect-four paper:1 paper:2",
            "--grid --seed 3",
            "--grid --full-width",
            "--write-docs --check-docs",
            "--merge",
            "--merge a.json connect-four paper:1 paper:2 --games 2",
            "--merge a.json --grid",
            "--chess-grid --grid",
            "--chess-grid --seed 3",
            "--chess-grid chess random:1 random:2",
            "connect-four paper:1 paper:2 --games 2 --first-game 3 --full-width",
            "connect-four paper:1 paper:2 --games 2 --first-game 1000000000001",
        ] {
            assert!(tournament(bad).is_err(), "{bad}");
        }
    }

    /// A trial grid (`--games`) must say where its results go, and says so before playing.
    #[test]
    fn a_trial_grid_needs_json() {
        let trial = tournament("--grid --games 10").unwrap();
        let error = run(&trial, Path::new("/no/such/docs"))
            .unwrap_err()
            .to_string();
        assert!(error.contains("--json"), "{error}");
    }
}

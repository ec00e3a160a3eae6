//! The chess lines: Beal and Smith's claims in the game they are about, kept in
//! `docs/data/levene-fenner-chess.json` with their tables in `docs/levene-fenner.md`.

use std::path::{Path, PathBuf};

use minimax_random::player::MAX_ALPHA;

use game_analysis::commands::tournament::{DEFAULT_SEED, Line, LineResult, share_text};
use game_analysis::output::OutputFile;

use super::grid::play_all;
use crate::commands::markers::{Block, Destination};
use crate::error::{Error, LibraryResult, Result};

/// Games a chess line: ten times Beal and Smith's hundred.
pub const CHESS_GAMES: u64 = 1000;

/// Where the chess lines' results are kept.
pub fn chess_data(docs: &Path) -> PathBuf {
    docs.join("data").join("levene-fenner-chess.json")
}

/// The experiment a line belongs to, and the title of its table.
const EXPERIMENTS: [(&str, &str); 4] = [
    (
        "a",
        "(a) Deeper against shallower: the deeper player's share",
    ),
    (
        "b",
        "(b) Random minimaxing against the uniform mover: the random-minimax player's share",
    ),
    (
        "c",
        "(c) Lookahead-random against lookahead-zero: the random player's share",
    ),
    (
        "d",
        "(d) Material against material plus noise: the noisy player's share",
    ),
];

/// A chess line of `games` games between `a` and `b`, with the seed and α of every line.
fn chess_line(a: &str, b: &str, games: u64) -> Line {
    Line {
        game: "chess".to_owned(),
        a: a.to_owned(),
        b: b.to_owned(),
        alpha: MAX_ALPHA,
        games,
        first_game: 0,
        seed: DEFAULT_SEED,
    }
}

/// The lines of experiments (a)–(d) to depth 4 that `--chess-grid` plays, in order: B is
/// the deeper, the searching, the random or the noisy player, so B's share is the claim's.
pub fn chess_lines(games: u64) -> Vec<(&'static str, Line)> {
    let mut lines = Vec::new();
    for d in 1..=3 {
        let (a, b) = (format!("random:{d}"), format!("random:{}", d + 1));
        lines.push(("a", chess_line(&a, &b, games)));
    }
    for d in 1..=3 {
        let (a, b) = (format!("paper:{d}"), format!("paper:{}", d + 1));
        lines.push(("a", chess_line(&a, &b, games)));
    }
    for d in 1..=4 {
        lines.push(("b", chess_line("uniform", &format!("random:{d}"), games)));
    }
    for d in 1..=4 {
        let (a, b) = (format!("zero:{d}"), format!("random:{d}"));
        lines.push(("c", chess_line(&a, &b, games)));
    }
    for d in 1..=4 {
        let (a, b) = (format!("material:{d}"), format!("material+random:{d}"));
        lines.push(("d", chess_line(&a, &b, games)));
    }
    lines
}

/// The depth-5 line of (a), `random:4` v `random:5`: about an hour of one core, so it is
/// played in pieces (`game-analysis tournament --first-game`) and merged (`--merge`)
/// rather than by `--chess-grid`, and kept in its own file ([`deep_line_data`]).
pub fn deep_line() -> Line {
    chess_line("random:4", "random:5", CHESS_GAMES)
}

/// Where the depth-5 line's merged result is kept.
pub fn deep_line_data(docs: &Path) -> PathBuf {
    docs.join("data").join("levene-fenner-chess-depth-5.json")
}

/// Every chess line, the depth-5 line after the depth-4 line of (a): the
/// order of the tables.
fn every_chess_line(games: u64) -> Vec<(&'static str, Line)> {
    let mut lines = chess_lines(games);
    lines.insert(3, ("a", deep_line()));
    lines
}

/// The experiment, `"a"` to `"d"`, whose line `result` is.
pub fn experiment_of(result: &LineResult) -> Option<&'static str> {
    every_chess_line(result.games)
        .into_iter()
        .find(|(_, line)| line.a == result.a && line.b == result.b)
        .map(|(experiment, _)| experiment)
}

/// `--chess-grid`: plays the chess lines; with `games` (a trial) writes their results to
/// `json` only, else keeps them in the docs and writes the tables.
pub(super) fn run_chess_grid(
    games: Option<u64>,
    json: Option<&OutputFile>,
    docs: &Path,
) -> Result<()> {
    let destination = Destination::of(json, &CHESS_TABLES, chess_data(docs), docs)?;
    let lines: Vec<Line> = chess_lines(games.unwrap_or(CHESS_GAMES))
        .into_iter()
        .map(|(_, line)| line)
        .collect();
    let results = play_all(&lines)?;
    destination.save(&results, |results| {
        CHESS_TABLES.write(docs, &chess_tables(Some(results)))
    })
}

/// The kept chess results, the depth-5 line's among them once it is kept, or `None` before
/// the lines have been played.
pub fn read_chess(docs: &Path) -> Result<Option<Vec<LineResult>>> {
    let path = chess_data(docs);
    if !path.exists() {
        return Ok(None);
    }
    let mut results: Vec<LineResult> = read_json(&path)?;
    let deep_path = deep_line_data(docs);
    if deep_path.exists() {
        let deep: LineResult = read_json(&deep_path)?;
        let line = deep_line();
        let (kept, wanted) = (
            (
                &deep.game, &deep.a, &deep.b, deep.games, deep.seed, deep.alpha,
            ),
            (
                &line.game, &line.a, &line.b, line.games, line.seed, line.alpha,
            ),
        );
        if kept != wanted || deep.first_game != 0 {
            return Err(Error::NotComputable(format!(
                "{} holds {kept:?} from game {}, not the whole depth-5 line {wanted:?}",
                deep_path.display(),
                deep.first_game
            )));
        }
        results.push(deep);
    }
    Ok(Some(results))
}

fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T> {
    let text = std::fs::read_to_string(path).map_err(Error::io(path))?;
    serde_json::from_str(&text).library()
}

/// The chess tables' place in `docs/levene-fenner.md`.
pub const CHESS_TABLES: Block = Block {
    page: "levene-fenner.md",
    begin: "<!-- chess lines: begin (generated by `cargo xtask generate` from docs/data/levene-fenner-chess.json) -->",
    end: "<!-- chess lines: end -->",
};

/// `results` in the order of the experiments' lines (the depth-5 line, kept apart, after the
/// depth-4 line of (a)).
pub fn in_experiment_order(results: &[LineResult]) -> Vec<&LineResult> {
    let position = |result: &&LineResult| {
        every_chess_line(result.games)
            .iter()
            .position(|(_, line)| line.a == result.a && line.b == result.b)
    };
    let mut ordered: Vec<&LineResult> = results.iter().collect();
    ordered.sort_by_key(position);
    ordered
}

/// The tables of the kept results, one per experiment, or a note that none are kept yet.
pub fn chess_tables(results: Option<&[LineResult]>) -> String {
    let Some(results) = results else {
        return "*Not played yet: `cargo xtask tournament --chess-grid` plays the lines and \
                writes these tables.*\n"
            .to_owned();
    };
    let mut text = String::new();
    for (experiment, title) in EXPERIMENTS {
        text += &format!("**{title}** (seed {DEFAULT_SEED}, α = 2^61)\n\n");
        text += "| A | B | games | A wins | B wins | draws | B's share [95%] | games/s |\n";
        text += "|---|---|---|---|---|---|---|---|\n";
        for r in in_experiment_order(results)
            .into_iter()
            .filter(|r| experiment_of(r) == Some(experiment))
        {
            let rate = r
                .games_per_second
                .map_or_else(|| "–".to_owned(), |rate| format!("{rate:.1}"));
            text += &format!(
                "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
                r.a,
                r.b,
                r.games,
                r.a_wins,
                r.b_wins,
                r.draws,
                share_text(r),
                rate
            );
        }
        text += "\n";
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_analysis::commands::tournament::{play, players};

    #[test]
    fn the_chess_lines_are_those_of_the_experiments_to_depth_4() {
        let lines = chess_lines(CHESS_GAMES);
        assert_eq!(lines.len(), 18);
        for (_, line) in &lines {
            players(line).unwrap();
            assert!(line.games == 1000 && line.game == "chess");
        }
        let has = |a: &str, b: &str| lines.iter().any(|(_, l)| l.a == a && l.b == b);
        assert!(has("random:3", "random:4"));
        assert!(has("paper:3", "paper:4"));
        assert!(has("uniform", "random:4"));
        assert!(has("zero:4", "random:4"));
        assert!(has("material:4", "material+random:4"));
    }

    #[test]
    fn a_short_chess_line_shows_in_its_experiments_table() {
        let (_, line) = chess_lines(4).swap_remove(6);
        let result = play(&line, false).unwrap();
        let tables = chess_tables(Some(&[result]));
        assert!(tables.contains("| uniform | random:1 | 4 |"), "{tables}");
        assert!(chess_tables(None).contains("Not played yet"));
    }
}

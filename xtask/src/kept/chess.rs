//! The chess lines of Beal and Smith's experiments (a)–(d), and their results kept in
//! `docs/data/levene-fenner-chess.json` (the depth-5 line of (a) in its own file).

use std::path::{Path, PathBuf};

use minimax_random::line::{DEFAULT_SEED, Line, LineResult};
use minimax_random::player::MAX_ALPHA;

use super::read_json;
use crate::error::{Error, Result};

/// Games a chess line: ten times Beal and Smith's hundred.
pub const CHESS_GAMES: u64 = 1000;

/// Where the chess lines' results are kept.
pub fn chess_data(docs: &Path) -> PathBuf {
    docs.join("data").join("levene-fenner-chess.json")
}

/// The experiment a line belongs to, and the title of its table.
pub const EXPERIMENTS: [(&str, &str); 4] = [
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

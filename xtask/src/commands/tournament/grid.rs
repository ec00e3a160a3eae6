//! Issue 21's grid of lines, its kept results and the tables drawn from them.

use std::path::{Path, PathBuf};
use std::time::Instant;

use minimax_random::player::MAX_ALPHA;

use super::DEFAULT_SEED;
use super::line::{Line, LineResult, alpha_name, play, print_result, share_text};
use crate::commands::markers::Block;
use crate::commands::output::OutputFile;
use crate::error::{Error, LibraryResult, Result};

/// Games a line in the grid; 8 × 8 Domineering, the slowest game, plays half as many.
const GRID_GAMES: u64 = 3000;

/// The games of issue 21's grid, whose tables are in the docs: all but chess, whose lines
/// (issue 28) are played one by one for now.
const GRID_GAME_NAMES: [&str; 4] = [
    "connect-four",
    "domineering-6x6",
    "domineering-8x8",
    "othello-6x6",
];

/// Where the grid's results are kept: every line as JSON, the source of the tables and the
/// figure.
pub fn grid_data(docs: &Path) -> PathBuf {
    docs.join("data").join("levene-fenner-tournaments.json")
}

/// Every line of the grid (issue 21): the paper's model at depths 1–6, adjacent and two
/// apart; lookahead-random against lookahead-zero at depths 1–5; each Beal–Smith
/// evaluation deeper against shallower; the paper's 2 v 4 for several α. The shallower (or
/// the zero) player is A, so B's share is the deeper (or the random) player's.
pub fn grid(games: Option<u64>) -> Vec<Line> {
    let mut lines = Vec::new();
    for game in GRID_GAME_NAMES {
        let games = games.unwrap_or(if game == "domineering-8x8" {
            GRID_GAMES / 2
        } else {
            GRID_GAMES
        });
        let line = |a: String, b: String, alpha| Line {
            game: game.to_string(),
            a,
            b,
            alpha,
            games,
            first_game: 0,
            seed: DEFAULT_SEED,
        };
        for apart in [1, 2] {
            for shallow in 1..=6 - apart {
                lines.push(line(
                    format!("paper:{shallow}"),
                    format!("paper:{}", shallow + apart),
                    MAX_ALPHA,
                ));
            }
        }
        for depth in 1..=5 {
            lines.push(line(
                format!("zero:{depth}"),
                format!("random:{depth}"),
                MAX_ALPHA,
            ));
        }
        for evaluation in ["random", "zero"] {
            for (shallow, deep) in [(1, 2), (2, 3), (2, 4), (3, 5)] {
                lines.push(line(
                    format!("{evaluation}:{shallow}"),
                    format!("{evaluation}:{deep}"),
                    MAX_ALPHA,
                ));
            }
        }
        for alpha in [2, 3, 5, 10, 100] {
            lines.push(line("paper:2".to_string(), "paper:4".to_string(), alpha));
        }
    }
    lines
}

pub(super) fn run_grid(games: Option<u64>, json: Option<&OutputFile>, docs: &Path) -> Result<()> {
    let destination = Destination::of(json, &GRID_TABLES, grid_data(docs), docs)?;
    let results = play_all(&grid(games))?;
    destination.save(&results, |results| write_tables(docs, results))
}

/// Where a grid's results go: a trial's to its `--json` file; the full grid's into the
/// docs' kept file, with its tables on the page.
pub(super) enum Destination<'a> {
    Trial(&'a OutputFile),
    Kept(OutputFile),
}

impl<'a> Destination<'a> {
    /// The trial's `json`, or else the kept file at `kept` and the page of `tables`, both
    /// checked writable before hours of games.
    pub(super) fn of(
        json: Option<&'a OutputFile>,
        tables: &Block,
        kept: PathBuf,
        docs: &Path,
    ) -> Result<Self> {
        if let Some(json) = json {
            return Ok(Destination::Trial(json));
        }
        tables.check(docs)?;
        Ok(Destination::Kept(OutputFile::check(kept)?))
    }

    /// Writes `results` as JSON; for the kept results, then their tables by `write_tables`.
    pub(super) fn save(
        self,
        results: &[LineResult],
        write_tables: impl FnOnce(&[LineResult]) -> Result<()>,
    ) -> Result<()> {
        let text = serde_json::to_string_pretty(results).library()? + "\n";
        match self {
            Destination::Trial(json) => json.write(text.as_bytes()),
            Destination::Kept(kept) => {
                kept.write(text.as_bytes())?;
                write_tables(results)
            }
        }
    }
}

/// Plays `lines` one after the other (each on every core), printing each result and the
/// total time.
pub(super) fn play_all(lines: &[Line]) -> Result<Vec<LineResult>> {
    let started = Instant::now();
    let mut results = Vec::new();
    for line in lines {
        let result = play(line, false)?;
        print_result(&result);
        results.push(result);
    }
    println!(
        "{} lines in {:.1} min",
        lines.len(),
        started.elapsed().as_secs_f64() / 60.0
    );
    Ok(results)
}

/// The grid's results as kept in the docs.
pub fn read_grid(docs: &Path) -> Result<Vec<LineResult>> {
    let path = grid_data(docs);
    let text = std::fs::read_to_string(&path).map_err(Error::io(&path))?;
    serde_json::from_str(&text).library()
}

/// Writes the tables of `results` into `docs/levene-fenner.md`.
pub(super) fn write_tables(docs: &Path, results: &[LineResult]) -> Result<()> {
    GRID_TABLES.write(docs, &tables(results))
}

/// Whether the grid's tables in `docs/levene-fenner.md` are those the kept results give.
pub(super) fn tables_are_current(docs: &Path) -> Result<bool> {
    GRID_TABLES.is_current(docs, &tables(&read_grid(docs)?))
}

/// The tables' place in `docs/levene-fenner.md`.
const GRID_TABLES: Block = Block {
    page: "levene-fenner.md",
    begin: "<!-- tournament grid: begin (generated by `cargo xtask tournament --grid`) -->",
    end: "<!-- tournament grid: end -->",
};

/// The game's name in the tables.
pub(super) fn game_title(game: &str) -> &'static str {
    match game {
        "chess" => "Chess",
        "connect-four" => "Connect-Four",
        "domineering-6x6" => "Domineering 6×6",
        "domineering-8x8" => "Domineering 8×8",
        _ => "Othello 6×6",
    }
}

/// One summary table: B's share in the lines that `keep` selects, a row per `label` and a
/// column per game.
fn summary_table(
    title: &str,
    results: &[&LineResult],
    keep: &dyn Fn(&LineResult) -> bool,
    label: &dyn Fn(&LineResult) -> String,
) -> String {
    let mut rows: Vec<String> = Vec::new();
    let mut cells: Vec<(String, &str, String)> = Vec::new();
    for result in results.iter().filter(|r| keep(r)) {
        let row = label(result);
        if !rows.contains(&row) {
            rows.push(row.clone());
        }
        cells.push((row, result.game.as_str(), share_text(result)));
    }
    let mut text = format!("**{title}**\n\n| |");
    for game in GRID_GAME_NAMES {
        text += &format!(" {} |", game_title(game));
    }
    text += "\n|---|";
    text += &"---|".repeat(GRID_GAME_NAMES.len());
    text += "\n";
    for row in rows {
        text += &format!("| {row} |");
        for game in GRID_GAME_NAMES {
            let cell = cells
                .iter()
                .find(|(r, g, _)| *r == row && *g == game)
                .map_or("", |(_, _, share)| share.as_str());
            text += &format!(" {cell} |");
        }
        text += "\n";
    }
    text + "\n"
}

/// The grid as Markdown: one summary table per question (B's share, game by game), then
/// every line in full.
pub(super) fn tables(results: &[LineResult]) -> String {
    // By α, from coarse to continuous scores, and otherwise in the grid's order.
    let mut by_alpha: Vec<&LineResult> = results.iter().collect();
    by_alpha.sort_by_key(|r| r.alpha);
    let summary =
        |title: &str, keep: &dyn Fn(&LineResult) -> bool, label: &dyn Fn(&LineResult) -> String| {
            summary_table(title, &by_alpha, keep, label)
        };
    let continuous = |r: &LineResult| r.alpha == MAX_ALPHA;
    let evaluation = |spec: &str| spec.split(':').next().unwrap_or_default().to_string();
    let pair = |r: &LineResult| format!("{} v {}", r.a, r.b);
    let mut text = String::new();
    text += &summary(
        "The paper's model, deeper against shallower (α = 2^61): the deeper player's share",
        &|r| continuous(r) && evaluation(&r.a) == "paper",
        &pair,
    );
    text += &summary(
        "Lookahead-random against lookahead-zero at the same depth: random's share",
        &|r| evaluation(&r.a) == "zero" && evaluation(&r.b) == "random",
        &pair,
    );
    text += &summary(
        "Beal and Smith's evaluations, deeper against shallower: the deeper player's share",
        &|r| evaluation(&r.a) == evaluation(&r.b) && evaluation(&r.a) != "paper",
        &pair,
    );
    text += &summary(
        "The paper's model at 2 v 4 by α: the deeper player's share",
        &|r| r.a == "paper:2" && r.b == "paper:4",
        &|r| format!("α = {}", alpha_name(r.alpha)),
    );
    text += "**Every line** (A moves first in the even-numbered games; seed, games a second on \
             the machine that ran the grid):\n\n";
    text += "| game | A | B | α | games | A wins | B wins | draws | B's share [95%] | seed | games/s |\n";
    text += "|---|---|---|---|---|---|---|---|---|---|---|\n";
    for r in results {
        text += &format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            game_title(&r.game),
            r.a,
            r.b,
            alpha_name(r.alpha),
            r.games,
            r.a_wins,
            r.b_wins,
            r.draws,
            share_text(r),
            r.seed,
            r.games_per_second
                .map_or_else(|| "–".to_owned(), |rate| format!("{rate:.0}"))
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::tournament::line::players;

    /// The grid of issue 21: 27 lines a game, every player readable.
    #[test]
    fn the_grid_has_every_line_of_the_issue() {
        let lines = grid(None);
        assert_eq!(lines.len(), 4 * 27);
        for line in &lines {
            players(line).unwrap();
        }
        let has = |a: &str, b: &str, alpha| {
            lines
                .iter()
                .filter(|l| l.a == a && l.b == b && l.alpha == alpha)
                .count()
                == 4
        };
        assert!(has("paper:4", "paper:6", MAX_ALPHA));
        assert!(has("zero:5", "random:5", MAX_ALPHA));
        assert!(has("zero:3", "zero:5", MAX_ALPHA));
        assert!(has("paper:2", "paper:4", 100));
        assert!(lines.iter().all(|l| l.games
            == if l.game == "domineering-8x8" {
                1500
            } else {
                3000
            }));
    }

    #[test]
    fn a_short_line_plays_and_the_tables_show_it() {
        let line = Line {
            game: "domineering-6x6".to_string(),
            a: "zero:1".to_string(),
            b: "random:2".to_string(),
            alpha: 10,
            games: 8,
            first_game: 0,
            seed: 3,
        };
        let result = play(&line, false).unwrap();
        assert_eq!(result.a_wins + result.b_wins + result.draws, 8);
        // Domineering has no draws.
        assert_eq!(result.draws, 0);
        assert_eq!(play(&line, true).unwrap().games, 8);
        assert!(tables(&[result]).contains("| Domineering 6×6 | zero:1 | random:2 | 10 | 8 |"));
    }
}

//! `cargo xtask tournament`: random-minimax players against each other in real games —
//! Beal and Smith's experiment and Levene and Fenner's model — one line, or the whole grid
//! with its tables in `docs/levene-fenner.md`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use minimax_random::games::{Chess, ConnectFour, Domineering, Othello};
use minimax_random::player::{MAX_ALPHA, Material, RandomMinimax};
use minimax_random::tournament::play_match;
use serde::{Deserialize, Serialize};

use crate::commands::markers::Block;
use crate::commands::output::{OutputFile, parse_output_file};
use crate::error::{Error, LibraryResult, Result};

/// The seed of every line unless `--seed` says otherwise (the year of Beal and Smith's
/// report on random evaluations).
const DEFAULT_SEED: u64 = 1995;

/// Games a line in the grid; 8 × 8 Domineering, the slowest game, plays half as many.
const GRID_GAMES: u64 = 3000;

/// The games the players meet in, by their command-line names.
const GAMES: [&str; 5] = [
    "chess",
    "connect-four",
    "domineering-6x6",
    "domineering-8x8",
    "othello-6x6",
];

/// The games of issue 21's grid, whose tables are in the docs: all but chess, whose lines
/// (issue 28) are played one by one for now.
const GRID_GAME_NAMES: [&str; 4] = [
    "connect-four",
    "domineering-6x6",
    "domineering-8x8",
    "othello-6x6",
];

/// One line of a tournament: players A and B (`EVALUATION:DEPTH`) play `games` games of
/// `game`, A moving first in the even-numbered ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub game: String,
    pub a: String,
    pub b: String,
    pub alpha: u64,
    pub games: u64,
    pub seed: u64,
}

/// What a line gave: the fields of the JSON object the command writes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LineResult {
    pub game: String,
    pub a: String,
    pub b: String,
    pub alpha: u64,
    pub games: u64,
    pub a_wins: u64,
    pub b_wins: u64,
    pub draws: u64,
    /// B's share of the decisive games; `None` when no game was decisive.
    pub share_b: Option<f64>,
    /// The 95% Wilson interval of `share_b`.
    pub ci_low: Option<f64>,
    pub ci_high: Option<f64>,
    pub seed: u64,
    pub games_per_second: f64,
}

/// Where the grid's results are kept: every line as JSON, the source of the tables and the
/// figure.
pub fn grid_data(docs: &Path) -> PathBuf {
    docs.join("data").join("levene-fenner-tournaments.json")
}

/// The deepest search a player may ask for. The grid's deepest line is 6; each further ply
/// multiplies a move's cost by about the game's branching factor (4 to 13 here), so a
/// game at depth 9 would already take hours. A bound, not a measurement.
pub const MAX_DEPTH: u32 = 8;

/// The most games a line may ask for: the grid's lines have 1,500 to 3,000, and a million
/// is already days at depth 4. A bound, not a measurement.
pub const MAX_GAMES: u64 = 1_000_000;

/// The modes that exclude a line's options.
const NOT_A_LINE: [&str; 3] = ["grid", "write_docs", "check_docs"];

/// `cargo xtask tournament`: random-minimax players A and B play N games of GAME, A first
/// in the even-numbered games, game i from stream i of the seed. A player is
/// EVALUATION:DEPTH with EVALUATION paper, random or zero and DEPTH 1 to 8. The result
/// is printed as JSON.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game.
    #[arg(value_parser = GAMES, required_unless_present_any = NOT_A_LINE)]
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
    /// Write the tables in docs/levene-fenner.md from the kept results.
    #[arg(long, conflicts_with_all = ["game", "a", "b", "games", "alpha", "seed", "full_width", "check_docs"])]
    write_docs: bool,
    /// Fail if the tables in docs/levene-fenner.md are not those the kept results give.
    #[arg(long, conflicts_with_all = ["game", "a", "b", "games", "alpha", "seed", "full_width"])]
    check_docs: bool,
}

/// A player's spec, checked: one the library reads, no deeper than [`MAX_DEPTH`].
fn checked_player(spec: &str) -> std::result::Result<String, String> {
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
        return write_tables(docs, &read_grid(docs)?).map(|()| true);
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
        seed: args.seed,
    };
    let result = play(&line, args.full_width)?;
    print_result(&result);
    let text = serde_json::to_string_pretty(&result).library()?;
    println!("{text}");
    if let Some(json) = &args.json {
        json.write((text + "\n").as_bytes())?;
    }
    Ok(true)
}

fn players(line: &Line) -> Result<(RandomMinimax, RandomMinimax)> {
    let player = |spec: &str| RandomMinimax::parse(spec, line.alpha).library();
    Ok((player(&line.a)?, player(&line.b)?))
}

/// Plays one line, timing it; `full_width` makes both players search every leaf.
pub fn play(line: &Line, full_width: bool) -> Result<LineResult> {
    let (mut a, mut b) = players(line)?;
    if full_width {
        (a, b) = (a.full_width(), b.full_width());
    }
    let started = Instant::now();
    let result = match line.game.as_str() {
        "chess" => play_in(&Chess::default(), line, &a, &b),
        "connect-four" => play_in(&ConnectFour, line, &a, &b),
        "domineering-6x6" => play_in(&domineering(6)?, line, &a, &b),
        "domineering-8x8" => play_in(&domineering(8)?, line, &a, &b),
        "othello-6x6" => play_in(&Othello::new(6).library()?, line, &a, &b),
        other => {
            return Err(Error::Usage(format!(
                "unknown game {other:?}; known: {}",
                GAMES.join(", ")
            )));
        }
    }?;
    let seconds = started.elapsed().as_secs_f64();
    let share = result.b_share();
    Ok(LineResult {
        game: line.game.clone(),
        a: line.a.clone(),
        b: line.b.clone(),
        alpha: line.alpha,
        games: line.games,
        a_wins: result.a_wins,
        b_wins: result.b_wins,
        draws: result.draws,
        share_b: share.map(|s| s.estimate),
        ci_low: share.map(|s| s.low),
        ci_high: share.map(|s| s.high),
        seed: line.seed,
        games_per_second: line.games as f64 / seconds,
    })
}

fn domineering(side: u32) -> Result<Domineering> {
    Domineering::new(side, side).library()
}

fn play_in<G>(
    game: &G,
    line: &Line,
    a: &RandomMinimax,
    b: &RandomMinimax,
) -> Result<minimax_random::tournament::MatchResult>
where
    G: Material + Sync,
    G::Position: Send,
{
    play_match(game, a, b, line.games, line.seed).library()
}

fn print_result(result: &LineResult) {
    println!(
        "{:<16} {:>8} v {:<8} α {:<20} {:>5} games: A {:>5}, B {:>5}, draws {:>4}; B's share {}  ({:.0} games/s)",
        result.game,
        result.a,
        result.b,
        alpha_name(result.alpha),
        result.games,
        result.a_wins,
        result.b_wins,
        result.draws,
        share_text(result),
        result.games_per_second
    );
}

/// α as written in the tables: 2^61 by name.
pub fn alpha_name(alpha: u64) -> String {
    if alpha == MAX_ALPHA {
        "2^61".to_string()
    } else {
        alpha.to_string()
    }
}

/// B's share with its interval, `.823 [.780, .859]`, or a dash without decisive games.
fn share_text(result: &LineResult) -> String {
    match (result.share_b, result.ci_low, result.ci_high) {
        (Some(share), Some(low), Some(high)) => {
            format!("{} [{}, {}]", decimal(share), decimal(low), decimal(high))
        }
        _ => "–".to_string(),
    }
}

/// A share in [0, 1] to three places without the leading zero, as the papers print.
fn decimal(share: f64) -> String {
    let text = format!("{share:.3}");
    text.strip_prefix('0').unwrap_or(&text).to_string()
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

fn run_grid(games: Option<u64>, json: Option<&OutputFile>, docs: &Path) -> Result<()> {
    // The kept results and the page are checked writable before hours of games.
    let kept = match json {
        Some(_) => None,
        None => {
            GRID_TABLES.check(docs)?;
            Some(OutputFile::check(grid_data(docs))?)
        }
    };
    let lines = grid(games);
    let started = Instant::now();
    let mut results = Vec::new();
    for line in &lines {
        let result = play(line, false)?;
        print_result(&result);
        results.push(result);
    }
    println!(
        "{} lines in {:.1} min",
        lines.len(),
        started.elapsed().as_secs_f64() / 60.0
    );
    let text = serde_json::to_string_pretty(&results).library()? + "\n";
    match (json, kept) {
        (Some(json), _) => json.write(text.as_bytes()),
        (None, Some(kept)) => {
            kept.write(text.as_bytes())?;
            write_tables(docs, &results)
        }
        (None, None) => Ok(()),
    }
}

/// The grid's results as kept in the docs.
pub fn read_grid(docs: &Path) -> Result<Vec<LineResult>> {
    let path = grid_data(docs);
    let text = std::fs::read_to_string(&path).map_err(Error::io(&path))?;
    serde_json::from_str(&text).library()
}

/// Writes the tables of `results` into `docs/levene-fenner.md`.
fn write_tables(docs: &Path, results: &[LineResult]) -> Result<()> {
    GRID_TABLES.write(docs, &tables(results))
}

/// Whether the tables in `docs/levene-fenner.md` are those the kept results give.
fn check_tables(docs: &Path) -> Result<bool> {
    let current = GRID_TABLES.is_current(docs, &tables(&read_grid(docs)?))?;
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

/// The tables' place in `docs/levene-fenner.md`.
const GRID_TABLES: Block = Block {
    page: "levene-fenner.md",
    begin: "<!-- tournament grid: begin (generated by `cargo xtask tournament --grid`) -->",
    end: "<!-- tournament grid: end -->",
};

/// The game's name in the tables.
fn game_title(game: &str) -> &'static str {
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
fn tables(results: &[LineResult]) -> String {
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
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.0} |\n",
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
        );
    }
    text
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

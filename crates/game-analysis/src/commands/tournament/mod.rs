//! `game-analysis tournament`: random-minimax players against each other in real games —
//! Beal and Smith's experiment and Levene and Fenner's model — one line, a piece of a line,
//! or the merge of pieces; a chess line's games also in PGN.

use std::path::PathBuf;
use std::time::Instant;

use minimax_random::games::Chess;
use minimax_random::line::{DEFAULT_SEED, Line, LineResult, alpha_name, merge, play, players};
use minimax_random::pgn::{PgnHeader, write_game};
use minimax_random::player::MAX_ALPHA;
use minimax_random::tournament::{
    GameRecord, MAX_FIRST_GAME, MAX_GAMES, MatchResult, TournamentGame, record_games,
};

use crate::Options;
use crate::error::{Error, LibraryResult, Result};
use crate::format::{Format, Report, json, print_beside};
use crate::output::{OutputFile, distinct_outputs, not_an_input, parse_output_file};

/// The games the players meet in, by their names ([`TournamentGame::name`]).
pub fn game_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(TournamentGame::ALL.map(TournamentGame::name))
}

/// What a player is on the command line, for the help of every command that takes one.
pub const PLAYER_HELP: &str = "A player is EVALUATION:DEPTH, DEPTH 1 to 8 plies, EVALUATION one of: \
    paper (every leaf scored at random, Levene and Fenner's model), random (terminal positions by \
    their outcome, other leaves at random: Beal and Smith's lookahead-random), zero (terminal \
    positions by their outcome, other leaves alike: lookahead-zero), material (material balance \
    1, 3, 3, 5, 9) or material+random (material plus noise below a pawn); or `uniform`, a uniform \
    choice among the legal moves.";

/// Random-minimax players A and B play N games of GAME, A first in the even-numbered
/// games, game i from stream i of the seed, so that any piece of a line (`--first-game`)
/// is the same games wherever it is played and pieces merge exactly (`--merge`).
#[derive(Debug, clap::Args)]
#[command(after_help = PLAYER_HELP)]
pub struct Args {
    /// The game.
    #[arg(value_parser = game_names(), required_unless_present = "merge")]
    game: Option<String>,
    /// Player A, EVALUATION:DEPTH or uniform.
    #[arg(value_name = "PLAYER_A", value_parser = checked_player, required_unless_present = "merge")]
    a: Option<String>,
    /// Player B, EVALUATION:DEPTH or uniform.
    #[arg(value_name = "PLAYER_B", value_parser = checked_player, required_unless_present = "merge")]
    b: Option<String>,
    /// N, the games of the line, 1 to 1,000,000.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES), required_unless_present = "merge")]
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
    #[arg(long, value_name = "PIECE", num_args = 1.., conflicts_with_all = ["game", "a", "b", "games", "alpha", "seed", "first_game", "full_width", "pgn"])]
    merge: Vec<PathBuf>,
    /// Also write the result as JSON to PATH (a piece to merge later).
    #[arg(long, value_name = "PATH", value_parser = parse_output_file)]
    json: Option<OutputFile>,
    /// Write a chess line's games to PATH in PGN: the Seven Tag Roster, each game's index
    /// and seed (all that replays it), its moves in SAN, its result and how it ended.
    #[arg(long, value_name = "PATH", value_parser = parse_output_file)]
    pgn: Option<OutputFile>,
    /// Both players search every leaf instead of alpha-beta.
    #[arg(long)]
    full_width: bool,
}

/// A player's spec, checked: one the library reads, no deeper than
/// [`minimax_random::tournament::MAX_DEPTH`].
pub fn checked_player(spec: &str) -> std::result::Result<String, String> {
    minimax_random::line::player(spec, MAX_ALPHA)
        .map(|_| spec.to_owned())
        .map_err(|e| e.to_string())
}

impl Report for LineResult {
    type Row = LineResult;

    fn text(&self) -> String {
        format!("{self}\n")
    }

    fn rows(&self) -> Vec<LineResult> {
        vec![self.clone()]
    }
}

/// Runs the command.
pub fn run(args: &Args, options: &Options) -> Result<()> {
    distinct_outputs(&[("--json", args.json.as_ref()), ("--pgn", args.pgn.as_ref())])?;
    not_an_input("--json", args.json.as_ref(), &args.merge)?;
    let result = if args.merge.is_empty() {
        let line = line_of(args)?;
        match &args.pgn {
            Some(pgn) => play_into_pgn(&line, args.full_width, pgn)?,
            None => play(&line, args.full_width).library()?,
        }
    } else {
        merge_pieces(&args.merge)?
    };
    // The rate stays on the text line: the JSON and the CSV are the games' result alone.
    let untimed = LineResult {
        games_per_second: None,
        ..result.clone()
    };
    let shown = match options.format {
        Format::Text => &result,
        Format::Json | Format::Csv => &untimed,
    };
    print_beside(
        options.format,
        shown,
        &[args.json.as_ref(), args.pgn.as_ref()],
    )?;
    if let Some(path) = &args.json {
        path.write(json(&untimed)?.as_bytes())?;
    }
    Ok(())
}

fn line_of(args: &Args) -> Result<Line> {
    let (Some(game), Some(a), Some(b), Some(games)) = (&args.game, &args.a, &args.b, args.games)
    else {
        return Err(Error::Usage(
            "tournament GAME PLAYER_A PLAYER_B --games N: see `game-analysis tournament --help`"
                .to_owned(),
        ));
    };
    Ok(Line {
        game: game.clone(),
        a: a.clone(),
        b: b.clone(),
        alpha: args.alpha,
        games,
        first_game: args.first_game,
        seed: args.seed,
    })
}

/// `--merge`: the line the pieces at `paths` played.
fn merge_pieces(paths: &[PathBuf]) -> Result<LineResult> {
    let pieces = paths
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).map_err(Error::io(path))?;
            serde_json::from_str(&text).map_err(|error| {
                Error::Usage(format!(
                    "{}: not a piece written by --json: {error}",
                    path.display()
                ))
            })
        })
        .collect::<Result<Vec<LineResult>>>()?;
    merge(pieces).library()
}

/// Plays the chess line `line` game by game, writes its games to `pgn`, and gives its
/// result: the same games, so the same result, as [`play`].
fn play_into_pgn(line: &Line, full_width: bool, pgn: &OutputFile) -> Result<LineResult> {
    if line.game != TournamentGame::Chess.name() {
        return Err(Error::Usage(format!(
            "--pgn: PGN records chess games, not {}",
            line.game
        )));
    }
    let (mut a, mut b) = players(line).library()?;
    if full_width {
        (a, b) = (a.full_width(), b.full_width());
    }
    let chess = Chess::default();
    let started = Instant::now();
    let games = line.first_game..line.first_game + line.games;
    let records = record_games(&chess, &a, &b, games, line.seed).library()?;
    let seconds = started.elapsed().as_secs_f64();
    let mut text = String::new();
    let mut total = MatchResult::default();
    for record in &records {
        text += &pgn_game(&chess, line, record)?;
        total = total.merge(record.result());
    }
    pgn.write(text.as_bytes())?;
    Ok(LineResult::new(
        line,
        &total,
        Some(line.games as f64 / seconds),
    ))
}

/// One recorded game of `line` in PGN, A with White when A moved first.
fn pgn_game(
    chess: &Chess,
    line: &Line,
    record: &GameRecord<minimax_random::games::cozy_chess::Move>,
) -> Result<String> {
    let (white, black) = if record.a_first {
        (&line.a, &line.b)
    } else {
        (&line.b, &line.a)
    };
    let header = PgnHeader {
        event: format!(
            "{} v {}, α {}, seed {}",
            line.a,
            line.b,
            alpha_name(line.alpha),
            line.seed
        ),
        white: white.clone(),
        black: black.clone(),
        index: record.index,
        seed: line.seed,
    };
    write_game(chess, &record.moves, &header).library()
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
            Ok(crate::cli::Command::Tournament(args)) => Ok(args),
            Ok(_) => Err("another command".to_owned()),
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
            "--merge",
            "--merge a.json connect-four paper:1 paper:2 --games 2",
            "--merge a.json --pgn /tmp/x.pgn",
            "connect-four paper:1 paper:2 --games 2 --first-game 3 --full-width",
            "connect-four paper:1 paper:2 --games 2 --first-game 1000000000001",
        ] {
            assert!(tournament(bad).is_err(), "{bad}");
        }
    }

    /// The help names every evaluation a player may use.
    #[test]
    fn the_help_lists_the_evaluations() {
        let help = tournament("--help").unwrap_err();
        for evaluation in [
            "paper",
            "random",
            "zero",
            "material",
            "material+random",
            "uniform",
        ] {
            assert!(help.contains(evaluation), "{evaluation}: {help}");
        }
    }

    /// A line played into PGN is the same games as the line played at once, and its
    /// games are in the file one after another.
    #[test]
    fn a_chess_line_into_pgn_has_the_line_s_result_and_every_game() {
        let line = Line {
            game: "chess".to_owned(),
            a: "random:1".to_owned(),
            b: "uniform".to_owned(),
            alpha: MAX_ALPHA,
            games: 4,
            first_game: 2,
            seed: 7,
        };
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("line.pgn");
        let pgn = OutputFile::check(&path).unwrap();
        let recorded = play_into_pgn(&line, false, &pgn).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let played = play(&line, false).unwrap();
        assert_eq!(recorded.match_result(), played.match_result());
        assert_eq!(text.matches("[Event ").count(), 4);
        assert!(text.contains("[GameIndex \"2\"]") && text.contains("[GameIndex \"5\"]"));
        assert!(text.contains("[White \"random:1\"]\n[Black \"uniform\"]"));
        let not_chess = Line {
            game: "connect-four".to_owned(),
            ..line
        };
        assert!(play_into_pgn(&not_chess, false, &pgn).is_err());
    }
}

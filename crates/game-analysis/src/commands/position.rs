//! `game-analysis position ID`: one position asked of an exact database, as GNU
//! Backgammon's `eval` and `hint` answer it (`backgammon_cube::query`), from a gnubg
//! Position ID (with its Match ID) or an XGID; `--batch FILE` answers one position a line.

use std::io::BufRead;
use std::path::{Path, PathBuf};

use backgammon_cube::bearoff::MAX_CHECKERS;
use backgammon_cube::cube::CubeOwnership;
use backgammon_cube::database::BearoffDatabase;
use backgammon_cube::dice::Roll;
use backgammon_cube::gnubg::{HypergammonFile, HypergammonFileError, ReadError, TwoSidedReader};
use backgammon_cube::hypergammon::{HypergammonDatabase, MAX_HYPERGAMMON_CHECKERS, SolveOptions};
use backgammon_cube::market::{CubePoints, GammonValues, MarketWindow};
use backgammon_cube::notation::{BAR, Board, NotationError, Setup};
use backgammon_cube::query::{
    Answer, OneSidedAnswer, QueryError, RollsToBearOff, one_sided, query,
};
use backgammon_cube::two_sided::TwoSidedDatabase;
use game_core::number::num_traits::ToPrimitive;
use serde::Serialize;

use crate::Options;
use crate::error::{Error, LibraryResult, Result};
use crate::format::{Format, Report, csv, print};
use crate::output::write_stdout_while_read;

/// One position's cubeless chances, money equities (cube centred, owned, the opponent's),
/// proper cube action and, for a roll, every legal play ranked, from an exact database: the
/// two-sided bear-off database built in memory (the default, 6 checkers a side), a gnubg
/// two-sided or hypergammon file (`--database`), or hypergammon solved in memory
/// (`--hypergammon`). The bear-off databases count no gammons, as gnubg's two-sided files.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position: a gnubg Position ID (`4HPwATDgc/ABMA`), `POSITIONID:MATCHID` (the cube
    /// and dice from the Match ID), or an XGID (`XGID=…`); money games only.
    #[arg(
        value_name = "ID",
        required_unless_present = "batch",
        conflicts_with = "batch"
    )]
    id: Option<String>,
    /// Answer every position of FILE (`-` for standard input), one a line (`ID` or
    /// `ID ROLL`), one answer a line.
    #[arg(long, value_name = "FILE")]
    batch: Option<PathBuf>,
    /// The roll to play, as 6-5 (or the dice of the ID).
    #[arg(long, value_name = "ROLL")]
    roll: Option<Roll>,
    /// The cube, from the player on roll: centred, owned or opponent (or the ID's).
    #[arg(long, value_name = "CUBE", value_parser = ["centred", "owned", "opponent"])]
    cube: Option<String>,
    /// Look the position up in this gnubg file: a two-sided bear-off file (`makebearoff -t
    /// 6xC`, or `game-analysis bearoff`) read entry by entry, or a hypergammon file.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["bearoff", "hypergammon"])]
    database: Option<PathBuf>,
    /// Build the two-sided bear-off database of C checkers a side in memory (6: a quarter of
    /// a second).
    #[arg(long, value_name = "C", default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=12))]
    bearoff: u32,
    /// Solve hypergammon of C checkers a side in memory (1: milliseconds, 2: seconds, 3:
    /// about twenty minutes) and look the position up there.
    #[arg(long, value_name = "C", conflicts_with_all = ["database", "bearoff"], value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_HYPERGAMMON_CHECKERS)))]
    hypergammon: Option<u32>,
    /// Answer a bear-off of up to fifteen checkers a side from the one-sided database
    /// (exact, built in memory in a second): each side's expected rolls and the chance of
    /// each number of rolls, and from them the chance to be off first; no cube.
    #[arg(long, conflicts_with_all = ["database", "hypergammon", "bearoff", "roll", "cube"])]
    one_sided: bool,
}

/// A database loaded to answer from.
enum Database {
    OneSided(Box<BearoffDatabase>),
    Bearoff(Box<TwoSidedDatabase<f64>>),
    File(Box<TwoSidedReader>),
    Hypergammon(Box<HypergammonDatabase>),
    HypergammonFile(Box<HypergammonFile>),
}

impl Database {
    fn load(args: &Args) -> Result<(Database, String)> {
        if let Some(path) = &args.database {
            return open_file(path);
        }
        if args.one_sided {
            let database = BearoffDatabase::new(MAX_CHECKERS).library()?;
            let name = "one-sided bear-off database, 15 checkers".to_owned();
            return Ok((Database::OneSided(Box::new(database)), name));
        }
        if let Some(checkers) = args.hypergammon {
            let database =
                HypergammonDatabase::solve(checkers, &SolveOptions::default(), |_| {}).library()?;
            let name = format!(
                "hypergammon, {}",
                backgammon_cube::checkers_a_side(checkers)
            );
            return Ok((Database::Hypergammon(Box::new(database)), name));
        }
        let database = TwoSidedDatabase::new(args.bearoff).library()?;
        let name = format!(
            "two-sided bear-off database, {}",
            backgammon_cube::checkers_a_side(args.bearoff)
        );
        Ok((Database::Bearoff(Box::new(database)), name))
    }

    /// The answer to `asked`: in full, or from the one-sided database each side's rolls.
    fn answer(&mut self, asked: &Setup) -> std::result::Result<Reply, QueryError> {
        let (board, cube, roll) = (&asked.board, asked.cube, asked.roll);
        let full = match self {
            Database::OneSided(database) => return one_sided(database, board).map(Reply::Race),
            Database::Bearoff(database) => query(&**database, board, cube, roll),
            Database::File(file) => query(&mut **file, board, cube, roll),
            Database::Hypergammon(database) => query(&**database, board, cube, roll),
            Database::HypergammonFile(file) => query(&**file, board, cube, roll),
        };
        full.map(Reply::Full)
    }
}

/// What a database answers: in full from a two-sided or hypergammon database, or each side's
/// rolls from the one-sided database.
enum Reply {
    Full(Answer),
    Race(OneSidedAnswer),
}

/// A gnubg file: a two-sided bear-off file by its header, else a hypergammon file.
fn open_file(path: &Path) -> Result<(Database, String)> {
    match TwoSidedReader::open(path) {
        Ok(file) => {
            let name = format!(
                "{} (gnubg two-sided file 6x{})",
                path.display(),
                file.max_checkers()
            );
            Ok((Database::File(Box::new(file)), name))
        }
        Err(ReadError::NotTwoSided { header, .. }) => {
            let file = match HypergammonFile::read(path) {
                Err(HypergammonFileError::NotHypergammon { .. }) => {
                    return Err(Error::Usage(not_a_database(path, &header)));
                }
                read => read.library()?,
            };
            let name = format!(
                "{} (gnubg hypergammon file, {})",
                path.display(),
                backgammon_cube::checkers_a_side(file.checkers())
            );
            Ok((Database::HypergammonFile(Box::new(file)), name))
        }
        Err(error) => Err(error).library(),
    }
}

/// Why `path`, whose first line is `header`, is not a file `--database` takes, saying what
/// it is when its header tells.
fn not_a_database(path: &Path, header: &str) -> String {
    let what = if header.is_empty() {
        "an empty file (or one with an empty first line)".to_owned()
    } else if header.starts_with("gnubg-OS") {
        format!(
            "a gnubg one-sided bear-off file ({header}); --one-sided answers a race from the one-sided database"
        )
    } else if header.starts_with("gnubg-TS") {
        format!(
            "a gnubg two-sided bear-off file of another kind ({header}): without cubeful equities, or not of the six home points"
        )
    } else {
        format!(
            "neither a gnubg two-sided bear-off file nor a hypergammon file (first line {header:?})"
        )
    };
    format!(
        "--database {}: {what}; --database takes a two-sided file (makebearoff -t 6xC) or a hypergammon file (makehyper)",
        path.display()
    )
}

/// Reads an ID (`XGID=…`, or a Position ID with or without its Match ID), then applies the
/// command line's roll and cube over the ID's.
fn asked(id: &str, args: &Args) -> std::result::Result<Setup, NotationError> {
    let setup: Setup = id.parse()?;
    let cube = match args.cube.as_deref() {
        Some("centred") => CubeOwnership::Centred,
        Some("owned") => CubeOwnership::Owned,
        Some("opponent") => CubeOwnership::OpponentOwns,
        _ => setup.cube,
    };
    Ok(Setup {
        cube,
        roll: args.roll.or(setup.roll),
        ..setup
    })
}

/// Runs the command: one position in full, or `--batch`, one answer a line.
pub fn run(args: &Args, options: &Options) -> Result<()> {
    let (mut database, name) = Database::load(args)?;
    match (&args.id, &args.batch) {
        (Some(id), _) => answer(id, None, args, &mut database, &name)?.print(options.format),
        (None, Some(path)) => batch(path, args, &mut database, &name, options.format),
        (None, None) => Err(Error::Usage(
            "position: give an ID or --batch FILE".to_owned(),
        )),
    }
}

/// Answers `id` (with `roll` from a batch line over the command line's).
fn answer(
    id: &str,
    roll: Option<Roll>,
    args: &Args,
    database: &mut Database,
    name: &str,
) -> Result<Answered> {
    let mut asked = asked(id, args).map_err(|error| Error::Usage(format!("{id}: {error}")))?;
    asked.roll = roll.or(asked.roll);
    let answered = match database
        .answer(&asked)
        .map_err(|error| Error::NotComputable(format!("{id}: {error}")))?
    {
        Reply::Full(answer) => {
            Answered::Position(Box::new(Position::of(id, &asked, &answer, name)))
        }
        Reply::Race(answer) => Answered::Race(Box::new(Race::of(id, &asked.board, &answer, name))),
    };
    Ok(answered)
}

/// A position's answer: in full from a two-sided or hypergammon database, or a race from the
/// one-sided database.
enum Answered {
    Position(Box<Position>),
    Race(Box<Race>),
}

impl Answered {
    fn print(&self, format: Format) -> Result<()> {
        match self {
            Answered::Position(position) => print(format, &**position),
            Answered::Race(race) => print(format, &**race),
        }
    }

    /// The answer on one line, for `--batch`.
    fn line(&self, format: Format) -> Result<String> {
        match self {
            Answered::Position(position) => line(&**position, format, &position.summary()),
            Answered::Race(race) => line(&**race, format, &race.summary()),
        }
    }
}

/// `report` on one line: `summary` as text, compact JSON, or its CSV row.
fn line<R: Report>(report: &R, format: Format, summary: &str) -> Result<String> {
    match format {
        Format::Text => Ok(format!("{summary}\n")),
        Format::Json => Ok(serde_json::to_string(report).library()? + "\n"),
        Format::Csv => {
            let rows = csv(&report.rows())?;
            Ok(rows.lines().skip(1).map(|row| format!("{row}\n")).collect())
        }
    }
}

/// Answers every line of `path` (`-`: standard input), one answer a line, until the input
/// ends or the reader of the answers goes; a line that cannot be answered gives its error
/// in its place, and the command ends with status 2 after the rest.
fn batch(
    path: &Path,
    args: &Args,
    database: &mut Database,
    name: &str,
    format: Format,
) -> Result<()> {
    let reader: Box<dyn BufRead> = if path == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        let file = std::fs::File::open(path).map_err(Error::io(path))?;
        Box::new(std::io::BufReader::new(file))
    };
    let header = if args.one_sided {
        csv_header::<RaceRow>()
    } else {
        csv_header::<Row>()
    };
    if format == Format::Csv && !write_stdout_while_read(header.as_bytes())? {
        return Ok(());
    }
    let (mut answered, mut failed) = (0u64, 0u64);
    for (number, bytes) in (1..).zip(reader.split(b'\n')) {
        let bytes = bytes.map_err(Error::io(path))?;
        let (id, result) = match std::str::from_utf8(&bytes) {
            Ok(line) => {
                let mut words = line.split_whitespace();
                let Some(id) = words.next() else { continue };
                (id.to_owned(), batch_line(id, words, args, database, name))
            }
            Err(_) => (
                format!("line {number}"),
                Err(Error::Usage(format!("line {number} is not UTF-8 text"))),
            ),
        };
        let id = id.as_str();
        let text = match result {
            Ok(position) => {
                answered += 1;
                position.line(format)?
            }
            Err(error) => {
                failed += 1;
                failed_line(id, &error, format, &header)?
            }
        };
        if !write_stdout_while_read(text.as_bytes())? {
            return Ok(());
        }
    }
    if failed > 0 {
        return Err(Error::NotComputable(format!(
            "{failed} of {} positions could not be answered (each said so in its line)",
            answered + failed
        )));
    }
    Ok(())
}

/// The answer to a batch line's `id` and the words after it: a roll, and nothing more.
fn batch_line<'w>(
    id: &str,
    mut words: impl Iterator<Item = &'w str>,
    args: &Args,
    database: &mut Database,
    name: &str,
) -> Result<Answered> {
    let roll = (words.next().map(str::parse::<Roll>).transpose())
        .map_err(|error| Error::Usage(format!("{id}: {error}")))?;
    let rest: Vec<&str> = words.collect();
    if !rest.is_empty() {
        return Err(Error::Usage(format!(
            "{id}: a line holds an ID and a roll at most; {:?} after them",
            rest.join(" ")
        )));
    }
    answer(id, roll, args, database, name)
}

/// The line of a position that could not be answered.
fn failed_line(id: &str, error: &Error, format: Format, header: &str) -> Result<String> {
    Ok(match format {
        Format::Text => format!("{id}: error: {error}\n"),
        Format::Json => {
            let failed = serde_json::json!({ "id": id, "error": error.to_string() });
            serde_json::to_string(&failed).library()? + "\n"
        }
        Format::Csv => {
            // The id first and the error last, the answer's fields empty between.
            let fields = header.trim_end().split(',').count();
            let mut record = vec![String::new(); fields];
            record[0] = id.to_owned();
            record[fields - 1] = error.to_string();
            let rows = csv(&[record])?;
            rows.lines()
                .next()
                .map(|row| format!("{row}\n"))
                .unwrap_or_default()
        }
    })
}

/// A side's count.
#[derive(Debug, Clone, Serialize)]
pub struct Side {
    /// The pip count.
    pub pips: u32,
    /// Checkers on the board.
    pub checkers: u32,
}

/// A legal play of the roll, ranked.
#[derive(Debug, Clone, Serialize)]
pub struct Play {
    /// The play in the field's notation, as `6/off 5/3`.
    pub play: String,
    /// The mover's checkers after it: points 1 to 24 from his side, 25 the bar; empty when
    /// all are off.
    pub leaves: Vec<u32>,
    /// The Position ID after the play, the opponent then on roll.
    pub position_id: String,
    /// The mover's money equity after the play and the opponent's cube decision.
    pub equity: f64,
    /// The mover's cubeless money equity after it.
    pub cubeless: f64,
    /// The equity given up against the best play.
    pub loss: f64,
}

/// One position's answer.
#[derive(Debug, Clone, Serialize)]
pub struct Position {
    /// The board, from the player on roll.
    #[serde(skip)]
    pub board: Board,
    /// The ID as asked.
    pub id: String,
    /// The Position ID, from the player on roll.
    pub position_id: String,
    /// The XGID, the player on roll at the bottom.
    pub xgid: String,
    /// The database answering.
    pub database: String,
    /// The player on roll.
    pub on_roll: Side,
    /// The opponent.
    pub opponent: Side,
    /// The cube's value.
    pub cube_value: u32,
    /// The cube: `centred`, `owned` (by the player on roll) or `opponent`.
    pub cube: &'static str,
    /// P(win), cubeless.
    pub win: f64,
    /// P(win a gammon or a backgammon).
    pub win_gammon: f64,
    /// P(win a backgammon).
    pub win_backgammon: f64,
    /// P(lose a gammon or a backgammon).
    pub lose_gammon: f64,
    /// P(lose a backgammon).
    pub lose_backgammon: f64,
    /// The cubeless money equity.
    pub cubeless_equity: f64,
    /// The money equity with the cube centred, not doubling now.
    pub centred: f64,
    /// Owning the cube, not redoubling now.
    pub owned: f64,
    /// The opponent owning the cube.
    pub opponent_owns: f64,
    /// With this cube: the equity of not doubling, of doubling and being taken, of
    /// doubling and being passed (1).
    pub no_double: f64,
    /// The equity of a double taken: 2 × the equity with the opponent owning the cube.
    pub double_take: f64,
    /// The proper cube action with this cube.
    pub cube_action: String,
    /// Too good to double (play on for the gammon).
    pub too_good: bool,
    /// The player on roll's gammon values W and L, the average cubeless values of his wins
    /// and losses.
    pub gammon_values: GammonValues<f64>,
    /// The player on roll's market window (dead and fully live cube): his take, double,
    /// cash and too good points as winning chances.
    pub market_window: MarketWindow<f64>,
    /// The opponent's market window, in his winning chances.
    pub opponent_market_window: MarketWindow<f64>,
    /// The roll played, if any.
    pub roll: Option<String>,
    /// The roll's legal plays, best first.
    pub plays: Vec<Play>,
}

fn cube_name(cube: CubeOwnership) -> &'static str {
    match cube {
        CubeOwnership::Centred => "centred",
        CubeOwnership::Owned => "owned",
        CubeOwnership::OpponentOwns => "opponent",
    }
}

impl Position {
    fn of(id: &str, asked: &Setup, answer: &Answer, database: &str) -> Position {
        let board = &asked.board;
        let (pips, their_pips) = board.pip_counts();
        let (checkers, their_checkers) = board.checkers();
        let entry = &answer.entry;
        let outcomes = &entry.outcomes;
        Position {
            board: *board,
            id: id.to_owned(),
            position_id: board.position_id(),
            xgid: asked.xgid(),
            database: database.to_owned(),
            on_roll: Side { pips, checkers },
            opponent: Side {
                pips: their_pips,
                checkers: their_checkers,
            },
            cube_value: asked.cube_value,
            cube: cube_name(asked.cube),
            win: outcomes.win,
            win_gammon: outcomes.win_gammon,
            win_backgammon: outcomes.win_backgammon,
            lose_gammon: outcomes.lose_gammon,
            lose_backgammon: outcomes.lose_backgammon,
            cubeless_equity: outcomes.cubeless_equity(),
            centred: entry.centred,
            owned: entry.owned,
            opponent_owns: entry.opponent_owns,
            no_double: entry.no_double(asked.cube),
            double_take: entry.double_take(),
            cube_action: answer.cube_action.name().to_owned(),
            too_good: answer.too_good,
            gammon_values: outcomes.gammon_values(),
            market_window: answer.market_window.clone(),
            opponent_market_window: answer.opponent_market_window.clone(),
            roll: asked.roll.map(|roll| roll.to_string()),
            plays: answer
                .plays
                .iter()
                .map(|play| Play {
                    play: play
                        .notation
                        .clone()
                        .unwrap_or_else(|| leaves(&Board::places(&play.after.on_roll))),
                    leaves: Board::places(&play.after.on_roll),
                    position_id: play.after.swapped().position_id(),
                    equity: play.equity,
                    cubeless: play.cubeless,
                    loss: play.loss,
                })
                .collect(),
        }
    }

    /// P, the equity with the cube as asked, the cube action and the best play.
    fn summary(&self) -> String {
        let best = self
            .plays
            .first()
            .map(|play| {
                format!(
                    "; {} best {} ({:+.6})",
                    self.roll.as_deref().unwrap_or(""),
                    play.play,
                    play.equity
                )
            })
            .unwrap_or_default();
        format!(
            "{}: P(win) {:.6}, cubeless {:+.6}, cube {} {}: {:+.6}, {}{}{}",
            self.id,
            self.win,
            self.cubeless_equity,
            self.cube_value,
            self.cube,
            self.no_double,
            self.cube_action,
            if self.too_good {
                " (too good to double)"
            } else {
                ""
            },
            best
        )
    }
}

/// The two market windows as gnubg's `show marketwindow` lays them out, in percent.
fn market_text(position: &Position) -> String {
    let values = &position.gammon_values;
    let sides = format!("{:<28}{:^20}{:^22}", "", "on roll", "  opponent");
    let mut text = format!(
        "Market window, Janowski's points from the gammon values W {:.4}, L {:.4} of the player\n\
         on roll (the cube action above is the database's own):\n{}\n\
         {:<28}{:>10}{:>10}{:>12}{:>10}\n",
        values.win,
        values.loss,
        sides.trim_end(),
        "",
        "dead",
        "live",
        "dead",
        "live"
    );
    let (mine, theirs) = (&position.market_window, &position.opponent_market_window);
    let columns = [&mine.dead, &mine.live, &theirs.dead, &theirs.live].map(CubePoints::named);
    for row in 0..5 {
        let [a, b, c, d] = columns.map(|points| 100.0 * points[row].1);
        text.push_str(&format!(
            "{:<28}{a:>9.3}%{b:>9.3}%{c:>11.3}%{d:>9.3}%\n",
            columns[0][row].0
        ));
    }
    text
}

/// A side's checkers after a play, in words.
fn leaves(places: &[u32]) -> String {
    if places.is_empty() {
        return "all off".to_owned();
    }
    let named: Vec<String> = places
        .iter()
        .rev()
        .map(|&place| {
            if place == BAR as u32 + 1 {
                "bar".to_owned()
            } else {
                place.to_string()
            }
        })
        .collect();
    named.join(" ")
}

/// The CSV's header line for rows of `R`.
fn csv_header<R: Serialize + Default>() -> String {
    csv(&[R::default()]).map_or_else(
        |_| String::new(),
        |text| text.lines().next().unwrap_or_default().to_owned() + "\n",
    )
}

/// A flat record of one answer.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Row {
    id: String,
    position_id: String,
    cube_value: Option<u32>,
    cube: String,
    win: Option<f64>,
    win_gammon: Option<f64>,
    win_backgammon: Option<f64>,
    lose_gammon: Option<f64>,
    lose_backgammon: Option<f64>,
    cubeless_equity: Option<f64>,
    centred: Option<f64>,
    owned: Option<f64>,
    opponent_owns: Option<f64>,
    cube_action: String,
    too_good: Option<bool>,
    take_point_dead: Option<f64>,
    take_point_live: Option<f64>,
    double_point_dead: Option<f64>,
    double_point_live: Option<f64>,
    cash_point_dead: Option<f64>,
    cash_point_live: Option<f64>,
    roll: String,
    best_play: String,
    best_play_equity: Option<f64>,
    error: String,
}

impl Report for Position {
    type Row = Row;

    fn text(&self) -> String {
        let mut text = board_text(self);
        text.push_str(&format!(
            "\nPosition ID: {}   {}\nDatabase: {}\n\
             Cubeless: P(win) {:.6}, gammons {:.6} won and {:.6} lost, backgammons {:.6} and {:.6}; equity {:+.6}.\n\
             Cubeful equities before the cube decision: centred {:+.6}, owned {:+.6}, the opponent's {:+.6}.\n\
             With the cube {} at {}: no double {:+.6}, double/take {:+.6}, double/pass +1.000000.\n\
             Proper cube action: {}{}.\n",
            self.position_id,
            self.xgid,
            self.database,
            self.win,
            self.win_gammon,
            self.lose_gammon,
            self.win_backgammon,
            self.lose_backgammon,
            self.cubeless_equity,
            self.centred,
            self.owned,
            self.opponent_owns,
            self.cube,
            self.cube_value,
            self.no_double,
            self.double_take,
            self.cube_action,
            if self.too_good { " (too good to double: play on for the gammon)" } else { "" },
        ));
        text.push_str(&market_text(self));
        if let Some(roll) = &self.roll {
            let plays = self.plays.len();
            text.push_str(&format!(
                "Roll {roll}: {plays} legal play{}, best first (equity, loss):\n",
                if plays == 1 { "" } else { "s" }
            ));
            if plays == 0 {
                text.push_str("  none: the roll cannot be played.\n");
            }
            for (rank, play) in self.plays.iter().enumerate() {
                text.push_str(&format!(
                    "  {:>2}. {:<24} {:+.6}  {:.6}\n",
                    rank + 1,
                    play.play,
                    play.equity,
                    play.loss
                ));
            }
        }
        text
    }

    fn rows(&self) -> Vec<Row> {
        let best = self.plays.first();
        vec![Row {
            id: self.id.clone(),
            position_id: self.position_id.clone(),
            cube_value: Some(self.cube_value),
            cube: self.cube.to_owned(),
            win: Some(self.win),
            win_gammon: Some(self.win_gammon),
            win_backgammon: Some(self.win_backgammon),
            lose_gammon: Some(self.lose_gammon),
            lose_backgammon: Some(self.lose_backgammon),
            cubeless_equity: Some(self.cubeless_equity),
            centred: Some(self.centred),
            owned: Some(self.owned),
            opponent_owns: Some(self.opponent_owns),
            cube_action: self.cube_action.clone(),
            too_good: Some(self.too_good),
            take_point_dead: Some(self.opponent_market_window.dead.take),
            take_point_live: Some(self.opponent_market_window.live.take),
            double_point_dead: Some(self.market_window.dead.initial_double),
            double_point_live: Some(self.market_window.live.initial_double),
            cash_point_dead: Some(self.market_window.dead.cash),
            cash_point_live: Some(self.market_window.live.cash),
            roll: self.roll.clone().unwrap_or_default(),
            best_play: best.map(|play| play.play.clone()).unwrap_or_default(),
            best_play_equity: best.map(|play| play.equity),
            error: String::new(),
        }]
    }
}

/// A side's rolls to bear off.
#[derive(Debug, Clone, Serialize)]
pub struct Rolls {
    /// The pip count.
    pub pips: u32,
    /// E N, the expected rolls, as a fraction.
    pub expected_rolls: String,
    /// E N in a float.
    pub expected_rolls_f64: f64,
    /// P{N = j} for j = 0, 1, …
    pub distribution: Vec<f64>,
}

impl Rolls {
    fn of(pips: u32, rolls: &RollsToBearOff) -> Rolls {
        Rolls {
            pips,
            expected_rolls: rolls.expected.to_string(),
            expected_rolls_f64: rolls.expected.to_f64().unwrap_or(f64::NAN),
            distribution: rolls
                .distribution
                .iter()
                .map(|p| p.to_f64().unwrap_or(f64::NAN))
                .collect(),
        }
    }
}

/// A bear-off answered from the one-sided database.
#[derive(Debug, Clone, Serialize)]
pub struct Race {
    /// The ID as asked.
    pub id: String,
    /// The Position ID.
    pub position_id: String,
    /// The database answering.
    pub database: String,
    /// The player on roll.
    pub on_roll: Rolls,
    /// The opponent.
    pub opponent: Rolls,
    /// P(the player on roll is off first), each side playing for its fewest rolls.
    pub win: f64,
    /// The same as a fraction.
    pub win_exact: String,
}

impl Race {
    fn of(id: &str, board: &Board, answer: &OneSidedAnswer, database: &str) -> Race {
        let (pips, their_pips) = board.pip_counts();
        Race {
            id: id.to_owned(),
            position_id: board.position_id(),
            database: database.to_owned(),
            on_roll: Rolls::of(pips, &answer.on_roll),
            opponent: Rolls::of(their_pips, &answer.opponent),
            win: answer.win.to_f64().unwrap_or(f64::NAN),
            win_exact: answer.win.to_string(),
        }
    }

    fn summary(&self) -> String {
        format!(
            "{}: expected rolls {:.6} against {:.6}, P(off first) {:.6}",
            self.id, self.on_roll.expected_rolls_f64, self.opponent.expected_rolls_f64, self.win
        )
    }
}

/// A flat record of a one-sided answer.
#[derive(Debug, Clone, Default, Serialize)]
pub struct RaceRow {
    id: String,
    position_id: String,
    pips: Option<u32>,
    expected_rolls: Option<f64>,
    opponent_pips: Option<u32>,
    opponent_expected_rolls: Option<f64>,
    win: Option<f64>,
    error: String,
}

impl Report for Race {
    type Row = RaceRow;

    fn text(&self) -> String {
        let side = |name: &str, rolls: &Rolls| {
            let chances: Vec<String> = rolls
                .distribution
                .iter()
                .enumerate()
                .filter(|(_, p)| **p > 0.0)
                .map(|(j, p)| format!("{j}: {:.6}", p))
                .collect();
            format!(
                "{name}: {} pips, expected rolls {} = {:.6}; P{{N = j}} {}\n",
                rolls.pips,
                rolls.expected_rolls,
                rolls.expected_rolls_f64,
                chances.join(", ")
            )
        };
        format!(
            "Position ID: {}\nDatabase: {}\n{}{}P(the player on roll is off first) = {} = {:.6}, each side bearing off in its fewest rolls.\n",
            self.position_id,
            self.database,
            side("On roll", &self.on_roll),
            side("Opponent", &self.opponent),
            self.win_exact,
            self.win
        )
    }

    fn rows(&self) -> Vec<RaceRow> {
        vec![RaceRow {
            id: self.id.clone(),
            position_id: self.position_id.clone(),
            pips: Some(self.on_roll.pips),
            expected_rolls: Some(self.on_roll.expected_rolls_f64),
            opponent_pips: Some(self.opponent.pips),
            opponent_expected_rolls: Some(self.opponent.expected_rolls_f64),
            win: Some(self.win),
            error: String::new(),
        }]
    }
}

/// The board as GNU Backgammon's `show board` draws it: the player on roll (X) at the
/// bottom, his points 1 to 12 along the bottom edge from the right, 13 to 24 along the top;
/// five checkers a point drawn, more counted in the fifth row.
fn board_text(position: &Position) -> String {
    let board = position.board;
    let point = |p: usize| -> (char, u8) {
        let (x, o) = (board.on_roll[p - 1], board.opponent[24 - p]);
        if x > 0 { ('X', x) } else { ('O', o) }
    };
    let cell = |(symbol, count): (char, u8), row: u8| -> String {
        if count > row && (row < 4 || count <= 5) {
            format!(" {symbol} ")
        } else if row == 4 && count > 5 {
            format!("{count:>2} ")
        } else {
            "   ".to_owned()
        }
    };
    let cube = format!("(Cube: {})", position.cube_value);
    let side_note = |row: usize, top: bool| -> String {
        match (top, row, position.cube) {
            (true, 0, _) => format!(
                "     O: opponent, {} pips, {}",
                position.opponent.pips,
                backgammon_cube::count_of_checkers(position.opponent.checkers)
            ),
            (true, 1, "opponent") | (false, 1, "owned") => format!("     {cube}"),
            (false, 0, _) => format!(
                "     X: on roll, {} pips, {}",
                position.on_roll.pips,
                backgammon_cube::count_of_checkers(position.on_roll.checkers)
            ),
            _ => String::new(),
        }
    };
    let mut text = String::from(" +13-14-15-16-17-18------19-20-21-22-23-24-+\n");
    for row in 0..5u8 {
        let left: String = (13..=18).map(|p| cell(point(p), row)).collect();
        let right: String = (19..=24).map(|p| cell(point(p), row)).collect();
        let bar = cell(('O', board.opponent[BAR]), row);
        text.push_str(&format!(
            " |{left}|{bar}|{right}|{}\n",
            side_note(usize::from(row), true)
        ));
    }
    let middle = if position.cube == "centred" {
        format!("     {cube}")
    } else {
        String::new()
    };
    text.push_str(&format!(
        "v|                  |BAR|                  |{middle}\n"
    ));
    for row in (0..5u8).rev() {
        let left: String = (7..=12).rev().map(|p| cell(point(p), row)).collect();
        let right: String = (1..=6).rev().map(|p| cell(point(p), row)).collect();
        let bar = cell(('X', board.on_roll[BAR]), row);
        text.push_str(&format!(
            " |{left}|{bar}|{right}|{}\n",
            side_note(usize::from(row), false)
        ));
    }
    text.push_str(" +12-11-10--9--8--7-------6--5--4--3--2--1-+\n");
    text
}

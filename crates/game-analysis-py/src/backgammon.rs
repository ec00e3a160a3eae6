//! `game_analysis._native.backgammon`: Dotsenko and Marynych's backgammon, from
//! `backgammon_cube`: the single-checker race F(k, s), the cube equities, the one- and
//! two-sided bear-off databases, gnubg's bear-off files, and hypergammon with the cube.

use backgammon_cube::bearoff::{BearoffPosition, MAX_CHECKERS};
use backgammon_cube::cube::CubeOwnership;
use backgammon_cube::cube::{CubeEquities, CubeError};
use backgammon_cube::database::BearoffDatabase;
use backgammon_cube::dice::Roll;
use backgammon_cube::gnubg::{
    HypergammonFile, OneSidedFile, OneSidedLayout, TwoSidedReader, build_two_sided_file,
    write_hypergammon_file,
};
use backgammon_cube::hypergammon::{
    BAR, DanceRule, HypergammonDatabase, HypergammonEntry, HypergammonPosition, SolveOptions,
};
use backgammon_cube::hypergammon_census::Census;
use backgammon_cube::market::MarketWindow;
use backgammon_cube::notation::Setup;
use backgammon_cube::query::{Answer, Source, query};
use backgammon_cube::race::TurnCounts;
use backgammon_cube::two_sided::{MAX_MEASURED_CHECKERS, TwoSidedDatabase};
use game_core::number::Real;
use num_bigint::BigInt;
use num_rational::BigRational;
use pyo3::prelude::*;

use crate::{BackgammonError, Float, Whole, interruptible, library, pair, raise, small_in};

/// The largest pip count of the race table and of the cube table in floats: both grow
/// with its square (F(2000, 2000) exactly takes about a second).
const MAX_PIPS: u32 = 2000;

/// The largest pip count of the exact cube table, whose fractions' denominators are powers
/// of 36 (all pairs up to 110 pips take about 12 s).
const MAX_EXACT_CUBE_PIPS: u32 = 120;

/// The pip counts k and s, each at most `max`.
fn pip_counts(k: &BigInt, s: &BigInt, max: u32) -> PyResult<(u32, u32)> {
    Ok((
        small_in::<BackgammonError, _>("k", k, 1..=max)?,
        small_in::<BackgammonError, _>("s", s, 1..=max)?,
    ))
}

/// A's four equities at (k, s) from a cube table in `T`.
fn equities_in<T: Real>(k: u32, s: u32) -> Result<[T; 4], CubeError> {
    let table = CubeEquities::<T>::new(k.max(s).max(1))?;
    Ok([
        table.owned(k, s)?,
        table.centred(k, s)?,
        table.owned_no_double(k, s)?,
        table.centred_no_double(k, s)?,
    ])
}

/// Table 5's three decisions at (k, s) from a cube table in `T`: (double, redouble, take).
fn decisions_in<T: Real>(k: u32, s: u32) -> Result<(bool, bool, bool), CubeError> {
    let table = CubeEquities::<T>::new(k.max(s).max(1))?;
    let decisions = table.decisions(k, s)?;
    Ok((decisions.double, decisions.redouble, decisions.take))
}

/// A bear-off position from its checkers' points (one entry per checker, 1 to 6).
fn position(points: &[Whole]) -> PyResult<BearoffPosition> {
    let points = points
        .iter()
        .map(|point| small_in::<BackgammonError, _>("a point", point, 1..=6))
        .collect::<PyResult<Vec<u32>>>()?;
    BearoffPosition::from_points(&points).map_err(raise::<BackgammonError>)
}

/// F(k, s), exactly: the chance that the player on roll, at pip count k, wins the
/// single-checker race against pip count s (Table 4); pip counts up to 2000.
#[pyfunction]
fn race_win_probability(py: Python<'_>, k: Whole, s: Whole) -> PyResult<(BigInt, BigInt)> {
    let (k, s) = pip_counts(&k, &s, MAX_PIPS)?;
    let value = interruptible(py, move || TurnCounts::new(k.max(s)).win_probability(k, s))?
        .map_err(raise::<BackgammonError>)?;
    Ok(pair(&value))
}

/// A's money equities at (k, s), exactly, per unit of the current stake (recursion
/// (7)–(15)): owning the cube, with it centred, and the same two when A does not double this
/// turn; pip counts up to 120.
#[pyfunction]
fn cube_equities(py: Python<'_>, k: Whole, s: Whole) -> PyResult<[(BigInt, BigInt); 4]> {
    let (k, s) = pip_counts(&k, &s, MAX_EXACT_CUBE_PIPS)?;
    let values = interruptible(py, move || equities_in::<BigRational>(k, s))?
        .map_err(raise::<BackgammonError>)?;
    Ok(values.each_ref().map(pair))
}

/// [`cube_equities`] in floats, for pip counts up to 2000.
#[pyfunction]
fn cube_equities_float(py: Python<'_>, k: Whole, s: Whole) -> PyResult<[f64; 4]> {
    let (k, s) = pip_counts(&k, &s, MAX_PIPS)?;
    interruptible(py, move || equities_in::<f64>(k, s))?.map_err(raise::<BackgammonError>)
}

/// Table 5's decisions at (k, s), from the exact equities: (A doubles a centred cube, A
/// redoubles a cube he owns, B takes); pip counts up to 120.
#[pyfunction]
fn cube_decisions(py: Python<'_>, k: Whole, s: Whole) -> PyResult<(bool, bool, bool)> {
    let (k, s) = pip_counts(&k, &s, MAX_EXACT_CUBE_PIPS)?;
    interruptible(py, move || decisions_in::<BigRational>(k, s))?.map_err(raise::<BackgammonError>)
}

/// [`cube_decisions`] from equities in floats, for pip counts up to 2000.
#[pyfunction]
fn cube_decisions_float(py: Python<'_>, k: Whole, s: Whole) -> PyResult<(bool, bool, bool)> {
    let (k, s) = pip_counts(&k, &s, MAX_PIPS)?;
    interruptible(py, move || decisions_in::<f64>(k, s))?.map_err(raise::<BackgammonError>)
}

/// The one-sided bear-off database: for every position of at most `max_checkers` checkers
/// on the home points, the exact distribution of the rolls needed to bear off.
#[pyclass(name = "OneSidedDatabase", module = "game_analysis.backgammon", frozen)]
struct OneSided {
    database: BearoffDatabase,
}

#[pymethods]
impl OneSided {
    /// Builds the database (15 checkers: all 54,264 positions, about a second).
    #[new]
    #[pyo3(signature = (max_checkers = Whole(BigInt::from(15))))]
    fn new(py: Python<'_>, max_checkers: Whole) -> PyResult<Self> {
        let max_checkers =
            small_in::<BackgammonError, _>("max_checkers", &max_checkers, 1..=MAX_CHECKERS)?;
        let database = interruptible(py, move || BearoffDatabase::new(max_checkers))?
            .map_err(raise::<BackgammonError>)?;
        Ok(OneSided { database })
    }

    /// The number of positions.
    fn __len__(&self) -> usize {
        self.database.len()
    }

    /// E N, the expected number of rolls to bear off the position, exactly.
    fn expected_rolls(&self, points: Vec<Whole>) -> PyResult<(BigInt, BigInt)> {
        let value = self
            .database
            .expected_rolls(&position(&points)?)
            .map_err(raise::<BackgammonError>)?;
        Ok(pair(&value))
    }

    /// P{N = j} for j = 0, 1, …, exactly.
    fn rolls_distribution(&self, points: Vec<Whole>) -> PyResult<Vec<(BigInt, BigInt)>> {
        let distribution = self
            .database
            .rolls_distribution(&position(&points)?)
            .map_err(raise::<BackgammonError>)?;
        Ok(distribution.iter().map(pair).collect())
    }
}

/// The two-sided bear-off database: the cubeless chance and the cubeful money equities (no
/// gammons) of every pair of positions of at most `checkers` checkers a side, in floats.
#[pyclass(name = "TwoSidedDatabase", module = "game_analysis.backgammon", frozen)]
struct TwoSided {
    database: TwoSidedDatabase<f64>,
}

#[pymethods]
impl TwoSided {
    /// Builds the database (6 checkers a side: 924 positions, a quarter of a second).
    #[new]
    fn new(py: Python<'_>, checkers: Whole) -> PyResult<Self> {
        let checkers =
            small_in::<BackgammonError, _>("checkers", &checkers, 1..=MAX_MEASURED_CHECKERS)?;
        let database = interruptible(py, move || TwoSidedDatabase::<f64>::new(checkers))?
            .map_err(library::<BackgammonError>)?;
        Ok(TwoSided { database })
    }

    /// The number of positions a side (the empty one included).
    fn positions(&self) -> usize {
        self.database.positions()
    }

    /// The position of a gnubg ID or an XGID asked of the database.
    #[pyo3(signature = (id, roll = None, cube = None))]
    fn query(&self, id: &str, roll: Option<&str>, cube: Option<&str>) -> PyResult<QueryValues> {
        ask(&self.database, id, roll, cube)
    }

    /// P, the cubeless chance that the player on roll wins.
    fn win_probability(&self, on_roll: Vec<Whole>, opponent: Vec<Whole>) -> PyResult<f64> {
        self.database
            .win_probability(&position(&on_roll)?, &position(&opponent)?)
            .map_err(raise::<BackgammonError>)
    }

    /// (P, centred, owned, opponent owns): the cubeless chance and the cubeful equities of
    /// the player on roll before his cube decision.
    fn equities(
        &self,
        on_roll: Vec<Whole>,
        opponent: Vec<Whole>,
    ) -> PyResult<(f64, f64, f64, f64)> {
        let entry = self
            .database
            .equities(&position(&on_roll)?, &position(&opponent)?)
            .map_err(raise::<BackgammonError>)?;
        Ok((entry.win, entry.centred, entry.owned, entry.opponent_owns))
    }

    /// The cube action of the player on roll: "no double", "double, take" or "double, pass";
    /// `cube` is "centred", "owned" (by the player on roll) or "opponent owns".
    #[pyo3(signature = (on_roll, opponent, cube = "centred"))]
    fn cube_action(
        &self,
        on_roll: Vec<Whole>,
        opponent: Vec<Whole>,
        cube: &str,
    ) -> PyResult<&'static str> {
        let action = self
            .database
            .cube_action(
                &position(&on_roll)?,
                &position(&opponent)?,
                ownership(cube)?,
            )
            .map_err(raise::<BackgammonError>)?;
        Ok(action.name())
    }
}

/// The cube's owner named in Python: "centred", "owned" (by the player on roll) or
/// "opponent owns".
fn ownership(cube: &str) -> PyResult<CubeOwnership> {
    match cube {
        "centred" => Ok(CubeOwnership::Centred),
        "owned" => Ok(CubeOwnership::Owned),
        "opponent owns" => Ok(CubeOwnership::OpponentOwns),
        other => Err(raise::<BackgammonError>(format!(
            "cube {other:?}: expected \"centred\", \"owned\" or \"opponent owns\""
        ))),
    }
}

/// One play of a query: its notation, the Position ID after it (the opponent on roll), the
/// mover's equity after the opponent's cube decision, his cubeless equity, and the loss
/// against the best play.
type PlayValues = (String, String, f64, f64, f64);

/// A query's answer: the Position ID and XGID, the cube's value and owner, the five cubeless
/// outcomes, the cubeless equity, the equities centred, owned and the opponent's, those of
/// no double and of a double taken with the cube asked, the proper cube action, too good to
/// double, the roll, and its plays best first.
type QueryValues = (
    String,
    String,
    u32,
    &'static str,
    [f64; 5],
    f64,
    [f64; 3],
    [f64; 2],
    // The cube action, too good, the market windows of the player on roll and the opponent.
    (&'static str, bool, [WindowValues; 2]),
    Option<String>,
    Vec<PlayValues>,
);

/// A market window: the dead cube's points, then the live cube's (TP, IDP, RDP, CP, TG).
type WindowValues = [[f64; 5]; 2];

fn window_values(window: &MarketWindow<f64>) -> WindowValues {
    [&window.dead, &window.live].map(|points| points.named().map(|(_, point)| point))
}

/// The position of `id` (a gnubg ID or an XGID), with `roll` (`"6-5"`) and `cube` over
/// the ID's.
fn setup_of(id: &str, roll: Option<&str>, cube: Option<&str>) -> PyResult<Setup> {
    let setup: Setup = id.parse().map_err(raise::<BackgammonError>)?;
    let roll = match roll {
        Some(roll) => Some(roll.parse::<Roll>().map_err(raise::<BackgammonError>)?),
        None => setup.roll,
    };
    let cube = match cube {
        Some(cube) => ownership(cube)?,
        None => setup.cube,
    };
    Ok(Setup {
        roll,
        cube,
        ..setup
    })
}

fn ownership_name(cube: CubeOwnership) -> &'static str {
    match cube {
        CubeOwnership::Centred => "centred",
        CubeOwnership::Owned => "owned",
        CubeOwnership::OpponentOwns => "opponent owns",
    }
}

fn query_values(setup: &Setup, answer: &Answer) -> QueryValues {
    let entry = &answer.entry;
    let o = &entry.outcomes;
    let plays = answer
        .plays
        .iter()
        .map(|play| {
            (
                play.notation.clone().unwrap_or_default(),
                play.after.swapped().position_id(),
                play.equity,
                play.cubeless,
                play.loss,
            )
        })
        .collect();
    (
        setup.board.position_id(),
        setup.xgid(),
        setup.cube_value,
        ownership_name(setup.cube),
        [
            o.win,
            o.win_gammon,
            o.win_backgammon,
            o.lose_gammon,
            o.lose_backgammon,
        ],
        o.cubeless_equity(),
        [entry.centred, entry.owned, entry.opponent_owns],
        [entry.no_double(setup.cube), entry.double_take()],
        (
            answer.cube_action.name(),
            answer.too_good,
            [
                window_values(&answer.market_window),
                window_values(&answer.opponent_market_window),
            ],
        ),
        setup.roll.map(|roll| roll.to_string()),
        plays,
    )
}

/// Asks `source` about the position of `id`.
fn ask(
    source: impl Source,
    id: &str,
    roll: Option<&str>,
    cube: Option<&str>,
) -> PyResult<QueryValues> {
    let setup = setup_of(id, roll, cube)?;
    let answer =
        query(source, &setup.board, setup.cube, setup.roll).map_err(raise::<BackgammonError>)?;
    Ok(query_values(&setup, &answer))
}

/// The most points of a one-sided file built from Python (about 3 s); larger files, up to
/// gnubg's 13, are built by `game-analysis bearoff --one-sided P`.
const MAX_PYTHON_ONE_SIDED_POINTS: u32 = 8;

/// gnubg's one-sided bear-off file (`makebearoff -o P`), built in memory.
#[pyclass(
    name = "GnubgOneSidedFile",
    module = "game_analysis.backgammon",
    frozen
)]
struct GnubgOneSided {
    file: OneSidedFile,
}

#[pymethods]
impl GnubgOneSided {
    /// Builds the file for `points` points (1 to 8 here) and fifteen checkers; `gammon` and
    /// `compress` as gnubg's defaults (`-g` and `-c` turn them off).
    #[new]
    #[pyo3(signature = (points, gammon = true, compress = true))]
    fn new(py: Python<'_>, points: Whole, gammon: bool, compress: bool) -> PyResult<Self> {
        let points =
            small_in::<BackgammonError, _>("points", &points, 1..=MAX_PYTHON_ONE_SIDED_POINTS)?;
        let layout = OneSidedLayout { gammon, compress };
        let file = interruptible(py, move || {
            backgammon_cube::gnubg::one_sided_file(points, layout)
        })?
        .map_err(library::<BackgammonError>)?;
        Ok(GnubgOneSided { file })
    }

    /// The number of positions, C(P + 15, P).
    fn positions(&self) -> usize {
        self.file.positions()
    }

    /// The distributions of position `id` in gnubg's numbering: the chances, in units of
    /// 1/65,535, of bearing all checkers off in exactly 0, 1, …, 31 rolls, and of bearing
    /// the first one off.
    fn distributions(&self, id: Whole) -> PyResult<(Vec<u16>, Vec<u16>)> {
        let positions = self.file.positions() as u32;
        let id = small_in::<BackgammonError, _>("id", &id, 0..=positions - 1)?;
        let (win, gammon) = self
            .file
            .distributions(id)
            .ok_or_else(|| raise::<BackgammonError>(format!("no position {id}")))?;
        Ok((win.to_vec(), gammon.to_vec()))
    }

    /// The file's bytes, as gnubg writes them.
    fn to_bytes(&self) -> Vec<u8> {
        self.file.to_bytes()
    }
}

/// The most checkers a side of a two-sided file built from Python (6x8: about 3 s);
/// larger ones, up to the complete 6x15, are built by `game-analysis bearoff --two-sided 6xC
/// --work-dir DIR`.
const MAX_PYTHON_TWO_SIDED_CHECKERS: u32 = 8;

/// Builds gnubg's two-sided file for `checkers` checkers a side (1 to 8 here) at `out`, out
/// of core, keeping its work in `work_dir`; a build interrupted resumes when called again.
#[pyfunction]
fn build_gnubg_two_sided_file(
    py: Python<'_>,
    checkers: Whole,
    work_dir: std::path::PathBuf,
    out: std::path::PathBuf,
) -> PyResult<()> {
    let checkers =
        small_in::<BackgammonError, _>("checkers", &checkers, 1..=MAX_PYTHON_TWO_SIDED_CHECKERS)?;
    interruptible(py, move || {
        build_two_sided_file(checkers, &work_dir, &out, |_| {})
    })?
    .map_err(library::<BackgammonError>)
}

/// A gnubg two-sided bear-off file read entry by entry, without loading it.
#[pyclass(
    name = "GnubgTwoSidedFile",
    module = "game_analysis.backgammon",
    frozen
)]
struct GnubgTwoSided {
    file: std::sync::Mutex<TwoSidedReader>,
}

impl GnubgTwoSided {
    fn read<T>(
        &self,
        read: impl FnOnce(&mut TwoSidedReader) -> Result<T, backgammon_cube::gnubg::ReadError>,
    ) -> PyResult<T> {
        let mut file = self
            .file
            .lock()
            .map_err(|_| raise::<BackgammonError>("the file was poisoned by a failed read"))?;
        read(&mut file).map_err(raise::<BackgammonError>)
    }
}

#[pymethods]
impl GnubgTwoSided {
    /// Opens the file at `path` and checks its header and length.
    #[new]
    fn new(path: std::path::PathBuf) -> PyResult<Self> {
        let file = TwoSidedReader::open(path).map_err(raise::<BackgammonError>)?;
        Ok(GnubgTwoSided {
            file: std::sync::Mutex::new(file),
        })
    }

    /// C, the most checkers a side.
    fn max_checkers(&self) -> PyResult<u32> {
        self.read(|file| Ok(file.max_checkers()))
    }

    /// The position of a gnubg ID or an XGID asked of the file, read entry by entry.
    #[pyo3(signature = (id, roll = None, cube = None))]
    fn query(&self, id: &str, roll: Option<&str>, cube: Option<&str>) -> PyResult<QueryValues> {
        let mut file = self
            .file
            .lock()
            .map_err(|_| raise::<BackgammonError>("the file was poisoned by a failed read"))?;
        ask(&mut *file, id, roll, cube)
    }

    /// (P, centred, owned, opponent owns), as gnubg reads them.
    fn equities(
        &self,
        on_roll: Vec<Whole>,
        opponent: Vec<Whole>,
    ) -> PyResult<(f64, f64, f64, f64)> {
        let (x, y) = (position(&on_roll)?, position(&opponent)?);
        let entry = self.read(|file| file.equities(&x, &y))?;
        Ok((entry.win, entry.centred, entry.owned, entry.opponent_owns))
    }

    /// The four stored 16-bit values: cubeless, owned, centred, opponent owns.
    fn stored(&self, on_roll: Vec<Whole>, opponent: Vec<Whole>) -> PyResult<[u16; 4]> {
        let (x, y) = (position(&on_roll)?, position(&opponent)?);
        self.read(|file| file.stored(&x, &y))
    }

    /// The cube action of the player on roll, as `TwoSidedDatabase.cube_action`.
    #[pyo3(signature = (on_roll, opponent, cube = "centred"))]
    fn cube_action(
        &self,
        on_roll: Vec<Whole>,
        opponent: Vec<Whole>,
        cube: &str,
    ) -> PyResult<&'static str> {
        let (x, y, owner) = (position(&on_roll)?, position(&opponent)?, ownership(cube)?);
        Ok(self.read(|file| file.cube_action(&x, &y, owner))?.name())
    }
}

/// The places of a hypergammon side's checkers, one entry per checker: 1 to 24, 25 the bar.
fn places(places: &[Whole]) -> PyResult<Vec<u32>> {
    places
        .iter()
        .map(|place| small_in::<BackgammonError, _>("a place", place, 1..=BAR))
        .collect()
}

/// The hypergammon position of `checkers` a side with these places.
fn hypergammon_position(
    checkers: u32,
    on_roll: &[Whole],
    opponent: &[Whole],
) -> PyResult<HypergammonPosition> {
    HypergammonPosition::new(checkers, &places(on_roll)?, &places(opponent)?)
        .map_err(raise::<BackgammonError>)
}

/// A hypergammon entry's nine values, in gnubg's order.
type EntryValues = (f64, f64, f64, f64, f64, f64, f64, f64, f64);

fn entry_values(entry: &HypergammonEntry) -> EntryValues {
    (
        entry.win,
        entry.win_gammon,
        entry.win_backgammon,
        entry.lose_gammon,
        entry.lose_backgammon,
        entry.owned,
        entry.centred,
        entry.centred_jacoby,
        entry.opponent_owns,
    )
}

/// Hypergammon solved with the cube: every position's cubeless outcomes and money equities.
#[pyclass(
    name = "HypergammonDatabase",
    module = "game_analysis.backgammon",
    frozen
)]
struct Hypergammon {
    database: HypergammonDatabase,
}

impl Hypergammon {
    fn entry_of(&self, position: &HypergammonPosition) -> PyResult<HypergammonEntry> {
        self.database
            .entry(position)
            .map_err(raise::<BackgammonError>)
    }
}

#[pymethods]
impl Hypergammon {
    /// Solves hypergammon with `checkers` a side (1: milliseconds; 2: a few seconds; 3: about
    /// twenty minutes) to `tolerance`; `dance` is "pass" (the rules) or "makehyper".
    #[new]
    #[pyo3(signature = (checkers, tolerance = Float(1e-12), dance = "pass"))]
    fn new(py: Python<'_>, checkers: Whole, tolerance: Float, dance: &str) -> PyResult<Self> {
        let Float(tolerance) = tolerance;
        let checkers = small_in::<BackgammonError, _>("checkers", &checkers, 1..=3)?;
        let dance = match dance {
            "pass" => DanceRule::PassTurn,
            "makehyper" => DanceRule::Makehyper,
            other => {
                return Err(raise::<BackgammonError>(format!(
                    "dance {other:?}: expected \"pass\" or \"makehyper\""
                )));
            }
        };
        let options = SolveOptions {
            tolerance,
            dance,
            ..SolveOptions::default()
        };
        let database = interruptible(py, move || {
            HypergammonDatabase::solve(checkers, &options, |_| {})
        })?
        .map_err(library::<BackgammonError>)?;
        Ok(Hypergammon { database })
    }

    /// (checkers a side, positions, sweeps, residual, cubeless and cubeful error bounds).
    fn summary(&self) -> (u32, usize, u32, f64, f64, f64) {
        let d = &self.database;
        (
            d.checkers(),
            d.positions(),
            d.sweeps(),
            d.residual(),
            d.cubeless_error_bound(),
            d.cubeful_error_bound(),
        )
    }

    /// The nine values of the position (the places of the player on roll's checkers and of
    /// the opponent's, each from its owner's side).
    fn entry(&self, on_roll: Vec<Whole>, opponent: Vec<Whole>) -> PyResult<EntryValues> {
        let position = hypergammon_position(self.database.checkers(), &on_roll, &opponent)?;
        Ok(entry_values(&self.entry_of(&position)?))
    }

    /// The cube action of the player on roll, as `TwoSidedDatabase.cube_action`.
    #[pyo3(signature = (on_roll, opponent, cube = "centred"))]
    fn cube_action(
        &self,
        on_roll: Vec<Whole>,
        opponent: Vec<Whole>,
        cube: &str,
    ) -> PyResult<&'static str> {
        let position = hypergammon_position(self.database.checkers(), &on_roll, &opponent)?;
        Ok(self
            .entry_of(&position)?
            .cube_action(ownership(cube)?)
            .name())
    }

    /// The position of a gnubg ID or an XGID asked of the database.
    #[pyo3(signature = (id, roll = None, cube = None))]
    fn query(&self, id: &str, roll: Option<&str>, cube: Option<&str>) -> PyResult<QueryValues> {
        ask(&self.database, id, roll, cube)
    }

    /// What the docs publish of the database, as JSON ([`Census`]): the starting position,
    /// the opening rolls' best plays, the centred cube's actions over every position, the
    /// first double, the race formulas in the bear-offs.
    fn census(&self, py: Python<'_>) -> PyResult<String> {
        let census = py
            .detach(|| Census::of(&self.database))
            .map_err(raise::<BackgammonError>)?;
        serde_json::to_string(&census).map_err(raise::<BackgammonError>)
    }

    /// The database in GNU Backgammon's layout, the bytes of `makehyper -c C`.
    fn gnubg_bytes(&self) -> PyResult<Vec<u8>> {
        let mut bytes = Vec::new();
        write_hypergammon_file(&self.database, &mut bytes).map_err(raise::<BackgammonError>)?;
        Ok(bytes)
    }
}

/// A GNU Backgammon hypergammon file (`makehyper -c C`), read whole.
#[pyclass(
    name = "GnubgHypergammonFile",
    module = "game_analysis.backgammon",
    frozen
)]
struct GnubgHypergammon {
    file: HypergammonFile,
}

#[pymethods]
impl GnubgHypergammon {
    /// Reads the file at `path` and checks its header and length.
    #[new]
    fn new(path: std::path::PathBuf) -> PyResult<Self> {
        let file = HypergammonFile::read(path).map_err(raise::<BackgammonError>)?;
        Ok(GnubgHypergammon { file })
    }

    /// C, the checkers a side.
    fn checkers(&self) -> u32 {
        self.file.checkers()
    }

    /// The position of a gnubg ID or an XGID asked of the file.
    #[pyo3(signature = (id, roll = None, cube = None))]
    fn query(&self, id: &str, roll: Option<&str>, cube: Option<&str>) -> PyResult<QueryValues> {
        ask(&self.file, id, roll, cube)
    }

    /// The nine values of the position, as gnubg reads them.
    fn entry(&self, on_roll: Vec<Whole>, opponent: Vec<Whole>) -> PyResult<EntryValues> {
        let position = hypergammon_position(self.file.checkers(), &on_roll, &opponent)?;
        let entry = self
            .file
            .entry(&position)
            .map_err(raise::<BackgammonError>)?;
        Ok(entry_values(&entry))
    }
}

pub fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let module = PyModule::new(py, "backgammon")?;
    module.add_function(wrap_pyfunction!(race_win_probability, &module)?)?;
    module.add_function(wrap_pyfunction!(cube_equities, &module)?)?;
    module.add_function(wrap_pyfunction!(cube_equities_float, &module)?)?;
    module.add_function(wrap_pyfunction!(cube_decisions, &module)?)?;
    module.add_function(wrap_pyfunction!(cube_decisions_float, &module)?)?;
    module.add_class::<OneSided>()?;
    module.add_class::<TwoSided>()?;
    module.add_class::<GnubgOneSided>()?;
    module.add_class::<GnubgTwoSided>()?;
    module.add_function(wrap_pyfunction!(build_gnubg_two_sided_file, &module)?)?;
    module.add_class::<Hypergammon>()?;
    module.add_class::<GnubgHypergammon>()?;
    Ok(module)
}

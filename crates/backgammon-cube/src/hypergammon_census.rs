//! What the docs publish of a solved hypergammon database, computed over all of it: the
//! error bounds of the solution, the starting position's values, the opening rolls' best
//! plays, the centred cube's actions over every position in play, the chances of the first
//! double being taken or passed, and how often each race formula's cube action is the
//! database's in the positions with every checker home. With the `serde` feature, the JSON
//! the workspace keeps for three checkers a side (`docs/data/hypergammon-3.json`).
//!
//! ```
//! use backgammon_cube::hypergammon::{HypergammonDatabase, SolveOptions};
//! use backgammon_cube::hypergammon_census::Census;
//!
//! let database = HypergammonDatabase::solve(1, &SolveOptions::default(), |_| {})?;
//! let census = Census::of(&database)?;
//! assert_eq!(census.openings.len(), 15);
//! assert!(census.start.win > 0.5);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::bearoff::{BearoffError, BearoffPosition};
use crate::cube::{CubeAction, CubeOwnership};
use crate::database::BearoffDatabase;
use crate::dice::distinct_rolls;
use crate::hypergammon::{HypergammonDatabase, HypergammonError, HypergammonPosition, RatedPlay};
use crate::race_formulas::{RaceFormula, RacePair};

/// Why a census could not be taken: a lookup the database refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum CensusError {
    /// A hypergammon lookup.
    #[error(transparent)]
    Hypergammon(#[from] HypergammonError),
    /// A bear-off lookup of the race formulas' positions.
    #[error(transparent)]
    Bearoff(#[from] BearoffError),
}

/// What the docs publish of one solved database.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Census {
    /// C, the checkers a side.
    pub checkers: u32,
    /// Positions in gnubg's numbering.
    pub positions: usize,
    /// Sweeps to the residual.
    pub sweeps: u32,
    /// The residual max |T V − V|.
    pub residual: f64,
    /// T̄, the proven bound on the expected turns left as the database plays.
    pub turns: f64,
    /// S̄, the proven bound on the expected stake-weighted turns.
    pub staked_turns: f64,
    /// The starting position.
    pub start: Start,
    /// The opening rolls, 2-1 first.
    pub openings: Vec<Opening>,
    /// The centred cube's actions over every position in play.
    pub decisions: Decisions,
    /// The first double from the start, and after the opening roll.
    pub first_double: FirstDouble,
    /// The race formulas in the positions with every checker home (none for one checker).
    pub race_formulas: Vec<FormulaShare>,
    /// The positions in play with every checker home.
    pub races: u64,
}

/// The starting position's values, the player on roll's.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Start {
    /// P(win).
    pub win: f64,
    /// P(win a gammon or a backgammon).
    pub win_gammon: f64,
    /// P(lose a gammon or a backgammon).
    pub lose_gammon: f64,
    /// P(win a backgammon).
    pub win_backgammon: f64,
    /// P(lose a backgammon).
    pub lose_backgammon: f64,
    /// The cubeless equity.
    pub cubeless: f64,
    /// The equity with the cube centred, after the cube decision.
    pub centred: f64,
    /// The cube action with the cube centred ([`CubeAction`]'s words).
    pub centred_action: String,
    /// The equity with the cube centred under the Jacoby rule, not doubling.
    pub centred_jacoby: f64,
    /// The equity with the cube owned.
    pub owned: f64,
    /// The equity when the opponent owns the cube.
    pub opponent_owns: f64,
}

/// An opening roll's best plays, cubeless and with the cube centred.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Opening {
    /// The roll, the higher die first (`6-5`).
    pub roll: String,
    /// The best play cubeless: the checkers' places after it, highest first.
    pub cubeless_play: String,
    /// The equity after the best cubeless play, cubeless.
    pub cubeless: f64,
    /// The best play with the cube centred.
    pub centred_play: String,
    /// The equity after the best play with the cube centred.
    pub centred: f64,
}

/// How many positions in play have each centred-cube action, and the extremes of P(win).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Decisions {
    /// Positions where the player on roll does not double.
    pub no_double: u64,
    /// Positions of a double and a take.
    pub double_take: u64,
    /// Positions of a double and a pass.
    pub double_pass: u64,
    /// The least cubeless P(win) of a right double.
    pub least_win_doubling: f64,
    /// The taker's least P(win) where a double is taken.
    pub least_win_taking: f64,
    /// The taker's largest P(win) where a double is passed.
    pub most_win_passing: f64,
}

/// The chances that the first double is taken or passed.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FirstDouble {
    /// From the start, the chance that the first double comes and is taken.
    pub taken: f64,
    /// … that it comes and is passed.
    pub passed: f64,
    /// After the opening roll (averaged over the fifteen non-doubles), the chance it is taken.
    pub opening_taken: f64,
    /// … that it is passed.
    pub opening_passed: f64,
}

/// A race formula's share of the bear-offs where its action is the database's.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FormulaShare {
    /// The formula's name ([`RaceFormula::name`]).
    pub formula: String,
    /// The share of the bear-offs where its centred-cube action is the database's.
    pub same_action: f64,
}

impl Census {
    /// The census of a solved database.
    ///
    /// # Errors
    ///
    /// [`CensusError`] from the database's lookups (none for a database this crate solved).
    pub fn of(database: &HypergammonDatabase) -> Result<Census, CensusError> {
        let start = HypergammonPosition::starting(database.checkers())?;
        let (race_formulas, races) = if database.checkers() > 1 {
            race_formulas(database)?
        } else {
            (Vec::new(), 0)
        };
        Ok(Census {
            checkers: database.checkers(),
            positions: database.positions(),
            sweeps: database.sweeps(),
            residual: database.residual(),
            turns: database.turns_bound(),
            staked_turns: database.staked_turns_bound(),
            start: start_values(database, &start)?,
            openings: openings(database, &start)?,
            decisions: decisions(database)?,
            first_double: first_double(database, &start)?,
            race_formulas,
            races,
        })
    }
}

fn start_values(
    database: &HypergammonDatabase,
    start: &HypergammonPosition,
) -> Result<Start, CensusError> {
    let e = database.entry(start)?;
    Ok(Start {
        win: e.win,
        win_gammon: e.win_gammon,
        lose_gammon: e.lose_gammon,
        win_backgammon: e.win_backgammon,
        lose_backgammon: e.lose_backgammon,
        cubeless: e.cubeless_equity(),
        centred: e.equity(CubeOwnership::Centred),
        centred_action: e.cube_action(CubeOwnership::Centred).to_string(),
        centred_jacoby: e.centred_jacoby,
        owned: e.equity(CubeOwnership::Owned),
        opponent_owns: e.opponent_owns,
    })
}

fn openings(
    database: &HypergammonDatabase,
    start: &HypergammonPosition,
) -> Result<Vec<Opening>, CensusError> {
    let mut openings = Vec::new();
    for (roll, _) in distinct_rolls()
        .into_iter()
        .filter(|(roll, _)| !roll.is_double())
    {
        let plays = database.rated_plays(start, roll)?;
        let cubeless = &plays[0];
        let centred = best_centred(&plays).unwrap_or(cubeless);
        openings.push(Opening {
            roll: format!("{}-{}", roll.second, roll.first),
            cubeless_play: places(&cubeless.after),
            cubeless: cubeless.cubeless,
            centred_play: places(&centred.after),
            centred: centred.centred,
        });
    }
    Ok(openings)
}

/// The play of highest equity with the cube centred.
fn best_centred(plays: &[RatedPlay]) -> Option<&RatedPlay> {
    plays.iter().max_by(|a, b| a.centred.total_cmp(&b.centred))
}

fn decisions(database: &HypergammonDatabase) -> Result<Decisions, CensusError> {
    let mut decisions = Decisions {
        no_double: 0,
        double_take: 0,
        double_pass: 0,
        least_win_doubling: 1.0,
        least_win_taking: 1.0,
        most_win_passing: 0.0,
    };
    for number in 0..database.positions() {
        let Ok(position) = HypergammonPosition::numbered(database.checkers(), number as u32) else {
            continue;
        };
        if position.is_over() {
            continue;
        }
        let e = database.entry_at(number)?;
        let taker = 1.0 - e.win;
        let d = &mut decisions;
        match e.cube_action(CubeOwnership::Centred) {
            CubeAction::NoDouble => d.no_double += 1,
            CubeAction::DoubleTake => {
                d.double_take += 1;
                d.least_win_taking = d.least_win_taking.min(taker);
                d.least_win_doubling = d.least_win_doubling.min(e.win);
            }
            CubeAction::DoublePass => {
                d.double_pass += 1;
                d.most_win_passing = d.most_win_passing.max(taker);
                d.least_win_doubling = d.least_win_doubling.min(e.win);
            }
        }
    }
    Ok(decisions)
}

fn first_double(
    database: &HypergammonDatabase,
    start: &HypergammonPosition,
) -> Result<FirstDouble, CensusError> {
    let chances = database.first_double_chances()?;
    let [taken, passed] = chances[start.number() as usize];
    let mut opening = [0.0; 2];
    for (roll, _) in distinct_rolls()
        .into_iter()
        .filter(|(roll, _)| !roll.is_double())
    {
        let plays = database.rated_plays(start, roll)?;
        let best = best_centred(&plays).map(|play| play.after.swapped().number() as usize);
        if let Some(after) = best {
            opening = [
                opening[0] + chances[after][0] / 15.0,
                opening[1] + chances[after][1] / 15.0,
            ];
        }
    }
    Ok(FirstDouble {
        taken,
        passed,
        opening_taken: opening[0],
        opening_passed: opening[1],
    })
}

/// The race formulas' centred-cube actions against hypergammon's where every checker of
/// both sides is home: the races of the two-sided bear-off database, with gammons.
fn race_formulas(database: &HypergammonDatabase) -> Result<(Vec<FormulaShare>, u64), CensusError> {
    let one_sided = BearoffDatabase::new(database.checkers())?;
    let mut agree = [0u64; RaceFormula::ALL.len()];
    let mut races = 0u64;
    for number in 0..database.positions() {
        let Ok(position) = HypergammonPosition::numbered(database.checkers(), number as u32) else {
            continue;
        };
        let (Some(on_roll), Some(opponent)) = (
            home(&position.on_roll_places()),
            home(&position.opponent_places()),
        ) else {
            continue;
        };
        if position.is_over() {
            continue;
        }
        let entry = database.entry_at(number)?;
        let pair = RacePair {
            on_roll,
            opponent,
            mean_rolls: [
                one_sided.expected_rolls_f64(&on_roll)?,
                one_sided.expected_rolls_f64(&opponent)?,
            ],
            cubeless_win: entry.win,
        };
        races += 1;
        let action = entry.cube_action(CubeOwnership::Centred);
        for (count, formula) in agree.iter_mut().zip(RaceFormula::ALL) {
            if formula.advice(&pair).action(CubeOwnership::Centred) == action {
                *count += 1;
            }
        }
    }
    let shares = agree
        .iter()
        .zip(RaceFormula::ALL)
        .map(|(&count, formula)| FormulaShare {
            formula: formula.name().to_owned(),
            same_action: count as f64 / races as f64,
        })
        .collect();
    Ok((shares, races))
}

/// The side as a bear-off position, if every checker is home (or off).
fn home(places: &[u32]) -> Option<BearoffPosition> {
    BearoffPosition::from_points(places).ok()
}

/// The player on roll's checkers' places, highest first: `24, 13, 6`.
pub fn places(position: &HypergammonPosition) -> String {
    let places: Vec<String> = position
        .on_roll_places()
        .iter()
        .rev()
        .map(|p| p.to_string())
        .collect();
    places.join(", ")
}

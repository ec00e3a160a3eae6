//! Hypergammon, solved with the doubling cube: backgammon with one, two or three checkers a
//! side on the full board — the bar, entering, hitting, blocked points, bearing off, gammons
//! and backgammons under the real rules — where the race formulas of the paper meet
//! positions with contact.
//!
//! A position is numbered as GNU Backgammon numbers it: each side's checkers among the
//! C(C + 25, 25) ways to put at most C checkers on the 24 points and the bar (26, 351 and
//! 3,276 for C = 1, 2, 3), the player on roll's number times that count plus the opponent's.
//! For every position the [`HypergammonDatabase`] keeps, from the player on roll's side and
//! before he rolls:
//! - the cubeless outcomes: P(win), P(win a gammon or backgammon), P(win a backgammon),
//!   P(lose a gammon or backgammon), P(lose a backgammon), under the plays of highest
//!   cubeless money equity E = 2 P(win) − 1 + gammons + backgammons (each counting once
//!   more), one side won less the other's;
//! - the money equities, per unit of the cube's stake, with the cube owned by the player on
//!   roll, centred, centred under the Jacoby rule (gammons count single until the cube is
//!   turned), and owned by the opponent, where the player on roll has not doubled this turn
//!   (his cube decision is [`HypergammonEntry::cube_action`]): each play chosen for that
//!   cube, and before the opponent's next roll his decision to double, and the player's to
//!   take, taken as best for each — E = max(E_no double, min(2 E_taken, 1)), as in the
//!   paper's recursion (7)–(15).
//!
//! A roll that cannot be played passes the turn, the cube as it stands: the opponent then
//! rolls from the same checkers and may double first.
//!
//! # The fixed point, and its error
//!
//! A hit sends a checker back, so positions repeat and the values are the fixed point of
//! the equations above rather than a recursion. The database is found by sweeps in the
//! order of the players' total pip count, each level's entries computed from the table as
//! it stands and written together (so the result does not depend on the number of
//! threads), from zeros, until no entry moves by more than the tolerance (10⁻¹² by
//! default); the residual r = max |T V − V| is then measured on the values returned.
//!
//! The residual bounds the errors through the database's own decisions. Write e = V − V*
//! for the error of the cubeless equity, and let ε bound it everywhere. A play whose equity
//! is more than 2ε below the best cannot become best, and a maximum of averages moves by
//! no more than its arguments, so |e(x)| ≤ r + avg over the rolls of max over the plays
//! within 2ε of the best of |e(y)|, and unrolling, |e(x)| ≤ r T(x): T(x) is the expected
//! number of turns left when the players play as the database says, every near-tie counted
//! both ways.
//!
//! The cubeful equities carry the stake: a taken double doubles it, so an error can double
//! from one turn to the next (over every way of playing — both players redoubling at every
//! turn — the sum need not be finite). A play whose value is more than 4ε below the best
//! cannot become best, and a cube decision max(E_no double, min(2 E_taken, 1)) can only take
//! a branch within 3ε of the one taken; counting every such branch as open,
//! |e(x)| ≤ r + avg over the rolls of max over the open plays of the open branches' errors
//! (e(y) for no double, 2 e(y) for a taken double, 0 for a pass), so |e(x)| ≤ r S(x): S(x)
//! is the expected sum over the turns left of the stake, per unit of the stake now, as the
//! database plays and handles the cube.
//!
//! [`HypergammonDatabase::solve`] proves a T̄ ≥ T and an S̄ ≥ S — sweeps from 0, and a
//! candidate checked at every position to satisfy 1 + avg max T̄(y) < T̄(x) (and its
//! analogue), which bounds the least solution by induction — and checks that r · max T̄ and
//! r · max S̄ are at most the ε they assumed. In the box of values within r T̄(x) (r S̄(x)) of
//! the database's, the equations' map then sends the box into itself (so it holds a
//! solution) and contracts in the weights T̄ (S̄), so it holds only one: the equations have
//! exactly one solution within r T̄(x) and r S̄(x) of each entry, reported as
//! [`HypergammonDatabase::cubeless_error_bound`] and
//! [`HypergammonDatabase::cubeful_error_bound`] (unless asked not to,
//! [`SolveOptions::error_bound`]). They may have other solutions far away; the bounds do not
//! say there are none (for one checker a side the exact solution,
//! [`HypergammonDatabase::exact_cubeless`], is within the bound of every entry).
//!
//! # Example
//!
//! ```
//! use backgammon_cube::cube::{CubeAction, CubeOwnership};
//! use backgammon_cube::hypergammon::{HypergammonDatabase, HypergammonPosition, SolveOptions};
//!
//! let database = HypergammonDatabase::solve(1, &SolveOptions::default(), |_| {})?;
//! let start = database.entry(&HypergammonPosition::starting(1)?)?;
//! // One checker a side: the player on roll wins 60.16 % of the games, and should double.
//! assert!((start.win - 0.6016).abs() < 1e-4);
//! assert_eq!(start.cube_action(CubeOwnership::Centred), CubeAction::DoubleTake);
//! # Ok::<(), backgammon_cube::hypergammon::HypergammonError>(())
//! ```

mod exact;
mod position;
mod solve;
mod work;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use game_core::memory::MemoryError;
use game_core::stop::checkpoint;

use crate::BigRational;
use crate::cube::{CubeAction, CubeDecisions, CubeOwnership};
use crate::dice::Roll;

pub use position::{BAR, HypergammonPosition};

use position::check_checkers;
use solve::{Successors, Values, cube_decision, cubeless_equity};

/// The most checkers a side has in hypergammon.
pub const MAX_HYPERGAMMON_CHECKERS: u32 = 3;

/// An invalid hypergammon position, database or solve.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum HypergammonError {
    /// Hypergammon has one to three checkers a side.
    #[error("hypergammon has 1 to 3 checkers a side, not {0}")]
    Checkers(u32),
    /// More checkers than the game has.
    #[error("{} listed for a side of a game of {checkers}", crate::count_of_checkers(*.found))]
    TooManyCheckers {
        /// The checkers listed.
        found: u32,
        /// The checkers a side has.
        checkers: u32,
    },
    /// A place outside the board.
    #[error("place {0}: the points are 1 to 24 and the bar 25")]
    Place(u32),
    /// Both players have checkers on one point.
    #[error("both players have checkers on point {0} (numbered from the player on roll's side)")]
    SharedPoint(u32),
    /// A position of a game with another number of checkers than the database's.
    #[error("a position of {} in a database of {database}", crate::checkers_a_side(*.position))]
    OtherGame {
        /// The position's checkers a side.
        position: u32,
        /// The database's.
        database: u32,
    },
    /// A position number beyond the database.
    #[error("position {number} is beyond the database's {positions}")]
    Number {
        /// The number asked for.
        number: usize,
        /// The positions in the database.
        positions: usize,
    },
    /// The folder of the work kept could not be read or written.
    #[error("{path}: {message}")]
    Work {
        /// The file.
        path: PathBuf,
        /// What failed.
        message: String,
    },
    /// The exact solution is offered for one checker a side.
    #[error("the exact cubeless solution is offered for one checker a side, not {0}")]
    ExactTooLarge(u32),
    /// The tolerance is not a positive number.
    #[error("the tolerance must be a positive number, not {0}")]
    Tolerance(f64),
    /// The sweeps stopped at their limit before the change fell to the tolerance.
    #[error("the residual is still above the tolerance after {sweeps} sweeps")]
    NoConvergence {
        /// The sweeps made.
        sweeps: u32,
    },
    /// The tables are more than the process may use ([`game_core::memory`]).
    #[error(transparent)]
    Memory(#[from] MemoryError),
}

/// How far to solve, and where to keep the work.
#[derive(Debug, Clone, PartialEq)]
pub struct SolveOptions {
    /// Stop when no entry moves by more than this in a sweep.
    pub tolerance: f64,
    /// Give up after this many sweeps.
    pub max_sweeps: u32,
    /// What a roll that cannot be played does to the cube.
    pub dance: DanceRule,
    /// A folder where the sweeps' values are kept (at most once every `keep_every`) and
    /// resumed from: a solve stopped and run again with the same game and rule continues
    /// from the last values kept, and ends with the same values as one never stopped. The
    /// file is removed when the solve ends.
    pub work_dir: Option<PathBuf>,
    /// The least time between two writes of the work (two minutes by default).
    pub keep_every: Duration,
    /// Whether to prove the bounds T̄ on the expected turns and S̄ on the expected
    /// stake-weighted turns, from which the error bounds follow
    /// ([`HypergammonDatabase::cubeless_error_bound`],
    /// [`HypergammonDatabase::cubeful_error_bound`]); each takes sweeps of its own.
    pub error_bound: bool,
}

/// What happens when the player on roll cannot play his roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DanceRule {
    /// The turn passes with the cube as it stands: the opponent rolls next from the same
    /// checkers, and may double first — the rules of backgammon.
    #[default]
    PassTurn,
    /// As gnubg's `makehyper` computes it: each equity is minus the opponent's equity in the
    /// same slot of the same checkers — his equity with the cube he owns for the player's
    /// owned cube, and no cube decision of his — so that its database can be reproduced.
    Makehyper,
}

impl Default for SolveOptions {
    /// A tolerance of 10⁻¹², at most 100,000 sweeps, the rules' dance, no work kept, the
    /// error bound proven.
    fn default() -> Self {
        SolveOptions {
            tolerance: 1e-12,
            max_sweeps: 100_000,
            dance: DanceRule::PassTurn,
            work_dir: None,
            keep_every: Duration::from_secs(120),
            error_bound: true,
        }
    }
}

/// Where a solve stands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SolveProgress {
    /// Listing every position's plays: rows of the table (the player on roll's one-sided
    /// positions) done, of all.
    Listing {
        /// Rows done.
        rows: u32,
        /// Rows in all.
        of: u32,
    },
    /// After a sweep.
    Sweep {
        /// Sweeps made (counting those of a solve resumed from).
        sweep: u32,
        /// The largest change of any entry in the sweep.
        change: f64,
    },
    /// After a sweep of a bound's proof, once the database has converged (a candidate bound
    /// is checked every few sweeps, and the proof ends when one holds).
    Bound {
        /// The bound being proven.
        bound: ErrorBound,
        /// Sweeps of this bound made.
        sweep: u32,
        /// The largest change of the bound in the sweep, in turns.
        change: f64,
    },
}

/// The bounds [`HypergammonDatabase::solve`] proves after the database has converged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorBound {
    /// T̄, the expected turns as the database plays ([`HypergammonDatabase::turns_bound`]).
    Turns,
    /// S̄, the expected stake-weighted turns ([`HypergammonDatabase::staked_turns_bound`]).
    StakedTurns,
}

/// One position's values, from the player on roll's side, before he rolls (and before his
/// cube decision, for the equities).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct HypergammonEntry {
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
    /// Money equity with the cube owned by the player on roll, if he does not redouble.
    pub owned: f64,
    /// Money equity with the cube centred, if he does not double.
    pub centred: f64,
    /// Money equity with the cube centred under the Jacoby rule, if he does not double.
    pub centred_jacoby: f64,
    /// Money equity with the cube owned by the opponent (he cannot double).
    pub opponent_owns: f64,
}

impl HypergammonEntry {
    fn of(values: &Values) -> Self {
        let [
            win,
            win_gammon,
            win_backgammon,
            lose_gammon,
            lose_backgammon,
            owned,
            centred,
            centred_jacoby,
            opponent_owns,
        ] = *values;
        HypergammonEntry {
            win,
            win_gammon,
            win_backgammon,
            lose_gammon,
            lose_backgammon,
            owned,
            centred,
            centred_jacoby,
            opponent_owns,
        }
    }

    /// The cubeless money equity: 2 P(win) − 1 + P(win gammon) − P(lose gammon) +
    /// P(win backgammon) − P(lose backgammon).
    pub fn cubeless_equity(&self) -> f64 {
        cubeless_equity(&[
            self.win,
            self.win_gammon,
            self.win_backgammon,
            self.lose_gammon,
            self.lose_backgammon,
        ])
    }

    /// The cube decisions of the player on roll (the Jacoby rule off): double a centred
    /// cube, redouble an owned one, when min(2 E_taken, 1) exceeds the no-double equity,
    /// E_taken the equity with the cube then owned by the opponent; the opponent takes when
    /// 2 E_taken < 1.
    pub fn decisions(&self) -> CubeDecisions {
        let doubled = (2.0 * self.opponent_owns).min(1.0);
        CubeDecisions {
            double: doubled > self.centred,
            redouble: doubled > self.owned,
            take: 2.0 * self.opponent_owns < 1.0,
        }
    }

    /// The cube action of the player on roll with the cube as `cube`.
    pub fn cube_action(&self, cube: CubeOwnership) -> CubeAction {
        self.decisions().action(cube)
    }

    /// The cube action of the player on roll with the cube centred under the Jacoby rule.
    pub fn cube_action_jacoby(&self) -> CubeAction {
        CubeDecisions {
            double: (2.0 * self.opponent_owns).min(1.0) > self.centred_jacoby,
            ..self.decisions()
        }
        .action(CubeOwnership::Centred)
    }

    /// The money equity with the cube as `cube` after the player on roll's cube decision:
    /// max(E_no double, min(2 E_taken, 1)) where he may double.
    pub fn equity(&self, cube: CubeOwnership) -> f64 {
        match cube {
            CubeOwnership::Centred => cube_decision(self.centred, self.opponent_owns),
            CubeOwnership::Owned => cube_decision(self.owned, self.opponent_owns),
            CubeOwnership::OpponentOwns => self.opponent_owns,
        }
    }
}

/// A play and the mover's equities after it, before the opponent's cube decision and roll.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatedPlay {
    /// The position after the play, from the mover's side.
    pub after: HypergammonPosition,
    /// The mover's cubeless money equity.
    pub cubeless: f64,
    /// The mover's money equity with the cube centred: the opponent doubles next or not,
    /// and the mover takes or passes, as is best for each.
    pub centred: f64,
}

/// Every position of hypergammon with C checkers a side, with its cubeless outcomes and
/// money equities.
#[derive(Debug, Clone)]
pub struct HypergammonDatabase {
    checkers: u32,
    values: Vec<Values>,
    sweeps: u32,
    residual: f64,
    turns: f64,
    staked_turns: f64,
    dance: DanceRule,
    tolerance: f64,
}

impl HypergammonDatabase {
    /// Solves hypergammon with `checkers` a side to `options.tolerance`, calling `progress`
    /// after each sweep.
    ///
    /// # Errors
    ///
    /// [`HypergammonError::Checkers`] outside 1 to 3, [`HypergammonError::Tolerance`],
    /// [`HypergammonError::NoConvergence`], [`HypergammonError::Memory`],
    /// [`HypergammonError::Work`].
    pub fn solve(
        checkers: u32,
        options: &SolveOptions,
        mut progress: impl FnMut(SolveProgress),
    ) -> Result<Self, HypergammonError> {
        check_checkers(checkers)?;
        if !(options.tolerance > 0.0 && options.tolerance.is_finite()) {
            return Err(HypergammonError::Tolerance(options.tolerance));
        }
        let work = options
            .work_dir
            .as_deref()
            .map(|folder| work::WorkFile::new(folder, checkers, options.dance))
            .transpose()?;
        let (table, mut values) = Successors::new(checkers, options.dance, |rows, of| {
            progress(SolveProgress::Listing { rows, of })
        })?;
        let mut done = 0;
        if let Some(work) = &work {
            done = work.resume(&mut values)?;
        }
        let mut kept = Instant::now();
        for sweep in done + 1..=options.max_sweeps {
            checkpoint();
            let change = table.sweep(&mut values);
            progress(SolveProgress::Sweep { sweep, change });
            if let Some(work) = work
                .as_ref()
                .filter(|_| kept.elapsed() >= options.keep_every)
            {
                work.keep(sweep, &values)?;
                kept = Instant::now();
            }
            if change > options.tolerance {
                continue;
            }
            // A sweep in place moves entries by less than their residual; measure it.
            let residual = table.residual(&values);
            if residual <= options.tolerance {
                if let Some(work) = &work {
                    work.remove()?;
                }
                let (turns, staked_turns) = if options.error_bound {
                    let turns =
                        table.played_turns_bound(&values, residual, &mut |sweep, change| {
                            progress(SolveProgress::Bound {
                                bound: ErrorBound::Turns,
                                sweep,
                                change,
                            })
                        });
                    let staked_turns =
                        table.staked_turns_bound(&values, residual, &mut |sweep, change| {
                            progress(SolveProgress::Bound {
                                bound: ErrorBound::StakedTurns,
                                sweep,
                                change,
                            })
                        });
                    (turns, staked_turns)
                } else {
                    (f64::INFINITY, f64::INFINITY)
                };
                return Ok(HypergammonDatabase {
                    checkers,
                    values,
                    sweeps: sweep,
                    residual,
                    turns,
                    staked_turns,
                    dance: options.dance,
                    tolerance: options.tolerance,
                });
            }
        }
        Err(HypergammonError::NoConvergence {
            sweeps: options.max_sweeps,
        })
    }

    /// The checkers a side.
    pub fn checkers(&self) -> u32 {
        self.checkers
    }

    /// The positions, legal or not, in gnubg's numbering: the square of the one-sided ones.
    pub fn positions(&self) -> usize {
        self.values.len()
    }

    /// The sweeps made.
    pub fn sweeps(&self) -> u32 {
        self.sweeps
    }

    /// The residual max |T V − V| of the values kept.
    pub fn residual(&self) -> f64 {
        self.residual
    }

    /// The bound on the error of every cubeless equity that follows from the residual: r T̄,
    /// T̄ a proven bound on the expected number of turns left as the database plays (see the
    /// module docs); infinite when the bound was not asked for ([`SolveOptions::error_bound`])
    /// or not proven.
    pub fn cubeless_error_bound(&self) -> f64 {
        self.residual * self.turns
    }

    /// T̄, a proven bound on the expected number of turns left in any position when the
    /// players play as the database says (every play within the error of the best counted as
    /// played too; see the module docs); infinite when it was not asked for or not proven.
    pub fn turns_bound(&self) -> f64 {
        self.turns
    }

    /// The bound on the error of every cubeful money equity that follows from the residual:
    /// r S̄, S̄ a proven bound on the expected stake-weighted turns left (see the module docs):
    /// the cube equations have exactly one solution within it of the values kept. Infinite
    /// when the bound was not asked for ([`SolveOptions::error_bound`]) or not proven.
    pub fn cubeful_error_bound(&self) -> f64 {
        self.residual * self.staked_turns
    }

    /// S̄, a proven bound on the expected sum over the turns left of the stake, per unit of
    /// the stake now, when the players play and handle the cube as the database says (every
    /// decision within the error of another counted as taken too; see the module docs);
    /// infinite when it was not asked for or not proven.
    pub fn staked_turns_bound(&self) -> f64 {
        self.staked_turns
    }

    /// The cubeless outcomes of every position as exact fractions, in the order of
    /// [`Self::entry_at`]: (win, win a gammon, win a backgammon, lose a gammon, lose a
    /// backgammon), zeros where no game reaches. The database's plays are evaluated by
    /// solving their linear equations in fractions, then checked to be best in exact
    /// arithmetic and improved where they are not, until none is; a fraction is then the
    /// value of the game, and each of the database's entries lies within
    /// [`Self::cubeless_error_bound`] of it where both choose the same plays.
    ///
    /// ```
    /// use backgammon_cube::BigRational;
    /// use backgammon_cube::hypergammon::{HypergammonDatabase, HypergammonPosition, SolveOptions};
    /// use backgammon_cube::number::num_traits::Signed;
    ///
    /// let database = HypergammonDatabase::solve(1, &SolveOptions::default(), |_| {})?;
    /// let exact = database.exact_cubeless()?;
    /// let start = HypergammonPosition::starting(1)?;
    /// // P(win) of the player on roll at the start: a fraction of 146-digit denominator.
    /// let win = &exact[start.number() as usize][0];
    /// let approximate = database.entry(&start)?.win;
    /// let gap = (win - BigRational::from_float(approximate).unwrap()).abs();
    /// assert!(gap < BigRational::from_float(database.cubeless_error_bound()).unwrap());
    /// # Ok::<(), backgammon_cube::hypergammon::HypergammonError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`HypergammonError::ExactTooLarge`] beyond one checker a side (its linear system
    /// grows with the positions on the bar: 5 · 1,300 unknowns for two checkers).
    pub fn exact_cubeless(&self) -> Result<Vec<[BigRational; 5]>, HypergammonError> {
        if self.checkers > 1 {
            return Err(HypergammonError::ExactTooLarge(self.checkers));
        }
        let (table, _) = Successors::new(self.checkers, DanceRule::PassTurn, |_, _| {})?;
        exact::exact_outcomes(&table, &self.values)
    }

    /// For every position (in the order of [`Self::entry_at`]), the chances that the first
    /// double of the game from there is taken and that it is passed, before the player on
    /// roll's cube decision: both players choose the plays of highest equity with the cube
    /// centred and double, take and pass as the database says (the Jacoby rule off). The
    /// chance that no double is ever offered is 1 less the two. Swept, as the database, to a
    /// change of at most its tolerance.
    ///
    /// ```
    /// use backgammon_cube::hypergammon::{HypergammonDatabase, HypergammonPosition, SolveOptions};
    /// let database = HypergammonDatabase::solve(1, &SolveOptions::default(), |_| {})?;
    /// let chances = database.first_double_chances()?;
    /// // One checker a side: the player on roll at the start doubles, and is taken.
    /// assert_eq!(chances[HypergammonPosition::starting(1)?.number() as usize], [1.0, 0.0]);
    /// # Ok::<(), backgammon_cube::hypergammon::HypergammonError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`HypergammonError::Memory`] when the table of plays is more than the process may
    /// use.
    pub fn first_double_chances(&self) -> Result<Vec<[f64; 2]>, HypergammonError> {
        let (table, _) = Successors::new(self.checkers, self.dance, |_, _| {})?;
        Ok(table.first_double(&self.values, self.tolerance))
    }

    /// The plays of `roll` from `position` with the mover's equities after each, best
    /// cubeless first; empty when the roll cannot be played.
    ///
    /// # Errors
    ///
    /// [`HypergammonError::OtherGame`] when its checkers a side are not the database's.
    pub fn rated_plays(
        &self,
        position: &HypergammonPosition,
        roll: Roll,
    ) -> Result<Vec<RatedPlay>, HypergammonError> {
        let mut rated = position
            .plays(roll)
            .into_iter()
            .map(|after| {
                let theirs = self.entry(&after.swapped())?;
                Ok(RatedPlay {
                    after,
                    cubeless: -theirs.cubeless_equity(),
                    centred: -theirs.equity(CubeOwnership::Centred),
                })
            })
            .collect::<Result<Vec<_>, HypergammonError>>()?;
        rated.sort_by(|a, b| b.cubeless.total_cmp(&a.cubeless));
        Ok(rated)
    }

    /// The values of `position`.
    ///
    /// # Errors
    ///
    /// [`HypergammonError::OtherGame`] when its checkers a side are not the database's.
    pub fn entry(
        &self,
        position: &HypergammonPosition,
    ) -> Result<HypergammonEntry, HypergammonError> {
        self.entry_at(position.number_in(self.checkers)?)
    }

    /// The values of the position numbered `number` in gnubg's order (zeros where both
    /// players would have a checker on one point).
    ///
    /// # Errors
    ///
    /// [`HypergammonError::Number`] from [`Self::positions`] on.
    pub fn entry_at(&self, number: usize) -> Result<HypergammonEntry, HypergammonError> {
        self.values
            .get(number)
            .map(HypergammonEntry::of)
            .ok_or(HypergammonError::Number {
                number,
                positions: self.values.len(),
            })
    }
}

//! `game-analysis hypergammon --checkers C --out PATH`: hypergammon solved with the cube from
//! `backgammon_cube::hypergammon`, written in GNU Backgammon's layout (`makehyper -c C`).

use backgammon_cube::cube::CubeOwnership;
use backgammon_cube::gnubg::write_hypergammon_file;
use backgammon_cube::hypergammon::{
    DanceRule, ErrorBound, HypergammonDatabase, HypergammonPosition, MAX_HYPERGAMMON_CHECKERS,
    SolveOptions, SolveProgress,
};
use serde::Serialize;

use crate::error::{Error, LibraryResult, Result};
use crate::format::{Report, print};
use crate::output::{OutputFile, parse_database_file};
use crate::progress::Progress;
use crate::{Options, interrupt};

/// Hypergammon with C checkers a side solved with the doubling cube: every position's
/// cubeless chances (win, gammons, backgammons) and money equities (cube owned, centred,
/// centred under the Jacoby rule, owned by the opponent) to a residual of 10⁻¹², written
/// in GNU Backgammon's hypergammon layout, the file of `makehyper -c C`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// C, the checkers a side: 1, 2 or 3.
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_HYPERGAMMON_CHECKERS)))]
    checkers: u32,
    /// The database to write in gnubg's layout; checked before the work, replaced only when
    /// whole. Without it, only the starting position's values are reported.
    #[arg(long, value_name = "PATH", value_parser = parse_database_file)]
    out: Option<OutputFile>,
    /// Sweep until no entry's equations are off by more than this.
    #[arg(long, value_name = "T", default_value_t = 1e-12, value_parser = parse_tolerance)]
    tolerance: f64,
    /// What a roll that cannot be played does: `pass` (the rules: the turn passes with the
    /// cube, the opponent may double) or `makehyper` (gnubg's makehyper's computation).
    #[arg(long, value_name = "RULE", default_value = "pass", value_parser = ["pass", "makehyper"])]
    dance: String,
    /// Keep the sweeps' values in DIR every two minutes, and resume from them when run
    /// again with the same checkers and rule: a stopped solve ends with the same values.
    #[arg(long, value_name = "DIR")]
    work_dir: Option<std::path::PathBuf>,
    /// Do not prove the bounds on the equities' errors (cubeless and cubeful), which take
    /// sweeps of their own after the solve.
    #[arg(long)]
    no_error_bound: bool,
    /// Threads for the sweeps (the results do not depend on them).
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=64))]
    threads: u8,
}

fn parse_tolerance(text: &str) -> std::result::Result<f64, String> {
    match text.parse::<f64>() {
        Ok(t) if t > 0.0 && t.is_finite() => Ok(t),
        _ => Err(format!("{text}: a positive number, as 1e-12")),
    }
}

/// The digits a bound's sweeps are shown to gain, from a change of 100 turns a sweep to a
/// tenth of a turn (the proof usually holds before, and the bar then ends early).
const BOUND_DIGITS: u64 = 3;

/// Runs the command.
pub fn run(args: &Args, options: &Options) -> Result<()> {
    let dance = if args.dance == "makehyper" {
        DanceRule::Makehyper
    } else {
        DanceRule::PassTurn
    };
    let solve_options = SolveOptions {
        tolerance: args.tolerance,
        dance,
        work_dir: args.work_dir.clone(),
        error_bound: !args.no_error_bound,
        ..SolveOptions::default()
    };
    if let Some(work_dir) = &args.work_dir {
        interrupt::keeps_work_in(work_dir);
    }
    let digits = (-args.tolerance.log10()).ceil().max(1.0) as u64;
    let progress = Progress::new(0, "rows of plays listed", options.quiet);
    let mut phase = None;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.into())
        .build()
        .map_err(|error| Error::Usage(format!("--threads {}: {error}", args.threads)))?;
    let database = pool
        .install(|| {
            HypergammonDatabase::solve(args.checkers, &solve_options, |step| match step {
                SolveProgress::Listing { rows, of } => {
                    progress.set_total(u64::from(of));
                    progress.set(u64::from(rows));
                }
                SolveProgress::Sweep { change, .. } => {
                    if phase.is_none() {
                        progress.restart(digits, "digits of the residual");
                        phase = Some(None);
                    }
                    progress.set((-change.log10()).clamp(0.0, digits as f64) as u64)
                }
                SolveProgress::Bound { bound, change, .. } => {
                    if phase != Some(Some(bound)) {
                        let unit = match bound {
                            ErrorBound::Turns => "expected turns' bound",
                            ErrorBound::StakedTurns => "staked turns' bound",
                        };
                        progress.restart(
                            BOUND_DIGITS,
                            &format!("digits of the change a sweep, the {unit}"),
                        );
                        phase = Some(Some(bound));
                    }
                    let digits = BOUND_DIGITS as f64 - 1.0 - change.log10();
                    progress.set(digits.clamp(0.0, BOUND_DIGITS as f64) as u64)
                }
            })
        })
        .library()?;
    progress.finish();
    if let Some(out) = &args.out {
        out.write_with(|mut writer| write_hypergammon_file(&database, &mut writer))?;
    }
    let report = Solved::of(&database, args)?;
    print(options.format, &report)
}

/// The database solved, and the starting position's values.
#[derive(Debug, Clone, Serialize)]
pub struct Solved {
    /// C, the checkers a side.
    pub checkers: u32,
    /// Positions in gnubg's numbering, C(C + 25, 25)².
    pub positions: usize,
    /// The rule for a roll that cannot be played: `pass` or `makehyper`.
    pub dance: String,
    /// The tolerance asked for.
    pub tolerance: f64,
    /// Sweeps made.
    pub sweeps: u32,
    /// The residual max |T V − V| of the values written.
    pub residual: f64,
    /// The bound on every cubeless equity's error that follows from the residual (none when
    /// not proven).
    pub cubeless_error_bound: Option<f64>,
    /// The bound on every cubeful equity's error: the cube equations have exactly one
    /// solution within it of the values written (none when not proven).
    pub cubeful_error_bound: Option<f64>,
    /// The starting position, the player on roll: P(win), cubeless.
    pub start_win: f64,
    /// P(win a gammon or backgammon).
    pub start_win_gammon: f64,
    /// P(win a backgammon).
    pub start_win_backgammon: f64,
    /// P(lose a gammon or backgammon).
    pub start_lose_gammon: f64,
    /// P(lose a backgammon).
    pub start_lose_backgammon: f64,
    /// Cubeless money equity.
    pub start_cubeless: f64,
    /// Money equity, cube centred, after the player's cube decision.
    pub start_centred: f64,
    /// Money equity, cube centred under the Jacoby rule, before the cube decision.
    pub start_centred_jacoby: f64,
    /// Money equity, cube owned by the player on roll, after his cube decision.
    pub start_owned: f64,
    /// Money equity, cube owned by the opponent.
    pub start_opponent_owns: f64,
    /// The player on roll's action with the cube centred.
    pub start_action: String,
    /// The file written, if any.
    pub file: Option<String>,
}

impl Solved {
    fn of(database: &HypergammonDatabase, args: &Args) -> Result<Solved> {
        let start = HypergammonPosition::starting(args.checkers).library()?;
        let entry = database.entry(&start).library()?;
        Ok(Solved {
            checkers: args.checkers,
            positions: database.positions(),
            dance: args.dance.clone(),
            tolerance: args.tolerance,
            sweeps: database.sweeps(),
            residual: database.residual(),
            cubeless_error_bound: Some(database.cubeless_error_bound()).filter(|b| b.is_finite()),
            cubeful_error_bound: Some(database.cubeful_error_bound()).filter(|b| b.is_finite()),
            start_win: entry.win,
            start_win_gammon: entry.win_gammon,
            start_win_backgammon: entry.win_backgammon,
            start_lose_gammon: entry.lose_gammon,
            start_lose_backgammon: entry.lose_backgammon,
            start_cubeless: entry.cubeless_equity(),
            start_centred: entry.equity(CubeOwnership::Centred),
            start_centred_jacoby: entry.centred_jacoby,
            start_owned: entry.equity(CubeOwnership::Owned),
            start_opponent_owns: entry.opponent_owns,
            start_action: entry.cube_action(CubeOwnership::Centred).to_string(),
            file: args
                .out
                .as_ref()
                .map(|out| out.path().display().to_string()),
        })
    }
}

impl Report for Solved {
    type Row = Solved;

    fn text(&self) -> String {
        let written = self
            .file
            .as_ref()
            .map(|file| format!("wrote {file} (gnubg's hypergammon layout)\n"))
            .unwrap_or_default();
        format!(
            "Hypergammon, {}: {} positions, {} sweeps, residual {:.1e} \
             (cubeless equities within {}, cubeful within {}); a roll that cannot be played: {}.\n\
             The starting position, the player on roll: P(win) {:.6}, gammons {:.6} won and \
             {:.6} lost, backgammons {:.6} and {:.6}.\n\
             Cubeless equity {:+.6}; with the cube centred {:+.6} ({}), under the Jacoby rule \
             {:+.6} before doubling, owned {:+.6}, the opponent's {:+.6}.\n{written}",
            backgammon_cube::checkers_a_side(self.checkers),
            self.positions,
            self.sweeps,
            self.residual,
            bound_text(self.cubeless_error_bound),
            bound_text(self.cubeful_error_bound),
            self.dance,
            self.start_win,
            self.start_win_gammon,
            self.start_lose_gammon,
            self.start_win_backgammon,
            self.start_lose_backgammon,
            self.start_cubeless,
            self.start_centred,
            self.start_action,
            self.start_centred_jacoby,
            self.start_owned,
            self.start_opponent_owns,
        )
    }

    fn rows(&self) -> Vec<Solved> {
        vec![self.clone()]
    }
}

/// An error bound, or that none was proven.
fn bound_text(bound: Option<f64>) -> String {
    bound.map_or("a bound not proven".to_owned(), |b| format!("{b:.1e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Command, parse};

    fn args(line: &[&str]) -> std::result::Result<Args, clap::Error> {
        let mut words = vec!["hypergammon"];
        words.extend_from_slice(line);
        match parse(&words)? {
            Command::Hypergammon(args) => Ok(args),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_checkers_tolerance_and_rule_are_checked_before_any_work() {
        assert!(args(&["--checkers", "1"]).is_ok());
        for bad in [
            &["--checkers", "0"][..],
            &["--checkers", "4"],
            &[],
            &["--checkers", "1", "--tolerance", "0"],
            &["--checkers", "1", "--tolerance", "nan"],
            &["--checkers", "1", "--dance", "skip"],
            &["--checkers", "1", "--threads", "0"],
        ] {
            assert!(args(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn one_checker_a_side_is_solved_and_reported() {
        let args = args(&["--checkers", "1"]).unwrap();
        let database = HypergammonDatabase::solve(1, &SolveOptions::default(), |_| {}).unwrap();
        let solved = Solved::of(&database, &args).unwrap();
        assert_eq!(solved.positions, 676);
        assert!(solved.residual <= 1e-12);
        assert_eq!(solved.start_action, "double, take");
        assert!((solved.start_win - 0.601_583).abs() < 1e-6);
        assert!(solved.text().contains("P(win) 0.601583"));
    }
}

//! One position asked of a database, as a player asks GNU Backgammon's `eval` and `hint`:
//! the cubeless chances, the money equities with the cube centred, owned and the
//! opponent's, the proper cube action, and for a roll every legal play ranked by equity.
//!
//! A [`Source`] is any database that holds the position: the exact two-sided bear-off
//! database in memory (`&TwoSidedDatabase`), a gnubg two-sided file read entry by entry
//! without loading it (`&mut TwoSidedReader`), hypergammon solved with the cube
//! (`&HypergammonDatabase`) or its gnubg-layout file (`&HypergammonFile`). The bear-off
//! databases count no gammons (a race in the home boards, as gnubg's two-sided files);
//! hypergammon counts gammons and backgammons. Equities are in units of the cube's value,
//! from the player on roll, before his cube decision unless said otherwise.
//!
//! ```
//! use backgammon_cube::bearoff::BearoffPosition;
//! use backgammon_cube::cube::{CubeAction, CubeOwnership};
//! use backgammon_cube::dice::Roll;
//! use backgammon_cube::notation::Board;
//! use backgammon_cube::query::query;
//! use backgammon_cube::two_sided::TwoSidedDatabase;
//!
//! let database = TwoSidedDatabase::<f64>::new(2)?;
//! // Checkers on the 6 and 5 points against two on the ace point: the player on roll wins
//! // only by bearing off both now, with 6-5, 6-6, 5-5, 4-4 or 3-3.
//! let on_roll = BearoffPosition::from_points(&[6, 5])?;
//! let opponent = BearoffPosition::from_points(&[1, 1])?;
//! let board = Board::from_bearoff(&on_roll, &opponent);
//! let answer = query(&database, &board, CubeOwnership::Centred, Some(Roll { first: 6, second: 5 }))?;
//! assert!((answer.entry.outcomes.win - 6.0 / 36.0).abs() < 1e-15);
//! assert_eq!(answer.cube_action, CubeAction::NoDouble);
//! assert_eq!(answer.plays[0].equity, 1.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::BigRational;
use crate::bearoff::{BearoffError, BearoffPosition};
use crate::cube::{CubeAction, CubeDecisions, CubeOwnership};
use crate::database::BearoffDatabase;
use crate::dice::Roll;
use crate::gnubg::{HypergammonFile, HypergammonFileError, ReadError, TwoSidedReader};
use crate::hypergammon::{
    HypergammonDatabase, HypergammonEntry, HypergammonError, HypergammonPosition,
};
use crate::market::{GammonValues, MarketError, MarketWindow, market_window};
use crate::notation::{Board, play_notation};
use crate::two_sided::{Equities, TwoSidedDatabase, TwoSidedError};

/// A position a database cannot answer for.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum QueryError {
    /// The game is over: a side has borne off every checker.
    #[error("the game is over: a side has borne off every checker")]
    GameOver,
    /// A checker outside the home board, asked of a bear-off database.
    #[error("a bear-off database holds positions with every checker on points 1 to 6")]
    NotABearoff,
    /// The two-sided database does not hold the position.
    #[error(transparent)]
    TwoSided(#[from] TwoSidedError),
    /// The gnubg file does not hold it, or cannot be read.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The hypergammon database does not hold it.
    #[error(transparent)]
    Hypergammon(#[from] HypergammonError),
    /// A gnubg hypergammon file does not hold it, or its entry is damaged.
    #[error(transparent)]
    HypergammonFile(#[from] HypergammonFileError),
    /// The one-sided database does not hold a side.
    #[error(transparent)]
    OneSided(#[from] BearoffError),
    /// The database's chances give gammon values no position has (a NaN stored).
    #[error(transparent)]
    Market(#[from] MarketError),
}

/// The cubeless outcomes for the player on roll: each a probability.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Outcomes {
    /// P(win).
    pub win: f64,
    /// P(win a gammon or a backgammon).
    pub win_gammon: f64,
    /// P(win a backgammon).
    pub win_backgammon: f64,
    /// P(lose a gammon or a backgammon).
    pub lose_gammon: f64,
    /// P(lose a backgammon).
    pub lose_backgammon: f64,
}

impl Outcomes {
    /// The gammon values of the player on roll: W = 1 + (P(gammon won) + P(backgammon
    /// won)) / P(win), and L likewise, where a gammon counts its backgammons (1 where he
    /// cannot win, or cannot lose). A database's stored chances are rounded (gnubg's files
    /// to 1/65,535), so a ratio is held to [1, 3].
    ///
    /// ```
    /// use backgammon_cube::market::GammonValues;
    /// use backgammon_cube::query::Outcomes;
    ///
    /// // He cannot win; a quarter of the games he loses are gammons.
    /// let outcomes = Outcomes { lose_gammon: 0.25, ..Outcomes::default() };
    /// assert_eq!(outcomes.gammon_values(), GammonValues { win: 1.0, loss: 1.25 });
    /// ```
    pub fn gammon_values(&self) -> GammonValues<f64> {
        let average = |chance: f64, gammon: f64, backgammon: f64| {
            if chance > 0.0 {
                (1.0 + (gammon + backgammon) / chance).clamp(1.0, 3.0)
            } else {
                1.0
            }
        };
        GammonValues {
            win: average(self.win, self.win_gammon, self.win_backgammon),
            loss: average(1.0 - self.win, self.lose_gammon, self.lose_backgammon),
        }
    }

    /// The cubeless money equity: 2 P(win) − 1 + the gammons and backgammons won less those
    /// lost.
    pub fn cubeless_equity(&self) -> f64 {
        2.0 * self.win - 1.0 + self.win_gammon - self.lose_gammon + self.win_backgammon
            - self.lose_backgammon
    }
}

/// What a database holds for a position, from the player on roll, before his cube decision.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Entry {
    /// The cubeless outcomes.
    pub outcomes: Outcomes,
    /// The money equity with the cube centred, not doubling now.
    pub centred: f64,
    /// The money equity owning the cube, not redoubling now.
    pub owned: f64,
    /// The money equity with the opponent owning the cube.
    pub opponent_owns: f64,
    /// The cube decisions, by the database's own rule (a tie doubles in gnubg's bear-off
    /// files, not in hypergammon).
    pub decisions: CubeDecisions,
}

impl Entry {
    fn of_bearoff(equities: &Equities<f64>) -> Entry {
        Entry {
            outcomes: Outcomes {
                win: equities.win,
                ..Outcomes::default()
            },
            centred: equities.centred,
            owned: equities.owned,
            opponent_owns: equities.opponent_owns,
            decisions: equities.decisions(),
        }
    }

    fn of_hypergammon(entry: &HypergammonEntry) -> Entry {
        Entry {
            outcomes: Outcomes {
                win: entry.win,
                win_gammon: entry.win_gammon,
                win_backgammon: entry.win_backgammon,
                lose_gammon: entry.lose_gammon,
                lose_backgammon: entry.lose_backgammon,
            },
            centred: entry.centred,
            owned: entry.owned,
            opponent_owns: entry.opponent_owns,
            decisions: entry.decisions(),
        }
    }

    /// A bear-off race the player on roll has lost: his opponent is off.
    const LOST: Entry = Entry {
        outcomes: Outcomes {
            win: 0.0,
            win_gammon: 0.0,
            win_backgammon: 0.0,
            lose_gammon: 0.0,
            lose_backgammon: 0.0,
        },
        centred: -1.0,
        owned: -1.0,
        opponent_owns: -1.0,
        decisions: CubeDecisions::BEHIND,
    };

    /// The equity with the cube as `cube`, not doubling now.
    pub fn no_double(&self, cube: CubeOwnership) -> f64 {
        match cube {
            CubeOwnership::Centred => self.centred,
            CubeOwnership::Owned => self.owned,
            CubeOwnership::OpponentOwns => self.opponent_owns,
        }
    }

    /// The equity if the player on roll doubles and the opponent takes: 2 × the equity
    /// with the opponent then owning the cube.
    pub fn double_take(&self) -> f64 {
        2.0 * self.opponent_owns
    }

    /// The equity after the player on roll's cube decision with the cube as `cube`.
    pub fn after_cube_decision(&self, cube: CubeOwnership) -> f64 {
        if self.decisions.doubles(cube) {
            self.double_take().min(1.0)
        } else {
            self.no_double(cube)
        }
    }

    /// The proper cube action with the cube as `cube`.
    pub fn cube_action(&self, cube: CubeOwnership) -> CubeAction {
        self.decisions.action(cube)
    }

    /// Too good to double: the player on roll may double, but playing on is worth more
    /// than the opponent's pass (only where gammons count).
    pub fn too_good(&self, cube: CubeOwnership) -> bool {
        cube != CubeOwnership::OpponentOwns
            && !self.decisions.doubles(cube)
            && self.no_double(cube) > 1.0
    }
}

/// A database a position is asked of.
pub trait Source {
    /// The entry of `board`, the player on roll's; a board whose player on roll has lost
    /// (the opponent is off) gives the lost game's values.
    ///
    /// # Errors
    ///
    /// [`QueryError`] when the database does not hold the position.
    fn entry(&mut self, board: &Board) -> Result<Entry, QueryError>;

    /// The entry of the position a query is asked about, checked as far as the database
    /// can check one entry (a gnubg two-sided file: against the entries one roll later);
    /// [`Source::entry`] where there is nothing more to check.
    ///
    /// # Errors
    ///
    /// As [`Source::entry`]; a damaged entry's error.
    fn asked_entry(&mut self, board: &Board) -> Result<Entry, QueryError> {
        self.entry(board)
    }

    /// The boards `roll` can lead to from `board`, from the mover's side; empty when the
    /// roll cannot be played.
    ///
    /// # Errors
    ///
    /// [`QueryError`] when the database's game does not hold the position.
    fn plays(&self, board: &Board, roll: Roll) -> Result<Vec<Board>, QueryError>;
}

/// A source borrowed mutably is a source: `query(&mut reader, …)`.
impl<S: Source + ?Sized> Source for &mut S {
    fn entry(&mut self, board: &Board) -> Result<Entry, QueryError> {
        (**self).entry(board)
    }

    fn asked_entry(&mut self, board: &Board) -> Result<Entry, QueryError> {
        (**self).asked_entry(board)
    }

    fn plays(&self, board: &Board, roll: Roll) -> Result<Vec<Board>, QueryError> {
        (**self).plays(board, roll)
    }
}

/// Both sides' bear-off positions of `board`.
fn bearoff(board: &Board) -> Result<(BearoffPosition, BearoffPosition), QueryError> {
    board.bearoff().ok_or(QueryError::NotABearoff)
}

fn bearoff_plays(board: &Board, roll: Roll) -> Result<Vec<Board>, QueryError> {
    let (on_roll, opponent) = bearoff(board)?;
    Ok(on_roll
        .legal_plays(roll)
        .iter()
        .map(|after| Board::from_bearoff(after, &opponent))
        .collect())
}

/// The entry of a bear-off `board` from `equities`, a two-sided database's lookup of the
/// pair; a race the player on roll has lost needs no lookup.
fn bearoff_entry<E>(
    board: &Board,
    equities: impl FnOnce(&BearoffPosition, &BearoffPosition) -> Result<Equities<f64>, E>,
) -> Result<Entry, QueryError>
where
    QueryError: From<E>,
{
    let (on_roll, opponent) = bearoff(board)?;
    if opponent.is_empty() {
        return Ok(Entry::LOST);
    }
    Ok(Entry::of_bearoff(&equities(&on_roll, &opponent)?))
}

impl Source for &TwoSidedDatabase<f64> {
    fn entry(&mut self, board: &Board) -> Result<Entry, QueryError> {
        bearoff_entry(board, |on_roll, opponent| {
            self.equities(on_roll, opponent).cloned()
        })
    }

    fn plays(&self, board: &Board, roll: Roll) -> Result<Vec<Board>, QueryError> {
        bearoff_plays(board, roll)
    }
}

/// A gnubg file answers from checked entries only: the one asked against the entries one
/// roll later ([`TwoSidedReader::checked_equities`]), every one for its order
/// ([`TwoSidedReader::ordered_equities`]).
impl Source for TwoSidedReader {
    fn entry(&mut self, board: &Board) -> Result<Entry, QueryError> {
        bearoff_entry(board, |on_roll, opponent| {
            self.ordered_equities(on_roll, opponent)
        })
    }

    fn asked_entry(&mut self, board: &Board) -> Result<Entry, QueryError> {
        bearoff_entry(board, |on_roll, opponent| {
            self.checked_equities(on_roll, opponent)
        })
    }

    fn plays(&self, board: &Board, roll: Roll) -> Result<Vec<Board>, QueryError> {
        bearoff_plays(board, roll)
    }
}

/// `board` as a position of hypergammon with `checkers` a side.
fn hypergammon_position(checkers: u32, board: &Board) -> Result<HypergammonPosition, QueryError> {
    Ok(HypergammonPosition::new(
        checkers,
        &Board::places(&board.on_roll),
        &Board::places(&board.opponent),
    )?)
}

fn hypergammon_plays(checkers: u32, board: &Board, roll: Roll) -> Result<Vec<Board>, QueryError> {
    let position = hypergammon_position(checkers, board)?;
    Ok(position
        .plays(roll)
        .iter()
        .map(Board::from_hypergammon)
        .collect())
}

impl Source for &HypergammonDatabase {
    fn entry(&mut self, board: &Board) -> Result<Entry, QueryError> {
        let position = hypergammon_position(self.checkers(), board)?;
        Ok(Entry::of_hypergammon(&HypergammonDatabase::entry(
            self, &position,
        )?))
    }

    fn plays(&self, board: &Board, roll: Roll) -> Result<Vec<Board>, QueryError> {
        hypergammon_plays(self.checkers(), board, roll)
    }
}

/// A gnubg file answers from checked entries only ([`HypergammonFile::checked_entry`]).
impl Source for &HypergammonFile {
    fn entry(&mut self, board: &Board) -> Result<Entry, QueryError> {
        let position = hypergammon_position(self.checkers(), board)?;
        Ok(Entry::of_hypergammon(&self.checked_entry(&position)?))
    }

    fn plays(&self, board: &Board, roll: Roll) -> Result<Vec<Board>, QueryError> {
        hypergammon_plays(self.checkers(), board, roll)
    }
}

/// A legal play and the mover's equities after it, the opponent then on roll.
#[derive(Debug, Clone, PartialEq)]
pub struct RatedPlay {
    /// The play in the field's notation, `6/off 5/3` ([`play_notation`]).
    pub notation: Option<String>,
    /// The board after the play, from the mover's side.
    pub after: Board,
    /// The mover's money equity with the cube as it was, after the opponent's cube
    /// decision.
    pub equity: f64,
    /// The mover's cubeless money equity.
    pub cubeless: f64,
    /// What the play gives up against the best: the best's equity less this one's.
    pub loss: f64,
}

/// The answer to one position.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// What the database holds for the position.
    pub entry: Entry,
    /// The cube, from the player on roll.
    pub cube: CubeOwnership,
    /// The proper cube action with that cube.
    pub cube_action: CubeAction,
    /// Whether the position is too good to double (where gammons count).
    pub too_good: bool,
    /// The market window of the player on roll, from the position's gammon values: where
    /// he would take, double, cash and play on with a dead or a fully live cube.
    pub market_window: MarketWindow<f64>,
    /// The opponent's market window, from the same gammon values seen from his side.
    pub opponent_market_window: MarketWindow<f64>,
    /// For a roll, every legal play, best first (by [`RatedPlay::equity`], ties by
    /// [`RatedPlay::cubeless`]); empty without a roll or when it cannot be played.
    pub plays: Vec<RatedPlay>,
}

/// Asks `source` about `board` with the cube as `cube`, and for `roll`, ranks its plays.
///
/// # Errors
///
/// [`QueryError::GameOver`] when a side is off; the source's error when it does not hold
/// the position.
pub fn query<S: Source>(
    mut source: S,
    board: &Board,
    cube: CubeOwnership,
    roll: Option<Roll>,
) -> Result<Answer, QueryError> {
    if board.is_over() {
        return Err(QueryError::GameOver);
    }
    let entry = source.asked_entry(board)?;
    let plays = match roll {
        Some(roll) => rated_plays(&mut source, board, cube, roll)?,
        None => Vec::new(),
    };
    let values = entry.outcomes.gammon_values();
    Ok(Answer {
        entry,
        cube,
        cube_action: entry.cube_action(cube),
        too_good: entry.too_good(cube),
        market_window: market_window(&values)?,
        opponent_market_window: market_window(&values.opponent())?,
        plays,
    })
}

/// The cube as the opponent sees it.
fn turned(cube: CubeOwnership) -> CubeOwnership {
    match cube {
        CubeOwnership::Centred => CubeOwnership::Centred,
        CubeOwnership::Owned => CubeOwnership::OpponentOwns,
        CubeOwnership::OpponentOwns => CubeOwnership::Owned,
    }
}

fn rated_plays<S: Source + ?Sized>(
    source: &mut S,
    board: &Board,
    cube: CubeOwnership,
    roll: Roll,
) -> Result<Vec<RatedPlay>, QueryError> {
    let mut rated = Vec::new();
    for after in source.plays(board, roll)? {
        let theirs = source.entry(&after.swapped())?;
        rated.push(RatedPlay {
            notation: play_notation(board, &after, roll),
            after,
            equity: -theirs.after_cube_decision(turned(cube)),
            cubeless: -theirs.outcomes.cubeless_equity(),
            loss: 0.0,
        });
    }
    // Plays of one cubeful equity (both lose to a pass, say) are told apart by their
    // cubeless equity, as gnubg lists them.
    rated.sort_by(|a, b| {
        b.equity
            .total_cmp(&a.equity)
            .then(b.cubeless.total_cmp(&a.cubeless))
    });
    let best = rated.first().map_or(0.0, |play| play.equity);
    for play in &mut rated {
        play.loss = best - play.equity;
    }
    Ok(rated)
}

/// A side's bear-off, from the one-sided database: the rolls N it needs, each roll played
/// to bear off in the fewest rolls on average.
#[derive(Debug, Clone, PartialEq)]
pub struct RollsToBearOff {
    /// E N, exactly.
    pub expected: BigRational,
    /// P{N = j} for j = 0, 1, …, exactly.
    pub distribution: Vec<BigRational>,
}

/// Both sides of a bear-off answered from the one-sided database, as gnubg answers a
/// position beyond its two-sided database.
#[derive(Debug, Clone, PartialEq)]
pub struct OneSidedAnswer {
    /// The player on roll's rolls to bear off.
    pub on_roll: RollsToBearOff,
    /// The opponent's.
    pub opponent: RollsToBearOff,
    /// P(the player on roll is off first) = Σ_j P{N_on roll = j} P{N_opponent ≥ j}, the
    /// sides' rolls independent: each side playing for its own fewest rolls, not to win the
    /// race, so an estimate of the race's P(win), exact as a fraction.
    pub win: BigRational,
}

/// Both sides of the bear-off `board` asked of the one-sided database.
///
/// # Errors
///
/// [`QueryError::GameOver`], [`QueryError::NotABearoff`], and
/// [`QueryError::OneSided`] for a side beyond the database.
pub fn one_sided(database: &BearoffDatabase, board: &Board) -> Result<OneSidedAnswer, QueryError> {
    if board.is_over() {
        return Err(QueryError::GameOver);
    }
    let (on_roll, opponent) = bearoff(board)?;
    let side = |position: &BearoffPosition| -> Result<RollsToBearOff, QueryError> {
        Ok(RollsToBearOff {
            expected: database.expected_rolls(position)?,
            distribution: database.rolls_distribution(position)?,
        })
    };
    let (on_roll, opponent) = (side(&on_roll)?, side(&opponent)?);
    let at_least =
        |j: usize| -> BigRational { opponent.distribution.iter().skip(j).cloned().sum() };
    let win = on_roll
        .distribution
        .iter()
        .enumerate()
        .map(|(j, p)| p * at_least(j))
        .sum();
    Ok(OneSidedAnswer {
        on_roll,
        opponent,
        win,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(on_roll: &[u32], opponent: &[u32]) -> Board {
        let side = |points: &[u32]| {
            let mut side = [0u8; 25];
            for &p in points {
                side[p as usize - 1] += 1;
            }
            side
        };
        Board::new(side(on_roll), side(opponent)).unwrap()
    }

    #[test]
    fn a_bearoff_answer_is_the_databases_entry() {
        let database = TwoSidedDatabase::<f64>::new(3).unwrap();
        let on_roll = BearoffPosition::from_points(&[6, 5]).unwrap();
        let opponent = BearoffPosition::from_points(&[4, 1]).unwrap();
        let answer = query(
            &database,
            &board(&[6, 5], &[4, 1]),
            CubeOwnership::Centred,
            None,
        )
        .unwrap();
        let equities = database.equities(&on_roll, &opponent).unwrap();
        assert_eq!(answer.entry.outcomes.win, equities.win);
        assert_eq!(
            answer.cube_action,
            equities.cube_action(CubeOwnership::Centred)
        );
        assert!(!answer.too_good);
    }

    #[test]
    fn the_best_play_of_a_roll_is_the_one_the_entry_assumes() {
        let database = TwoSidedDatabase::<f64>::new(3).unwrap();
        let position = board(&[6, 6, 1], &[5, 5, 5]);
        let roll = Roll {
            first: 2,
            second: 1,
        };
        let answer = query(&database, &position, CubeOwnership::Owned, Some(roll)).unwrap();
        assert!(answer.plays.len() > 1);
        assert_eq!(answer.plays[0].loss, 0.0);
        assert!(
            answer
                .plays
                .windows(2)
                .all(|pair| pair[0].equity >= pair[1].equity)
        );
        assert!(answer.plays.iter().all(|play| play.loss >= 0.0));
    }

    #[test]
    fn bearing_off_the_last_checker_wins() {
        let database = TwoSidedDatabase::<f64>::new(2).unwrap();
        let answer = query(
            &database,
            &board(&[2], &[6, 6]),
            CubeOwnership::Centred,
            Some(Roll {
                first: 3,
                second: 1,
            }),
        )
        .unwrap();
        assert_eq!(answer.entry.outcomes.win, 1.0);
        assert_eq!(answer.plays[0].equity, 1.0);
    }

    #[test]
    fn the_one_sided_answer_is_exact() {
        use num_traits::{One, Zero};
        let database = BearoffDatabase::new(3).unwrap();
        // One checker on the ace point: off in one roll, so the player on roll is off first.
        let answer = one_sided(&database, &board(&[1], &[6, 6])).unwrap();
        assert!(answer.on_roll.expected.is_one());
        assert!(answer.win.is_one());
        // Against it, the opponent's single roll always wins.
        let behind = one_sided(&database, &board(&[6, 6], &[1])).unwrap();
        assert_eq!(
            behind.win,
            database
                .rolls_distribution(&BearoffPosition::from_points(&[6, 6]).unwrap())
                .unwrap()[1]
        );
        assert!(!behind.win.is_zero());
    }

    #[test]
    fn what_no_database_holds_is_a_typed_error() {
        let database = TwoSidedDatabase::<f64>::new(2).unwrap();
        let over = Board::new([0; 25], board(&[1], &[]).on_roll).unwrap();
        assert!(matches!(
            query(&database, &over, CubeOwnership::Centred, None),
            Err(QueryError::GameOver)
        ));
        let outside = board(&[7], &[1]);
        assert!(matches!(
            query(&database, &outside, CubeOwnership::Centred, None),
            Err(QueryError::NotABearoff)
        ));
        let larger = board(&[1, 1, 1], &[1]);
        assert!(matches!(
            query(&database, &larger, CubeOwnership::Centred, None),
            Err(QueryError::TwoSided(_))
        ));
    }
}

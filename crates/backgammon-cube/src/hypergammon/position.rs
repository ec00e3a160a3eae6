//! Hypergammon positions and plays under the full rules of backgammon: entering from the
//! bar, hitting a blot, points of two or more checkers blocked, bearing off once every
//! checker is home, as many dice played as can be (the larger die when only one can be).

use crate::dice::Roll;
use crate::numbering::{BOARD, binomial, board_of, id_of};

use super::HypergammonError;

/// The places of a player's checkers in gnubg's board: the 24 points and the bar.
const PLACES: u32 = BOARD as u32;
/// The bar's place (and its index in a side's board).
pub const BAR: u32 = 25;
const BAR_INDEX: usize = BOARD - 1;

/// One player's checkers, seen from his own side: `side[p − 1]` on point p (1 to 24, his
/// home board is 1 to 6), `side[24]` on the bar; those not on the board are borne off.
type Side = [u8; BOARD];

/// A position of hypergammon with C checkers a side: the checkers of the player on roll and
/// of his opponent, each numbered from its owner's side (the opponent's point q is the
/// player on roll's point 25 − q).
///
/// ```
/// use backgammon_cube::hypergammon::HypergammonPosition;
/// // The start of three-checker hypergammon: each side on its 24, 23 and 22 points.
/// let start = HypergammonPosition::starting(3)?;
/// assert_eq!(start.on_roll_places(), vec![22, 23, 24]);
/// assert_eq!(start.pip_counts(), (69, 69));
/// # Ok::<(), backgammon_cube::hypergammon::HypergammonError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HypergammonPosition {
    checkers: u8,
    on_roll: Side,
    opponent: Side,
}

/// How a finished game ended, for the player on roll: the five cubeless outcomes gnubg
/// keeps, each 0 or 1 here.
pub(crate) type Outputs = [f64; 5];

impl HypergammonPosition {
    /// The position with the player on roll's checkers on `on_roll` and the opponent's on
    /// `opponent` (places 1 to 24 from each owner's side, 25 the bar; a place once per
    /// checker), in a game of `checkers` a side.
    ///
    /// # Errors
    ///
    /// [`HypergammonError::Checkers`] outside 1 to 3, [`HypergammonError::TooManyCheckers`],
    /// [`HypergammonError::Place`] outside 1 to 25, [`HypergammonError::SharedPoint`] when
    /// both players have checkers on one point.
    pub fn new(checkers: u32, on_roll: &[u32], opponent: &[u32]) -> Result<Self, HypergammonError> {
        check_checkers(checkers)?;
        let position = HypergammonPosition {
            checkers: checkers as u8,
            on_roll: side_of(checkers, on_roll)?,
            opponent: side_of(checkers, opponent)?,
        };
        match position.shared_point() {
            Some(point) => Err(HypergammonError::SharedPoint(point)),
            None => Ok(position),
        }
    }

    /// The starting position: each player's checkers on his 24, 23, … points, one a point.
    ///
    /// # Errors
    ///
    /// [`HypergammonError::Checkers`] outside 1 to 3.
    pub fn starting(checkers: u32) -> Result<Self, HypergammonError> {
        let places: Vec<u32> = (0..checkers.min(3)).map(|k| 24 - k).collect();
        Self::new(checkers, &places, &places)
    }

    /// The checkers each side has in this game.
    pub fn checkers(&self) -> u32 {
        u32::from(self.checkers)
    }

    /// The places of the player on roll's checkers, from his side, lowest first.
    pub fn on_roll_places(&self) -> Vec<u32> {
        places_of(&self.on_roll)
    }

    /// The places of the opponent's checkers, from his side, lowest first.
    pub fn opponent_places(&self) -> Vec<u32> {
        places_of(&self.opponent)
    }

    /// The pip counts of the player on roll and of his opponent (a checker on the bar
    /// counts 25).
    pub fn pip_counts(&self) -> (u32, u32) {
        (pips_of(&self.on_roll), pips_of(&self.opponent))
    }

    /// The same checkers with the opponent on roll.
    pub fn swapped(&self) -> Self {
        HypergammonPosition {
            checkers: self.checkers,
            on_roll: self.opponent,
            opponent: self.on_roll,
        }
    }

    /// Whether the players' checkers can still meet: some checker of one has not passed
    /// every checker of the other (gnubg's "contact" class).
    pub fn is_contact(&self) -> bool {
        let back = |side: &Side| (0..BOARD).rev().find(|&i| side[i] > 0);
        match (back(&self.on_roll), back(&self.opponent)) {
            (Some(mine), Some(theirs)) => mine + theirs > 22,
            _ => false,
        }
    }

    /// Whether the game is over: one player has borne off every checker.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The point, numbered from the player on roll's side, where both players have
    /// checkers, if any (an illegal position).
    fn shared_point(&self) -> Option<u32> {
        (0..24)
            .find(|&i| self.on_roll[i] > 0 && self.opponent[23 - i] > 0)
            .map(|i| i as u32 + 1)
    }

    /// The end of the game, if it is over: the five outcomes (win, win a gammon, win a
    /// backgammon, lose a gammon, lose a backgammon) for the player on roll. The player who
    /// bore off his last checker has won: a gammon if the loser has borne off none, a
    /// backgammon if besides a checker of his is on the bar or in the winner's home board.
    pub(crate) fn outcome(&self) -> Option<Outputs> {
        if on_board(&self.opponent) == 0 {
            let [_, gammon, backgammon] = self.loss_of(&self.on_roll);
            return Some([0.0, 0.0, 0.0, gammon, backgammon]);
        }
        if on_board(&self.on_roll) == 0 {
            let [_, gammon, backgammon] = self.loss_of(&self.opponent);
            return Some([1.0, gammon, backgammon, 0.0, 0.0]);
        }
        None
    }

    fn loss_of(&self, loser: &Side) -> [f64; 3] {
        let gammon = on_board(loser) == u32::from(self.checkers);
        let backgammon = gammon && loser[18..].iter().any(|&c| c > 0);
        [
            1.0,
            f64::from(u8::from(gammon)),
            f64::from(u8::from(backgammon)),
        ]
    }

    /// The distinct positions a roll can lead to, each seen from the player who moved (his
    /// checkers still `on_roll`); empty when the roll cannot be played at all.
    ///
    /// ```
    /// use backgammon_cube::dice::Roll;
    /// use backgammon_cube::hypergammon::HypergammonPosition;
    /// // One checker each on the 24-point: 6-5 runs to the 13-point, or hits nothing.
    /// let start = HypergammonPosition::starting(1)?;
    /// let plays = start.plays(Roll { first: 6, second: 5 });
    /// assert_eq!(plays.len(), 1);
    /// assert_eq!(plays[0].on_roll_places(), vec![13]);
    /// # Ok::<(), backgammon_cube::hypergammon::HypergammonError>(())
    /// ```
    pub fn plays(&self, roll: Roll) -> Vec<HypergammonPosition> {
        let mut plays = Plays::default();
        let (high, low) = (roll.first.max(roll.second), roll.first.min(roll.second));
        if high == low {
            plays.play(self, &[high; 4], 0);
        } else {
            plays.play(self, &[high, low], 0);
            plays.play(self, &[low, high], 0);
        }
        plays.found.sort_unstable();
        plays.found.dedup();
        plays.found
    }

    /// The positions one die can lead to.
    fn moves_with(&self, die: u8, into: &mut Vec<HypergammonPosition>) {
        let d = usize::from(die);
        if self.on_roll[BAR_INDEX] > 0 {
            self.move_checker(BAR_INDEX, d, into);
            return;
        }
        let back = (0..BAR_INDEX).rev().find(|&i| self.on_roll[i] > 0);
        for from in (0..BAR_INDEX).filter(|&i| self.on_roll[i] > 0) {
            // Off from below the die only from the rearmost point, once every checker is home.
            let bears_off = from < d;
            if bears_off && !(back <= Some(5) && (from + 1 == d || Some(from) == back)) {
                continue;
            }
            self.move_checker(from, d, into);
        }
    }

    /// Moves a checker from index `from` by `d` pips, unless the point is blocked, hitting
    /// a blot there.
    fn move_checker(&self, from: usize, d: usize, into: &mut Vec<HypergammonPosition>) {
        let mut next = *self;
        next.on_roll[from] -= 1;
        if let Some(to) = from.checked_sub(d) {
            let theirs = 23 - to;
            match self.opponent[theirs] {
                0 => {}
                1 => {
                    next.opponent[theirs] = 0;
                    next.opponent[BAR_INDEX] += 1;
                }
                _ => return,
            }
            next.on_roll[to] += 1;
        }
        into.push(next);
    }

    /// The position's number in gnubg's order: the player on roll's one-sided number times
    /// the C(C + 25, 25) one-sided positions, plus the opponent's.
    pub fn number(&self) -> u32 {
        self.on_roll_id() * one_sided_positions(self.checkers()) + self.opponent_id()
    }

    /// The position numbered `number` in gnubg's order (the inverse of [`Self::number`]).
    ///
    /// ```
    /// use backgammon_cube::hypergammon::HypergammonPosition;
    /// let start = HypergammonPosition::starting(2)?;
    /// assert_eq!(HypergammonPosition::numbered(2, start.number())?, start);
    /// # Ok::<(), backgammon_cube::hypergammon::HypergammonError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`HypergammonError::Checkers`] outside 1 to 3, [`HypergammonError::Number`] from
    /// C(C + 25, 25)² on, [`HypergammonError::SharedPoint`] for the numbers of positions no
    /// game reaches.
    pub fn numbered(checkers: u32, number: u32) -> Result<Self, HypergammonError> {
        check_checkers(checkers)?;
        let sides = one_sided_positions(checkers);
        if u64::from(number) >= u64::from(sides) * u64::from(sides) {
            return Err(HypergammonError::Number {
                number: number as usize,
                positions: sides as usize * sides as usize,
            });
        }
        let position = Self::from_ids(checkers, number / sides, number % sides);
        match position.shared_point() {
            Some(point) => Err(HypergammonError::SharedPoint(point)),
            None => Ok(position),
        }
    }

    /// The position's number in a database or file of `checkers` a side.
    pub(crate) fn number_in(&self, checkers: u32) -> Result<usize, HypergammonError> {
        if self.checkers() != checkers {
            return Err(HypergammonError::OtherGame {
                position: self.checkers(),
                database: checkers,
            });
        }
        Ok(self.number() as usize)
    }

    /// gnubg's number of the player on roll's checkers among the C(C + 25, 25) one-sided
    /// positions of C checkers.
    pub(crate) fn on_roll_id(&self) -> u32 {
        id_of(&self.on_roll, PLACES, self.checkers())
    }

    /// gnubg's number of the opponent's checkers.
    pub(crate) fn opponent_id(&self) -> u32 {
        id_of(&self.opponent, PLACES, self.checkers())
    }

    /// The position of the one-sided numbers `on_roll` and `opponent`, legal or not.
    pub(crate) fn from_ids(checkers: u32, on_roll: u32, opponent: u32) -> Self {
        HypergammonPosition {
            checkers: checkers as u8,
            on_roll: board_of(on_roll, PLACES, checkers),
            opponent: board_of(opponent, PLACES, checkers),
        }
    }

    /// Whether either player has a checker on the bar.
    pub(crate) fn has_checker_on_the_bar(&self) -> bool {
        self.on_roll[BAR_INDEX] > 0 || self.opponent[BAR_INDEX] > 0
    }

    /// Whether no point holds checkers of both players.
    pub(crate) fn is_legal(&self) -> bool {
        self.shared_point().is_none()
    }
}

/// The one-sided positions of `checkers` checkers: C(C + 25, 25).
pub(crate) fn one_sided_positions(checkers: u32) -> u32 {
    binomial(checkers + PLACES, PLACES)
}

pub(crate) fn check_checkers(checkers: u32) -> Result<(), HypergammonError> {
    if (1..=3).contains(&checkers) {
        Ok(())
    } else {
        Err(HypergammonError::Checkers(checkers))
    }
}

fn side_of(checkers: u32, places: &[u32]) -> Result<Side, HypergammonError> {
    if places.len() as u32 > checkers {
        return Err(HypergammonError::TooManyCheckers {
            found: places.len() as u32,
            checkers,
        });
    }
    let mut side = [0u8; BOARD];
    for &place in places {
        if !(1..=BAR).contains(&place) {
            return Err(HypergammonError::Place(place));
        }
        side[place as usize - 1] += 1;
    }
    Ok(side)
}

fn places_of(side: &Side) -> Vec<u32> {
    (0..BOARD)
        .flat_map(|i| std::iter::repeat_n(i as u32 + 1, usize::from(side[i])))
        .collect()
}

fn pips_of(side: &Side) -> u32 {
    (0..BOARD)
        .map(|i| (i as u32 + 1) * u32::from(side[i]))
        .sum()
}

fn on_board(side: &Side) -> u32 {
    side.iter().map(|&c| u32::from(c)).sum()
}

/// The complete plays of one order of the dice: those using the most dice, and of those the
/// most pips (the larger die when only one of two can be played).
#[derive(Default)]
struct Plays {
    found: Vec<HypergammonPosition>,
    dice: usize,
    pips: u32,
}

impl Plays {
    fn play(&mut self, from: &HypergammonPosition, dice: &[u8], depth: usize) {
        let mut next = Vec::new();
        if let Some(&die) = dice.get(depth) {
            from.moves_with(die, &mut next);
        }
        if next.is_empty() {
            self.keep(
                from,
                depth,
                dice[..depth].iter().map(|&d| u32::from(d)).sum(),
            );
            return;
        }
        next.sort_unstable();
        next.dedup();
        for position in &next {
            self.play(position, dice, depth + 1);
        }
    }

    fn keep(&mut self, position: &HypergammonPosition, dice: usize, pips: u32) {
        if dice == 0 || (dice, pips) < (self.dice, self.pips) {
            return;
        }
        if (dice, pips) > (self.dice, self.pips) {
            self.found.clear();
            self.dice = dice;
            self.pips = pips;
        }
        self.found.push(*position);
    }
}

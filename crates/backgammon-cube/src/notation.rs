//! The notations every backgammon program takes for a position: GNU Backgammon's Position ID
//! (with the cube and the dice from its Match ID) and eXtreme Gammon's XGID.
//!
//! A [`Board`] is seen from the player on roll, as gnubg's evaluations are: each side's
//! checkers on its own points 1 to 24 (point 1 its ace point) and on the bar.
//!
//! - The **Position ID** is 14 characters of base 64 holding an 80-bit key: for the opponent,
//!   then for the player on roll, each of the 25 places (points 1 to 24, then the bar) as one
//!   1 bit a checker and a 0; the bits packed into ten bytes least significant first
//!   (gnubg's manual, "A technical description of the Position ID"). The manual's example
//!   names the player on roll first, but it is the starting position, the same either way;
//!   gnubg itself (1.07, `set board`, `show board`) puts the player on roll second, and so
//!   does this module.
//! - The **Match ID** is 12 characters holding a 66-bit key: the cube's value and owner, the
//!   player on roll, the game state, the dice, the match length and the score, each field's
//!   least significant bit first ("A technical description of the Match ID"). Player 0 and
//!   player 1 are gnubg's; ownership is told here from the player on roll.
//! - The **XGID** is `XGID=` and 26 places followed by nine fields separated by `:`. The
//!   places are seen from the bottom player: place 0 the top player's bar, 1 to 24 the
//!   bottom player's points, 25 his bar; `A`–`O` are 1 to 15 of the bottom player's
//!   checkers, `a`–`o` the top player's, `-` none. Then the cube's exponent, its owner (1 the
//!   bottom player, −1 the top, 0 centred), the player on roll (1 bottom, −1 top), the dice
//!   (`00` not rolled), both scores, the Crawford and Jacoby flags, the match length (0 for a
//!   money game) and the largest cube.
//!
//! ```
//! use backgammon_cube::notation::{Board, Setup};
//!
//! // The starting position, in both notations.
//! let start = Board::from_position_id("4HPwATDgc/ABMA")?;
//! assert_eq!(start.pip_counts(), (167, 167));
//! assert_eq!(start.position_id(), "4HPwATDgc/ABMA");
//! let id: Setup = "4HPwATDgc/ABMA:cAkAAAAAAAAA".parse()?;
//! assert_eq!(id.board, start);
//! assert_eq!(id.cube_value, 1);
//! let xg = Setup::from_xgid(
//!     "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
//! )?;
//! assert_eq!(xg.board, start);
//! # Ok::<(), backgammon_cube::notation::NotationError>(())
//! ```

use crate::bearoff::BearoffPosition;
use crate::cube::CubeOwnership;
use crate::dice::Roll;
use crate::hypergammon::HypergammonPosition;

/// The checkers a side has in backgammon.
pub const CHECKERS: u32 = 15;

/// The bar's place in a side's 25: after points 1 to 24.
pub const BAR: usize = 24;

/// The characters of gnubg's base 64, in order.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// A notation that cannot be read, or a position no game reaches.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotationError {
    /// A notation of another length.
    #[error("{what} has {expected} characters, not {found}")]
    Length {
        /// What was read: "a Position ID".
        what: &'static str,
        /// Its length.
        expected: usize,
        /// The length given.
        found: usize,
    },
    /// A character outside the notation's alphabet.
    #[error("{what}: {found:?} is not one of its characters")]
    Character {
        /// What was read.
        what: &'static str,
        /// The character.
        found: char,
    },
    /// A key whose bits do not describe 25 places a side.
    #[error("the Position ID does not hold 25 places for each side")]
    Places,
    /// More checkers than a side has.
    #[error("a side has {0} checkers; backgammon has {CHECKERS}")]
    TooManyCheckers(u32),
    /// Both sides on one point.
    #[error("both sides have checkers on the point the player on roll numbers {0}")]
    SharedPoint(u32),
    /// A field of a Match ID or an XGID that cannot be read.
    #[error("{0}")]
    Field(String),
    /// A key's last character sets bits past the key's length.
    #[error("{what}: its last character {found:?} sets bits past the {bits}-bit key")]
    BitsPastTheKey {
        /// What was read.
        what: &'static str,
        /// The character.
        found: char,
        /// The key's bits.
        bits: usize,
    },
}

/// The largest cube gnubg plays with, 2^12 (its `MAX_CUBE`).
pub const MAX_CUBE_EXPONENT: u32 = 12;

/// Where every checker stands, seen from the player on roll: `on_roll[i]` checkers on his
/// point i + 1, `on_roll[BAR]` on the bar; the same for the opponent from his side. A
/// checker not on the board is borne off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// The player on roll's checkers.
    pub on_roll: [u8; 25],
    /// The opponent's checkers, on his own points.
    pub opponent: [u8; 25],
}

impl Board {
    /// The board of these checkers, checked: at most fifteen a side, and no point held by
    /// both (the player on roll's point p is the opponent's 25 − p).
    ///
    /// # Errors
    ///
    /// [`NotationError::TooManyCheckers`], [`NotationError::SharedPoint`].
    pub fn new(on_roll: [u8; 25], opponent: [u8; 25]) -> Result<Board, NotationError> {
        for side in [&on_roll, &opponent] {
            let checkers: u32 = side.iter().map(|&c| u32::from(c)).sum();
            if checkers > CHECKERS {
                return Err(NotationError::TooManyCheckers(checkers));
            }
        }
        if let Some(point) = (1..=24).find(|&p| on_roll[p - 1] > 0 && opponent[24 - p] > 0) {
            return Err(NotationError::SharedPoint(point as u32));
        }
        Ok(Board { on_roll, opponent })
    }

    /// The board of a 14-character gnubg Position ID.
    ///
    /// # Errors
    ///
    /// [`NotationError::Length`], [`NotationError::Character`], [`NotationError::Places`],
    /// and those of [`Board::new`].
    pub fn from_position_id(id: &str) -> Result<Board, NotationError> {
        let key = decode::<10>("a Position ID", id)?;
        let mut bits = (0..80).map(|k| key[k / 8] >> (k % 8) & 1 == 1);
        let mut sides = [[0u8; 25]; 2];
        for side in &mut sides {
            for place in side.iter_mut() {
                loop {
                    match bits.next() {
                        Some(true) if *place < 15 => *place += 1,
                        Some(false) => break,
                        _ => return Err(NotationError::Places),
                    }
                }
            }
        }
        if bits.any(|bit| bit) {
            return Err(NotationError::Places);
        }
        let [opponent, on_roll] = sides;
        Board::new(on_roll, opponent)
    }

    /// The 14-character gnubg Position ID.
    pub fn position_id(&self) -> String {
        let mut key = [0u8; 10];
        let mut bit = 0;
        for side in [&self.opponent, &self.on_roll] {
            for &checkers in side {
                for _ in 0..checkers {
                    key[bit / 8] |= 1 << (bit % 8);
                    bit += 1;
                }
                bit += 1;
            }
        }
        encode(&key)
    }

    /// The board seen from the other side: the opponent on roll.
    pub fn swapped(&self) -> Board {
        Board {
            on_roll: self.opponent,
            opponent: self.on_roll,
        }
    }

    /// The pip counts (player on roll, opponent): Σ point × checkers, the bar 25.
    pub fn pip_counts(&self) -> (u32, u32) {
        let pips = |side: &[u8; 25]| -> u32 {
            side.iter()
                .enumerate()
                .map(|(i, &c)| (i as u32 + 1) * u32::from(c))
                .sum()
        };
        (pips(&self.on_roll), pips(&self.opponent))
    }

    /// The checkers left on the board (player on roll, opponent).
    pub fn checkers(&self) -> (u32, u32) {
        let count = |side: &[u8; 25]| side.iter().map(|&c| u32::from(c)).sum();
        (count(&self.on_roll), count(&self.opponent))
    }

    /// Whether a side has borne off every checker: the game is over.
    pub fn is_over(&self) -> bool {
        let (on_roll, opponent) = self.checkers();
        on_roll == 0 || opponent == 0
    }

    /// Both sides' bear-off positions, when every checker on the board stands on its
    /// side's home points (1 to 6); `None` otherwise.
    pub fn bearoff(&self) -> Option<(BearoffPosition, BearoffPosition)> {
        Some((home_points(&self.on_roll)?, home_points(&self.opponent)?))
    }

    /// The board of both sides' bear-off positions.
    pub fn from_bearoff(on_roll: &BearoffPosition, opponent: &BearoffPosition) -> Board {
        let side = |position: &BearoffPosition| {
            let mut places = [0u8; 25];
            for point in 1..=6 {
                places[point as usize - 1] = position.on(point);
            }
            places
        };
        Board {
            on_roll: side(on_roll),
            opponent: side(opponent),
        }
    }

    /// The board of a hypergammon position.
    pub fn from_hypergammon(position: &HypergammonPosition) -> Board {
        let side = |places: Vec<u32>| {
            let mut side = [0u8; 25];
            for place in places {
                side[place as usize - 1] += 1;
            }
            side
        };
        Board {
            on_roll: side(position.on_roll_places()),
            opponent: side(position.opponent_places()),
        }
    }

    /// The places (1 to 24, 25 the bar) of a side's checkers, once a checker: the form
    /// [`HypergammonPosition::new`](crate::hypergammon::HypergammonPosition::new) takes.
    pub fn places(side: &[u8; 25]) -> Vec<u32> {
        side.iter()
            .enumerate()
            .flat_map(|(i, &c)| std::iter::repeat_n(i as u32 + 1, usize::from(c)))
            .collect()
    }
}

/// One checker's move of one die: from a place (1 to 24, 25 the bar) to a point, or off
/// (0); `hit` when it sends an opponent's lone checker to the bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Step {
    from: usize,
    to: usize,
    hit: bool,
}

/// The play that takes `before` to `after` (the mover's side of both; `after` from the
/// mover's side too) with `roll`, in the field's notation: each checker's path from its
/// place to where it stops, `bar` and `off` by name, a `*` where it hits, repeated paths
/// as `(2)`, the highest first — `6/off 5/3`, `bar/22* 13/8`, `6/4(2)`. `None` when no
/// sequence of the roll's dice leads there.
///
/// ```
/// use backgammon_cube::dice::Roll;
/// use backgammon_cube::notation::{Board, play_notation};
///
/// let mut on_roll = [0u8; 25];
/// on_roll[5] = 1;
/// on_roll[4] = 1;
/// let mut opponent = [0u8; 25];
/// opponent[0] = 2;
/// let before = Board::new(on_roll, opponent).unwrap();
/// let mut left = [0u8; 25];
/// left[2] = 1;
/// let after = Board::new(left, opponent).unwrap();
/// assert_eq!(play_notation(&before, &after, Roll { first: 6, second: 2 }).as_deref(), Some("6/off 5/3"));
/// ```
pub fn play_notation(before: &Board, after: &Board, roll: Roll) -> Option<String> {
    let dice: Vec<usize> = roll.dice().iter().map(|&d| usize::from(d)).collect();
    let orders = if roll.is_double() {
        vec![dice]
    } else {
        vec![dice.clone(), dice.into_iter().rev().collect()]
    };
    let steps = orders
        .iter()
        .find_map(|order| steps_to(*before, after, order, &mut Vec::new()))?;
    Some(written(&steps))
}

/// A sequence of single-die steps from `board` to `target` with the first dice of `dice`.
fn steps_to(
    board: Board,
    target: &Board,
    dice: &[usize],
    steps: &mut Vec<Step>,
) -> Option<Vec<Step>> {
    if board.on_roll == target.on_roll && board.opponent == target.opponent {
        return Some(steps.clone());
    }
    let (&die, rest) = dice.split_first()?;
    for from in (1..=25).rev() {
        if let Some((next, step)) = stepped(&board, from, die) {
            steps.push(step);
            if let Some(found) = steps_to(next, target, rest, steps) {
                return Some(found);
            }
            steps.pop();
        }
    }
    None
}

/// The board after the mover's checker on `from` moves `die` pips, if it may.
fn stepped(board: &Board, from: usize, die: usize) -> Option<(Board, Step)> {
    let mut next = *board;
    let side = &mut next.on_roll;
    if side[from - 1] == 0 || (side[BAR] > 0 && from != 25) {
        return None;
    }
    side[from - 1] -= 1;
    if from <= die {
        let home = side[6..].iter().all(|&c| c == 0);
        let highest = from == die || side[from..6].iter().all(|&c| c == 0);
        return (home && highest).then_some((
            next,
            Step {
                from,
                to: 0,
                hit: false,
            },
        ));
    }
    let to = from - die;
    let theirs = &mut next.opponent[24 - to];
    let hit = match *theirs {
        0 => false,
        1 => true,
        _ => return None,
    };
    if hit {
        *theirs = 0;
        next.opponent[BAR] += 1;
    }
    next.on_roll[to - 1] += 1;
    Some((next, Step { from, to, hit }))
}

/// Steps written as checkers' paths.
fn written(steps: &[Step]) -> String {
    let mut paths: Vec<Vec<Step>> = Vec::new();
    for &step in steps {
        match paths.iter_mut().find(|path| {
            path.last()
                .is_some_and(|last| last.to == step.from && step.from != 0)
        }) {
            Some(path) => path.push(step),
            None => paths.push(vec![step]),
        }
    }
    let place = |p: usize| match p {
        0 => "off".to_owned(),
        25 => "bar".to_owned(),
        p => p.to_string(),
    };
    // The highest first, as gnubg writes them: by the place a checker leaves, then the one
    // it stops on.
    let mut texts: Vec<(usize, usize, String)> = paths
        .iter()
        .map(|path| {
            let mut text = place(path[0].from);
            for (k, step) in path.iter().enumerate() {
                if step.hit || k + 1 == path.len() {
                    text.push('/');
                    text.push_str(&place(step.to));
                    if step.hit {
                        text.push('*');
                    }
                }
            }
            (path[0].from, path[path.len() - 1].to, text)
        })
        .collect();
    texts.sort_by(|a, b| b.cmp(a));
    let mut grouped: Vec<(String, usize)> = Vec::new();
    for (_, _, text) in texts {
        match grouped.last_mut() {
            Some((last, count)) if *last == text => *count += 1,
            _ => grouped.push((text, 1)),
        }
    }
    grouped
        .iter()
        .map(|(text, count)| {
            if *count > 1 {
                format!("{text}({count})")
            } else {
                text.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A side's home points as a bear-off position, if it has no checker elsewhere.
fn home_points(side: &[u8; 25]) -> Option<BearoffPosition> {
    if side[6..].iter().any(|&c| c > 0) {
        return None;
    }
    let points = Board::places(side);
    BearoffPosition::from_points(&points).ok()
}

/// A position set up for a money game, as the notations give it: the board from the player
/// on roll, the cube, and the dice if rolled. Read from a gnubg ID (`POSITIONID:MATCHID`, or
/// a Position ID alone) or an XGID, and written as either.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setup {
    /// The board, from the player on roll.
    pub board: Board,
    /// The cube's value: 1, 2, 4, …
    pub cube_value: u32,
    /// Who owns the cube, from the player on roll.
    pub cube: CubeOwnership,
    /// The dice, when the player on roll has rolled.
    pub roll: Option<Roll>,
}

impl std::str::FromStr for Setup {
    type Err = NotationError;

    /// Reads an XGID (`XGID=…`) or a gnubg ID ([`Setup::from_gnubg_id`]).
    fn from_str(text: &str) -> Result<Setup, NotationError> {
        let text = text.trim();
        if text.starts_with("XGID=") {
            Setup::from_xgid(text)
        } else {
            Setup::from_gnubg_id(text)
        }
    }
}

impl Setup {
    /// Reads `POSITIONID:MATCHID`, or a Position ID alone (the cube centred at 1, no dice).
    ///
    /// # Errors
    ///
    /// [`NotationError`]: a bad Position ID or Match ID, a match rather than a money game, a
    /// game not in play, dice out of range.
    pub fn from_gnubg_id(text: &str) -> Result<Setup, NotationError> {
        let text = text.trim();
        let (position, match_id) = match text.split_once(':') {
            Some((position, match_id)) => (position, Some(match_id)),
            None => (text, None),
        };
        let board = Board::from_position_id(position)?;
        let Some(match_id) = match_id else {
            return Ok(Setup {
                board,
                cube_value: 1,
                cube: CubeOwnership::Centred,
                roll: None,
            });
        };
        let key = decode::<9>("a Match ID", match_id)?;
        let field = |first: usize, bits: usize| -> u32 {
            (0..bits).fold(0, |value, k| {
                let bit = first + k;
                value | u32::from(key[bit / 8] >> (bit % 8) & 1) << k
            })
        };
        if field(21, 15) != 0 {
            return Err(NotationError::Field(format!(
                "a match to {} points: the databases hold money-game equities",
                field(21, 15)
            )));
        }
        if field(8, 3) != 1 {
            return Err(NotationError::Field(
                "the Match ID's game is not in play".to_owned(),
            ));
        }
        if field(12, 1) != 0 || field(13, 2) != 0 {
            return Err(NotationError::Field(
                "the Match ID has a double or a resignation pending: the databases answer the \
                 player on roll before his cube decision"
                    .to_owned(),
            ));
        }
        if field(7, 1) != 0 {
            return Err(NotationError::Field(
                "the Match ID marks a Crawford game, which a money game has not".to_owned(),
            ));
        }
        if field(0, 4) > MAX_CUBE_EXPONENT {
            return Err(NotationError::Field(format!(
                "cube {}: gnubg's largest cube is {}",
                1u32 << field(0, 4),
                1u32 << MAX_CUBE_EXPONENT
            )));
        }
        let on_roll = field(6, 1);
        let cube = match field(4, 2) {
            3 => CubeOwnership::Centred,
            owner @ (0 | 1) if owner == on_roll => CubeOwnership::Owned,
            0 | 1 => CubeOwnership::OpponentOwns,
            owner => {
                return Err(NotationError::Field(format!(
                    "cube owner {owner}: 0 or 1 (gnubg's players), or 3 (centred)"
                )));
            }
        };
        let roll = match (field(15, 3), field(18, 3)) {
            (0, 0) => None,
            (first @ 1..=6, second @ 1..=6) => Some(Roll {
                first: first as u8,
                second: second as u8,
            }),
            dice => {
                return Err(NotationError::Field(format!(
                    "dice {dice:?}: each 1 to 6, or both 0 before the roll"
                )));
            }
        };
        Ok(Setup {
            board,
            cube_value: 1 << field(0, 4),
            cube,
            roll,
        })
    }

    /// `POSITIONID:MATCHID` for a money game, the player on roll gnubg's player 1 (as
    /// gnubg writes a position the user is to play).
    pub fn gnubg_id(&self) -> String {
        let mut key = [0u8; 9];
        let mut set = |first: usize, bits: usize, value: u32| {
            for k in 0..bits {
                if value >> k & 1 == 1 {
                    key[(first + k) / 8] |= 1 << ((first + k) % 8);
                }
            }
        };
        set(0, 4, self.cube_value.trailing_zeros());
        let owner = match self.cube {
            CubeOwnership::Centred => 3,
            CubeOwnership::Owned => 1,
            CubeOwnership::OpponentOwns => 0,
        };
        set(4, 2, owner);
        set(6, 1, 1);
        set(8, 3, 1);
        set(11, 1, 1);
        if let Some(roll) = self.roll {
            set(15, 3, u32::from(roll.first));
            set(18, 3, u32::from(roll.second));
        }
        format!("{}:{}", self.board.position_id(), encode(&key))
    }
}

impl Setup {
    /// Reads `XGID=…` (the prefix may be left out).
    ///
    /// # Errors
    ///
    /// [`NotationError::Length`], [`NotationError::Character`], [`NotationError::Field`]
    /// (a field missing or out of range, a match rather than a money game), and those of
    /// [`Board::new`].
    pub fn from_xgid(text: &str) -> Result<Setup, NotationError> {
        let text = text.trim();
        let text = text.strip_prefix("XGID=").unwrap_or(text);
        let fields: Vec<&str> = text.split(':').collect();
        if fields.len() != 10 {
            return Err(NotationError::Field(format!(
                "an XGID has 10 fields separated by ':', not {}",
                fields.len()
            )));
        }
        let (bottom, top) = xgid_places(fields[0])?;
        let number = |index: usize, name: &str| -> Result<i32, NotationError> {
            fields[index].parse().map_err(|_| {
                NotationError::Field(format!(
                    "the XGID's {name} {:?} is not a number",
                    fields[index]
                ))
            })
        };
        if number(8, "match length")? != 0 {
            return Err(NotationError::Field(
                "a match: the databases hold money-game equities".to_owned(),
            ));
        }
        let largest = number(9, "largest cube")?;
        if !(0..=15).contains(&largest) {
            return Err(NotationError::Field(format!(
                "largest cube 2^{largest}: 2^0 to 2^15"
            )));
        }
        let exponent = number(1, "cube")?;
        let most = largest.min(MAX_CUBE_EXPONENT as i32);
        if !(0..=most).contains(&exponent) {
            return Err(NotationError::Field(format!(
                "cube 2^{exponent}: 2^0 to 2^{most}, the XGID's largest cube and gnubg's"
            )));
        }
        for (index, name) in [(5, "bottom player's score"), (6, "top player's score")] {
            if number(index, name)? < 0 {
                return Err(NotationError::Field(format!(
                    "the XGID's {name} {}: not below 0",
                    fields[index]
                )));
            }
        }
        let rules = number(7, "Jacoby and beaver rules")?;
        if !(0..=3).contains(&rules) {
            return Err(NotationError::Field(format!(
                "the XGID's rules {rules}: in a money game 0 to 3 (1 the Jacoby rule, 2 beavers)"
            )));
        }
        let bottom_on_roll = match number(3, "turn")? {
            1 => true,
            -1 => false,
            turn => return Err(NotationError::Field(format!("turn {turn}: 1 or -1"))),
        };
        let cube = match (number(2, "cube owner")?, bottom_on_roll) {
            (0, _) => CubeOwnership::Centred,
            (1, true) | (-1, false) => CubeOwnership::Owned,
            (1, false) | (-1, true) => CubeOwnership::OpponentOwns,
            (owner, _) => {
                return Err(NotationError::Field(format!(
                    "cube owner {owner}: 1, -1 or 0"
                )));
            }
        };
        let board = if bottom_on_roll {
            Board::new(bottom, top)?
        } else {
            Board::new(top, bottom)?
        };
        Ok(Setup {
            board,
            cube_value: 1 << exponent,
            cube,
            roll: xgid_dice(fields[4])?,
        })
    }

    /// `XGID=…` for a money game with the player on roll at the bottom, the Jacoby rule
    /// off and the largest cube 2^10 (or the cube's value, when it is larger).
    pub fn xgid(&self) -> String {
        let mut places = String::with_capacity(26);
        places.push(xgid_char(self.board.opponent[BAR], b'a'));
        for point in 1..=24 {
            let bottom = self.board.on_roll[point - 1];
            let top = self.board.opponent[24 - point];
            places.push(if bottom > 0 {
                xgid_char(bottom, b'A')
            } else {
                xgid_char(top, b'a')
            });
        }
        places.push(xgid_char(self.board.on_roll[BAR], b'A'));
        let owner = match self.cube {
            CubeOwnership::Centred => 0,
            CubeOwnership::Owned => 1,
            CubeOwnership::OpponentOwns => -1,
        };
        let dice = self.roll.map_or_else(
            || "00".to_owned(),
            |roll| format!("{}{}", roll.first, roll.second),
        );
        let exponent = self.cube_value.trailing_zeros();
        format!(
            "XGID={places}:{exponent}:{owner}:1:{dice}:0:0:0:0:{}",
            exponent.max(10)
        )
    }
}

/// The 26 places of an XGID as (bottom player's, top player's) sides.
fn xgid_places(places: &str) -> Result<([u8; 25], [u8; 25]), NotationError> {
    let found = places.chars().count();
    if found != 26 {
        return Err(NotationError::Length {
            what: "an XGID's places",
            expected: 26,
            found,
        });
    }
    let mut bottom = [0u8; 25];
    let mut top = [0u8; 25];
    for (place, c) in places.chars().enumerate() {
        let (of_bottom, count) = match c {
            '-' => continue,
            'A'..='O' => (true, c as u8 - b'A' + 1),
            'a'..='o' => (false, c as u8 - b'a' + 1),
            found => {
                return Err(NotationError::Character {
                    what: "an XGID's places",
                    found,
                });
            }
        };
        // Place 0 is the top player's bar, 25 the bottom player's; point p of the bottom
        // player is the top player's 25 − p.
        let index = match (place, of_bottom) {
            (25, true) | (0, false) => BAR,
            (0, true) | (25, false) => {
                return Err(NotationError::Field(format!(
                    "place {place} of an XGID is the other player's bar"
                )));
            }
            (point, true) => point - 1,
            (point, false) => 24 - point,
        };
        let side = if of_bottom { &mut bottom } else { &mut top };
        side[index] = count;
    }
    Ok((bottom, top))
}

fn xgid_char(checkers: u8, base: u8) -> char {
    if checkers == 0 {
        '-'
    } else {
        char::from(base + checkers - 1)
    }
}

/// The dice of an XGID: `00` not rolled, else two digits 1 to 6.
fn xgid_dice(dice: &str) -> Result<Option<Roll>, NotationError> {
    match dice.as_bytes() {
        b"00" => Ok(None),
        &[first @ b'1'..=b'6', second @ b'1'..=b'6'] => Ok(Some(Roll {
            first: first - b'0',
            second: second - b'0',
        })),
        _ => Err(NotationError::Field(format!(
            "dice {dice:?}: two digits 1 to 6, or 00 before the roll"
        ))),
    }
}

/// The `N` bytes of a base-64 `text` of gnubg's length for them (14 characters for 10
/// bytes, 12 for 9).
fn decode<const N: usize>(what: &'static str, text: &str) -> Result<[u8; N], NotationError> {
    let expected = (8 * N).div_ceil(6);
    let found = text.chars().count();
    if found != expected {
        return Err(NotationError::Length {
            what,
            expected,
            found,
        });
    }
    let mut bytes = [0u8; N];
    for (k, c) in text.chars().enumerate() {
        let sextet = ALPHABET
            .iter()
            .position(|&a| char::from(a) == c)
            .ok_or(NotationError::Character { what, found: c })?;
        for b in 0..6 {
            let bit = 6 * k + b;
            if sextet >> (5 - b) & 1 == 1 {
                if bit >= 8 * N {
                    return Err(NotationError::BitsPastTheKey {
                        what,
                        found: c,
                        bits: 8 * N,
                    });
                }
                bytes[bit / 8] |= 0x80 >> (bit % 8);
            }
        }
    }
    Ok(bytes)
}

/// `bytes` in gnubg's base 64, without padding.
fn encode(bytes: &[u8]) -> String {
    let bits = 8 * bytes.len();
    (0..bits.div_ceil(6))
        .map(|k| {
            let sextet = (0..6).fold(0usize, |sextet, b| {
                let bit = 6 * k + b;
                let set = bit < bits && bytes[bit / 8] & (0x80 >> (bit % 8)) != 0;
                sextet << 1 | usize::from(set)
            });
            char::from(ALPHABET[sextet])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_starting_position_reads_and_writes_back() {
        let start = Board::from_position_id("4HPwATDgc/ABMA").unwrap();
        let mut side = [0u8; 25];
        side[5] = 5;
        side[7] = 3;
        side[12] = 5;
        side[23] = 2;
        assert_eq!(start, Board::new(side, side).unwrap());
        assert_eq!(start.position_id(), "4HPwATDgc/ABMA");
    }

    #[test]
    fn the_player_on_roll_is_the_second_half_of_the_key() {
        // gnubg 1.07 shows this ID with the player on roll's two checkers on his ace point
        // against one.
        let board = Board::from_position_id("AQAADAAAAAAAAA").unwrap();
        assert_eq!(Board::places(&board.on_roll), [1, 1]);
        assert_eq!(Board::places(&board.opponent), [1]);
    }

    #[test]
    fn plays_are_written_as_gnubg_writes_them() {
        let side = |places: &[(usize, u8)]| {
            let mut side = [0u8; 25];
            for &(place, count) in places {
                side[place - 1] = count;
            }
            side
        };
        let play = |before: &Board,
                    after_on_roll: &[(usize, u8)],
                    after_opponent: &[(usize, u8)],
                    roll: (u8, u8)| {
            let after = Board::new(side(after_on_roll), side(after_opponent)).unwrap();
            play_notation(
                before,
                &after,
                Roll {
                    first: roll.0,
                    second: roll.1,
                },
            )
        };
        let start = Board::from_position_id("4HPwATDgc/ABMA").unwrap();
        let start_side = [(6, 5), (8, 3), (13, 5), (24, 2)];
        assert_eq!(
            play(
                &start,
                &[(6, 5), (8, 3), (13, 4), (24, 2), (7, 1)],
                &start_side,
                (6, 1)
            )
            .as_deref(),
            Some("13/7")
        );
        assert_eq!(
            play(
                &start,
                &[(6, 3), (8, 3), (13, 5), (24, 2), (4, 2)],
                &start_side,
                (1, 1)
            )
            .as_deref(),
            Some("6/4(2)")
        );
        assert_eq!(
            play(
                &start,
                &[(6, 5), (8, 4), (13, 4), (24, 2)],
                &start_side,
                (6, 1)
            )
            .as_deref(),
            None
        );
        assert_eq!(
            play(
                &start,
                &[(6, 4), (8, 2), (13, 5), (24, 2), (5, 1), (3, 1)],
                &start_side,
                (3, 3)
            )
            .as_deref(),
            Some("8/5 6/3")
        );
        assert_eq!(
            play(
                &start,
                &[(6, 5), (8, 5), (13, 3), (24, 2)],
                &start_side,
                (5, 5)
            )
            .as_deref(),
            Some("13/8(2)")
        );
        // A hit on the way: the opponent's lone checker on our 20 (his 5).
        let lone = Board::new(side(&[(24, 1)]), side(&[(5, 1), (2, 1)])).unwrap();
        assert_eq!(
            play(&lone, &[(17, 1)], &[(25, 1), (2, 1)], (4, 3)).as_deref(),
            Some("24/20*/17")
        );
    }

    #[test]
    fn bad_ids_are_typed_errors() {
        assert!(matches!(
            Board::from_position_id("4HPwATDgc/ABM"),
            Err(NotationError::Length { found: 13, .. })
        ));
        assert!(matches!(
            Board::from_position_id("4HPwATDgc/AB*A"),
            Err(NotationError::Character { found: '*', .. })
        ));
        // Every bit set: sixteen checkers on the ace point.
        assert!(Board::from_position_id("//////////////").is_err());
        let mut both = [0u8; 25];
        both[0] = 1;
        let mut other = [0u8; 25];
        other[23] = 1;
        assert_eq!(Board::new(both, other), Err(NotationError::SharedPoint(1)));
    }

    #[test]
    fn a_match_id_gives_the_cube_and_the_dice() {
        let id: Setup = "4HPwATDgc/ABMA:cAkAAAAAAAAA".parse().unwrap();
        assert_eq!(
            (id.cube_value, id.cube, id.roll),
            (1, CubeOwnership::Centred, None)
        );
        let written = Setup {
            cube_value: 4,
            cube: CubeOwnership::OpponentOwns,
            roll: Some(Roll {
                first: 6,
                second: 5,
            }),
            ..id
        };
        assert_eq!(written.gnubg_id().parse::<Setup>().unwrap(), written);
    }

    /// A money Match ID with the bits `fields` (first bit, width, value) set over the
    /// starting position's centred cube, player 1 on roll.
    fn match_id_with(fields: &[(usize, usize, u32)]) -> String {
        let start: Setup = "4HPwATDgc/ABMA:cAkAAAAAAAAA".parse().unwrap();
        let (position, match_id) = start
            .gnubg_id()
            .split_once(':')
            .map(|(p, m)| (p.to_owned(), m.to_owned()))
            .unwrap();
        let mut key = decode::<9>("a Match ID", &match_id).unwrap();
        for &(first, bits, value) in fields {
            for k in 0..bits {
                let bit = first + k;
                key[bit / 8] &= !(1 << (bit % 8));
                key[bit / 8] |= ((value >> k & 1) as u8) << (bit % 8);
            }
        }
        format!("{position}:{}", encode(&key))
    }

    #[test]
    fn every_match_id_field_out_of_range_is_refused() {
        assert!(match_id_with(&[]).parse::<Setup>().is_ok());
        let largest = match_id_with(&[(0, 4, MAX_CUBE_EXPONENT)]);
        assert_eq!(largest.parse::<Setup>().unwrap().cube_value, 4096);
        for (fields, says) in [
            (&[(4, 2, 2)][..], "cube owner 2"),
            (&[(0, 4, 15)], "largest cube"),
            (&[(12, 1, 1)], "pending"),
            (&[(13, 2, 1)], "pending"),
            (&[(7, 1, 1)], "Crawford"),
            (&[(8, 3, 2)], "not in play"),
            (&[(15, 3, 7), (18, 3, 1)], "dice"),
        ] {
            let id = match_id_with(fields);
            let error = id.parse::<Setup>().unwrap_err().to_string();
            assert!(error.contains(says), "{fields:?}: {error}");
        }
    }

    #[test]
    fn every_xgid_field_is_checked() {
        let place = "-b----E-C---eE---c-e----B-";
        for fields in [
            "0:0:1:00:0:0:0:0:foo",
            "0:0:1:00:foo:0:0:0:10",
            "0:0:1:00:0:bar:0:0:10",
            "0:0:1:00:0:0:baz:0:10",
            "0:0:1:00:0:0:7:0:10",
            "0:0:1:00:-1:0:0:0:10",
            "0:0:1:00:0:0:0:0:16",
            "11:0:1:00:0:0:0:0:10",
            "13:0:1:00:0:0:0:0:15",
            "0:0:1:00:0:0:0:0:10:1",
        ] {
            assert!(
                Setup::from_xgid(&format!("XGID={place}:{fields}")).is_err(),
                "{fields}"
            );
        }
        assert!(Setup::from_xgid(&format!("XGID={place}:10:0:1:00:3:2:1:0:10")).is_ok());
    }

    #[test]
    fn a_character_past_the_key_says_so() {
        // The 14th character of a Position ID holds bits 78 to 83: only two are the key's.
        let error = Board::from_position_id("4HPwATDgc/ABMB").unwrap_err();
        assert!(
            matches!(error, NotationError::BitsPastTheKey { bits: 80, .. }),
            "{error}"
        );
    }

    #[test]
    fn an_xgid_reads_from_either_player_on_roll() {
        let start = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10";
        let bottom = Setup::from_xgid(start).unwrap();
        assert_eq!(
            bottom.board,
            Board::from_position_id("4HPwATDgc/ABMA").unwrap()
        );
        assert_eq!(bottom.xgid(), start);
        // One checker each: the bottom player's on his 3, the top player's on his 2 (the
        // bottom player's 23); the top player on roll, owning a 2-cube.
        let xg = Setup::from_xgid("XGID=---A-------------------a--:1:-1:-1:52:0:0:0:0:10").unwrap();
        assert_eq!(xg.cube, CubeOwnership::Owned);
        assert_eq!(xg.cube_value, 2);
        assert_eq!(Board::places(&xg.board.on_roll), [2]);
        assert_eq!(Board::places(&xg.board.opponent), [3]);
        assert_eq!(
            xg.roll,
            Some(Roll {
                first: 5,
                second: 2
            })
        );
        assert_eq!(Setup::from_xgid(&xg.xgid()).unwrap(), xg);
    }

    proptest! {
        #[test]
        fn any_string_is_a_board_or_a_typed_error(text in "\\PC{0,30}") {
            let _ = Board::from_position_id(&text);
            let _ = text.parse::<Setup>();
            let _ = Setup::from_xgid(&text);
        }

        #[test]
        fn any_base64_id_reads_back_to_itself_or_is_refused(text in "[A-Za-z0-9+/]{14}") {
            if let Ok(board) = Board::from_position_id(&text) {
                prop_assert_eq!(Board::from_position_id(&board.position_id()), Ok(board));
            }
        }

        #[test]
        fn a_board_reads_back_in_both_notations(
            on_roll in proptest::collection::vec(0u32..25, 0..=15),
            opponent in proptest::collection::vec(0u32..25, 0..=15),
        ) {
            let side = |places: &[u32]| {
                let mut side = [0u8; 25];
                for &place in places {
                    side[place as usize] += 1;
                }
                side
            };
            if let Ok(board) = Board::new(side(&on_roll), side(&opponent)) {
                prop_assert_eq!(Board::from_position_id(&board.position_id()), Ok(board));
                let xg = Setup { board, cube_value: 1, cube: CubeOwnership::Centred, roll: None };
                prop_assert_eq!(Setup::from_xgid(&xg.xgid()), Ok(xg));
            }
        }
    }
}

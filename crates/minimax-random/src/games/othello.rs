//! Othello on a square board of 4, 6 or 8 cells a side (6 × 6 for the tournaments).

use game_core::{Game, Player, Turn};

/// An unsupported board size.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OthelloError {
    /// The side must be even (for the centre start) and between 4 and 8.
    #[error("an Othello board of side {0} is not one of 4, 6, 8")]
    Size(u32),
}

/// The eight directions a line of discs can run, as (row, column) steps.
const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// Othello: the first player (black) and the second (white) place discs in turn, each
/// placement turning over every line of the opponent's discs it closes off with one of the
/// mover's; a placement must turn over at least one disc. A player who cannot place passes;
/// when neither can, the one with more discs wins. The board starts with four discs in the
/// centre, white on the diagonal from the top left.
#[derive(Debug, Clone, Copy)]
pub struct Othello {
    side: u32,
}

/// An Othello position: the discs of the player to move and of the other player (bit
/// row·side + column), and which player is to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OthelloPosition {
    mover: u64,
    other: u64,
    first_to_move: bool,
}

impl Othello {
    /// Othello on a board of `side` × `side`.
    ///
    /// # Errors
    ///
    /// [`OthelloError::Size`] unless `side` is 4, 6 or 8.
    pub fn new(side: u32) -> Result<Self, OthelloError> {
        if ![4, 6, 8].contains(&side) {
            return Err(OthelloError::Size(side));
        }
        Ok(Othello { side })
    }

    fn bit(&self, row: i32, column: i32) -> Option<u64> {
        let side = self.side as i32;
        ((0..side).contains(&row) && (0..side).contains(&column))
            .then(|| 1 << (row * side + column))
    }

    /// The opponent's discs that a disc placed at (`row`, `column`) by `mover` turns over.
    fn flips(&self, mover: u64, other: u64, row: i32, column: i32) -> u64 {
        let mut flipped = 0;
        for (dr, dc) in DIRECTIONS {
            let mut line = 0;
            let (mut r, mut c) = (row + dr, column + dc);
            while let Some(bit) = self.bit(r, c).filter(|bit| other & bit != 0) {
                line |= bit;
                r += dr;
                c += dc;
            }
            if self.bit(r, c).is_some_and(|bit| mover & bit != 0) {
                flipped |= line;
            }
        }
        flipped
    }

    /// The cells where `mover` may place a disc, as (row, column), row by row.
    fn placements(&self, mover: u64, other: u64) -> Vec<(i32, i32)> {
        let side = self.side as i32;
        (0..side)
            .flat_map(|row| (0..side).map(move |column| (row, column)))
            .filter(|&(row, column)| {
                let empty = self
                    .bit(row, column)
                    .is_some_and(|bit| (mover | other) & bit == 0);
                empty && self.flips(mover, other, row, column) != 0
            })
            .collect()
    }

    fn pass(position: &OthelloPosition) -> OthelloPosition {
        OthelloPosition {
            mover: position.other,
            other: position.mover,
            first_to_move: !position.first_to_move,
        }
    }
}

impl Game for Othello {
    type Position = OthelloPosition;
    /// A placement (row, column), or `None` for a pass.
    type Move = Option<(u8, u8)>;
    type Value = i32;

    fn initial_position(&self) -> OthelloPosition {
        let centre = (self.side / 2) as i32;
        let cell = |row, column| self.bit(row, column).unwrap_or(0);
        let white = cell(centre - 1, centre - 1) | cell(centre, centre);
        let black = cell(centre - 1, centre) | cell(centre, centre - 1);
        OthelloPosition {
            mover: black,
            other: white,
            first_to_move: true,
        }
    }

    fn turn(&self, position: &OthelloPosition) -> Turn {
        Turn::Player(if position.first_to_move {
            Player::First
        } else {
            Player::Second
        })
    }

    fn legal_moves(&self, position: &OthelloPosition) -> Vec<Option<(u8, u8)>> {
        let placements = self.placements(position.mover, position.other);
        if placements.is_empty() {
            return vec![None];
        }
        placements
            .into_iter()
            .map(|(row, column)| Some((row as u8, column as u8)))
            .collect()
    }

    fn play(&self, position: &OthelloPosition, mv: &Option<(u8, u8)>) -> OthelloPosition {
        let Some((row, column)) = *mv else {
            return Othello::pass(position);
        };
        let (row, column) = (i32::from(row), i32::from(column));
        let flipped = self.flips(position.mover, position.other, row, column);
        let placed = self.bit(row, column).unwrap_or(0);
        Othello::pass(&OthelloPosition {
            mover: position.mover | placed | flipped,
            other: position.other & !flipped,
            first_to_move: position.first_to_move,
        })
    }

    fn terminal_value(&self, position: &OthelloPosition) -> Option<i32> {
        let stuck = |mover, other| self.placements(mover, other).is_empty();
        if !(stuck(position.mover, position.other) && stuck(position.other, position.mover)) {
            return None;
        }
        let (first, second) = if position.first_to_move {
            (position.mover, position.other)
        } else {
            (position.other, position.mover)
        };
        Some((first.count_ones() as i32 - second.count_ones() as i32).signum())
    }
}

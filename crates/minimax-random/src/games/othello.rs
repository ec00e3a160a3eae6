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
    /// The cells of the board, one bit each (bit row·side + column).
    board: u64,
    /// The cells outside the first column, and outside the last: a disc stepping left (right)
    /// must start there, or it would wrap onto the row above (below).
    not_first_column: u64,
    not_last_column: u64,
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
        let column = |c| (0..side).fold(0u64, |mask, row| mask | 1u64 << (row * side + c));
        let board = u64::MAX >> (64 - side * side);
        Ok(Othello {
            side,
            board,
            not_first_column: board & !column(0),
            not_last_column: board & !column(side - 1),
        })
    }

    fn bit(&self, row: i32, column: i32) -> u64 {
        1 << (row * self.side as i32 + column)
    }

    /// Every disc of `discs` moved one step in `direction`, those that would leave the board
    /// dropped.
    fn shift(&self, discs: u64, (row_step, column_step): (i32, i32)) -> u64 {
        let movable = match column_step {
            1 => discs & self.not_last_column,
            -1 => discs & self.not_first_column,
            _ => discs,
        };
        let amount = row_step * self.side as i32 + column_step;
        let moved = if amount > 0 {
            movable << amount
        } else {
            movable >> -amount
        };
        moved & self.board
    }

    /// The empty cells where `mover` may place a disc: those that close off a line of the
    /// opponent's discs, found for all cells at once by stepping the mover's discs over the
    /// opponent's in each direction.
    fn mobility(&self, mover: u64, other: u64) -> u64 {
        let empty = self.board & !(mover | other);
        let mut placements = 0;
        for direction in DIRECTIONS {
            let mut line = self.shift(mover, direction) & other;
            // A line of the opponent's discs has at most side − 2 of them.
            for _ in 3..self.side {
                line |= self.shift(line, direction) & other;
            }
            placements |= self.shift(line, direction) & empty;
        }
        placements
    }

    /// The opponent's discs that a disc placed on `placed` by `mover` turns over.
    fn flips(&self, mover: u64, other: u64, placed: u64) -> u64 {
        let mut flipped = 0;
        for direction in DIRECTIONS {
            let mut line = 0;
            let mut cell = self.shift(placed, direction);
            while cell & other != 0 {
                line |= cell;
                cell = self.shift(cell, direction);
            }
            if cell & mover != 0 {
                flipped |= line;
            }
        }
        flipped
    }

    /// The position after the player to move places a disc on the cell `placed`.
    fn placed(&self, position: &OthelloPosition, placed: u64) -> OthelloPosition {
        let flipped = self.flips(position.mover, position.other, placed);
        Othello::pass(&OthelloPosition {
            mover: position.mover | placed | flipped,
            other: position.other & !flipped,
            first_to_move: position.first_to_move,
        })
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
        let white = self.bit(centre - 1, centre - 1) | self.bit(centre, centre);
        let black = self.bit(centre - 1, centre) | self.bit(centre, centre - 1);
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

    /// Placements row by row from the top left, or a pass when there is none.
    fn legal_moves(&self, position: &OthelloPosition) -> Vec<Option<(u8, u8)>> {
        let mut placements = self.mobility(position.mover, position.other);
        if placements == 0 {
            return vec![None];
        }
        let mut moves = Vec::with_capacity(placements.count_ones() as usize);
        while placements != 0 {
            let cell = placements.trailing_zeros();
            moves.push(Some(((cell / self.side) as u8, (cell % self.side) as u8)));
            placements &= placements - 1;
        }
        moves
    }

    fn children<'a>(
        &'a self,
        position: &'a OthelloPosition,
    ) -> impl Iterator<Item = OthelloPosition> + 'a {
        let mut placements = self.mobility(position.mover, position.other);
        let mut pass = placements == 0;
        std::iter::from_fn(move || {
            if std::mem::take(&mut pass) {
                return Some(Othello::pass(position));
            }
            let cell = placements & placements.wrapping_neg();
            placements ^= cell;
            (cell != 0).then(|| self.placed(position, cell))
        })
    }

    fn move_count(&self, position: &OthelloPosition) -> usize {
        // A player without a placement has one move, the pass.
        (self.mobility(position.mover, position.other).count_ones() as usize).max(1)
    }

    fn play(&self, position: &OthelloPosition, mv: &Option<(u8, u8)>) -> OthelloPosition {
        let Some((row, column)) = *mv else {
            return Othello::pass(position);
        };
        self.placed(position, self.bit(i32::from(row), i32::from(column)))
    }

    fn terminal_value(&self, position: &OthelloPosition) -> Option<i32> {
        let stuck = |mover, other| self.mobility(mover, other) == 0;
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

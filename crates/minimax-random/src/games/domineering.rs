//! Domineering on a board of any size up to 64 cells.

use game_core::{Game, Player, Turn};

/// Invalid board dimensions.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DomineeringError {
    /// The board needs at least one row and one column, and at most 64 cells.
    #[error("a {rows} x {columns} board is not between 1 x 1 and 64 cells")]
    Size {
        /// Rows asked for.
        rows: u32,
        /// Columns asked for.
        columns: u32,
    },
}

/// Domineering: the first player places vertical dominoes, the second horizontal ones, each
/// on two empty cells; a player who cannot place one loses (normal play, so there are no
/// draws).
#[derive(Debug, Clone, Copy)]
pub struct Domineering {
    rows: u32,
    columns: u32,
}

impl Domineering {
    /// The game on a board of `rows` × `columns`.
    ///
    /// # Errors
    ///
    /// [`DomineeringError::Size`] unless the board has at least one row and one column and
    /// at most 64 cells.
    pub fn new(rows: u32, columns: u32) -> Result<Self, DomineeringError> {
        if rows == 0 || columns == 0 || u64::from(rows) * u64::from(columns) > 64 {
            return Err(DomineeringError::Size { rows, columns });
        }
        Ok(Domineering { rows, columns })
    }

    fn cell(&self, row: u32, column: u32) -> u64 {
        1 << (row * self.columns + column)
    }
}

/// A Domineering position: the covered cells (bit row·columns + column) and the dominoes
/// placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DomineeringPosition {
    covered: u64,
    placed: u32,
}

impl Game for Domineering {
    type Position = DomineeringPosition;
    /// The two cells a domino covers, as one bit mask.
    type Move = u64;
    type Value = i32;

    fn initial_position(&self) -> DomineeringPosition {
        DomineeringPosition {
            covered: 0,
            placed: 0,
        }
    }

    fn turn(&self, position: &DomineeringPosition) -> Turn {
        Turn::Player(Player::after(position.placed))
    }

    /// Dominoes by their first cell, row by row from the top left.
    fn legal_moves(&self, position: &DomineeringPosition) -> Vec<u64> {
        let vertical = Player::after(position.placed) == Player::First;
        let (rows, columns) = if vertical {
            (self.rows - 1, self.columns)
        } else {
            (self.rows, self.columns - 1)
        };
        (0..rows)
            .flat_map(|row| (0..columns).map(move |column| (row, column)))
            .map(|(row, column)| {
                let other = if vertical {
                    self.cell(row + 1, column)
                } else {
                    self.cell(row, column + 1)
                };
                self.cell(row, column) | other
            })
            .filter(|domino| position.covered & domino == 0)
            .collect()
    }

    fn play(&self, position: &DomineeringPosition, domino: &u64) -> DomineeringPosition {
        DomineeringPosition {
            covered: position.covered | domino,
            placed: position.placed + 1,
        }
    }

    fn terminal_value(&self, position: &DomineeringPosition) -> Option<i32> {
        // The player to move loses when stuck: +1 when that is the second player.
        self.legal_moves(position)
            .is_empty()
            .then_some(if position.placed % 2 == 1 { 1 } else { -1 })
    }
}

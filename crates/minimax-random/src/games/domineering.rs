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
    columns: u32,
    /// The cells of the board, one bit each (bit row·columns + column).
    board: u64,
    /// The cells of the last column, where no horizontal domino starts.
    last_column: u64,
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
        Ok(Domineering {
            columns,
            board: u64::MAX >> (64 - rows * columns),
            last_column: (0..rows).fold(0, |mask, row| mask | 1 << (row * columns + columns - 1)),
        })
    }

    /// How far the second cell of a domino lies from its first: a row down for the first
    /// (vertical) player, a column right for the second.
    fn step(&self, position: &DomineeringPosition) -> u32 {
        match Player::after(position.placed) {
            Player::First => self.columns,
            Player::Second => 1,
        }
    }

    /// The first (top or left) cells of the dominoes the player to move can place: empty
    /// cells whose neighbour one step on is empty and on the board.
    fn first_cells(&self, position: &DomineeringPosition) -> u64 {
        let empty = self.board & !position.covered;
        let starts = empty & (empty >> self.step(position));
        match Player::after(position.placed) {
            Player::First => starts,
            Player::Second => starts & !self.last_column,
        }
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
        let step = self.step(position);
        let mut starts = self.first_cells(position);
        let mut moves = Vec::with_capacity(starts.count_ones() as usize);
        while starts != 0 {
            let first = starts & starts.wrapping_neg();
            moves.push(first | first << step);
            starts ^= first;
        }
        moves
    }

    fn children<'a>(
        &'a self,
        position: &'a DomineeringPosition,
    ) -> impl Iterator<Item = DomineeringPosition> + 'a {
        let step = self.step(position);
        let mut starts = self.first_cells(position);
        std::iter::from_fn(move || {
            let first = starts & starts.wrapping_neg();
            starts ^= first;
            (first != 0).then(|| self.play(position, &(first | first << step)))
        })
    }

    fn move_count(&self, position: &DomineeringPosition) -> usize {
        self.first_cells(position).count_ones() as usize
    }

    fn play(&self, position: &DomineeringPosition, domino: &u64) -> DomineeringPosition {
        DomineeringPosition {
            covered: position.covered | domino,
            placed: position.placed + 1,
        }
    }

    fn terminal_value(&self, position: &DomineeringPosition) -> Option<i32> {
        // The player to move loses when stuck: +1 when that is the second player.
        (self.first_cells(position) == 0).then_some(if position.placed % 2 == 1 { 1 } else { -1 })
    }
}

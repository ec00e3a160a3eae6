//! Connect-Four on the standard board of 7 columns and 6 rows.

use game_core::{Game, Player, Turn};

const COLUMNS: u32 = 7;
const ROWS: u32 = 6;
/// Each column takes 7 bits: 6 cells and an empty guard bit, so that shifts along rows and
/// diagonals never wrap into the next column.
const COLUMN_BITS: u32 = ROWS + 1;
const CELLS: u32 = COLUMNS * ROWS;
/// The top cell of every column: a column is open while its top cell is empty.
const TOP_ROW: u64 = {
    let mut mask = 0;
    let mut column = 0;
    while column < COLUMNS {
        mask |= 1 << (column * COLUMN_BITS + ROWS - 1);
        column += 1;
    }
    mask
};

/// Connect-Four: players drop discs in turn into one of seven columns, each holding six;
/// four of one's own in a row, column or diagonal wins, a full board is a draw. The first
/// player moves first.
#[derive(Debug, Clone, Copy, Default)]
pub struct ConnectFour;

/// A Connect-Four position: the discs of the player to move and all discs, one bit a cell
/// (bit 7·column + row, row 0 at the bottom).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ConnectFourPosition {
    to_move: u64,
    occupied: u64,
    discs: u32,
}

impl ConnectFourPosition {
    /// The discs of the player who moved last.
    fn last_mover(&self) -> u64 {
        self.to_move ^ self.occupied
    }

    /// The number of discs on the board.
    pub fn discs(&self) -> u32 {
        self.discs
    }
}

/// Whether `discs` hold four in a line: for each direction (up, right, the two diagonals),
/// a cell whose next three neighbours that way are discs too.
fn has_four(discs: u64) -> bool {
    [1, COLUMN_BITS, COLUMN_BITS - 1, COLUMN_BITS + 1]
        .into_iter()
        .any(|step| {
            let pairs = discs & (discs >> step);
            pairs & (pairs >> (2 * step)) != 0
        })
}

impl Game for ConnectFour {
    type Position = ConnectFourPosition;
    /// The column, 0 to 6, left to right.
    type Move = u8;
    type Value = i32;

    fn initial_position(&self) -> ConnectFourPosition {
        ConnectFourPosition {
            to_move: 0,
            occupied: 0,
            discs: 0,
        }
    }

    fn turn(&self, position: &ConnectFourPosition) -> Turn {
        Turn::Player(Player::after(position.discs))
    }

    fn legal_moves(&self, position: &ConnectFourPosition) -> Vec<u8> {
        (0..COLUMNS)
            .filter(|&column| position.occupied & (1 << (column * COLUMN_BITS + ROWS - 1)) == 0)
            .map(|column| column as u8)
            .collect()
    }

    fn children<'a>(
        &'a self,
        position: &'a ConnectFourPosition,
    ) -> impl Iterator<Item = ConnectFourPosition> + 'a {
        (0..COLUMNS as u8)
            .filter(|&column| {
                TOP_ROW & !position.occupied & (1 << (u32::from(column) * COLUMN_BITS + ROWS - 1))
                    != 0
            })
            .map(|column| self.play(position, &column))
    }

    fn move_count(&self, position: &ConnectFourPosition) -> usize {
        (TOP_ROW & !position.occupied).count_ones() as usize
    }

    fn play(&self, position: &ConnectFourPosition, column: &u8) -> ConnectFourPosition {
        let bottom = 1u64 << (u32::from(*column) * COLUMN_BITS);
        ConnectFourPosition {
            to_move: position.to_move ^ position.occupied,
            occupied: position.occupied | (position.occupied + bottom),
            discs: position.discs + 1,
        }
    }

    fn terminal_value(&self, position: &ConnectFourPosition) -> Option<i32> {
        if has_four(position.last_mover()) {
            // An odd number of discs: the first player moved last.
            return Some(if position.discs % 2 == 1 { 1 } else { -1 });
        }
        (position.discs == CELLS).then_some(0)
    }
}

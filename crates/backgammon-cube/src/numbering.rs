//! gnubg's numbering of one player's positions: at most C checkers on P points (the points
//! nearest the edge for the bear-off files; the 24 points and the bar for hypergammon), the
//! checkers and the points' boundaries laid out as a row of C + P cells, P of them
//! boundaries, ranked colexicographically by the boundaries' cells. The positions of at most
//! C checkers are the first C(C + P, P) numbers whatever C the numbering is asked with.

/// The cells of gnubg's board: 24 points and the bar.
pub(crate) const BOARD: usize = 25;

/// C(n, r) for n ≤ 28 (15 checkers on 13 points, 3 on the 25 places of hypergammon), the
/// numbering's hot path.
pub(crate) fn binomial(n: u32, r: u32) -> u32 {
    BINOMIALS[n as usize][r as usize]
}

/// `BINOMIALS[n][r]` = C(n, r), Pascal's triangle up to n = 28.
const BINOMIALS: [[u32; 29]; 29] = {
    let mut table = [[0u32; 29]; 29];
    let mut n = 0;
    while n < 29 {
        table[n][0] = 1;
        let mut r = 1;
        while r <= n {
            table[n][r] = table[n - 1][r - 1] + table[n - 1][r];
            r += 1;
        }
        n += 1;
    }
    table
};

/// The number of `board` (checkers on points 1 … `points`, at most `checkers` of them) in
/// gnubg's order.
pub(crate) fn id_of(board: &[u8; BOARD], points: u32, checkers: u32) -> u32 {
    let mut cell = points - 1
        + board[..points as usize]
            .iter()
            .map(|&c| u32::from(c))
            .sum::<u32>();
    let mut boundaries = 1u32 << cell;
    for &on_point in &board[..points as usize - 1] {
        cell -= u32::from(on_point) + 1;
        boundaries |= 1 << cell;
    }
    let (mut n, mut r, mut id) = (checkers + points, points, 0);
    while n != r {
        if boundaries & (1 << (n - 1)) != 0 {
            id += binomial(n - 1, r);
            r -= 1;
        }
        n -= 1;
    }
    id
}

/// The board of position `id` in gnubg's order (the inverse of [`id_of`]).
pub(crate) fn board_of(mut id: u32, points: u32, checkers: u32) -> [u8; BOARD] {
    let (mut n, mut r, mut boundaries) = (checkers + points, points, 0u32);
    while r > 0 {
        if n == r {
            boundaries |= (1 << n) - 1;
            break;
        }
        let below = binomial(n - 1, r);
        if id >= below {
            boundaries |= 1 << (n - 1);
            id -= below;
            r -= 1;
        }
        n -= 1;
    }
    let mut board = [0u8; BOARD];
    let mut cells = (0..32).rev().filter(|&cell| boundaries & (1 << cell) != 0);
    let mut above = cells.next().unwrap_or(0);
    for point in board.iter_mut().take(points as usize - 1) {
        let next = cells.next().unwrap_or(0);
        *point = (above - next - 1) as u8;
        above = next;
    }
    board[points as usize - 1] = above as u8;
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_and_boards_are_inverse() {
        for (points, checkers) in [
            (1, 15),
            (2, 15),
            (6, 15),
            (8, 15),
            (25, 1),
            (25, 2),
            (25, 3),
        ] {
            let positions = binomial(points + checkers, points);
            for id in 0..positions {
                let board = board_of(id, points, checkers);
                assert!(board.iter().map(|&c| u32::from(c)).sum::<u32>() <= checkers);
                assert_eq!(
                    id_of(&board, points, checkers),
                    id,
                    "P = {points}, C = {checkers}"
                );
            }
        }
    }

    #[test]
    fn the_empty_board_is_first_and_one_checker_on_the_one_point_second() {
        let mut board = [0u8; BOARD];
        assert_eq!(id_of(&board, 6, 15), 0);
        board[0] = 1;
        assert_eq!(id_of(&board, 6, 15), 1);
        assert_eq!(id_of(&board, 25, 3), 1);
    }
}

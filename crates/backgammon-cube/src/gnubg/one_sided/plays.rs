//! Positions and plays as gnubg numbers and lists them: the numbering of the positions of up
//! to fifteen checkers on P points, and the plays of a roll in gnubg's order of generation.

use super::CHECKERS;
use crate::numbering::{BOARD, binomial, id_of};

/// The plays of one roll, in gnubg's order: the distinct successors of the plays that use
/// the most dice, and of those the most pips.
#[derive(Debug, Default)]
pub(super) struct Plays {
    /// The distinct successors, in gnubg's order.
    pub(super) successors: Vec<u32>,
    dice: u32,
    pips: u32,
}

impl Plays {
    /// gnubg's generation: the higher die first, then (unless a double) the lower first; at
    /// each die every checker from the back, for a double only from the point just moved
    /// from or nearer.
    pub(super) fn generate(&mut self, board: &[u8; BOARD], high: u8, low: u8, points: u32) {
        self.successors.clear();
        self.dice = 0;
        self.pips = 0;
        let double = high == low;
        let dice = if double { [high; 4] } else { [high, low, 0, 0] };
        let top = points as usize - 1;
        self.play(&dice, 0, top, 0, board, points);
        if !double {
            self.play(&[low, high, 0, 0], 0, top, 0, board, points);
        }
    }

    /// Plays die `depth` and those after it; true when it cannot be played at all, so that
    /// the play so far is complete.
    fn play(
        &mut self,
        dice: &[u8; 4],
        depth: usize,
        top: usize,
        pips: u32,
        board: &[u8; BOARD],
        points: u32,
    ) -> bool {
        let Some(&die) = dice.get(depth).filter(|&&die| die != 0) else {
            return true;
        };
        let mut played = false;
        for from in (0..=top).rev() {
            if board[from] == 0 || !may_move(board, from, die) {
                continue;
            }
            let mut after = *board;
            after[from] -= 1;
            if let Some(to) = from.checked_sub(usize::from(die)) {
                after[to] += 1;
            }
            let next_top = if dice[0] == dice[1] { from } else { top };
            if self.play(
                dice,
                depth + 1,
                next_top,
                pips + u32::from(die),
                &after,
                points,
            ) {
                self.save(depth as u32 + 1, pips + u32::from(die), &after, points);
            }
            played = true;
        }
        !played
    }

    /// Keeps a complete play if it uses as many dice and pips as the best so far, dropping
    /// the others when it uses more; a successor already listed keeps its place.
    fn save(&mut self, dice: u32, pips: u32, board: &[u8; BOARD], points: u32) {
        if dice < self.dice || pips < self.pips {
            return;
        }
        if dice > self.dice || pips > self.pips {
            self.successors.clear();
        }
        self.dice = dice;
        self.pips = pips;
        let id = id_of(board, points, CHECKERS);
        if !self.successors.contains(&id) {
            self.successors.push(id);
        }
    }
}

/// Whether a checker on `from` (0 = the 1-point) may move `die` pips: always within the
/// board; off it only when every checker is home, exactly or from the rearmost point.
fn may_move(board: &[u8; BOARD], from: usize, die: u8) -> bool {
    if from >= usize::from(die) {
        return true;
    }
    let back = (1..BOARD)
        .rev()
        .find(|&point| board[point] > 0)
        .unwrap_or(0);
    back <= 5 && (from == back || from + 1 == usize::from(die))
}

/// The one-die plays of a position: for each die, the positions after moving one checker
/// that many pips, numbered from the position's own number (moving a checker down lowers the
/// number by a sum of binomials, so no successor needs numbering from scratch).
#[derive(Debug, Default)]
pub(super) struct OneDiePlays {
    successors: [[u32; BOARD]; 6],
    counts: [usize; 6],
}

impl OneDiePlays {
    /// The plays of `board`, numbered `id`, on `points` points.
    pub(super) fn of(board: &[u8; BOARD], id: u32, points: u32) -> OneDiePlays {
        let points = points as usize;
        let total: u32 = board[..points].iter().map(|&c| u32::from(c)).sum();
        // The boundaries' cells from the top (see id_of): moving a checker from point a to
        // point c < a takes one from each of the cells of boundaries c + 1 … a, and bearing
        // it off from those of 0 … a; each such step lowers the number by
        // C(cell − 1, P − 1 − i) (Pascal's rule).
        let mut lowered = [0u32; BOARD + 1];
        let mut cell = points as u32 - 1 + total;
        for i in 0..points {
            let step = if cell == 0 {
                0
            } else {
                binomial(cell - 1, (points - 1 - i) as u32)
            };
            lowered[i + 1] = lowered[i] + step;
            cell = cell.saturating_sub(u32::from(board[i]) + 1);
        }
        let back = (0..points)
            .rev()
            .find(|&point| board[point] > 0)
            .unwrap_or(0);
        let mut plays = OneDiePlays::default();
        for die in 1..=6usize {
            for from in (0..points).filter(|&from| board[from] > 0) {
                let after = if from >= die {
                    id - (lowered[from + 1] - lowered[from - die + 1])
                } else if back <= 5 && (from == back || from + 1 == die) {
                    id - lowered[from + 1]
                } else {
                    continue;
                };
                plays.successors[die - 1][plays.counts[die - 1]] = after;
                plays.counts[die - 1] += 1;
            }
        }
        plays
    }

    /// The positions after playing `die`.
    pub(super) fn after(&self, die: u8) -> &[u32] {
        let d = usize::from(die) - 1;
        &self.successors[d][..self.counts[d]]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numbering::board_of;

    /// The one-die plays, numbered from the position's number, are exactly the legal
    /// one-checker moves, each numbered as its board is, and every one lowers the number.
    #[test]
    fn one_die_plays_are_numbered_as_their_boards() {
        for points in [2u32, 5, 8] {
            let positions = binomial(points + CHECKERS, points);
            for id in (1..positions).step_by(7) {
                let board = board_of(id, points, CHECKERS);
                let plays = OneDiePlays::of(&board, id, points);
                for die in 1..=6u8 {
                    let mut expected: Vec<u32> = (0..points as usize)
                        .filter(|&from| board[from] > 0 && may_move(&board, from, die))
                        .map(|from| {
                            let mut after = board;
                            after[from] -= 1;
                            if let Some(to) = from.checked_sub(usize::from(die)) {
                                after[to] += 1;
                            }
                            id_of(&after, points, CHECKERS)
                        })
                        .collect();
                    let mut ours = plays.after(die).to_vec();
                    expected.sort_unstable();
                    ours.sort_unstable();
                    assert_eq!(ours, expected, "P = {points}, id {id}, die {die}");
                    assert!(
                        ours.iter().all(|&after| after < id),
                        "plays lower the number"
                    );
                }
            }
        }
    }
}

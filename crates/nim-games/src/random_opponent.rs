//! The matches game against a uniformly random opponent (report section 3.3), exactly.
//!
//! The random player picks each legal move (take 1, 2 or 3, leaving at least one match)
//! with equal probability. The *optimal* player is read as the one that maximises its
//! probability of winning against that opponent — the report's own reading ("so as to get
//! the most possibility for the opponent to make the wrong decision"). Where the position is
//! won this is the minimax move (leave 4*k* + 1) and wins with certainty; where it is lost
//! (4*k* + 1 matches) minimax is indifferent, every move losing against best play, and the
//! optimal player picks the move that gives the random opponent the fewest ways to find
//! the one correct reply. The two differ at *n* = 5 most visibly: take 1 (lose with
//! probability 1/3), where the first move in minimax order, take 3, loses for sure.
//!
//! Values are exact fractions, by dynamic programming over the number of matches:
//! W_opt(1) = 0, W_rand(1) = 1, W_opt(n) = max over takes t of W_rand(n − t),
//! W_rand(n) = mean over takes t of W_opt(n − t), where W is the optimal player's winning
//! probability when the named player is to move. The report's value of the game is
//! E\[n\] = 1·P(win) − 1·P(lose) = 2W − 1.

use game_core::Player;
use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::matches::{MAX_TAKE, MatchesError};

/// The optimal player's winning chances against a uniformly random opponent, for every
/// number of matches from 1 to a maximum.
///
/// ```
/// use nim_games::Player;
/// use nim_games::number::fraction;
/// use nim_games::random_opponent::AgainstRandom;
///
/// let solved = AgainstRandom::solve(9).unwrap();
/// // Going first from 9 matches (a lost position against best play), E[9] = 7/9.
/// assert_eq!(solved.expected_value(9, Player::First).unwrap(), fraction(7, 9).unwrap());
/// assert_eq!(solved.optimal_takes(5).unwrap(), vec![1]);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct AgainstRandom {
    /// Index n: the optimal player's winning probability with n matches, optimal to move.
    optimal_to_move: Vec<BigRational>,
    /// Index n: the same with the random player to move.
    random_to_move: Vec<BigRational>,
}

/// The takes that leave at least one of `matches` matches.
fn legal_takes(matches: u32) -> impl Iterator<Item = u32> {
    (1..=MAX_TAKE).filter(move |&take| take < matches)
}

impl AgainstRandom {
    /// Solves every game from 1 to `max_matches` matches.
    ///
    /// # Errors
    ///
    /// [`MatchesError::NoMatches`] when `max_matches` is 0.
    pub fn solve(max_matches: u32) -> Result<Self, MatchesError> {
        if max_matches == 0 {
            return Err(MatchesError::NoMatches(max_matches));
        }
        // Index 0 is never a position; it keeps index = number of matches.
        let mut optimal_to_move = vec![BigRational::zero(), BigRational::zero()];
        let mut random_to_move = vec![BigRational::zero(), BigRational::one()];
        for matches in 2..=max_matches {
            let best = legal_takes(matches)
                .map(|take| random_to_move[(matches - take) as usize].clone())
                .max()
                .unwrap_or_else(BigRational::zero);
            let takes: Vec<u32> = legal_takes(matches).collect();
            let total: BigRational = takes
                .iter()
                .map(|take| optimal_to_move[(matches - take) as usize].clone())
                .sum();
            let mean = total / BigRational::from_integer(takes.len().into());
            optimal_to_move.push(best);
            random_to_move.push(mean);
        }
        Ok(AgainstRandom {
            optimal_to_move,
            random_to_move,
        })
    }

    /// The largest number of matches solved.
    pub fn max_matches(&self) -> u32 {
        (self.optimal_to_move.len() - 1) as u32
    }

    fn index(&self, matches: u32) -> Result<usize, MatchesError> {
        if matches == 0 || matches > self.max_matches() {
            return Err(MatchesError::OutOfRange {
                matches,
                max: self.max_matches(),
            });
        }
        Ok(matches as usize)
    }

    /// The optimal player's probability of winning the game of `matches` matches when it
    /// moves first (`Player::First`) or second (`Player::Second`).
    ///
    /// # Errors
    ///
    /// [`MatchesError::OutOfRange`] outside 1..=[`AgainstRandom::max_matches`].
    pub fn win_probability(
        &self,
        matches: u32,
        optimal_player: Player,
    ) -> Result<BigRational, MatchesError> {
        let index = self.index(matches)?;
        Ok(match optimal_player {
            Player::First => self.optimal_to_move[index].clone(),
            Player::Second => self.random_to_move[index].clone(),
        })
    }

    /// The report's value of the game, E\[n\] = P(win) − P(lose), for the optimal player
    /// going first or second.
    ///
    /// # Errors
    ///
    /// As [`AgainstRandom::win_probability`].
    pub fn expected_value(
        &self,
        matches: u32,
        optimal_player: Player,
    ) -> Result<BigRational, MatchesError> {
        let win = self.win_probability(matches, optimal_player)?;
        Ok(win.clone() + win - BigRational::one())
    }

    /// The takes that maximise the optimal player's winning probability with `matches`
    /// matches on its turn, smallest first; empty with one match (no move).
    ///
    /// # Errors
    ///
    /// As [`AgainstRandom::win_probability`].
    pub fn optimal_takes(&self, matches: u32) -> Result<Vec<u32>, MatchesError> {
        let index = self.index(matches)?;
        let best = &self.optimal_to_move[index];
        Ok(legal_takes(matches)
            .filter(|&take| self.random_to_move[index - take as usize] == *best)
            .collect())
    }
}

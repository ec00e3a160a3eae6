//! Figure 2's example, "gaps in positions": five checkers on each of 5, 3 and 1, and what
//! `backgammon-cube` says of it. Drawn by `figures::dotsenko_marynych_board`.

use backgammon_cube::bearoff::BearoffPosition;
use backgammon_cube::database::BearoffDatabase;
use backgammon_cube::dice::{Roll, mean_pips};
use num_traits::ToPrimitive;

use crate::error::{Error, LibraryResult, Result};

/// The paper's example: "5 checkers at positions 5, 3 and 1", five on each (its pip count
/// of 45 says so).
pub const CHECKERS_PER_POINT: u32 = 5;
/// The occupied points.
pub const OCCUPIED_POINTS: [u32; 3] = [5, 3, 1];

/// The example's position.
pub fn gaps_position() -> Result<BearoffPosition> {
    let points: Vec<u32> = OCCUPIED_POINTS
        .iter()
        .flat_map(|&point| std::iter::repeat_n(point, CHECKERS_PER_POINT as usize))
        .collect();
    BearoffPosition::from_points(&points).library()
}

/// What the figure states of the position, each computed by the library.
pub struct GapsFacts {
    /// The pip count.
    pub pip_count: u32,
    /// The plays of the roll 4–4: the paper's "if the player rolls 4 the only thing he can
    /// do is to move a checker from 5 to 1".
    pub plays_of_double_four: usize,
    /// The expected number of rolls to bear off, from the one-sided database.
    pub expected_rolls: f64,
    /// 49/6 pips per roll times the expected rolls: the pips the position is worth.
    pub effective_pip_count: f64,
}

/// The figure's facts about the example.
pub fn facts() -> Result<GapsFacts> {
    let position = gaps_position()?;
    let database =
        BearoffDatabase::new(CHECKERS_PER_POINT * OCCUPIED_POINTS.len() as u32).library()?;
    let expected_rolls = database.expected_rolls_f64(&position).library()?;
    let pips_per_roll = mean_pips()
        .to_f64()
        .ok_or_else(|| Error::NotComputable("49/6 as f64".to_owned()))?;
    Ok(GapsFacts {
        pip_count: position.pip_count(),
        plays_of_double_four: position
            .legal_plays(Roll {
                first: 4,
                second: 4,
            })
            .len(),
        expected_rolls,
        effective_pip_count: pips_per_roll * expected_rolls,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The paper's numbers for its example: the pip count 45, and the single play of a 4.
    /// The checkers waste pips: the position needs more rolls than its pip count at 49/6.
    #[test]
    fn the_example_has_the_papers_pip_count_and_one_play_of_a_four() {
        let facts = facts().unwrap();
        assert_eq!(facts.pip_count, 45);
        assert_eq!(facts.plays_of_double_four, 1);
        let only = gaps_position()
            .unwrap()
            .legal_plays(Roll {
                first: 4,
                second: 4,
            })
            .into_iter()
            .next()
            .unwrap();
        assert_eq!((only.on(5), only.on(1)), (1, 9));
        assert!(facts.effective_pip_count > f64::from(facts.pip_count));
    }
}

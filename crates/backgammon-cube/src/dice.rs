//! Two dice: the 36 equally likely rolls, and the pips a roll moves (Table 1).

use std::collections::BTreeMap;

use num_rational::Ratio;

/// One of the 36 equally likely ordered rolls of two dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Roll {
    /// The first die, 1 to 6.
    pub first: u8,
    /// The second die, 1 to 6.
    pub second: u8,
}

impl Roll {
    /// Whether both dice show the same number (a double, played four times).
    pub fn is_double(&self) -> bool {
        self.first == self.second
    }

    /// The dice to play, in order: four equal dice for a double, else the two.
    pub fn dice(&self) -> Vec<u8> {
        if self.is_double() {
            vec![self.first; 4]
        } else {
            vec![self.first, self.second]
        }
    }

    /// The pips the roll moves: the sum, or four times the number for a double.
    pub fn pips(&self) -> u32 {
        self.dice().iter().map(|&d| u32::from(d)).sum()
    }
}

/// A roll written as the field writes it: two dice 1 to 6, as `6-5` or `65`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("roll {0:?}: two dice 1 to 6, as 6-5 or 65")]
pub struct RollError(pub String);

impl std::str::FromStr for Roll {
    type Err = RollError;

    /// `6-5` or `65` (the larger die need not come first).
    ///
    /// ```
    /// use backgammon_cube::dice::Roll;
    /// assert_eq!("6-5".parse(), Ok(Roll { first: 6, second: 5 }));
    /// assert!("7-1".parse::<Roll>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Roll, RollError> {
        let die = |c: u8| (b'1'..=b'6').contains(&c).then(|| c - b'0');
        let dice = match text.as_bytes() {
            &[first, b'-', second] | &[first, second] => die(first).zip(die(second)),
            _ => None,
        };
        dice.map(|(first, second)| Roll { first, second })
            .ok_or_else(|| RollError(text.to_owned()))
    }
}

impl std::fmt::Display for Roll {
    /// `6-5`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.first, self.second)
    }
}

/// The 36 ordered rolls, each with probability 1/36.
pub fn all_rolls() -> Vec<Roll> {
    (1..=6)
        .flat_map(|first| (1..=6).map(move |second| Roll { first, second }))
        .collect()
}

/// The 21 distinct rolls (first die ≤ second), each with its chance out of 36: 2 for a
/// non-double, which can fall either way round, 1 for a double.
pub fn distinct_rolls() -> Vec<(Roll, u32)> {
    (1..=6u8)
        .flat_map(|first| {
            (first..=6).map(move |second| {
                let ways = if first == second { 1 } else { 2 };
                (Roll { first, second }, ways)
            })
        })
        .collect()
}

/// The distribution of pips per roll, doubles counted four times (Table 1): pip count to
/// probability.
pub fn pip_distribution() -> BTreeMap<u32, Ratio<u32>> {
    let mut distribution = BTreeMap::new();
    for roll in all_rolls() {
        *distribution.entry(roll.pips()).or_insert(Ratio::new(0, 1)) += Ratio::new(1, 36);
    }
    distribution
}

/// The mean pips per roll, μ = 49/6 (equation (1)).
pub fn mean_pips() -> Ratio<u32> {
    pip_distribution().iter().map(|(&pips, &p)| p * pips).sum()
}

/// The variance of the pips per roll, σ² = 665/36 (so σ = √665/6).
pub fn variance_pips() -> Ratio<u32> {
    let mean = mean_pips();
    let second_moment: Ratio<u32> = pip_distribution()
        .iter()
        .map(|(&pips, &p)| p * pips * pips)
        .sum();
    second_moment - mean * mean
}

//! The memo's printed quantities, read from a transcribed (table, column) when the file is
//! loaded: a strategy the memo names and the library does not know fails there.

use solitaire::StrategyName;

/// One printed quantity of the memo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    /// Tables 4.1 and 4.4: the memo's ten-term procedure for a strategy's chance W in TSI
    /// (STRAT's closed form for STRAT).
    Procedure(StrategyName),
    /// Table 4.4: the difference of two strategies' procedures.
    ProcedureDifference(StrategyName, StrategyName),
    /// Table 4.3: a line of OUTPUT's printout.
    PrintoutLine(StrategyName),
    /// The ranking table: the seven look-ahead strategies ordered by their printed chances.
    Ranking,
    /// Table 4.5: STRAT's chance, or the best look-ahead's over it.
    Improvement(Improvement),
    /// Table 5.1: the ratio D(10)/D(9) of the memo's terms, or its limit.
    TermRatioOrLimit {
        /// The strategy.
        name: StrategyName,
        /// The limit instead of the ratio.
        limit: bool,
    },
    /// Chapters 2 and 3: a chance in the dependent form (TSD), exactly.
    Dependent(StrategyName),
    /// Chapter 4's text: a ratio D(n+1)/D(n) of successive terms.
    TermRatio(StrategyName),
    /// Tables 6.1 and 6.2: game 3, by the diagram of expected values.
    Game3 {
        /// The strategy.
        name: StrategyName,
        /// Winning chances (6.1) rather than losing ones (6.2).
        winning: bool,
    },
    /// A printed claim of the memo, checked exactly.
    Claim(Claim),
    /// Table 4.2, Table 5.2 and chapter 5's text: a strategy's chance, exact for an ordinal
    /// strategy, a Monte Carlo estimate for B'STRAT and H'STRAT.
    Chance(StrategyName),
    /// The paired difference of two strategies' chances on the same games.
    ChanceDifference(StrategyName, StrategyName),
    /// Chapter 5: the better of B'STRAT and 2LSTRAT.
    BetterTwoLookAhead,
    /// Chapter 5: the cut-off of B'STRAT (on X) or H'STRAT (on H).
    Cutoff(StrategyName),
}

/// Table 4.5's columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Improvement {
    /// STRAT's chance.
    Strat,
    /// The better one-look-ahead (LSTRAT, HSTRAT) over STRAT.
    OneLookAhead,
    /// The best two-look-ahead (BSTRAT, 2LSTRAT, 2HSTRAT) over STRAT.
    TwoLookAhead,
}

/// The memo's claims, each a column of the table `claims`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// Theorems 3.1 (HSTRAT) and 3.2 (LSTRAT): the closed form of W in TSD.
    DependentClosedForm(StrategyName),
    /// Theorem 3.3: W_L > W_H > W in TSD.
    Theorem3_3,
    /// Chapter 4: the numerator of W_L − W_H.
    NumeratorOfDifference,
    /// Theorem 6.1.
    Theorem6_1,
    /// Game 3: HSTRAT is best.
    Game3HStratBest,
    /// Game 3: LSTRAT ahead after three moves.
    Game3LStratAhead,
    /// Table 4.1's order of the strategies.
    Table4_1Order,
    /// The ten-term procedure's "5-place accuracy".
    TenMovesFivePlaces,
    /// The look-aheads approach LSTRAT.
    ApproachToLStrat,
    /// The advantage lies in the first move.
    AdvantageInFirstMove,
    /// The advantage lies in the first two moves somewhere.
    AdvantageInFirstTwoSomewhere,
    /// The sixth move's term twice as large.
    SixthMoveTwice,
    /// One strategy above another on Table 4.4's settings.
    Above(Above),
    /// Chapter 5's depreciation factors.
    Depreciation(Depreciation),
}

/// The claims that one look-ahead beats another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Above {
    /// ∞LSTRAT at least ∞HSTRAT everywhere.
    UnlimitedLOverUnlimitedH,
    /// LSTRAT over 2HSTRAT everywhere.
    LOverTwoH,
    /// LSTRAT over ∞HSTRAT somewhere.
    LOverUnlimitedHSomewhere,
    /// BSTRAT over 2LSTRAT.
    BOverTwoL,
}

/// Chapter 5's claims on the depreciation factors K.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Depreciation {
    /// V_L = V_H.
    FirstEstimatesEqual,
    /// The limits of K at 0, approached from above.
    Limits,
    /// K_L > K_H.
    LAboveH,
}

impl Quantity {
    /// The quantity printed in `column` of `table`.
    pub fn of(table: &str, column: &str) -> Option<Quantity> {
        let name = || column.parse::<StrategyName>().ok();
        let pair = || {
            let (first, second) = column.split_once('-')?;
            Some((first.parse().ok()?, second.parse().ok()?))
        };
        Some(match table {
            "claims" => Quantity::Claim(Claim::of(column)?),
            "text-2" | "text-3" => Quantity::Dependent(name()?),
            "text-4" => Quantity::TermRatio(name()?),
            "4.1" => Quantity::Procedure(name()?),
            "4.4" => match pair() {
                Some((first, second)) => Quantity::ProcedureDifference(first, second),
                None => Quantity::Procedure(name()?),
            },
            "4.3" => Quantity::PrintoutLine(name()?),
            "4.4-ranking" if column == "order" => Quantity::Ranking,
            "4.5" => Quantity::Improvement(match column {
                "STRAT" => Improvement::Strat,
                "one-look-ahead-ratio" => Improvement::OneLookAhead,
                "two-look-ahead-ratio" => Improvement::TwoLookAhead,
                _ => return None,
            }),
            "5.1" => {
                let (strategy, what) = column.split_once(' ')?;
                let name = strategy.parse().ok()?;
                match what {
                    "ratio" => Quantity::TermRatioOrLimit { name, limit: false },
                    "limit" => Quantity::TermRatioOrLimit { name, limit: true },
                    _ => return None,
                }
            }
            "6.1" | "6.2" => Quantity::Game3 {
                name: name()?,
                winning: table == "6.1",
            },
            "4.2" | "5.2" | "text-5" => match column {
                "better-two-look-ahead" => Quantity::BetterTwoLookAhead,
                "B'STRAT-cutoff" => Quantity::Cutoff(StrategyName::BPrimeStrat),
                "H'STRAT-cutoff" => Quantity::Cutoff(StrategyName::HPrimeStrat),
                _ => match pair() {
                    Some((first, second)) => Quantity::ChanceDifference(first, second),
                    None => Quantity::Chance(name()?),
                },
            },
            _ => return None,
        })
    }
}

impl Claim {
    fn of(column: &str) -> Option<Claim> {
        Some(match column {
            "theorem-3.1" => Claim::DependentClosedForm(StrategyName::HStrat),
            "theorem-3.2" => Claim::DependentClosedForm(StrategyName::LStrat),
            "theorem-3.3" => Claim::Theorem3_3,
            "numerator-of-W_L-W_H" => Claim::NumeratorOfDifference,
            "theorem-6.1" => Claim::Theorem6_1,
            "game-3-HSTRAT-best" => Claim::Game3HStratBest,
            "game-3-LSTRAT-ahead-after-three-moves" => Claim::Game3LStratAhead,
            "table-4.1-order" => Claim::Table4_1Order,
            "ten-moves-five-places" => Claim::TenMovesFivePlaces,
            "approach-to-LSTRAT" => Claim::ApproachToLStrat,
            "advantage-in-first-move" => Claim::AdvantageInFirstMove,
            "advantage-in-first-two-somewhere" => Claim::AdvantageInFirstTwoSomewhere,
            "sixth-move-twice" => Claim::SixthMoveTwice,
            "infinite-L-over-infinite-H" => Claim::Above(Above::UnlimitedLOverUnlimitedH),
            "L-over-2H" => Claim::Above(Above::LOverTwoH),
            "L-over-infinite-H-somewhere" => Claim::Above(Above::LOverUnlimitedHSomewhere),
            "B-over-2L" => Claim::Above(Above::BOverTwoL),
            "V_L=V_H" => Claim::Depreciation(Depreciation::FirstEstimatesEqual),
            "limits" => Claim::Depreciation(Depreciation::Limits),
            "K_L>K_H" => Claim::Depreciation(Depreciation::LAboveH),
            _ => return None,
        })
    }
}

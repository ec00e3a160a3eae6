//! The race formulas judged against the exact two-sided bear-off database: at every pair of
//! positions, each decision a formula advises (double, redouble, take) against the exact one,
//! with the equity its follower gives away, and its winning-chance estimate against the exact
//! cubeless chance.

use rayon::prelude::*;

use super::{RaceFormula, RacePair};
use crate::bearoff::BearoffPosition;
use crate::cube::{CubeAction, CubeOwnership};
use crate::database::BearoffDatabase;
use crate::two_sided::{Equities, TwoSidedDatabase};

/// How one decision of a formula fared against the exact one over the pairs judged.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct DecisionRecord {
    /// Pairs where the decision was judged.
    pub pairs: u64,
    /// Pairs where the formula's decision is the exact one (or an exact tie).
    pub agree: u64,
    /// Total equity given away by following the formula (per unit stake, the deciding
    /// player's).
    pub total_loss: f64,
    /// The largest equity given away, with the pair where it happens (player on roll,
    /// opponent).
    pub worst: Option<(f64, BearoffPosition, BearoffPosition)>,
}

impl DecisionRecord {
    fn record(&mut self, loss: f64, on_roll: &BearoffPosition, opponent: &BearoffPosition) {
        self.pairs += 1;
        if loss <= 0.0 {
            self.agree += 1;
            return;
        }
        self.total_loss += loss;
        if self.worst.is_none_or(|(worst, _, _)| loss > worst) {
            self.worst = Some((loss, *on_roll, *opponent));
        }
    }

    /// Adds `later`'s pairs, keeping the earlier worst on a tie.
    fn merge(&mut self, later: DecisionRecord) {
        self.pairs += later.pairs;
        self.agree += later.agree;
        self.total_loss += later.total_loss;
        if let Some((loss, _, _)) = later.worst
            && self.worst.is_none_or(|(worst, _, _)| loss > worst)
        {
            self.worst = later.worst;
        }
    }

    /// The share of pairs where the formula decided as the exact database does.
    pub fn agreement(&self) -> f64 {
        self.agree as f64 / self.pairs.max(1) as f64
    }

    /// The mean equity given away per pair judged.
    pub fn mean_loss(&self) -> f64 {
        self.total_loss / self.pairs.max(1) as f64
    }
}

/// A formula judged over a database: its double, redouble and take decisions.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Judgement {
    /// Doubling a centred cube, judged at every pair (the opponent answering exactly).
    pub double: DecisionRecord,
    /// Redoubling an owned cube, judged at every pair.
    pub redouble: DecisionRecord,
    /// Taking, judged at every pair where the exact player on roll doubles a centred cube.
    pub take: DecisionRecord,
    /// For a formula with a winning-chance estimate, its error against the exact cubeless
    /// chance at every pair: the mean of |estimate − P| and the worst, with its pair.
    pub winning_chance: Option<ChanceDeviations>,
}

/// The statistics of a winning-chance estimate's deviations |estimate − P| from the exact
/// cubeless chance P over the pairs judged.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ChanceDeviations {
    /// Pairs compared.
    pub pairs: u64,
    /// Σ |estimate − P|.
    pub total: f64,
    /// The largest |estimate − P|, with the pair (player on roll, opponent).
    pub worst: Option<(f64, BearoffPosition, BearoffPosition)>,
    /// By the player on roll's pip count in tens (0–9, 10–19, …): pairs and Σ |estimate − P|.
    pub by_pips: Vec<(u64, f64)>,
}

impl ChanceDeviations {
    fn record(&mut self, error: f64, on_roll: &BearoffPosition, opponent: &BearoffPosition) {
        self.pairs += 1;
        self.total += error;
        if self.worst.is_none_or(|(worst, _, _)| error > worst) {
            self.worst = Some((error, *on_roll, *opponent));
        }
        let tens = on_roll.pip_count() as usize / 10;
        if self.by_pips.len() <= tens {
            self.by_pips.resize(tens + 1, (0, 0.0));
        }
        self.by_pips[tens].0 += 1;
        self.by_pips[tens].1 += error;
    }

    /// Adds `later`'s pairs, keeping the earlier worst on a tie.
    fn merge(&mut self, later: ChanceDeviations) {
        self.pairs += later.pairs;
        self.total += later.total;
        if let Some((error, _, _)) = later.worst
            && self.worst.is_none_or(|(worst, _, _)| error > worst)
        {
            self.worst = later.worst;
        }
        if self.by_pips.len() < later.by_pips.len() {
            self.by_pips.resize(later.by_pips.len(), (0, 0.0));
        }
        for (mine, (pairs, total)) in self.by_pips.iter_mut().zip(later.by_pips) {
            mine.0 += pairs;
            mine.1 += total;
        }
    }

    /// The mean absolute error.
    pub fn mean(&self) -> f64 {
        self.total / self.pairs.max(1) as f64
    }
}

/// Judges `formula` at every pair of positions of `database` whose pip counts are both at
/// least `min_pips`. For the doubler, following the formula gives away the exact best
/// value minus the value of the formula's choice (the opponent answering exactly); for the
/// taker, the difference between his answer and the exact one, in his equity. Exact ties
/// count as agreement.
pub fn judge(database: &TwoSidedDatabase<f64>, formula: RaceFormula, min_pips: u32) -> Judgement {
    let one_sided = BearoffDatabase::new(database.max_checkers())
        .expect("the two-sided database's checkers are within the one-sided one's");
    let positions: Vec<(BearoffPosition, f64)> = (0..database.positions())
        .map(|i| {
            let position = database.position_at(i).expect("an index below positions()");
            let mean_rolls = one_sided
                .expected_rolls_f64(&position)
                .expect("a position of the one-sided database");
            (position, mean_rolls)
        })
        .collect();
    // Each row (one position on roll) is judged on its own, in parallel, and the rows are
    // then added in order: the sums and the worst cases do not depend on the threads.
    let rows: Vec<Judgement> = (1..positions.len())
        .into_par_iter()
        .map(|a| {
            let mut row = Judgement::default();
            let (on_roll, our_rolls) = positions[a];
            if on_roll.pip_count() < min_pips {
                return row;
            }
            for (b, &(opponent, their_rolls)) in positions.iter().enumerate().skip(1) {
                if opponent.pip_count() < min_pips {
                    continue;
                }
                let entry = database
                    .equities_by_index(a, b)
                    .expect("non-empty positions of the database");
                let pair = RacePair {
                    on_roll,
                    opponent,
                    mean_rolls: [our_rolls, their_rolls],
                    cubeless_win: entry.win,
                };
                row.record(formula, &pair, entry);
            }
            row
        })
        .collect();
    let mut judgement = Judgement::default();
    for row in rows {
        judgement.merge(row);
    }
    judgement
}

impl Judgement {
    fn merge(&mut self, later: Judgement) {
        self.double.merge(later.double);
        self.redouble.merge(later.redouble);
        self.take.merge(later.take);
        if let Some(error) = later.winning_chance {
            self.winning_chance
                .get_or_insert_with(ChanceDeviations::default)
                .merge(error);
        }
    }

    fn record(&mut self, formula: RaceFormula, pair: &RacePair, entry: &Equities<f64>) {
        let (on_roll, opponent) = (&pair.on_roll, &pair.opponent);
        let advice = formula.advice(pair);
        if let Some(estimate) = formula.winning_chance(pair) {
            self.winning_chance
                .get_or_insert_with(ChanceDeviations::default)
                .record((estimate - entry.win).abs(), on_roll, opponent);
        }
        let doubled = entry.doubled();
        for (record, no_double, doubles) in [
            (&mut self.double, entry.centred, advice.double),
            (&mut self.redouble, entry.owned, advice.redouble),
        ] {
            let best = no_double.max(doubled);
            let chosen = if doubles { doubled } else { no_double };
            record.record(best - chosen, on_roll, opponent);
        }
        if entry.cube_action(CubeOwnership::Centred) != CubeAction::NoDouble {
            let answer = if advice.take { entry.taken() } else { 1.0 };
            self.take.record(answer - doubled, on_roll, opponent);
        }
    }
}

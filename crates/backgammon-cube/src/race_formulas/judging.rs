//! The race formulas judged against the exact two-sided bear-off database: at every pair of
//! positions, each decision a formula advises (double, redouble, take) against the exact one,
//! with the equity its follower gives away, and its winning-chance estimate against the exact
//! cubeless chance.

use rayon::prelude::*;

use super::{RaceFormula, RacePair};
use crate::bearoff::BearoffPosition;
use crate::cube::{CubeAction, CubeDecisions, CubeOwnership};
use crate::database::BearoffDatabase;
use crate::gnubg::reader::equities_of;
use crate::gnubg::{ReadError, TwoSidedReader};
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
    let positions = with_mean_rolls(
        (0..database.positions())
            .map(|i| database.position_at(i).expect("an index below positions()")),
        database.max_checkers(),
    );
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

/// Each of `positions` (of at most `max_checkers` checkers) with E N, its mean rolls to bear
/// off (the one-sided database).
fn with_mean_rolls(
    positions: impl Iterator<Item = BearoffPosition>,
    max_checkers: u32,
) -> Vec<(BearoffPosition, f64)> {
    let one_sided = BearoffDatabase::new(max_checkers)
        .expect("a two-sided database's checkers are within the one-sided one's");
    positions
        .map(|position| {
            let mean_rolls = one_sided
                .expected_rolls_f64(&position)
                .expect("a position of the one-sided database");
            (position, mean_rolls)
        })
        .collect()
}

/// Rows of a file judged together: read in turn, then judged in parallel.
const ROWS_AT_ONCE: usize = 64;

/// Every formula of [`RaceFormula::ALL`] judged at once over every pair of a gnubg two-sided
/// file ([`TwoSidedReader`]; the complete database of fifteen checkers a side is 23.6 GB),
/// read row by row, never whole: `judged[i][f]` is `RaceFormula::ALL[f]` judged, as by
/// [`judge`], over the pairs whose pip counts are both at least `min_pips[i]`. `progress`
/// hears the rows done and the rows in all.
///
/// The exact values are the file's: gnubg's 16-bit equities, which drift from the exact
/// ones by a few units of 1/32,767 ([`crate::gnubg::two_sided_file`]), so a decision within
/// that of a tie may be judged otherwise than by [`judge`] over the exact database. The
/// sums do not depend on the number of threads: rows are judged in parallel and added in
/// order.
///
/// # Errors
///
/// [`ReadError::Io`] when the file cannot be read.
pub fn judge_file(
    file: &mut TwoSidedReader,
    min_pips: &[u32],
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<Vec<Judgement>>, ReadError> {
    let n = file.positions();
    let positions = with_mean_rolls(
        (0..n).map(|i| file.position_at(i).expect("an index below positions()")),
        file.max_checkers(),
    );
    let advice = AdviceTables::new(&positions);
    let empty = vec![Judgement::default(); RaceFormula::ALL.len()];
    let mut judged = vec![empty; min_pips.len()];
    let mut rows = vec![Vec::new(); ROWS_AT_ONCE];
    for first in (0..n).step_by(ROWS_AT_ONCE) {
        game_core::stop::checkpoint();
        let last = (first + ROWS_AT_ONCE).min(n);
        for (row, a) in rows.iter_mut().zip(first..last) {
            file.read_row(a, row)?;
        }
        let judged_rows: Vec<Vec<Vec<Judgement>>> = rows[..last - first]
            .par_iter()
            .zip(first..last)
            .map(|(row, a)| judge_row(&positions, &advice, min_pips, a, row))
            .collect();
        for row in judged_rows {
            for (mine, row) in judged.iter_mut().zip(row) {
                for (mine, later) in mine.iter_mut().zip(row) {
                    mine.merge(later);
                }
            }
        }
        progress(last, n);
    }
    Ok(judged)
}

/// A formula's advice and winning-chance estimate.
type Advice = (CubeDecisions, Option<f64>);

/// The advice computed once for many pairs: for the formulas that read only the two pip
/// counts, per pair of pip counts; for Janowski's, which reads only P, per 16-bit P.
struct AdviceTables {
    /// `by_pips[f][k][s]`: formula f's advice and estimate at pip counts (k, s), for the
    /// formulas that read only them.
    by_pips: Vec<Vec<Vec<Advice>>>,
    /// Janowski's advice at P = s / 65,535 for every stored s.
    janowski: Vec<CubeDecisions>,
}

impl AdviceTables {
    fn new(positions: &[(BearoffPosition, f64)]) -> AdviceTables {
        let highest = positions
            .iter()
            .map(|(p, _)| p.pip_count() as usize)
            .max()
            .unwrap_or(0);
        let mut representative = vec![None; highest + 1];
        for &(position, mean_rolls) in positions {
            representative[position.pip_count() as usize].get_or_insert((position, mean_rolls));
        }
        let pair = |k: usize, s: usize, cubeless_win: f64| {
            let ((on_roll, ours), (opponent, theirs)) = (
                representative[k].expect("a position of every pip count up to the highest"),
                representative[s].expect("a position of every pip count up to the highest"),
            );
            RacePair {
                on_roll,
                opponent,
                mean_rolls: [ours, theirs],
                cubeless_win,
            }
        };
        let by_pips = RaceFormula::ALL
            .iter()
            .map(|&formula| {
                if !formula.reads_only_pip_counts() {
                    return Vec::new();
                }
                (0..=highest)
                    .map(|k| {
                        (0..=highest)
                            .map(|s| {
                                let pair = pair(k, s, 0.5);
                                (formula.advice(&pair), formula.winning_chance(&pair))
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let janowski = (0..=u16::MAX)
            .map(|stored| RaceFormula::Janowski.advice(&pair(0, 0, f64::from(stored) / 65535.0)))
            .collect();
        AdviceTables { by_pips, janowski }
    }
}

/// Every formula judged over the row of `a` (the file's bytes `row`), for each least pip
/// count of `min_pips`.
fn judge_row(
    positions: &[(BearoffPosition, f64)],
    advice: &AdviceTables,
    min_pips: &[u32],
    a: usize,
    row: &[u8],
) -> Vec<Vec<Judgement>> {
    let empty = vec![Judgement::default(); RaceFormula::ALL.len()];
    let mut judged = vec![empty; min_pips.len()];
    let (on_roll, our_rolls) = positions[a];
    if on_roll.is_empty() {
        return judged;
    }
    let k = on_roll.pip_count();
    for (b, &(opponent, their_rolls)) in positions.iter().enumerate() {
        let s = opponent.pip_count();
        if opponent.is_empty() || min_pips.iter().all(|&least| k.min(s) < least) {
            continue;
        }
        let bytes = &row[8 * b..8 * b + 8];
        let stored = [0, 1, 2, 3].map(|i| u16::from_le_bytes([bytes[2 * i], bytes[2 * i + 1]]));
        let entry = equities_of(stored);
        let pair = RacePair {
            on_roll,
            opponent,
            mean_rolls: [our_rolls, their_rolls],
            cubeless_win: entry.win,
        };
        for (f, &formula) in RaceFormula::ALL.iter().enumerate() {
            let (decisions, estimate) = if formula.reads_only_pip_counts() {
                advice.by_pips[f][k as usize][s as usize]
            } else if formula == RaceFormula::Janowski {
                (advice.janowski[usize::from(stored[0])], None)
            } else {
                (formula.advice(&pair), formula.winning_chance(&pair))
            };
            for (judged, &least) in judged.iter_mut().zip(min_pips) {
                if k.min(s) >= least {
                    judged[f].record_advice(decisions, estimate, &pair, &entry);
                }
            }
        }
    }
    judged
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
        let advice = formula.advice(pair);
        self.record_advice(advice, formula.winning_chance(pair), pair, entry);
    }

    /// Records a formula's `advice` and winning-chance `estimate` for `pair`, whose exact
    /// values are `entry`.
    fn record_advice(
        &mut self,
        advice: CubeDecisions,
        estimate: Option<f64>,
        pair: &RacePair,
        entry: &Equities<f64>,
    ) {
        let (on_roll, opponent) = (&pair.on_roll, &pair.opponent);
        if let Some(estimate) = estimate {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gnubg::two_sided_file;

    /// The file's judge, with its advice computed once per pair of pip counts and per P,
    /// gives exactly what asking every formula at every pair gives, row by row.
    #[test]
    fn judging_a_file_is_asking_every_formula_at_every_pair() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("ts-6x4.bd");
        std::fs::write(&path, two_sided_file(4).unwrap()).unwrap();
        let mut file = TwoSidedReader::open(&path).unwrap();
        let min_pips = [0, 9];
        let mut rows_heard = 0;
        let judged = judge_file(&mut file, &min_pips, |done, _| rows_heard = done).unwrap();
        assert_eq!(rows_heard, file.positions());

        let one_sided = BearoffDatabase::new(4).unwrap();
        let n = file.positions();
        let positions: Vec<BearoffPosition> =
            (0..n).map(|i| file.position_at(i).unwrap()).collect();
        for (i, &least) in min_pips.iter().enumerate() {
            for (f, &formula) in RaceFormula::ALL.iter().enumerate() {
                let mut expected = Judgement::default();
                for on_roll in positions.iter().filter(|p| !p.is_empty()) {
                    let mut row = Judgement::default();
                    for opponent in positions.iter().filter(|p| !p.is_empty()) {
                        if on_roll.pip_count().min(opponent.pip_count()) < least {
                            continue;
                        }
                        let entry = file.equities(on_roll, opponent).unwrap();
                        let pair = RacePair {
                            on_roll: *on_roll,
                            opponent: *opponent,
                            mean_rolls: [on_roll, opponent]
                                .map(|p| one_sided.expected_rolls_f64(p).unwrap()),
                            cubeless_win: entry.win,
                        };
                        row.record(formula, &pair, &entry);
                    }
                    expected.merge(row);
                }
                assert_eq!(
                    judged[i][f],
                    expected,
                    "{} from {least} pips",
                    formula.name()
                );
                assert!(expected.double.pairs > 0);
            }
        }
    }
}

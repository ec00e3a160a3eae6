//! The database's fixed point: every position's successors listed once, then sweeps of the
//! whole table (each entry from the previous sweep's, in parallel) until no entry moves by
//! more than the tolerance.

use game_core::memory::{self, MemoryError};
use game_core::number::BigRational;
use game_core::stop::checkpoint;
use rayon::prelude::*;

use crate::dice::{Roll, distinct_rolls};

use super::DanceRule;
use super::position::{HypergammonPosition, one_sided_positions};

/// The values kept for a position, from the player on roll's side: the five cubeless
/// outcomes (win, win a gammon, win a backgammon, lose a gammon, lose a backgammon), then the
/// money equities before the roll with the cube owned, centred, centred under the Jacoby
/// rule, and owned by the opponent — gnubg's order.
pub(crate) type Values = [f64; 9];

/// Marks the one successor of a roll that cannot be played (position numbers are below 2²⁴).
const DANCED: u32 = 1 << 31;

const OWNED: usize = 5;
const CENTRED: usize = 6;
const JACOBY: usize = 7;
const OPPONENT_OWNS: usize = 8;

/// Where a position stands in the sweeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Playing,
    Over,
    Illegal,
}

/// Every position's successors by roll, each numbered as the position the opponent then
/// rolls from (a roll that cannot be played passes the turn: its one successor is the same
/// checkers with the opponent on roll, marked [`DANCED`]). Position `p`'s lists follow one
/// another from `successors[first[p]]`, `counts[p][r]` for the `r`-th of the 21 rolls.
pub(crate) struct Successors {
    checkers: u32,
    status: Vec<Status>,
    first: Vec<u64>,
    counts: Vec<[u8; 21]>,
    successors: Vec<u32>,
    weights: [f64; 21],
    dance: DanceRule,
    /// The positions in play by the players' total pip count, lowest first: a play that hits
    /// nothing lowers the total, so a sweep in this order finds those successors updated.
    levels: Vec<Vec<u32>>,
}

/// The rows of the table (the player on roll's one-sided numbers) listed at once, in
/// parallel, before they are appended: their lists are the only copy held twice.
const ROWS_AT_ONCE: u32 = 64;

/// One row of the table: every position with the player on roll's checkers fixed.
#[derive(Default)]
struct Row {
    status: Vec<Status>,
    first: Vec<u64>,
    counts: Vec<[u8; 21]>,
    successors: Vec<u32>,
    values: Vec<Values>,
}

impl Successors {
    /// Lists every position's successors, and the values of the finished games (zeros for
    /// the positions no game reaches, where both players have a checker on one point).
    pub(crate) fn new(
        checkers: u32,
        dance: DanceRule,
        mut progress: impl FnMut(u32, u32),
    ) -> Result<(Successors, Vec<Values>), MemoryError> {
        let sides = one_sided_positions(checkers);
        let positions = u64::from(sides) * u64::from(sides);
        // Each position: its values, status, level, first successor and counts, and — a
        // measured average for two checkers, more than for one — 2.7 successors a roll.
        let each = size_of::<Values>() as u64 + 1 + 4 + 8 + 21 + 21 * 11;
        memory::ensure(positions * each, || {
            format!(
                "the successors and values of hypergammon with {}",
                crate::count_of_checkers(checkers)
            )
        })?;
        let mut table = Successors {
            checkers,
            status: Vec::with_capacity(positions as usize),
            first: Vec::with_capacity(positions as usize),
            counts: Vec::with_capacity(positions as usize),
            successors: Vec::new(),
            weights: std::array::from_fn(|r| f64::from(distinct_rolls()[r].1)),
            dance,
            levels: Vec::new(),
        };
        let mut values = Vec::with_capacity(positions as usize);
        for start in (0..sides).step_by(ROWS_AT_ONCE as usize) {
            checkpoint();
            let rows: Vec<Row> = (start..sides.min(start + ROWS_AT_ONCE))
                .into_par_iter()
                .map(|on_roll| row(checkers, on_roll))
                .collect();
            progress(sides.min(start + ROWS_AT_ONCE), sides);
            for row in rows {
                let base = table.successors.len() as u64;
                table.status.extend(row.status);
                table
                    .first
                    .extend(row.first.iter().map(|first| base + first));
                table.counts.extend(row.counts);
                table.successors.extend(row.successors);
                values.extend(row.values);
            }
        }
        table.levels = levels(checkers, &table.status);
        Ok((table, values))
    }

    /// One sweep of the database, in place; returns the largest change of any entry.
    pub(crate) fn sweep(&self, values: &mut [Values]) -> f64 {
        self.sweep_in_place(values, |p, values| self.expected(p, values), distance)
    }

    /// The residual max |T V − V| of `values`, nothing written.
    pub(crate) fn residual(&self, values: &[Values]) -> f64 {
        self.in_play()
            .into_par_iter()
            .map(|p| distance(&self.expected(p, values), &values[p]))
            .reduce(|| 0.0, f64::max)
    }

    /// One Gauss–Seidel sweep in the order of the levels: each level's positions computed in
    /// parallel from the table as it stands, then written in, so that the result does not
    /// depend on the number of threads. Returns the largest change.
    fn sweep_in_place<T: Copy + Send + Sync>(
        &self,
        table: &mut [T],
        update: impl Fn(usize, &[T]) -> T + Sync,
        distance: impl Fn(&T, &T) -> f64,
    ) -> f64 {
        let mut largest: f64 = 0.0;
        let mut fresh = Vec::new();
        for level in &self.levels {
            checkpoint();
            level
                .par_iter()
                .with_min_len(256)
                .map(|&p| update(p as usize, table))
                .collect_into_vec(&mut fresh);
            for (&p, new) in level.iter().zip(&fresh) {
                largest = largest.max(distance(new, &table[p as usize]));
                table[p as usize] = *new;
            }
        }
        largest
    }

    /// For each position and roll, the first successor within [`TIE`] of the highest `score`.
    pub(crate) fn best_plays(&self, score: impl Fn(usize) -> f64 + Sync) -> Vec<[u8; 21]> {
        (0..self.status.len())
            .into_par_iter()
            .map(|p| {
                let mut plays = [0u8; 21];
                for (play, (_, listed)) in plays.iter_mut().zip(self.rolls_of(p)) {
                    let scores = listed.iter().map(|&s| score((s & !DANCED) as usize));
                    *play = first_best(scores) as u8;
                }
                plays
            })
            .collect()
    }

    /// `plays`, each replaced by the first successor of highest `score` where that is
    /// strictly higher than the play's own.
    pub(crate) fn improved_plays(
        &self,
        plays: &[[u8; 21]],
        score: impl Fn(usize) -> BigRational,
    ) -> Vec<[u8; 21]> {
        let mut improved = plays.to_vec();
        for (p, chosen) in improved.iter_mut().enumerate() {
            for (play, (_, listed)) in chosen.iter_mut().zip(self.rolls_of(p)) {
                let Some(&own) = listed.get(usize::from(*play)) else {
                    continue;
                };
                let mut best = score((own & !DANCED) as usize);
                for (i, &s) in listed.iter().enumerate() {
                    let value = score((s & !DANCED) as usize);
                    if value > best {
                        (best, *play) = (value, i as u8);
                    }
                }
            }
        }
        improved
    }

    /// Position `p`'s rolls as weights out of 36 and the successors `plays` chooses.
    pub(crate) fn chosen<'a>(
        &'a self,
        p: usize,
        plays: &'a [u8; 21],
    ) -> impl Iterator<Item = (u32, usize)> + 'a {
        self.rolls_of(p)
            .zip(plays)
            .map(|((weight, listed), &play)| {
                (
                    weight as u32,
                    (listed[usize::from(play)] & !DANCED) as usize,
                )
            })
    }

    /// The positions in play whose outcomes the exact solution keeps as unknowns: those
    /// with a checker on the bar and those with a roll that cannot be played.
    pub(crate) fn unknowns(&self) -> Vec<usize> {
        let sides = one_sided_positions(self.checkers);
        self.in_play()
            .into_iter()
            .filter(|&p| {
                let position = HypergammonPosition::from_ids(
                    self.checkers,
                    p as u32 / sides,
                    p as u32 % sides,
                );
                position.has_checker_on_the_bar()
                    || self
                        .rolls_of(p)
                        .any(|(_, listed)| listed.iter().any(|s| s & DANCED != 0))
            })
            .collect()
    }

    /// For every position, the chances (taken, passed) that the first double of the game
    /// from there is taken or passed, both players choosing the plays of highest equity
    /// with the cube centred (the first within [`TIE`]) and doubling, taking and passing as
    /// `values` say; swept to a change of at most `tolerance`.
    pub(crate) fn first_double(&self, values: &[Values], tolerance: f64) -> Vec<[f64; 2]> {
        let mut chances = vec![[0.0; 2]; self.status.len()];
        let update = |p: usize, chances: &[[f64; 2]]| {
            let doubled = (2.0 * values[p][OPPONENT_OWNS]).min(1.0);
            if doubled > values[p][CENTRED] {
                return if 2.0 * values[p][OPPONENT_OWNS] < 1.0 {
                    [1.0, 0.0]
                } else {
                    [0.0, 1.0]
                };
            }
            let mut sum = [0.0; 2];
            for (weight, listed) in self.rolls_of(p) {
                let theirs = |s: u32| &values[(s & !DANCED) as usize];
                let centred = listed
                    .iter()
                    .map(|&s| -cube_decision(theirs(s)[CENTRED], theirs(s)[OPPONENT_OWNS]));
                let chosen = listed[first_best(centred)];
                let next = chances[(chosen & !DANCED) as usize];
                sum = [sum[0] + weight * next[0], sum[1] + weight * next[1]];
            }
            sum.map(|total| total / 36.0)
        };
        let change = |a: &[f64; 2], b: &[f64; 2]| (a[0] - b[0]).abs().max((a[1] - b[1]).abs());
        for _ in 0..100_000 {
            if self.sweep_in_place(&mut chances, update, change) <= tolerance {
                break;
            }
        }
        chances
    }

    /// The numbers of the positions in play, by level.
    pub(crate) fn in_play(&self) -> Vec<usize> {
        self.levels.iter().flatten().map(|&p| p as usize).collect()
    }

    /// A proven upper bound T̄ on T, the expected number of turns left when the players play
    /// as `values` (of residual `residual`) say for the cubeless equity — every play within
    /// the reach of an error of at most r T̄ in every equity counted as though it were chosen
    /// ([`within_reach`]): T(x) = 1 + avg over the rolls of max over those plays of T(y).
    /// Infinite if none is proven.
    pub(crate) fn played_turns_bound(
        &self,
        values: &[Values],
        residual: f64,
        progress: &mut dyn FnMut(u32, f64),
    ) -> f64 {
        within_reach(residual, |reach| {
            let step = |p: usize, turns: &[[f64; 1]]| {
                // A play's equity moves by at most the reach.
                self.near_best_turns(p, 2.0 * reach, |s| {
                    let next = (s & !DANCED) as usize;
                    [(-cubeless_equity(&values[next]), turns[next][0])]
                })
            };
            self.certified_bound(step, progress)
        })
    }

    /// A proven upper bound S̄ on S, the expected sum over the turns left of the stake (per
    /// unit of the stake now), for each cube slot, when the players play, double, take and
    /// pass as `values` (of residual `residual`) say — every play and cube decision within
    /// the reach of an error of at most r S̄ in every value counted as though it were taken
    /// ([`within_reach`]): S(x) = 1 + avg over the rolls of max over those plays of the
    /// largest of S(y) for not doubling and 2 S(y) for a taken double (0 for a pass).
    /// Infinite if none is proven.
    pub(crate) fn staked_turns_bound(
        &self,
        values: &[Values],
        residual: f64,
        progress: &mut dyn FnMut(u32, f64),
    ) -> f64 {
        within_reach(residual, |reach| {
            let step = |p: usize, staked: &[[f64; 4]]| {
                // A play's value moves by at most twice the reach (a taken double).
                self.near_best_turns(p, 4.0 * reach, |s| {
                    let next = (s & !DANCED) as usize;
                    let passed_on = s & DANCED != 0 && self.dance == DanceRule::Makehyper;
                    cube_options(&values[next], &staked[next], passed_on, reach)
                })
            };
            self.certified_bound(step, progress)
        })
    }

    /// 1 + the average over position `p`'s rolls of the most turns left among the plays
    /// within `slack` of the best, slot by slot; `option` gives a successor's value and turns
    /// left in each slot.
    fn near_best_turns<const N: usize>(
        &self,
        p: usize,
        slack: f64,
        option: impl Fn(u32) -> [(f64, f64); N],
    ) -> [f64; N] {
        let mut sum = [0.0; N];
        for (weight, listed) in self.rolls_of(p) {
            let options = listed.iter().map(|&s| option(s));
            let best = options
                .clone()
                .fold([f64::NEG_INFINITY; N], |best, option| {
                    std::array::from_fn(|k| best[k].max(option[k].0))
                });
            let most = options.fold([0.0f64; N], |most, option| {
                std::array::from_fn(|k| {
                    if option[k].0 >= best[k] - slack {
                        most[k].max(option[k].1)
                    } else {
                        most[k]
                    }
                })
            });
            for (total, most) in sum.iter_mut().zip(most) {
                *total += weight * most;
            }
        }
        sum.map(|total| 1.0 + total / 36.0)
    }

    /// A proven upper bound on the least solution D of D = step(D) on the positions in play
    /// (0 elsewhere), for a `step` of the form 1 + M D with M monotone and positively
    /// homogeneous (a maximum of averages, with non-negative weights): the largest entry of
    /// a D̄ with step(D̄) < D̄ at every position, checked; infinite if none is found.
    ///
    /// Sweeps from D = 0 rise towards the least solution, each by less than the one before
    /// once the slowest way of lasting dominates: by a ratio ρ, so that what is left is about
    /// ρ / (1 − ρ) times the last rise δ. Every [`CHECK_EVERY`] sweeps the candidate
    /// D̄ = (1 + 10⁻³) D + 2 ρ / (1 − ρ) δ + 10⁻⁹ — that tail, twice over — is checked at
    /// every position (with a margin of 10⁻¹² for rounding); where it holds, each sweep from
    /// 0 stays below D̄ by induction (M is monotone), so their limit does too. The sweeps
    /// stop, unproven, when D passes 10¹² (M's growth is then at least 1: the least solution
    /// may be infinite).
    fn certified_bound<const N: usize>(
        &self,
        step: impl Fn(usize, &[[f64; N]]) -> [f64; N] + Sync,
        progress: &mut dyn FnMut(u32, f64),
    ) -> f64 {
        let mut bound = vec![[0.0; N]; self.status.len()];
        let largest = |bound: &[[f64; N]]| bound.iter().flatten().fold(0.0, |m: f64, &d| m.max(d));
        let change = |a: &[f64; N], b: &[f64; N]| {
            a.iter()
                .zip(b)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f64::max)
        };
        let mut last_change = f64::INFINITY;
        for sweep in 1..=100_000u32 {
            // Only a sweep followed by a check needs the values before it.
            let before = sweep.is_multiple_of(CHECK_EVERY).then(|| bound.clone());
            let changed = self.sweep_in_place(&mut bound, &step, change);
            progress(sweep, changed);
            let ratio = if changed > 0.0 {
                changed / last_change
            } else {
                0.0
            };
            last_change = changed;
            if largest(&bound) > 1e12 {
                break;
            }
            let Some(before) = before.filter(|_| ratio < 1.0) else {
                continue;
            };
            let ahead = 2.0 * ratio / (1.0 - ratio);
            let candidate: Vec<[f64; N]> = bound
                .iter()
                .zip(&before)
                .map(|(now, was)| {
                    std::array::from_fn(|k| {
                        now[k] * (1.0 + 1e-3) + ahead * (now[k] - was[k]) + 1e-9
                    })
                })
                .collect();
            let holds = self.in_play().into_par_iter().all(|p| {
                let next = step(p, &candidate);
                // A margin of 10⁻¹² for the rounding of the step's sums.
                (0..N).all(|k| next[k] < candidate[p][k] * (1.0 - 1e-12))
            });
            if holds {
                return largest(&candidate);
            }
        }
        f64::INFINITY
    }

    /// Position `p`'s rolls: each one's weight out of 36 and its successors.
    fn rolls_of(&self, p: usize) -> impl Iterator<Item = (f64, &[u32])> {
        let mut start = self.first[p] as usize;
        self.weights
            .iter()
            .zip(&self.counts[p])
            .map(move |(&weight, &count)| {
                let listed = &self.successors[start..start + usize::from(count)];
                start += usize::from(count);
                (weight, listed)
            })
    }

    /// The position's values: over the 21 rolls, the best play for each kept value.
    fn expected(&self, p: usize, values: &[Values]) -> Values {
        let mut sum = [0.0; 9];
        for (weight, listed) in self.rolls_of(p) {
            let best = best_play(listed, values, self.dance);
            for (total, value) in sum.iter_mut().zip(best) {
                *total += weight * value;
            }
        }
        sum.map(|total| total / 36.0)
    }
}

/// The largest difference of two entries' values.
fn distance(a: &Values, b: &Values) -> f64 {
    a.iter()
        .zip(b)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max)
}

/// The best of a roll's successors for each value: the cubeless outcomes of the play of
/// highest cubeless equity, and for each cube the play of highest cubeful equity, the
/// opponent then doubling or not, taking or passing, as suits him best.
fn best_play(listed: &[u32], values: &[Values], dance: DanceRule) -> Values {
    if let [only] = listed
        && only & DANCED != 0
        && dance == DanceRule::Makehyper
    {
        let theirs = &values[(only & !DANCED) as usize];
        let mut best = [0.0; 9];
        best[..5].copy_from_slice(&inverted(theirs));
        for k in OWNED..=OPPONENT_OWNS {
            best[k] = -theirs[k];
        }
        return best;
    }
    let mut best = [f64::NEG_INFINITY; 9];
    let theirs = |s: u32| &values[(s & !DANCED) as usize];
    let chosen = first_best(listed.iter().map(|&s| -cubeless_equity(theirs(s))));
    best[..5].copy_from_slice(&inverted(theirs(listed[chosen])));
    for &s in listed {
        let theirs = theirs(s);
        let after_take = theirs[OPPONENT_OWNS];
        let cubeful = [
            (OWNED, -after_take),
            (CENTRED, -cube_decision(theirs[CENTRED], after_take)),
            (JACOBY, -cube_decision(theirs[JACOBY], after_take)),
            (OPPONENT_OWNS, -cube_decision(theirs[OWNED], after_take)),
        ];
        for (k, value) in cubeful {
            best[k] = best[k].max(value);
        }
    }
    best
}

/// A bound B proven with a reach (the largest error of any value it allows for) of at least
/// r B, so that every solution within r B of the values makes no decision the bound left
/// out: tried with a reach of 1,000 r (at least 10⁻⁹), then with twice r B as found.
/// Infinite if none is proven.
fn within_reach(residual: f64, mut bound_with: impl FnMut(f64) -> f64) -> f64 {
    let mut reach = (1e3 * residual).max(1e-9);
    for _ in 0..3 {
        let bound = bound_with(reach);
        if !bound.is_finite() || residual * bound <= reach {
            return bound;
        }
        reach = 2.0 * residual * bound;
    }
    f64::INFINITY
}

/// The sweeps of a bound between two checks of a candidate ([`Successors::certified_bound`]).
const CHECK_EVERY: u32 = 4;

/// Plays whose cubeless equities differ by less than this are taken as tied: the least
/// difference of two positions' values that is not rounding (a few units of 10⁻¹⁶ on
/// values up to 3, summed over 21 rolls) by a wide margin. Ties are broken by the order of
/// the plays, so that rounding cannot switch a position between two equal plays from one
/// sweep to the next (their outcome probabilities can differ by 10⁻²).
pub(crate) const TIE: f64 = 1e-14;

/// The first of `scores` within [`TIE`] of the highest.
pub(crate) fn first_best(scores: impl Iterator<Item = f64> + Clone) -> usize {
    let best = scores.clone().fold(f64::NEG_INFINITY, f64::max);
    scores.take_while(|&score| score < best - TIE).count()
}

/// The equity of the player on roll who may double: his no-double equity, or — when it is
/// at least as good — doubling, the opponent taking (twice his equity with the cube then
/// owned by the opponent) or passing (1), whichever is worse for the doubler.
pub(crate) fn cube_decision(no_double: f64, after_take: f64) -> f64 {
    no_double.max((2.0 * after_take).min(1.0))
}

/// For each cube slot of the player who has just played to `theirs` (the opponent's values
/// and stake-weighted turns), his value and the most the opponent's stake-weighted turns can
/// weigh in it: minus the opponent's equity after his cube decision, of which the branches —
/// no double (the slot's S), a taken double (2 S with the cube then owned by the player) and
/// a pass (0) — are those that can be taken when every value moves by at most `reach`.
/// `passed_on` for a roll that cannot be played under [`DanceRule::Makehyper`]: no cube
/// decision, minus the same slot.
fn cube_options(
    theirs: &Values,
    staked: &[f64; 4],
    passed_on: bool,
    reach: f64,
) -> [(f64, f64); 4] {
    if passed_on {
        return std::array::from_fn(|k| (-theirs[OWNED + k], staked[k]));
    }
    let after_take = theirs[OPPONENT_OWNS];
    let decided = |no_double: usize| {
        let value = -cube_decision(theirs[no_double], after_take);
        let doubled = (2.0 * after_take).min(1.0);
        let stays = theirs[no_double] >= doubled - 3.0 * reach;
        let taken = 2.0 * after_take <= 1.0 + 2.0 * reach
            && 2.0 * after_take >= theirs[no_double] - 3.0 * reach;
        let weight = |open: bool, weight: f64| if open { weight } else { 0.0 };
        let most = weight(stays, staked[no_double - OWNED])
            .max(weight(taken, 2.0 * staked[OPPONENT_OWNS - OWNED]));
        (value, most)
    };
    [
        (-after_take, staked[OPPONENT_OWNS - OWNED]),
        decided(CENTRED),
        decided(JACOBY),
        decided(OWNED),
    ]
}

/// The cubeless money equity of the outcomes: 2 P(win) − 1 plus the gammons and backgammons.
pub(crate) fn cubeless_equity(values: &[f64]) -> f64 {
    2.0 * values[0] - 1.0 + values[1] - values[3] + values[2] - values[4]
}

/// The outcomes seen from the other player.
fn inverted(values: &Values) -> [f64; 5] {
    [1.0 - values[0], values[3], values[4], values[1], values[2]]
}

/// The row of the positions with the player on roll's one-sided number `on_roll`.
fn row(checkers: u32, on_roll: u32) -> Row {
    let mut row = Row::default();
    let rolls = distinct_rolls();
    for opponent in 0..one_sided_positions(checkers) {
        let position = HypergammonPosition::from_ids(checkers, on_roll, opponent);
        let (status, values) = classify(&position);
        row.status.push(status);
        row.values.push(values);
        row.first.push(row.successors.len() as u64);
        let mut counts = [0u8; 21];
        if status == Status::Playing {
            for (count, (roll, _)) in counts.iter_mut().zip(&rolls) {
                let before = row.successors.len();
                successors_of(&position, *roll, &mut row.successors);
                // At most 18 distinct plays: three checkers, two dice in either order.
                *count = (row.successors.len() - before) as u8;
            }
        }
        row.counts.push(counts);
    }
    row
}

/// The positions in play grouped by the total pip count of both players, each group in the
/// order of the opponent's checkers.
fn levels(checkers: u32, status: &[Status]) -> Vec<Vec<u32>> {
    let sides = one_sided_positions(checkers);
    let mut levels = vec![Vec::new(); 2 * 25 * checkers as usize + 1];
    for (p, _) in status
        .iter()
        .enumerate()
        .filter(|(_, s)| **s == Status::Playing)
    {
        let position = HypergammonPosition::from_ids(checkers, p as u32 / sides, p as u32 % sides);
        let (mine, theirs) = position.pip_counts();
        levels[(mine + theirs) as usize].push(p as u32);
    }
    // A level's positions are computed from the table as it stands before the level, so
    // their order changes nothing but speed: sorted by the opponent's checkers, successors
    // (the opponent's checkers, mostly unmoved, now on roll) fall in one row of the table
    // after another, which stays in cache.
    for level in &mut levels {
        level.sort_by_key(|&p| (p % sides, p / sides));
    }
    levels
}

fn classify(position: &HypergammonPosition) -> (Status, Values) {
    if !position.is_legal() {
        return (Status::Illegal, [0.0; 9]);
    }
    let Some(outputs) = position.outcome() else {
        return (Status::Playing, [0.0; 9]);
    };
    let money = cubeless_equity(&outputs);
    // Under the Jacoby rule a gammon counts single while the cube is centred.
    let jacoby = 2.0 * outputs[0] - 1.0;
    let mut values = [0.0; 9];
    values[..5].copy_from_slice(&outputs);
    values[OWNED..].copy_from_slice(&[money, money, jacoby, money]);
    (Status::Over, values)
}

/// Adds the numbers of the positions the opponent rolls from after each play of `roll`.
fn successors_of(position: &HypergammonPosition, roll: Roll, into: &mut Vec<u32>) {
    let plays = position.plays(roll);
    if plays.is_empty() {
        into.push(position.swapped().number() | DANCED);
    }
    into.extend(plays.iter().map(|play| play.swapped().number()));
}

//! The cubeless outcomes of one-checker hypergammon as exact fractions: the plays of the
//! iterative database, their linear equations solved exactly, and the plays checked to be
//! best in exact arithmetic (policy iteration from the database's plays).
//!
//! Every play that hits nothing lowers the players' total pip count, so a position's
//! outcomes are a combination of lower positions' and of those of the positions with a
//! checker on the bar (or whose roll cannot be played), which are the unknowns. Their
//! equations form a small linear system (250 unknowns for one checker a side), solved by
//! Gauss–Jordan elimination in fractions.

use std::collections::BTreeMap;

use game_core::number::num_traits::{One, Zero};
use game_core::number::{BigInt, BigRational};

use super::HypergammonError;
use super::solve::{Successors, Values, cubeless_equity};

/// A value as a constant plus a combination of the unknowns' components.
#[derive(Debug, Clone, Default)]
struct Form {
    constant: BigRational,
    terms: BTreeMap<usize, BigRational>,
}

impl Form {
    fn constant(value: BigRational) -> Form {
        Form {
            constant: value,
            terms: BTreeMap::new(),
        }
    }

    fn add_scaled(&mut self, other: &Form, factor: &BigRational) {
        self.constant += &other.constant * factor;
        for (variable, coefficient) in &other.terms {
            let entry = self
                .terms
                .entry(*variable)
                .or_insert_with(BigRational::zero);
            *entry += coefficient * factor;
            if entry.is_zero() {
                self.terms.remove(variable);
            }
        }
    }

    fn value(&self, solved: &[BigRational]) -> BigRational {
        self.terms
            .iter()
            .fold(self.constant.clone(), |sum, (v, c)| sum + c * &solved[*v])
    }
}

/// The component of the successor (seen from the opponent) that gives component `k` of the
/// mover's outcomes, and whether it is 1 − that component: the mover wins when the opponent
/// does not, wins a gammon when the opponent loses one, and so on.
const FROM_OPPONENT: [(usize, bool); 5] =
    [(0, true), (3, false), (4, false), (1, false), (2, false)];

/// The outcomes of every position, exactly: see the module docs. `values` is the iterative
/// database whose plays start the policy iteration.
pub(crate) fn exact_outcomes(
    table: &Successors,
    values: &[Values],
) -> Result<Vec<[BigRational; 5]>, HypergammonError> {
    let mut plays = table.best_plays(|s| -cubeless_equity(&values[s]));
    for _ in 0..100 {
        let outcomes = outcomes_under(table, values, &plays);
        let exact_equity: Vec<BigRational> = outcomes.iter().map(exact_cubeless_equity).collect();
        let better = table.improved_plays(&plays, |s| -exact_equity[s].clone());
        if better == plays {
            return Ok(outcomes);
        }
        plays = better;
    }
    Err(HypergammonError::NoConvergence { sweeps: 100 })
}

fn exact_cubeless_equity(outcomes: &[BigRational; 5]) -> BigRational {
    let two = BigRational::from_integer(BigInt::from(2));
    &two * &outcomes[0] - BigRational::one() + &outcomes[1] - &outcomes[3] + &outcomes[2]
        - &outcomes[4]
}

/// The outcomes when position p plays `plays[p][r]`-th successor of its r-th roll.
fn outcomes_under(
    table: &Successors,
    values: &[Values],
    plays: &[[u8; 21]],
) -> Vec<[BigRational; 5]> {
    let unknowns = table.unknowns();
    let variable_of: BTreeMap<usize, usize> = unknowns
        .iter()
        .enumerate()
        .map(|(i, &p)| (p, 5 * i))
        .collect();
    let fixed = |p: usize| -> [BigRational; 5] {
        std::array::from_fn(|k| BigRational::from_integer(BigInt::from(values[p][k] as i64)))
    };
    let mut forms: BTreeMap<usize, [Form; 5]> = BTreeMap::new();
    let form_of = |p: usize, forms: &BTreeMap<usize, [Form; 5]>| -> [Form; 5] {
        if let Some(&v) = variable_of.get(&p) {
            std::array::from_fn(|k| Form {
                constant: BigRational::zero(),
                terms: BTreeMap::from([(v + k, BigRational::one())]),
            })
        } else if let Some(form) = forms.get(&p) {
            form.clone()
        } else {
            fixed(p).map(Form::constant)
        }
    };
    let equations = |p: usize, forms: &BTreeMap<usize, [Form; 5]>| -> [Form; 5] {
        let mut sum: [Form; 5] = Default::default();
        for (weight, successor) in table.chosen(p, &plays[p]) {
            let theirs = form_of(successor, forms);
            let share = BigRational::new(BigInt::from(weight), BigInt::from(36));
            for (k, (from, complement)) in FROM_OPPONENT.iter().enumerate() {
                if *complement {
                    sum[k].constant += &share;
                    sum[k].add_scaled(&theirs[*from], &-share.clone());
                } else {
                    sum[k].add_scaled(&theirs[*from], &share);
                }
            }
        }
        sum
    };
    for p in table.in_play() {
        if !variable_of.contains_key(&p) {
            let form = equations(p, &forms);
            forms.insert(p, form);
        }
    }
    let mut rows: Vec<Form> = Vec::with_capacity(5 * unknowns.len());
    for &u in &unknowns {
        for (k, form) in equations(u, &forms).into_iter().enumerate() {
            // x_v − form(x) = constant.
            let mut row = Form::constant(form.constant.clone());
            for (v, c) in form.terms {
                row.terms.insert(v, -c);
            }
            let own = row
                .terms
                .entry(variable_of[&u] + k)
                .or_insert_with(BigRational::zero);
            *own += BigRational::one();
            rows.push(row);
        }
    }
    let solved = gauss_jordan(rows);
    (0..values.len())
        .map(|p| match (variable_of.get(&p), forms.get(&p)) {
            (Some(&v), _) => std::array::from_fn(|k| solved[v + k].clone()),
            (None, Some(form)) => std::array::from_fn(|k| form[k].value(&solved)),
            (None, None) => fixed(p),
        })
        .collect()
}

/// Solves the rows Σ c_v x_v = constant (one per unknown, the system nonsingular as the
/// game ends with probability 1) by Gauss–Jordan elimination.
fn gauss_jordan(mut rows: Vec<Form>) -> Vec<BigRational> {
    let n = rows.len();
    for column in 0..n {
        let pivot = (column..n)
            .find(|&r| rows[r].terms.contains_key(&column))
            .unwrap_or(column);
        rows.swap(column, pivot);
        let scale = rows[column]
            .terms
            .get(&column)
            .cloned()
            .unwrap_or_else(BigRational::one);
        let pivot_row = {
            let row = &mut rows[column];
            row.constant /= &scale;
            for c in row.terms.values_mut() {
                *c /= &scale;
            }
            row.clone()
        };
        for (r, row) in rows.iter_mut().enumerate() {
            if r == column {
                continue;
            }
            if let Some(factor) = row.terms.get(&column).cloned() {
                row.add_scaled(&pivot_row, &-factor);
            }
        }
    }
    rows.into_iter().map(|row| row.constant).collect()
}

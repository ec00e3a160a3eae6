//! The matches report: tree sizes (section 3.1), the choice of turn (section 3.2) and the
//! play against a random opponent (section 3.3), from `nim-games`.

pub mod series;
pub mod trees;

use game_core::Player;
use game_core::number::format_fraction;
use game_core::search::minimax;
use nim_games::matches::{
    MatchesGame, MatchesPosition, TreeSizes, losing_positions, preferred_turn,
};
use nim_games::random_opponent::AgainstRandom;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use crate::error::{Error, LibraryResult, Result};
use crate::sources::{RunSize, Source, integer_parameter};
use crate::verify::computed::Computed;
use crate::verify::transcription::TranscribedRow;

/// The report's printed quantities.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    /// Section 3.1: nodes of the minimax tree for n matches.
    MinimaxSize,
    /// Section 3.1: nodes of the alpha-beta tree for n matches.
    AlphaBetaSize,
    /// Section 3.2: whether to move first or second with n matches.
    PreferredTurn,
    /// Section 3.2: the losing positions up to max-n.
    LosingPositions,
    /// Section 3.3: E\[n\], the optimal player's expected value against the random player,
    /// moving first (3.3.1) or second (3.3.2).
    ValueAgainstRandom(Player),
    /// Figure 1's walk-through: the minimax value of a branch.
    BranchValue,
    /// Section 3.3's closed forms: P(win) along a residue class of n modulo 4.
    WinClosedForm,
    /// Section 3.3's closed forms: the limit of E\[n\] as n grows.
    ValueLimit,
}

/// The matches report (section 3), recomputed with `nim-games`.
pub struct Matches;

impl Source for Matches {
    const ID: &'static str = "matches";
    const TRANSCRIPTION_FILE: &'static str = "xtask/src/sources/matches/transcription.toml";
    const TRANSCRIPTION: &'static str = include_str!("transcription.toml");
    type Quantity = Quantity;

    fn quantity(table: &str, column: &str) -> Option<Quantity> {
        Some(match (table, column) {
            ("3.1", "minimax-size") => Quantity::MinimaxSize,
            ("3.1", "alpha-beta-size") => Quantity::AlphaBetaSize,
            ("3.2", "turn") => Quantity::PreferredTurn,
            ("3.2", "losing-positions") => Quantity::LosingPositions,
            ("3.3.1", "E") => Quantity::ValueAgainstRandom(Player::First),
            ("3.3.2", "E") => Quantity::ValueAgainstRandom(Player::Second),
            ("1-walk-through", "branch-value") => Quantity::BranchValue,
            ("3.3-closed-forms", "P(win)") => Quantity::WinClosedForm,
            ("3.3-closed-forms", "lim E[n]") => Quantity::ValueLimit,
            _ => return None,
        })
    }

    fn new() -> Result<Matches> {
        Ok(Matches)
    }

    fn compute(
        &mut self,
        quantity: &Quantity,
        row: &TranscribedRow,
        _: RunSize,
    ) -> Result<Computed> {
        let game = || MatchesGame::new(integer_parameter(row, "n")?).library();
        match *quantity {
            Quantity::MinimaxSize => Ok(Computed::count(
                TreeSizes::measure(&game()?).library()?.minimax,
            )),
            Quantity::AlphaBetaSize => Ok(Computed::count(
                TreeSizes::measure(&game()?).library()?.alpha_beta,
            )),
            Quantity::PreferredTurn => {
                let turn = preferred_turn(&game()?).library()?;
                Ok(Computed::Text(
                    match turn {
                        Player::First => "first",
                        Player::Second => "second",
                    }
                    .to_string(),
                ))
            }
            Quantity::LosingPositions => {
                let lost = losing_positions(integer_parameter(row, "max-n")?).library()?;
                let listed: Vec<String> = lost.iter().map(u32::to_string).collect();
                Ok(Computed::Text(listed.join(", ")))
            }
            Quantity::ValueAgainstRandom(optimal_player) => {
                let n = integer_parameter(row, "n")?;
                let solved = AgainstRandom::solve(n).library()?;
                let value = solved.expected_value(n, optimal_player).library()?;
                Ok(Computed::Exact(value))
            }
            Quantity::BranchValue => {
                let branch = MatchesPosition {
                    matches_left: integer_parameter(row, "leave")?,
                    to_move: Player::Second,
                };
                let value = minimax(&game()?, &branch).library()?.value;
                Ok(Computed::Exact(BigRational::from_integer(value.into())))
            }
            Quantity::WinClosedForm => {
                let forms = residue_forms(row)?;
                let first = forms
                    .first()
                    .ok_or_else(|| Error::NotComputable("no residue class".to_owned()))?;
                if forms.iter().any(|form| form != first) {
                    let all: Vec<String> = forms.iter().map(Geometric::to_string).collect();
                    return Ok(Computed::Text(all.join(" | ")));
                }
                Ok(Computed::Text(first.to_string()))
            }
            Quantity::ValueLimit => limit_of_value(row),
        }
    }
}

/// The k checked for each closed form: enough terms that a wrong form cannot pass by chance.
const CLOSED_FORM_TERMS: u32 = 50;

/// A closed form a + b·r^k, exact.
#[derive(Debug, Clone, PartialEq)]
struct Geometric {
    a: BigRational,
    b: BigRational,
    r: BigRational,
}

impl Geometric {
    /// The form through the first three of `values` (v_k for k = 0, 1, 2, …), if every
    /// value fits it.
    fn fit(values: &[BigRational]) -> Option<Geometric> {
        let [v0, v1, v2, ..] = values else {
            return None;
        };
        let form = if v1 == v0 {
            Geometric {
                a: v0.clone(),
                b: BigRational::zero(),
                r: BigRational::zero(),
            }
        } else {
            let r = (v2 - v1) / (v1 - v0);
            if r == BigRational::one() {
                return None;
            }
            let b = (v1 - v0) / (&r - BigRational::one());
            Geometric { a: v0 - &b, b, r }
        };
        values
            .iter()
            .enumerate()
            .all(|(k, value)| form.at(k as i32) == *value)
            .then_some(form)
    }

    fn at(&self, k: i32) -> BigRational {
        if self.b.is_zero() {
            return self.a.clone();
        }
        &self.a + &self.b * num_traits::pow(self.r.clone(), k as usize)
    }

    /// The same form with k counted from `shift` instead of 0: a + b·r^(k − shift).
    fn counted_from(self, shift: u32) -> Geometric {
        if self.b.is_zero() {
            return self;
        }
        let scale = num_traits::pow(self.r.clone(), shift as usize);
        Geometric {
            b: self.b / scale,
            ..self
        }
    }
}

/// The report's notation: `1 - 1/2 * (1/3)^k`, `(1/3)^k`, `1`.
impl std::fmt::Display for Geometric {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.b.is_zero() {
            return f.write_str(&format_fraction(&self.a));
        }
        let power = format!("({})^k", format_fraction(&self.r));
        let magnitude = self.b.abs();
        let term = if magnitude.is_one() {
            power
        } else {
            format!("{} * {power}", format_fraction(&magnitude))
        };
        match (self.a.is_zero(), self.b.is_negative()) {
            (true, false) => f.write_str(&term),
            (true, true) => write!(f, "-{term}"),
            (false, false) => write!(f, "{} + {term}", format_fraction(&self.a)),
            (false, true) => write!(f, "{} - {term}", format_fraction(&self.a)),
        }
    }
}

/// The optimal player of a closed-form row (`player=first` or `second`).
fn closed_form_player(row: &TranscribedRow) -> Result<Player> {
    match row.required_parameter("player")? {
        "first" => Ok(Player::First),
        "second" => Ok(Player::Second),
        other => Err(Error::NotComputable(format!("player={other}?"))),
    }
}

/// The exact P(win) for n = 4k + r, k from the row's `from-k` on, for each r of `residues`,
/// fitted as a + b·r^k with k counted as the report counts it. One solve serves them all.
fn fitted_forms(row: &TranscribedRow, residues: &[u32]) -> Result<Vec<Geometric>> {
    let player = closed_form_player(row)?;
    let from_k = crate::sources::integer_parameter(row, "from-k")?;
    let last = 4 * (from_k + CLOSED_FORM_TERMS) + 4;
    let solved = AgainstRandom::solve(last).library()?;
    residues
        .iter()
        .map(|&residue| {
            let values = (from_k..from_k + CLOSED_FORM_TERMS)
                .map(|k| solved.win_probability(4 * k + residue, player))
                .collect::<Result<Vec<_>, _>>()
                .library()?;
            let form = Geometric::fit(&values).ok_or_else(|| {
                Error::NotComputable(format!(
                    "P(win) at n = 4k + {residue} is not of the form a + b*r^k"
                ))
            })?;
            Ok(form.counted_from(from_k))
        })
        .collect()
}

/// The fitted form of each residue class a closed-form row names: `n=4k+1`, or
/// `n=4k+2..4k+4`.
fn residue_forms(row: &TranscribedRow) -> Result<Vec<Geometric>> {
    let residues: &[u32] = match row.required_parameter("n")? {
        "4k+1" => &[1],
        "4k+2..4k+4" => &[2, 3, 4],
        other => return Err(Error::NotComputable(format!("n={other}?"))),
    };
    fitted_forms(row, residues)
}

/// The limit of E\[n\] = 2·P(win) − 1 as n → ∞: the constant term of every residue class's
/// form, when each converges (|r| < 1) and all agree.
fn limit_of_value(row: &TranscribedRow) -> Result<Computed> {
    let forms = fitted_forms(row, &[1, 2, 3, 4])?;
    let limits: Vec<BigRational> = forms
        .iter()
        .map(|form| {
            if form.b.is_zero() || form.r.abs() < BigRational::one() {
                Ok(&form.a + &form.a - BigRational::one())
            } else {
                Err(Error::NotComputable(format!("E[n] diverges along {form}")))
            }
        })
        .collect::<Result<_>>()?;
    match limits.as_slice() {
        [first, rest @ ..] if rest.iter().all(|limit| limit == first) => {
            Ok(Computed::Exact(first.clone()))
        }
        _ => Err(Error::NotComputable(
            "E[n] has different limits along the residue classes".to_owned(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn a_geometric_form_is_found_checked_and_written_in_the_reports_notation() {
        let values: Vec<BigRational> = (0..10)
            .map(|k| BigRational::one() - num_traits::pow(q(1, 3), k))
            .collect();
        let form = Geometric::fit(&values).unwrap();
        assert_eq!(form.to_string(), "1 - (1/3)^k");
        let shifted = Geometric::fit(&values[1..]).unwrap().counted_from(1);
        assert_eq!(shifted, form);
        assert_eq!(Geometric::fit(&vec![q(1, 1); 5]).unwrap().to_string(), "1");
        let mut broken = values.clone();
        broken[7] = q(1, 2);
        assert!(Geometric::fit(&broken).is_none());
        let half: Vec<BigRational> = (0..6)
            .map(|k| q(1, 2) * num_traits::pow(q(1, 3), k))
            .collect();
        assert_eq!(Geometric::fit(&half).unwrap().to_string(), "1/2 * (1/3)^k");
    }
}

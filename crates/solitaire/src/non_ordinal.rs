//! Strategies that use the values of positions, not only their order: Papert's best-first
//! unlimited look-ahead (chapter 2) and the modified BSTRAT and HSTRAT of chapter 5.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use tree_gen::GameClass;

use crate::StrategyName;
use crate::depreciation::{chance_bstrat, chance_hstrat};
use crate::strategy::{Branch, Look, LookError, Observation, Strategy};

/// Invalid parameters of a non-ordinal strategy.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum NonOrdinalError {
    /// The best-first search needs a budget of at least one look.
    #[error("a look budget of 0")]
    ZeroLooks,
    /// A position's value must lie in (0, 1].
    #[error("position value {0} is outside (0, 1]")]
    PositionValue(f64),
}

/// The root in \[1/2, 1\] of an increasing function, by bisection to full precision;
/// 1/2 when the function is already non-negative there.
fn increasing_root(f: impl Fn(f64) -> f64) -> f64 {
    let (mut low, mut high) = (0.5, 1.0);
    if f(low) >= 0.0 {
        return low;
    }
    while high - low > f64::EPSILON {
        let middle = 0.5 * (low + high);
        if f(middle) >= 0.0 {
            high = middle;
        } else {
            low = middle;
        }
    }
    low
}

fn check_value(x: f64) -> Result<f64, NonOrdinalError> {
    if x > 0.0 && x <= 1.0 {
        Ok(x)
    } else {
        Err(NonOrdinalError::PositionValue(x))
    }
}

/// B'STRAT: BSTRAT, except that when both branches are split points it moves to the one
/// with the larger C_B(E, A, value, split ratio) ([`chance_bstrat`]), not always to the high
/// one (chapter 5).
#[derive(Debug, Clone, Copy)]
pub struct BPrime {
    model: GameClass<f64>,
}

impl BPrime {
    /// B'STRAT depreciating with `model`.
    pub fn new(model: GameClass<f64>) -> Self {
        BPrime { model }
    }
}

impl BPrime {
    /// The cut-off ratio at a position of value `x`: the largest H/(H + L) for which some
    /// split ratios of the two branches make B'STRAT prefer the low branch (chapter 5:
    /// "if H/(H+L) < .55 there is at least a possibility that the L branch may be chosen").
    ///
    /// C_B increases with the split ratio (checked in the tests on a grid of E, A and X), so
    /// the low branch is likeliest chosen when its ratio is 1 and the high branch's 1/2: the
    /// cut-off solves C_B(H, 1/2) = C_B(L, 1), found by bisection.
    ///
    /// # Errors
    ///
    /// [`NonOrdinalError::PositionValue`] unless 0 < `x` ≤ 1.
    pub fn cutoff(&self, x: f64) -> Result<f64, NonOrdinalError> {
        let x = check_value(x)?;
        let (e, a) = (self.model.e(), self.model.a());
        Ok(increasing_root(|rho| {
            chance_bstrat(e, a, rho * x, 0.5) - chance_bstrat(e, a, (1.0 - rho) * x, 1.0)
        }))
    }
}

impl Strategy for BPrime {
    fn memo_name(&self) -> Option<StrategyName> {
        Some(StrategyName::BPrimeStrat)
    }

    fn choose(&self, look: &mut dyn Look) -> Result<Branch, LookError> {
        let high = look.look(&[Branch::High])?;
        let low = look.look(&[Branch::Low])?;
        let (e, a) = (self.model.e(), self.model.a());
        Ok(match (high.ratio(), low.ratio()) {
            (Some(rh), Some(rl)) => {
                let (h, l) = (high.value(), low.value());
                if chance_bstrat(e, a, l, rl) > chance_bstrat(e, a, h, rh) {
                    Branch::Low
                } else {
                    Branch::High
                }
            }
            _ => crate::strategies::BothBranches.choose_from(high, low),
        })
    }
}

/// H'STRAT: HSTRAT, except that when the high branch H is a split point with ratio R it
/// moves there only if C_H(E, A, H, R) exceeds the chance from the low branch L,
/// E·L + S·C_H(E, A, L, A) — the form Johnson evaluated by Monte Carlo (chapter 5).
#[derive(Debug, Clone, Copy)]
pub struct HPrime {
    model: GameClass<f64>,
}

impl HPrime {
    /// H'STRAT depreciating with `model`.
    pub fn new(model: GameClass<f64>) -> Self {
        HPrime { model }
    }
}

impl HPrime {
    /// The cut-off ratio when the high branch has value `high`: the largest H/(H + L) for
    /// which some split ratio of the high branch makes H'STRAT move low (chapter 5: "about
    /// .5? for large values of H, decreasing to perhaps .?6 for H < .006", digits lost in the
    /// OCR). As for [`BPrime::cutoff`], C_H increases with the ratio, so the cut-off solves
    /// C_H(H, 1/2) = E·L + S·C_H(L, A).
    ///
    /// # Errors
    ///
    /// [`NonOrdinalError::PositionValue`] unless 0 < `high` ≤ 1.
    pub fn cutoff(&self, high: f64) -> Result<f64, NonOrdinalError> {
        let high = check_value(high)?;
        let (e, a) = (self.model.e(), self.model.a());
        Ok(increasing_root(|rho| {
            let low = high * (1.0 - rho) / rho;
            chance_hstrat(e, a, high, 0.5) - (e * low + (1.0 - e) * chance_hstrat(e, a, low, a))
        }))
    }
}

impl Strategy for HPrime {
    fn memo_name(&self) -> Option<StrategyName> {
        Some(StrategyName::HPrimeStrat)
    }

    fn choose(&self, look: &mut dyn Look) -> Result<Branch, LookError> {
        let here = look.current();
        let high = look.look(&[Branch::High])?;
        Ok(match high {
            Observation::Endpoint { win: true, .. } => Branch::High,
            Observation::Endpoint { win: false, .. } => Branch::Low,
            Observation::Split {
                value: h,
                high: high_of_high,
                ..
            } => {
                let ratio = high_of_high / h;
                let (e, a) = (self.model.e(), self.model.a());
                let l = here.value() - h;
                let from_low = e * l + (1.0 - e) * chance_hstrat(e, a, l, a);
                if chance_hstrat(e, a, h, ratio) > from_low {
                    Branch::High
                } else {
                    Branch::Low
                }
            }
        })
    }
}

/// Papert's best-first unlimited look-ahead (chapter 2): look next at the highest-valued
/// position whose value is known but which has not been seen, until a win is seen; then move
/// towards it. Papert proved it finds a win with the fewest looks on average. After each
/// move it searches afresh, as every strategy here forgets what it saw.
///
/// In TSI a tree may hold no win at all; the search then stops after `max_looks` looks per
/// move and moves high.
#[derive(Debug, Clone, Copy)]
pub struct BestFirst {
    max_looks: u32,
}

impl BestFirst {
    /// The search with a budget of `max_looks` looks per move.
    ///
    /// # Errors
    ///
    /// [`NonOrdinalError::ZeroLooks`] when `max_looks` is 0.
    pub fn new(max_looks: u32) -> Result<Self, NonOrdinalError> {
        if max_looks == 0 {
            return Err(NonOrdinalError::ZeroLooks);
        }
        Ok(BestFirst { max_looks })
    }
}

/// A position waiting to be looked at, ordered by value.
struct Candidate {
    value: f64,
    path: Vec<Branch>,
}

impl PartialEq for Candidate {
    fn eq(&self, other: &Self) -> bool {
        self.value.total_cmp(&other.value) == Ordering::Equal
    }
}

impl Eq for Candidate {}

impl PartialOrd for Candidate {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Candidate {
    fn cmp(&self, other: &Self) -> Ordering {
        self.value.total_cmp(&other.value)
    }
}

/// The two branches, of values `high` and `low`, of the split point at `path`.
fn children(path: &[Branch], high: f64, low: f64) -> [Candidate; 2] {
    let extend = |branch| {
        let mut child = path.to_vec();
        child.push(branch);
        child
    };
    [
        Candidate {
            value: high,
            path: extend(Branch::High),
        },
        Candidate {
            value: low,
            path: extend(Branch::Low),
        },
    ]
}

impl Strategy for BestFirst {
    fn memo_name(&self) -> Option<StrategyName> {
        None
    }

    fn name(&self) -> String {
        "best-first".to_string()
    }

    fn choose(&self, look: &mut dyn Look) -> Result<Branch, LookError> {
        let Observation::Split { high, low, .. } = look.current() else {
            return Ok(Branch::High);
        };
        let mut frontier: BinaryHeap<Candidate> = children(&[], high, low).into();
        for _ in 0..self.max_looks {
            let Some(next) = frontier.pop() else { break };
            match look.look(&next.path)? {
                Observation::Endpoint { win: true, .. } => return Ok(next.path[0]),
                Observation::Endpoint { win: false, .. } => {}
                Observation::Split { high, low, .. } => {
                    frontier.extend(children(&next.path, high, low));
                }
            }
        }
        Ok(Branch::High)
    }
}

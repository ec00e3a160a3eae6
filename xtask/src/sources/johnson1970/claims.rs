//! Johnson's printed claims beyond his tables, found by the audit of coverage: Theorems
//! 3.1–3.3 and 6.1 over grids of (E, A) and (E, T), chapter 4's statements about Tables
//! 4.1, 4.3 and 4.4, and chapter 5's depreciation factors. Each answers "yes" when the
//! claim holds at every point checked, or names the first point where it fails.

use game_core::number::{Rounding, decimal_expansion, to_f64};
use lookahead_eval::closed_form;
use lookahead_eval::dependent::dependent_value;
use lookahead_eval::diagram::Diagram;
use lookahead_eval::series::evaluate_with;
use lookahead_eval::tables::Reproduction;
use lookahead_eval::{Game3Parameters, GameClass};
use num_rational::BigRational;
use num_traits::{One, Zero};
use solitaire::StrategyName;

use super::exact::Exact;
use super::quantity::{Above, Claim, Depreciation};
use crate::error::{Error, LibraryResult, Result};
use crate::verify::computed::Computed;
use crate::verify::transcription::TranscribedRow;

/// The (E, A) pairs of Table 4.1, as the memo prints them.
const TABLE_4_1: [(&str, &str); 12] = [
    ("1/2", "1/2"),
    ("1/2", "2/3"),
    ("1/2", "3/4"),
    ("1/2", "9/10"),
    ("1/2", "19/20"),
    ("1/2", "99/100"),
    ("1/4", "3/4"),
    ("3/4", "1/2"),
    ("3/4", "3/4"),
    ("9/10", "1/2"),
    ("9/10", "3/4"),
    ("99/100", "1/2"),
];

/// The (E, A) pairs of Table 4.4.
const TABLE_4_4: [(&str, &str); 8] = [
    ("1/2", "1/2"),
    ("1/2", "2/3"),
    ("1/2", "3/4"),
    ("1/2", "9/10"),
    ("1/2", "19/20"),
    ("1/2", "99/100"),
    ("1/4", "3/4"),
    ("3/4", "3/4"),
];

/// The width of the intervals that hold the true chances.
const PRECISION: f64 = 1e-12;

/// The most moves a game 3 series may take.
const MOVES: usize = 2_000;

fn ratio(numerator: i64, denominator: i64) -> BigRational {
    BigRational::new(numerator.into(), denominator.into())
}

fn fraction(text: &str) -> BigRational {
    text.parse().expect("a fraction written in this module")
}

fn class(e: &BigRational, a: &BigRational) -> Result<GameClass<BigRational>> {
    GameClass::new(e.clone(), a.clone()).library()
}

/// The grid of the dependent-form theorems: E and A in 11/20, 12/20, …, 19/20, inside the
/// theorems' .5 < E < 1, .5 < A < 1.
fn open_grid() -> Vec<(BigRational, BigRational)> {
    let steps: Vec<BigRational> = (11..20).map(|n| ratio(n, 20)).collect();
    steps
        .iter()
        .flat_map(|e| steps.iter().map(move |a| (e.clone(), a.clone())))
        .collect()
}

fn yes() -> Computed {
    Computed::Text("yes".to_string())
}

fn fails_at(what: &str, e: &BigRational, second: &str, value: &BigRational) -> Computed {
    Computed::Text(format!("no: {what} fails at E = {e}, {second} = {value}"))
}

/// The memo's procedure and the true chance of the strategy `name` over (E, A) in TSI, from
/// the cache the tables share.
fn chance(
    exact: &mut Exact,
    name: StrategyName,
    e: &BigRational,
    a: &BigRational,
) -> Result<Reproduction> {
    Ok(exact.chance_at(name, &class(e, a)?)?.clone())
}

/// Whether the true chance of `high` is certainly above that of `low`.
fn certainly_above(high: &Reproduction, low: &Reproduction) -> bool {
    high.exact.lower > low.exact.upper
}

/// A claim of the memo, checked.
pub fn compute(exact: &mut Exact, claim: Claim, row: &TranscribedRow) -> Result<Computed> {
    match claim {
        Claim::DependentClosedForm(name) => dependent_closed_form(name),
        Claim::Theorem3_3 => theorem_3_3(),
        Claim::NumeratorOfDifference => numerator_of_difference(),
        Claim::Theorem6_1 => theorem_6_1(),
        Claim::Game3HStratBest => game_3_hstrat_best(row),
        Claim::Game3LStratAhead => game_3_lstrat_ahead(row),
        Claim::Table4_1Order => table_4_1_order(exact),
        Claim::TenMovesFivePlaces => ten_moves_five_places(exact),
        Claim::ApproachToLStrat => approach_to_lstrat(exact),
        Claim::AdvantageInFirstMove => advantage_in_first_move(exact, row),
        Claim::AdvantageInFirstTwoSomewhere => advantage_in_first_two_somewhere(exact),
        Claim::SixthMoveTwice => sixth_move_twice(exact, row),
        Claim::Above(above) => two_look_aheads(exact, above),
        Claim::Depreciation(claim) => depreciation(claim, &row.column),
    }
}

/// Theorems 3.1 and 3.2: the closed form of W_H (or W_L) in TSD, as we read the damaged
/// print, equals the exact value of the dependent form's linear system at every point of
/// the grid.
fn dependent_closed_form(name: StrategyName) -> Result<Computed> {
    let formula: fn(BigRational, BigRational) -> BigRational = match name {
        StrategyName::HStrat => closed_form::hstrat,
        StrategyName::LStrat => closed_form::lstrat,
        other => return Err(Error::NotComputable(format!("no closed form for {other}"))),
    };
    let strategy = name
        .ordinal_strategy()
        .ok_or_else(|| Error::NotComputable("an ordinal strategy".to_owned()))?;
    for (e, a) in open_grid() {
        let exact = dependent_value(&*strategy, &class(&e, &a)?).library()?;
        if formula(e.clone(), a.clone()) != exact {
            return Ok(fails_at("the closed form", &e, "A", &a));
        }
    }
    Ok(yes())
}

/// Theorem 3.3: in TSD, for .5 < E < 1 and .5 < A < 1, W_L > W_H > W (STRAT), exactly at
/// every point of the grid.
fn theorem_3_3() -> Result<Computed> {
    for (e, a) in open_grid() {
        let strat = closed_form::strat(e.clone(), a.clone());
        let high = closed_form::hstrat(e.clone(), a.clone());
        let low = closed_form::lstrat(e.clone(), a.clone());
        if !(low > high && high > strat) {
            return Ok(fails_at("W_L > W_H > W", &e, "A", &a));
        }
    }
    Ok(yes())
}

/// Chapter 4, p. 32: in TSD "the numerator of the fraction representing W_L − W_H was
/// (1 − E)²(1 − A)²" (times E): W_L − W_H = E S² B² / ((1 − SA)(1 − S(A + EB))) exactly on
/// the grid.
fn numerator_of_difference() -> Result<Computed> {
    let one = BigRational::one();
    for (e, a) in open_grid() {
        let (s, b) = (&one - &e, &one - &a);
        let reach = &a + &e * &b;
        let difference =
            closed_form::lstrat(e.clone(), a.clone()) - closed_form::hstrat(e.clone(), a.clone());
        let printed = &e * &s * &s * &b * &b / ((&one - &s * &a) * (&one - &s * reach));
        if difference != printed {
            return Ok(fails_at("the numerator", &e, "A", &a));
        }
    }
    Ok(yes())
}

fn game_3_parameters(row: &TranscribedRow) -> Result<Game3Parameters> {
    Game3Parameters::new(
        row.fraction_parameter("E")?,
        row.fraction_parameter("T")?,
        row.fraction_parameter("shift")?,
    )
    .library()
}

/// Chapter 6, p. 65, on Table 6.1: "even though LSTRAT is ahead at the end of 3 moves":
/// its chance of winning on moves 1 to 3 exceeds HSTRAT's, exactly.
fn game_3_lstrat_ahead(row: &TranscribedRow) -> Result<Computed> {
    let params = game_3_parameters(row)?;
    let mut sums = Vec::new();
    for name in [StrategyName::HStrat, StrategyName::LStrat] {
        let strategy = name
            .ordinal_strategy()
            .ok_or_else(|| Error::NotComputable("ordinal".to_owned()))?;
        let mut diagram = Diagram::game3(&*strategy, &params);
        let mut sum = BigRational::zero();
        for _ in 0..3 {
            sum += diagram.next_move().library()?;
        }
        sums.push(sum);
    }
    Ok(if sums[1] > sums[0] {
        yes()
    } else {
        Computed::Text("no: HSTRAT is ahead after 3 moves".to_string())
    })
}

/// Chapter 6, p. 65, on Tables 6.1 and 6.2: "HSTRAT is the best one-look-ahead strategy"
/// in game 3 at the tables' (E, T, Δ): W_H > W_L, rigorous intervals.
fn game_3_hstrat_best(row: &TranscribedRow) -> Result<Computed> {
    let params = game_3_parameters(row)?;
    let mut chances = Vec::new();
    for name in [StrategyName::HStrat, StrategyName::LStrat] {
        let strategy = name
            .ordinal_strategy()
            .ok_or_else(|| Error::NotComputable("ordinal".to_owned()))?;
        chances
            .push(evaluate_with(Diagram::game3(&*strategy, &params), PRECISION, MOVES).library()?);
    }
    Ok(if chances[0].lower > chances[1].upper {
        yes()
    } else {
        Computed::Text("no: W_H ≤ W_L".to_string())
    })
}

/// Theorem 6.1: in game 3 with every position worth T (Δ = 0), W_H > W_L for all 0 < E < 1,
/// 0 < T < 1; checked on E, T in 1/4, 1/2, 3/4 with the proof's closed forms, each of which
/// must lie in the rigorous interval of the game's diagram.
fn theorem_6_1() -> Result<Computed> {
    let steps = [ratio(1, 4), ratio(1, 2), ratio(3, 4)];
    let high = StrategyName::HStrat
        .ordinal_strategy()
        .ok_or_else(|| Error::NotComputable("ordinal".to_owned()))?;
    let low = StrategyName::LStrat
        .ordinal_strategy()
        .ok_or_else(|| Error::NotComputable("ordinal".to_owned()))?;
    for e in &steps {
        for t in &steps {
            let params =
                Game3Parameters::new(e.clone(), t.clone(), BigRational::zero()).library()?;
            let w_h = closed_form::game3_hstrat(e.clone(), t.clone());
            let w_l = closed_form::game3_lstrat(e.clone(), t.clone());
            for (strategy, closed) in [(&high, &w_h), (&low, &w_l)] {
                let series = evaluate_with(Diagram::game3(&**strategy, &params), PRECISION, MOVES)
                    .library()?;
                if !(series.lower <= *closed && *closed <= series.upper) {
                    return Ok(fails_at("the proof's closed form", e, "T", t));
                }
            }
            if w_h <= w_l {
                return Ok(fails_at("W_H > W_L", e, "T", t));
            }
        }
    }
    Ok(yes())
}

/// Chapter 4 on Table 4.1: "W_L > W_H for all E and A given here, and both W_L and W_H are
/// greater than W" (STRAT), with the true chances.
fn table_4_1_order(exact: &mut Exact) -> Result<Computed> {
    for (e, a) in TABLE_4_1 {
        let (e, a) = (fraction(e), fraction(a));
        let low = chance(exact, StrategyName::LStrat, &e, &a)?;
        let high = chance(exact, StrategyName::HStrat, &e, &a)?;
        let strat = closed_form::strat(e.clone(), a.clone());
        if !(certainly_above(&low, &high) && high.exact.lower > strat) {
            return Ok(fails_at("W_L > W_H > W", &e, "A", &a));
        }
    }
    Ok(yes())
}

/// Chapter 4, p. 31: the procedure "need only be carried on for the first ten moves to get
/// 5-place accuracy, although occasionally a small correction factor must be added": at
/// every cell of Tables 4.1 and 4.4, the ten terms plus the correction factor round to the
/// same five decimals as the true value. "yes", or every cell where they do not.
fn ten_moves_five_places(exact: &mut Exact) -> Result<Computed> {
    use StrategyName::{
        BStrat, HStrat, LStrat, TwoHStrat, TwoLStrat, UnlimitedHStrat, UnlimitedLStrat,
    };
    let five = |value: &BigRational| decimal_expansion(value, 5, Rounding::Nearest);
    let cells = TABLE_4_1
        .iter()
        .flat_map(|pair| [LStrat, HStrat].map(|name| (name, pair)))
        .chain(TABLE_4_4.iter().flat_map(|pair| {
            [
                BStrat,
                TwoLStrat,
                UnlimitedLStrat,
                TwoHStrat,
                UnlimitedHStrat,
            ]
            .map(|name| (name, pair))
        }));
    let mut misses = Vec::new();
    for (name, (e, a)) in cells {
        let chance = chance(exact, name, &fraction(e), &fraction(a))?;
        let (procedure, low, high) = (
            five(&chance.printout.total),
            five(&chance.exact.lower),
            five(&chance.exact.upper),
        );
        // Where the true value's interval straddles a rounding boundary, either is right.
        if procedure != low && procedure != high {
            misses.push(format!(
                "{name} at E = {e}, A = {a}: {procedure}, true {low}"
            ));
        }
    }
    Ok(if misses.is_empty() {
        yes()
    } else {
        Computed::Text(format!("no: {}", misses.join("; ")))
    })
}

/// The gaps W_L − W_H and W_L − W at one (E, A), each as rigorous bounds (low, high).
struct Gaps {
    hstrat: (BigRational, BigRational),
    strat: (BigRational, BigRational),
}

fn gaps(exact: &mut Exact, e: &BigRational, a: &BigRational) -> Result<Gaps> {
    let low = chance(exact, StrategyName::LStrat, e, a)?;
    let high = chance(exact, StrategyName::HStrat, e, a)?;
    let strat = closed_form::strat(e.clone(), a.clone());
    Ok(Gaps {
        hstrat: (
            &low.exact.lower - &high.exact.upper,
            &low.exact.upper - &high.exact.lower,
        ),
        strat: (&low.exact.lower - &strat, &low.exact.upper - &strat),
    })
}

/// Whether every gap is certainly smaller than the one before it.
fn shrinking(gaps: &[(BigRational, BigRational)]) -> bool {
    gaps.windows(2).all(|pair| pair[1].1 < pair[0].0)
}

/// Chapter 4: "For fixed E, W_H (and indeed W) approach W_L from below as A approaches 1 …
/// Similarly, for fixed A, W_H (but not W) approaches W_L from below as E approaches 1,
/// again with equality for the limiting case". Checked along Table 4.1's E = .5 (A = .5 to
/// .99, then 1) and A = .75 (E = .25, .5, .75, then 1): the gaps shrink, vanish at the
/// limit, except W's as E → 1, which stays positive.
fn approach_to_lstrat(exact: &mut Exact) -> Result<Computed> {
    let half = ratio(1, 2);
    let mut along_a = Vec::new();
    for a in ["1/2", "2/3", "3/4", "9/10", "19/20", "99/100", "1"] {
        along_a.push(gaps(exact, &half, &fraction(a))?);
    }
    let three_quarters = ratio(3, 4);
    let mut along_e = Vec::new();
    for e in ["1/4", "1/2", "3/4", "1"] {
        along_e.push(gaps(exact, &fraction(e), &three_quarters)?);
    }
    let zero = BigRational::zero();
    let vanishes = |gap: &(BigRational, BigRational)| gap.0 <= zero && zero <= gap.1;
    let hstrat_a: Vec<_> = along_a.iter().map(|g| g.hstrat.clone()).collect();
    let strat_a: Vec<_> = along_a.iter().map(|g| g.strat.clone()).collect();
    let hstrat_e: Vec<_> = along_e.iter().map(|g| g.hstrat.clone()).collect();
    let strat_at_e_one = &along_e
        .last()
        .ok_or_else(|| Error::NotComputable("E = 1".to_owned()))?
        .strat;
    let checks = [
        ("W_L − W_H shrinks as A grows", shrinking(&hstrat_a)),
        ("W_L − W shrinks as A grows", shrinking(&strat_a)),
        ("W_H = W_L at A = 1", hstrat_a.last().is_some_and(vanishes)),
        ("W = W_L at A = 1", strat_a.last().is_some_and(vanishes)),
        ("W_L − W_H shrinks as E grows", shrinking(&hstrat_e)),
        ("W_H = W_L at E = 1", hstrat_e.last().is_some_and(vanishes)),
        ("W < W_L at E = 1", strat_at_e_one.0 > zero),
    ];
    Ok(match checks.iter().find(|(_, holds)| !holds) {
        None => yes(),
        Some((what, _)) => Computed::Text(format!("no: {what}")),
    })
}

/// The ten terms D(1), …, D(10) of the memo's procedure for `name` at (E, A).
fn terms(exact: &mut Exact, name: StrategyName, row: &TranscribedRow) -> Result<Vec<BigRational>> {
    let (e, a) = (row.fraction_parameter("E")?, row.fraction_parameter("A")?);
    Ok(chance(exact, name, &e, &a)?.printout.terms)
}

/// Chapter 4 on Table 4.3: "LSTRAT's advantage is entirely contained in the first move":
/// D_L(1) > D_H(1), and D_L(n) < D_H(n) on every later move the table prints.
fn advantage_in_first_move(exact: &mut Exact, row: &TranscribedRow) -> Result<Computed> {
    let (low, high) = (
        terms(exact, StrategyName::LStrat, row)?,
        terms(exact, StrategyName::HStrat, row)?,
    );
    if low[0] <= high[0] {
        return Ok(Computed::Text("no: D_L(1) ≤ D_H(1)".to_string()));
    }
    Ok(match (1..low.len()).find(|&n| low[n] >= high[n]) {
        None => yes(),
        Some(n) => Computed::Text(format!("no: D_L({0}) ≥ D_H({0})", n + 1)),
    })
}

/// Chapter 4, p. 38: "(For other E and A it is sometimes contained in the first two)": at
/// some (E, A) of Table 4.1, D_L(1) − D_H(1) falls short of LSTRAT's whole advantage
/// while the first two moves' differences reach it, with the memo's ten-term procedure.
fn advantage_in_first_two_somewhere(exact: &mut Exact) -> Result<Computed> {
    for (e, a) in TABLE_4_1 {
        let (e, a) = (fraction(e), fraction(a));
        let (low, high) = (
            chance(exact, StrategyName::LStrat, &e, &a)?,
            chance(exact, StrategyName::HStrat, &e, &a)?,
        );
        let whole = &low.printout.total - &high.printout.total;
        let (l, h) = (&low.printout.terms, &high.printout.terms);
        let first = &l[0] - &h[0];
        let first_two = &first + &l[1] - &h[1];
        if first < whole && first_two >= whole {
            return Ok(yes());
        }
    }
    Ok(Computed::Text("no: at no (E, A) of Table 4.1".to_string()))
}

/// Chapter 4 on Table 4.3: "the chance of winning on the 6th move is twice as much under
/// HSTRAT as under LSTRAT": "yes" when D_H(6)/D_L(6), exactly, rounds to 2.
fn sixth_move_twice(exact: &mut Exact, row: &TranscribedRow) -> Result<Computed> {
    let (low, high) = (
        terms(exact, StrategyName::LStrat, row)?,
        terms(exact, StrategyName::HStrat, row)?,
    );
    let times = &high[5] / &low[5];
    Ok(if times.round() == ratio(2, 1) {
        yes()
    } else {
        Computed::Text(format!("no: D_H(6)/D_L(6) = {:.3}", to_f64(&times)))
    })
}

/// Chapter 4 on Table 4.4, the column naming the claim: `infinite-L-over-infinite-H`
/// (W_∞L ≥ W_∞H at every pair: the scan does not show whether the printed inequality is
/// strict, and at A = .5 the ranking table itself ties them), `L-over-2H` (one look-ahead LSTRAT better than 2HSTRAT at
/// every pair), `L-over-infinite-H-somewhere` ("in certain cases better than ∞HSTRAT"),
/// `B-over-2L` (W_B > W_2L at the row's pairs, E = .5 with A = .5 and .66667).
fn two_look_aheads(exact: &mut Exact, claim: Above) -> Result<Computed> {
    use StrategyName::{BStrat, LStrat, TwoHStrat, TwoLStrat, UnlimitedHStrat, UnlimitedLStrat};
    let at_least = claim == Above::UnlimitedLOverUnlimitedH;
    let (better, worse, everywhere) = match claim {
        Above::UnlimitedLOverUnlimitedH => (UnlimitedLStrat, UnlimitedHStrat, true),
        Above::LOverTwoH => (LStrat, TwoHStrat, true),
        Above::LOverUnlimitedHSomewhere => (LStrat, UnlimitedHStrat, false),
        Above::BOverTwoL => (BStrat, TwoLStrat, true),
    };
    let pairs: Vec<(BigRational, BigRational)> = if claim == Above::BOverTwoL {
        vec![(ratio(1, 2), ratio(1, 2)), (ratio(1, 2), ratio(2, 3))]
    } else {
        TABLE_4_4
            .iter()
            .map(|(e, a)| (fraction(e), fraction(a)))
            .collect()
    };
    let mut somewhere = false;
    for (e, a) in &pairs {
        let (high, low) = (chance(exact, better, e, a)?, chance(exact, worse, e, a)?);
        let above = certainly_above(&high, &low);
        let holds = above || (at_least && !certainly_above(&low, &high));
        if everywhere && !holds {
            return Ok(fails_at(&format!("{better} > {worse}"), e, "A", a));
        }
        somewhere |= above;
    }
    Ok(if somewhere {
        yes()
    } else {
        Computed::Text(format!("no: {better} > {worse} nowhere"))
    })
}

/// Chapter 5's depreciation factors at a position of value X, from the memo's equations
/// solved for K: K_L = E(1 − EABX)/(1 − SA + ESABX), K_H = (E(A + EB) − E²ABX)/(1 −
/// S(A + EB) + ESABX), K_B = (E − E²ABX)/(1 − S(A + EB) + 2ESABX).
struct DepreciationFactors {
    e: BigRational,
    a: BigRational,
}

impl DepreciationFactors {
    fn parts(&self) -> (BigRational, BigRational, BigRational) {
        let one = BigRational::one();
        (&one - &self.e, &one - &self.a, self.e.clone() * &self.a)
    }

    fn lstrat(&self, x: &BigRational) -> BigRational {
        let (s, b, ea) = self.parts();
        let eabx = &ea * &b * x;
        &self.e * (BigRational::one() - &self.e * &b * &self.a * x)
            / (BigRational::one() - &s * &self.a + &s * eabx)
    }

    fn hstrat(&self, x: &BigRational) -> BigRational {
        let (s, b, ea) = self.parts();
        let eabx = &ea * &b * x;
        let reach = &self.a + &self.e * &b;
        (&self.e * &reach - &self.e * &eabx) / (BigRational::one() - &s * reach + &s * eabx)
    }

    fn bstrat(&self, x: &BigRational) -> BigRational {
        let (s, b, ea) = self.parts();
        let eabx = &ea * &b * x;
        let reach = &self.a + &self.e * &b;
        (&self.e - &self.e * &eabx) / (BigRational::one() - &s * reach + ratio(2, 1) * &s * eabx)
    }

    /// V_L and V_H, chapter 5's first estimates: EBX + (1 − EBX)(AX) and AX + E(1 − AX)BX.
    fn first_estimates(&self, x: &BigRational) -> (BigRational, BigRational) {
        let (_, b, _) = self.parts();
        let (ax, ebx) = (&self.a * x, &self.e * &b * x);
        let v_l = &ebx + (BigRational::one() - &ebx) * &ax;
        let v_h = &ax + &self.e * (BigRational::one() - &ax) * &b * x;
        (v_l, v_h)
    }
}

/// Chapter 5, the column naming the claim: `V_L=V_H` ("the interesting result that V_L =
/// V_H"), `limits` (as X → 0, K_L, K_H and K_B increase to E/(1 − SA), E(A + EB)/(1 −
/// S(A + EB)) and E/(1 − S(A + EB)), and the first two are W_L and W_H of TSD),
/// `K_L>K_H` (X K_L > X K_H for every X). Checked on the grid of (E, A) at X = 1/20, …,
/// 20/20.
/// `printed`: the claim as the memo writes it, for the note where it fails.
fn depreciation(claim: Depreciation, printed: &str) -> Result<Computed> {
    let xs: Vec<BigRational> = (1..=20).map(|n| ratio(n, 20)).collect();
    let zero = BigRational::zero();
    for (e, a) in open_grid() {
        let k = DepreciationFactors {
            e: e.clone(),
            a: a.clone(),
        };
        let holds = match claim {
            Depreciation::FirstEstimatesEqual => xs.iter().all(|x| {
                let (v_l, v_h) = k.first_estimates(x);
                v_l == v_h
            }),
            Depreciation::Limits => {
                let at_zero = [k.lstrat(&zero), k.hstrat(&zero), k.bstrat(&zero)];
                let limits = [
                    closed_form::lstrat(e.clone(), a.clone()),
                    closed_form::hstrat(e.clone(), a.clone()),
                    closed_form::bstrat(e.clone(), a.clone()),
                ];
                let increasing = xs.iter().all(|x| {
                    k.lstrat(x) < at_zero[0] && k.hstrat(x) < at_zero[1] && k.bstrat(x) < at_zero[2]
                });
                at_zero == limits && increasing
            }
            Depreciation::LAboveH => xs.iter().all(|x| k.lstrat(x) > k.hstrat(x)),
        };
        if !holds {
            return Ok(fails_at(printed, &e, "A", &a));
        }
    }
    Ok(yes())
}

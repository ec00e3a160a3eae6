//! Each strategy's rules on hand-built positions, and the strategies on random trees
//! against Johnson's theorems.

use game_core::monte_carlo::MonteCarlo;
use game_core::number::{Real, fraction, to_f64};
use num_rational::BigRational;
use solitaire::monte_carlo::{ComparisonError, compare};
use solitaire::non_ordinal::BestFirst;
use solitaire::strategies::{BothBranches, HighChain, LowChain, NoStrat, Strat, StrategyError};
use solitaire::{
    Branch, Form, Look, LookError, Observation, Strategy, StrategyName, UnknownStrategyName,
};
use tree_gen::{GameClass, SplitRatio, TreeParams};

/// A hand-built position: what stands below it.
#[derive(Clone)]
enum Pos {
    Win,
    Loss,
    /// A split point: (high, low).
    Split(Box<Pos>, Box<Pos>),
}

use Pos::{Loss, Win};

fn split(high: Pos, low: Pos) -> Pos {
    Pos::Split(Box::new(high), Box::new(low))
}

/// Answers looks from a hand-built position, enforcing the look rules.
struct Scripted {
    root: Pos,
    seen: Vec<Vec<Branch>>,
}

impl Scripted {
    fn new(root: Pos) -> Self {
        Scripted {
            root,
            seen: vec![Vec::new()],
        }
    }

    fn at(&self, path: &[Branch]) -> Option<&Pos> {
        let mut pos = &self.root;
        for branch in path {
            pos = match (pos, branch) {
                (Pos::Split(high, _), Branch::High) => high,
                (Pos::Split(_, low), Branch::Low) => low,
                _ => return None,
            };
        }
        Some(pos)
    }
}

impl Look for Scripted {
    fn look(&mut self, path: &[Branch]) -> Result<Observation, LookError> {
        let parent = &path[..path.len().saturating_sub(1)];
        if path.is_empty() || !self.seen.iter().any(|p| p == parent) {
            return Err(LookError::NotVisible(path.to_vec()));
        }
        let observation = match self.at(path) {
            Some(Win) => Observation::Endpoint {
                value: 0.1,
                win: true,
            },
            Some(Loss) => Observation::Endpoint {
                value: 0.1,
                win: false,
            },
            Some(Pos::Split(..)) => Observation::Split {
                value: 0.1,
                high: 0.075,
                low: 0.025,
            },
            None => return Err(LookError::NotVisible(path.to_vec())),
        };
        self.seen.push(path.to_vec());
        Ok(observation)
    }

    fn coin(&mut self) -> bool {
        true
    }

    fn current(&self) -> Observation {
        Observation::Split {
            value: 1.0,
            high: 0.75,
            low: 0.25,
        }
    }
}

fn choice(strategy: &dyn Strategy, position: Pos) -> Branch {
    strategy.choose(&mut Scripted::new(position)).unwrap()
}

fn deep() -> Pos {
    split(split(Win, Loss), split(Loss, Loss))
}

#[test]
fn hstrat_moves_high_unless_the_high_branch_is_a_loss() {
    let h = HighChain::new(1).unwrap();
    assert_eq!(h.name(), "HSTRAT");
    assert_eq!(choice(&h, split(Win, Loss)), Branch::High);
    assert_eq!(choice(&h, split(Loss, Win)), Branch::Low);
    assert_eq!(choice(&h, split(deep(), Win)), Branch::High);
}

#[test]
fn two_hstrat_looks_one_level_further_down_the_high_chain() {
    let h2 = HighChain::new(2).unwrap();
    assert_eq!(h2.name(), "2HSTRAT");
    // High branch a split point whose high branch is a loss: move low.
    assert_eq!(choice(&h2, split(split(Loss, Win), Win)), Branch::Low);
    // ... whose high branch is a win: move high.
    assert_eq!(choice(&h2, split(split(Win, Loss), Loss)), Branch::High);
    // Both looks see split points: move high.
    assert_eq!(choice(&h2, split(split(deep(), Loss), Win)), Branch::High);
    // The first look sees a loss: move low without a second look.
    assert_eq!(choice(&h2, split(Loss, Loss)), Branch::Low);
    // ∞HSTRAT follows the chain to its end: here a loss three levels down.
    let infinite = HighChain::unlimited();
    assert_eq!(infinite.name(), "∞HSTRAT");
    assert_eq!(
        choice(&infinite, split(split(split(Loss, Win), Win), Win)),
        Branch::Low
    );
    assert_eq!(
        choice(&h2, split(split(split(Loss, Win), Win), Win)),
        Branch::High
    );
}

#[test]
fn lstrat_moves_low_only_to_a_win() {
    let l = LowChain::new(1).unwrap();
    assert_eq!(l.name(), "LSTRAT");
    assert_eq!(choice(&l, split(Loss, Win)), Branch::Low);
    assert_eq!(choice(&l, split(Win, Loss)), Branch::High);
    assert_eq!(choice(&l, split(Loss, deep())), Branch::High);
}

#[test]
fn two_lstrat_looks_at_the_low_branch_then_its_high_branch() {
    let l2 = LowChain::new(2).unwrap();
    assert_eq!(l2.name(), "2LSTRAT");
    assert_eq!(choice(&l2, split(Loss, split(Win, Loss))), Branch::Low);
    assert_eq!(choice(&l2, split(Loss, split(Loss, Win))), Branch::High);
    assert_eq!(choice(&l2, split(Loss, Win)), Branch::Low);
    assert_eq!(choice(&l2, split(Loss, split(deep(), Win))), Branch::High);
    let infinite = LowChain::unlimited();
    assert_eq!(
        choice(&infinite, split(Loss, split(split(Win, Loss), Loss))),
        Branch::Low
    );
}

#[test]
fn bstrat_prefers_a_win_then_the_higher_split_point() {
    let b = BothBranches;
    assert_eq!(choice(&b, split(Win, Win)), Branch::High);
    assert_eq!(choice(&b, split(Loss, Win)), Branch::Low);
    assert_eq!(choice(&b, split(deep(), Win)), Branch::Low);
    assert_eq!(choice(&b, split(deep(), deep())), Branch::High);
    assert_eq!(choice(&b, split(Loss, deep())), Branch::Low);
    assert_eq!(choice(&b, split(deep(), Loss)), Branch::High);
    assert_eq!(choice(&b, split(Loss, Loss)), Branch::High);
}

#[test]
fn looks_must_start_from_positions_already_seen() {
    let mut look = Scripted::new(deep());
    assert!(look.look(&[Branch::High, Branch::High]).is_err());
    assert!(look.look(&[Branch::High]).is_ok());
    assert!(look.look(&[Branch::High, Branch::High]).is_ok());
    assert_eq!(HighChain::new(0).unwrap_err(), StrategyError::ZeroLooks);
    assert_eq!(LowChain::new(0).unwrap_err(), StrategyError::ZeroLooks);
}

/// Theorems 3.1 and 3.2 (TSD): W_H = E(A + EB)/(1 − S(A + EB)) and W_L = E/(1 − SA).
fn tsd_closed_forms(e: &BigRational, a: &BigRational) -> (BigRational, BigRational) {
    let one = BigRational::from_i64(1);
    let s = one.clone() - e.clone();
    let b = one.clone() - a.clone();
    let inner = a.clone() + e.clone() * b;
    let w_h = e.clone() * inner.clone() / (one.clone() - s.clone() * inner);
    let w_l = e.clone() / (one - s * a.clone());
    (w_h, w_l)
}

#[test]
fn hstrat_and_lstrat_win_tsd_as_theorems_3_1_and_3_2_say() {
    let h = HighChain::new(1).unwrap();
    let l = LowChain::new(1).unwrap();
    for (en, ed, an, ad) in [
        (1, 2, 3, 4),
        (1, 4, 3, 4),
        (3, 4, 5, 8),
        (1, 10, 9, 10),
        (1, 2, 1, 2),
    ] {
        let (e, a) = (fraction(en, ed).unwrap(), fraction(an, ad).unwrap());
        let params =
            TreeParams::new(to_f64(&e), SplitRatio::constant(to_f64(&a)).unwrap()).unwrap();
        let run = MonteCarlo::new(31 + en as u64, 200_000).unwrap();
        let comparison = compare(&params, Form::Dependent, &[&h, &l], &run).unwrap();
        let (w_h, w_l) = tsd_closed_forms(&e, &a);
        for (result, exact) in comparison.results.iter().zip([w_h, w_l]) {
            let z = result.wins.z_score(to_f64(&exact));
            assert!(
                result.wins.agrees_with(to_f64(&exact)),
                "{} at E={e}, A={a}: {} vs {exact} (z = {z:.2})",
                result.name,
                result.wins.mean()
            );
        }
        // Theorem 3.3: LSTRAT is never worse than HSTRAT in TSD.
        assert!(tsd_closed_forms(&e, &a).1 >= tsd_closed_forms(&e, &a).0);
    }
    let (w_h, w_l) = tsd_closed_forms(&fraction(1, 2).unwrap(), &fraction(3, 4).unwrap());
    assert_eq!(w_l, fraction(4, 5).unwrap());
    assert_eq!(w_h, fraction(7, 9).unwrap());
}

#[test]
fn no_look_ahead_strategies_and_looks_counted() {
    let params = TreeParams::new(0.5, SplitRatio::constant(0.75).unwrap()).unwrap();
    let run = MonteCarlo::new(4, 100_000).unwrap();
    let comparison = compare(
        &params,
        Form::Independent,
        &[&NoStrat, &Strat, &BothBranches],
        &run,
    )
    .unwrap();
    let [nostrat, strat, bstrat] = &comparison.results[..] else {
        panic!("three results")
    };
    assert!(nostrat.wins.agrees_with(1.0 / 3.0));
    assert!(strat.wins.agrees_with(0.6));
    assert_eq!(strat.looks.mean(), 0.0);
    // BSTRAT looks twice per move.
    assert_eq!(
        bstrat.looks.mean_exact(),
        bstrat.moves.mean_exact() * BigRational::from_i64(2)
    );
    // Paired differences are the differences of the means, game by game.
    let d = &comparison.differences[0];
    assert_eq!((d.first, d.second), (0, 1));
    assert_eq!(
        d.difference.mean_exact(),
        nostrat.wins.mean_exact() - strat.wins.mean_exact()
    );
    assert!(matches!(
        compare(&params, Form::Independent, &[], &run),
        Err(ComparisonError::NoStrategies)
    ));
}

#[test]
fn the_same_seed_gives_the_same_comparison_on_any_number_of_threads() {
    let params = TreeParams::new(0.5, SplitRatio::Uniform).unwrap();
    let run = MonteCarlo::new(1968, 50_000)
        .unwrap()
        .with_batch_size(1_000)
        .unwrap();
    let l2 = LowChain::new(2).unwrap();
    let h2 = HighChain::new(2).unwrap();
    let strategies: [&dyn Strategy; 2] = [&l2, &h2];
    let on = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| compare(&params, Form::Independent, &strategies, &run).unwrap())
    };
    assert_eq!(on(1), on(2));
}

/// `estimate` plays through `Strategy::choose_inline`, `compare` through `choose`: the
/// two must give the same games.
fn assert_estimate_equals_comparison<S: Strategy>(strategy: &S) {
    let params = TreeParams::new(0.5, SplitRatio::constant(0.75).unwrap()).unwrap();
    let run = MonteCarlo::new(77, 30_000).unwrap();
    for form in [Form::Independent, Form::Dependent] {
        let alone = solitaire::monte_carlo::estimate(&params, form, strategy, &run).unwrap();
        let compared = compare(&params, form, &[strategy], &run).unwrap();
        assert_eq!(alone, compared.results[0], "{} {form:?}", strategy.name());
    }
}

#[test]
fn estimating_one_strategy_gives_the_numbers_of_a_comparison() {
    assert_estimate_equals_comparison(&NoStrat);
    assert_estimate_equals_comparison(&Strat);
    assert_estimate_equals_comparison(&BothBranches);
    for looks in [1, 2, 5] {
        assert_estimate_equals_comparison(&LowChain::new(looks).unwrap());
        assert_estimate_equals_comparison(&HighChain::new(looks).unwrap());
    }
    assert_estimate_equals_comparison(&LowChain::unlimited());
    assert_estimate_equals_comparison(&HighChain::unlimited());
}

/// Every name the memo uses parses from its own spelling, prints it back, and builds the
/// strategy object of that name; anything else is refused with the text it was given.
#[test]
fn strategy_names_round_trip_and_build_their_strategies() {
    let model = GameClass::new(0.5, 0.75).unwrap();
    for name in StrategyName::ALL {
        let spelled = name.to_string();
        assert_eq!(spelled.parse::<StrategyName>(), Ok(name));
        assert_eq!(name.strategy(model).name(), spelled);
        assert_eq!(name.strategy(model).memo_name(), Some(name));
        let ordinal = name.ordinal_strategy();
        assert_eq!(ordinal.is_some(), name.is_ordinal(), "{name}");
        if let Some(strategy) = ordinal {
            assert_eq!(strategy.name(), spelled);
            assert!(strategy.is_ordinal(), "{name}");
        }
    }
    // Strategies beyond the memo's names: a chain of three looks is still ordinal.
    let three = HighChain::new(3).unwrap();
    assert_eq!(
        (three.memo_name(), three.name()),
        (None, "3HSTRAT".to_string())
    );
    assert!(three.is_ordinal());
    let best_first = BestFirst::new(4).unwrap();
    assert_eq!(
        (best_first.memo_name(), best_first.is_ordinal()),
        (None, false)
    );
    for unknown in ["lstrat", "3HSTRAT", "INFHSTRAT", "", "best-first"] {
        assert_eq!(
            unknown.parse::<StrategyName>(),
            Err(UnknownStrategyName(unknown.to_string()))
        );
    }
}

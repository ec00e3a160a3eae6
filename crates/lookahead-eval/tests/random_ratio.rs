//! Random split ratios: the moment diagram checked against the constant-ratio diagram, a
//! hand computation, and the strategies for which averaging is exact.

use game_core::number::fraction;
use lookahead_eval::random_ratio::{RandomRatioError, RatioLawError};
use lookahead_eval::random_ratio::{RatioLaw, evaluate};
use lookahead_eval::series::PrecisionError;
use lookahead_eval::{GameClass, GameClassError, series};
use num_rational::BigRational;
use solitaire::non_ordinal::BPrime;
use solitaire::{Form, StrategyName};

const ORDINAL: [StrategyName; 7] = [
    StrategyName::NoStrat,
    StrategyName::Strat,
    StrategyName::LStrat,
    StrategyName::HStrat,
    StrategyName::BStrat,
    StrategyName::TwoLStrat,
    StrategyName::TwoHStrat,
];

fn ratio(n: i64, d: i64) -> BigRational {
    fraction(n, d).unwrap()
}

/// A precision every evaluation meets once it has Johnson's ten terms.
const TEN_TERMS: f64 = 2.0;

/// With every moment E[R^j] = A^j the moment diagram is the constant-ratio diagram: the
/// same terms D(n), exactly, for every strategy, in TSI (where the two methods differ).
#[test]
fn a_constant_law_gives_the_terms_of_the_constant_ratio_diagram() {
    for (e, a) in [(ratio(1, 2), ratio(3, 4)), (ratio(1, 4), ratio(9, 10))] {
        let params = GameClass::new(e.clone(), a.clone()).unwrap();
        let law = RatioLaw::constant(a).unwrap();
        for name in ORDINAL {
            let s = name.ordinal_strategy().unwrap();
            let moments = evaluate(&*s, Form::Independent, e.clone(), &law, TEN_TERMS).unwrap();
            let diagram = series::evaluate(&*s, Form::Independent, &params, TEN_TERMS).unwrap();
            assert_eq!(moments.per_move[..10], diagram.per_move[..10], "{name}");
        }
    }
    let (e, a) = (ratio(1, 2), ratio(3, 4));
    let params = GameClass::new(e.clone(), a.clone()).unwrap();
    let lstrat = StrategyName::LStrat.ordinal_strategy().unwrap();
    let law = RatioLaw::constant(a).unwrap();
    let moments = evaluate(&*lstrat, Form::Independent, e, &law, 1e-10).unwrap();
    let diagram = series::evaluate(&*lstrat, Form::Independent, &params, 1e-10).unwrap();
    assert!(moments.lower <= diagram.upper && diagram.lower <= moments.upper);
}

/// D(1) of HSTRAT by hand. It looks at the high branch (value R): a split point or a win,
/// it moves there, winning with chance E·R if it is a win; a loss, it moves low and wins
/// with chance E·(1 − R). D(1) = E·E[R] + E·E[(E − E·R)·(1 − R)], and for the uniform law,
/// with E[R] = 3/4 and E[R²] = 7/12: at E = 1/2, 3/8 + (1/4)·(1 − 3/2 + 7/12) = 19/48.
#[test]
fn the_first_term_of_hstrat_under_the_uniform_law_is_the_hand_computed_one() {
    let hstrat = StrategyName::HStrat.ordinal_strategy().unwrap();
    let w = evaluate(
        &*hstrat,
        Form::Independent,
        ratio(1, 2),
        &RatioLaw::Uniform,
        1e-6,
    )
    .unwrap();
    assert_eq!(w.per_move[0], ratio(19, 48));
}

/// STRAT and NOSTRAT never look, so each ratio enters a line's chance once, linearly, and
/// the uniform law gives the constant ratio 3/4's terms; a look-ahead strategy does not.
#[test]
fn strategies_that_never_look_average_to_the_mean_ratio() {
    let e = ratio(1, 2);
    let params = GameClass::new(e.clone(), ratio(3, 4)).unwrap();
    for name in [
        StrategyName::Strat,
        StrategyName::NoStrat,
        StrategyName::LStrat,
    ] {
        let s = name.ordinal_strategy().unwrap();
        let uniform = evaluate(
            &*s,
            Form::Independent,
            e.clone(),
            &RatioLaw::Uniform,
            TEN_TERMS,
        )
        .unwrap();
        let constant = series::evaluate(&*s, Form::Independent, &params, TEN_TERMS).unwrap();
        let same = uniform.per_move[..10] == constant.per_move[..10];
        assert_eq!(same, name != StrategyName::LStrat, "{name}");
    }
}

/// In TSD the uniform law gives the constant-ratio value at its mean (the argument is in
/// the module documentation; the Monte Carlo test `uniform_split_ratios_in_tsd_give_the_constant_ratio_values` checks it).
#[test]
fn tsd_is_evaluated_at_the_mean_ratio() {
    let e = ratio(1, 2);
    let params = GameClass::new(e.clone(), ratio(3, 4)).unwrap();
    let lstrat = StrategyName::TwoLStrat.ordinal_strategy().unwrap();
    let uniform = evaluate(&*lstrat, Form::Dependent, e, &RatioLaw::Uniform, 1e-10).unwrap();
    let constant = series::evaluate(&*lstrat, Form::Dependent, &params, 1e-10).unwrap();
    assert_eq!(uniform, constant);
}

#[test]
fn bad_input_gets_typed_errors() {
    let lstrat = StrategyName::LStrat.ordinal_strategy().unwrap();
    let uniform = RatioLaw::Uniform;
    let tsi = Form::Independent;
    assert!(matches!(
        RatioLaw::constant(ratio(1, 3)),
        Err(RatioLawError::SplitRatio(GameClassError::SplitRatio(_)))
    ));
    assert!(matches!(
        RatioLaw::discrete(vec![(ratio(1, 3), ratio(1, 1))]),
        Err(RatioLawError::SplitRatio(GameClassError::SplitRatio(_)))
    ));
    assert_eq!(
        RatioLaw::discrete(vec![(ratio(1, 2), ratio(1, 2))]),
        Err(RatioLawError::Chances(vec![ratio(1, 2)]))
    );
    assert!(matches!(
        RatioLaw::discrete(vec![
            (ratio(1, 2), ratio(3, 2)),
            (ratio(1, 1), ratio(-1, 2))
        ]),
        Err(RatioLawError::Chances(_))
    ));
    assert!(matches!(
        evaluate(&*lstrat, tsi, ratio(0, 1), &uniform, 1e-6),
        Err(RandomRatioError::GameClass(
            GameClassError::EndpointProbability(_)
        ))
    ));
    assert!(matches!(
        evaluate(&*lstrat, tsi, ratio(1, 2), &uniform, 0.0),
        Err(RandomRatioError::Precision(PrecisionError::Invalid(_)))
    ));
    let bprime = BPrime::new(GameClass::new(0.5, 0.75).unwrap());
    assert!(matches!(
        evaluate(&bprime, tsi, ratio(1, 2), &uniform, 1e-6),
        Err(RandomRatioError::NotOrdinal(_))
    ));
}

/// An independent player of TSI under a law with finitely many ratios: every random draw
/// of a game (split point or endpoint, the ratio, win or loss, the coin) is enumerated
/// with its exact chance, the strategy plays each fully drawn line on concrete values, and
/// the chances of winning on each of the first moves are summed. It shares nothing with
/// the moment diagram but the strategy's definition.
mod brute_force {
    use std::collections::HashMap;

    use game_core::number::to_f64;
    use num_rational::BigRational;
    use num_traits::{One, Zero};
    use solitaire::{Branch, Look, LookError, Observation, Strategy};

    enum Drawn {
        Split { ratio: BigRational },
        Endpoint { win: bool },
    }

    struct Game<'s> {
        e: BigRational,
        law: &'s [(BigRational, BigRational)],
        /// Every position drawn so far, by its path from the top point.
        tree: HashMap<Vec<Branch>, Drawn>,
        current: Vec<Branch>,
        script: &'s [usize],
        choices: Vec<(usize, usize)>,
        chance: BigRational,
        coin: Option<bool>,
    }

    impl Game<'_> {
        fn choose(&mut self, chances: &[BigRational]) -> usize {
            let taken = self.script.get(self.choices.len()).copied().unwrap_or(0);
            self.choices.push((taken, chances.len()));
            self.chance *= &chances[taken];
            taken
        }

        fn draw_ratio(&mut self) -> BigRational {
            let chances: Vec<BigRational> = self.law.iter().map(|(_, c)| c.clone()).collect();
            let taken = self.choose(&chances);
            self.law[taken].0.clone()
        }

        /// The value of the position at `path`: the product of the shares above it.
        fn value(&self, path: &[Branch]) -> BigRational {
            (0..path.len()).fold(BigRational::one(), |value, depth| {
                let Drawn::Split { ratio } = &self.tree[&path[..depth]] else {
                    panic!("a position below an endpoint");
                };
                match path[depth] {
                    Branch::High => value * ratio,
                    Branch::Low => value * (BigRational::one() - ratio),
                }
            })
        }

        fn reveal(&mut self, path: &[Branch]) {
            if self.tree.contains_key(path) {
                return;
            }
            let s = BigRational::one() - &self.e;
            let drawn = if self.choose(&[s, self.e.clone()]) == 0 {
                Drawn::Split {
                    ratio: self.draw_ratio(),
                }
            } else {
                let value = self.value(path);
                let loss = BigRational::one() - &value;
                Drawn::Endpoint {
                    win: self.choose(&[value, loss]) == 0,
                }
            };
            self.tree.insert(path.to_vec(), drawn);
        }

        fn observe(&self, path: &[Branch]) -> Observation {
            let value = to_f64(&self.value(path));
            match &self.tree[path] {
                Drawn::Endpoint { win } => Observation::Endpoint { value, win: *win },
                Drawn::Split { ratio } => Observation::Split {
                    value,
                    high: value * to_f64(ratio),
                    low: value * (1.0 - to_f64(ratio)),
                },
            }
        }
    }

    impl Look for Game<'_> {
        fn look(&mut self, path: &[Branch]) -> Result<Observation, LookError> {
            let at: Vec<Branch> = self.current.iter().chain(path).copied().collect();
            self.reveal(&at);
            Ok(self.observe(&at))
        }

        fn coin(&mut self) -> bool {
            if let Some(toss) = self.coin {
                return toss;
            }
            let half = BigRational::new(1.into(), 2.into());
            let toss = self.choose(&[half.clone(), half]) == 0;
            self.coin = Some(toss);
            toss
        }

        fn current(&self) -> Observation {
            self.observe(&self.current)
        }
    }

    /// The chance of winning on each of moves 1, …, `moves`.
    pub fn per_move(
        strategy: &dyn Strategy,
        e: &BigRational,
        law: &[(BigRational, BigRational)],
        moves: usize,
    ) -> Vec<BigRational> {
        let mut wins = vec![BigRational::zero(); moves];
        let mut script = Vec::new();
        loop {
            let mut game = Game {
                e: e.clone(),
                law,
                tree: HashMap::new(),
                current: Vec::new(),
                script: &script,
                choices: Vec::new(),
                chance: BigRational::one(),
                coin: None,
            };
            let ratio = game.draw_ratio();
            game.tree.insert(Vec::new(), Drawn::Split { ratio });
            for won_on in wins.iter_mut() {
                game.coin = None;
                let branch = strategy.choose(&mut game).unwrap();
                game.current.push(branch);
                let here = game.current.clone();
                game.reveal(&here);
                if let Drawn::Endpoint { win } = game.tree[&here] {
                    if win {
                        *won_on += &game.chance;
                    }
                    break;
                }
            }
            let choices = game.choices;
            let Some(last_open) = choices.iter().rposition(|&(t, n)| t + 1 < n) else {
                return wins;
            };
            script = choices[..last_open].iter().map(|&(t, _)| t).collect();
            script.push(choices[last_open].0 + 1);
        }
    }
}

/// The moment diagram against the brute-force player, for a law of two ratios: the first
/// three terms, exactly. The 2-look strategies carry a ratio's correlation from one move
/// to the next (a win seen two branches down, then the move to its parent), which the
/// constant-law and D(1) checks above cannot see.
#[test]
fn the_moment_diagram_equals_brute_force_over_every_draw() {
    let outcomes = vec![(ratio(1, 2), ratio(1, 3)), (ratio(9, 10), ratio(2, 3))];
    let law = RatioLaw::discrete(outcomes.clone()).unwrap();
    let e = ratio(1, 2);
    for name in [
        StrategyName::NoStrat,
        StrategyName::LStrat,
        StrategyName::HStrat,
        StrategyName::BStrat,
        StrategyName::TwoLStrat,
        StrategyName::TwoHStrat,
    ] {
        let s = name.ordinal_strategy().unwrap();
        let brute = brute_force::per_move(&*s, &e, &outcomes, 3);
        let moments = evaluate(&*s, Form::Independent, e.clone(), &law, TEN_TERMS).unwrap();
        assert_eq!(moments.per_move[..3], brute[..], "{name}");
    }
}

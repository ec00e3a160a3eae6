//! The market window of a money game: the winning chances at which a player takes, doubles,
//! cashes and plays on for the gammon, for a dead cube and for a fully live one, from the
//! position's gammon values, as GNU Backgammon's `show marketwindow` prints them.
//!
//! A player's gammon values are W, the average cubeless value of his wins, and L, that of
//! his losses (a single game counts 1, a gammon 2, a backgammon 3), so that his cubeless
//! equity at winning chances p is p(W + L) − L. R. Janowski (*Take-points in money games*,
//! 1993) wrote the points as fractions of W and L:
//!
//! | point | dead cube (x = 0) | fully live cube (x = 1) |
//! |---|---|---|
//! | take point TP | (L − ½)/(W + L) | (L − ½)/(W + L + ½) |
//! | initial double point IDP | L/(W + L) | (L + 1)/(W + L + ½) |
//! | redouble point RDP | L/(W + L) | (L + 1)/(W + L + ½) |
//! | cash point CP | (L + ½)/(W + L) | (L + 1)/(W + L + ½) |
//! | too good point TG | (L + 1)/(W + L) | (L + 1)/(W + L + ½) |
//!
//! With a dead cube the doubled player takes while twice his equity is above −1, a double
//! pays while the cubeless equity is positive, the cash point is the opponent's take point
//! seen from the other side, and playing on beats cashing once the cubeless equity passes 1.
//! With a fully live cube (the continuous model of section 3, Keeler and Spencer's 1/5 and
//! 4/5 without gammons) the player doubles, redoubles and cashes at the last moment before
//! the opponent's pass, and is too good as soon as he is past it.
//!
//! These are the points of a model whose only input is the position's W and L; the exact
//! databases decide a position's cube action by its own cubeful equities (the answer of
//! `backgammon_cube::query`, which carries both players' windows), and the window says
//! where a position with these gammon values would sit if the cube were dead or fully
//! live. The initial double point is the one without the Jacoby rule and the points count
//! no beavers (money-game options the crate's databases do not play); gnubg prints the same
//! points in a session without the Jacoby rule (`set jacoby off`, `new session`). Without
//! gammons (every bear-off of the two-sided databases) W = L = 1 and the window is the
//! classical one: take at 1/4 and 1/5, double at 1/2 and 4/5, cash at 3/4 and 4/5.
//!
//! ```
//! use backgammon_cube::market::{GammonValues, market_window};
//! use backgammon_cube::number::fraction;
//!
//! let gammonless = GammonValues { win: fraction(1, 1)?, loss: fraction(1, 1)? };
//! let window = market_window(&gammonless)?;
//! assert_eq!(window.dead.take, fraction(1, 4)?);
//! assert_eq!(window.live.take, fraction(1, 5)?);
//! assert_eq!(window.live.initial_double, fraction(4, 5)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use game_core::number::Real;

/// Gammon values that no position has.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum MarketError {
    /// W or L outside [1, 3]: a win or a loss is worth one, two or three times the cube.
    #[error("the average value of a {which} is {value}, outside [1, 3]")]
    ValueOutsideOneToThree {
        /// "win" or "loss".
        which: &'static str,
        /// The value given.
        value: f64,
    },
}

/// A player's gammon values: W, the average cubeless value of his wins, and L, that of his
/// losses (1 for a single game, 2 for a gammon, 3 for a backgammon).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GammonValues<T> {
    /// W.
    pub win: T,
    /// L.
    pub loss: T,
}

impl<T: Clone> GammonValues<T> {
    /// The opponent's gammon values: his W is this player's L.
    pub fn opponent(&self) -> GammonValues<T> {
        GammonValues {
            win: self.loss.clone(),
            loss: self.win.clone(),
        }
    }
}

/// A player's points on one cube, each his winning chances p.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CubePoints<T> {
    /// TP: doubled, he takes at or above it.
    pub take: T,
    /// IDP: with the cube centred, he doubles above it.
    pub initial_double: T,
    /// RDP: owning the cube, he redoubles above it.
    pub redouble: T,
    /// CP: above it his opponent passes a double.
    pub cash: T,
    /// TG: above it he plays on for the gammon rather than cash.
    pub too_good: T,
}

impl<T: Clone> CubePoints<T> {
    /// The five points in gnubg's order, each with its name: take point (TP), initial
    /// double point (IDP), redouble point (RDP), cash point (CP), too good point (TG).
    pub fn named(&self) -> [(&'static str, T); 5] {
        [
            ("Take point (TP)", self.take.clone()),
            ("Initial double point (IDP)", self.initial_double.clone()),
            ("Redouble point (RDP)", self.redouble.clone()),
            ("Cash point (CP)", self.cash.clone()),
            ("Too good point (TG)", self.too_good.clone()),
        ]
    }
}

/// A player's market window: his points with a dead cube and with a fully live one.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MarketWindow<T> {
    /// The cube cannot be turned again once doubled (x = 0).
    pub dead: CubePoints<T>,
    /// The cube is fully live, as in the continuous model (x = 1).
    pub live: CubePoints<T>,
}

/// The market window of a player with gammon values `values` (see the module
/// documentation for the formulas).
///
/// # Errors
///
/// [`MarketError::ValueOutsideOneToThree`] when W or L lies outside [1, 3] (or is NaN).
pub fn market_window<T: Real>(values: &GammonValues<T>) -> Result<MarketWindow<T>, MarketError> {
    check_value("win", &values.win)?;
    check_value("loss", &values.loss)?;
    let (w, l) = (values.win.clone(), values.loss.clone());
    let one = T::one();
    let half = one.clone() / T::from_i64(2);
    let dead_span = w.clone() + l.clone();
    let live_span = dead_span.clone() + half.clone();
    let live_cash = (l.clone() + one.clone()) / live_span.clone();
    Ok(MarketWindow {
        dead: CubePoints {
            take: (l.clone() - half.clone()) / dead_span.clone(),
            initial_double: l.clone() / dead_span.clone(),
            redouble: l.clone() / dead_span.clone(),
            cash: (l.clone() + half.clone()) / dead_span.clone(),
            too_good: (l.clone() + one) / dead_span,
        },
        live: CubePoints {
            take: (l - half) / live_span,
            initial_double: live_cash.clone(),
            redouble: live_cash.clone(),
            cash: live_cash.clone(),
            too_good: live_cash,
        },
    })
}

fn check_value<T: Real>(which: &'static str, value: &T) -> Result<(), MarketError> {
    let (one, three) = (T::one(), T::from_i64(3));
    if one <= *value && *value <= three {
        Ok(())
    } else {
        Err(MarketError::ValueOutsideOneToThree {
            which,
            value: value.nearest_f64(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BigRational;
    use game_core::number::fraction;
    use proptest::prelude::*;

    fn exact(numerator: i64, denominator: i64) -> BigRational {
        fraction(numerator, denominator).expect("a nonzero denominator")
    }

    #[test]
    fn without_gammons_the_window_is_the_classical_one() {
        let window = market_window(&GammonValues {
            win: exact(1, 1),
            loss: exact(1, 1),
        })
        .expect("W = L = 1");
        let dead = [
            exact(1, 4),
            exact(1, 2),
            exact(1, 2),
            exact(3, 4),
            exact(1, 1),
        ];
        let live = [
            exact(1, 5),
            exact(4, 5),
            exact(4, 5),
            exact(4, 5),
            exact(4, 5),
        ];
        let points = |p: &CubePoints<BigRational>| p.named().map(|(_, point)| point);
        assert_eq!(points(&window.dead), dead);
        assert_eq!(points(&window.live), live);
    }

    #[test]
    fn values_outside_one_to_three_are_refused() {
        for (win, loss) in [(0.5, 1.0), (1.0, 3.5), (f64::NAN, 1.0), (1.0, -1.0)] {
            let refused = market_window(&GammonValues { win, loss });
            assert!(
                matches!(refused, Err(MarketError::ValueOutsideOneToThree { .. })),
                "W = {win}, L = {loss}: {refused:?}"
            );
        }
    }

    fn value() -> impl Strategy<Value = BigRational> {
        (0i64..=200).prop_map(|hundredths| exact(100 + hundredths, 100))
    }

    proptest! {
        /// The cash point is the opponent's take point seen from the other side, on
        /// either cube; the points are ordered TP ≤ IDP ≤ CP ≤ TG, each in [0, 1], and
        /// a live cube takes lower and cashes higher than a dead one.
        #[test]
        fn points_mirror_and_order(win in value(), loss in value()) {
            let values = GammonValues { win, loss };
            let mine = market_window(&values).expect("W, L in [1, 3]");
            let theirs = market_window(&values.opponent()).expect("W, L in [1, 3]");
            let one = exact(1, 1);
            prop_assert_eq!(&mine.dead.cash, &(one.clone() - theirs.dead.take.clone()));
            prop_assert_eq!(&mine.live.cash, &(one.clone() - theirs.live.take.clone()));
            for points in [&mine.dead, &mine.live] {
                prop_assert!(exact(0, 1) <= points.take);
                prop_assert!(points.take <= points.initial_double);
                prop_assert!(points.initial_double <= points.cash);
                prop_assert!(points.cash <= points.too_good);
                prop_assert!(points.too_good <= one);
            }
            prop_assert!(mine.live.take <= mine.dead.take);
            prop_assert!(mine.live.cash >= mine.dead.cash);
        }
    }
}

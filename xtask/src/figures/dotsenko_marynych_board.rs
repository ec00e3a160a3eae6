//! Dotsenko and Marynych's Figure 2, "gaps in positions": a bear-off position drawn as a
//! home board, with what `backgammon-cube` says of it.

use backgammon_cube::bearoff::BearoffPosition;
use backgammon_cube::database::BearoffDatabase;
use backgammon_cube::dice::{Roll, mean_pips};
use num_traits::ToPrimitive;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::Figure;
use super::style::{FONT, INK, LABEL, SKY_BLUE, TICK, TITLE, VERMILION, blank_page};
use crate::error::{Error, LibraryResult, Result};

/// The figure of this paper drawn as a board.
pub fn figures() -> Vec<Figure> {
    vec![Figure {
        paper: "dotsenko-marynych",
        name: "figure-2",
        draw: figure_2,
    }]
}

/// The paper's example: "5 checkers at positions 5, 3 and 1", five on each (its pip count
/// of 45 says so).
const CHECKERS_PER_POINT: u32 = 5;
const OCCUPIED_POINTS: [u32; 3] = [5, 3, 1];

/// The example's position.
fn gaps_position() -> Result<BearoffPosition> {
    let points: Vec<u32> = OCCUPIED_POINTS
        .iter()
        .flat_map(|&point| std::iter::repeat_n(point, CHECKERS_PER_POINT as usize))
        .collect();
    BearoffPosition::from_points(&points).library()
}

/// What the figure states of the position, each computed by the library.
struct GapsFacts {
    pip_count: u32,
    /// The plays of the roll 4–4: the paper's "if the player rolls 4 the only thing he can
    /// do is to move a checker from 5 to 1".
    plays_of_double_four: usize,
    /// The expected number of rolls to bear off, from the one-sided database.
    expected_rolls: f64,
    /// 49/6 pips per roll times the expected rolls: the pips the position is worth.
    effective_pip_count: f64,
}

fn facts() -> Result<GapsFacts> {
    let position = gaps_position()?;
    let database =
        BearoffDatabase::new(CHECKERS_PER_POINT * OCCUPIED_POINTS.len() as u32).library()?;
    let expected_rolls = database.expected_rolls_f64(&position).library()?;
    let pips_per_roll = mean_pips()
        .to_f64()
        .ok_or_else(|| Error::NotComputable("49/6 as f64".to_owned()))?;
    Ok(GapsFacts {
        pip_count: position.pip_count(),
        plays_of_double_four: position
            .legal_plays(Roll {
                first: 4,
                second: 4,
            })
            .len(),
        expected_rolls,
        effective_pip_count: pips_per_roll * expected_rolls,
    })
}

/// Board geometry, in SVG pixels.
const WIDTH: u32 = 900;
const HEIGHT: u32 = 560;
const BOARD_LEFT: i32 = 60;
const POINT_WIDTH: i32 = 110;
const BOARD_BOTTOM: i32 = 480;
const POINT_HEIGHT: i32 = 250;
const CHECKER_RADIUS: i32 = 24;

/// The centre of point `point` (1 on the right, next to where checkers are borne off).
fn point_centre(point: u32) -> i32 {
    BOARD_LEFT + POINT_WIDTH * (6 - point as i32) + POINT_WIDTH / 2
}

/// The centre of the `k`-th checker (from 0) stacked on `point`.
fn checker_centre(point: u32, k: u32) -> (i32, i32) {
    let rise = CHECKER_RADIUS + 2 * CHECKER_RADIUS * k as i32;
    (point_centre(point), BOARD_BOTTOM - rise)
}

/// Figure 2: the home board with five checkers on each of 5, 3 and 1, the one play of a 4
/// drawn, and the position's pip count against its effective pip count.
fn figure_2() -> Result<String> {
    let position = gaps_position()?;
    let facts = facts()?;
    let mut svg = String::new();
    {
        let root = blank_page(&mut svg, (WIDTH, HEIGHT))?;
        let centred = |size: u32| {
            TextStyle::from((FONT, size).into_font()).pos(Pos::new(HPos::Center, VPos::Center))
        };
        let draw_text = |text: &str, at: (i32, i32), size: u32| {
            root.draw(&Text::new(text.to_owned(), at, centred(size)))
                .library()
        };
        draw_text(
            "Gaps in positions: five checkers on each of 5, 3 and 1",
            (450, 28),
            TITLE,
        )?;
        draw_text(
            &format!(
                "pip count {}, but {:.3} rolls expected to bear off (the one-sided database): \
                 an effective pip count of {:.1} at 49/6 a roll",
                facts.pip_count, facts.expected_rolls, facts.effective_pip_count
            ),
            (450, 64),
            TICK,
        )?;
        for point in 1..=6u32 {
            let x = point_centre(point);
            let shade = if point % 2 == 0 {
                RGBColor(225, 225, 225)
            } else {
                RGBColor(245, 235, 215)
            };
            let triangle = vec![
                (x - POINT_WIDTH / 2 + 4, BOARD_BOTTOM),
                (x + POINT_WIDTH / 2 - 4, BOARD_BOTTOM),
                (x, BOARD_BOTTOM - POINT_HEIGHT),
            ];
            root.draw(&Polygon::new(triangle, shade.filled()))
                .library()?;
            draw_text(&point.to_string(), (x, BOARD_BOTTOM + 24), LABEL)?;
            for k in 0..u32::from(position.on(point)) {
                let centre = checker_centre(point, k);
                root.draw(&Circle::new(centre, CHECKER_RADIUS, SKY_BLUE.filled()))
                    .library()?;
                root.draw(&Circle::new(centre, CHECKER_RADIUS, INK.stroke_width(2)))
                    .library()?;
            }
        }
        let frame = [
            (BOARD_LEFT, BOARD_BOTTOM),
            (BOARD_LEFT + 6 * POINT_WIDTH, BOARD_BOTTOM),
        ];
        root.draw(&PathElement::new(frame.to_vec(), INK.stroke_width(2)))
            .library()?;
        draw_text(
            "off →",
            (BOARD_LEFT + 6 * POINT_WIDTH + 60, BOARD_BOTTOM - 20),
            LABEL,
        )?;
        let top_of_five = checker_centre(5, CHECKERS_PER_POINT).1;
        let top_of_one = checker_centre(1, CHECKERS_PER_POINT).1;
        let over = top_of_five.min(top_of_one) - 40;
        let arrow = vec![
            (point_centre(5), top_of_five),
            (point_centre(5), over),
            (point_centre(1), over),
            (point_centre(1), top_of_one),
        ];
        root.draw(&PathElement::new(arrow, VERMILION.stroke_width(3)))
            .library()?;
        let tip = (point_centre(1), top_of_one);
        let head = vec![(tip.0 - 10, tip.1 - 16), tip, (tip.0 + 10, tip.1 - 16)];
        root.draw(&PathElement::new(head, VERMILION.stroke_width(3)))
            .library()?;
        let note = if facts.plays_of_double_four == 1 {
            "a 4 has one play: a checker from 5 to 1 (there is a gap at 4)".to_owned()
        } else {
            format!("4–4 has {} plays", facts.plays_of_double_four)
        };
        draw_text(
            &note,
            ((point_centre(5) + point_centre(1)) / 2, over - 20),
            LABEL,
        )?;
        root.present().library()?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The paper's numbers for its example: the pip count 45, and the single play of a 4.
    /// The checkers waste pips: the position needs more rolls than its pip count at 49/6.
    #[test]
    fn the_example_has_the_papers_pip_count_and_one_play_of_a_four() {
        let facts = facts().unwrap();
        assert_eq!(facts.pip_count, 45);
        assert_eq!(facts.plays_of_double_four, 1);
        let only = gaps_position()
            .unwrap()
            .legal_plays(Roll {
                first: 4,
                second: 4,
            })
            .into_iter()
            .next()
            .unwrap();
        assert_eq!((only.on(5), only.on(1)), (1, 9));
        assert!(facts.effective_pip_count > f64::from(facts.pip_count));
    }
}

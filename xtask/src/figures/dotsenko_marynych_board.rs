//! Dotsenko and Marynych's Figure 2, "gaps in positions": a bear-off position drawn as a
//! home board, with what `backgammon-cube` says of it.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::Figure;
use super::style::{FONT, INK, LABEL, SKY_BLUE, TICK, TITLE, VERMILION, blank_page};
use crate::error::{LibraryResult, Result};
use crate::sources::dotsenko_marynych::gaps::{CHECKERS_PER_POINT, facts, gaps_position};

/// The figure of this paper drawn as a board.
pub fn figures() -> Vec<Figure> {
    vec![Figure {
        paper: "dotsenko-marynych",
        name: "figure-2",
        draw: figure_2,
    }]
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

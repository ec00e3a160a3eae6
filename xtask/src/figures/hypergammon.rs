//! Hypergammon's figure: the cube decisions of one checker a side over every position,
//! drawn from `backgammon_cube::hypergammon`.

use backgammon_cube::cube::{CubeAction, CubeOwnership};
use backgammon_cube::hypergammon::{BAR, HypergammonDatabase, HypergammonPosition, SolveOptions};
use plotters::prelude::*;

use super::Figure;
use super::style::{BLUISH_GREEN, FONT, INK, LABEL, SKY_BLUE, TICK, TITLE, VERMILION, blank_page};
use crate::error::{LibraryResult, Result};

/// The figures of hypergammon, with Dotsenko and Marynych's.
pub fn figures() -> Vec<Figure> {
    vec![Figure {
        paper: "dotsenko-marynych",
        name: "hypergammon-cube-actions",
        draw: cube_actions,
    }]
}

/// The colour of an action: the paper's Figure 1 colours for the same decisions.
fn colour(action: CubeAction) -> RGBColor {
    match action {
        CubeAction::NoDouble => SKY_BLUE,
        CubeAction::DoubleTake => BLUISH_GREEN,
        CubeAction::DoublePass => VERMILION,
    }
}

/// One checker a side: for each place of the player on roll's checker (x) and of the
/// opponent's (y, from his side), the action with the cube centred; full colour where the
/// checkers can still meet, pale in a race, blank where both would share a point.
fn cube_actions() -> Result<String> {
    let database = HypergammonDatabase::solve(1, &SolveOptions::default(), |_| {}).library()?;
    let mut svg = String::new();
    {
        let root = blank_page(&mut svg, (900, 900))?;
        let (plot, key) = root.split_vertically(800);
        let mut chart = ChartBuilder::on(&plot)
            .caption(
                "Hypergammon, one checker a side: the cube action of the player on roll",
                (FONT, TITLE),
            )
            .margin(20)
            .x_label_area_size(60)
            .y_label_area_size(70)
            .build_cartesian_2d(0.5f64..25.5f64, 0.5f64..25.5f64)
            .library()?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(25)
            .y_labels(25)
            .x_desc("the player's checker: point from his side (25: the bar)")
            .y_desc("the opponent's checker: point from his side")
            .axis_desc_style((FONT, LABEL))
            .label_style((FONT, TICK))
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .draw()
            .library()?;
        for mine in 1..=BAR {
            for theirs in 1..=BAR {
                let Ok(position) = HypergammonPosition::new(1, &[mine], &[theirs]) else {
                    continue;
                };
                let action = database
                    .entry(&position)
                    .library()?
                    .cube_action(CubeOwnership::Centred);
                let shade = if position.is_contact() { 0.85 } else { 0.35 };
                let (x, y) = (f64::from(mine), f64::from(theirs));
                chart
                    .draw_series(std::iter::once(Rectangle::new(
                        [(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)],
                        colour(action).mix(shade).filled(),
                    )))
                    .library()?;
            }
        }
        let swatches = [
            (CubeAction::NoDouble, "no double"),
            (CubeAction::DoubleTake, "double, take"),
            (CubeAction::DoublePass, "double, pass"),
        ];
        for (column, (action, label)) in swatches.into_iter().enumerate() {
            let x = 90 + 240 * column as i32;
            key.draw(&Rectangle::new(
                [(x, 20), (x + 24, 44)],
                colour(action).mix(0.85).filled(),
            ))
            .library()?;
            key.draw(&Rectangle::new(
                [(x, 20), (x + 24, 44)],
                INK.stroke_width(1),
            ))
            .library()?;
            key.draw(&Text::new(label, (x + 34, 24), (FONT, LABEL)))
                .library()?;
        }
        key.draw(&Text::new(
            "pale: a race (the checkers have passed each other); blank: both on one point",
            (90, 62),
            (FONT, TICK),
        ))
        .library()?;
        root.present().library()?;
    }
    Ok(svg)
}

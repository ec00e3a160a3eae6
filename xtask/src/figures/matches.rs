//! The matches report's results drawn: E\[n\] against a random opponent, from `nim-games`.

use game_core::Player;
use nim_games::random_opponent::AgainstRandom;
use plotters::prelude::*;

use super::style::{BLUE, FONT, LABEL, SIZE, TICK, TITLE, VERMILION, blank_page, draw_key};
use super::{Figure, transcription};
use crate::error::{LibraryResult, Result};
use crate::sources::matches::series::{MAX_MATCHES, exact, printed};

/// The figures of this paper.
pub fn figures() -> Vec<Figure> {
    vec![Figure {
        paper: "matches",
        name: "expected-value-against-random",
        draw: expected_value_against_random,
    }]
}

/// E\[n\] = P(win) − P(lose) of the optimal player against a uniformly random one, going
/// first and going second, exact, with the report's printed values (errata marked).
fn expected_value_against_random() -> Result<String> {
    let solved = AgainstRandom::solve(MAX_MATCHES).library()?;
    let series = [
        (Player::First, "3.3.1", "optimal player first", BLUE),
        (Player::Second, "3.3.2", "optimal player second", VERMILION),
    ];
    let rows = transcription("matches")?.rows;
    let mut svg = String::new();
    {
        let root = blank_page(&mut svg, SIZE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Matches game against a random opponent: E[n], exact and as printed",
                (FONT, TITLE),
            )
            .margin(20)
            .x_label_area_size(60)
            .y_label_area_size(70)
            .build_cartesian_2d(0.5f64..f64::from(MAX_MATCHES) + 0.5, -1.1f64..1.1f64)
            .library()?;
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .x_desc("n, the number of matches at the start")
            .y_desc("E[n] = P(win) − P(lose)")
            .axis_desc_style((FONT, LABEL))
            .label_style((FONT, TICK))
            .x_label_formatter(&|n| format!("{n:.0}"))
            .y_label_formatter(&|&e| format!("{:.1}", if e.abs() < 1e-9 { 0.0 } else { e }))
            .draw()
            .library()?;
        for (player, table, name, colour) in series {
            let curve = exact(&solved, player)?;
            chart
                .draw_series(LineSeries::new(
                    curve.iter().copied(),
                    colour.stroke_width(2),
                ))
                .library()?
                .label(format!("exact, {name}"))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(2))
                });
            chart
                .draw_series(
                    curve
                        .iter()
                        .map(|&point| Circle::new(point, 3, colour.filled())),
                )
                .library()?;
            let printed = printed(&rows, table)?;
            let agreeing = printed.iter().filter(|p| !p.erratum);
            chart
                .draw_series(agreeing.map(|p| {
                    Circle::new((f64::from(p.matches), p.value), 9, colour.stroke_width(2))
                }))
                .library()?
                .label(format!("printed (§{table}), reproduced"))
                .legend(move |(x, y)| Circle::new((x + 12, y), 7, colour.stroke_width(2)));
            if printed.iter().any(|p| p.erratum) {
                let errata = printed.iter().filter(|p| p.erratum);
                chart
                    .draw_series(errata.map(|p| {
                        let at = (f64::from(p.matches), p.value);
                        Cross::new(at, 8, colour.stroke_width(3))
                    }))
                    .library()?
                    .label(format!("printed (§{table}), erratum"))
                    .legend(move |(x, y)| Cross::new((x + 12, y), 7, colour.stroke_width(3)));
            }
        }
        draw_key(&mut chart, SeriesLabelPosition::LowerRight)?;
        root.present().library()?;
    }
    Ok(svg)
}

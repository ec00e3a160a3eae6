//! Grundy's game drawn: its nim-values up to 10^6 and its P-positions among single heaps in
//! normal and misère play, from `nim-games`.

use plotters::prelude::*;

use super::Figure;
use super::style::{
    BLUE, FONT, INK, LABEL, SIZE, TICK, TITLE, VERMILION, blank_page, draw_key, key_printed_markers,
};
use crate::error::{LibraryResult, Result};
use crate::sources::grundy::series::{
    BIN, MAX_HEAP, MAX_STRIP_HEAP, bins, p_positions, printed_losses, table,
};

/// The figures of the note on Grundy's game.
pub fn figures() -> Vec<Figure> {
    vec![
        Figure {
            paper: "grundy",
            name: "nim-values-to-a-million",
            draw: nim_values_to_a_million,
        },
        Figure {
            paper: "grundy",
            name: "p-positions-normal-and-misere",
            draw: p_positions_normal_and_misere,
        },
    ]
}

/// G(n) for 1 ≤ n ≤ 10^6: the range of the values in each bin of 1,000 heaps, and every
/// heap with a rare value marked (log scale in n, so the small heaps show).
fn nim_values_to_a_million() -> Result<String> {
    let table = table()?;
    let values = table.values();
    let largest = values.iter().copied().max().unwrap_or(0);
    let mut svg = String::new();
    {
        let root = blank_page(&mut svg, SIZE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Grundy's game: the nim-values G(n) up to 10^6",
                (FONT, TITLE),
            )
            .margin(20)
            .x_label_area_size(60)
            .y_label_area_size(70)
            .build_cartesian_2d(
                (1f64..f64::from(MAX_HEAP)).log_scale(),
                0f64..f64::from(largest) + 10.0,
            )
            .library()?;
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .x_desc("n, the heap (log scale)")
            .y_desc("G(n)")
            .axis_desc_style((FONT, LABEL))
            .label_style((FONT, TICK))
            .x_label_formatter(&|n| format!("{n:.0}"))
            .y_label_formatter(&|g| format!("{g:.0}"))
            .draw()
            .library()?;
        // Below the first bin's end every value is drawn itself; the bins take over after.
        let small: Vec<(f64, f64)> = (1..=BIN)
            .map(|n| (n as f64, f64::from(values[n])))
            .collect();
        chart
            .draw_series(
                small
                    .into_iter()
                    .map(|point| Circle::new(point, 2, BLUE.filled())),
            )
            .library()?
            .label("G(n), every heap to 1,000")
            .legend(|(x, y)| Circle::new((x + 12, y), 3, BLUE.filled()));
        chart
            .draw_series(
                bins(values)
                    .into_iter()
                    .skip(1)
                    .map(|(first, least, most)| {
                        let n = f64::from(first);
                        PathElement::new(
                            vec![(n, f64::from(least)), (n, f64::from(most))],
                            BLUE.stroke_width(1),
                        )
                    }),
            )
            .library()?
            .label("least to largest G in each 1,000 heaps beyond")
            .legend(|(x, y)| PathElement::new(vec![(x + 12, y - 8), (x + 12, y + 8)], BLUE));
        chart
            .draw_series(table.rare_heaps().iter().map(|&n| {
                Cross::new(
                    (f64::from(n), f64::from(values[n as usize])),
                    5,
                    VERMILION.stroke_width(2),
                )
            }))
            .library()?
            .label(format!(
                "the {} heaps with a rare value",
                table.rare_heaps().len()
            ))
            .legend(|(x, y)| Cross::new((x + 12, y), 5, VERMILION.stroke_width(2)));
        draw_key(&mut chart, SeriesLabelPosition::UpperLeft)?;
        root.present().library()?;
    }
    Ok(svg)
}

/// The two plays, as rows of the strip: (row, name in the transcription's columns).
const PLAYS: [(f64, &str); 2] = [(1.0, "normal"), (0.0, "misere")];

/// The P-positions among single heaps 1..=100, normal play above and misère below, with the
/// note's printed losses (heaps 1–20) marked.
fn p_positions_normal_and_misere() -> Result<String> {
    let mut svg = String::new();
    {
        let root = blank_page(&mut svg, (SIZE.0, 420))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Grundy's game: single heaps lost for the player to move",
                (FONT, TITLE),
            )
            .margin(20)
            .x_label_area_size(60)
            .y_label_area_size(90)
            .build_cartesian_2d(0.5f64..f64::from(MAX_STRIP_HEAP) + 0.5, -0.6f64..2.2f64)
            .library()?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .light_line_style(WHITE)
            .x_desc("n, the single heap")
            .axis_desc_style((FONT, LABEL))
            .label_style((FONT, TICK))
            .x_labels(11)
            .x_label_formatter(&|n| format!("{n:.0}"))
            .y_labels(3)
            .y_label_formatter(&|&row| match row {
                r if r.abs() < 1e-9 => "misère".to_owned(),
                r if (r - 1.0).abs() < 1e-9 => "normal".to_owned(),
                _ => String::new(),
            })
            .draw()
            .library()?;
        for (row, play) in PLAYS {
            let colour = if play == "normal" { BLUE } else { VERMILION };
            let label = if play == "normal" {
                "P-position in normal play (G(n) = 0)"
            } else {
                "P-position in misère play"
            };
            chart
                .draw_series(p_positions(play)?.into_iter().map(|n| {
                    let n = f64::from(n);
                    Rectangle::new(
                        [(n - 0.4, row - 0.3), (n + 0.4, row + 0.3)],
                        colour.filled(),
                    )
                }))
                .library()?
                .label(label)
                .legend(move |(x, y)| {
                    Rectangle::new([(x + 8, y - 6), (x + 16, y + 6)], colour.filled())
                });
            let printed = printed_losses(play)?;
            chart
                .draw_series(
                    printed.iter().filter(|(_, wrong)| !wrong).map(|&(n, _)| {
                        Circle::new((f64::from(n), row + 0.45), 4, INK.stroke_width(2))
                    }),
                )
                .library()?;
            chart
                .draw_series(
                    printed.iter().filter(|(_, wrong)| *wrong).map(|&(n, _)| {
                        Cross::new((f64::from(n), row + 0.45), 5, INK.stroke_width(2))
                    }),
                )
                .library()?;
        }
        key_printed_markers(
            &mut chart,
            "the note's L (heaps 1–20), reproduced",
            "the note's L, an erratum",
        )?;
        draw_key(&mut chart, SeriesLabelPosition::UpperRight)?;
        root.present().library()?;
    }
    Ok(svg)
}

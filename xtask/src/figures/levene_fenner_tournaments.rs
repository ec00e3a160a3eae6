//! The tournaments of random-minimax players drawn: B's share of the decisive games with
//! its Wilson 95% interval, line by line and game by game, from the grid's kept results
//! (`docs/data/levene-fenner-tournaments.json`, written by `cargo xtask tournament --grid`).

use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

use super::Figure;
use super::style::{
    BLUE, BLUISH_GREEN, FONT, INK, LABEL, ORANGE, TICK, VERMILION, draw_marker, draw_markers_key,
    titled_page,
};
use crate::error::{Error, LibraryResult, Result};
use crate::kept::read_grid;
use minimax_random::line::{LineResult, alpha_name};

/// The figures of the tournaments.
pub fn figures() -> Vec<Figure> {
    vec![Figure {
        paper: "levene-fenner",
        name: "tournaments",
        draw: tournaments,
    }]
}

/// The games, their names in the key, colours and markers (colour and shape both tell
/// them apart).
const GAMES: [(&str, &str, RGBColor); 4] = [
    ("connect-four", "Connect-Four", BLUE),
    ("domineering-6x6", "Domineering 6×6", VERMILION),
    ("domineering-8x8", "Domineering 8×8", BLUISH_GREEN),
    ("othello-6x6", "Othello 6×6", ORANGE),
];

/// The bottom of the share axis: every share of the grid lies above it, and cutting the
/// axis there leaves room to see the intervals.
const LOWEST_SHARE: f64 = 0.4;

/// One panel: the question it answers, which lines it shows, and each line's label.
struct Panel {
    title: &'static str,
    keep: fn(&LineResult) -> bool,
    label: fn(&LineResult) -> String,
}

fn evaluation(spec: &str) -> &str {
    spec.split(':').next().unwrap_or_default()
}

fn depth(spec: &str) -> &str {
    spec.split(':').nth(1).unwrap_or_default()
}

const PANELS: [Panel; 4] = [
    Panel {
        title: "Paper's model: deeper player's share",
        keep: |r| evaluation(&r.a) == "paper" && r.alpha == minimax_random::player::MAX_ALPHA,
        label: |r| format!("{}v{}", depth(&r.a), depth(&r.b)),
    },
    Panel {
        title: "Lookahead-random v lookahead-zero: random's share",
        keep: |r| evaluation(&r.a) == "zero" && evaluation(&r.b) == "random",
        label: |r| format!("depth {}", depth(&r.a)),
    },
    Panel {
        title: "Beal–Smith evaluations: deeper player's share",
        keep: |r| evaluation(&r.a) == evaluation(&r.b) && evaluation(&r.a) != "paper",
        label: |r| {
            format!(
                "{}{}v{}",
                if evaluation(&r.a) == "zero" { "z" } else { "r" },
                depth(&r.a),
                depth(&r.b)
            )
        },
    },
    Panel {
        title: "Paper's model, 2 v 4, by α: deeper player's share",
        keep: |r| r.a == "paper:2" && r.b == "paper:4",
        label: |r| alpha_name(r.alpha),
    },
];

/// Four panels, one per question of the grid; in each, one column per line, the four
/// games side by side with their intervals, and the line of no advantage at 1/2.
fn tournaments() -> Result<String> {
    let results = read_grid(&crate::workspace_dir().join("docs"))?;
    if let Some(low) = results
        .iter()
        .find(|r| r.ci_low.is_some_and(|low| low < LOWEST_SHARE))
    {
        return Err(Error::NotComputable(format!(
            "{} {} v {}: the interval reaches below the axis, {LOWEST_SHARE}",
            low.game, low.a, low.b
        )));
    }
    let mut svg = String::new();
    {
        let root = titled_page(
            &mut svg,
            (1600, 1150),
            "Random minimaxing in real games: B's share of decisive games, 95% Wilson intervals",
        )?;
        let (panels, key) = root.split_vertically(1080);
        for (panel, area) in PANELS.iter().zip(panels.split_evenly((2, 2)).iter()) {
            draw_panel(area, panel, &results)?;
        }
        let names: Vec<(&str, RGBColor)> = GAMES
            .iter()
            .map(|&(_, name, colour)| (name, colour))
            .collect();
        draw_markers_key(&key, &names)?;
        root.present().library()?;
    }
    Ok(svg)
}

/// The lines of `panel`, in grid order (by α where it varies), as (label, results by game).
fn columns<'a>(panel: &Panel, results: &'a [LineResult]) -> Vec<(String, Vec<&'a LineResult>)> {
    let mut columns: Vec<(String, Vec<&LineResult>)> = Vec::new();
    for result in results.iter().filter(|r| (panel.keep)(r)) {
        let label = (panel.label)(result);
        match columns.iter_mut().find(|(l, _)| *l == label) {
            Some((_, lines)) => lines.push(result),
            None => columns.push((label, vec![result])),
        }
    }
    // The α panel reads left to right from coarse to continuous scores; the other panels
    // have one α and keep the grid's order.
    columns.sort_by_key(|(_, lines)| lines[0].alpha);
    columns
}

fn draw_panel(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    panel: &Panel,
    results: &[LineResult],
) -> Result<()> {
    let columns = columns(panel, results);
    let labels: Vec<String> = columns.iter().map(|(label, _)| label.clone()).collect();
    let mut chart = share_axes(area, panel.title, &labels, LOWEST_SHARE)?;
    for (index, (_, lines)) in columns.iter().enumerate() {
        for (offset, (game, _, colour)) in GAMES.iter().enumerate() {
            let Some(line) = lines.iter().find(|l| l.game == *game) else {
                continue;
            };
            let (Some(share), Some(low), Some(high)) = (line.share_b, line.ci_low, line.ci_high)
            else {
                continue;
            };
            let x = index as f64 + (offset as f64 - 1.5) * 0.17;
            chart
                .draw_series([PathElement::new(
                    vec![(x, low), (x, high)],
                    colour.stroke_width(2),
                )])
                .library()?;
            draw_marker(&mut chart, offset, (x, share), *colour)?;
        }
    }
    Ok(())
}

/// The axes of a share figure: one labelled column per line, B's share from `lowest` to 1
/// upwards, and the dashed line of no advantage at 1/2.
pub(super) fn share_axes<'a>(
    area: &DrawingArea<SVGBackend<'a>, plotters::coord::Shift>,
    title: &str,
    labels: &[String],
    lowest: f64,
) -> Result<ChartContext<'a, SVGBackend<'a>, Cartesian2d<RangedCoordf64, RangedCoordf64>>> {
    let count = labels.len() as f64;
    let mut chart = ChartBuilder::on(area)
        .caption(title, (FONT, LABEL))
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(-0.5f64..count - 0.5, lowest..1f64)
        .library()?;
    chart
        .configure_mesh()
        .light_line_style(WHITE)
        .x_labels(2 * labels.len() + 1)
        .x_label_formatter(&|x| {
            let index = x.round();
            if (x - index).abs() > 1e-6 || index < 0.0 {
                return String::new();
            }
            labels.get(index as usize).cloned().unwrap_or_default()
        })
        .y_desc("B's share")
        .axis_desc_style((FONT, TICK))
        .label_style((FONT, TICK))
        .y_label_formatter(&|y| format!("{y:.1}"))
        .draw()
        .library()?;
    chart
        .draw_series(DashedLineSeries::new(
            [(-0.5, 0.5), (count - 0.5, 0.5)],
            6,
            4,
            INK.stroke_width(1),
        ))
        .library()?;
    Ok(chart)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of the kept grid is drawn, in one panel; the paper's 2 v 4 at α = 2^61 is
    /// drawn twice, as a depth pair and as the α panel's continuous case.
    #[test]
    fn every_line_of_the_grid_is_in_a_panel() {
        let results = read_grid(&crate::workspace_dir().join("docs")).unwrap();
        let drawn: usize = PANELS
            .iter()
            .flat_map(|panel| columns(panel, &results))
            .map(|(_, lines)| lines.len())
            .sum();
        assert_eq!(drawn, results.len() + GAMES.len());
        for result in &results {
            assert!(
                PANELS.iter().any(|panel| (panel.keep)(result)),
                "{result:?}"
            );
        }
        let alphas: Vec<String> = columns(&PANELS[3], &results)
            .into_iter()
            .map(|(label, _)| label)
            .collect();
        assert_eq!(alphas, ["2", "3", "5", "10", "100", "2^61"]);
    }
}

//! Beal and Smith's claims in chess, drawn: B's share of the decisive games of each chess
//! line with its Wilson 95% interval (`docs/data/levene-fenner-chess*.json`, from `cargo
//! xtask tournament --chess-grid` and the merged depth-5 line), and the explanation
//! measured, the mobility of the moves random minimaxing chooses by depth
//! (`docs/data/levene-fenner-mobility.json`, from `cargo xtask mobility --grid`).

use plotters::prelude::*;

use super::Figure;
use super::levene_fenner_tournaments::share_axes;
use super::style::{
    BLUE, BLUISH_GREEN, FONT, INK, LABEL, ORANGE, SKY_BLUE, TICK, VERMILION, draw_marker,
    draw_markers_key, titled_page,
};
use crate::error::{Error, LibraryResult, Result};
use crate::kept::chess::{experiment_of, in_experiment_order, read_chess};
use crate::kept::read_mobility;
use minimax_random::line::LineResult;
use minimax_random::mobility::MobilityResult;

/// The figure of the chess lines and the mobility measures.
pub fn figures() -> Vec<Figure> {
    vec![Figure {
        paper: "levene-fenner",
        name: "chess",
        draw: chess,
    }]
}

/// The 97.5% quantile of the standard normal law: the mobility bars are 95% intervals.
const Z_95: f64 = 1.959_963_984_540_054;

/// The bottom of the share axis: below the lowest interval, the paper model's 2 v 3.
const LOWEST_SHARE: f64 = 0.2;

/// The groups of chess lines, their names in the key and colours.
const GROUPS: [(&str, RGBColor); 5] = [
    ("(a) random:d v random:d+1", BLUE),
    ("(a) paper:d v paper:d+1", SKY_BLUE),
    ("(b) uniform v random:d", VERMILION),
    ("(c) zero:d v random:d", BLUISH_GREEN),
    ("(d) material:d v material+random:d", ORANGE),
];

/// The group of a chess line, an index into [`GROUPS`].
fn group(line: &LineResult) -> Option<usize> {
    match experiment_of(line)? {
        "a" if line.a.starts_with("random:") => Some(0),
        "a" => Some(1),
        "b" => Some(2),
        "c" => Some(3),
        "d" => Some(4),
        _ => None,
    }
}

fn depth(spec: &str) -> &str {
    spec.rsplit(':').next().unwrap_or_default()
}

/// A chess line's label under its column: the depths it compares.
fn label(line: &LineResult) -> String {
    match experiment_of(line) {
        Some("a") => format!("{}v{}", depth(&line.a), depth(&line.b)),
        _ => format!("d{}", depth(&line.b)),
    }
}

/// The games of the mobility panels, their names in the key, colours and markers.
const GAMES: [(&str, &str, RGBColor); 4] = [
    ("chess", "Chess", INK),
    ("connect-four", "Connect-Four", BLUE),
    ("domineering-8x8", "Domineering 8×8", BLUISH_GREEN),
    ("othello-6x6", "Othello 6×6", ORANGE),
];

/// The chess lines above, the two mobility measures below.
fn chess() -> Result<String> {
    let docs = crate::workspace_dir().join("docs");
    let lines = read_chess(&docs)?.ok_or_else(|| {
        Error::NotComputable("no chess line is kept: cargo xtask tournament --chess-grid".into())
    })?;
    let mobility = read_mobility(&docs)?.ok_or_else(|| {
        Error::NotComputable("no mobility measure is kept: cargo xtask mobility --grid".into())
    })?;
    let mut svg = String::new();
    {
        let root = titled_page(
            &mut svg,
            (1600, 1250),
            "Random minimaxing in chess: B's share of decisive games (95% Wilson intervals), and mobility by depth",
        )?;
        let (top, bottom) = root.split_vertically(560);
        let (lines_panel, lines_key) = top.split_vertically(480);
        draw_lines(&lines_panel, &in_experiment_order(&lines))?;
        draw_groups_key(&lines_key)?;
        let (panels, games_key) = bottom.split_vertically(560);
        let halves = panels.split_evenly((1, 2));
        draw_mobility(&halves[0], &mobility, Measure::Replies)?;
        draw_mobility(&halves[1], &mobility, Measure::Own)?;
        let key: Vec<(&str, RGBColor)> = GAMES
            .iter()
            .map(|&(_, name, colour)| (name, colour))
            .collect();
        draw_markers_key(&games_key, &key)?;
        root.present().library()?;
    }
    Ok(svg)
}

type Area<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;

/// One column per chess line in the experiments' order, coloured by its group, with the line of
/// no advantage at 1/2.
fn draw_lines(area: &Area<'_>, lines: &[&LineResult]) -> Result<()> {
    let labels: Vec<String> = lines.iter().map(|line| label(line)).collect();
    let mut chart = share_axes(
        area,
        "Chess lines, 1,000 games each: the deeper, searching, random or noisy player's share",
        &labels,
        LOWEST_SHARE,
    )?;
    for (index, line) in lines.iter().enumerate() {
        let (Some(group), Some(share), Some(low), Some(high)) =
            (group(line), line.share_b, line.ci_low, line.ci_high)
        else {
            continue;
        };
        let colour = GROUPS[group].1;
        let x = index as f64;
        chart
            .draw_series([PathElement::new(
                vec![(x, low), (x, high)],
                colour.stroke_width(3),
            )])
            .library()?;
        chart
            .draw_series([Circle::new((x, share), 7, colour.filled())])
            .library()?;
    }
    Ok(())
}

/// The key of the line groups, in two rows under the panel.
fn draw_groups_key(area: &Area<'_>) -> Result<()> {
    for (index, (name, colour)) in GROUPS.iter().enumerate() {
        let (x, y) = (90 + 500 * (index % 3) as i32, 15 + 34 * (index / 3) as i32);
        area.draw(&Circle::new((x, y), 7, colour.filled()))
            .library()?;
        area.draw(&Text::new(*name, (x + 14, y - 10), (FONT, TICK)))
            .library()?;
    }
    Ok(())
}

/// Which mobility the panel shows.
#[derive(Clone, Copy)]
enum Measure {
    /// The opponent's replies after the chosen move.
    Replies,
    /// The mover's own moves one move later.
    Own,
}

impl Measure {
    fn title(self) -> &'static str {
        match self {
            Measure::Replies => "The opponent's replies: chosen v uniform",
            Measure::Own => "One's own next moves: chosen v uniform",
        }
    }

    /// The difference (chosen − uniform) relative to the uniform choice's, in per cent,
    /// and its 95% half-width.
    fn relative(self, result: &MobilityResult) -> (f64, f64) {
        let (difference, error, uniform) = match self {
            Measure::Replies => (
                result.replies_difference,
                result.replies_standard_error,
                result.uniform_replies,
            ),
            Measure::Own => (
                result.own_difference,
                result.own_standard_error,
                result.uniform_own,
            ),
        };
        (100.0 * difference / uniform, 100.0 * Z_95 * error / uniform)
    }
}

/// The player's depth, 0 for the uniform mover.
fn player_depth(result: &MobilityResult) -> Option<f64> {
    if result.player == "uniform" {
        return Some(0.0);
    }
    result.player.strip_prefix("random:")?.parse().ok()
}

/// One game's series per colour: the relative difference by depth with 95% bars.
fn draw_mobility(area: &Area<'_>, results: &[MobilityResult], measure: Measure) -> Result<()> {
    let points: Vec<(usize, f64, f64, f64)> = results
        .iter()
        .filter_map(|result| {
            let game = GAMES.iter().position(|(name, ..)| *name == result.game)?;
            let (value, half) = measure.relative(result);
            Some((game, player_depth(result)?, value, half))
        })
        .collect();
    let (low, high) = points.iter().fold((0.0f64, 0.0f64), |(low, high), p| {
        (low.min(p.2 - p.3), high.max(p.2 + p.3))
    });
    let margin = 0.08 * (high - low).max(1.0);
    let mut chart = ChartBuilder::on(area)
        .caption(measure.title(), (FONT, LABEL))
        .margin(15)
        .x_label_area_size(50)
        .y_label_area_size(70)
        .build_cartesian_2d(-0.4f64..4.4f64, (low - margin)..(high + margin))
        .library()?;
    chart
        .configure_mesh()
        .light_line_style(WHITE)
        .x_labels(5)
        .x_label_formatter(&|x| match x.round() as i64 {
            0 => "uniform".to_owned(),
            depth => format!("random:{depth}"),
        })
        .y_desc("difference, % of the uniform choice's")
        .axis_desc_style((FONT, TICK))
        .label_style((FONT, TICK))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()
        .library()?;
    chart
        .draw_series(DashedLineSeries::new(
            [(-0.4, 0.0), (4.4, 0.0)],
            6,
            4,
            INK.stroke_width(1),
        ))
        .library()?;
    for (game, (_, _, colour)) in GAMES.iter().enumerate() {
        let offset = (game as f64 - 1.5) * 0.08;
        let mut series: Vec<(f64, f64, f64)> = points
            .iter()
            .filter(|p| p.0 == game)
            .map(|p| (p.1 + offset, p.2, p.3))
            .collect();
        series.sort_by(|a, b| a.0.total_cmp(&b.0));
        chart
            .draw_series(LineSeries::new(
                series.iter().map(|&(x, y, _)| (x, y)),
                colour.stroke_width(2),
            ))
            .library()?;
        for &(x, y, half) in &series {
            chart
                .draw_series([PathElement::new(
                    vec![(x, y - half), (x, y + half)],
                    colour.stroke_width(2),
                )])
                .library()?;
            draw_marker(&mut chart, game, (x, y), *colour)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kept chess line belongs to one group of the key, and is labelled by the depths
    /// it compares.
    #[test]
    fn every_chess_line_is_drawn_in_a_group() {
        let lines = read_chess(&crate::workspace_dir().join("docs"))
            .unwrap()
            .unwrap();
        for line in &lines {
            assert!(group(line).is_some(), "{line:?}");
        }
        let random_deeper = lines.iter().filter(|l| group(l) == Some(0)).count();
        assert!(random_deeper >= 3);
        let first = in_experiment_order(&lines)[0];
        assert_eq!(label(first), "1v2");
    }
}

//! Johnson's results drawn: the chance of winning W against the split ratio A, from
//! `lookahead-eval` and `solitaire`.

use game_core::number::to_f64;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use solitaire::{Form, StrategyName};

use super::style::{
    BLUE, BLUISH_GREEN, FONT, INK, LABEL, ORANGE, PURPLE, SIZE, SKY_BLUE, TICK, VERMILION,
    draw_key, key_printed_markers, titled_page,
};
use super::{Figure, transcription};
use crate::error::{Error, LibraryResult, Result};
use crate::sources::johnson1970::series::{
    LAW_E, MAP_A, MAP_E, Printed, all_law_curves, curve, map_cells, printed, printed_first_places,
    table_4_2,
};

/// The figures of this paper.
pub fn figures() -> Vec<Figure> {
    vec![
        Figure {
            paper: "johnson1970",
            name: "win-probability-against-split-ratio",
            draw: win_probability_against_split_ratio,
        },
        Figure {
            paper: "johnson1970",
            name: "best-strategy-map",
            draw: best_strategy_map,
        },
        Figure {
            paper: "johnson1970",
            name: "constant-against-uniform-split-ratio",
            draw: constant_against_uniform_split_ratio,
        },
    ]
}

/// The range of W on the charts.
const W_RANGE: (f64, f64) = (0.3, 1.0);

/// The strategies drawn, each with its colour and dash pattern (the second cue): the low
/// chain in blue, the high chain in vermilion, one look solid, two dashed, ∞ dotted.
const STRATEGIES: [(StrategyName, RGBColor, Dash); 9] = [
    (StrategyName::NoStrat, INK, Dash::Dotted),
    (StrategyName::Strat, INK, Dash::Solid),
    (StrategyName::LStrat, BLUE, Dash::Solid),
    (StrategyName::TwoLStrat, BLUE, Dash::Dashed),
    (StrategyName::UnlimitedLStrat, BLUE, Dash::Dotted),
    (StrategyName::HStrat, VERMILION, Dash::Solid),
    (StrategyName::TwoHStrat, VERMILION, Dash::Dashed),
    (StrategyName::UnlimitedHStrat, VERMILION, Dash::Dotted),
    (StrategyName::BStrat, BLUISH_GREEN, Dash::Solid),
];

/// How a strategy's line is drawn.
#[derive(Debug, Clone, Copy)]
enum Dash {
    Solid,
    Dashed,
    Dotted,
}

impl Dash {
    /// The lengths of a dash and of the gap after it, in pixels; a solid line is one dash
    /// longer than any segment it draws.
    fn pattern(self) -> (u32, u32) {
        match self {
            Dash::Solid => (1_000, 1),
            Dash::Dashed => (10, 6),
            Dash::Dotted => (3, 5),
        }
    }
}

/// W against A at E = 1/2 for the memo's strategies, TSI beside TSD: exact curves, the
/// memo's printed values as circles, its errata as crosses.
fn win_probability_against_split_ratio() -> Result<String> {
    let panels = [
        (
            Form::Independent,
            "TSI (independent wins)",
            &["4.1", "4.4"][..],
        ),
        (Form::Dependent, "TSD (one win)", &["text-2", "text-3"][..]),
    ];
    let rows = transcription("johnson1970")?.rows;
    let mut svg = String::new();
    {
        let root = titled_page(
            &mut svg,
            (2 * SIZE.0 - 200, SIZE.1 + 60),
            "Johnson's strategies at E = 1/2: the chance of winning W against the split ratio A",
        )?;
        let halves = root.split_evenly((1, 2));
        for ((form, heading, tables), area) in panels.into_iter().zip(&halves) {
            let mut chart = ChartBuilder::on(area)
                .caption(heading, (FONT, LABEL + 2))
                .margin(20)
                .x_label_area_size(60)
                .y_label_area_size(70)
                .build_cartesian_2d(0.5f64..1f64, W_RANGE.0..W_RANGE.1)
                .library()?;
            chart
                .configure_mesh()
                .light_line_style(WHITE)
                .x_desc("A, the split ratio")
                .y_desc("W, the chance of winning")
                .axis_desc_style((FONT, LABEL))
                .label_style((FONT, TICK))
                .x_label_formatter(&|a| format!("{a:.2}"))
                .y_label_formatter(&|w| format!("{w:.1}"))
                .draw()
                .library()?;
            for (name, colour, dash) in STRATEGIES {
                let points = curve(name, form)?;
                let style = colour.stroke_width(2);
                let (size, gap) = dash.pattern();
                chart
                    .draw_series(DashedLineSeries::new(points, size, gap, style))
                    .library()?
                    .label(name.to_string())
                    .legend(move |(x, y)| {
                        DashedPathElement::new(vec![(x, y), (x + 28, y)], size, gap, style)
                    });
                // A misread far from every curve (the scan's .00915 for .90915) is left
                // off the chart; the page's caption names it.
                let marks: Vec<Printed> = printed(&rows, name, tables)?
                    .into_iter()
                    .filter(|p| (W_RANGE.0..=W_RANGE.1).contains(&p.w))
                    .collect();
                chart
                    .draw_series(
                        marks
                            .iter()
                            .filter(|p| !p.erratum)
                            .map(|p| Circle::new((to_f64(&p.a), p.w), 7, colour.stroke_width(2))),
                    )
                    .library()?;
                chart
                    .draw_series(
                        marks
                            .iter()
                            .filter(|p| p.erratum)
                            .map(|p| Cross::new((to_f64(&p.a), p.w), 7, colour.stroke_width(3))),
                    )
                    .library()?;
            }
            key_printed_markers(
                &mut chart,
                "printed by the memo",
                "printed, a declared erratum",
            )?;
            draw_key(&mut chart, SeriesLabelPosition::LowerRight)?;
        }
        root.present().library()?;
    }
    Ok(svg)
}

/// The colours on the map of the seven strategies of the memo's ranking table, in its
/// order ([`StrategyName::RANKED`]).
const RANKED_COLOURS: [RGBColor; 7] =
    [BLUE, VERMILION, BLUISH_GREEN, SKY_BLUE, PURPLE, ORANGE, INK];

/// Each ranked strategy with its colour.
fn ranked() -> impl Iterator<Item = (StrategyName, RGBColor)> {
    StrategyName::RANKED.into_iter().zip(RANKED_COLOURS)
}

/// The map's colour where strategies tie.
const TIED: RGBColor = RGBColor(200, 200, 200);

/// A ranked strategy's colour on the map (black if it is not ranked).
fn colour_of(name: StrategyName) -> RGBColor {
    ranked()
        .find(|(ranked, _)| *ranked == name)
        .map_or(INK, |(_, colour)| colour)
}

/// The colour `palette` gives the strategy `name` (black if it has none).
fn colour_in(palette: &[(StrategyName, RGBColor)], name: StrategyName) -> RGBColor {
    palette
        .iter()
        .find(|(listed, _)| *listed == name)
        .map_or(INK, |(_, colour)| *colour)
}

/// The best of the memo's seven ranked strategies over the (E, A) square, TSI beside TSD,
/// with the rows of the memo's ranking table marked.
fn best_strategy_map() -> Result<String> {
    let rows = transcription("johnson1970")?.rows;
    let printed = printed_first_places(&rows)?;
    let step_e = 1.0 / MAP_E.2 as f64;
    let step_a = 1.0 / MAP_A.2 as f64;
    let mut svg = String::new();
    {
        let root = titled_page(
            &mut svg,
            (2 * SIZE.0 - 200, SIZE.1),
            "Johnson's ranked strategies: which wins most, over E and A",
        )?;
        let (charts, key) = root.split_vertically(SIZE.1 - 110);
        let halves = charts.split_evenly((1, 2));
        let mut drawn: Vec<Vec<StrategyName>> = Vec::new();
        let panels = [
            (Form::Independent, "TSI (independent wins)"),
            (Form::Dependent, "TSD (one win)"),
        ];
        for ((form, heading), area) in panels.into_iter().zip(&halves) {
            let e_range = (MAP_E.0 as f64 - 0.5) * step_e..(MAP_E.1 as f64 + 0.5) * step_e;
            let a_range = (MAP_A.0 as f64 - 0.5) * step_a..(MAP_A.1 as f64 + 0.5) * step_a;
            let mut chart = ChartBuilder::on(area)
                .caption(heading, (FONT, LABEL + 2))
                .margin(20)
                .x_label_area_size(60)
                .y_label_area_size(70)
                .build_cartesian_2d(a_range, e_range)
                .library()?;
            chart
                .configure_mesh()
                .disable_mesh()
                .x_desc("A, the split ratio")
                .y_desc("E, the endpoint probability")
                .axis_desc_style((FONT, LABEL))
                .label_style((FONT, TICK))
                .x_label_formatter(&|a| format!("{a:.2}"))
                .y_label_formatter(&|e| format!("{e:.2}"))
                .draw()
                .library()?;
            let cells = map_cells(form)?;
            for (_, _, best) in &cells {
                if !drawn.contains(best) {
                    drawn.push(best.clone());
                }
            }
            chart
                .draw_series(cells.iter().map(|(a, e, best)| {
                    let corners = [
                        (a - step_a / 2.0, e - step_e / 2.0),
                        (a + step_a / 2.0, e + step_e / 2.0),
                    ];
                    let style = match best.as_slice() {
                        [one] => colour_of(*one).mix(0.75).filled(),
                        _ => TIED.filled(),
                    };
                    Rectangle::new(corners, style)
                }))
                .library()?;
            if form == Form::Independent {
                let (a_end, e_end) = (chart.x_range().end, chart.y_range().end);
                chart
                    .draw_series(
                        printed
                            .iter()
                            .filter(|(a, e, _)| *a < a_end && *e < e_end)
                            .map(|(a, e, _)| Circle::new((*a, *e), 8, WHITE.stroke_width(3))),
                    )
                    .library()?;
            }
        }
        map_key(&key, &drawn)?;
        root.present().library()?;
    }
    Ok(svg)
}

/// The map's key, in a strip below both panels so that it hides no cell: a swatch for
/// each outcome `drawn`, and the marker of the memo's ranking table.
fn map_key(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    drawn: &[Vec<StrategyName>],
) -> Result<()> {
    let font = (FONT, TICK).into_font();
    let mut x = 90;
    let y = 30;
    let mut entry = |swatch: &dyn Fn(i32) -> Result<()>, text: String| {
        swatch(x)?;
        area.draw(&Text::new(text.clone(), (x + 28, y - 9), font.clone()))
            .library()?;
        x += 50 + 9 * text.chars().count() as i32;
        Ok::<(), Error>(())
    };
    for (name, colour) in ranked() {
        if drawn.iter().any(|best| best.as_slice() == [name]) {
            let fill = colour.mix(0.75).filled();
            entry(
                &|x| {
                    area.draw(&Rectangle::new([(x, y - 9), (x + 20, y + 9)], fill))
                        .library()
                },
                format!("{name} wins most"),
            )?;
        }
    }
    if drawn.iter().any(|best| best.len() > 1) {
        entry(
            &|x| {
                area.draw(&Rectangle::new(
                    [(x, y - 9), (x + 20, y + 9)],
                    TIED.filled(),
                ))
                .library()
            },
            "tied: ∞LSTRAT = ∞HSTRAT (A = 1/2)".to_owned(),
        )?;
    }
    entry(
        &|x| {
            area.draw(&Rectangle::new(
                [(x, y - 9), (x + 20, y + 9)],
                RANKED_COLOURS[0].mix(0.75).filled(),
            ))
            .library()?;
            area.draw(&Circle::new((x + 10, y), 7, WHITE.stroke_width(3)))
                .library()
        },
        "a row of the memo's ranking table (TSI; its A = .99 lies beyond the map)".to_owned(),
    )
}

/// The strategies that look, compared under the two laws of the split ratio (the memo's
/// Table 4.2 has LSTRAT and HSTRAT; the others are ours).
const LOOKING: [(StrategyName, RGBColor); 5] = [
    (StrategyName::LStrat, BLUE),
    (StrategyName::HStrat, VERMILION),
    (StrategyName::BStrat, BLUISH_GREEN),
    (StrategyName::TwoLStrat, SKY_BLUE),
    (StrategyName::TwoHStrat, ORANGE),
];

/// W in TSI against E under a constant split ratio 3/4 and under ratios uniform on
/// [1/2, 1] (also of mean 3/4): exact curves, and the memo's Monte Carlo of Table 4.2 at
/// E = 1/2 with two standard errors; beside it, what the uniform law adds.
fn constant_against_uniform_split_ratio() -> Result<String> {
    let rows = transcription("johnson1970")?.rows;
    let runs = table_4_2(&rows)?;
    let curves = all_law_curves()?;
    let e_range = LAW_E.0 as f64 / LAW_E.2 as f64..LAW_E.1 as f64 / LAW_E.2 as f64;
    let mut svg = String::new();
    {
        let root = titled_page(
            &mut svg,
            (2 * SIZE.0 - 200, SIZE.1),
            "Johnson's strategies in TSI: a constant split ratio 3/4 against ratios uniform on [1/2, 1]",
        )?;
        let halves = root.split_evenly((1, 2));
        let mut chart = ChartBuilder::on(&halves[0])
            .caption("W: constant (solid), uniform (dashed)", (FONT, LABEL + 2))
            .margin(20)
            .x_label_area_size(60)
            .y_label_area_size(70)
            .build_cartesian_2d(e_range.clone(), 0.55f64..0.85f64)
            .library()?;
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .x_desc("E, the endpoint probability")
            .y_desc("W, the chance of winning")
            .axis_desc_style((FONT, LABEL))
            .label_style((FONT, TICK))
            .x_label_formatter(&|e| format!("{e:.2}"))
            .y_label_formatter(&|w| format!("{w:.2}"))
            .draw()
            .library()?;
        for (name, points) in &curves {
            let colour = &colour_in(&LOOKING, *name);
            let style = colour.stroke_width(2);
            chart
                .draw_series(LineSeries::new(points.iter().map(|p| (p.0, p.1)), style))
                .library()?
                .label(name.to_string())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 28, y)], style));
            chart
                .draw_series(DashedLineSeries::new(
                    points.iter().map(|p| (p.0, p.2)),
                    10,
                    6,
                    style,
                ))
                .library()?;
        }
        for &(name, uniform, w, error) in &runs {
            let colour = colour_in(&LOOKING, name);
            // The two laws' runs side by side, so their bars do not overlap.
            let e = 0.5 + if uniform { 0.006 } else { -0.006 };
            chart
                .draw_series([PathElement::new(
                    vec![(e, w - 2.0 * error), (e, w + 2.0 * error)],
                    colour.stroke_width(2),
                )])
                .library()?;
            let marker: DynElement<_, _> = if uniform {
                Cross::new((e, w), 5, colour.stroke_width(2)).into_dyn()
            } else {
                Circle::new((e, w), 5, colour.stroke_width(2)).into_dyn()
            };
            chart.draw_series([marker]).library()?;
        }
        chart
            .draw_series(std::iter::empty::<Circle<(f64, f64), u32>>())
            .library()?
            .label("Table 4.2 (E = 1/2), constant: estimate ± 2 s.e.")
            .legend(|(x, y)| Circle::new((x + 12, y), 5, INK.stroke_width(2)));
        chart
            .draw_series(std::iter::empty::<Cross<(f64, f64), u32>>())
            .library()?
            .label("Table 4.2 (E = 1/2), uniform: estimate ± 2 s.e.")
            .legend(|(x, y)| Cross::new((x + 12, y), 5, INK.stroke_width(2)));
        draw_key(&mut chart, SeriesLabelPosition::LowerRight)?;
        let mut chart = ChartBuilder::on(&halves[1])
            .caption("what ratios uniform on [1/2, 1] add", (FONT, LABEL + 2))
            .margin(20)
            .x_label_area_size(60)
            .y_label_area_size(80)
            .build_cartesian_2d(e_range, 0.0f64..0.025f64)
            .library()?;
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .x_desc("E, the endpoint probability")
            .y_desc("W uniform − W constant")
            .axis_desc_style((FONT, LABEL))
            .label_style((FONT, TICK))
            .x_label_formatter(&|e| format!("{e:.2}"))
            .y_label_formatter(&|d| format!("{d:.3}"))
            .draw()
            .library()?;
        for (name, points) in &curves {
            let colour = &colour_in(&LOOKING, *name);
            let style = colour.stroke_width(2);
            chart
                .draw_series(LineSeries::new(
                    points.iter().map(|p| (p.0, p.2 - p.1)),
                    style,
                ))
                .library()?
                .label(name.to_string())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 28, y)], style));
        }
        draw_key(&mut chart, SeriesLabelPosition::UpperLeft)?;
        root.present().library()?;
    }
    Ok(svg)
}

//! Levene and Fenner's results drawn: how the chance of choosing a move depends on α, from
//! `minimax-random`.

use std::fmt::Write;

use game_core::number::format_fraction;
use plotters::prelude::*;

use super::graphviz::{Palette, digraph, quote, render, tint};
use super::style::{BLUE, FONT, INK, LABEL, SIZE, TICK, TITLE, VERMILION, blank_page, draw_key};
use super::{Figure, transcription};
use crate::error::{Error, LibraryResult, Result};
use crate::sources::levene_fenner::series::{EXAMPLES, Example, MAX_ALPHA};

/// The figures of this paper.
pub fn figures() -> Vec<Figure> {
    vec![
        Figure {
            paper: "levene-fenner",
            name: "figure-1",
            draw: figure_1,
        },
        Figure {
            paper: "levene-fenner",
            name: "probability-difference-against-alpha",
            draw: probability_difference_against_alpha,
        },
    ]
}

/// The colour of each example on the chart.
const COLOURS: [RGBColor; 2] = [BLUE, VERMILION];

/// The paper's Figure 1, the 3-ply tree of Example 1, beside Example 2's variant of it, with
/// prob(a) and prob(b) as exact fractions at the α where the paper gives them.
fn figure_1() -> Result<String> {
    let caption = "Figure 1. A 3-ply game tree: Example 1, and Example 2's variant of it\n\
                   box: white (MAX) to move; oval: black (MIN); green: a leaf, scored uniformly \
                   on {1, …, α}\n\
                   in each move: the exact chance that random minimaxing chooses it\n ";
    let mut dot = digraph(caption, "", "", "arrowhead=none penwidth=1.2");
    for (index, example) in EXAMPLES.iter().enumerate() {
        example_tree(&mut dot, index, example)?;
    }
    writeln!(dot, "}}").library()?;
    render(&dot)
}

/// One example's tree as a DOT cluster: the root, the moves a and b with their chances,
/// the nodes below them and the leaves.
fn example_tree(dot: &mut String, index: usize, example: &Example) -> Result<()> {
    let moves = example.moves()?;
    let mut chances = vec![String::new(), String::new()];
    for (alpha, probs) in example.printed_chances()? {
        for (chance, prob) in chances.iter_mut().zip(&probs) {
            write!(chance, "\nα = {alpha}: {}", format_fraction(prob)).library()?;
        }
    }
    let (title, _) = example
        .title
        .split_once(" (")
        .unwrap_or((example.title, ""));
    let root = format!("e{index}");
    writeln!(
        dot,
        "subgraph cluster_{index} {{\nlabel={} fontsize=14 color=gray60 style=dashed",
        quote(&format!(
            "{}: {}",
            title.replace("Ex.", "Example"),
            example.domination
        ))
    )
    .library()?;
    writeln!(
        dot,
        "{root} [shape=box width=0.5 height=0.4 fillcolor={} label=\"\"]",
        tint(Palette::MAX)
    )
    .library()?;
    for ((name, shape), chance) in ["a", "b"].iter().zip(&moves).zip(&chances) {
        let node = format!("{root}{name}");
        writeln!(
            dot,
            "{node} [shape=ellipse width=1.7 height={} fillcolor={} label={}]\n{root} -> {node}",
            0.35 + 0.2 * example.printed_alphas.len() as f64,
            tint(Palette::MIN),
            quote(&format!("{name}{chance}"))
        )
        .library()?;
        let [middle, leaves] = shape.children() else {
            return Err(Error::NotComputable(
                "Figure 1's moves have two levels below them".to_owned(),
            ));
        };
        for m in 0..*middle {
            let inner = format!("{node}{m}");
            writeln!(
                dot,
                "{inner} [shape=box width=0.3 height=0.3 fillcolor={} label=\"\"]\n{node} -> {inner}",
                tint(Palette::MAX)
            )
            .library()?;
            for leaf in 0..*leaves {
                writeln!(
                    dot,
                    "{inner}_{leaf} [shape=circle width=0.18 fillcolor={} label=\"\"]\n{inner} -> {inner}_{leaf}",
                    tint(Palette::LEAF)
                )
                .library()?;
            }
        }
    }
    writeln!(dot, "}}").library()
}

/// prob(a) − prob(b) against α for Examples 1 and 2: exact for α = 1, …, 100, the limit as
/// α → ∞ dashed, and the paper's printed values as circles.
fn probability_difference_against_alpha() -> Result<String> {
    let rows = transcription("levene-fenner")?.rows;
    let mut svg = String::new();
    {
        let root = blank_page(&mut svg, SIZE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Random minimaxing: prob(a) − prob(b) against α",
                (FONT, TITLE),
            )
            .margin(20)
            .x_label_area_size(60)
            .y_label_area_size(80)
            .build_cartesian_2d((1f64..f64::from(MAX_ALPHA)).log_scale(), -0.15f64..0.55f64)
            .library()?;
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .x_desc("α, leaf scores uniform on {1, …, α} (log scale)")
            .y_desc("prob(a) − prob(b)")
            .axis_desc_style((FONT, LABEL))
            .label_style((FONT, TICK))
            .x_label_formatter(&|alpha| format!("{alpha:.0}"))
            .y_label_formatter(&|&d| format!("{:.2}", if d.abs() < 1e-9 { 0.0 } else { d }))
            .draw()
            .library()?;
        let zero = [(1.0, 0.0), (f64::from(MAX_ALPHA), 0.0)];
        chart
            .draw_series(LineSeries::new(zero, INK.stroke_width(1)))
            .library()?;
        for (example, colour) in EXAMPLES.iter().zip(COLOURS) {
            let curve = example.differences()?;
            chart
                .draw_series(LineSeries::new(
                    curve.iter().copied(),
                    colour.stroke_width(2),
                ))
                .library()?
                .label(format!("{}, exact", example.title))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(2))
                });
            let limit = example.limit()?;
            let limit_line = [(1.0, limit), (f64::from(MAX_ALPHA), limit)];
            chart
                .draw_series(DashedLineSeries::new(
                    limit_line,
                    8,
                    6,
                    colour.stroke_width(1),
                ))
                .library()?
                .label(format!("{}, α → ∞: {limit:.4}", example.title))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 10, y)], colour.stroke_width(1))
                });
            chart
                .draw_series(
                    example
                        .printed(&rows)?
                        .into_iter()
                        .map(|point| Circle::new(point, 9, colour.stroke_width(2))),
                )
                .library()?
                .label(format!("{}, printed", example.title))
                .legend(move |(x, y)| Circle::new((x + 12, y), 7, colour.stroke_width(2)));
        }
        draw_key(&mut chart, SeriesLabelPosition::MiddleRight)?;
        root.present().library()?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Figure 1 shows every prob(a) and prob(b) the paper prints for Examples 1 and 2, as
    /// the fraction the library computes.
    #[test]
    #[ignore = "needs Graphviz: apt-get install graphviz; run with --include-ignored"]
    fn figure_1_shows_the_printed_chances() {
        let svg = figure_1().unwrap();
        let rows = transcription("levene-fenner").unwrap().rows;
        let mut shown = 0;
        let chances = rows
            .iter()
            .filter(|row| row.table.starts_with("example-") && row.column.starts_with("prob("));
        for row in chances {
            let (Some(alpha), Some(printed)) =
                (row.parameter("alpha"), row.printed_value().unwrap())
            else {
                continue;
            };
            let text = format!("α = {alpha}: {}", format_fraction(&printed));
            assert!(svg.contains(&text), "{} {}: {text}", row.table, row.column);
            shown += 1;
        }
        assert_eq!(shown, 6, "Example 1 at α = 2, Example 2 at α = 2 and 3");
        // Example 1's tree: 1 + 2 + (2 + 3) + 2·3 + 3·2 nodes; Example 2's: 1 + 2 + (2 + 1) + 6 + 2.
        assert_eq!(svg.matches("class=\"node\"").count(), 20 + 14);
    }
}

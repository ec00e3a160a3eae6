//! Levene and Fenner's results drawn: how the chance of choosing a move depends on α, from
//! `minimax-random`.

use std::fmt::Write;

use game_core::number::{format_fraction, to_f64};
use minimax_random::MoveShape;
use minimax_random::polynomial::limit_probabilities;
use minimax_random::probability::move_probabilities;
use plotters::prelude::*;

use super::graphviz::{Palette, digraph, quote, render, tint};
use super::style::{BLUE, FONT, INK, LABEL, SIZE, TICK, TITLE, VERMILION, blank_page, draw_key};
use super::{Figure, transcription};
use crate::error::{Error, LibraryResult, Result};
use crate::verify::transcription::TranscribedRow;

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

/// The largest α drawn: the paper's claim for Example 2 runs to 100.
const MAX_ALPHA: u32 = 100;

/// An example of section 6: its name in the data file, its moves a and b (children per
/// level) and its colour.
struct Example {
    table: &'static str,
    title: &'static str,
    /// What the paper says of the two moves' domination (section 6).
    domination: &'static str,
    /// The α at which the paper gives prob(a) and prob(b).
    printed_alphas: &'static [u32],
    a: [u32; 2],
    b: [u32; 2],
    colour: RGBColor,
}

const EXAMPLES: [Example; 2] = [
    Example {
        table: "example-1",
        title: "Ex. 1 (a = 2×3, b = 3×2)",
        domination: "a strictly dominates b",
        printed_alphas: &[2],
        a: [2, 3],
        b: [3, 2],
        colour: BLUE,
    },
    Example {
        table: "example-2",
        title: "Ex. 2 (a = 2×3, b = 1×2)",
        domination: "neither dominates the other",
        printed_alphas: &[2, 3],
        a: [2, 3],
        b: [1, 2],
        colour: VERMILION,
    },
];

impl Example {
    fn moves(&self) -> Result<[MoveShape; 2]> {
        let shape = |children: [u32; 2]| MoveShape::new(children.to_vec()).library();
        Ok([shape(self.a)?, shape(self.b)?])
    }

    /// prob(a) − prob(b) for α = 1, …, [`MAX_ALPHA`], exactly, as points (α, difference).
    fn differences(&self) -> Result<Vec<(f64, f64)>> {
        let moves = self.moves()?;
        (1..=MAX_ALPHA)
            .map(|alpha| {
                let probs = move_probabilities(&moves, alpha).library()?;
                Ok((f64::from(alpha), to_f64(&(&probs[0] - &probs[1]))))
            })
            .collect()
    }

    /// The limit of prob(a) − prob(b) as α → ∞ (`polynomial::limit_probabilities`).
    fn limit(&self) -> Result<f64> {
        let limits = limit_probabilities(&self.moves()?).library()?;
        Ok(to_f64(&(&limits[0] - &limits[1])))
    }

    /// The paper's printed prob(a) − prob(b), at each α where `rows` (its transcription)
    /// print both.
    fn printed(&self, rows: &[TranscribedRow]) -> Result<Vec<(f64, f64)>> {
        let at = |alpha: &str, column: &str| {
            rows.iter().find(|row| {
                row.table == self.table
                    && row.column == column
                    && row.parameter("alpha") == Some(alpha)
            })
        };
        let mut points = Vec::new();
        for row_a in rows
            .iter()
            .filter(|row| row.table == self.table && row.column == "prob(a)")
        {
            let Some(alpha) = row_a.parameter("alpha") else {
                continue;
            };
            let Some(row_b) = at(alpha, "prob(b)") else {
                continue;
            };
            if let (Some(a), Some(b)) = (row_a.printed_value()?, row_b.printed_value()?) {
                let alpha: f64 = alpha
                    .parse()
                    .map_err(|_| Error::NotComputable(format!("alpha = {alpha}?")))?;
                points.push((alpha, to_f64(&(a - b))));
            }
        }
        Ok(points)
    }
}

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
    for &alpha in example.printed_alphas {
        let probs = move_probabilities(&moves, alpha).library()?;
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
        for example in &EXAMPLES {
            let colour = example.colour;
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
    fn figure_1_shows_the_printed_chances() {
        if super::super::graphviz::skip_without_dot() {
            return;
        }
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

    /// The curve passes through the paper's printed values: Example 1 at α = 2, Example 2
    /// at α = 2 and 3 (where it changes sign, as the paper says).
    #[test]
    fn the_curves_meet_the_printed_values() {
        let rows = transcription("levene-fenner").unwrap().rows;
        for example in &EXAMPLES {
            let curve = example.differences().unwrap();
            let printed = example.printed(&rows).unwrap();
            assert!(!printed.is_empty(), "{}", example.title);
            for (alpha, difference) in printed {
                let (_, ours) = curve[alpha as usize - 1];
                assert!(
                    (ours - difference).abs() < 1e-12,
                    "{} at α = {alpha}",
                    example.title
                );
            }
        }
        let second = EXAMPLES[1].differences().unwrap();
        assert!(second[1].1 > 0.0 && second[2].1 < 0.0);
    }
}

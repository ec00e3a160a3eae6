//! Levene and Fenner's results drawn: how the chance of choosing a move depends on α, from
//! `minimax-random`.

use game_core::number::to_f64;
use minimax_random::MoveShape;
use minimax_random::polynomial::limit_probabilities;
use minimax_random::probability::move_probabilities;
use plotters::prelude::*;

use super::style::{BLUE, FONT, INK, LABEL, SIZE, TICK, TITLE, VERMILION, draw_key};
use super::{Figure, transcription};
use crate::transcription::TranscribedRow;

/// The figures of this paper.
pub fn figures() -> Vec<Figure> {
    vec![Figure {
        paper: "levene-fenner",
        name: "probability-difference-against-alpha",
        draw: probability_difference_against_alpha,
    }]
}

/// The largest α drawn: the paper's claim for Example 2 runs to 100.
const MAX_ALPHA: u32 = 100;

/// An example of section 6: its name in the data file, its moves a and b (children per
/// level) and its colour.
struct Example {
    table: &'static str,
    title: &'static str,
    a: [u32; 2],
    b: [u32; 2],
    colour: RGBColor,
}

const EXAMPLES: [Example; 2] = [
    Example {
        table: "example-1",
        title: "Ex. 1 (a = 2×3, b = 3×2)",
        a: [2, 3],
        b: [3, 2],
        colour: BLUE,
    },
    Example {
        table: "example-2",
        title: "Ex. 2 (a = 2×3, b = 1×2)",
        a: [2, 3],
        b: [1, 2],
        colour: VERMILION,
    },
];

impl Example {
    fn moves(&self) -> Result<[MoveShape; 2], String> {
        let shape =
            |children: [u32; 2]| MoveShape::new(children.to_vec()).map_err(|e| e.to_string());
        Ok([shape(self.a)?, shape(self.b)?])
    }

    /// prob(a) − prob(b) for α = 1, …, [`MAX_ALPHA`], exactly, as points (α, difference).
    fn differences(&self) -> Result<Vec<(f64, f64)>, String> {
        let moves = self.moves()?;
        (1..=MAX_ALPHA)
            .map(|alpha| {
                let probs = move_probabilities(&moves, alpha).map_err(|e| e.to_string())?;
                Ok((f64::from(alpha), to_f64(&(&probs[0] - &probs[1]))))
            })
            .collect()
    }

    /// The limit of prob(a) − prob(b) as α → ∞ (`polynomial::limit_probabilities`).
    fn limit(&self) -> Result<f64, String> {
        let limits = limit_probabilities(&self.moves()?).map_err(|e| e.to_string())?;
        Ok(to_f64(&(&limits[0] - &limits[1])))
    }

    /// The paper's printed prob(a) − prob(b), at each α where `rows` (its transcription)
    /// print both.
    fn printed(&self, rows: &[TranscribedRow]) -> Result<Vec<(f64, f64)>, String> {
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
                let alpha: f64 = alpha.parse().map_err(|_| format!("alpha = {alpha}?"))?;
                points.push((alpha, to_f64(&(a - b))));
            }
        }
        Ok(points)
    }
}

/// prob(a) − prob(b) against α for Examples 1 and 2: exact for α = 1, …, 100, the limit as
/// α → ∞ dashed, and the paper's printed values as circles.
fn probability_difference_against_alpha() -> Result<String, String> {
    let rows = transcription("levene-fenner")?.rows;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Random minimaxing: prob(a) − prob(b) against α",
                (FONT, TITLE),
            )
            .margin(20)
            .x_label_area_size(60)
            .y_label_area_size(80)
            .build_cartesian_2d((1f64..f64::from(MAX_ALPHA)).log_scale(), -0.15f64..0.55f64)
            .map_err(|e| e.to_string())?;
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
            .map_err(|e| e.to_string())?;
        let zero = [(1.0, 0.0), (f64::from(MAX_ALPHA), 0.0)];
        chart
            .draw_series(LineSeries::new(zero, INK.stroke_width(1)))
            .map_err(|e| e.to_string())?;
        for example in &EXAMPLES {
            let colour = example.colour;
            let curve = example.differences()?;
            chart
                .draw_series(LineSeries::new(
                    curve.iter().copied(),
                    colour.stroke_width(2),
                ))
                .map_err(|e| e.to_string())?
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
                .map_err(|e| e.to_string())?
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
                .map_err(|e| e.to_string())?
                .label(format!("{}, printed", example.title))
                .legend(move |(x, y)| Circle::new((x + 12, y), 7, colour.stroke_width(2)));
        }
        draw_key(&mut chart, SeriesLabelPosition::MiddleRight)?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

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

//! Dotsenko and Marynych's figures, drawn from `backgammon-cube`.

use backgammon_cube::approximation::{RaceTableF64, lamford_gasquoine, normal};
use backgammon_cube::cube::CubeEquities;
use backgammon_cube::race::TurnCounts;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

use super::Figure;
use super::style::{
    BLUE, BLUISH_GREEN, FONT, INK, LABEL, ORANGE, PURPLE, SIZE, SKY_BLUE, TICK, TITLE, VERMILION,
    blank_page, draw_key, key_printed_markers,
};
use crate::error::{LibraryResult, Result};
use crate::sources::dotsenko_marynych::series::{
    APPROXIMATED_PIPS, CUBE_PIPS, CUBE_TABLE, Cell, Curve, MAX_LEAD, curves, errors_by_pip_count,
    table_4, thresholds,
};

/// The figures of this paper.
pub fn figures() -> Vec<Figure> {
    vec![
        Figure {
            paper: "dotsenko-marynych",
            name: "figure-1",
            draw: figure_1,
        },
        Figure {
            paper: "dotsenko-marynych",
            name: "race-against-table-4",
            draw: race_against_table_4,
        },
        Figure {
            paper: "dotsenko-marynych",
            name: "approximation-errors",
            draw: approximation_errors,
        },
        Figure {
            paper: "dotsenko-marynych",
            name: "cube-thresholds",
            draw: cube_thresholds,
        },
    ]
}

/// A's and B's decisions in the two-step game, as the regions of Figure 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Region {
    /// p < P_D(q): A doubles in neither cube position (B would take).
    NeverDouble,
    /// P_D(q) < p < P_R(q): A doubles a centred cube, not one he owns (B would take).
    CentredCubeOnly,
    /// P_R(q) < p ≤ P_Q(q): A doubles in both positions, and B takes.
    DoubleTake,
    /// p > P_Q(q): A doubles in both positions, and B passes.
    DoublePass,
}

impl Region {
    const ALL: [Region; 4] = [
        Region::NeverDouble,
        Region::CentredCubeOnly,
        Region::DoubleTake,
        Region::DoublePass,
    ];

    fn colour(self) -> RGBColor {
        match self {
            Region::NeverDouble => SKY_BLUE,
            Region::CentredCubeOnly => ORANGE,
            Region::DoubleTake => BLUISH_GREEN,
            Region::DoublePass => VERMILION,
        }
    }

    fn label(self) -> &'static str {
        match self {
            Region::NeverDouble => "A never doubles",
            Region::CentredCubeOnly => "A doubles only a centred cube",
            Region::DoubleTake => "A doubles either cube; B takes",
            Region::DoublePass => "A doubles either cube; B passes",
        }
    }
}

/// The polygon of each region: between its left and right boundary curves (the square's
/// edges p = 0 and p = 1 outside the first and the last), up one side and down the other.
fn region_polygons(curves: &[Curve; 3]) -> Vec<(Region, Vec<(f64, f64)>)> {
    let left_edge: Curve = curves[0].iter().map(|&(_, q)| (0.0, q)).collect();
    let right_edge: Curve = curves[0].iter().map(|&(_, q)| (1.0, q)).collect();
    let boundaries = [&left_edge, &curves[0], &curves[1], &curves[2], &right_edge];
    Region::ALL
        .into_iter()
        .zip(boundaries.windows(2))
        .map(|(region, pair)| {
            let mut polygon = pair[0].clone();
            polygon.extend(pair[1].iter().rev());
            (region, polygon)
        })
        .collect()
}

/// Where each curve's name is written: beside it, in the middle of its course.
const CURVE_LABELS: [(&str, f64, f64); 3] = [
    ("P_D", 0.37, 0.71),
    ("P_R", 0.43, 0.575),
    ("P_Q", 0.765, 0.9),
];

/// The paper's examples a)–c) of section 4.2: A with checkers on 2 and 5 (p = 19/36)
/// against B on 1 (q = 1), on 6 (q = 27/36) and on 2 and 4 (q = 23/36).
const EXAMPLES: [(&str, f64, f64); 3] = [
    ("a", 19.0 / 36.0, 1.0),
    ("b", 19.0 / 36.0, 27.0 / 36.0),
    ("c", 19.0 / 36.0, 23.0 / 36.0),
];

/// Figure 1: the two-step game in the (p, q) square, Tuck's curves and the regions of
/// the players' decisions, with the paper's examples.
fn figure_1() -> Result<String> {
    let curves = curves()?;
    let mut svg = String::new();
    {
        let root = blank_page(&mut svg, (SIZE.0 + 330, SIZE.1))?;
        let (plot, key) = root.split_horizontally(SIZE.0);
        let mut chart = ChartBuilder::on(&plot)
            .caption(
                "Figure 1: doubling in the two-step game (Tuck's curves)",
                (FONT, TITLE),
            )
            .margin(20)
            .margin_top(40)
            .x_label_area_size(70)
            .y_label_area_size(80)
            .build_cartesian_2d(0f64..1f64, 0f64..1f64)
            .library()?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc("p = P[A wins on his roll]")
            .y_desc("q = P[B wins on his roll]")
            .axis_desc_style((FONT, LABEL))
            .label_style((FONT, TICK))
            .x_labels(7)
            .y_labels(7)
            .x_label_formatter(&|x| format!("{x:.2}"))
            .y_label_formatter(&|y| format!("{y:.2}"))
            .draw()
            .library()?;
        for (region, polygon) in region_polygons(&curves) {
            let fill = region.colour().mix(0.35).filled();
            chart
                .draw_series(std::iter::once(Polygon::new(polygon, fill)))
                .library()?;
        }
        for (curve, (name, p, q)) in curves.iter().zip(CURVE_LABELS) {
            let width = if name == "P_Q" { 2 } else { 3 };
            chart
                .draw_series(LineSeries::new(
                    curve.iter().copied(),
                    INK.stroke_width(width),
                ))
                .library()?;
            chart
                .draw_series(std::iter::once(Text::new(name, (p, q), (FONT, LABEL))))
                .library()?;
        }
        chart
            .draw_series(EXAMPLES.iter().map(|&(label, p, q)| {
                EmptyElement::at((p, q))
                    + Circle::new((0, 0), 6, INK.filled())
                    + Text::new(format!("{label})"), (10, 2), (FONT, LABEL))
            }))
            .library()?;
        draw_region_key(&key)?;
        root.present().library()?;
    }
    Ok(svg)
}

/// The pip counts k of Table 4's rows, each with its colour.
const TABLE_4_ROWS: [(u32, RGBColor); 6] = [
    (20, BLUE),
    (40, VERMILION),
    (60, BLUISH_GREEN),
    (80, ORANGE),
    (100, PURPLE),
    (120, SKY_BLUE),
];

/// F(k, s), the chance that the player on roll at pip count k beats s, against the lead
/// s − k for each row of Table 4: exact, with the printed cells (the wrong ones crossed).
fn race_against_table_4() -> Result<String> {
    let race = TurnCounts::new(150);
    let cells = table_4()?;
    let mut svg = String::new();
    {
        let root = blank_page(&mut svg, SIZE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Single-checker race: F(k, s) exact against Table 4",
                (FONT, TITLE),
            )
            .margin(20)
            .x_label_area_size(60)
            .y_label_area_size(70)
            .build_cartesian_2d(-0.5f64..f64::from(MAX_LEAD) + 0.5, 0.5f64..1.01f64)
            .library()?;
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .x_desc("s − k, the opponent's lag in pips")
            .y_desc("F(k, s) = P[the player on roll wins]")
            .axis_desc_style((FONT, LABEL))
            .label_style((FONT, TICK))
            .x_label_formatter(&|lead| format!("{lead:.0}"))
            .y_label_formatter(&|f| format!("{f:.2}"))
            .draw()
            .library()?;
        for (k, colour) in TABLE_4_ROWS {
            let curve = (0..=MAX_LEAD)
                .map(|lead| {
                    let f = race.win_probability_f64(k, k + lead).library()?;
                    Ok((f64::from(lead), f))
                })
                .collect::<Result<Vec<_>>>()?;
            chart
                .draw_series(LineSeries::new(curve, colour.stroke_width(2)))
                .library()?
                .label(format!("k = {k}"))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(2))
                });
            let row: Vec<&Cell> = cells.iter().filter(|cell| cell.k == k).collect();
            chart
                .draw_series(row.iter().filter(|cell| !cell.erratum).map(|cell| {
                    Circle::new(
                        (f64::from(cell.lead), cell.printed),
                        7,
                        colour.stroke_width(2),
                    )
                }))
                .library()?;
            chart
                .draw_series(row.iter().filter(|cell| cell.erratum).map(|cell| {
                    Cross::new(
                        (f64::from(cell.lead), cell.printed),
                        7,
                        colour.stroke_width(3),
                    )
                }))
                .library()?;
        }
        key_printed_markers(
            &mut chart,
            "printed, agrees (2 decimals)",
            "printed, wrong (an erratum)",
        )?;
        draw_key(&mut chart, SeriesLabelPosition::LowerRight)?;
        root.present().library()?;
    }
    Ok(svg)
}

/// Section 5's approximations to F(k, s) judged: for each pip count k, the largest error
/// over the leads of Table 4, with the paper's claims for Lamford–Gasquoine (2% for
/// k < 40, 1% for 100 < k < 500) drawn where they are made.
fn approximation_errors() -> Result<String> {
    let table = RaceTableF64::new(APPROXIMATED_PIPS + MAX_LEAD);
    let formulas = [
        (
            "Lamford–Gasquoine, as read",
            lamford_gasquoine as fn(u32, u32) -> _,
            VERMILION,
        ),
        ("normal, as rebuilt", normal, BLUE),
    ];
    let mut svg = String::new();
    {
        let root = blank_page(&mut svg, SIZE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Section 5: the approximations' largest error over s − k = 0..30",
                (FONT, TITLE),
            )
            .margin(20)
            .x_label_area_size(60)
            .y_label_area_size(80)
            .build_cartesian_2d(
                1f64..f64::from(APPROXIMATED_PIPS),
                (1e-4f64..0.3f64).log_scale(),
            )
            .library()?;
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .x_desc("k, the pip count of the player on roll")
            .y_desc("largest |approximation − F(k, s)| (log scale)")
            .axis_desc_style((FONT, LABEL))
            .label_style((FONT, TICK))
            .x_label_formatter(&|k| format!("{k:.0}"))
            .y_label_formatter(&|e| format!("{e}"))
            .draw()
            .library()?;
        for (name, formula, colour) in formulas {
            chart
                .draw_series(LineSeries::new(
                    errors_by_pip_count(&table, formula)?,
                    colour.stroke_width(2),
                ))
                .library()?
                .label(name)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(2))
                });
        }
        let claims = [(1.0, 39.0, 0.02), (101.0, 499.0, 0.01)];
        for (index, (from, to, claim)) in claims.into_iter().enumerate() {
            let series = chart
                .draw_series(DashedLineSeries::new(
                    [(from, claim), (to, claim)],
                    10,
                    6,
                    INK.stroke_width(2),
                ))
                .library()?;
            if index == 0 {
                series
                    .label("the paper's claim for Lamford–Gasquoine")
                    .legend(|(x, y)| {
                        DashedPathElement::new(
                            vec![(x, y), (x + 26, y)],
                            10,
                            6,
                            INK.stroke_width(2),
                        )
                    });
            }
        }
        draw_key(&mut chart, SeriesLabelPosition::UpperRight)?;
        root.present().library()?;
    }
    Ok(svg)
}

/// The cube's thresholds against the pip count: the least advantage at which the player
/// on roll doubles (centred cube, own cube) and the largest lag at which the opponent
/// takes, as a share of the pip count k, for k up to 500.
fn cube_thresholds() -> Result<String> {
    let equities = CubeEquities::<f64>::new(CUBE_TABLE).library()?;
    let mut curves = [Vec::new(), Vec::new(), Vec::new()];
    for k in 10..=CUBE_PIPS {
        for (curve, threshold) in curves.iter_mut().zip(thresholds(&equities, k)?) {
            if let Some(lead) = threshold {
                curve.push((f64::from(k), 100.0 * lead as f64 / f64::from(k)));
            }
        }
    }
    let names = [
        ("A doubles a centred cube from this lead", ORANGE),
        ("A doubles his own cube from this lead", BLUE),
        ("B takes up to this lag", BLUISH_GREEN),
    ];
    let mut svg = String::new();
    {
        let root = blank_page(&mut svg, SIZE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Single-checker race: the cube's thresholds against the pip count",
                (FONT, TITLE),
            )
            .margin(20)
            .x_label_area_size(60)
            .y_label_area_size(80)
            .build_cartesian_2d(10f64..f64::from(CUBE_PIPS), -30f64..20f64)
            .library()?;
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .x_desc("k, the pip count of A, on roll")
            .y_desc("(s − k) / k, in % of k")
            .axis_desc_style((FONT, LABEL))
            .label_style((FONT, TICK))
            .x_label_formatter(&|k| format!("{k:.0}"))
            .y_label_formatter(&|share| format!("{share:.0}%"))
            .draw()
            .library()?;
        for (curve, (name, colour)) in curves.into_iter().zip(names) {
            chart
                .draw_series(LineSeries::new(curve, colour.stroke_width(2)))
                .library()?
                .label(name)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(2))
                });
        }
        draw_key(&mut chart, SeriesLabelPosition::LowerRight)?;
        root.present().library()?;
    }
    Ok(svg)
}

/// The key beside the plot: each region's colour and what the players do there.
fn draw_region_key(key: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>) -> Result<()> {
    let heading = Text::new(
        "Regions",
        (10, 110),
        (FONT, LABEL).into_font().style(FontStyle::Bold),
    );
    key.draw(&heading).library()?;
    for (row, region) in Region::ALL.into_iter().enumerate() {
        let y = 150 + 40 * row as i32;
        let swatch = Rectangle::new([(10, y), (34, y + 24)], region.colour().mix(0.35).filled());
        key.draw(&swatch).library()?;
        let outline = Rectangle::new([(10, y), (34, y + 24)], INK.stroke_width(1));
        key.draw(&outline).library()?;
        key.draw(&Text::new(region.label(), (44, y + 4), (FONT, TICK)))
            .library()?;
    }
    let notes = [
        "P_D: A doubles a centred cube right of it",
        "P_R: A doubles a cube he owns right of it",
        "P_Q: B takes left of it",
        "a) b) c): the examples of section 4.2,",
        "    A on 2 and 5, B on 1, on 6, on 2 and 4",
    ];
    for (row, note) in notes.iter().enumerate() {
        let y = 340 + 28 * row as i32;
        key.draw(&Text::new(*note, (10, y), (FONT, TICK)))
            .library()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use backgammon_cube::tuck::{decisions, double_point, redouble_point, take_point};
    use num_rational::BigRational;
    use num_traits::ToPrimitive;

    use super::*;

    /// Whether `point` lies inside `polygon` (ray casting; points on an edge are not
    /// asked about).
    fn inside(polygon: &[(f64, f64)], (p, q): (f64, f64)) -> bool {
        let mut crossings = 0;
        for (i, &(p1, q1)) in polygon.iter().enumerate() {
            let (p2, q2) = polygon[(i + 1) % polygon.len()];
            if (q1 > q) != (q2 > q) && p < p1 + (q - q1) / (q2 - q1) * (p2 - p1) {
                crossings += 1;
            }
        }
        crossings % 2 == 1
    }

    /// The region `tuck::decisions` puts (p, q) in.
    fn decided(p: f64, q: f64) -> Region {
        let exact = |x: f64| BigRational::from_float(x).expect("finite");
        let d = decisions(&exact(p), &exact(q)).expect("a probability");
        match (d.double, d.redouble, d.take) {
            (false, _, _) => Region::NeverDouble,
            (true, false, _) => Region::CentredCubeOnly,
            (true, true, true) => Region::DoubleTake,
            (true, true, false) => Region::DoublePass,
        }
    }

    /// Every point of a 99 × 99 grid that is not within 10^-3 of a curve lies in exactly
    /// one drawn region, and it is the region of the players' decisions.
    #[test]
    fn the_drawn_regions_are_the_decisions_of_tuck() {
        let curves = curves().unwrap();
        let polygons = region_polygons(&curves);
        let exact_p = |f: fn(&BigRational) -> Result<BigRational, _>, q: f64| {
            f(&BigRational::from_float(q).unwrap())
                .unwrap()
                .to_f64()
                .unwrap()
        };
        let mut compared = 0;
        for i in 0..99 {
            for j in 0..99 {
                let (p, q) = ((f64::from(i) + 0.5) / 99.0, (f64::from(j) + 0.5) / 99.0);
                let near_a_curve = [double_point, redouble_point, take_point]
                    .into_iter()
                    .any(|f| (exact_p(f, q) - p).abs() < 1e-3);
                if near_a_curve {
                    continue;
                }
                let drawn: Vec<Region> = polygons
                    .iter()
                    .filter(|(_, polygon)| inside(polygon, (p, q)))
                    .map(|&(region, _)| region)
                    .collect();
                assert_eq!(drawn, vec![decided(p, q)], "(p, q) = ({p}, {q})");
                compared += 1;
            }
        }
        assert!(compared > 9_000, "only {compared} points compared");
    }
}

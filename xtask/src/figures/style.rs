//! The look shared by every figure: size, type and a palette colour-blind readers can tell
//! apart (Okabe and Ito's), with line styles and markers as a second cue.

use crate::error::{LibraryResult, Result};
use plotters::prelude::*;

/// Width and height of a chart, in SVG pixels: full page width, type readable at it.
pub const SIZE: (u32, u32) = (900, 700);

/// The type face and sizes of titles, axis descriptions and labels.
pub const FONT: &str = "sans-serif";
/// The caption's size.
pub const TITLE: u32 = 26;
/// Axis descriptions and region labels.
pub const LABEL: u32 = 20;
/// Tick labels.
pub const TICK: u32 = 17;

/// Okabe–Ito orange (the palette: orange, sky blue, bluish green, yellow, blue, vermilion,
/// reddish purple; the others are added when a figure needs them).
pub const ORANGE: RGBColor = RGBColor(230, 159, 0);
/// Okabe–Ito sky blue.
pub const SKY_BLUE: RGBColor = RGBColor(86, 180, 233);
/// Okabe–Ito bluish green.
pub const BLUISH_GREEN: RGBColor = RGBColor(0, 158, 115);
/// Okabe–Ito blue.
pub const BLUE: RGBColor = RGBColor(0, 114, 178);
/// Okabe–Ito vermilion.
pub const VERMILION: RGBColor = RGBColor(213, 94, 0);
/// Okabe–Ito reddish purple.
pub const PURPLE: RGBColor = RGBColor(204, 121, 167);
/// Text and axes.
pub const INK: RGBColor = RGBColor(0, 0, 0);

/// A page of `size` pixels on white with `title` on top, drawn into `svg`: the area a
/// figure of several panels splits.
pub fn titled_page<'a>(
    svg: &'a mut String,
    size: (u32, u32),
    title: &str,
) -> Result<DrawingArea<SVGBackend<'a>, plotters::coord::Shift>> {
    blank_page(svg, size)?
        .titled(title, (FONT, TITLE))
        .library()
}

/// A white page of `size` pixels, drawn into `svg`.
pub fn blank_page(
    svg: &mut String,
    size: (u32, u32),
) -> Result<DrawingArea<SVGBackend<'_>, plotters::coord::Shift>> {
    let root = SVGBackend::with_string(svg, size).into_drawing_area();
    root.fill(&WHITE).library()?;
    Ok(root)
}

/// The chart's key, in the house style: a white box with a black border at `position`.
pub fn draw_key<'a, X, Y>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, Cartesian2d<X, Y>>,
    position: SeriesLabelPosition,
) -> Result<()>
where
    X: Ranged,
    Y: Ranged,
{
    chart
        .configure_series_labels()
        .position(position)
        .label_font((FONT, TICK))
        .background_style(WHITE.mix(0.9))
        .border_style(INK)
        .draw()
        .library()
}

/// Two entries of the key for the printed values drawn beside our curves: a circle
/// for one that `agrees` and a cross for one that is an erratum (`wrong`), in black.
pub fn key_printed_markers<'a, X, Y>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, Cartesian2d<X, Y>>,
    agrees: &str,
    wrong: &str,
) -> Result<()>
where
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    chart
        .draw_series(std::iter::empty::<Circle<(f64, f64), u32>>())
        .library()?
        .label(agrees)
        .legend(|(x, y)| Circle::new((x + 12, y), 6, INK.stroke_width(2)));
    chart
        .draw_series(std::iter::empty::<Cross<(f64, f64), u32>>())
        .library()?
        .label(wrong)
        .legend(|(x, y)| Cross::new((x + 12, y), 6, INK.stroke_width(3)));
    Ok(())
}

/// Draws the `index`th marker of a figure's series at `at` in `chart`, in `colour`: a
/// filled circle, a filled triangle, a cross or a filled square, so that shape and colour
/// both tell the series apart.
pub fn draw_marker<'a>(
    chart: &mut ChartContext<
        'a,
        SVGBackend<'a>,
        Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
    >,
    index: usize,
    at: (f64, f64),
    colour: RGBColor,
) -> Result<()> {
    let style = colour.filled();
    match index % 4 {
        0 => chart.draw_series([Circle::new(at, 6, style)]).map(drop),
        1 => chart
            .draw_series([TriangleMarker::new(at, 7, style)])
            .map(drop),
        2 => chart
            .draw_series([Cross::new(at, 6, colour.stroke_width(3))])
            .map(drop),
        _ => chart
            .draw_series([EmptyElement::at(at) + Rectangle::new([(-5, -5), (5, 5)], style)])
            .map(drop),
    }
    .library()
}

/// A key in a row across `area`: each entry's marker (as [`draw_marker`] draws it) and
/// name.
pub fn draw_markers_key(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    entries: &[(&str, RGBColor)],
) -> Result<()> {
    for (index, (name, colour)) in entries.iter().enumerate() {
        let (x, y) = (300 + 280 * index as i32, 30);
        let style = colour.filled();
        let drawn = match index % 4 {
            0 => area.draw(&Circle::new((x, y), 6, style)),
            1 => area.draw(&TriangleMarker::new((x, y), 7, style)),
            2 => area.draw(&Cross::new((x, y), 6, colour.stroke_width(3))),
            _ => area.draw(&Rectangle::new([(x - 5, y - 5), (x + 5, y + 5)], style)),
        };
        drawn.library()?;
        area.draw(&Text::new(*name, (x + 14, y - 10), (FONT, LABEL)))
            .library()?;
    }
    Ok(())
}

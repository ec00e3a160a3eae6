//! The look shared by every figure: size, type and a palette colour-blind readers can tell
//! apart (Okabe and Ito's), with line styles and markers as a second cue.

use plotters::style::RGBColor;

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

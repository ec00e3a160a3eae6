//! Grundy's game drawn: its nim-values up to 10^6, from `nim-games`.

use nim_games::grundy::{GrundyTable, Schedule, sparse_values};
use plotters::prelude::*;

use super::Figure;
use super::style::{BLUE, FONT, LABEL, SIZE, TICK, TITLE, VERMILION, draw_key};

/// The figures of the note on Grundy's game.
pub fn figures() -> Vec<Figure> {
    vec![Figure {
        paper: "grundy",
        name: "nim-values-to-a-million",
        draw: nim_values_to_a_million,
    }]
}

/// The largest heap drawn.
const MAX_HEAP: u32 = 1_000_000;

/// Heaps per bin: each bin is drawn as the range of its values, so the file holds 1,000
/// segments, not 10^6 points.
const BIN: usize = 1_000;

/// The least and the largest value in each bin of [`BIN`] heaps from heap 1: (first heap
/// of the bin, least, largest).
fn bins(values: &[u16]) -> Vec<(u32, u16, u16)> {
    values[1..]
        .chunks(BIN)
        .zip((1u32..).step_by(BIN))
        .map(|(chunk, first)| {
            let least = chunk.iter().copied().min().unwrap_or(0);
            let largest = chunk.iter().copied().max().unwrap_or(0);
            (first, least, largest)
        })
        .collect()
}

fn table() -> Result<GrundyTable, String> {
    sparse_values(MAX_HEAP, Schedule::TwoThreads, |_| {}).map_err(|e| e.to_string())
}

/// G(n) for 1 ≤ n ≤ 10^6: the range of the values in each bin of 1,000 heaps, and every
/// heap with a rare value marked (log scale in n, so the small heaps show).
fn nim_values_to_a_million() -> Result<String, String> {
    let table = table()?;
    let values = table.values();
    let largest = values.iter().copied().max().unwrap_or(0);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
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
            .map_err(|e| e.to_string())?;
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
            .map_err(|e| e.to_string())?;
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
            .map_err(|e| e.to_string())?
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
            .map_err(|e| e.to_string())?
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
            .map_err(|e| e.to_string())?
            .label(format!(
                "the {} heaps with a rare value",
                table.rare_heaps().len()
            ))
            .legend(|(x, y)| Cross::new((x + 12, y), 5, VERMILION.stroke_width(2)));
        draw_key(&mut chart, SeriesLabelPosition::UpperLeft)?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each bin's range holds every value of its heaps, and the bins cover every heap.
    #[test]
    fn the_bins_cover_every_heap_and_value() {
        let values: Vec<u16> = (0..=2_500u32).map(|n| (n % 7 + n / 100) as u16).collect();
        let bins = bins(&values);
        assert_eq!(bins.len(), 3);
        assert_eq!(
            bins.iter().map(|b| b.0).collect::<Vec<_>>(),
            vec![1, 1_001, 2_001]
        );
        for (first, least, largest) in bins {
            let end = (first as usize + BIN).min(values.len());
            let chunk = &values[first as usize..end];
            assert_eq!(least, *chunk.iter().min().unwrap());
            assert_eq!(largest, *chunk.iter().max().unwrap());
        }
    }
}

//! The series of Grundy's game's figures: its nim-values to 10^6 in bins, the single-heap
//! P-positions in both plays, and the note's printed losses. Computed here, from
//! `nim-games`; drawn by `figures::grundy`.

use nim_games::grundys_game::{MisereTable, NimValueTable, nim_values};

use crate::error::{Error, LibraryResult, Result};

/// The largest heap drawn.
pub const MAX_HEAP: u32 = 1_000_000;

/// Heaps per bin: each bin is drawn as the range of its values, so the file holds 1,000
/// segments, not 10^6 points.
pub const BIN: usize = 1_000;

/// The least and the largest value in each bin of [`BIN`] heaps from heap 1: (first heap
/// of the bin, least, largest).
pub fn bins(values: &[u16]) -> Vec<(u32, u16, u16)> {
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

/// Grundy's game's nim-values up to [`MAX_HEAP`], by the rare/common method on two threads.
pub fn table() -> Result<NimValueTable> {
    nim_values(MAX_HEAP).library()
}

/// The largest single heap of the P-position strip. The misère table to 100 takes about
/// 4 s; to 130, the end of the list in `docs/grundy.md`, 90 s, beyond the figures' budget.
pub const MAX_STRIP_HEAP: u32 = 100;

/// The single heaps 1..=[`MAX_STRIP_HEAP`] that are P-positions (lost for the player to
/// move): in normal play those with G(n) = 0, in misère play by `MisereTable`.
pub fn p_positions(play: &str) -> Result<Vec<u32>> {
    let heaps = 1..=MAX_STRIP_HEAP;
    if play == "normal" {
        let table = nim_values(MAX_STRIP_HEAP).library()?;
        return Ok(heaps.filter(|&n| table.values()[n as usize] == 0).collect());
    }
    let table = MisereTable::new(MAX_STRIP_HEAP).library()?;
    let mut lost = Vec::new();
    for n in heaps {
        if !table.first_player_wins(&[n]).library()? {
            lost.push(n);
        }
    }
    Ok(lost)
}

/// The note's first table as printed: each heap it gives as lost (`L`) in `play`, with
/// whether that row is a declared erratum.
pub fn printed_losses(play: &str) -> Result<Vec<(u32, bool)>> {
    let column = format!("{play}-value");
    crate::sources::find("grundy")?
        .transcription()?
        .rows
        .iter()
        .filter(|row| row.table == "values" && row.column == column)
        .filter(|row| row.published.as_deref() == Some("L"))
        .map(|row| {
            let heap = row
                .row
                .trim_start_matches("n=")
                .parse()
                .map_err(|_| Error::NotComputable(format!("a heap {:?}?", row.row)))?;
            Ok((heap, row.erratum.is_some()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The strip shows the P-positions `docs/grundy.md` lists (misère: every third heap to
    /// 45, then 50, 94, 100), and the note's printed losses are P-positions except its
    /// declared errata.
    #[test]
    fn the_strip_has_the_listed_p_positions_and_meets_the_note() {
        let misere = p_positions("misere").unwrap();
        let mut listed: Vec<u32> = (1..=15).map(|k| 3 * k).collect();
        listed.extend([50, 94, 100]);
        assert_eq!(misere, listed);
        let normal = p_positions("normal").unwrap();
        assert_eq!(&normal[..8], &[1, 2, 4, 7, 10, 20, 23, 26]);
        for play in ["normal", "misere"] {
            let lost = p_positions(play).unwrap();
            let printed = printed_losses(play).unwrap();
            assert!(!printed.is_empty());
            for (heap, erratum) in printed {
                assert_eq!(lost.contains(&heap), !erratum, "{play} heap {heap}");
            }
        }
    }

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

//! The five papers: for each, its transcription and the library calls that recompute its
//! numbers. The xtask computes nothing itself; each paper module only dispatches a row to the
//! library crate that owns the quantity.

mod dotsenko_marynych;
mod grundy;
mod johnson1970;
mod levene_fenner;
mod matches;

use crate::verify::transcription::TranscribedRow;
use crate::verify::verdict::Computed;

/// How much work the Monte Carlo rows may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunSize {
    /// Fixed seeds and sample sizes that keep the whole run within two minutes.
    Default,
    /// Larger samples (`--full`).
    Full,
}

/// Recomputes the printed numbers of one paper.
pub trait Recompute {
    /// The library's value for the quantity of `row`, or why it cannot be computed.
    fn compute(&mut self, row: &TranscribedRow, size: RunSize) -> Result<Computed, String>;
}

/// One source paper of the workspace.
pub struct Paper {
    /// The identifier used by `--paper` and in the JSON (`matches`, `johnson1970`, …).
    pub id: &'static str,
    /// The transcription file, `xtask/src/sources/<source>/transcription.toml`.
    pub data_file: &'static str,
    /// Its content, compiled into the xtask so that it runs from any directory.
    pub data: &'static str,
    /// The library calls.
    pub recompute: fn() -> Box<dyn Recompute>,
}

/// Every paper, in the order of the summary.
pub fn all() -> Vec<Paper> {
    vec![
        Paper {
            id: "johnson1970",
            data_file: "xtask/src/sources/johnson1970/transcription.toml",
            data: include_str!("johnson1970/transcription.toml"),
            recompute: johnson1970::recompute,
        },
        Paper {
            id: "levene-fenner",
            data_file: "xtask/src/sources/levene_fenner/transcription.toml",
            data: include_str!("levene_fenner/transcription.toml"),
            recompute: levene_fenner::recompute,
        },
        Paper {
            id: "dotsenko-marynych",
            data_file: "xtask/src/sources/dotsenko_marynych/transcription.toml",
            data: include_str!("dotsenko_marynych/transcription.toml"),
            recompute: dotsenko_marynych::recompute,
        },
        Paper {
            id: "matches",
            data_file: "xtask/src/sources/matches/transcription.toml",
            data: include_str!("matches/transcription.toml"),
            recompute: matches::recompute,
        },
        Paper {
            id: "grundy",
            data_file: "xtask/src/sources/grundy/transcription.toml",
            data: include_str!("grundy/transcription.toml"),
            recompute: grundy::recompute,
        },
    ]
}

/// The integer parameter `name` of a row.
pub fn integer_parameter(row: &TranscribedRow, name: &str) -> Result<u32, String> {
    let text = row.required_parameter(name)?;
    text.parse()
        .map_err(|_| format!("parameter {name}={text} is not a whole number"))
}

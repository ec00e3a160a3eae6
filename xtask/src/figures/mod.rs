//! `cargo xtask figures`: the papers' figures redrawn from the library crates, and the
//! results drawn, as SVG files under `docs/figures/<paper>/`.
//!
//! Every figure is a function from the library's numbers to the bytes of an SVG file, so
//! the same commit always draws the same bytes, and `--check` can tell when a committed
//! figure is stale, as `verify-tables --check-docs` does for the tables.

mod dotsenko_marynych;
mod dotsenko_marynych_board;
mod graphviz;
mod grundy;
mod hypergammon;
mod johnson1970;
mod johnson_trees;
mod levene_fenner;
mod levene_fenner_chess;
mod levene_fenner_tournaments;
mod matches;
mod matches_trees;
mod style;

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::sources;
use crate::verify::transcription::Transcription;
use game_core::durable::OutputFile;

/// One figure: where it goes and how it is drawn.
pub struct Figure {
    /// The verify-tables key of its paper (`dotsenko-marynych`, …): its folder.
    pub paper: &'static str,
    /// The file name without `.svg`: `figure-<number>` for a paper's own figure.
    pub name: &'static str,
    /// Draws it: the SVG text.
    pub draw: fn() -> Result<String>,
}

impl Figure {
    /// `docs/figures/<paper>/<name>.svg` below `docs`.
    fn path(&self, docs: &Path) -> PathBuf {
        docs.join("figures")
            .join(self.paper)
            .join(format!("{}.svg", self.name))
    }
}

/// The transcription of the paper `id` (`xtask/src/sources/<source>/transcription.toml`): the printed values a
/// figure marks beside our curves.
fn transcription(id: &str) -> Result<Transcription> {
    sources::find(id)?.transcription()
}

/// Every figure, paper by paper.
pub fn all() -> Vec<Figure> {
    let mut figures = johnson_trees::figures();
    figures.extend(johnson1970::figures());
    figures.extend(dotsenko_marynych::figures());
    figures.extend(dotsenko_marynych_board::figures());
    figures.extend(hypergammon::figures());
    figures.extend(levene_fenner::figures());
    figures.extend(levene_fenner_tournaments::figures());
    figures.extend(levene_fenner_chess::figures());
    figures.extend(matches_trees::figures());
    figures.extend(matches::figures());
    figures.extend(grundy::figures());
    figures
}

/// `cargo xtask figures`: every figure drawn into `docs/figures/<source>/<name>.svg` from the
/// library crates.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Draw nothing; fail if a committed figure differs from what the library draws.
    #[arg(long)]
    pub check: bool,
}

/// Runs the task with its arguments (after `figures`): `Ok(false)` when `--check` found a
/// stale or missing figure.
pub fn run(args: &Args, docs: &Path) -> Result<bool> {
    let figures = all();
    // Every file is checked writable before the first figure is drawn.
    let outputs = if args.check {
        Vec::new()
    } else {
        figures
            .iter()
            .map(|figure| {
                let path = figure.path(docs);
                let folder = path.parent().unwrap_or(docs);
                std::fs::create_dir_all(folder).map_err(Error::io(folder))?;
                Ok(OutputFile::check(path)?)
            })
            .collect::<Result<Vec<_>>>()?
    };
    let mut current = true;
    for (index, figure) in figures.iter().enumerate() {
        let svg = (figure.draw)().map_err(|e| Error::Figure {
            figure: format!("{}/{}", figure.paper, figure.name),
            source: Box::new(e),
        })?;
        match outputs.get(index) {
            Some(output) => {
                output.write(svg.as_bytes())?;
                println!("wrote {}", output.path().display());
            }
            None => {
                let path = figure.path(docs);
                if std::fs::read_to_string(&path).ok().as_deref() != Some(svg.as_str()) {
                    eprintln!(
                        "{} is out of date: run `cargo xtask generate` (or `cargo xtask figures`)",
                        path.display()
                    );
                    current = false;
                }
            }
        }
    }
    Ok(current)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every figure is the same bytes when drawn twice (and CI's `--check` compares them
    /// with the committed files, drawn on another run). Without Graphviz, the figures it
    /// lays out are skipped (see [`graphviz::skip_without_dot`]).
    #[test]
    fn every_figure_is_deterministic() {
        let without_dot = graphviz::skip_without_dot();
        for figure in all() {
            let first = (figure.draw)();
            if without_dot
                && first
                    .as_ref()
                    .is_err_and(|e| matches!(e, Error::Graphviz { .. }))
            {
                continue;
            }
            let (first, second) = (first.unwrap(), (figure.draw)().unwrap());
            assert!(first == second, "{}/{}", figure.paper, figure.name);
        }
    }
}

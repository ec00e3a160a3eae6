//! `cargo xtask generate`: every generated part of the docs drawn again from the code and
//! the kept data — the tables between markers in the paper pages and the figures — and
//! with `--check`, a short diff of each part that is stale instead of a write. The pages of
//! `docs/reproduction/` are verify-tables' own (`verify-tables --write-docs`).

use std::path::Path;

use crate::commands::markers::{Block, short_diff};
use crate::commands::{
    grundy_record, hypergammon, mobility, octal_open, race_formulas, tournament,
};
use crate::error::Result;
use crate::{figures, kept};

/// The lines of difference a stale block shows.
const DIFF_LINES: usize = 6;

/// Draws every generated block and figure, or checks them.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Write nothing; print what is stale and fail if anything is.
    #[arg(long)]
    check: bool,
}

/// Every generated block with its contents, drawn from the kept data and the library.
fn blocks(docs: &Path) -> Result<Vec<(Block, String)>> {
    let chess = kept::chess::read_chess(docs)?;
    let mobility = kept::read_mobility(docs)?;
    Ok(vec![
        (
            tournament::GRID_TABLES,
            tournament::grid_tables(&kept::read_grid(docs)?),
        ),
        (
            tournament::CHESS_TABLES,
            tournament::chess_tables(chess.as_deref()),
        ),
        (
            mobility::MOBILITY_TABLE,
            mobility::table(mobility.as_deref()),
        ),
        (
            octal_open::OPEN_TABLE,
            octal_open::table(&octal_open::read_runs(docs)?),
        ),
        (
            grundy_record::TABLE,
            grundy_record::table(grundy_record::read_record(docs)?.as_ref()),
        ),
        (race_formulas::TABLES, race_formulas::tables()?),
        (hypergammon::TABLES, hypergammon::tables(docs)?),
        (
            race_formulas::COMPLETE_TABLES,
            race_formulas::complete_tables(docs)?,
        ),
    ])
}

/// Runs the task: `Ok(false)` when `--check` finds a stale part.
pub fn run(args: &Args, docs: &Path) -> Result<bool> {
    let blocks = blocks(docs)?;
    let mut current = true;
    for (block, contents) in &blocks {
        if !args.check {
            block.write(docs, contents)?;
            continue;
        }
        let kept = block.current(docs)?;
        if &kept != contents {
            current = false;
            println!(
                "docs/{}: the block after {} is stale:\n{}",
                block.page,
                block.begin,
                short_diff(&kept, contents, DIFF_LINES)
            );
        }
    }
    let figures_current = figures::run(&figures::Args { check: args.check }, docs)?;
    if args.check && current && figures_current {
        println!(
            "every generated block ({}) and figure is current",
            blocks.len()
        );
    }
    Ok(current && figures_current)
}

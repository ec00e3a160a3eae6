//! Workspace tasks, run as `cargo xtask <task>` from anywhere in the workspace: the
//! workspace's own work (the published numbers recomputed, the generated docs, the long runs
//! the docs keep). The computations a user runs are the `game-analysis` command
//! (`crates/game-analysis`). This file only reads the command line (`cli`) and hands the
//! task its options.
//!
//! `verify-tables` recomputes every published number of the sources with the library
//! crates and compares it with the print: the transcriptions are data
//! (`src/sources/<source>/transcription.toml`), the computations library calls
//! (`src/sources/`), the comparison the engine in `src/verify/` (see docs/architecture.md).

mod cli;
mod commands;
mod error;
mod figures;
mod kept;
mod sources;
mod verify;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use cli::Task;
use commands::{
    dist, generate, grundy_record, hypergammon, mobility, octal_open, octal_record, race_formulas,
    tournament, verify_tables,
};

fn main() -> ExitCode {
    let task = match cli::from_env() {
        Ok(task) => task,
        Err(error) => {
            // Help and usage errors alike: clap prints them and knows their status.
            let _ = error.print();
            return ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
        }
    };
    let docs = workspace_dir().join("docs");
    let result = match &task {
        Task::VerifyTables(args) => verify_tables::run(args, &docs.join("reproduction")),
        Task::Generate(args) => generate::run(args, &docs),
        Task::Figures(args) => figures::run(args, &docs),
        Task::OctalOpen(args) => octal_open::run(args, &docs),
        Task::OctalRecord(args) => octal_record::run(args, &docs),
        Task::GrundyRecord(args) => grundy_record::run(args, &docs),
        Task::RaceFormulas(args) => race_formulas::run(args, &docs),
        Task::Hypergammon(args) => hypergammon::run(args, &docs),
        Task::Tournament(args) => tournament::run(args, &docs),
        Task::Mobility(args) => mobility::run(args, &docs),
        Task::Dist(args) => dist::run(args, &docs),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}

/// The workspace this xtask was built in.
fn workspace_dir() -> PathBuf {
    let xtask_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    xtask_dir.parent().unwrap_or(xtask_dir).to_path_buf()
}

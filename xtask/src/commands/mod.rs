//! The tasks besides verify-tables: each parses its own arguments and does its work.

use game_core::durable::OutputFile;

pub mod dist;
pub mod generate;
pub mod grundy_record;
pub mod hypergammon;
pub mod markers;
pub mod mobility;
pub mod octal_open;
pub mod octal_record;
pub mod race_formulas;
pub mod tournament;
pub mod verify_tables;

/// Parses a command-line value into a checked [`OutputFile`], for clap: a path that cannot
/// be written is refused before the task starts.
pub fn parse_output_file(text: &str) -> Result<OutputFile, String> {
    OutputFile::check(text).map_err(|unwritable| unwritable.to_string())
}

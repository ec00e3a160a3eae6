//! The subcommands, one module each: its arguments (clap declarations, which also write its
//! `--help`), its computation through the library crates, and its report in every format.

pub mod bearoff;
pub mod grundy;
pub mod hypergammon;
pub mod misere_quotient;
pub mod mobility;
pub mod octal;
pub mod position;
pub mod race_formulas;
pub mod reference;
pub mod streamed;
pub mod tournament;

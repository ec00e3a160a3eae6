//! The tasks besides verify-tables: each parses its own arguments and does its work.

pub mod bearoff;
pub mod grundy;
pub mod markers;
pub mod misere_quotient;
pub mod mobility;
pub mod octal;
pub mod octal_open;
pub mod output;
pub mod progress;
pub mod race_formulas;
pub mod tournament;
pub mod verify_tables;

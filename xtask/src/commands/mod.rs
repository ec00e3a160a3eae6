//! The tasks besides verify-tables: each parses its own arguments and does its work.

pub mod dist;
pub mod generate;
pub mod hypergammon;
pub mod markers;
pub mod mobility;
pub mod octal_open;
pub mod octal_record;
pub mod race_formulas;
pub mod tournament;
pub mod verify_tables;

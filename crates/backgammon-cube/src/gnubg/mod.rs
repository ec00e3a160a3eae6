//! GNU Backgammon's bear-off files, written byte for byte, so that gnubg can read a database
//! we build and the two programs can be compared entry by entry: the two-sided file of
//! `makebearoff -t 6xC` ([`two_sided_file`], in memory; [`build_two_sided_file`], out of
//! core, up to the complete database of fifteen checkers a side, which gnubg cannot write),
//! read back entry by entry by [`TwoSidedReader`], and the one-sided files of
//! `makebearoff -o P` ([`one_sided_file`]); and the hypergammon database of `makehyper -c C`
//! ([`write_hypergammon_file`], [`HypergammonFile`]).

mod hypergammon;
mod one_sided;
mod out_of_core;
pub(crate) mod reader;
mod two_sided;

pub use hypergammon::{BrokenRule, HypergammonFile, HypergammonFileError, write_hypergammon_file};
pub use one_sided::{
    MAX_ONE_SIDED_POINTS, OneSidedError, OneSidedFile, OneSidedLayout, one_sided_file,
};
pub use out_of_core::{BuildPhase, BuildProgress, OutOfCoreError, build_two_sided_file};
pub use reader::{Agreement, Damage, ReadError, SAMPLE_STRIDE, SampleCheck, TwoSidedReader};
pub use two_sided::{two_sided_file, two_sided_file_with_progress};

//! The one error type of the xtask. Every fallible function returns [`Result`]; the command
//! line prints an error's message and exits with status 2, the only place it becomes text.

use std::path::PathBuf;

/// `Result` with the xtask's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Why a task, a row's recomputation or a figure failed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A transcription that cannot be used: a format error, a duplicate row, an unknown
    /// quantity (each naming its file and line).
    #[error(transparent)]
    Transcription(#[from] TranscriptionError),
    /// A row lacks a parameter its quantity needs.
    #[error("row {row:?} has no parameter {name}")]
    MissingParameter {
        /// The row's parameters, as transcribed.
        row: String,
        /// The missing parameter.
        name: String,
    },
    /// A parameter that does not read as its quantity needs.
    #[error("parameter {name}={value} is not {expected}")]
    BadParameter {
        /// The parameter.
        name: String,
        /// Its value, as transcribed.
        value: String,
        /// What it should be ("a whole number", "a range like 22-27").
        expected: &'static str,
    },
    /// A library crate refused the computation; its own typed error.
    #[error(transparent)]
    Library(Box<dyn std::error::Error + Send + Sync>),
    /// A value that cannot be given: the library's answer does not have the form the
    /// printed quantity needs (no doubling point in the range searched, a closed form that
    /// does not fit), said in the source's terms.
    #[error("{0}")]
    NotComputable(String),
    /// A file that cannot be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// Graphviz, which lays out the figures' trees, could not be run or failed.
    #[error("{what}: {source}")]
    Graphviz {
        /// What was being done.
        what: &'static str,
        /// What the system said.
        source: std::io::Error,
    },
    /// A program a task runs (cargo, maturin, tar, gzip, git) could not be started or failed.
    #[error("{what}: {why}")]
    Tool {
        /// The program and what it was doing.
        what: String,
        /// What the system or the program's exit status said.
        why: String,
    },
    /// A worker thread panicked.
    #[error("{0} panicked")]
    ThreadPanicked(&'static str),
    /// A figure could not be drawn.
    #[error("{figure}: {source}")]
    Figure {
        /// `paper/name`.
        figure: String,
        /// Why.
        source: Box<Error>,
    },
    /// The command line asks for something the task does not do.
    #[error("{0}")]
    Usage(String),
    /// A path that cannot take an output file, found before the work.
    #[error(transparent)]
    Unwritable(#[from] game_core::durable::UnwritablePath),
    /// An output file that could not be written.
    #[error(transparent)]
    Write(#[from] game_core::durable::WriteError),
}

impl Error {
    /// An I/O error on `path`.
    pub fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> Error {
        let path = path.into();
        move |source| Error::Io { path, source }
    }
}

/// Turns a library crate's typed error into [`Error::Library`], keeping the error itself.
pub trait LibraryResult<T> {
    /// The value, or the library's error as an [`Error`].
    fn library(self) -> Result<T>;
}

impl<T, E: std::error::Error + Send + Sync + 'static> LibraryResult<T>
    for std::result::Result<T, E>
{
    fn library(self) -> Result<T> {
        self.map_err(|e| Error::Library(Box::new(e)))
    }
}

/// A transcription that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TranscriptionError {
    /// The TOML does not parse or does not fit the format.
    #[error("{file}: {source}")]
    Format {
        /// The data file.
        file: String,
        /// What the parser said.
        source: toml::de::Error,
    },
    /// A row is neither printed nor illegible, or both.
    #[error(
        "{file}: row {table}/{row}/{column} must have exactly one of `published` and `illegible`"
    )]
    PublishedOrIllegible {
        /// The data file.
        file: String,
        /// The row's table.
        table: String,
        /// The row's parameters.
        row: String,
        /// The row's quantity.
        column: String,
    },
    /// A partial reading on a printed row, or one that cannot be judged.
    #[error("{file}: row {key}: reading {reading:?}: {why}")]
    Reading {
        /// The data file.
        file: String,
        /// The row.
        key: String,
        /// The reading.
        reading: String,
        /// What is wrong with it.
        why: String,
    },
    /// A row whose (table, column) its source does not print: a misspelt column, or a
    /// quantity with no computation.
    #[error("{file}:{line}: table {table:?} has no quantity {column:?}")]
    UnknownQuantity {
        /// The data file.
        file: String,
        /// The line of the row's `[[row]]` header.
        line: usize,
        /// The row's table.
        table: String,
        /// The row's column.
        column: String,
    },
    /// Two rows with the same (table, row, column).
    #[error("{file}: row {key} appears twice")]
    Duplicate {
        /// The data file.
        file: String,
        /// The repeated row.
        key: String,
    },
}

//! The command's one error type. Every fallible function returns [`Result`]; `main` prints
//! an error's message and exits with status 2, the only place it becomes text.

use std::path::PathBuf;

/// `Result` with the command's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Why a computation or its output failed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A library crate refused the computation; its own typed error.
    #[error(transparent)]
    Library(Box<dyn std::error::Error + Send + Sync>),
    /// A value that cannot be given, said in the field's terms.
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
    /// The results could not be written to standard output.
    #[error("standard output: {0}")]
    Stdout(std::io::Error),
    /// The command line asks for something the command does not do.
    #[error("{0}")]
    Usage(String),
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

//! Command-line options of the tasks, read one flag at a time.

use crate::error::{Error, Result};
use std::path::{Path, PathBuf};

/// The options after a task's name.
pub struct Options<'a> {
    args: std::slice::Iter<'a, String>,
}

impl<'a> Options<'a> {
    /// The options `args`.
    pub fn new(args: &'a [String]) -> Self {
        Options { args: args.iter() }
    }

    /// The next flag, such as `--max`.
    pub fn next_flag(&mut self) -> Option<&'a str> {
        self.args.next().map(String::as_str)
    }

    /// The value that follows `flag`.
    pub fn value(&mut self, flag: &str) -> Result<String> {
        self.args
            .next()
            .cloned()
            .ok_or_else(|| Error::Usage(format!("{flag} needs a value")))
    }
}

/// The file that `flag` names for output, checked before any long work starts: its folder
/// must exist, and it must not be a folder itself.
pub fn output_file(flag: &str, text: String) -> Result<PathBuf> {
    let path = PathBuf::from(text);
    if path.as_os_str().is_empty() || path.is_dir() {
        return Err(Error::Usage(format!(
            "{flag} {}: not a file name",
            path.display()
        )));
    }
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(Error::Usage(format!(
            "{flag} {}: the folder {} does not exist",
            path.display(),
            folder.display()
        )));
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_output_file_needs_an_existing_folder_and_must_not_be_one() {
        let folder = std::env::temp_dir();
        let inside = folder.join("xtask-output-check.json");
        assert_eq!(
            output_file("--json", inside.display().to_string()).unwrap(),
            inside
        );
        assert!(output_file("--json", "here.json".to_string()).is_ok());
        let missing = folder.join("no-such-folder-of-xtask").join("x.json");
        let error = output_file("--out", missing.display().to_string())
            .unwrap_err()
            .to_string();
        assert!(error.contains("does not exist"), "{error}");
        let error = output_file("--out", folder.display().to_string())
            .unwrap_err()
            .to_string();
        assert!(error.contains("not a file name"), "{error}");
        assert!(output_file("--out", String::new()).is_err());
    }
}

//! Generated blocks inside hand-written docs pages: the text between a begin and an end
//! marker (HTML comments, invisible on any forge), which a task writes and CI checks.

use crate::commands::output::OutputFile;
use crate::error::{Error, LibraryResult, Result};
use std::path::{Path, PathBuf};

/// A generated block of a docs page.
pub struct Block {
    /// The page, relative to `docs/`.
    pub page: &'static str,
    /// The marker before the block.
    pub begin: &'static str,
    /// The marker after it.
    pub end: &'static str,
}

impl Block {
    fn path(&self, docs: &Path) -> PathBuf {
        docs.join(self.page)
    }

    /// `page` with the text between the markers replaced by `contents`.
    pub fn replaced(&self, page: &str, contents: &str) -> Result<String> {
        let missing = || {
            Error::NotComputable(format!(
                "docs/{} lacks the markers {} … {}",
                self.page, self.begin, self.end
            ))
        };
        let start = page.find(self.begin).ok_or_else(missing)? + self.begin.len();
        let end = page.find(self.end).ok_or_else(missing)?;
        Ok(format!("{}\n{contents}{}", &page[..start], &page[end..]))
    }

    /// Checks, before the work that computes the block, that the page can be rewritten:
    /// it reads, holds both markers, and its folder takes a new file.
    pub fn check(&self, docs: &Path) -> Result<()> {
        let path = self.path(docs);
        self.replaced(&read(&path)?, "")?;
        OutputFile::check(path).map(drop)
    }

    /// Writes `contents` between the markers of the page.
    pub fn write(&self, docs: &Path, contents: &str) -> Result<()> {
        let path = self.path(docs);
        let current = read(&path)?;
        OutputFile::check(path)?.write(self.replaced(&current, contents)?.as_bytes())
    }

    /// Whether the page holds `contents` between its markers.
    pub fn is_current(&self, docs: &Path, contents: &str) -> Result<bool> {
        let current = read(&self.path(docs))?;
        Ok(self.replaced(&current, contents)? == current)
    }
}

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(Error::io(path))
}

/// Where a long run's results go: a trial's to its `--json` file; the full run's into the
/// docs' kept file, with the tables drawn from it on their page.
pub enum Destination<'a> {
    /// A trial, written to the user's file only.
    Trial(&'a OutputFile),
    /// The full run, kept in the docs.
    Kept(OutputFile),
}

impl<'a> Destination<'a> {
    /// The trial's `json`, or else the kept file at `kept` and the page of `tables`, both
    /// checked writable before hours of games.
    pub fn of(
        json: Option<&'a OutputFile>,
        tables: &Block,
        kept: PathBuf,
        docs: &Path,
    ) -> Result<Self> {
        if let Some(json) = json {
            return Ok(Destination::Trial(json));
        }
        tables.check(docs)?;
        Ok(Destination::Kept(OutputFile::check(kept)?))
    }

    /// Writes `results` as JSON; for the kept results, then their tables by `write_tables`.
    pub fn save<T: serde::Serialize>(
        self,
        results: &[T],
        write_tables: impl FnOnce(&[T]) -> Result<()>,
    ) -> Result<()> {
        let text = serde_json::to_string_pretty(results).library()? + "\n";
        match self {
            Destination::Trial(json) => json.write(text.as_bytes()),
            Destination::Kept(kept) => {
                kept.write(text.as_bytes())?;
                write_tables(results)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_is_replaced_between_its_markers_and_missing_markers_are_an_error() {
        let block = Block {
            page: "page.md",
            begin: "<!-- b -->",
            end: "<!-- e -->",
        };
        let page = "before\n<!-- b -->\nold\n<!-- e -->\nafter\n";
        assert_eq!(
            block.replaced(page, "new\n").unwrap(),
            "before\n<!-- b -->\nnew\n<!-- e -->\nafter\n"
        );
        assert!(block.replaced("no markers", "new\n").is_err());
    }

    /// A page that lacks its markers, or is missing, is found out before the work.
    #[test]
    fn a_page_is_checked_before_the_work() {
        let docs = std::env::temp_dir().join(format!("xtask-markers-{}", std::process::id()));
        std::fs::create_dir_all(&docs).unwrap();
        let block = Block {
            page: "page.md",
            begin: "<!-- b -->",
            end: "<!-- e -->",
        };
        assert!(block.check(&docs).is_err(), "a missing page");
        std::fs::write(docs.join("page.md"), "no markers").unwrap();
        assert!(block.check(&docs).is_err(), "a page without markers");
        std::fs::write(docs.join("page.md"), "<!-- b -->\nold\n<!-- e -->\n").unwrap();
        block.check(&docs).unwrap();
        block.write(&docs, "new\n").unwrap();
        assert_eq!(
            std::fs::read_to_string(docs.join("page.md")).unwrap(),
            "<!-- b -->\nnew\n<!-- e -->\n"
        );
        std::fs::remove_dir_all(docs).unwrap();
    }
}

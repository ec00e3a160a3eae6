//! Generated blocks inside hand-written docs pages: the text between a begin and an end
//! marker (HTML comments, invisible on any forge), which `cargo xtask generate` writes and
//! `--check` compares.

use game_core::durable::OutputFile;

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

    /// Where the block's text lies in `page`: after the begin marker, up to the end marker.
    fn span(&self, page: &str) -> Result<(usize, usize)> {
        let missing = || {
            Error::NotComputable(format!(
                "docs/{} lacks the markers {} … {}",
                self.page, self.begin, self.end
            ))
        };
        let start = page.find(self.begin).ok_or_else(missing)? + self.begin.len();
        let end = page
            .find(self.end)
            .filter(|&end| end >= start)
            .ok_or_else(missing)?;
        Ok((start, end))
    }

    /// `page` with the text between the markers replaced by `contents`.
    pub fn replaced(&self, page: &str, contents: &str) -> Result<String> {
        let (start, end) = self.span(page)?;
        Ok(format!("{}\n{contents}{}", &page[..start], &page[end..]))
    }

    /// Checks, before the work that computes the block, that the page can be rewritten:
    /// it reads, holds both markers, and its folder takes a new file.
    pub fn check(&self, docs: &Path) -> Result<()> {
        let path = self.path(docs);
        self.replaced(&read(&path)?, "")?;
        OutputFile::check(path)?;
        Ok(())
    }

    /// Writes `contents` between the markers of the page.
    pub fn write(&self, docs: &Path, contents: &str) -> Result<()> {
        let path = self.path(docs);
        let current = read(&path)?;
        Ok(OutputFile::check(path)?.write(self.replaced(&current, contents)?.as_bytes())?)
    }

    /// What the page holds between its markers.
    pub fn current(&self, docs: &Path) -> Result<String> {
        let page = read(&self.path(docs))?;
        let (start, end) = self.span(&page)?;
        Ok(page[start..end]
            .strip_prefix('\n')
            .unwrap_or_default()
            .to_owned())
    }
}

/// The lines that differ between `current` and `wanted`, at most `limit` of each: the first
/// stretch of difference, `-` for a line to go and `+` for a line to come.
pub fn short_diff(current: &str, wanted: &str, limit: usize) -> String {
    let (old, new): (Vec<&str>, Vec<&str>) = (current.lines().collect(), wanted.lines().collect());
    let same_start = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
    let same_end = old[same_start..]
        .iter()
        .rev()
        .zip(new[same_start..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let mut text = format!("  at line {}:\n", same_start + 1);
    for (sign, lines) in [("-", &old), ("+", &new)] {
        let changed = &lines[same_start..lines.len() - same_end];
        for line in changed.iter().take(limit) {
            text += &format!("  {sign} {line}\n");
        }
        if changed.len() > limit {
            text += &format!("  {sign} … {} lines more\n", changed.len() - limit);
        }
    }
    text
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
            Destination::Trial(json) => Ok(json.write(text.as_bytes())?),
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
    fn a_short_diff_shows_the_stretch_that_changed() {
        let diff = short_diff("a\nb\nc\nd\n", "a\nB\nc\nd\n", 5);
        assert_eq!(diff, "  at line 2:\n  - b\n  + B\n");
        let long = short_diff("x\n", "1\n2\n3\n", 2);
        assert!(long.contains("  + … 1 lines more"), "{long}");
        assert!(short_diff("same\n", "same\nmore\n", 5).contains("  + more"));
    }

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
        let scratch = tempfile::tempdir().unwrap();
        let docs = scratch.path();
        let block = Block {
            page: "page.md",
            begin: "<!-- b -->",
            end: "<!-- e -->",
        };
        assert!(block.check(docs).is_err(), "a missing page");
        std::fs::write(docs.join("page.md"), "no markers").unwrap();
        assert!(block.check(docs).is_err(), "a page without markers");
        std::fs::write(docs.join("page.md"), "<!-- b -->\nold\n<!-- e -->\n").unwrap();
        block.check(docs).unwrap();
        block.write(docs, "new\n").unwrap();
        assert_eq!(block.current(docs).unwrap(), "new\n");
        assert_eq!(
            std::fs::read_to_string(docs.join("page.md")).unwrap(),
            "<!-- b -->\nnew\n<!-- e -->\n"
        );
    }
}

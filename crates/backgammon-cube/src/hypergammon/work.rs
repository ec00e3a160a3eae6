//! The sweeps' values kept in a folder, so that a long solve (three checkers a side take
//! about twenty minutes) resumes where it stopped. The file holds a header — a magic string, the
//! checkers a side, the rule for a roll that cannot be played, the sweeps made — and then
//! every position's nine values as little-endian `f64`, written whole
//! ([`game_core::durable`]). Sweeps are deterministic, so a solve resumed from sweep k ends
//! with the values of one never stopped.

use std::path::{Path, PathBuf};

use game_core::durable::write_whole;

use super::solve::Values;
use super::{DanceRule, HypergammonError};

const MAGIC: &[u8; 16] = b"hypergammon-work";
const HEADER: usize = 16 + 4 + 4 + 4;

/// The file of the work of one game and rule.
pub(crate) struct WorkFile {
    path: PathBuf,
    checkers: u32,
    rule: u32,
}

impl WorkFile {
    /// The work file of this game and rule in `folder`, which is made if it is missing (at
    /// once, so that a folder that cannot be made fails before the work, not after it).
    pub(crate) fn new(
        folder: &Path,
        checkers: u32,
        dance: DanceRule,
    ) -> Result<WorkFile, HypergammonError> {
        let (rule, name) = match dance {
            DanceRule::PassTurn => (0, "pass"),
            DanceRule::Makehyper => (1, "makehyper"),
        };
        let work = WorkFile {
            path: folder.join(format!("hypergammon-{checkers}-{name}.work")),
            checkers,
            rule,
        };
        std::fs::create_dir_all(folder).map_err(|error| work.error(error))?;
        Ok(work)
    }

    fn error(&self, message: impl ToString) -> HypergammonError {
        HypergammonError::Work {
            path: self.path.clone(),
            message: message.to_string(),
        }
    }

    /// Reads the values kept into `values`, if there are any: the sweeps they had made (0
    /// when there is no file).
    pub(crate) fn resume(&self, values: &mut [Values]) -> Result<u32, HypergammonError> {
        let bytes = match std::fs::read(&self.path) {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(0),
            Err(error) => return Err(self.error(error)),
        };
        let expected = HEADER + std::mem::size_of_val(values);
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        if bytes.len() != expected || &bytes[..16] != MAGIC {
            return Err(self.error(format!(
                "not the work of this solve ({} bytes, {expected} expected); remove it to start again",
                bytes.len()
            )));
        }
        if (word(16), word(20)) != (self.checkers, self.rule) {
            return Err(self.error("the work of another game or rule; remove it to start again"));
        }
        for (entry, chunk) in values
            .iter_mut()
            .zip(bytes[HEADER..].chunks_exact(size_of::<Values>()))
        {
            for (value, eight) in entry.iter_mut().zip(chunk.chunks_exact(8)) {
                let mut raw = [0u8; 8];
                raw.copy_from_slice(eight);
                *value = f64::from_le_bytes(raw);
            }
        }
        Ok(word(24))
    }

    /// Keeps `values` after `sweep` sweeps.
    pub(crate) fn keep(&self, sweep: u32, values: &[Values]) -> Result<(), HypergammonError> {
        write_whole(&self.path, |file| {
            use std::io::Write;
            file.write_all(MAGIC)?;
            for word in [self.checkers, self.rule, sweep] {
                file.write_all(&word.to_le_bytes())?;
            }
            for entry in values {
                for value in entry {
                    file.write_all(&value.to_le_bytes())?;
                }
            }
            Ok(())
        })
        .map_err(|error| self.error(error))
    }

    /// Removes the work once the solve has ended.
    pub(crate) fn remove(&self) -> Result<(), HypergammonError> {
        match std::fs::remove_file(&self.path) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(self.error(error)),
            _ => Ok(()),
        }
    }
}

//! Memory asked for before a computation starts, against what this process may really use.
//!
//! A computation whose memory grows with its input estimates its need first and calls
//! [`ensure`]: past what is available it gets a [`MemoryError`] that names both figures and
//! the input, instead of an allocation that fails half way (Rust then aborts the process,
//! and with it a Python interpreter) or a machine driven into swap.
//!
//! What is available is the least of (Linux; elsewhere nothing is known and nothing is
//! refused):
//! - the cgroup's limit less its usage (`memory.max` − `memory.current`, cgroup v2);
//! - the address-space limit (`ulimit -v`, `RLIMIT_AS`) less the address space mapped now;
//! - the data-segment limit (`RLIMIT_DATA`) less the data mapped now;
//! - the system's available memory (`MemAvailable` of `/proc/meminfo`).
//!
//! ```
//! use game_core::memory::{ensure, available};
//!
//! assert!(ensure(1 << 10, || "a kibibyte".to_owned()).is_ok());
//! let error = ensure(u64::MAX, || "the whole address space".to_owned()).unwrap_err();
//! assert!(error.to_string().starts_with("the whole address space: "));
//! assert!(available().is_some_and(|available| available.bytes > 0));
//! ```

use std::fmt;

/// What bounds the memory available to this process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// The cgroup's `memory.max`.
    Cgroup,
    /// The address-space limit, `ulimit -v`.
    AddressSpace,
    /// The data-segment limit, `ulimit -d`.
    DataSegment,
    /// The memory the system has available.
    System,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Cgroup => "the cgroup's memory limit",
            Limit::AddressSpace => "the address-space limit (ulimit -v)",
            Limit::DataSegment => "the data-segment limit (ulimit -d)",
            Limit::System => "the system's available memory",
        })
    }
}

/// The memory this process may still use, and what bounds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Available {
    /// Bytes.
    pub bytes: u64,
    /// The tightest limit.
    pub limited_by: Limit,
}

/// A computation that needs more memory than the process may use.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{what}: {} needed, {} available ({limited_by})", bytes(*.need), bytes(*.available))]
pub struct MemoryError {
    /// The computation and the input that drives its need.
    pub what: String,
    /// The bytes it needs.
    pub need: u64,
    /// The bytes available.
    pub available: u64,
    /// What bounds them.
    pub limited_by: Limit,
}

/// The memory this process may still use, or `None` where nothing can be read (not Linux).
pub fn available() -> Option<Available> {
    let status = read("/proc/self/status");
    let limits = read("/proc/self/limits");
    // The room under a resource limit: the limit less what the process has mapped of it.
    let room_under = |limit_row: &str, mapped_field: &str, limit: Limit| {
        let most = soft_limit(limits.as_deref()?, limit_row)?;
        let mapped = status
            .as_deref()
            .and_then(|text| kib_field(text, mapped_field))
            .unwrap_or(0);
        Some((most.saturating_sub(mapped), limit))
    };
    let candidates = [
        cgroup_room().map(|bytes| (bytes, Limit::Cgroup)),
        room_under("Max address space", "VmSize:", Limit::AddressSpace),
        room_under("Max data size", "VmData:", Limit::DataSegment),
        read("/proc/meminfo")
            .and_then(|text| kib_field(&text, "MemAvailable:"))
            .map(|bytes| (bytes, Limit::System)),
    ];
    candidates
        .into_iter()
        .flatten()
        .min_by_key(|&(bytes, _)| bytes)
        .map(|(bytes, limited_by)| Available { bytes, limited_by })
}

/// Succeeds when `need` bytes are available; `what` names the computation and its input
/// ("the nim-values of heaps 0..=4294967294") for the error.
///
/// # Errors
///
/// [`MemoryError`] when fewer than `need` bytes are available.
pub fn ensure(need: u64, what: impl FnOnce() -> String) -> Result<(), MemoryError> {
    match available() {
        Some(available) if available.bytes < need => Err(MemoryError {
            what: what(),
            need,
            available: available.bytes,
            limited_by: available.limited_by,
        }),
        _ => Ok(()),
    }
}

/// Bytes as a reader reads them: `13.8 GB`, `512 MB`, `4.0 kB` (powers of 1,000).
pub fn bytes(count: u64) -> String {
    let units = [(1e12, "TB"), (1e9, "GB"), (1e6, "MB"), (1e3, "kB")];
    let value = count as f64;
    units.iter().find(|&&(size, _)| value >= size).map_or_else(
        || format!("{count} bytes"),
        |&(size, unit)| format!("{:.1} {unit}", value / size),
    )
}

fn read(path: &str) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

/// A `Field:  1234 kB` line's value in bytes.
fn kib_field(text: &str, field: &str) -> Option<u64> {
    let line = text.lines().find(|line| line.starts_with(field))?;
    let kib: u64 = line[field.len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    kib.checked_mul(1024)
}

/// The soft limit of the `/proc/self/limits` row `name`, in bytes; `None` when unlimited.
fn soft_limit(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|line| line.starts_with(name))?;
    line[name.len()..].split_whitespace().next()?.parse().ok()
}

/// The room left under this process's cgroup (v2) limit, `None` without one.
fn cgroup_room() -> Option<u64> {
    let membership = read("/proc/self/cgroup")?;
    let path = membership
        .lines()
        .find_map(|line| line.strip_prefix("0::"))?;
    let folder = format!("/sys/fs/cgroup{}", path.trim_end_matches('/'));
    let limit: u64 = read(&format!("{folder}/memory.max"))?.trim().parse().ok()?;
    let used: u64 = read(&format!("{folder}/memory.current"))
        .and_then(|text| text.trim().parse().ok())
        .unwrap_or(0);
    Some(limit.saturating_sub(used))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proc_files_are_read_as_the_kernel_writes_them() {
        let status = "Name:\tx\nVmSize:\t  123456 kB\nVmData:\t    2048 kB\n";
        assert_eq!(kib_field(status, "VmSize:"), Some(123_456 * 1024));
        assert_eq!(kib_field(status, "VmRSS:"), None);
        let limits = "Limit                     Soft Limit           Hard Limit           Units     \n\
                      Max data size             unlimited            unlimited            bytes     \n\
                      Max address space         4096000000           unlimited            bytes     \n";
        assert_eq!(soft_limit(limits, "Max address space"), Some(4_096_000_000));
        assert_eq!(soft_limit(limits, "Max data size"), None);
    }

    #[test]
    fn figures_read_as_a_reader_reads_them() {
        assert_eq!(bytes(13_800_000_000), "13.8 GB");
        assert_eq!(bytes(512), "512 bytes");
        let error = MemoryError {
            what: "the table".to_owned(),
            need: 13_800_000_000,
            available: 9_200_000_000,
            limited_by: Limit::System,
        };
        assert_eq!(
            error.to_string(),
            "the table: 13.8 GB needed, 9.2 GB available (the system's available memory)"
        );
    }
}

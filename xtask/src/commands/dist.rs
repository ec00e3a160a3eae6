//! `cargo xtask dist`: the release's artefacts, written to `target/dist/`:
//!
//! - `<crate>-<version>.crate`, each published crate's package as `cargo package` makes it
//!   (the seven library crates and the command's crate);
//! - `game_analysis-<version>-cp39-abi3-<platform>.whl`, the Python package's abi3 wheel
//!   (built by maturin, which must be on `PATH`);
//! - `game-analysis-<version>-x86_64-unknown-linux-gnu.tar.gz`, the command for Linux x86-64
//!   with its licence, README, man page and bash, zsh and fish completions;
//! - `SHA256SUMS`, the SHA-256 of each of them.
//!
//! Two runs from the same commit give the same bytes: the builds see the source folder and
//! the Cargo home under fixed names (`--remap-path-prefix`), `SOURCE_DATE_EPOCH` is the
//! commit's time (the wheel's and the archive's timestamps), the archive lists its files
//! sorted with owner 0 and fixed modes, and gzip writes no name or time. The builds have a
//! target folder of their own, `target/dist-build/`, so that the remapped flags do not
//! rebuild the workspace's everyday builds, and a second run reuses the first's.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::error::{Error, Result};

/// Writes the release's artefacts.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// The crates a release packages: the seven library crates, then the command.
const PACKAGED_CRATES: [&str; 8] = [
    "game-core",
    "tree-gen",
    "solitaire",
    "lookahead-eval",
    "minimax-random",
    "backgammon-cube",
    "nim-games",
    "game-analysis",
];

/// The one platform the command's archive is built for.
const TARGET: &str = "x86_64-unknown-linux-gnu";

/// The Cargo profile of the built artefacts: the release profile without line tables.
const PROFILE: &str = "dist";

/// Where the source folder appears in the built binaries' paths.
const REMAPPED_SOURCE: &str = "/build/game-analysis";

/// Where the Cargo home (the registry's crates) appears in the built binaries' paths.
const REMAPPED_CARGO_HOME: &str = "/build/cargo-home";

/// Runs the task.
pub fn run(_args: &Args, docs: &Path) -> Result<bool> {
    if !cfg!(all(target_os = "linux", target_arch = "x86_64")) {
        return Err(Error::Usage(format!(
            "cargo xtask dist builds the command for {TARGET} only, on such a machine"
        )));
    }
    let workspace = docs.parent().unwrap_or(docs);
    refuse_uncommitted_changes(workspace)?;
    let build = Build::new(workspace)?;
    let dist = workspace.join("target").join("dist");
    if dist.exists() {
        fs::remove_dir_all(&dist).map_err(Error::io(&dist))?;
    }
    fs::create_dir_all(&dist).map_err(Error::io(&dist))?;

    let mut artefacts = build.crate_packages(&dist)?;
    artefacts.push(build.command_archive(&dist)?);
    artefacts.push(build.wheel(&dist)?);
    artefacts.sort();
    println!("{}", write_checksums(&dist, &artefacts)?.trim_end());
    println!("in {}", dist.display());
    Ok(true)
}

/// The release's build settings: where it builds, and the environment that makes two
/// builds of one commit the same bytes.
struct Build {
    /// The workspace's folder.
    workspace: PathBuf,
    /// The builds' own target folder.
    target_dir: PathBuf,
    /// The version every crate shares (the workspace's).
    version: String,
    /// The checked-out commit's time, in seconds since 1970: every timestamp written.
    source_date_epoch: String,
    /// The compiler flags that remap the clone's and the Cargo home's paths.
    rustflags: String,
}

impl Build {
    /// The settings for the workspace at `workspace`, at its checked-out commit.
    fn new(workspace: &Path) -> Result<Build> {
        let cargo_home = std::env::var_os("CARGO_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cargo")))
            .ok_or_else(|| Error::Usage("neither CARGO_HOME nor HOME is set".into()))?;
        let remaps = [
            (workspace.to_path_buf(), REMAPPED_SOURCE),
            (cargo_home, REMAPPED_CARGO_HOME),
        ];
        let mut rustflags = Vec::new();
        for (from, to) in &remaps {
            let from = from.display().to_string();
            // CARGO_BUILD_RUSTFLAGS is split at whitespace; it is used rather than RUSTFLAGS
            // because it adds to the workspace's own build.rustflags instead of replacing them.
            if from.contains(char::is_whitespace) {
                return Err(Error::Usage(format!(
                    "cargo xtask dist cannot remap a path with whitespace: {from}"
                )));
            }
            rustflags.push(format!("--remap-path-prefix={from}={to}"));
        }
        Ok(Build {
            workspace: workspace.to_path_buf(),
            target_dir: workspace.join("target").join("dist-build"),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            source_date_epoch: commit_time(workspace)?,
            rustflags: rustflags.join(" "),
        })
    }

    /// A command run in the workspace with the release's environment.
    fn command(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        command
            .current_dir(&self.workspace)
            .env("SOURCE_DATE_EPOCH", &self.source_date_epoch)
            .env("CARGO_BUILD_RUSTFLAGS", &self.rustflags)
            .env("CARGO_TARGET_DIR", &self.target_dir);
        command
    }

    /// `cargo package` of every packaged crate, copied into `dist`; their names.
    fn crate_packages(&self, dist: &Path) -> Result<Vec<String>> {
        let mut package = self.command(&cargo());
        // --no-verify: CI builds every crate from its package alone in the publish dry run.
        package.args(["package", "--locked", "--no-verify", "--quiet"]);
        for name in PACKAGED_CRATES {
            package.args(["-p", name]);
        }
        run_step("cargo package", &mut package)?;
        let mut names = Vec::new();
        for name in PACKAGED_CRATES {
            let file = format!("{name}-{}.crate", self.version);
            copy(
                &self.target_dir.join("package").join(&file),
                &dist.join(&file),
            )?;
            names.push(file);
        }
        Ok(names)
    }

    /// The command's archive in `dist`: the binary, licence, README, man page and
    /// completions under one folder named after the release; its name.
    fn command_archive(&self, dist: &Path) -> Result<String> {
        let mut build = self.command(&cargo());
        build.args([
            "build",
            "--profile",
            PROFILE,
            "--locked",
            "--quiet",
            "-p",
            "game-analysis",
            "--bin",
            "game-analysis",
        ]);
        run_step("cargo build of the command", &mut build)?;

        let folder = format!("game-analysis-{}-{TARGET}", self.version);
        let stage = self.target_dir.join("stage");
        if stage.exists() {
            fs::remove_dir_all(&stage).map_err(Error::io(&stage))?;
        }
        let root = stage.join(&folder);
        let binary = root.join("bin").join("game-analysis");
        copy(
            &self.target_dir.join(PROFILE).join("game-analysis"),
            &binary,
        )?;
        copy(&self.workspace.join("LICENSE"), &root.join("LICENSE"))?;
        copy(
            &self.workspace.join("crates/game-analysis/README.md"),
            &root.join("README.md"),
        )?;
        let pages = [
            (vec!["manpage"], "share/man/man1/game-analysis.1"),
            (
                vec!["completions", "bash"],
                "share/bash-completion/completions/game-analysis",
            ),
            (
                vec!["completions", "zsh"],
                "share/zsh/site-functions/_game-analysis",
            ),
            (
                vec!["completions", "fish"],
                "share/fish/vendor_completions.d/game-analysis.fish",
            ),
        ];
        for (args, path) in pages {
            let mut command = Command::new(&binary);
            command.args(&args);
            write(&root.join(path), &output_of("game-analysis", &mut command)?)?;
        }
        fix_modes(&root)?;

        let archive = format!("{folder}.tar.gz");
        let tar_file = dist.join(format!("{folder}.tar"));
        let mut tar = self.command("tar");
        tar.arg("--sort=name")
            .arg(format!("--mtime=@{}", self.source_date_epoch))
            .args([
                "--owner=0",
                "--group=0",
                "--numeric-owner",
                "--format=gnu",
                "-C",
            ])
            .arg(&stage)
            .arg("-cf")
            .arg(&tar_file)
            .arg(&folder);
        run_step("tar", &mut tar)?;
        let mut gzip = self.command("gzip");
        gzip.args(["-n", "-9", "-f"]).arg(&tar_file);
        run_step("gzip", &mut gzip)?;
        Ok(archive)
    }

    /// The Python package's abi3 wheel, built by maturin into `dist`; its name.
    fn wheel(&self, dist: &Path) -> Result<String> {
        let mut maturin = self.command("maturin");
        maturin
            .args([
                "build",
                "--profile",
                PROFILE,
                "--locked",
                "--quiet",
                "-m",
                "crates/game-analysis-py/Cargo.toml",
                "-o",
            ])
            .arg(dist);
        run_step("maturin build (pip install maturin)", &mut maturin)?;
        let prefix = format!("game_analysis-{}-", self.version);
        let mut wheels = Vec::new();
        for entry in fs::read_dir(dist).map_err(Error::io(dist))? {
            let name = entry.map_err(Error::io(dist))?.file_name();
            let name = name.to_string_lossy();
            if name.starts_with(&prefix) && name.ends_with(".whl") {
                wheels.push(name.into_owned());
            }
        }
        match <[String; 1]>::try_from(wheels) {
            Ok([wheel]) => Ok(wheel),
            Err(wheels) => Err(Error::Usage(format!(
                "maturin wrote {} wheels named {prefix}*.whl, not one",
                wheels.len()
            ))),
        }
    }
}

/// The time of the checked-out commit, in seconds since 1970 (or `SOURCE_DATE_EPOCH` when
/// the caller sets it).
fn commit_time(workspace: &Path) -> Result<String> {
    if let Ok(epoch) = std::env::var("SOURCE_DATE_EPOCH") {
        return Ok(epoch);
    }
    let mut git = Command::new("git");
    git.current_dir(workspace)
        .args(["log", "-1", "--format=%ct"]);
    Ok(output_of("git log", &mut git)?.trim().to_owned())
}

/// An error unless the working tree is the checked-out commit: a release is built from a
/// commit, so that its bytes can be built again.
fn refuse_uncommitted_changes(workspace: &Path) -> Result<()> {
    let mut git = Command::new("git");
    git.current_dir(workspace)
        .args(["status", "--porcelain", "--untracked-files=no"]);
    let changed = output_of("git status", &mut git)?;
    if changed.trim().is_empty() {
        Ok(())
    } else {
        Err(Error::Usage(format!(
            "a release is built from a commit; commit or stash these changes first:\n{}",
            changed.trim_end()
        )))
    }
}

/// The Cargo that runs this task.
fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned())
}

/// Runs `command` (called `what` in errors), its output passing through.
fn run_step(what: &str, command: &mut Command) -> Result<()> {
    let status = command.status().map_err(|source| Error::Tool {
        what: what.to_owned(),
        why: source.to_string(),
    })?;
    if status.success() {
        Ok(())
    } else {
        Err(Error::Tool {
            what: what.to_owned(),
            why: status.to_string(),
        })
    }
}

/// What `command` (called `what` in errors) writes on standard output.
fn output_of(what: &str, command: &mut Command) -> Result<String> {
    let output = command.output().map_err(|source| Error::Tool {
        what: what.to_owned(),
        why: source.to_string(),
    })?;
    if !output.status.success() {
        return Err(Error::Tool {
            what: what.to_owned(),
            why: format!(
                "{}: {}",
                output.status,
                String::from_utf8_lossy(&output.stderr).trim()
            ),
        });
    }
    String::from_utf8(output.stdout).map_err(|_| Error::Tool {
        what: what.to_owned(),
        why: "its output is not UTF-8".into(),
    })
}

/// Sets the archive's modes whatever the umask: folders and the binary 755, files 644.
fn fix_modes(folder: &Path) -> Result<()> {
    for entry in fs::read_dir(folder).map_err(Error::io(folder))? {
        let path = entry.map_err(Error::io(folder))?.path();
        let executable = path.is_dir() || path.parent().is_some_and(|p| p.ends_with("bin"));
        let mode = if executable { 0o755 } else { 0o644 };
        fs::set_permissions(&path, fs::Permissions::from_mode(mode)).map_err(Error::io(&path))?;
        if path.is_dir() {
            fix_modes(&path)?;
        }
    }
    fs::set_permissions(folder, fs::Permissions::from_mode(0o755)).map_err(Error::io(folder))
}

/// Writes `SHA256SUMS` in `dist`, one line a file as `sha256sum -c` reads it; its text.
fn write_checksums(dist: &Path, files: &[String]) -> Result<String> {
    let mut sha256sum = Command::new("sha256sum");
    sha256sum.current_dir(dist).arg("--").args(files);
    let sums = output_of("sha256sum", &mut sha256sum)?;
    write(&dist.join("SHA256SUMS"), &sums)?;
    Ok(sums)
}

/// Copies `from` to `to`, making `to`'s folder.
fn copy(from: &Path, to: &Path) -> Result<()> {
    if let Some(folder) = to.parent() {
        fs::create_dir_all(folder).map_err(Error::io(folder))?;
    }
    fs::copy(from, to).map_err(Error::io(from))?;
    Ok(())
}

/// Writes `text` to `path`, making its folder.
fn write(path: &Path, text: &str) -> Result<()> {
    if let Some(folder) = path.parent() {
        fs::create_dir_all(folder).map_err(Error::io(folder))?;
    }
    fs::write(path, text).map_err(Error::io(path))
}

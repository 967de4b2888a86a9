//! The site under test and the workspace around it: `cargo xtask web --out DIR` run through
//! the cargo that runs the tests (so the pages, scripts and module are the ones the
//! subcommand writes, not a copy), the target folder cargo uses, and the release binaries
//! the measurement compares with.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, Result, ensure};

/// The workspace's root folder.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the workspace root exists")
}

/// The cargo running this program (`$CARGO`), else the one on the `PATH`.
fn cargo() -> Command {
    let program = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    let mut command = Command::new(program);
    command.current_dir(workspace_root());
    command
}

/// The environment variable naming a folder `cargo xtask web --out` already wrote, to
/// test instead of building the site again (quicker when only the tests change, and the
/// way to try the tests on a deliberately broken copy).
pub const SITE_VARIABLE: &str = "PLAYGROUND_SITE";

/// The site under test: written for the run in a temporary folder (removed when
/// dropped), or the folder `PLAYGROUND_SITE` names.
#[derive(Debug)]
pub enum Site {
    Built(tempfile::TempDir),
    Given(PathBuf),
}

impl Site {
    /// Runs `cargo xtask web --out <temporary folder>/site`, cargo's and the
    /// subcommand's messages passing through; or takes the folder `PLAYGROUND_SITE` names.
    ///
    /// # Errors
    /// The subcommand fails (its message says what is missing, e.g. the wasm32 target or
    /// the `wasm-bindgen` command).
    pub fn build() -> Result<Self> {
        if let Some(given) = std::env::var_os(SITE_VARIABLE) {
            let given = PathBuf::from(given);
            ensure!(
                given.join("index.html").is_file(),
                "{SITE_VARIABLE}={} holds no index.html",
                given.display()
            );
            println!("testing the site in {} ({SITE_VARIABLE})", given.display());
            return Ok(Site::Given(given));
        }
        let folder = tempfile::tempdir().context("making a folder for the site")?;
        let status = cargo()
            .args(["run", "--quiet", "--package", "xtask", "--", "web", "--out"])
            .arg(folder.path().join("site"))
            .stdout(Stdio::inherit())
            .status()
            .context("running cargo xtask web")?;
        ensure!(status.success(), "cargo xtask web failed ({status})");
        Ok(Site::Built(folder))
    }

    /// The folder holding `index.html`.
    pub fn dir(&self) -> PathBuf {
        match self {
            Site::Built(folder) => folder.path().join("site"),
            Site::Given(dir) => dir.clone(),
        }
    }
}

/// The folder cargo builds into (`target/` unless `CARGO_TARGET_DIR` or a configuration
/// says otherwise), as `cargo metadata` reports it.
///
/// # Errors
/// Cargo fails or reports no target folder.
pub fn target_dir() -> Result<PathBuf> {
    let output = cargo()
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .stderr(Stdio::inherit())
        .output()
        .context("running cargo metadata")?;
    ensure!(output.status.success(), "cargo metadata failed");
    let value: serde_json::Value =
        serde_json::from_slice(&output.stdout).context("reading cargo metadata")?;
    value["target_directory"]
        .as_str()
        .map(PathBuf::from)
        .context("cargo metadata names no target folder")
}

/// Where the tests leave their screenshots for review: `<target>/playground-screenshots`.
///
/// # Errors
/// As [`target_dir`], or the folder cannot be made.
pub fn screenshot_dir() -> Result<PathBuf> {
    let dir = target_dir()?.join("playground-screenshots");
    std::fs::create_dir_all(&dir).with_context(|| format!("making {}", dir.display()))?;
    Ok(dir)
}

/// Builds the release binaries of `crates` (`cargo build --release`) and returns each
/// one's executable, as cargo announces it.
///
/// # Errors
/// The build fails or announces no executable for one of them.
pub fn release_binaries(crates: &[&str]) -> Result<BTreeMap<String, PathBuf>> {
    let mut command = cargo();
    command.args([
        "build",
        "--release",
        "--message-format=json-render-diagnostics",
    ]);
    for name in crates {
        command.args(["--package", name, "--bin", name]);
    }
    let mut child = command
        .stdout(Stdio::piped())
        .spawn()
        .context("running cargo build --release")?;
    let stdout = child.stdout.take().context("cargo build without stdout")?;
    let mut found = BTreeMap::new();
    for line in BufReader::new(stdout).lines() {
        let line = line.context("reading cargo's messages")?;
        let Ok(message) = serde_json::from_str::<serde_json::Value>(&line) else {
            continue;
        };
        if let (Some(name), Some(executable)) = (
            message["target"]["name"].as_str(),
            message["executable"].as_str(),
        ) {
            found.insert(name.to_owned(), PathBuf::from(executable));
        }
    }
    ensure!(
        child.wait().context("waiting for cargo build")?.success(),
        "cargo build --release failed"
    );
    for name in crates {
        ensure!(found.contains_key(*name), "cargo built no binary {name}");
    }
    Ok(found)
}

//! The site under test and the workspace around it: the xtask's own `web` command run
//! in-process (so the pages, scripts and module are the ones `cargo xtask web` writes,
//! not a copy, and no second build of the xtask is needed), the target folder cargo uses,
//! and the release binaries the measurement compares with.

use std::collections::BTreeMap;
use std::path::PathBuf;

use anyhow::{Context, Result, ensure};

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
    /// Does what `cargo xtask web --out <temporary folder>/site` does, cargo's and the
    /// command's messages passing through; or takes the folder `PLAYGROUND_SITE` names.
    ///
    /// # Errors
    /// The command fails (its message says what is missing, e.g. the wasm32 target or
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
        xtask::web::Web {
            out: Some(folder.path().join("site")),
            ..Default::default()
        }
        .run()
        .context("cargo xtask web")?;
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

/// Where the tests leave their screenshots for review: `<target>/playground-screenshots`.
///
/// # Errors
/// Cargo reports no target folder, or the folder cannot be made.
pub fn screenshot_dir() -> Result<PathBuf> {
    let dir = xtask::build::target_dir(&xtask::project_root())?.join("playground-screenshots");
    std::fs::create_dir_all(&dir).with_context(|| format!("making {}", dir.display()))?;
    Ok(dir)
}

/// Builds the release binaries of `crates` (`cargo build --release`, as `verify` builds
/// them) and returns each one's executable, as cargo announces it.
///
/// # Errors
/// The build fails or announces no executable for one of them.
pub fn release_binaries(crates: &[&str]) -> Result<BTreeMap<String, PathBuf>> {
    let executables = xtask::build::release(
        &xtask::project_root(),
        crates.iter().copied(),
        xtask::build::Targets::Binaries,
    )?;
    crates
        .iter()
        .map(|name| Ok(((*name).to_owned(), executables.get(name)?.to_path_buf())))
        .collect()
}

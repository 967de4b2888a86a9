//! The official datasets, which live beside the workspace and are not copied into it.

use std::path::{Path, PathBuf};

use anyhow::Context;

/// The variable that names the folder of the official datasets, when set.
pub const OFFICIAL_VAR: &str = "DESCENDING_DARK_OFFICIAL";

/// The folder of the official datasets: `$DESCENDING_DARK_OFFICIAL` when set, else the
/// first `shared/official/descending-dark` found beside the workspace or beside a folder
/// above it (so a worktree in a subfolder finds the same data as the main checkout).
///
/// # Errors
/// The variable is not set and no such folder exists.
pub fn official_folder() -> anyhow::Result<PathBuf> {
    if let Some(folder) = std::env::var_os(OFFICIAL_VAR) {
        return Ok(PathBuf::from(folder));
    }
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let workspace = workspace.canonicalize().unwrap_or(workspace);
    workspace
        .ancestors()
        .skip(1)
        .map(|folder| folder.join("shared/official/descending-dark"))
        .find(|folder| folder.is_dir())
        .with_context(|| {
            format!(
                "no shared/official/descending-dark beside {} or a folder above it; set {OFFICIAL_VAR}",
                workspace.display()
            )
        })
}

/// The input and expected output of the official dataset `name` (`D-large-practice`...).
///
/// # Errors
/// The folder is missing (see [`official_folder`]) or a file cannot be read.
pub fn official_dataset(name: &str) -> anyhow::Result<(String, String)> {
    let folder = official_folder()?;
    let read = |ext: &str| {
        let path = folder.join(format!("{name}.{ext}"));
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))
    };
    Ok((read("in")?, read("out")?))
}

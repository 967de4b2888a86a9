//! Building the release binaries once, through the cargo that runs us.

use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, ensure};

/// `cargo build --release` of the binaries of `crates` (and their examples if asked).
pub fn release<'a>(
    root: &Path,
    crates: impl Iterator<Item = &'a str>,
    examples: bool,
) -> Result<()> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(root)
        .args(["build", "--release", "--bins"]);
    if examples {
        command.arg("--examples");
    }
    for name in crates {
        command.args(["--package", name]);
    }
    let status = command.status().context("running cargo build")?;
    ensure!(status.success(), "cargo build --release failed");
    Ok(())
}

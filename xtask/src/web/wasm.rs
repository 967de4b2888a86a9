//! The playground's module: `crates/playground` built for `wasm32-unknown-unknown` in
//! release, then its JavaScript bindings written by the `wasm-bindgen` command, which must
//! be the very version the crate pins (the two halves of the bindings are generated
//! separately and must agree).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail, ensure};

use crate::build::cargo;

/// The crate compiled to the module.
pub const CRATE: &str = "playground";
/// The target the browser runs.
pub const TARGET: &str = "wasm32-unknown-unknown";
/// The module's name in the site: `pkg/playground_bg.wasm`, loaded by `pkg/playground.js`.
pub const MODULE: &str = "playground_bg.wasm";

/// The `wasm-bindgen` command, checked to be the version the crate pins.
#[derive(Debug)]
pub struct Bindgen {
    program: PathBuf,
    version: String,
}

/// The command that installs the `wasm-bindgen` the crate needs.
pub fn install_command(version: &str) -> String {
    format!("cargo install --locked wasm-bindgen-cli --version {version}")
}

impl Bindgen {
    /// Finds `wasm-bindgen` on the `PATH` and checks its version against the pin in
    /// `crates/playground/Cargo.toml`.
    ///
    /// # Errors
    /// The command is missing or of another version: the message gives the install
    /// command.
    pub fn find(root: &Path) -> Result<Self> {
        Self::find_program(Path::new("wasm-bindgen"), &pinned_version(root)?)
    }

    /// Checks that `program` is `wasm-bindgen` of `version`.
    ///
    /// # Errors
    /// As [`Bindgen::find`].
    pub fn find_program(program: &Path, version: &str) -> Result<Self> {
        let version = version.to_owned();
        let found = Command::new(program)
            .arg("--version")
            .stderr(Stdio::null())
            .output();
        let reported = match found {
            Ok(output) if output.status.success() => {
                String::from_utf8_lossy(&output.stdout).trim().to_owned()
            }
            _ => bail!(
                "the wasm-bindgen command is not installed; the playground needs version \
                 {version}: {}",
                install_command(&version)
            ),
        };
        // It prints `wasm-bindgen 0.2.129`.
        if reported.split_whitespace().nth(1) != Some(version.as_str()) {
            bail!(
                "the wasm-bindgen command is {reported:?}, the playground's crate pins \
                 {version}; install that version: {}",
                install_command(&version)
            );
        }
        Ok(Bindgen {
            program: program.to_owned(),
            version,
        })
    }

    /// The version checked.
    pub fn version(&self) -> &str {
        &self.version
    }

    /// Writes the bindings of `module` (`playground.js` and the module itself) into `out`,
    /// for loading as an ES module (`--target web`); returns the module's path there.
    ///
    /// # Errors
    /// `wasm-bindgen` fails.
    pub fn generate(&self, module: &Path, out: &Path) -> Result<PathBuf> {
        if out.exists() {
            std::fs::remove_dir_all(out).with_context(|| format!("removing {}", out.display()))?;
        }
        let status = Command::new(&self.program)
            .args(["--target", "web", "--no-typescript", "--out-dir"])
            .arg(out)
            .arg(module)
            .status()
            .context("running wasm-bindgen")?;
        ensure!(
            status.success(),
            "wasm-bindgen failed on {}",
            module.display()
        );
        let written = out.join(MODULE);
        ensure!(
            written.is_file(),
            "wasm-bindgen wrote no {}",
            written.display()
        );
        Ok(written)
    }
}

/// The exact version of `wasm-bindgen` the crate depends on (`=0.2.x` in its manifest),
/// as cargo reads the manifest.
///
/// # Errors
/// Cargo cannot read the manifest, or the crate does not pin `wasm-bindgen` exactly.
pub fn pinned_version(root: &Path) -> Result<String> {
    let value = crate::build::metadata(root)?;
    let requirement = value["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|package| package["name"] == CRATE)
        .flat_map(|package| package["dependencies"].as_array().into_iter().flatten())
        .find(|dependency| dependency["name"] == "wasm-bindgen")
        .and_then(|dependency| dependency["req"].as_str())
        .with_context(|| format!("{CRATE} does not depend on wasm-bindgen"))?;
    requirement
        .strip_prefix('=')
        .map(str::to_owned)
        .with_context(|| {
            format!("{CRATE} must pin wasm-bindgen exactly (=0.2.x), not {requirement:?}")
        })
}

/// `cargo build --profile wasm-release --target wasm32-unknown-unknown` of the crate's
/// library (the release profile with whole-program optimisation, which makes the module
/// smaller; `docs/figures.txt` has its size); returns the module cargo wrote.
///
/// # Errors
/// The build fails (the target may need `rustup target add wasm32-unknown-unknown`) or
/// names no module.
pub fn build(root: &Path) -> Result<PathBuf> {
    let mut child = cargo()
        .current_dir(root)
        .args([
            "build",
            "--profile",
            "wasm-release",
            "--lib",
            "--target",
            TARGET,
            "--package",
            CRATE,
        ])
        .arg("--message-format=json-render-diagnostics")
        .stdout(Stdio::piped())
        .spawn()
        .context("running cargo build")?;
    let stdout = child.stdout.take().context("cargo build without stdout")?;
    let mut module = None;
    for line in BufReader::new(stdout).lines() {
        let line = line.context("reading cargo's messages")?;
        if let Some(path) = module_of(&line) {
            module = Some(path);
        }
    }
    let status = child.wait().context("waiting for cargo build")?;
    ensure!(
        status.success(),
        "cargo build --target {TARGET} failed (is the target installed? rustup target add \
         {TARGET})"
    );
    module.with_context(|| format!("cargo built no .wasm for {CRATE}"))
}

/// The `.wasm` file a cargo JSON message announces for the crate, if it announces one.
fn module_of(message: &str) -> Option<PathBuf> {
    let value: serde_json::Value = serde_json::from_str(message).ok()?;
    if value["reason"] != "compiler-artifact" || value["target"]["name"] != CRATE {
        return None;
    }
    value["filenames"]
        .as_array()?
        .iter()
        .filter_map(serde_json::Value::as_str)
        .find(|name| name.ends_with(".wasm"))
        .map(PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_module_is_the_crates_wasm_file() {
        let message = r#"{"reason":"compiler-artifact","target":{"name":"playground"},"filenames":["/t/wasm32-unknown-unknown/wasm-release/libplayground.rlib","/t/wasm32-unknown-unknown/wasm-release/playground.wasm"]}"#;
        assert_eq!(
            module_of(message),
            Some(PathBuf::from(
                "/t/wasm32-unknown-unknown/wasm-release/playground.wasm"
            ))
        );
        let other = message.replace("\"name\":\"playground\"", "\"name\":\"gam\"");
        assert_eq!(module_of(&other), None);
        assert_eq!(module_of("not json"), None);
    }

    #[test]
    fn the_install_command_names_the_version() {
        assert_eq!(
            install_command("0.2.129"),
            "cargo install --locked wasm-bindgen-cli --version 0.2.129"
        );
    }
}

//! The playground's module: `crates/playground` built for `wasm32-unknown-unknown` in
//! release (the target added through rustup when missing), then its JavaScript bindings
//! written by `xtask/wasm-bindings`, a binary of this workspace made of the library the
//! `wasm-bindgen` command is made of, pinned to the very version the playground depends on
//! (the two halves of the bindings are generated separately and must agree). Nothing is
//! installed by hand; cargo builds the binary the first time the site is written.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail, ensure};

use crate::build::Targets;

/// The crate compiled to the module.
pub const CRATE: &str = "playground";
/// The target the browser runs.
pub const TARGET: &str = "wasm32-unknown-unknown";
/// The module's name in the site: `pkg/playground_bg.wasm`, loaded by `pkg/playground.js`.
pub const MODULE: &str = "playground_bg.wasm";
/// The workspace's binary that writes the bindings (`xtask/wasm-bindings`).
pub const BINDINGS: &str = "wasm-bindings";
/// The library `BINDINGS` is made of, pinned as `wasm-bindgen` is in `CRATE`.
pub const BINDINGS_LIBRARY: &str = "wasm-bindgen-cli-support";

/// The bindings' writer, built, its pin checked against the playground's.
#[derive(Debug)]
pub struct Bindgen {
    program: PathBuf,
}

impl Bindgen {
    /// Checks that the writer pins the version of `wasm-bindgen` the playground pins, and
    /// builds it (the xtask's own profile, so its dependencies are the xtask's).
    ///
    /// # Errors
    /// The pins differ, or cargo cannot build the writer.
    pub fn build(root: &Path) -> Result<Self> {
        agreed_version(&crate::build::metadata(root)?)?;
        let built =
            crate::build::with_profile(root, "dev", std::iter::once(BINDINGS), Targets::Binaries)?;
        Ok(Bindgen {
            program: built.get(BINDINGS)?.to_owned(),
        })
    }

    /// Writes the bindings of `module` (`playground.js` and the module itself) into `out`,
    /// for loading as an ES module (as `wasm-bindgen --target web --no-typescript`);
    /// returns the module's path there.
    ///
    /// # Errors
    /// The writer fails.
    pub fn generate(&self, module: &Path, out: &Path) -> Result<PathBuf> {
        if out.exists() {
            std::fs::remove_dir_all(out).with_context(|| format!("removing {}", out.display()))?;
        }
        let status = Command::new(&self.program)
            .arg(module)
            .arg(out)
            .status()
            .with_context(|| format!("running {}", self.program.display()))?;
        ensure!(
            status.success(),
            "{BINDINGS} failed on {}",
            module.display()
        );
        let written = out.join(MODULE);
        ensure!(
            written.is_file(),
            "{BINDINGS} wrote no {}",
            written.display()
        );
        Ok(written)
    }
}

/// The version the playground pins, once checked that the bindings' writer pins its
/// library to the same (`metadata` is `cargo metadata`'s JSON).
///
/// # Errors
/// Either pin is missing or inexact, or they differ.
pub fn agreed_version(metadata: &serde_json::Value) -> Result<String> {
    let playground = pin(metadata, CRATE, "wasm-bindgen")?;
    let writer = pin(metadata, BINDINGS, BINDINGS_LIBRARY)?;
    if playground != writer {
        bail!(
            "{CRATE} pins wasm-bindgen {playground} but {BINDINGS} pins {BINDINGS_LIBRARY} \
             {writer}: the two halves of the bindings must be one version; pin both alike"
        );
    }
    Ok(playground)
}

/// The exact version `package` requires of `dependency` (`=0.2.x`).
fn pin(metadata: &serde_json::Value, package: &str, dependency: &str) -> Result<String> {
    let requirement = metadata["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|found| found["name"] == package)
        .flat_map(|found| found["dependencies"].as_array().into_iter().flatten())
        .find(|found| found["name"] == dependency)
        .and_then(|found| found["req"].as_str())
        .with_context(|| format!("{package} does not depend on {dependency}"))?;
    requirement
        .strip_prefix('=')
        .map(str::to_owned)
        .with_context(|| {
            format!("{package} must pin {dependency} exactly (=0.2.x), not {requirement:?}")
        })
}

/// Adds the browser's target through rustup when it is not installed, saying so on
/// stderr.
///
/// # Errors
/// rustup is missing (the message says what to install instead) or fails.
pub fn add_target() -> Result<()> {
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .stderr(Stdio::null())
        .output();
    let listed = match installed {
        Ok(output) if output.status.success() => output.stdout,
        _ => bail!(
            "the playground is built for {TARGET}, which rustup adds; without rustup, \
             install your Rust's standard library for {TARGET}"
        ),
    };
    if String::from_utf8_lossy(&listed)
        .lines()
        .any(|line| line.trim() == TARGET)
    {
        return Ok(());
    }
    eprintln!("running rustup target add {TARGET}");
    let status = Command::new("rustup")
        .args(["target", "add", TARGET])
        .status()
        .context("running rustup target add")?;
    ensure!(status.success(), "rustup target add {TARGET} failed");
    Ok(())
}

/// `cargo build --profile wasm-release --target wasm32-unknown-unknown` of the crate's
/// library (the release profile with whole-program optimisation, which makes the module
/// smaller; `docs/figures.txt` has its size); returns the module cargo wrote.
///
/// # Errors
/// The build fails or names no module.
pub fn build(root: &Path) -> Result<PathBuf> {
    let mut child = crate::build::nested_build()
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
    crate::build::each_message(stdout, "the playground's module", |line| {
        if let Some(path) = module_of(line) {
            module = Some(path);
        }
    })?;
    let status = child.wait().context("waiting for cargo build")?;
    ensure!(status.success(), "cargo build --target {TARGET} failed");
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

    /// `cargo metadata`'s JSON for the two pins.
    fn metadata(playground: &str, writer: &str) -> serde_json::Value {
        serde_json::json!({"packages": [
            {"name": CRATE, "dependencies": [{"name": "wasm-bindgen", "req": playground}]},
            {"name": BINDINGS, "dependencies": [{"name": BINDINGS_LIBRARY, "req": writer}]},
        ]})
    }

    #[test]
    fn the_two_halves_of_the_bindings_must_pin_one_version() {
        assert_eq!(
            agreed_version(&metadata("=0.2.129", "=0.2.129")).unwrap(),
            "0.2.129"
        );
        let differ = format!(
            "{:#}",
            agreed_version(&metadata("=0.2.129", "=0.2.130")).unwrap_err()
        );
        assert!(
            differ.contains("0.2.129") && differ.contains("0.2.130"),
            "{differ}"
        );
        let loose = format!(
            "{:#}",
            agreed_version(&metadata("0.2", "=0.2.129")).unwrap_err()
        );
        assert!(loose.contains("exactly"), "{loose}");
    }
}

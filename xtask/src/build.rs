//! Building the release binaries once, through the cargo that runs us, and finding them
//! where cargo put them: cargo's JSON build messages name every executable, so
//! `CARGO_TARGET_DIR` and `build.target-dir` are honoured without guessing paths.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, Result, ensure};

/// The executables one build produced, by target name (`statues`, `gam_flawed`...).
#[derive(Debug, Default)]
pub struct Executables {
    by_name: BTreeMap<String, PathBuf>,
}

impl Executables {
    /// The executable of the binary or example `name`.
    ///
    /// # Errors
    /// The build produced no executable of that name.
    pub fn get(&self, name: &str) -> Result<&Path> {
        self.by_name
            .get(name)
            .map(PathBuf::as_path)
            .with_context(|| {
                let built: Vec<&str> = self.by_name.keys().map(String::as_str).collect();
                format!(
                    "cargo built no executable named '{name}' (built: {})",
                    built.join(", ")
                )
            })
    }
}

/// The cargo that runs us (`$CARGO`), or the one on the `PATH`; as quiet as the cargo
/// that started us (`cargo -q xtask ...`).
pub fn cargo() -> Command {
    let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    if started_quiet() {
        // Cargo reads its `term.quiet` setting from the environment; an argument would
        // change the command line CI's guests replay (`.ci/guest-cargo`).
        command.env("CARGO_TERM_QUIET", "true");
    }
    command
}

/// Whether the cargo that started us was asked to be quiet: cargo passes `-q` on to
/// nothing it runs, so the nested builds of `stress` and `web` would print their
/// `Finished` lines under `cargo -q xtask`. Its own options are the ones before its
/// subcommand on its command line.
fn started_quiet() -> bool {
    let Ok(line) = std::fs::read(format!(
        "/proc/{}/cmdline",
        std::os::unix::process::parent_id()
    )) else {
        return false;
    };
    quiet_before_subcommand(line.split(|&byte| byte == 0).skip(1))
}

/// Whether cargo's options, the arguments before the first that is no option, ask for
/// quiet (`-q`, `--quiet`, or `-q` among short options: `-qv` is not cargo's, but `-vq`).
fn quiet_before_subcommand<'a>(arguments: impl Iterator<Item = &'a [u8]>) -> bool {
    arguments
        .take_while(|argument| argument.starts_with(b"-"))
        .any(|argument| {
            argument == b"--quiet"
                || (argument.len() > 1
                    && !argument.starts_with(b"--")
                    && argument[1..].contains(&b'q'))
        })
}

/// The cargo profile `verify`, `stress` and the checks judge: the one every judged run
/// and every test shares, so the solvers are built once.
pub const RELEASE: &str = "release";

/// The cargo profile `bench` measures: release with whole-program optimisation (fat LTO,
/// one codegen unit), for the top speed the archive reports. Only `bench` pays for it.
pub const BENCH: &str = "bench-release";

/// What one build makes of each crate it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Targets {
    /// Every binary the crate builds by default: its solver, and its reference binary
    /// where it has one (`gam_reference`, `sweets_reference`).
    Binaries,
    /// Its flawed solvers' binary (`<crate>_flawed`), built with the crate's `testkit`
    /// feature. It is a binary, not an example, so it builds without the crate's
    /// dev-dependencies; and asking for it alone leaves the solver binary as it was.
    Flawed,
}

/// `cargo build --release` of `targets` of `crates`; returns where cargo put each
/// executable.
///
/// # Errors
/// Cargo cannot be run, the build fails, or its messages cannot be read.
pub fn release<'a>(
    root: &Path,
    crates: impl Iterator<Item = &'a str>,
    targets: Targets,
) -> Result<Executables> {
    with_profile(root, RELEASE, crates, targets)
}

/// `cargo build --profile PROFILE` of `targets` of `crates`; returns where cargo put each
/// executable.
///
/// # Errors
/// As [`release`].
pub fn with_profile<'a>(
    root: &Path,
    profile: &str,
    crates: impl Iterator<Item = &'a str>,
    targets: Targets,
) -> Result<Executables> {
    let mut command = cargo();
    command.current_dir(root).arg("build");
    // `--release` for the release profile keeps the command line the one CI's cgroup v2
    // guest replays (`.ci/cgroup-v2`).
    if profile == RELEASE {
        command.arg("--release");
    } else {
        command.args(["--profile", profile]);
    }
    if targets == Targets::Binaries {
        command.arg("--bins");
    }
    command
        // Diagnostics still reach the terminal rendered; stdout carries the JSON.
        .arg("--message-format=json-render-diagnostics")
        .stdout(Stdio::piped());
    if targets == Targets::Flawed {
        // Every problem crate has the feature; `CRATE/testkit` would name the crates'
        // dev-dependency on themselves and leave the binaries' requirement unmet.
        command.args(["--features", "testkit"]);
    }
    for name in crates {
        command.args(["--package", name]);
        if targets == Targets::Flawed {
            command.args(["--bin", &flawed_binary(name)]);
        }
    }
    let mut child = command.spawn().context("running cargo build")?;
    let stdout = child.stdout.take().context("cargo build without stdout")?;
    let mut executables = Executables::default();
    for line in BufReader::new(stdout).lines() {
        if let Some((name, path)) = executable_of(&line.context("reading cargo's messages")?) {
            executables.by_name.insert(name, path);
        }
    }
    let status = child.wait().context("waiting for cargo build")?;
    ensure!(status.success(), "cargo build --profile {profile} failed");
    Ok(executables)
}

/// The name of `crate_name`'s binary of flawed solvers (`descending_dark_flawed`...).
pub fn flawed_binary(crate_name: &str) -> String {
    format!("{}_flawed", crate_name.replace('-', "_"))
}

/// The (target name, executable) a cargo JSON message announces, if it announces one.
fn executable_of(message: &str) -> Option<(String, PathBuf)> {
    let value: serde_json::Value = serde_json::from_str(message).ok()?;
    if value["reason"] != "compiler-artifact" {
        return None;
    }
    let path = value["executable"].as_str()?;
    let name = value["target"]["name"].as_str()?;
    Some((name.to_owned(), PathBuf::from(path)))
}

/// `cargo build --release` of `targets` of every problem, in this workspace.
///
/// # Errors
/// As [`release`].
pub fn release_every_problem(targets: Targets) -> Result<Executables> {
    let names = crate::problems::PROBLEMS
        .iter()
        .map(|problem| problem.name());
    release(&crate::project_root(), names, targets)
}

/// `cargo metadata` of the workspace at `root`, its members only.
///
/// # Errors
/// Cargo fails or writes no JSON.
pub fn metadata(root: &Path) -> Result<serde_json::Value> {
    let output = cargo()
        .current_dir(root)
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .stderr(Stdio::inherit())
        .output()
        .context("running cargo metadata")?;
    ensure!(output.status.success(), "cargo metadata failed");
    serde_json::from_slice(&output.stdout).context("reading cargo metadata")
}

/// Cargo's target directory for the workspace at `root`, wherever it is configured.
///
/// # Errors
/// `cargo metadata` fails or does not name it.
pub fn target_dir(root: &Path) -> Result<PathBuf> {
    let value = metadata(root)?;
    let dir = value["target_directory"]
        .as_str()
        .context("cargo metadata names no target directory")?;
    Ok(PathBuf::from(dir))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_is_read_from_cargos_own_options_only() {
        let quiet = |line: &str| quiet_before_subcommand(line.split(' ').map(str::as_bytes));
        assert!(quiet("-q xtask stress statues"));
        assert!(quiet("--quiet xtask web"));
        assert!(quiet("-vq xtask web"));
        assert!(!quiet("xtask stress statues -q"));
        assert!(!quiet("xtask web --quiet"));
        assert!(!quiet("--verbose xtask web"));
    }

    #[test]
    fn only_artifacts_with_an_executable_are_taken() {
        let binary = r#"{"reason":"compiler-artifact","target":{"name":"gam","kind":["bin"]},"executable":"/t/release/gam"}"#;
        let library = r#"{"reason":"compiler-artifact","target":{"name":"gam","kind":["lib"]},"executable":null}"#;
        let finished = r#"{"reason":"build-finished","success":true}"#;
        assert_eq!(
            executable_of(binary),
            Some(("gam".to_owned(), PathBuf::from("/t/release/gam")))
        );
        assert_eq!(executable_of(library), None);
        assert_eq!(executable_of(finished), None);
        assert_eq!(executable_of("Compiling gam"), None);
    }
}

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

/// The cargo that runs us (`$CARGO`), or the one on the `PATH`.
pub fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// [`cargo`] for a nested build whose JSON messages the xtask reads ([`each_message`]):
/// without cargo's status lines, which would otherwise show under `cargo -q xtask ...`
/// (cargo passes `-q` on to nothing it runs, and tells the program nothing of it).
/// Diagnostics and errors still show. It is said through the environment, since an
/// argument would change the command line CI's guests replay (`.ci/guest-cargo`).
pub fn nested_build() -> Command {
    let mut command = cargo();
    command.env("CARGO_TERM_QUIET", "true");
    command
}

/// Reads the JSON messages of a [`nested_build`] from `stdout`, handing each line to
/// `each`; while the build compiles something, a terminal shows a transient line saying
/// what is built (a build that finds everything fresh shows nothing).
///
/// # Errors
/// The messages cannot be read.
pub fn each_message(
    stdout: impl std::io::Read,
    what: &str,
    mut each: impl FnMut(&str),
) -> Result<()> {
    let mut spinner: Option<indicatif::ProgressBar> = None;
    let mut compiled = 0u64;
    for line in BufReader::new(stdout).lines() {
        let line = line.context("reading cargo's messages")?;
        if line.contains("\"reason\":\"compiler-artifact\"") && line.contains("\"fresh\":false") {
            compiled += 1;
            let bar = spinner.get_or_insert_with(|| {
                let bar = indicatif::ProgressBar::with_draw_target(
                    None,
                    indicatif::ProgressDrawTarget::stderr(),
                );
                if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {msg}") {
                    bar.set_style(style);
                }
                bar.enable_steady_tick(std::time::Duration::from_millis(200));
                bar
            });
            bar.set_message(format!(
                "building {what}: {compiled} crate{} compiled",
                if compiled == 1 { "" } else { "s" }
            ));
        }
        each(&line);
    }
    if let Some(bar) = spinner {
        bar.finish_and_clear();
    }
    Ok(())
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
    let mut command = nested_build();
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
    // The release build is the one every command and test shares; others are built as asked
    // (a fat-LTO `bench` build of one problem must not build all five).
    let names = if profile == RELEASE {
        selection(crates)
    } else {
        crates.collect()
    };
    for name in names {
        command.args(["--package", name]);
        if targets == Targets::Flawed {
            command.args(["--bin", &flawed_binary(name)]);
        }
    }
    let mut child = command.spawn().context("running cargo build")?;
    let stdout = child.stdout.take().context("cargo build without stdout")?;
    let mut executables = Executables::default();
    each_message(stdout, "the solvers", |line| {
        if let Some((name, path)) = executable_of(line) {
            executables.by_name.insert(name, path);
        }
    })?;
    let status = child.wait().context("waiting for cargo build")?;
    ensure!(status.success(), "cargo build --profile {profile} failed");
    Ok(executables)
}

/// The crates a release build names: every problem whenever only problems were asked for,
/// else those asked. Cargo unifies the features of shared dependencies over the packages one
/// command selects, so `-p gam -p sweets`, `-p statues` and all five each built and linked
/// copies of their own; one selection is one build, which every command and test shares
/// (`verify` of one problem builds the five the first time, and nothing after).
fn selection<'a>(asked: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let asked: Vec<&str> = asked.collect();
    let problems: Vec<&'static str> = crate::problems::PROBLEMS
        .iter()
        .map(|problem| problem.name())
        .collect();
    if !asked.is_empty() && asked.iter().all(|name| problems.contains(name)) {
        problems
    } else {
        asked
    }
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

    #[test]
    fn problems_are_built_as_one_selection_and_other_crates_as_asked() {
        let every: Vec<&str> = crate::problems::PROBLEMS
            .iter()
            .map(|problem| problem.name())
            .collect();
        assert_eq!(selection(["statues"].into_iter()), every);
        assert_eq!(selection(["gam", "sweets"].into_iter()), every);
        assert_eq!(selection(["wasm-bindings"].into_iter()), ["wasm-bindings"]);
        assert_eq!(
            selection(["gam", "playground"].into_iter()),
            ["gam", "playground"]
        );
        assert!(selection(std::iter::empty()).is_empty());
    }
}

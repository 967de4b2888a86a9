//! A checker cannot call solving code, and this is a fact of the build, read from cargo:
//!
//! - each problem's checker lives in its proof crate `<p>-proof` (input model, certificate
//!   types, checker), and no workspace crate but gridkit is reachable from it through
//!   normal dependencies (`cargo metadata`);
//! - the solver crate `<p>` depends on `<p>-proof`, so cargo, which refuses cycles, will
//!   never let the proof crate depend on the solver;
//! - every build a checker can be made in is checked by building it (`cargo build --lib
//!   -p <p>-proof` in the workspace's target folder, so the release build is the one
//!   `verify` builds the solvers on, and the dependencies are built once): the dev and the
//!   release profile (`cfg(debug_assertions)` differs), each with the default features, all
//!   features, no default features when there is a default, and each feature alone when
//!   the crate has several (a solver crate may enable any of them; other combinations
//!   are not tried). A build that does not compile is refused too. In each build:
//!   - the workspace crates cargo compiled are the proof crate and gridkit alone;
//!   - the files rustc read for each (its dep-info: modules, `#[path]`, `include!`,
//!     `include_str!`, `include_bytes!`) all lie in that crate's own `src/`, reached
//!     without `..`. Nothing else is excused: a file generated into a build script's
//!     `OUT_DIR` lies outside `src/` and is refused like any other;
//!   - no workspace crate in it has a build script: a build script runs at build time and
//!     may read any file without rustc knowing, so its reads are in no dep-info;
//! - no file or folder under a proof crate's folder is a symbolic link, or a file with a
//!   second name (a hard link): either could be a solver file under a name in `src/`;
//! - each binary's `--check` is the proof crate's own `check_certificate`: the binary is
//!   the `Problem` trait's `main`, and the crate's `src/definition.rs` gives the trait the
//!   proof crate's function.
//!
//! The fixture tests at the end write a small workspace (a solver `x`, its proof crate
//! `x-proof`, a shared `kit`, a crate `other`) into a temporary folder, with one way around
//! these rules each, and run the same checks on it with real cargo builds: each must be
//! refused, and the fixture without one must pass.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use problems::PROBLEMS;
use serde_json::Value;

fn root() -> PathBuf {
    xtask::project_root()
}

fn cargo() -> Command {
    let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    command.current_dir(root()).stderr(Stdio::inherit());
    command
}

fn proof_crate(problem: &str) -> String {
    format!("{problem}-proof")
}

/// `cargo metadata` with the resolved graph.
fn metadata() -> Value {
    let output = cargo()
        .args(["metadata", "--format-version", "1"])
        .output()
        .expect("running cargo metadata");
    assert!(output.status.success(), "cargo metadata failed");
    serde_json::from_slice(&output.stdout).expect("cargo metadata's JSON")
}

/// Package name by package id, for the workspace's members.
fn members(metadata: &Value) -> BTreeMap<String, String> {
    let ids: BTreeSet<&str> = metadata["workspace_members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| id.as_str().unwrap())
        .collect();
    metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|package| ids.contains(package["id"].as_str().unwrap()))
        .map(|package| {
            (
                package["id"].as_str().unwrap().to_owned(),
                package["name"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// Every package id reachable from `start` through normal (not dev, not build)
/// dependencies, `start` included.
fn normal_closure(metadata: &Value, start: &str) -> BTreeSet<String> {
    let nodes: BTreeMap<&str, &Value> = metadata["resolve"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|node| (node["id"].as_str().unwrap(), node))
        .collect();
    let mut seen = BTreeSet::from([start.to_owned()]);
    let mut pending = vec![start.to_owned()];
    while let Some(id) = pending.pop() {
        for dependency in nodes[id.as_str()]["deps"].as_array().unwrap() {
            let normal = dependency["dep_kinds"]
                .as_array()
                .unwrap()
                .iter()
                .any(|kind| kind["kind"].is_null());
            let target = dependency["pkg"].as_str().unwrap().to_owned();
            if normal && seen.insert(target.clone()) {
                pending.push(target);
            }
        }
    }
    seen
}

fn id_of(members: &BTreeMap<String, String>, name: &str) -> String {
    members
        .iter()
        .find(|(_, member)| *member == name)
        .unwrap_or_else(|| panic!("no workspace member named {name}"))
        .0
        .clone()
}

#[test]
fn no_proof_crate_reaches_a_solver_and_every_solver_depends_on_its_proof_crate() {
    let metadata = metadata();
    let members = members(&metadata);
    for &problem in PROBLEMS {
        let proof = id_of(&members, &proof_crate(problem.name()));
        let reached: Vec<&str> = normal_closure(&metadata, &proof)
            .iter()
            .filter_map(|id| members.get(id).map(String::as_str))
            .filter(|name| *name != "gridkit" && *name != proof_crate(problem.name()))
            .collect();
        assert!(
            reached.is_empty(),
            "{} reaches workspace crates {reached:?}: a checker could call their code",
            proof_crate(problem.name())
        );
        let solver = id_of(&members, problem.name());
        assert!(
            normal_closure(&metadata, &solver).contains(&proof),
            "{} does not depend on {}: nothing stops the proof crate depending on it",
            problem.name(),
            proof_crate(problem.name())
        );
    }
    // gridkit is shared by both sides; it must not reach any problem's crate either.
    let gridkit = id_of(&members, "gridkit");
    let reached: Vec<&str> = normal_closure(&metadata, &gridkit)
        .iter()
        .filter_map(|id| members.get(id).map(String::as_str))
        .filter(|name| *name != "gridkit")
        .collect();
    assert!(reached.is_empty(), "gridkit reaches {reached:?}");
}

/// The source files a dep-info (`.d`) file says rustc read: the targets of its first rule,
/// with `\ ` unescaped.
fn sources_of_dep_info(text: &str) -> Vec<PathBuf> {
    let Some(first) = text.lines().next() else {
        return Vec::new();
    };
    let Some((_, list)) = first.split_once(": ") else {
        return Vec::new();
    };
    let mut sources = Vec::new();
    let mut current = String::new();
    let mut chars = list.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&' ') => {
                current.push(' ');
                chars.next();
            }
            ' ' => {
                if !current.is_empty() {
                    sources.push(PathBuf::from(std::mem::take(&mut current)));
                }
            }
            _ => current.push(c),
        }
    }
    if !current.is_empty() {
        sources.push(PathBuf::from(current));
    }
    sources
}

/// The sources among `sources` (absolute, or relative to the workspace `root` as cargo
/// passes members' paths to rustc) that lie outside the folder `own`. Paths are not
/// normalised on purpose: one that climbs with `..` counts as outside, wherever it lands.
fn foreign_sources(sources: &[PathBuf], root: &Path, own: &Path) -> Vec<PathBuf> {
    sources
        .iter()
        .filter(|source| {
            !root.join(source).starts_with(own)
                || source.components().any(|c| c.as_os_str() == "..")
        })
        .cloned()
        .collect()
}

#[test]
fn a_dep_info_with_a_path_into_the_solver_is_seen() {
    let text = "/t/deps/statues_proof-1.d: crates/statues/proof/src/lib.rs \
                crates/statues/proof/src/../../src/solve.rs /w/my\\ dir/x.rs \
                /t/build/statues-proof-2/out/table.rs\n\n\
                crates/statues/proof/src/lib.rs:\n";
    let sources = sources_of_dep_info(text);
    assert_eq!(sources.len(), 4);
    assert_eq!(sources[2], PathBuf::from("/w/my dir/x.rs"));
    let outside = foreign_sources(
        &sources,
        Path::new("/w"),
        Path::new("/w/crates/statues/proof/src"),
    );
    assert_eq!(outside, sources[1..]);
}

/// A workspace member, as `cargo metadata --no-deps` describes it.
struct Member {
    folder: PathBuf,
    /// The names in its `[features]` table (`default` included when present), and the
    /// optional dependencies cargo makes features of.
    features: Vec<String>,
}

/// The workspace members under `root`, by package name.
fn members_under(root: &Path) -> Result<BTreeMap<String, Member>, String> {
    let output = cargo_in(root)
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .output()
        .map_err(|error| format!("running cargo metadata: {error}"))?;
    if !output.status.success() {
        return Err(format!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let metadata: Value = serde_json::from_slice(&output.stdout)
        .map_err(|error| format!("cargo metadata's JSON: {error}"))?;
    Ok(metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|package| {
            let manifest = Path::new(package["manifest_path"].as_str().unwrap());
            let member = Member {
                folder: manifest.parent().unwrap().to_path_buf(),
                features: package["features"]
                    .as_object()
                    .unwrap()
                    .keys()
                    .cloned()
                    .collect(),
            };
            (package["name"].as_str().unwrap().to_owned(), member)
        })
        .collect())
}

/// `cargo` run in the workspace at `root`, its output kept for the caller.
fn cargo_in(root: &Path) -> Command {
    let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    command
        .current_dir(root)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// The profiles a checker is built in: dev for tests and `cargo run`, release for what is
/// judged and shipped. They differ in `cfg(debug_assertions)`.
const PROFILES: [&str; 2] = ["dev", "release"];

/// The feature flags of one build, and how a refusal names them.
struct FeatureSet {
    arguments: Vec<String>,
    label: String,
}

/// The feature sets a crate with `features` is built with: the default, all, none when
/// there is a default, and each alone when there are several (a feature may hide solving
/// code only when another is off).
fn feature_sets(features: &[String]) -> Vec<FeatureSet> {
    let mut sets = vec![FeatureSet {
        arguments: Vec::new(),
        label: "default features".to_owned(),
    }];
    if features.is_empty() {
        return sets;
    }
    sets.push(FeatureSet {
        arguments: vec!["--all-features".to_owned()],
        label: "all features".to_owned(),
    });
    if features.iter().any(|feature| feature == "default") {
        sets.push(FeatureSet {
            arguments: vec!["--no-default-features".to_owned()],
            label: "no default features".to_owned(),
        });
    }
    let named: Vec<&String> = features
        .iter()
        .filter(|feature| *feature != "default")
        .collect();
    if named.len() >= 2 {
        for feature in named {
            sets.push(FeatureSet {
                arguments: vec![
                    "--no-default-features".to_owned(),
                    "--features".to_owned(),
                    feature.clone(),
                ],
                label: format!("feature {feature} alone"),
            });
        }
    }
    sets
}

/// rustc's dep-info beside the metadata or library cargo names in a build message:
/// `deps/<name>-<hash>.d` beside `deps/lib<name>-<hash>.rmeta`.
fn dep_info_of(artifact: &Path) -> PathBuf {
    let stem = artifact.file_stem().unwrap().to_string_lossy();
    artifact.with_file_name(format!("{}.d", stem.trim_start_matches("lib")))
}

/// Symbolic links and files with more than one name anywhere under `folder`.
fn linked_entries(folder: &Path) -> Vec<String> {
    use std::os::unix::fs::MetadataExt;
    let mut found = Vec::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(error) => {
                found.push(format!("{} cannot be listed: {error}", dir.display()));
                continue;
            }
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let metadata = std::fs::symlink_metadata(&path).unwrap();
            if metadata.is_symlink() {
                found.push(format!("{} is a symbolic link", path.display()));
            } else if metadata.is_dir() {
                pending.push(path);
            } else if metadata.nlink() > 1 {
                found.push(format!(
                    "{} has {} names (hard links)",
                    path.display(),
                    metadata.nlink()
                ));
            }
        }
    }
    found
}

/// Everything that lets the proof crate `proof` of the workspace at `root` compile code
/// other than its own and `shared` crates', one line each; empty when there is nothing.
/// Builds go into `target_dir`.
fn checker_refusals(root: &Path, target_dir: &Path, proof: &str, shared: &[&str]) -> Vec<String> {
    let members = match members_under(root) {
        Ok(members) => members,
        Err(error) => return vec![error],
    };
    let Some(proof_member) = members.get(proof) else {
        return vec![format!("no workspace member named {proof}")];
    };
    let mut refusals = linked_entries(&proof_member.folder);
    for profile in PROFILES {
        for features in feature_sets(&proof_member.features) {
            let build = format!("{proof} ({profile} profile, {})", features.label);
            refusals.extend(
                build_refusals(
                    root,
                    target_dir,
                    &members,
                    proof,
                    shared,
                    profile,
                    &features.arguments,
                )
                .into_iter()
                .map(|refusal| format!("{build}: {refusal}")),
            );
        }
    }
    refusals
}

/// What one `cargo build` of `proof` compiled that it may not.
fn build_refusals(
    root: &Path,
    target_dir: &Path,
    members: &BTreeMap<String, Member>,
    proof: &str,
    shared: &[&str],
    profile: &str,
    feature_arguments: &[String],
) -> Vec<String> {
    let output = cargo_in(root)
        .args([
            "build",
            "--lib",
            "--message-format=json",
            "--package",
            proof,
        ])
        .arg("--profile")
        .arg(profile)
        .arg("--target-dir")
        .arg(target_dir)
        .args(feature_arguments)
        .output()
        .expect("running cargo build");
    if !output.status.success() {
        return vec![format!(
            "cargo build failed: {}",
            String::from_utf8_lossy(&output.stderr)
        )];
    }
    let member_by_manifest: BTreeMap<PathBuf, (&str, &Member)> = members
        .iter()
        .map(|(name, member)| (member.folder.join("Cargo.toml"), (name.as_str(), member)))
        .collect();
    let mut refusals = Vec::new();
    let mut proof_seen = false;
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Ok(message) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        if message["reason"] != "compiler-artifact" {
            continue;
        }
        let manifest = Path::new(message["manifest_path"].as_str().unwrap());
        let Some(&(name, member)) = member_by_manifest.get(manifest) else {
            continue;
        };
        if name != proof && !shared.contains(&name) {
            refusals.push(format!("compiles workspace crate {name}"));
            continue;
        }
        let kinds = message["target"]["kind"].as_array().unwrap();
        if kinds.iter().any(|kind| kind == "custom-build") {
            refusals.push(format!("{name} has a build script"));
            continue;
        }
        proof_seen |= name == proof;
        // rustc's own dep-info lies beside the artifact in `deps/`; cargo also copies the
        // proof crate's library up a folder, where it lies beside cargo's dep-info.
        let filenames: Vec<&Path> = message["filenames"]
            .as_array()
            .unwrap()
            .iter()
            .map(|name| Path::new(name.as_str().unwrap()))
            .collect();
        let artifact = filenames
            .iter()
            .find(|name| name.parent().is_some_and(|folder| folder.ends_with("deps")))
            .unwrap_or(&filenames[0]);
        let dep_info = dep_info_of(artifact);
        let text = match std::fs::read_to_string(&dep_info) {
            Ok(text) => text,
            Err(error) => {
                refusals.push(format!("{}: {error}", dep_info.display()));
                continue;
            }
        };
        let sources = sources_of_dep_info(&text);
        if sources.is_empty() {
            refusals.push(format!("{} lists no sources", dep_info.display()));
        }
        let outside = foreign_sources(&sources, root, &member.folder.join("src"));
        if !outside.is_empty() {
            refusals.push(format!(
                "{name} compiles files from outside its src/: {outside:?}"
            ));
        }
    }
    if !proof_seen {
        refusals.push("cargo reported no library of the proof crate".to_owned());
    }
    refusals
}

#[test]
fn every_proof_crate_compiles_only_its_own_files_in_every_build() {
    let refusals: Vec<String> = PROBLEMS
        .iter()
        .flat_map(|problem| {
            checker_refusals(
                &root(),
                &xtask::build::target_dir(&root()).unwrap(),
                &proof_crate(problem.name()),
                &["gridkit"],
            )
        })
        .collect();
    assert!(refusals.is_empty(), "{}", refusals.join("\n"));
}

#[test]
fn every_binary_checks_certificates_with_its_proof_crate_alone() {
    for &problem in PROBLEMS {
        let crate_folder = root().join("crates").join(problem.name());
        // The binary is the trait's `main`, whose `--check` is `Problem::check_certificate`.
        let main = std::fs::read_to_string(crate_folder.join("src/main.rs")).unwrap();
        assert!(
            main.contains(" as problem::Problem>::main()"),
            "{}'s main is not the `Problem` trait's",
            problem.name()
        );
        let definition = crate_folder.join("src/definition.rs");
        let text = std::fs::read_to_string(&definition).unwrap();
        let entry = format!(
            "{}_proof::check_certificate(certificate, input, output)",
            problem.name().replace('-', "_")
        );
        assert!(
            text.contains(&entry),
            "{}'s check_certificate is not `{entry}`: --check must run the proof crate's \
             code only",
            definition.display()
        );
        for checker in ["src/check.rs", "src/check"] {
            let path = root().join("crates").join(problem.name()).join(checker);
            assert!(
                !path.exists(),
                "{} is a checker outside the proof crate",
                path.display()
            );
        }
    }
}

/// A workspace written into a temporary folder: a shared crate `kit`, a proof crate
/// `x-proof` (folder `x/proof`) depending on it, a solver crate `x` depending on both with
/// its solving code in `x/src/solve.rs`, and `other`, a workspace crate the proof crate may
/// not reach. Each test changes one file to go around the rules.
struct Fixture {
    dir: tempfile::TempDir,
}

/// The fixture's proof crate as written first: its manifest, ending in the dependencies
/// table so a test may append to it, and its `src/lib.rs`.
const PROOF_MANIFEST: &str = "[package]\nname = \"x-proof\"\nversion = \"0.1.0\"\n\
                              edition = \"2024\"\n\n[dependencies]\nkit = { path = \"../../kit\" }\n";
const PROOF_LIB: &str = "pub fn check(answer: u32) -> bool { kit::positive(answer) }\n";

impl Fixture {
    fn new() -> Fixture {
        let fixture = Fixture {
            dir: tempfile::tempdir().unwrap(),
        };
        fixture.write(
            "Cargo.toml",
            "[workspace]\nresolver = \"3\"\nmembers = [\"kit\", \"x\", \"x/proof\", \"other\"]\n",
        );
        fixture.write(
            "kit/Cargo.toml",
            "[package]\nname = \"kit\"\nversion = \"0.1.0\"\nedition = \"2024\"\n",
        );
        fixture.write(
            "kit/src/lib.rs",
            "pub fn positive(value: u32) -> bool { value > 0 }\n",
        );
        fixture.write(
            "other/Cargo.toml",
            "[package]\nname = \"other\"\nversion = \"0.1.0\"\nedition = \"2024\"\n",
        );
        fixture.write("other/src/lib.rs", "pub fn solve() -> u32 { 7 }\n");
        fixture.write_solver("");
        fixture.write("x/src/lib.rs", "pub mod solve;\n");
        fixture.write("x/src/solve.rs", "pub fn solve() -> u32 { 42 }\n");
        fixture.write("x/proof/Cargo.toml", PROOF_MANIFEST);
        fixture.write("x/proof/src/lib.rs", PROOF_LIB);
        fixture
    }

    fn root(&self) -> &Path {
        self.dir.path()
    }

    fn write(&self, relative: &str, text: &str) {
        let path = self.root().join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// The solver's manifest, enabling `proof_features` of its proof crate.
    fn write_solver(&self, proof_features: &str) {
        self.write(
            "x/Cargo.toml",
            &format!(
                "[package]\nname = \"x\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\n\
                 [dependencies]\nkit = {{ path = \"../kit\" }}\n\
                 x-proof = {{ path = \"proof\", features = [{proof_features}] }}\n"
            ),
        );
    }

    /// The proof crate's manifest, with the features `features` (`fast`, `wide`...).
    fn write_proof_features(&self, features: &[&str]) {
        let features: String = features
            .iter()
            .map(|name| format!("{name} = []\n"))
            .collect();
        self.write(
            "x/proof/Cargo.toml",
            &format!("{PROOF_MANIFEST}\n[features]\n{features}"),
        );
    }

    /// The proof crate's lib.rs, with the solver's own `solve.rs` as its module `solve`
    /// when `cfg` holds.
    fn write_solver_file_under(&self, cfg: &str) {
        self.write_proof_lib(&format!(
            "#[cfg({cfg})]\n#[path = \"../../src/solve.rs\"]\npub mod solve;\n"
        ));
    }

    /// The proof crate's lib.rs: the fixture's own, then `more`.
    fn write_proof_lib(&self, more: &str) {
        self.write("x/proof/src/lib.rs", &format!("{PROOF_LIB}{more}"));
    }

    fn refusals(&self) -> Vec<String> {
        checker_refusals(
            self.root(),
            &self.root().join("target"),
            "x-proof",
            &["kit"],
        )
    }

    /// The refusals, asserted to be some, each shown.
    fn refused(&self) -> String {
        let refusals = self.refusals();
        assert!(!refusals.is_empty(), "the fixture passed");
        refusals.join("\n")
    }
}

#[test]
fn a_fixture_without_a_way_around_passes() {
    let fixture = Fixture::new();
    // A feature of its own, and one the solver enables, that compile only own code.
    fixture.write_proof_features(&["fast", "wide"]);
    fixture.write_solver("\"fast\"");
    fixture.write_proof_lib("#[cfg(feature = \"fast\")]\npub mod fast;\n");
    fixture.write("x/proof/src/fast.rs", "pub const FAST: bool = true;\n");
    assert_eq!(fixture.refusals(), Vec::<String>::new());
}

#[test]
fn a_solver_file_in_release_builds_only_is_refused() {
    let fixture = Fixture::new();
    fixture.write_solver_file_under("not(debug_assertions)");
    let refused = fixture.refused();
    assert!(refused.contains("release profile"), "{refused}");
    assert!(!refused.contains("dev profile"), "{refused}");
    assert!(refused.contains("solve.rs"), "{refused}");
}

#[test]
fn a_solver_file_behind_a_feature_the_solver_enables_is_refused() {
    let fixture = Fixture::new();
    fixture.write_proof_features(&["fast"]);
    fixture.write_solver("\"fast\"");
    fixture.write_solver_file_under("feature = \"fast\"");
    let refused = fixture.refused();
    assert!(refused.contains("all features"), "{refused}");
    assert!(!refused.contains("default features"), "{refused}");
    assert!(refused.contains("solve.rs"), "{refused}");
}

#[test]
fn a_solver_file_behind_one_feature_alone_is_refused() {
    let fixture = Fixture::new();
    fixture.write_proof_features(&["fast", "wide"]);
    fixture.write_solver_file_under("all(feature = \"fast\", not(feature = \"wide\"))");
    let refused = fixture.refused();
    assert!(refused.contains("feature fast alone"), "{refused}");
    assert!(!refused.contains("all features"), "{refused}");
}

#[test]
fn a_solver_file_included_into_the_proof_crate_is_refused() {
    let fixture = Fixture::new();
    fixture.write_proof_lib("pub mod solve { include!(\"../../src/solve.rs\"); }\n");
    assert!(fixture.refused().contains("solve.rs"));
}

#[test]
fn a_symbolic_link_to_a_solver_file_is_refused() {
    let fixture = Fixture::new();
    std::os::unix::fs::symlink(
        "../../src/solve.rs",
        fixture.root().join("x/proof/src/solve.rs"),
    )
    .unwrap();
    fixture.write_proof_lib("pub mod solve;\n");
    let refused = fixture.refused();
    assert!(refused.contains("solve.rs is a symbolic link"), "{refused}");
}

#[test]
fn a_hard_link_to_a_solver_file_is_refused() {
    let fixture = Fixture::new();
    std::fs::hard_link(
        fixture.root().join("x/src/solve.rs"),
        fixture.root().join("x/proof/src/solve.rs"),
    )
    .unwrap();
    fixture.write_proof_lib("pub mod solve;\n");
    let refused = fixture.refused();
    assert!(refused.contains("hard links"), "{refused}");
}

#[test]
fn a_build_script_in_the_proof_crate_is_refused() {
    let fixture = Fixture::new();
    // It copies the solver into OUT_DIR, whence the library includes it.
    fixture.write(
        "x/proof/build.rs",
        "fn main() {\n\
         let out = std::env::var(\"OUT_DIR\").unwrap();\n\
         std::fs::copy(\"../src/solve.rs\", format!(\"{out}/solve.rs\")).unwrap();\n\
         }\n",
    );
    fixture.write_proof_lib(
        "pub mod solve { include!(concat!(env!(\"OUT_DIR\"), \"/solve.rs\")); }\n",
    );
    let refused = fixture.refused();
    assert!(refused.contains("x-proof has a build script"), "{refused}");
    assert!(refused.contains("out/solve.rs"), "{refused}");
}

#[test]
fn another_workspace_crate_behind_a_feature_is_refused() {
    let fixture = Fixture::new();
    fixture.write(
        "x/proof/Cargo.toml",
        &format!("{PROOF_MANIFEST}other = {{ path = \"../../other\", optional = true }}\n"),
    );
    let refused = fixture.refused();
    assert!(
        refused.contains("compiles workspace crate other"),
        "{refused}"
    );
}

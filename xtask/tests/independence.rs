//! A checker cannot call solving code, and this is a fact of the build, read from cargo:
//!
//! - each problem's checker lives in its proof crate `<p>-proof` (input model, certificate
//!   types, checker), and no workspace crate but gridkit is reachable from it through
//!   normal dependencies;
//! - the solver crate `<p>` depends on `<p>-proof`, so cargo, which refuses cycles, will
//!   never let the proof crate depend on the solver;
//! - the files rustc compiled into each proof crate (its dep-info) all lie in that crate's
//!   own folder, so `#[path = "../../src/solve.rs"] mod x;` or `include!` of solving code
//!   is caught too;
//! - each binary's `--check` is the proof crate's own `check_certificate`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;
use xtask::problems::PROBLEMS;

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
    for problem in PROBLEMS {
        let proof = id_of(&members, &proof_crate(problem.name));
        let reached: Vec<&str> = normal_closure(&metadata, &proof)
            .iter()
            .filter_map(|id| members.get(id).map(String::as_str))
            .filter(|name| *name != "gridkit" && *name != proof_crate(problem.name))
            .collect();
        assert!(
            reached.is_empty(),
            "{} reaches workspace crates {reached:?}: a checker could call their code",
            proof_crate(problem.name)
        );
        let solver = id_of(&members, problem.name);
        assert!(
            normal_closure(&metadata, &solver).contains(&proof),
            "{} does not depend on {}: nothing stops the proof crate depending on it",
            problem.name,
            proof_crate(problem.name)
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

/// The sources among `sources` (absolute, or relative to the workspace root as cargo
/// passes members' paths to rustc) that lie outside the folder `own`. Paths are not
/// normalised on purpose: one that climbs with `..` counts as outside, wherever it lands.
fn foreign_sources(sources: &[PathBuf], own: &Path) -> Vec<PathBuf> {
    sources
        .iter()
        .filter(|source| {
            let absolute = root().join(source);
            !absolute.starts_with(own) || source.components().any(|c| c.as_os_str() == "..")
        })
        .cloned()
        .collect()
}

#[test]
fn a_dep_info_with_a_path_into_the_solver_is_seen() {
    let text = "/t/deps/statues_proof-1.d: /w/crates/statues/proof/src/lib.rs \
                /w/crates/statues/proof/src/../../src/solve.rs /w/my\\ dir/x.rs\n\n\
                /w/crates/statues/proof/src/lib.rs:\n";
    let sources = sources_of_dep_info(text);
    assert_eq!(sources.len(), 3);
    assert_eq!(sources[2], PathBuf::from("/w/my dir/x.rs"));
    let outside = foreign_sources(&sources, Path::new("/w/crates/statues/proof/src"));
    assert_eq!(
        outside,
        [
            PathBuf::from("/w/crates/statues/proof/src/../../src/solve.rs"),
            PathBuf::from("/w/my dir/x.rs")
        ]
    );
}

/// The dep-info beside a library cargo built: `lib<name>.d` beside an uplifted
/// `lib<name>.rlib` (cargo's, with every workspace source it depends on), or rustc's
/// `deps/<name>-<hash>.d` beside `deps/lib<name>-<hash>.rlib`.
fn dep_info_of(rlib: &Path) -> PathBuf {
    let beside = rlib.with_extension("d");
    if beside.is_file() {
        return beside;
    }
    let name = rlib.file_stem().unwrap().to_string_lossy();
    rlib.with_file_name(format!("{}.d", name.trim_start_matches("lib")))
}

/// Whether `source` lies outside the workspace (the standard library, the registry's
/// crates): not the archive's code.
fn is_outside_workspace(source: &Path) -> bool {
    source.is_absolute() && !source.starts_with(root())
}

#[test]
fn every_proof_crate_compiles_only_its_own_files() {
    let mut command = cargo();
    command.args(["build", "--lib", "--message-format=json"]);
    for problem in PROBLEMS {
        command.args(["--package", &proof_crate(problem.name)]);
    }
    command.arg("--package").arg("gridkit");
    let output = command
        .stdout(Stdio::piped())
        .output()
        .expect("running cargo build");
    assert!(
        output.status.success(),
        "cargo build of the proof crates failed"
    );
    let mut dep_infos: BTreeMap<String, PathBuf> = BTreeMap::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Ok(message) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        if message["reason"] != "compiler-artifact" {
            continue;
        }
        let manifest = PathBuf::from(message["manifest_path"].as_str().unwrap());
        if !manifest.starts_with(root().join("crates")) {
            continue;
        }
        for file in message["filenames"].as_array().unwrap() {
            let path = Path::new(file.as_str().unwrap());
            if path.extension().is_some_and(|ext| ext == "rlib") {
                dep_infos.insert(
                    manifest.parent().unwrap().display().to_string(),
                    dep_info_of(path),
                );
            }
        }
    }
    let mut expected: Vec<PathBuf> = PROBLEMS
        .iter()
        .map(|problem| root().join("crates").join(problem.name).join("proof"))
        .collect();
    let gridkit = root().join("crates/gridkit/src");
    expected.push(root().join("crates/gridkit"));
    for folder in expected {
        let dep_info = dep_infos
            .get(&folder.display().to_string())
            .unwrap_or_else(|| panic!("cargo built no library in {}", folder.display()));
        let text = std::fs::read_to_string(dep_info)
            .unwrap_or_else(|error| panic!("{}: {error}", dep_info.display()));
        let sources = sources_of_dep_info(&text);
        assert!(
            !sources.is_empty(),
            "{} lists no sources",
            dep_info.display()
        );
        // Cargo's dep-info lists the workspace's sources the library was built from,
        // its path dependencies' included: gridkit's are allowed, nothing else.
        let outside: Vec<PathBuf> = foreign_sources(&sources, &folder.join("src"))
            .into_iter()
            .filter(|source| !foreign_sources(std::slice::from_ref(source), &gridkit).is_empty())
            .filter(|source| !is_outside_workspace(source))
            .collect();
        assert!(
            outside.is_empty(),
            "{} compiles files from outside its src/: {outside:?}",
            folder.display()
        );
    }
}

#[test]
fn every_binary_checks_certificates_with_its_proof_crate_alone() {
    for problem in PROBLEMS {
        let main = root().join("crates").join(problem.name).join("src/main.rs");
        let text = std::fs::read_to_string(&main).unwrap();
        let entry = format!(
            "check: {}_proof::check_certificate,",
            problem.name.replace('-', "_")
        );
        assert!(
            text.contains(&entry),
            "{} does not pass `{entry}`: --check must run the proof crate's code only",
            main.display()
        );
        for checker in ["src/check.rs", "src/check"] {
            let path = root().join("crates").join(problem.name).join(checker);
            assert!(
                !path.exists(),
                "{} is a checker outside the proof crate",
                path.display()
            );
        }
    }
}

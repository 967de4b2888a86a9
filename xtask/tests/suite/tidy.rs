//! House rules of the workspace, checked on every `cargo test`.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use problems::PROBLEMS;

fn root() -> PathBuf {
    xtask::project_root()
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The folders of `crates/`, sorted.
fn crate_folders() -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = fs::read_dir(root().join("crates"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.join("Cargo.toml").is_file())
        .collect();
    folders.sort();
    folders
}

fn name_of(folder: &Path) -> String {
    folder.file_name().unwrap().to_string_lossy().into_owned()
}

/// The crates of `crates/` that are not a problem's: the shared one, the trait every
/// problem implements and the list of them, the tests' renderer, the sandbox, the verdict (the judge's, shared
/// by the terminal and the page), the playground (which calls the solvers and solves
/// nothing itself) and the playground's browser tests.
const NOT_SOLVERS: &[&str] = &[
    "gridkit",
    "playground",
    "playground-browser",
    "problem",
    "problems",
    "render",
    "sandbox",
    "verdict",
];

/// The solver crates: every crate of `crates/` but [`NOT_SOLVERS`].
fn solver_folders() -> Vec<PathBuf> {
    crate_folders()
        .into_iter()
        .filter(|folder| !NOT_SOLVERS.contains(&name_of(folder).as_str()))
        .collect()
}

/// The proof crates: `crates/<problem>/proof/`, one per solver.
fn proof_folders() -> Vec<PathBuf> {
    solver_folders()
        .iter()
        .map(|folder| folder.join("proof"))
        .collect()
}

#[test]
fn every_crate_opens_with_a_header_and_all_but_the_sandbox_forbid_unsafe() {
    let mut libs: Vec<PathBuf> = crate_folders()
        .iter()
        .map(|folder| folder.join("src/lib.rs"))
        .chain(
            proof_folders()
                .iter()
                .map(|folder| folder.join("src/lib.rs")),
        )
        .collect();
    libs.push(root().join("xtask/src/lib.rs"));
    for lib in &libs {
        assert!(
            read(lib).starts_with("//! "),
            "{} has no //! header",
            lib.display()
        );
    }
    // The sandbox is the one crate whose work is unsafe by nature (fork, exec, mounts and
    // seccomp through raw calls); every unsafe block there says why it is sound.
    let unsafe_by_nature = ["sandbox"];
    for folder in crate_folders().into_iter().chain(proof_folders()) {
        if unsafe_by_nature.contains(&name_of(&folder).as_str()) {
            continue;
        }
        let lib = read(&folder.join("src/lib.rs"));
        assert!(
            lib.contains("#![forbid(unsafe_code)]"),
            "{} does not forbid unsafe code",
            name_of(&folder)
        );
    }
}

#[test]
fn every_solver_header_states_problem_limits_idea_and_complexity() {
    for folder in solver_folders() {
        let lib = read(&folder.join("src/lib.rs"));
        let header: String = lib
            .lines()
            .take_while(|line| line.starts_with("//!"))
            .collect::<Vec<_>>()
            .join("\n")
            .to_lowercase();
        for word in ["limit", "idea", "complexity", "http"] {
            assert!(
                header.contains(word),
                "the header of {} does not mention '{word}'",
                name_of(&folder)
            );
        }
    }
}

/// The names declared in `[workspace.dependencies]` of the root manifest.
fn workspace_dependencies() -> Vec<String> {
    let manifest = read(&root().join("Cargo.toml"));
    manifest
        .lines()
        .skip_while(|line| line.trim() != "[workspace.dependencies]")
        .skip(1)
        .take_while(|line| !line.starts_with('['))
        .filter_map(|line| {
            let line = line.trim();
            let name = line.split(['=', ' ']).next()?;
            (!name.is_empty() && !line.starts_with('#')).then(|| name.to_owned())
        })
        .collect()
}

#[test]
fn every_workspace_dependency_is_used_by_a_member() {
    let mut manifests: Vec<String> = crate_folders()
        .iter()
        .map(|folder| read(&folder.join("Cargo.toml")))
        .collect();
    manifests.push(read(&root().join("xtask/Cargo.toml")));
    let dependencies = workspace_dependencies();
    assert!(dependencies.len() > 5, "{dependencies:?}");
    for name in dependencies {
        let used = manifests.iter().any(|manifest| {
            manifest.lines().any(|line| {
                let line = line.trim();
                line.starts_with(&format!("{name}.workspace = true"))
                    || line.starts_with(&format!("{name} = {{ workspace = true"))
            })
        });
        assert!(used, "workspace dependency '{name}' is used by no member");
    }
}

/// Each package cargo resolves for `selection` with dependencies of the kinds `edges`, with
/// its features: one line `NAME vVERSION [(PATH)] FEATURES` per distinct set (build scripts'
/// and proc-macros' dependencies are resolved apart, so a crate can have two).
fn resolved_features(selection: &[&str], edges: &str) -> BTreeSet<String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = std::process::Command::new(cargo)
        .current_dir(root())
        .args([
            "tree", "--quiet", "--locked", "--prefix", "none", "--format", "{p} {f}",
        ])
        .args(["--edges", edges])
        .args(selection)
        .output()
        .expect("cargo tree runs");
    assert!(
        output.status.success(),
        "cargo tree {selection:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .expect("cargo tree writes UTF-8")
        .lines()
        .map(|line| line.trim_end_matches(" (*)").to_owned())
        .collect()
}

/// `cargo xtask` builds the xtask (and the site's tests the bindings writer) with the
/// features of its own dependencies; `cargo test --workspace` with those of every member's
/// dependencies, dev-dependencies included. A crate whose features differ is compiled
/// twice, and so is every crate above it: `xtask/workspace-hack` asks for the test build's
/// features, so that a fresh `cargo xtask test` compiles each shared crate once.
#[test]
fn the_xtask_and_the_test_build_resolve_every_shared_crate_alike() {
    let tests = resolved_features(&["--workspace"], "normal,build,dev");
    for package in ["xtask", "wasm-bindings"] {
        let own = resolved_features(&["--package", package], "normal,build");
        let differing: Vec<String> = own
            .difference(&tests)
            .map(|line| {
                let name = line.split(' ').take(2).collect::<Vec<_>>().join(" ");
                let in_tests: Vec<&String> = tests
                    .iter()
                    .filter(|other| other.starts_with(&format!("{name} ")))
                    .collect();
                format!("{line}\n    the test build: {in_tests:?}")
            })
            .collect();
        assert!(
            differing.is_empty(),
            "{package}'s build resolves these crates with other features than the test \
             build; ask for the test build's in xtask/workspace-hack/Cargo.toml:\n{}",
            differing.join("\n")
        );
    }
}

#[test]
fn every_problem_is_in_the_readme_the_table_and_testdata() {
    let readme = read(&root().join("README.md"));
    let solvers: BTreeSet<String> = solver_folders().iter().map(|f| name_of(f)).collect();
    let listed: BTreeSet<String> = PROBLEMS.iter().map(|p| p.name().to_owned()).collect();
    assert_eq!(
        solvers, listed,
        "the solver crates of crates/ and the list in crates/problems/src/lib.rs disagree"
    );
    // A solver crate is one with a proof crate, and no other crate has one.
    for folder in crate_folders() {
        let is_solver = !NOT_SOLVERS.contains(&name_of(&folder).as_str());
        assert_eq!(
            folder.join("proof/Cargo.toml").is_file(),
            is_solver,
            "{}: a proof crate belongs to a problem's crate, and every one has one",
            name_of(&folder)
        );
    }
    assert!(
        NOT_SOLVERS.iter().all(|name| root()
            .join("crates")
            .join(name)
            .join("Cargo.toml")
            .is_file()),
        "NOT_SOLVERS names a crate that is gone"
    );
    for name in &solvers {
        assert!(
            readme.contains(&format!("| `{name}` |")),
            "README's table has no row for {name}"
        );
        assert!(
            root().join("testdata").join(name).is_dir(),
            "no testdata/{name}"
        );
    }
}

#[test]
fn every_test_input_has_its_expected_output_and_the_other_way_round() {
    let mut pairs = 0;
    for folder in fs::read_dir(root().join("testdata")).unwrap() {
        for file in fs::read_dir(folder.unwrap().path()).unwrap() {
            let path = file.unwrap().path();
            let partner = match path.extension().and_then(|ext| ext.to_str()) {
                Some("in") => path.with_extension("out"),
                Some("out") => path.with_extension("in"),
                _ => panic!("{} is neither .in nor .out", path.display()),
            };
            assert!(
                partner.is_file(),
                "{} has no {}",
                path.display(),
                partner.display()
            );
            pairs += 1;
        }
    }
    assert!(pairs > 200, "only {pairs} test files");
}

//! The book's "Adding a problem" (`docs/contributing.md`) names every file a new problem
//! touches, and this keeps it true against the problems there are:
//!
//! - every path the steps name with `<name>` exists for every problem;
//! - every file the steps name names every problem (it is a list of them);
//! - every other file that names every problem is on [`NAMING_EVERY_PROBLEM`], with the
//!   reason it is no step: a new table of the problems outside the steps fails here, until
//!   it reads the archive's list (`problems::PROBLEMS`) instead or joins the steps.

use std::fs;
use std::path::{Path, PathBuf};

use problems::PROBLEMS;

/// Files that name every problem and are no step of adding one.
const NAMING_EVERY_PROBLEM: &[(&str, &str)] = &[
    ("Cargo.lock", "cargo writes it"),
    (
        ".cargo/mutants.toml",
        "each equivalent mutant it excludes is one crate's",
    ),
    ("docs/judging.md", "prose about each problem's judging"),
    ("docs/measurements.md", "each problem's measured figures"),
    (
        "docs/figures.txt",
        "the measured figures, written by `cargo xtask web --record`",
    ),
    ("docs/packages.md", "prose about each problem's package"),
    ("docs/playground.md", "prose about each problem's page"),
    ("docs/proofs.md", "each problem's proof, in prose"),
    (
        "crates/playground/tests/suite/steps.rs",
        "a test of each problem's proof steps, one by one",
    ),
];

/// Folders not searched: build output, the problems' own folders (each names its
/// problem), test data, and what npm installs.
const NOT_SEARCHED: &[&str] = &["target", ".git", "testdata", "node_modules", "pictures"];

fn root() -> PathBuf {
    xtask::project_root()
}

/// The numbered steps of the section "Adding a problem".
fn steps() -> String {
    let book = fs::read_to_string(root().join("docs/contributing.md")).unwrap();
    let section = book
        .split("\n## Adding a problem\n")
        .nth(1)
        .expect("the book has a section \"Adding a problem\"");
    let section = section.split("\n## ").next().unwrap();
    section
        .lines()
        .skip_while(|line| !line.starts_with("1. "))
        .take_while(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The repository paths the steps name in backticks: `crates/<name>/`, `Cargo.toml`...
fn named_paths(steps: &str) -> Vec<String> {
    steps
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|quoted| {
            !quoted.contains(' ')
                && !quoted.contains('*')
                && (quoted.contains('/') || quoted.ends_with(".toml") || quoted.ends_with(".md"))
        })
        .map(str::to_owned)
        .collect()
}

/// Whether `text` names the crate `name` as a word (`descending_dark` too).
fn names(text: &str, name: &str) -> bool {
    [name.to_owned(), name.replace('-', "_")]
        .iter()
        .any(|form| {
            text.match_indices(form.as_str()).any(|(at, _)| {
                let before = text[..at].chars().next_back();
                let after = text[at + form.len()..].chars().next();
                let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                !word(before) && !word(after)
            })
        })
}

fn names_every_problem(text: &str) -> bool {
    PROBLEMS.iter().all(|problem| names(text, problem.name()))
}

/// Every text file of the repository outside [`NOT_SEARCHED`] and the problems' own
/// folders (`crates/<name>/`, `packages/<name>/`), relative to the root.
fn files(root: &Path, folder: &Path, found: &mut Vec<String>) {
    for entry in fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        let relative = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let own_folder = PROBLEMS.iter().any(|problem| {
            relative == format!("crates/{}", problem.name())
                || relative == format!("packages/{}", problem.name())
        });
        if path.is_dir() {
            if !NOT_SEARCHED.contains(&name.as_str()) && !own_folder {
                files(root, &path, found);
            }
        } else if fs::read_to_string(&path).is_ok() {
            found.push(relative);
        }
    }
}

#[test]
fn every_path_the_steps_name_exists_for_every_problem() {
    let paths = named_paths(&steps());
    assert!(paths.len() >= 8, "the steps name too few files: {paths:?}");
    for path in &paths {
        if path.contains("<name>") {
            for problem in PROBLEMS {
                let real = root().join(path.replace("<name>", problem.name()));
                assert!(
                    real.exists(),
                    "the steps name `{path}`, and {} has no {}",
                    problem.name(),
                    real.display()
                );
            }
        } else {
            let text = fs::read_to_string(root().join(path))
                .unwrap_or_else(|error| panic!("the steps name `{path}`: {error}"));
            assert!(
                names_every_problem(&text),
                "the steps name `{path}`, which does not name every problem"
            );
        }
    }
}

#[test]
fn every_file_naming_every_problem_is_a_step_or_says_why_not() {
    let steps = named_paths(&steps());
    let mut found = Vec::new();
    files(&root(), &root(), &mut found);
    assert!(found.len() > 100, "only {} files searched", found.len());
    let listing: Vec<&String> = found
        .iter()
        .filter(|path| names_every_problem(&fs::read_to_string(root().join(path)).unwrap()))
        .collect();
    for path in &listing {
        let excused = NAMING_EVERY_PROBLEM.iter().any(|(file, _)| file == path);
        assert!(
            steps.contains(path) || excused,
            "{path} names every problem, but \"Adding a problem\" does not name it: read \
             the archive's list (problems::PROBLEMS) there, or add it to the steps"
        );
    }
    for (file, why) in NAMING_EVERY_PROBLEM {
        assert!(
            listing.iter().any(|path| path == file),
            "{file} is excused ({why}) but no longer names every problem: drop it"
        );
    }
}

#[test]
fn every_problem_is_built_optimised_for_the_tests() {
    let manifest = fs::read_to_string(root().join("Cargo.toml")).unwrap();
    for problem in PROBLEMS {
        for name in [
            problem.name().to_owned(),
            format!("{}-proof", problem.name()),
        ] {
            assert!(
                manifest.contains(&format!("[profile.dev.package.{name}]\nopt-level = 3")),
                "the root Cargo.toml does not optimise {name} (step 6 of \"Adding a problem\")"
            );
        }
    }
}

#[test]
fn a_word_is_named_only_whole() {
    assert!(names("the gam crate", "gam"));
    assert!(names("-p descending_dark,", "descending-dark"));
    assert!(!names("a game", "gam"));
    assert!(!names("gambit", "gam"));
    assert!(!names("sweetsx", "sweets"));
}

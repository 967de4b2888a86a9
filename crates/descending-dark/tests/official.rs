//! The official practice datasets (Small and Large, 20 cases each), read from the shared
//! folder beside the workspace when it is there; they are not copied into the repository.

use std::path::Path;

use descending_dark::parse::read_all;
use descending_dark::{answer, plain, reference};

const FOLDER: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/official/descending-dark/"
);

/// The input and expected output of one dataset, or `None` (with a notice) when absent.
fn dataset(name: &str) -> Option<(String, String)> {
    let folder = Path::new(FOLDER);
    let read = |ext: &str| std::fs::read_to_string(folder.join(format!("{name}.{ext}")));
    match (read("in"), read("out")) {
        (Ok(input), Ok(output)) => Some((input, output)),
        _ => {
            println!("notice: {FOLDER}{name}.in/.out not found; skipping");
            None
        }
    }
}

#[test]
fn solver_reproduces_the_small_practice_output() {
    let Some((input, output)) = dataset("D-small-practice") else {
        return;
    };
    assert_eq!(answer(&input).unwrap(), output);
}

#[test]
fn solver_reproduces_the_large_practice_output() {
    let Some((input, output)) = dataset("D-large-practice") else {
        return;
    };
    assert_eq!(answer(&input).unwrap(), output);
}

#[test]
fn exhaustive_reference_reproduces_the_small_practice_output() {
    let Some((input, output)) = dataset("D-small-practice") else {
        return;
    };
    // Every Small grid is at most 10x10, so its interior has at most 64 squares.
    assert_eq!(
        reference::answer(&input).unwrap().as_deref(),
        Some(&*output)
    );
}

#[test]
fn plain_reproduces_both_practice_outputs() {
    for name in ["D-small-practice", "D-large-practice"] {
        let Some((input, output)) = dataset(name) else {
            return;
        };
        assert_eq!(plain::answer(&input).unwrap(), output, "{name}");
    }
    // For the record: how long the plans plain builds get (they are not the shortest).
    let Some((input, _)) = dataset("D-large-practice") else {
        return;
    };
    let longest = read_all(input.as_bytes())
        .unwrap()
        .iter()
        .flat_map(plain::solve_with_plans)
        .filter_map(|outcome| outcome.plan)
        .map(|plan| descending_dark::plan::plan_length(&plan))
        .max()
        .unwrap();
    println!("longest plan found for the Large file: {longest} instructions");
}

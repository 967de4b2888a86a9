//! The test data is complete, its expected outputs come from the reference, and the
//! solver reproduces them.

use std::fs;
use std::path::{Path, PathBuf};

use statues::{Outcome, parse, reference};

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/statues")
}

/// Every `NAME` with a `NAME.in` or `NAME.out`, sorted.
fn case_names() -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(testdata())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            path.extension()
                .is_some_and(|ext| ext == "in" || ext == "out")
        })
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names.dedup();
    names
}

fn read(name: &str, ext: &str) -> String {
    let path = testdata().join(format!("{name}.{ext}"));
    fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

#[test]
fn every_input_has_its_output_and_there_are_enough() {
    let names = case_names();
    for name in &names {
        for ext in ["in", "out"] {
            assert!(
                testdata().join(format!("{name}.{ext}")).is_file(),
                "{name}.{ext} is missing"
            );
        }
    }
    assert!(names.len() >= 30, "only {} cases", names.len());
    for required in [
        "sample1",
        "sample2",
        "sample3",
        "six-rounds-not-enough",
        "full-board",
    ] {
        assert!(
            names.iter().any(|name| name == required),
            "{required} is missing"
        );
    }
}

#[test]
fn expected_outputs_are_the_reference_answers() {
    for name in case_names() {
        let board = parse(read(&name, "in").as_bytes())
            .unwrap_or_else(|error| panic!("{name}.in: {error}"));
        assert_eq!(
            read(&name, "out"),
            format!("{}\n", reference::solve(&board)),
            "{name}.out is not the reference's answer"
        );
    }
}

#[test]
fn the_solver_reproduces_every_expected_output() {
    for name in case_names() {
        let mut output = Vec::new();
        statues::run(read(&name, "in").as_bytes(), &mut output)
            .unwrap_or_else(|error| panic!("{name}.in: {error}"));
        assert_eq!(
            String::from_utf8(output).unwrap(),
            read(&name, "out"),
            "{name}"
        );
    }
}

/// The answers the spec states outright: the samples and the errata of the seed write-up.
#[test]
fn answers_stated_in_the_spec() {
    let stated = [
        ("sample1", Outcome::Win),
        ("sample2", Outcome::Lose),
        ("sample3", Outcome::Lose),
        ("erratum-1-statue-up-right", Outcome::Win),
        ("erratum-2-full-wall-line-2", Outcome::Lose),
        ("erratum-3-statue-above-step-aside", Outcome::Win),
    ];
    for (name, outcome) in stated {
        assert_eq!(read(name, "out"), format!("{outcome}\n"), "{name}");
    }
    // The errata boards are exactly the ones the spec describes.
    let erratum = |line: usize, text: &str| {
        let mut lines = [
            ".......A", "........", "........", "........", "........", "........", "........",
            "M.......",
        ];
        lines[line - 1] = text;
        lines.join("\n") + "\n"
    };
    assert_eq!(
        read("erratum-1-statue-up-right", "in"),
        erratum(7, ".S......")
    );
    assert_eq!(
        read("erratum-2-full-wall-line-2", "in"),
        erratum(2, "SSSSSSSS")
    );
    assert_eq!(
        read("erratum-3-statue-above-step-aside", "in"),
        erratum(7, "S.......")
    );
}

//! The test data is complete, its expected outputs come from the reference, and the
//! solver reproduces them.

use std::fs;

use gridkit::testdata::{self, Case};
use statues::{Outcome, parse, reference};

/// Every case, sorted by name; an `.in` without its `.out` or the other way round fails.
fn cases() -> Vec<Case> {
    testdata::cases("statues").unwrap_or_else(|error| panic!("{error}"))
}

fn read(name: &str, ext: &str) -> String {
    let path = testdata::folder("statues").join(format!("{name}.{ext}"));
    fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

#[test]
fn every_input_has_its_output_and_there_are_enough() {
    // `cases` refuses an input without its output and an output without its input.
    let names: Vec<String> = cases().into_iter().map(|case| case.name).collect();
    assert!(names.len() >= 30, "only {} cases", names.len());
    for required in [
        "sample1",
        "sample2",
        "sample3",
        "six-rounds-not-enough",
        "full-board",
        "bottom-row-freed-after-fall",
        "bottom-row-statue-leaves",
    ] {
        assert!(
            names.iter().any(|name| name == required),
            "{required} is missing"
        );
    }
}

#[test]
fn expected_outputs_are_the_reference_answers() {
    for Case {
        name,
        input,
        expected,
    } in cases()
    {
        let board = parse(input.as_bytes()).unwrap_or_else(|error| panic!("{name}.in: {error}"));
        assert_eq!(
            expected,
            format!("{}\n", reference::solve(&board)),
            "{name}.out is not the reference's answer"
        );
    }
}

#[test]
fn the_solver_reproduces_every_expected_output() {
    gridkit::testdata::assert_solver_reproduces("statues", |input, output| {
        statues::run(input, output)
    });
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

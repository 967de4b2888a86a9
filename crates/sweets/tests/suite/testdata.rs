//! The test data is complete and right: every input has an expected output, every
//! expected output is the reference's answer, and the solver prints it.

use std::path::PathBuf;

use gridkit::testdata::{self, Case};
use sweets::parse::parse;
use sweets::reference;

/// Every case, sorted by name; an `.in` without its `.out` or the other way round fails.
fn cases() -> Vec<Case> {
    testdata::cases("sweets").unwrap_or_else(|error| panic!("{error}"))
}

/// The input file of `case`, which the messages name.
fn input_path(case: &Case) -> PathBuf {
    testdata::folder("sweets").join(format!("{}.in", case.name))
}

#[test]
fn every_input_has_an_expected_output_and_back() {
    // `cases` refuses an input without its output and an output without its input.
    let inputs = cases();
    assert!(inputs.len() >= 30, "only {} cases", inputs.len());
}

#[test]
fn the_samples_are_there() {
    for name in ["sample1", "sample2"] {
        assert!(
            testdata::folder("sweets")
                .join(format!("{name}.in"))
                .is_file(),
            "{name}"
        );
    }
}

#[test]
fn expected_outputs_are_the_reference_answers() {
    for case in cases() {
        let input = input_path(&case);
        let mask =
            parse(case.input.as_bytes()).unwrap_or_else(|e| panic!("{}: {e}", input.display()));
        assert_eq!(
            case.expected,
            format!("{}\n", reference::winner(mask)),
            "{}",
            input.display()
        );
    }
}

#[test]
fn the_solver_prints_the_expected_outputs() {
    gridkit::testdata::assert_solver_reproduces("sweets", |input, output| {
        sweets::run(input, output)
    });
}

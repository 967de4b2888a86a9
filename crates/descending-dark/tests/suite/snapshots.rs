//! Snapshots of the explanation of every test-data input small enough to read, and the
//! error message of every kind of malformed input. Snapshots guard against drift;
//! correctness comes from `testdata.rs` (expected outputs from the references),
//! `agreement.rs` and `certificate.rs` (every certificate checked).

use descending_dark::testkit::Kit;
use descending_dark::{DescendingDark, reference, run};
use gridkit::testkit::{ProblemKit, output_of};
use insta::assert_snapshot;
use problem::Problem as _;

/// Inputs up to this many bytes are read in full in a snapshot; the generated files are
/// larger and are checked by `certificate.rs` only.
const READABLE: usize = 500;

#[test]
fn every_readable_test_case_is_explained() {
    let mut snapshots = 0;
    insta::glob!("../../../../testdata/descending-dark", "*.in", |path| {
        let input = std::fs::read_to_string(path).unwrap();
        if input.len() > READABLE {
            return;
        }
        snapshots += 1;
        let explanation = Kit::explain(&Kit::parse(&input).unwrap());
        insta::with_settings!({ description => input, omit_expression => true }, {
            assert_snapshot!("explanation", explanation);
        });
    });
    // The sample and every hand-made pitfall case.
    assert!(snapshots >= 12, "only {snapshots} explanations");
}

/// What the solver prints for `input`: for these, `error: ` and the first defect.
fn refusal(input: &str) -> String {
    let refused = output_of(|input, output| run(input, output), input.as_bytes());
    let explained = output_of(
        |input, output| DescendingDark::explain(input, output),
        input.as_bytes(),
    );
    assert_eq!(explained, refused, "--explain refuses it otherwise");
    refused
}

/// A valid 3x5 grid with one cave, as the lines of one case.
const GRID: &str = "3 5\n#####\n#0..#\n#####\n";

fn one(case: &str) -> String {
    format!("1\n{case}")
}

#[test]
fn the_number_of_cases_is_checked() {
    assert_snapshot!(refusal(""), @"error: line 1: expected the number of cases T, found end of input");
    assert_snapshot!(refusal(&format!("x\n{GRID}")), @"error: line 1, column 1: expected T (an integer), found 'x'");
    assert_snapshot!(refusal("0\n"), @"error: line 1, column 1: T must be in 1..=20, found 0");
    assert_snapshot!(refusal(&format!("21\n{}", GRID.repeat(21))), @"error: line 1, column 1: T must be in 1..=20, found 21");
    assert_snapshot!(refusal(&format!("1 1\n{GRID}")), @"error: line 1, column 3: expected end of line, found '1'");
    assert_snapshot!(refusal(&format!("2\n{GRID}")), @r#"error: line 6: expected the line "R C" of case 2, found end of input"#);
    assert_snapshot!(refusal(&format!("1\n{GRID}\n3 5\n")), @"error: line 7, column 1: expected end of input, found '3'");
}

#[test]
fn the_size_line_is_checked() {
    assert_snapshot!(refusal(&one("2 5\n#####\n#####\n")), @"error: line 2, column 1: R must be in 3..=60, found 2");
    assert_snapshot!(refusal(&one(&format!("3 61\n{}\n", "#".repeat(61)))), @"error: line 2, column 3: C must be in 3..=60, found 61");
    assert_snapshot!(refusal(&one("1000000000 1000000000\n")), @"error: line 2, column 1: R must be in 3..=60, found 1000000000");
    assert_snapshot!(refusal(&one("3\n")), @"error: line 2, column 2: expected C, found end of line");
    assert_snapshot!(refusal(&one("3 5 7\n#####\n#0..#\n#####\n")), @"error: line 2, column 5: expected end of line, found '7'");
}

#[test]
fn the_rows_are_checked() {
    assert_snapshot!(refusal(&one("3 5\n#####\n#0.#\n#####\n")), @"error: line 4, column 5: expected a row of 5 characters, found 4");
    assert_snapshot!(refusal(&one("3 5\n#####\n#0...#\n#####\n")), @"error: line 4, column 6: row is longer than 5 characters");
    assert_snapshot!(refusal(&one("3 5\n#####\n#0.x#\n#####\n")), @r##"error: line 4, column 4: expected one of "#.0123456789", found 'x'"##);
    assert_snapshot!(refusal(&one("4 5\n#####\n#0..#\n")), @"error: line 5: expected row 3 of 4 of case 1, found end of input");
    assert_snapshot!(refusal(&format!("2\n{GRID}3 5\n#####\n#0..#\n##.##\n")), @"error: line 9, column 3: border square must be '#', found '.'");
}

#[test]
fn the_border_is_checked() {
    assert_snapshot!(refusal(&one("3 5\n##.##\n#0..#\n#####\n")), @"error: line 3, column 3: border square must be '#', found '.'");
    assert_snapshot!(refusal(&one("4 5\n#####\n#0..#\n...##\n#####\n")), @"error: line 5, column 1: border square must be '#', found '.'");
    assert_snapshot!(refusal(&one("3 5\n#####\n#0..1\n#####\n")), @"error: line 4, column 5: border square must be '#', found '1'");
    assert_snapshot!(refusal(&one("3 5\n#####\n#0..#\n###.#\n")), @"error: line 5, column 4: border square must be '#', found '.'");
}

#[test]
fn the_cave_labels_are_checked() {
    assert_snapshot!(refusal(&one("4 5\n#####\n#01.#\n#.1.#\n#####\n")), @"error: line 5, column 3: cave 1 appears twice (first at line 4, column 3)");
    assert_snapshot!(refusal(&one("3 5\n#####\n#0.2#\n#####\n")), @"error: line 4, column 4: cave 2 found but cave 1 is missing (caves must be labelled 0..d-1)");
    assert_snapshot!(refusal(&one("3 5\n#####\n#.1.#\n#####\n")), @"error: line 4, column 3: cave 1 found but cave 0 is missing (caves must be labelled 0..d-1)");
    assert_snapshot!(refusal(&one("3 5\n#####\n#...#\n#####\n")), @"error: line 2: the 3x5 grid of case 1 has no cave (expected caves 0..d-1, 1 <= d <= 10)");
}

#[test]
fn the_base_of_the_malformed_inputs_is_valid() {
    // Each malformed input differs from one of these by one defect, so its error comes
    // from that defect.
    for input in [one(GRID), format!("20\n{}", GRID.repeat(20))] {
        let expected = reference::answer(&input).unwrap().unwrap();
        assert_eq!(
            output_of(|input, output| run(input, output), input.as_bytes()),
            expected
        );
    }
}

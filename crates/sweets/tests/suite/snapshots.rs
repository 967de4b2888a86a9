//! The explanation of every test case, as `--explain` prints it: the answer, then the
//! certificate, drawn. A snapshot records what the code prints; `tests/suite/certificate.rs`
//! proves each certificate right with the library's checker.

use problem::Problem as _;
use std::fs;

use gridkit::testkit::output_of;

/// What `--explain` prints for `input`.
fn explanation(input: &str) -> String {
    output_of(
        |input, output| sweets::Sweets::explain(input, output),
        input.as_bytes(),
    )
}

#[test]
fn every_test_case_is_explained() {
    insta::glob!("../../../../testdata/sweets", "*.in", |path| {
        let input = fs::read_to_string(path).unwrap();
        let explanation = explanation(&input);
        insta::with_settings!({ description => input, omit_expression => true }, {
            insta::assert_snapshot!("explanation", explanation);
        });
    });
}

#[test]
fn no_explanation_line_is_over_100_characters() {
    for case in gridkit::testdata::cases("sweets").unwrap() {
        let explanation = explanation(&case.input);
        assert!(explanation.starts_with(&case.expected), "{}", case.name);
        for line in explanation.lines() {
            assert!(line.chars().count() <= 100, "{}: {line}", case.name);
        }
    }
}

#[test]
fn explanations_of_large_closed_sets_stay_readable() {
    // Boxes across the whole range: a closed set is listed box by box in at most 300
    // lines, or left to --certificate; with the first box's replies (at most 103) and the
    // prose and drawings, no explanation runs past 500 lines of at most 100 characters.
    for mask in (1..=sweets::geometry::FULL).step_by(997) {
        let explanation = explanation(&sweets::parse::draw(mask));
        assert!(explanation.lines().count() <= 500, "{mask:b}");
        for line in explanation.lines() {
            assert!(line.chars().count() <= 100, "{mask:b}: {line}");
        }
    }
}

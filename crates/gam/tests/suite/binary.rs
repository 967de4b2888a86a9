//! The binary end to end: the answer on stdout and exit code 0, or a single error line
//! on stderr and exit code 1; `--explain` adds the explanation after the answer; any
//! other argument is a usage error, exit code 2.

use gam::testkit::Kit;
use gridkit::testdata::{
    assert_binary_answers_samples, assert_binary_refuses, assert_binary_rejects_arguments,
    run_binary_with,
};
use gridkit::testkit::ProblemKit;

const BINARY: &str = env!("CARGO_BIN_EXE_gam");
const SAMPLE: &str = "2\n4\nA...\n.#..\n....\n...B\n4\nA...\n....\n..#.\n...B\n";

#[test]
fn the_samples_are_answered_on_stdout() {
    assert_binary_answers_samples("gam", BINARY);
}

#[test]
fn bad_input_is_one_error_line_and_exit_code_1() {
    assert_binary_refuses(
        BINARY,
        b"1\n1000000000\n",
        "error: line 2, column 1: n must be in 2..=300, found 1000000000\n",
    );
}

#[test]
fn explain_prints_the_answer_then_the_explanation() {
    let output = run_binary_with(BINARY, &["--explain"], SAMPLE.as_bytes()).unwrap();
    assert!(output.status.success(), "{output:?}");
    let boards = Kit::parse(SAMPLE).unwrap();
    let expected = format!("{}\n{}", Kit::answer(&boards), Kit::explain(&boards));
    assert_eq!(String::from_utf8_lossy(&output.stdout), expected);
    assert!(expected.starts_with("B\nA\n\nTest 1 of 2:\n"));
    assert!(output.stderr.is_empty());
}

#[test]
fn explain_refuses_bad_input_like_the_answer() {
    let output = run_binary_with(BINARY, &["--explain"], b"2\n2\nAB\n..\n2\nA#\n#B\n").unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "A\n");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: line 5: no white path joins 'A' and 'B' in test 2\n"
    );
}

#[test]
fn any_other_argument_is_a_usage_error() {
    assert_binary_rejects_arguments(BINARY, "gam", SAMPLE.as_bytes());
}

/// `--certificate` then `--check` on every test-data file: the binary proves every
/// expected output from its own certificates.
#[test]
fn check_accepts_every_genuine_certificate() {
    gridkit::testdata::assert_binary_checks_its_certificates("gam", BINARY);
}

/// Explanations keep lines short, and the largest stays readable in size.
#[test]
fn explanations_have_short_lines_and_mazes_stays_small() {
    for case in gridkit::testdata::cases("gam").expect("the test data can be read") {
        let output = run_binary_with(BINARY, &["--explain"], case.input.as_bytes()).unwrap();
        assert!(output.status.success(), "{}: {output:?}", case.name);
        let text = String::from_utf8(output.stdout).unwrap();
        let (answers, explanation) = text.split_once("\n\n").unwrap();
        assert_eq!(format!("{answers}\n"), case.expected, "{}", case.name);
        for line in explanation.lines() {
            assert!(line.chars().count() <= 100, "{}: {line}", case.name);
        }
        if case.name == "mazes" {
            assert!(
                explanation.len() <= 20_000,
                "mazes: {} bytes",
                explanation.len()
            );
        }
    }
}

//! The binary end to end: the answer on stdout and exit code 0, or a single error line
//! on stderr and exit code 1; `--explain` adds the explanation after the answer; any
//! other argument is a usage error with exit code 2.

use gridkit::testdata::{
    assert_binary_answers_samples, assert_binary_explains, assert_binary_refuses,
    assert_binary_rejects_arguments,
};

const BINARY: &str = env!("CARGO_BIN_EXE_descending-dark");

#[test]
fn the_samples_are_answered_on_stdout() {
    assert_binary_answers_samples("descending-dark", BINARY);
}

#[test]
fn bad_input_is_one_error_line_and_exit_code_1() {
    assert_binary_refuses(
        BINARY,
        b"1\n1000000000 1000000000\n",
        "error: line 2, column 1: R must be in 3..=60, found 1000000000\n",
    );
}

#[test]
fn explain_prints_the_answer_then_the_explanation() {
    assert_binary_explains("descending-dark", BINARY, "Rows are numbered 1 (top)");
}

#[test]
fn any_other_argument_is_a_usage_error() {
    assert_binary_rejects_arguments(BINARY, "descending-dark", b"");
}

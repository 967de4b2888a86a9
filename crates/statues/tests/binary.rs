//! The binary end to end: the answer on stdout and exit code 0, or a single error line
//! on stderr and exit code 1.

use gridkit::testdata::{assert_binary_answers_samples, assert_binary_refuses};

const BINARY: &str = env!("CARGO_BIN_EXE_statues");

#[test]
fn the_samples_are_answered_on_stdout() {
    assert_binary_answers_samples("statues", BINARY);
}

#[test]
fn bad_input_is_one_error_line_and_exit_code_1() {
    assert_binary_refuses(
        BINARY,
        b".......A\n........\n",
        "error: line 3: expected row 3 of 8 of the board, found end of input\n",
    );
}

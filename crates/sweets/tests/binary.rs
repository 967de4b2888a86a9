//! The binary end to end: the answer on stdout and exit code 0, `--explain` adding the
//! certificate after it, a single error line on stderr and exit code 1 for bad input,
//! and a usage line with exit code 2 for a bad command line.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use gridkit::testdata::{assert_binary_answers_samples, assert_binary_refuses};

const BINARY: &str = env!("CARGO_BIN_EXE_sweets");

/// Runs the binary with `args` and `input` on stdin.
fn run_with(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(BINARY)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The binary may exit before reading: a closed pipe is fine.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

#[test]
fn the_samples_are_answered_on_stdout() {
    assert_binary_answers_samples("sweets", BINARY);
}

#[test]
fn bad_input_is_one_error_line_and_exit_code_1() {
    assert_binary_refuses(
        BINARY,
        b". . .\n",
        "error: line 2: expected row 2 of the box (4 cells), found end of input\n",
    );
}

#[test]
fn explain_prints_the_answer_then_the_certificate() {
    for case in gridkit::testdata::cases("sweets").unwrap() {
        let run = run_with(&["--explain"], case.input.as_bytes());
        assert!(run.status.success(), "{}: {run:?}", case.name);
        let stdout = String::from_utf8(run.stdout).unwrap();
        let explanation = stdout
            .strip_prefix(&case.expected)
            .unwrap_or_else(|| panic!("{}: the answer does not come first:\n{stdout}", case.name));
        assert!(
            explanation.starts_with("Cells are named (row,position)"),
            "{}: {explanation}",
            case.name
        );
        assert!(run.stderr.is_empty(), "{}", case.name);
    }
}

#[test]
fn any_other_argument_is_a_usage_error() {
    for args in [&["-e"][..], &["--explain", "--explain"], &["sample1.in"]] {
        let run = run_with(args, b"  . . .\n . . O .\n. . O O .\n . . . .\n  . . .\n");
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        assert!(run.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(run.stderr).unwrap();
        assert!(stderr.starts_with("usage: sweets [--explain]"), "{stderr}");
    }
}

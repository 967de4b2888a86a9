//! The binary end to end: the answer on stdout and exit code 0, or a single error line
//! on stderr and exit code 1; `--explain` adds the explanation after the answer; any
//! other argument is a usage error, exit code 2.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use gridkit::testdata::{self, assert_binary_answers_samples, assert_binary_refuses};

const BINARY: &str = env!("CARGO_BIN_EXE_ladders");

/// Runs the binary with `args` and `input` on stdin.
fn run_with(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(BINARY)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A usage error exits without reading: a closed pipe is no failure here.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

#[test]
fn the_samples_are_answered_on_stdout() {
    assert_binary_answers_samples("ladders", BINARY);
}

#[test]
fn bad_input_is_one_error_line_and_exit_code_1() {
    assert_binary_refuses(
        BINARY,
        b"0 0 0\n",
        "error: line 1, column 6: expected height 4 of 10, found end of line\n",
    );
}

#[test]
fn explain_prints_the_answer_first_then_the_explanation() {
    for case in testdata::cases("ladders").unwrap() {
        let run = run_with(&["--explain"], case.input.as_bytes());
        assert!(run.status.success(), "{}: {run:?}", case.name);
        assert!(run.stderr.is_empty(), "{}: {run:?}", case.name);
        let stdout = String::from_utf8(run.stdout).unwrap();
        let explanation = stdout
            .strip_prefix(&case.expected)
            .unwrap_or_else(|| panic!("{}: the answer does not come first", case.name));
        assert!(
            explanation.contains("The answer is the value of the start"),
            "{}: {explanation}",
            case.name
        );
    }
}

#[test]
fn any_other_argument_is_a_usage_error() {
    let input = "0 0 0 0 0 0 0 0 0 0\n".repeat(10);
    for args in [
        &["--explian"][..],
        &["input.txt"],
        &["--explain", "--explain"],
    ] {
        let run = run_with(args, input.as_bytes());
        assert_eq!(run.status.code(), Some(2), "{args:?}: {run:?}");
        assert!(run.stdout.is_empty(), "{args:?}: {run:?}");
        let stderr = String::from_utf8(run.stderr).unwrap();
        assert!(stderr.starts_with("usage: ladders"), "{args:?}: {stderr}");
    }
}

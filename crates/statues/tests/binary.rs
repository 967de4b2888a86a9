//! The binary end to end: the answer on stdout and exit code 0, `--explain` adding the
//! explanation after it, or a single error line on stderr and exit code 1; any other
//! argument is a usage error with exit code 2.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use gridkit::testdata::{self, assert_binary_answers_samples, assert_binary_refuses};

const BINARY: &str = env!("CARGO_BIN_EXE_statues");

/// Runs the binary with `args` and `input` on stdin.
fn run_with(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(BINARY)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // The binary may refuse before reading: a closed pipe is fine here.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("the binary ends")
}

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

#[test]
fn explain_prints_the_answer_first_then_the_explanation() {
    for case in testdata::cases("statues").unwrap() {
        let run = run_with(&["--explain"], &case.input);
        assert!(run.status.success(), "{}: {run:?}", case.name);
        assert!(run.stderr.is_empty(), "{}: {run:?}", case.name);
        let stdout = String::from_utf8(run.stdout).unwrap();
        let explanation = stdout
            .strip_prefix(&case.expected)
            .unwrap_or_else(|| panic!("{}: the answer does not come first:\n{stdout}", case.name));
        assert!(
            explanation.starts_with('\n') && explanation.contains("Rows 1 to 8 from the top"),
            "{}: {explanation}",
            case.name
        );
    }
}

#[test]
fn any_other_argument_is_a_usage_error() {
    for args in [
        &["--explian"][..],
        &["--explain", "--explain"],
        &["input.txt"],
    ] {
        let run = run_with(args, "");
        assert_eq!(run.status.code(), Some(2), "{args:?}: {run:?}");
        assert!(run.stdout.is_empty(), "{args:?}: {run:?}");
        let stderr = String::from_utf8(run.stderr).unwrap();
        assert!(
            stderr.starts_with("usage: statues [--explain] < INPUT\n"),
            "{args:?}: {stderr}"
        );
    }
}

//! The binary end to end: the answer on stdout and exit code 0, or a single error line
//! on stderr and exit code 1; `--explain` adds the explanation after the answer; any other
//! argument is a usage error with exit code 2.

use gridkit::testdata::{assert_binary_answers_samples, assert_binary_refuses};
use std::process::{Command, Stdio};

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
    let sample = gridkit::testdata::cases("descending-dark")
        .unwrap()
        .into_iter()
        .find(|case| case.name == "sample1")
        .unwrap();
    let mut child = Command::new(BINARY)
        .arg("--explain")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), sample.input.as_bytes()).unwrap();
    let run = child.wait_with_output().unwrap();
    assert!(run.status.success(), "{run:?}");
    assert!(run.stderr.is_empty(), "{run:?}");
    let stdout = String::from_utf8(run.stdout).unwrap();
    let explanation = stdout
        .strip_prefix(&sample.expected)
        .unwrap_or_else(|| panic!("the answer does not come first:\n{stdout}"));
    assert!(
        explanation.starts_with("\nRows are numbered 1 (top)"),
        "{explanation}"
    );
    assert!(explanation.contains("cave 2 at row 4, column 3: 4 squares reach it. Unlucky"));
}

#[test]
fn other_arguments_are_a_usage_error() {
    for args in [&["--explain", "--explain"][..], &["-e"], &["input.txt"]] {
        let run = Command::new(BINARY)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{args:?}: {run:?}");
        assert!(run.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(
            stderr.starts_with("usage: descending-dark [--explain] < INPUT\n"),
            "{stderr}"
        );
    }
}

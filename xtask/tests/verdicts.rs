//! The runner proves itself: misbehaving fixture programs get the verdicts they must.

use std::path::{Path, PathBuf};
use std::time::Duration;

use xtask::check::{CaseStyle, Checker};
use xtask::judge::{Outcome, Rules, Verdict, judge};

const XTASK: &str = env!("CARGO_BIN_EXE_xtask");

/// A scratch folder with one test: input "A\nB\n" and the given expected output.
fn setup(name: &str, expected_text: &str) -> (PathBuf, PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("xtask-verdicts-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("case.in");
    let expected = dir.join("case.out");
    std::fs::write(&input, "A\nB\n").unwrap();
    std::fs::write(&expected, expected_text).unwrap();
    (dir, input, expected)
}

fn rules() -> Rules {
    Rules {
        time_limit: Duration::from_millis(500),
        memory_budget_bytes: 8_000_000,
        checker: Checker::Tokens,
        cases: CaseStyle::PerLine,
    }
}

/// Judges the fixture `kind` on the test; the right answer is the input itself.
fn run_fixture(kind: &str) -> Outcome {
    judge_fixture(kind, kind, "A\nB\n")
}

fn judge_fixture(name: &str, kind: &str, expected_text: &str) -> Outcome {
    let (dir, input, expected) = setup(name, expected_text);
    let outcome = judge(
        Path::new(XTASK),
        &["fixture", kind],
        &input,
        &expected,
        &dir,
        rules(),
    )
    .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    outcome
}

#[test]
fn a_correct_program_is_accepted_and_measured_small() {
    let outcome = run_fixture("echo");
    assert_eq!(outcome.verdict, Verdict::Accepted);
    // Proves the child's peak is its own, not the test harness's.
    assert!(
        outcome.measurement.peak_rss_bytes < 6 << 20,
        "{:?}",
        outcome.measurement
    );
    assert!(outcome.measurement.peak_rss_bytes > 0);
}

#[test]
fn a_wrong_answer_names_the_case_and_tokens() {
    let outcome = run_fixture("wrong");
    assert_eq!(
        outcome.verdict,
        Verdict::WrongAnswer("test 1: expected 'A', got 'B'".into())
    );
}

#[test]
fn a_crash_is_a_runtime_error_with_stderr() {
    let outcome = run_fixture("crash");
    assert_eq!(
        outcome.verdict,
        Verdict::RuntimeError("exit code 3; stderr: fixture: giving up on purpose".into())
    );
}

#[test]
fn an_endless_loop_is_killed_and_over_time() {
    let outcome = run_fixture("loop");
    assert_eq!(outcome.verdict, Verdict::TimeLimit);
    assert!(outcome.measurement.wall < Duration::from_secs(10));
}

#[test]
fn a_64_mib_allocation_is_over_an_8_mb_budget() {
    let outcome = run_fixture("alloc");
    assert_eq!(outcome.verdict, Verdict::MemoryLimit);
    assert!(outcome.measurement.peak_rss_bytes >= 64 << 20);
}

#[test]
fn endless_output_is_an_output_limit() {
    let outcome = run_fixture("flood");
    assert_eq!(outcome.verdict, Verdict::OutputLimit);
}

#[test]
fn a_corrupted_expected_output_fails_and_is_named() {
    let outcome = judge_fixture("corrupt", "echo", "A\nC\n");
    assert_eq!(
        outcome.verdict,
        Verdict::WrongAnswer("test 2: expected 'C', got 'B'".into())
    );
}

//! Hostile solutions: whatever a user's program does, the runner gives the right verdict,
//! ends promptly and leaves nothing running or lying around.

use std::path::Path;
use std::time::{Duration, Instant};

use xtask::check::{CaseStyle, Checker};
use xtask::judge::{Outcome, Rules, Verdict, judge};

const XTASK: &str = env!("CARGO_BIN_EXE_xtask");

fn rules() -> Rules {
    Rules {
        time_limit: Duration::from_millis(500),
        memory_budget_bytes: 64 << 20,
        checker: Checker::Tokens,
        cases: CaseStyle::PerLine,
    }
}

/// Judges the fixture `kind` on input "A\nB\n" (its right answer), in a scratch folder;
/// returns the outcome, how long the judging took, and what the fixture wrote on stderr.
fn run_fixture(kind: &str) -> (Outcome, Duration, String) {
    let dir = tempfile::tempdir().unwrap();
    let (input, expected) = (dir.path().join("case.in"), dir.path().join("case.out"));
    std::fs::write(&input, "A\nB\n").unwrap();
    std::fs::write(&expected, "A\nB\n").unwrap();
    let started = Instant::now();
    let outcome = judge(
        Path::new(XTASK),
        &["fixture", kind],
        &input,
        &expected,
        dir.path(),
        rules(),
    )
    .unwrap();
    let took = started.elapsed();
    let stderr = std::fs::read_to_string(dir.path().join("case.stderr")).unwrap();
    (outcome, took, stderr)
}

/// Whether process `pid` still runs (a zombie waiting for its reaper does not).
fn running(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => false,
        Ok(stat) => {
            let state = stat.rsplit(')').next().unwrap_or("").trim_start();
            !state.starts_with('Z') && !state.starts_with('X')
        }
    }
}

#[test]
fn a_forked_sleeper_is_killed_with_the_solution() {
    xtask::spawner::use_spawner(Path::new(env!("CARGO_BIN_EXE_xtask")));
    let (outcome, took, stderr) = run_fixture("fork-sleeper");
    assert_eq!(outcome.verdict, Verdict::Accepted, "{stderr}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    let pid: u32 = stderr
        .trim()
        .strip_prefix("sleeper ")
        .and_then(|pid| pid.parse().ok())
        .unwrap_or_else(|| panic!("no sleeper pid in {stderr:?}"));
    let deadline = Instant::now() + Duration::from_secs(2);
    while running(pid) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(!running(pid), "the sleeper {pid} outlived the run");
}

#[test]
fn endless_output_is_cut_at_the_cap() {
    xtask::spawner::use_spawner(Path::new(env!("CARGO_BIN_EXE_xtask")));
    let (outcome, took, _) = run_fixture("flood");
    assert_eq!(outcome.verdict, Verdict::OutputLimit);
    assert!(took < Duration::from_secs(10), "{took:?}");
}

#[test]
fn a_solution_that_never_reads_and_sleeps_is_stopped_by_the_wall_clock() {
    xtask::spawner::use_spawner(Path::new(env!("CARGO_BIN_EXE_xtask")));
    let (outcome, took, _) = run_fixture("sleep");
    assert_eq!(outcome.verdict, Verdict::TimeLimit);
    assert!(outcome.measurement.killed_at_wall_cap);
    // The wall cap is twice the limit plus a second: 2 s here.
    assert!(took < Duration::from_secs(4), "{took:?}");
}

#[test]
fn a_solution_killed_by_a_signal_is_a_runtime_error_naming_it() {
    xtask::spawner::use_spawner(Path::new(env!("CARGO_BIN_EXE_xtask")));
    let (outcome, took, _) = run_fixture("abort");
    assert_eq!(
        outcome.verdict,
        Verdict::RuntimeError("killed by SIGABRT".into())
    );
    assert!(took < Duration::from_secs(5), "{took:?}");
}

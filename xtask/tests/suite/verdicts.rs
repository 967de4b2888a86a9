//! The runner proves itself: misbehaving fixture programs, hostile ones included, get the
//! verdicts they must, end promptly and leave nothing running.

use std::path::Path;
use std::time::{Duration, Instant};

use xtask::judge::{Judged, Rules, Verdict, judge_text};
use xtask::measure::own_program;
use xtask::verdict::CaseStyle;

const XTASK: &str = env!("CARGO_BIN_EXE_xtask");

fn rules() -> Rules {
    Rules {
        cases: CaseStyle::PerLine,
        ..Rules::tokens(Duration::from_millis(500), 8_000_000)
    }
}

/// Judges the fixture `kind` on the input "A\nB\n" against `expected`, through the
/// spawner as the command line does; returns the judged run and how long it took.
fn judge_fixture(kind: &str, expected: &str) -> (Judged, Duration) {
    xtask::sandbox::use_spawner(Path::new(XTASK));
    let started = Instant::now();
    let judged = judge_text(
        &own_program(Path::new(XTASK), &["fixture", kind]),
        "A\nB\n",
        expected,
        rules(),
    )
    .unwrap();
    (judged, started.elapsed())
}

/// The fixture `kind` judged on a test whose right answer is its input.
fn run_fixture(kind: &str) -> (Judged, Duration) {
    judge_fixture(kind, "A\nB\n")
}

#[test]
fn a_correct_program_is_accepted_and_measured_small() {
    let (judged, _) = run_fixture("echo");
    let outcome = judged.outcome;
    assert_eq!(outcome.verdict, Verdict::Accepted);
    // Proves the child's peak is its own, not the test harness's.
    assert!(
        outcome.measurement.peak_memory_bytes < 6 << 20,
        "{:?}",
        outcome.measurement
    );
    assert!(outcome.measurement.peak_memory_bytes > 0);
}

#[test]
fn a_wrong_answer_names_the_case_and_tokens() {
    let (judged, _) = run_fixture("wrong");
    assert_eq!(
        judged.outcome.verdict,
        Verdict::WrongAnswer("test 1: expected 'A', got 'B'".into())
    );
    assert_eq!(judged.received, "\nB\nA");
}

#[test]
fn a_corrupted_expected_output_fails_and_is_named() {
    let (judged, _) = judge_fixture("echo", "A\nC\n");
    assert_eq!(
        judged.outcome.verdict,
        Verdict::WrongAnswer("test 2: expected 'C', got 'B'".into())
    );
}

#[test]
fn a_crash_is_a_runtime_error_with_stderr() {
    let (judged, _) = run_fixture("crash");
    assert_eq!(
        judged.outcome.verdict,
        Verdict::RuntimeError("exit code 3; stderr: fixture: giving up on purpose".into())
    );
}

#[test]
fn a_solution_killed_by_a_signal_is_a_runtime_error_naming_it() {
    let (judged, took) = run_fixture("abort");
    assert_eq!(
        judged.outcome.verdict,
        Verdict::RuntimeError("killed by SIGABRT".into())
    );
    assert!(took < Duration::from_secs(5), "{took:?}");
}

#[test]
fn an_endless_loop_is_killed_and_over_time() {
    let (judged, took) = run_fixture("loop");
    assert_eq!(judged.outcome.verdict.code(), "TLE");
    assert!(took < Duration::from_secs(10), "{took:?}");
}

#[test]
fn a_solution_that_never_reads_and_sleeps_is_stopped_by_the_wall_clock() {
    let (judged, took) = run_fixture("sleep");
    assert_eq!(judged.outcome.verdict.code(), "TLE");
    assert!(judged.outcome.measurement.stops.killed_at_wall_cap);
    assert!(
        judged
            .outcome
            .verdict
            .detail()
            .unwrap()
            .starts_with("idle: "),
        "{:?}",
        judged.outcome.verdict
    );
    // The wall cap is twice the limit plus a second: 2 s here.
    assert!(took < Duration::from_secs(4), "{took:?}");
}

#[test]
fn a_64_mib_allocation_is_over_an_8_mb_budget() {
    let (judged, _) = run_fixture("alloc");
    assert_eq!(judged.outcome.verdict.code(), "MLE", "{:?}", judged.outcome);
}

#[test]
fn endless_output_is_cut_at_the_cap() {
    let (judged, took) = run_fixture("flood");
    assert_eq!(judged.outcome.verdict.code(), "OLE");
    assert!(
        judged.received.contains("more bytes cut"),
        "{}",
        judged.received
    );
    assert!(took < Duration::from_secs(10), "{took:?}");
}

/// Whether the fork-sleeper fixture's `sleep 600` still runs.
fn a_sleeper_runs() -> bool {
    xtask::fixture::runs(&["sleep", "600"])
}

#[test]
fn a_forked_sleeper_is_killed_with_the_solution() {
    let (judged, took) = run_fixture("fork-sleeper");
    assert_eq!(
        judged.outcome.verdict,
        Verdict::Accepted,
        "{}",
        judged.stderr
    );
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert!(judged.stderr.starts_with("sleeper "), "{}", judged.stderr);
    let deadline = Instant::now() + Duration::from_secs(2);
    while a_sleeper_runs() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(!a_sleeper_runs(), "the sleeper outlived the run");
}

#[test]
fn bytes_that_are_not_utf8_on_stderr_are_quoted_not_a_crash() {
    let (judged, _) = run_fixture("stderr-bytes");
    assert_eq!(
        judged.outcome.verdict,
        Verdict::RuntimeError(
            "exit code 1; stderr: erreur: donn\\xe9es invalides | \
             \\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\
             \\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\
             \\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\
             \\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\
             \\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\
             \\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\
             \\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\
             \\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff \
             [... 472 more bytes of this line cut]"
                .into()
        )
    );
}

#[test]
fn words_on_stderr_never_decide_a_verdict() {
    // A right answer with an allocator's complaints on stderr, in 1 MiB or so: accepted.
    let (judged, _) = run_fixture("oom-words");
    assert_eq!(judged.outcome.verdict, Verdict::Accepted, "{judged:?}");
    // A wrong one is a wrong answer, not a memory verdict.
    let (judged, _) = run_fixture("oom-words-wrong");
    assert_eq!(judged.outcome.verdict.code(), "WA", "{judged:?}");
}

#[test]
fn a_tree_held_at_its_memory_limit_is_stopped_and_over_memory() {
    xtask::sandbox::use_spawner(Path::new(XTASK));
    let started = Instant::now();
    // statues' time limit, gam's memory budget: idle would take 4 s, the wall cap 5 s.
    let judged = judge_text(
        &own_program(Path::new(XTASK), &["fixture", "memory-sleepers"]),
        "A\nB\n",
        "A\nB\n",
        Rules::tokens(Duration::from_secs(2), 8_000_000),
    )
    .unwrap();
    let took = started.elapsed();
    let measured = &judged.outcome.measurement;
    assert_eq!(judged.outcome.verdict.code(), "MLE", "{judged:?}");
    if xtask::sandbox::layers().unwrap().accounting.is_active() {
        // Seen by the kernel, and stopped there, not left to wait out the clock.
        assert!(measured.stops.memory_limit_hit, "{measured:?}");
        assert!(!measured.stops.killed_at_wall_cap, "{measured:?}");
        assert!(took < Duration::from_secs(3), "{took:?}");
    }
}

// The judge's own failures are reported as the judge's: an error naming what failed,
// exit code 2, and no verdict against the program.

/// `xtask ARGS` run from the archive, with `TMPDIR` in `temporary`.
fn xtask(args: &[&str], temporary: &Path) -> std::process::Child {
    std::process::Command::new(XTASK)
        .args(args)
        .env("TMPDIR", temporary)
        .current_dir(xtask::project_root())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn a_spawner_that_dies_is_the_judges_failure() {
    let temporary = tempfile::tempdir().unwrap();
    let child = xtask(
        &["verify", "statues", "--solution", "sleep 31"],
        temporary.path(),
    );
    let deadline = Instant::now() + Duration::from_secs(60);
    while !xtask::fixture::runs(&["sleep", "31"]) {
        assert!(Instant::now() < deadline, "verify never started a run");
        std::thread::sleep(Duration::from_millis(20));
    }
    // Every spawner of this verify: children of it running `xtask spawner`.
    let spawners = std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(Result::ok)
        .filter_map(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let parent = stat
                .rsplit(')')
                .next()
                .unwrap_or("")
                .split_whitespace()
                .nth(1);
            let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            parent == Some(&child.id().to_string()) && cmdline.ends_with(b"\0spawner\0")
        })
        .collect::<Vec<_>>();
    assert!(!spawners.is_empty(), "no spawner found");
    for pid in spawners {
        let _ = nix::sys::signal::kill(
            nix::unistd::Pid::from_raw(pid),
            nix::sys::signal::Signal::SIGKILL,
        );
    }
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stdout}\n{stderr}");
    assert!(
        stderr.contains("the spawner ended without answering"),
        "{stderr}"
    );
    // No row judged the program for it.
    assert!(
        !stdout.contains(" RE ") && !stdout.contains(" TLE "),
        "{stdout}"
    );
}

#[test]
fn a_full_temporary_folder_is_the_judges_failure_not_a_compile_error() {
    if !nix::unistd::Uid::effective().is_root() {
        eprintln!("skipped: mounting a small file system takes root");
        return;
    }
    let temporary = tempfile::tempdir().unwrap();
    let full = temporary.path().join("full");
    std::fs::create_dir(&full).unwrap();
    let source = xtask::project_root().join("xtask/tests/solutions/statues.c");
    // A private mount namespace: the small file system goes with the process.
    let script = r#"mount -t tmpfs -o size=64k tmpfs "$1" && { cat /dev/zero > "$1/fill" 2>/dev/null; TMPDIR="$1" exec "$2" verify statues --solution "$3"; }"#;
    let output = std::process::Command::new("unshare")
        .args([
            "--mount",
            "--propagation",
            "private",
            "sh",
            "-c",
            script,
            "sh",
        ])
        .arg(&full)
        .arg(XTASK)
        .arg(&source)
        .current_dir(xtask::project_root())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stdout}\n{stderr}");
    assert!(stderr.contains("No space left on device"), "{stderr}");
    assert!(stderr.contains(&full.display().to_string()), "{stderr}");
    assert!(!stdout.contains("CE"), "{stdout}");
}

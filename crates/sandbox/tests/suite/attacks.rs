//! Hostile programs (`tests/hostile/`) against the sandbox, each run under the limits a
//! judge gives a run: the attack fails, the run ends within its caps, and nothing is left
//! behind. Honest programs that recurse deep and use threads keep working.

use std::path::Path;
use std::time::{Duration, Instant};

use sandbox::Input;
use verdict::Stops;

use crate::support::{
    self, compiled, fixture, hostile, judged_limits, over_memory, over_time, python, run, runs,
    stdout, two_seconds,
};

/// A folder of three tests (`caseN.in`, `caseN.out`) in `dir`, named nowhere a program
/// may read.
fn data_folder(dir: &Path) -> std::path::PathBuf {
    let data = dir.join("data");
    std::fs::create_dir(&data).unwrap();
    for case in 0..3 {
        std::fs::write(
            data.join(format!("case{case}.in")),
            format!("input {case}\n"),
        )
        .unwrap();
        std::fs::write(data.join(format!("case{case}.out")), "ANSWER\n").unwrap();
    }
    data
}

#[test]
fn a_cheat_finds_no_expected_answer_and_cannot_overwrite_one() {
    support::use_spawner();
    let dir = tempfile::tempdir().unwrap();
    let data = data_folder(dir.path());
    let cheat = fixture(dir.path(), "cheat.py", &[("DATA", &data.to_string_lossy())]);
    for case in 0..3 {
        // Each input straight from the data folder, as a judge gives it.
        let input = Input::File(data.join(format!("case{case}.in")));
        let ran = sandbox::run_captured(&python(&cheat), input, two_seconds()).unwrap();
        assert_eq!(stdout(&ran), "NOTHING\n", "{:?}", ran.report);
        let expected = std::fs::read_to_string(data.join(format!("case{case}.out"))).unwrap();
        assert_eq!(expected, "ANSWER\n");
    }
}

#[test]
fn the_archive_s_own_test_data_is_out_of_reach_too() {
    let dir = tempfile::tempdir().unwrap();
    let cheat = fixture(dir.path(), "cheat.py", &[("DATA", "/nonexistent")]);
    let input =
        std::fs::read_to_string(support::workspace().join("testdata/statues/sample1.in")).unwrap();
    let ran = run(&python(&cheat), &input, two_seconds());
    assert_eq!(stdout(&ran), "NOTHING\n", "{:?}", ran.report);
}

#[test]
fn files_outside_the_box_are_not_created() {
    let dir = tempfile::tempdir().unwrap();
    let tag = format!("{:x}", fastrand::u64(..));
    let repo = support::workspace();
    let program = fixture(
        dir.path(),
        "write_outside.py",
        &[("TAG", &tag), ("REPO", &repo.to_string_lossy())],
    );
    let ran = run(&python(&program), "\n", two_seconds());
    assert_eq!(stdout(&ran), "made 0\n", "{:?}", ran.report);
    assert!(!Path::new(&format!("/tmp/escape-{tag}")).exists());
    assert!(!repo.join(format!("testdata/escape-{tag}")).exists());
}

#[test]
fn the_environment_is_a_short_fixed_list() {
    let ran = run(&python(&hostile("environment.py")), "", two_seconds());
    assert_eq!(
        stdout(&ran),
        "HOME LANG PATH RUST_BACKTRACE TMPDIR\n",
        "{:?}",
        ran.report
    );
}

#[test]
fn no_socket_reaches_loopback() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let dir = tempfile::tempdir().unwrap();
    let program = fixture(dir.path(), "network.py", &[("PORT", &port)]);
    let ran = run(&python(&program), "\n", two_seconds());
    assert!(stdout(&ran).starts_with("refused"), "{}", stdout(&ran));
    assert!(listener.accept().is_err(), "the program connected");
}

#[test]
fn nothing_the_program_starts_outlives_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let program = support::own(&compiled(&hostile("escape_processes.c"), dir.path()), &[]);
    let started = Instant::now();
    let ran = run(&program, "", two_seconds());
    let took = started.elapsed();
    assert_eq!(stdout(&ran), "WIN\n", "{:?}", ran.report);
    assert_eq!(ran.report.code, Some(0), "{:?}", ran.report);
    assert!(took < Duration::from_secs(5), "{took:?}");
    let deadline = Instant::now() + Duration::from_secs(2);
    while (runs(&["sleep", "617"]) || runs(&["sleep", "618"])) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(
        !runs(&["sleep", "617"]),
        "the double-forked sleeper survived"
    );
    assert!(
        !runs(&["sleep", "618"]),
        "the sleeper in its own group survived"
    );
}

/// Whether `sleep SECONDS` still runs, given a moment to die after its run.
fn outlived(seconds: &str) -> bool {
    let deadline = Instant::now() + Duration::from_secs(2);
    while runs(&["sleep", seconds]) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    runs(&["sleep", seconds])
}

/// The one rule for output: the run ends when the program has ended and nothing of it
/// holds its output open, so a child's late output is kept every time, never lost to a
/// race with a kill; a child that holds the output forever is stopped by the wall-clock
/// cap, and one that closed it is killed as the program ends.
#[test]
fn output_written_after_the_program_ended_is_kept_every_time() {
    let dir = tempfile::tempdir().unwrap();
    let binary = compiled(&hostile("output_after_end.c"), dir.path());
    for _ in 0..10 {
        let ran = run(&support::own(&binary, &["late"]), "", two_seconds());
        assert_eq!(stdout(&ran), "EARLY\nLATE\n", "{:?}", ran.report);
        assert_eq!(ran.report.code, Some(0), "{:?}", ran.report);
        assert_eq!(ran.report.stops, Stops::default(), "{:?}", ran.report);
        assert!(ran.report.wall_us >= 100_000, "{:?}", ran.report);
    }

    let ran = run(&support::own(&binary, &["holder"]), "", two_seconds());
    assert_eq!(stdout(&ran), "WIN\n", "{:?}", ran.report);
    assert!(ran.report.stops.killed_at_wall_cap, "{:?}", ran.report);
    assert!(!outlived("619"), "the holder survived");

    let started = Instant::now();
    let ran = run(&support::own(&binary, &["closed"]), "", two_seconds());
    assert_eq!(stdout(&ran), "WIN\n", "{:?}", ran.report);
    assert_eq!(ran.report.stops, Stops::default(), "{:?}", ran.report);
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        ran.report
    );
    assert!(
        !outlived("621"),
        "the sleeper with its output closed survived"
    );
}

#[test]
fn the_judge_can_be_neither_signalled_traced_nor_read() {
    let dir = tempfile::tempdir().unwrap();
    let program = support::own(&compiled(&hostile("attack_judge.c"), dir.path()), &[]);
    // Every run gets its report: the spawner survives each attack.
    for _ in 0..3 {
        let ran = run(&program, "an input\n", two_seconds());
        assert_eq!(stdout(&ran), "untraced unread\n", "{:?}", ran.report);
        assert_eq!(ran.report.code, Some(0), "{:?}", ran.report);
    }
}

#[test]
fn cpu_time_of_forked_workers_counts() {
    let dir = tempfile::tempdir().unwrap();
    let program = support::own(&compiled(&hostile("cpu_children.c"), dir.path()), &[]);
    let ran = run(&program, "", judged_limits(1000, 256_000_000));
    assert!(ran.report.cpu_us > 1_000_000, "{:?}", ran.report);
}

#[test]
fn memory_of_forked_workers_counts() {
    let dir = tempfile::tempdir().unwrap();
    let program = support::own(&compiled(&hostile("memory_children.c"), dir.path()), &[]);
    let ran = run(&program, "", two_seconds());
    assert!(over_memory(&ran.report, 256_000_000), "{:?}", ran.report);
}

#[test]
fn a_touched_2_gib_allocation_is_over_the_memory_limit() {
    let dir = tempfile::tempdir().unwrap();
    let program = support::own(&compiled(&hostile("big_allocation.c"), dir.path()), &[]);
    let ran = run(&program, "", two_seconds());
    assert!(over_memory(&ran.report, 256_000_000), "{:?}", ran.report);
}

#[test]
fn a_fork_bomb_ends_within_its_caps() {
    let dir = tempfile::tempdir().unwrap();
    let program = support::own(&compiled(&hostile("fork_bomb.c"), dir.path()), &[]);
    let started = Instant::now();
    let ran = run(&program, "", two_seconds());
    let took = started.elapsed();
    let report = &ran.report;
    // Over its time, or ended by the process cap's refusals, and nothing else.
    let failed_alone = !over_memory(report, 256_000_000)
        && !report.stops.output_limit_hit
        && (report.signal.is_some() || report.code != Some(0));
    assert!(over_time(report, 2000) || failed_alone, "{report:?}");
    assert!(took < Duration::from_secs(10), "{took:?}");
}

#[test]
fn the_output_cap_allows_exactly_its_bytes_and_stops_the_next_one() {
    let limits = two_seconds();
    for (bytes, over) in [
        (limits.output_bytes, false),
        (limits.output_bytes + 1, true),
    ] {
        // A folder per program: a spawner keeps a path bound while its requests name it,
        // so a program rebuilt at the same path would not be seen.
        let dir = tempfile::tempdir().unwrap();
        let source = fixture(
            dir.path(),
            "output_exactly.c",
            &[("BYTES", &bytes.to_string())],
        );
        let program = support::own(&compiled(&source, dir.path()), &[]);
        let ran = run(&program, "", limits);
        assert_eq!(
            ran.report.stops.output_limit_hit, over,
            "{bytes}: {:?}",
            ran.report
        );
        if !over {
            assert_eq!(ran.stdout.len() as u64, bytes, "{:?}", ran.report);
            assert_eq!(ran.report.code, Some(0), "{:?}", ran.report);
        }
    }
}

#[test]
fn a_file_in_the_box_may_hold_exactly_the_cap_and_not_one_byte_more() {
    // The box is 64 MiB; the cap on any one file is the output's, 16 MiB.
    let limits = two_seconds();
    for (bytes, allowed) in [
        (limits.output_bytes, true),
        (limits.output_bytes + 1, false),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let source = fixture(
            dir.path(),
            "box_file_exactly.c",
            &[("BYTES", &bytes.to_string())],
        );
        let program = support::own(&compiled(&source, dir.path()), &[]);
        let ran = run(&program, "", limits);
        assert_eq!(ran.report.code, Some(0), "{bytes}: {:?}", ran.report);
        let written: i64 = stdout(&ran).trim().parse().unwrap();
        if allowed {
            assert_eq!(written, bytes as i64, "{:?}", ran.report);
        } else {
            assert!(written < bytes as i64, "{written} of {bytes} bytes written");
        }
    }
}

#[test]
fn honest_programs_recurse_deep_and_use_threads() {
    let dir = tempfile::tempdir().unwrap();
    let program = support::own(&compiled(&hostile("deep_recursion.cpp"), dir.path()), &[]);
    let ran = run(&program, "A\n", two_seconds());
    assert_eq!(stdout(&ran), "A\n", "{:?}", ran.report);
    assert_eq!(ran.report.code, Some(0), "{:?}", ran.report);
}

//! The files layer on isolate's model, attacked: a private root of read-only binds, a box
//! user that owns nothing, a size-capped box that is fresh for every run, a sealed input.
//! Each attack runs as a judge runs it, as the tests' user (root on CI), and again under
//! a spawner started by an ordinary user (`nobody`), where the same hole would exist for
//! that user.
//!
//! The attacks live in `tests/hostile/isolation_probe.c`, which prints `SAFE` when every
//! step failed and names each step that worked otherwise.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use sandbox::Resolved;
use sandbox::for_tests::{Hello, Reply};
use sandbox::{Limits, Request};

use crate::support::{self, as_user, compiled, hostile, over_memory, stdout, two_seconds};

/// The probe, compiled into `dir` (which everyone may read).
fn compiled_probe(dir: &Path) -> PathBuf {
    compiled(&hostile("isolation_probe.c"), dir)
}

/// Runs the probe `count` times on this thread's spawner (as the tests' user), as a judge
/// runs a solution whose command line names `readable` and `hidden`: only the files of
/// `readable` may be read. Returns each run's output.
fn probe_runs(mode: &str, readable: &[&Path], hidden: &[&Path], count: usize) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let probe = compiled_probe(dir.path());
    let mut args = vec![mode.to_owned()];
    args.extend(
        readable
            .iter()
            .chain(hidden)
            .map(|path| path.to_string_lossy().into_owned()),
    );
    let mut files = vec![probe.clone()];
    files.extend(readable.iter().map(|path| path.to_path_buf()));
    let program = Resolved {
        program: probe,
        args,
        readable: files,
    };
    (0..count)
        .map(|_| stdout(&support::run(&program, "x\n", two_seconds())))
        .collect()
}

/// Runs the probe `count` times as the tests' user; each run must print `SAFE`.
fn assert_safe(mode: &str, readable: &[&Path], hidden: &[&Path], count: usize) {
    for output in probe_runs(mode, readable, hidden, count) {
        assert_eq!(output, "SAFE\n", "{mode}");
    }
}

/// Runs the probe under a spawner started as `nobody` (through `setpriv` when the tests
/// run as root); returns the spawner's header and the probe's output.
fn probe_as_nobody(mode: &str, extra: &[&Path]) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let probe = compiled_probe(dir.path());
    std::fs::write(dir.path().join("input"), "x\n").unwrap();
    let mut args = vec![mode.to_owned()];
    args.extend(extra.iter().map(|path| path.to_string_lossy().into_owned()));
    let request = Request {
        program: probe.clone(),
        args,
        stdin: sandbox::Input::File(dir.path().join("input")),
        outputs: sandbox::Outputs::Files {
            stdout: dir.path().join("stdout"),
            stderr: dir.path().join("stderr"),
        },
        readable: vec![probe],
        box_files: Vec::new(),
        collect: None,
        limits: Limits {
            wall_ms: 20_000,
            cpu_ms: 10_000,
            memory_bytes: 256 << 20,
            output_bytes: 1 << 20,
            processes: 16,
            box_bytes: 64 << 20,
        },
    };
    let output = as_user(support::SPAWNER, true)
        .arg("spawner")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            let mut input = child.stdin.take().unwrap();
            writeln!(input, "{}", serde_json::to_string(&request).unwrap())?;
            // The spawner ends its run early if its input closes: keep it open until the
            // reply is there, by reading with the input still held.
            let output = {
                use std::io::BufRead;
                let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
                let hello = lines.next().unwrap()?;
                let reply = lines.next().unwrap()?;
                (hello, reply)
            };
            drop(input);
            child.wait()?;
            Ok(output)
        })
        .unwrap();
    let hello: Hello = serde_json::from_str(&output.0).unwrap();
    let reply: Reply = serde_json::from_str(&output.1).unwrap();
    assert!(matches!(reply, Reply::Ran(_)), "{reply:?}");
    let stdout = std::fs::read_to_string(dir.path().join("stdout")).unwrap();
    (hello.layers.details(), stdout)
}

/// Whether an ordinary user gets a private root on this machine (user namespaces
/// allowed); the tests for that user say so when they skip.
fn ordinary_user_has_a_private_root(header: &str) -> bool {
    if header.contains("files (private root") {
        return true;
    }
    eprintln!("skipped: no private root for an ordinary user here: {header}");
    false
}

#[test]
fn no_file_outside_the_box_can_be_changed_in_mode_owner_times_or_attributes() {
    let repo = support::workspace();
    // A file the command line names, and so is readable: the user's own.
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("watched.txt");
    std::fs::write(&source, "mine\n").unwrap();
    let before = std::fs::metadata(&source).unwrap();
    assert_safe("metadata", &[&source], &[], 1);
    let after = std::fs::metadata(&source).unwrap();
    assert_eq!(before.permissions(), after.permissions());
    assert_eq!(before.modified().unwrap(), after.modified().unwrap());
    assert!(xattr_names(&source).is_empty());
    assert!(xattr_names(&repo.join("testdata")).is_empty());
    let (header, output) = probe_as_nobody("metadata", &[&source]);
    if ordinary_user_has_a_private_root(&header) {
        assert_eq!(output, "SAFE\n", "{header}");
    }
}

/// The names of `path`'s extended attributes.
fn xattr_names(path: &Path) -> String {
    let mut buffer = vec![0u8; 4096];
    let name = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: listxattr writes at most the buffer's length into it.
    let length =
        unsafe { libc::listxattr(name.as_ptr(), buffer.as_mut_ptr().cast(), buffer.len()) };
    buffer.truncate(usize::try_from(length).unwrap_or(0));
    String::from_utf8_lossy(&buffer).into_owned()
}

#[test]
fn the_archive_the_data_and_the_host_do_not_exist_for_the_program() {
    let repo = support::workspace();
    let expected = repo.join("testdata/statues/sample1.out");
    let home = PathBuf::from(std::env::var_os("HOME").unwrap_or_else(|| "/root".into()));
    // The host's /tmp: a file there (the root has a /tmp of its own, read-only and
    // empty but for the mount points of files the command line names).
    let marker = tempfile::NamedTempFile::new().unwrap();
    let temporary = marker.path().to_owned();
    let mut unseen = vec![repo.as_path(), &expected, &temporary];
    // The probe is bound at its own path, in a folder of TMPDIR, so the folders above it
    // exist in the root, empty but for that path: the home folder is one of them when
    // TMPDIR lies inside it (as for a user whose TMPDIR is ~/tmp).
    if !std::env::temp_dir().starts_with(&home) {
        unseen.push(&home);
    }
    // Behind '@': named on the command line, they would be made readable.
    let hidden: Vec<PathBuf> = unseen
        .iter()
        .map(|path| PathBuf::from(format!("@{}", path.display())))
        .collect();
    let paths: Vec<&Path> = hidden.iter().map(PathBuf::as_path).collect();
    assert_safe("invisible", &[], &paths, 1);
    let (header, output) = probe_as_nobody("invisible", &paths);
    if ordinary_user_has_a_private_root(&header) {
        assert_eq!(output, "SAFE\n", "{header}");
    }
}

#[test]
fn the_box_is_capped_in_bytes_and_files() {
    assert_safe("quota", &[], &[], 1);
}

#[test]
fn every_run_starts_in_an_empty_box_whatever_the_last_one_left() {
    // Three runs on one spawner: each finds its box empty, then leaves a 1,500-deep
    // chain, a folder it made unreadable, an open file and a FIFO.
    assert_safe("fresh", &[], &[], 3);
}

#[test]
fn a_box_left_empty_but_marked_is_not_the_next_runs() {
    // An untouched box is kept for the next run; one whose mode, times or attributes a run
    // changed (or that held a file for a moment) is not.
    assert_safe("marks", &[], &[], 3);
}

#[test]
fn no_kernel_knob_is_writable_no_core_reaches_the_host_and_setuid_gains_nothing() {
    assert_safe("kernel", &[], &[], 1);
    let (header, output) = probe_as_nobody("kernel", &[]);
    if ordinary_user_has_a_private_root(&header) {
        assert_eq!(output, "SAFE\n", "{header}");
    }
}

#[test]
fn signals_to_every_process_reach_only_the_programs_own() {
    // kill(-1, SIGKILL) and kill(-1, SIGSTOP) in each of three runs: every run is still
    // judged, by the same worker.
    assert_safe("killall", &[], &[], 3);
}

#[test]
fn files_in_the_box_count_as_the_runs_memory() {
    let dir = tempfile::tempdir().unwrap();
    let probe = compiled_probe(dir.path());
    let budget = 8_000_000;
    let ran = support::run(
        &support::own(&probe, &["memory"]),
        "x\n",
        support::judged_limits(2000, budget),
    );
    if !sandbox::layers().unwrap().accounting.is_active() {
        eprintln!("skipped: no accounting layer on this machine");
        return;
    }
    // The run is over its memory: the writes past the limit fail, or the kernel ends the
    // program for them; either way it never holds the 32 MiB.
    assert!(over_memory(&ran.report, budget), "{:?}", ran.report);
    assert!(ran.report.peak_memory_bytes < 16 << 20, "{:?}", ran.report);
}

#[test]
fn no_priority_real_time_class_terminal_or_unbounded_files() {
    assert_safe("priority", &[], &[], 1);
    let (header, output) = probe_as_nobody("priority", &[]);
    if ordinary_user_has_a_private_root(&header) {
        assert_eq!(output, "SAFE\n", "{header}");
    }
}

/// `tests/hostile/user_counters.c`, compiled into `dir` (which everyone may read).
fn compiled_counters(dir: &Path) -> PathBuf {
    compiled(&hostile("user_counters.c"), dir)
}

/// A spawner of the test's own (as the tests' user, or as `nobody`) with one run of
/// `user_counters` under way: a run that holds what it took lives until this is dropped,
/// which closes the spawner's input (the spawner then kills the run and ends).
struct CounterRun {
    child: std::process::Child,
    input: Option<std::process::ChildStdin>,
    replies: std::io::Lines<std::io::BufReader<std::process::ChildStdout>>,
    header: String,
    stdout: PathBuf,
    _dir: tempfile::TempDir,
}

impl CounterRun {
    fn start(mode: &str, as_nobody: bool) -> CounterRun {
        use std::io::{BufRead, Write};
        let dir = tempfile::tempdir().unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
        let program = compiled_counters(dir.path());
        std::fs::write(dir.path().join("input"), "x\n").unwrap();
        let request = Request {
            program: program.clone(),
            args: vec![mode.to_owned()],
            stdin: sandbox::Input::File(dir.path().join("input")),
            outputs: sandbox::Outputs::Files {
                stdout: dir.path().join("stdout"),
                stderr: dir.path().join("stderr"),
            },
            readable: vec![program],
            box_files: Vec::new(),
            collect: None,
            limits: Limits {
                wall_ms: 60_000,
                cpu_ms: 10_000,
                memory_bytes: 256 << 20,
                output_bytes: 1 << 20,
                processes: 16,
                box_bytes: 64 << 20,
            },
        };
        let mut command = as_user(support::SPAWNER, as_nobody);
        let mut child = command
            .arg("spawner")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        let mut replies = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
        let hello: Hello = serde_json::from_str(&replies.next().unwrap().unwrap()).unwrap();
        writeln!(input, "{}", serde_json::to_string(&request).unwrap()).unwrap();
        input.flush().unwrap();
        CounterRun {
            child,
            input: Some(input),
            replies,
            header: hello.layers.details(),
            stdout: dir.path().join("stdout"),
            _dir: dir,
        }
    }

    /// The run's output, once it ended.
    fn output(&mut self) -> String {
        let reply: Reply = serde_json::from_str(&self.replies.next().unwrap().unwrap()).unwrap();
        assert!(matches!(reply, Reply::Ran(_)), "{reply:?}");
        std::fs::read_to_string(&self.stdout).unwrap()
    }

    /// The first line of a run that holds what it took, once it printed it.
    fn holding(&self) -> String {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while std::time::Instant::now() < deadline {
            let text = std::fs::read_to_string(&self.stdout).unwrap_or_default();
            if text.ends_with('\n') {
                return text;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        panic!("the run printed nothing within 30 s");
    }

    /// Whether the spawner has a user namespace of its own (an ordinary user's, where
    /// the kernel allows it); the tests that need one say so when they skip.
    fn in_a_user_namespace(&self) -> bool {
        let yes = self.header.contains("in a user namespace");
        if !yes {
            eprintln!(
                "skipped: no user namespace for an ordinary user here: {}",
                self.header
            );
        }
        yes
    }
}

impl Drop for CounterRun {
    fn drop(&mut self) {
        drop(self.input.take());
        let _ = self.child.wait();
    }
}

/// The number after the first word of `line` (`"inotify 128 EMFILE"`: 128).
fn count_in(line: &str) -> u64 {
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

fn root_only() -> bool {
    let root = nix::unistd::Uid::effective().is_root();
    if !root {
        eprintln!("skipped: box uids are root's");
    }
    root
}

#[test]
fn workers_side_by_side_run_as_two_uids_and_a_uid_is_free_again_when_its_worker_ends() {
    use sandbox::for_tests::{BOX_UID_BASE, BOX_UIDS, CLAIMS, Claim};
    if !root_only() {
        return;
    }
    // Each spawner was pid 1 of its namespace when it chose: all of them took one uid.
    let mut first = CounterRun::start("uid", false);
    let mut second = CounterRun::start("uid", false);
    let uids: Vec<u32> = [first.output(), second.output()]
        .iter()
        .map(|line| line.trim().strip_prefix("uid ").unwrap().parse().unwrap())
        .collect();
    assert_ne!(uids[0], uids[1]);
    for &uid in &uids {
        assert!(
            (BOX_UID_BASE..BOX_UID_BASE + BOX_UIDS).contains(&uid),
            "{uid}"
        );
        assert!(Claim::is_held(Path::new(CLAIMS), uid), "{uid}");
    }
    drop(first);
    assert!(!Claim::is_held(Path::new(CLAIMS), uids[0]));
    assert!(Claim::is_held(Path::new(CLAIMS), uids[1]));
    drop(second);
    assert!(!Claim::is_held(Path::new(CLAIMS), uids[1]));
}

#[test]
fn a_run_holding_every_inotify_instance_it_can_leaves_other_workers_and_the_host_theirs() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let counters = compiled_counters(dir.path());
    let one_on_the_host = |nobody: bool| {
        let output = as_user(&counters, nobody)
            .arg("inotify_one")
            .output()
            .unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    if root_only() {
        // Measured before: all 128 of the one shared box uid, and the next worker's
        // run got EMFILE.
        let holder = CounterRun::start("inotify_hold", false);
        assert!(
            holder.holding().ends_with(" EMFILE\n"),
            "{}",
            holder.holding()
        );
        let mut other = CounterRun::start("inotify_one", false);
        assert_eq!(other.output(), "inotify ok\n");
        assert_eq!(one_on_the_host(false), "inotify ok\n");
    }
    // An ordinary user's run: capped in its namespace, below the user's own limit.
    let holder = CounterRun::start("inotify_hold", true);
    if holder.in_a_user_namespace() {
        let held = holder.holding();
        let cap = sandbox::for_tests::USER_COUNT_CAPS
            .iter()
            .find(|(name, _)| *name == "max_inotify_instances")
            .unwrap()
            .1;
        assert!(count_in(&held) <= u64::from(cap), "{held}");
        assert_eq!(one_on_the_host(true), "inotify ok\n");
    }
}

#[test]
fn pending_signals_and_posix_timers_are_capped() {
    // Measured before: 96,365 of each, the user's whole allowance on this machine.
    let cap = sandbox::for_tests::PENDING_SIGNALS;
    for nobody in [false, true] {
        for mode in ["signals", "timers"] {
            let line = CounterRun::start(mode, nobody).output();
            let count = count_in(&line);
            assert!((1..=cap).contains(&count), "as nobody: {nobody}: {line}");
            assert!(line.ends_with(" EAGAIN\n"), "{line}");
        }
    }
}

#[test]
fn a_run_holding_its_uid_s_pipe_buffers_leaves_another_worker_s_pipes_whole() {
    if !root_only() {
        return;
    }
    // Past the soft limit of pipe buffers a user's new pipes get 2 pages instead of 16;
    // with one box uid for every worker, one run shrank every other worker's pipes.
    let soft: u64 = std::fs::read_to_string("/proc/sys/fs/pipe-user-pages-soft")
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    if soft == 0 {
        eprintln!("skipped: no soft limit of pipe buffers here");
        return;
    }
    let holder = CounterRun::start("pipes_hold", false);
    let held = holder.holding();
    // Each pipe takes 256 buffers at a time, up to the limit.
    assert!(count_in(&held) + 256 > soft, "{held}");
    let mut other = CounterRun::start("pipe_size", false);
    assert_eq!(other.output(), "pipe 65536\n");
}

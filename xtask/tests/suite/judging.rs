//! The sandbox against hostile programs (`tests/hostile/`), each judged as `verify` and
//! `stress` judge: the attack fails, the verdict is the one a real judge gives, the runner
//! finishes within its caps, and nothing is left behind. Honest programs in Java, node,
//! C++ (deep recursion, threads) stay accepted.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use xtask::fixture::runs;
use xtask::judge::{Judged, Rules, judge_text};
use xtask::solution::{self, CompileError};
use xtask::verify::Verify;

use crate::support;

use support::{fixture, hostile, statues_samples, use_spawner};

/// Judges the solution `spec` on `input` against `expected` under `rules`.
fn judge(spec: &str, input: &str, expected: &str, rules: Rules) -> (Judged, Duration) {
    use_spawner();
    let solution = solution::prepare(spec).unwrap();
    let started = Instant::now();
    let judged = judge_text(&solution.program, input, expected, rules).unwrap();
    (judged, started.elapsed())
}

fn statues_rules() -> Rules {
    Rules::tokens(Duration::from_secs(2), 256_000_000)
}

const STATUES_SAMPLE: &str =
    ".......A\n........\n........\n........\n........\n........\n........\nM.......\n";

#[test]
fn a_cheat_finds_no_expected_answer_and_cannot_overwrite_one() {
    use_spawner();
    let dir = tempfile::tempdir().unwrap();
    let data = statues_samples(dir.path());
    let before = std::fs::read(data.join("sample1.out")).unwrap();
    let cheat = fixture(dir.path(), "cheat.py", &[("DATA", &data.to_string_lossy())]);
    let mut report = Vec::new();
    let tally = Verify {
        crates: vec!["statues".to_owned()],
        data: Some(data.clone()),
        solution: Some(cheat.to_string_lossy().into_owned()),
        ..Verify::default()
    }
    .report(&mut report)
    .unwrap();
    let report = String::from_utf8(report).unwrap();
    assert_eq!((tally.passed, tally.failed), (0, 3), "{report}");
    assert!(report.contains("got 'NOTHING'"), "{report}");
    assert_eq!(std::fs::read(data.join("sample1.out")).unwrap(), before);
}

#[test]
fn the_archive_s_own_test_data_is_out_of_reach_too() {
    let dir = tempfile::tempdir().unwrap();
    let cheat = fixture(dir.path(), "cheat.py", &[("DATA", "/nonexistent")]);
    let (judged, _) = judge(
        &cheat.to_string_lossy(),
        STATUES_SAMPLE,
        "WIN\n",
        statues_rules(),
    );
    assert_eq!(judged.outcome.verdict.code(), "WA", "{judged:?}");
    assert_eq!(judged.received.trim(), "NOTHING");
}

#[test]
fn files_outside_the_box_are_not_created() {
    let dir = tempfile::tempdir().unwrap();
    let tag = format!("{:x}", fastrand::u64(..));
    let repo = xtask::project_root();
    let program = fixture(
        dir.path(),
        "write_outside.py",
        &[("TAG", &tag), ("REPO", &repo.to_string_lossy())],
    );
    let (judged, _) = judge(
        &program.to_string_lossy(),
        "\n",
        "made 0\n",
        statues_rules(),
    );
    assert_eq!(judged.outcome.verdict.code(), "AC", "{judged:?}");
    assert!(!Path::new(&format!("/tmp/escape-{tag}")).exists());
    assert!(!repo.join(format!("testdata/escape-{tag}")).exists());
}

#[test]
fn the_environment_is_a_short_fixed_list() {
    let (judged, _) = judge(
        &hostile("environment.py").to_string_lossy(),
        "",
        "HOME LANG PATH RUST_BACKTRACE TMPDIR\n",
        statues_rules(),
    );
    assert_eq!(judged.outcome.verdict.code(), "AC", "{judged:?}");
}

#[test]
fn no_socket_reaches_loopback() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let dir = tempfile::tempdir().unwrap();
    let program = fixture(dir.path(), "network.py", &[("PORT", &port)]);
    let (judged, _) = judge(
        &program.to_string_lossy(),
        "\n",
        "refused\n",
        statues_rules(),
    );
    assert!(judged.received.starts_with("refused"), "{judged:?}");
    assert!(listener.accept().is_err(), "the program connected");
}

#[test]
fn nothing_the_program_starts_outlives_the_run() {
    let (judged, took) = judge(
        &hostile("escape_processes.c").to_string_lossy(),
        STATUES_SAMPLE,
        "WIN\n",
        statues_rules(),
    );
    assert_eq!(judged.outcome.verdict.code(), "AC", "{judged:?}");
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

#[test]
fn the_judge_can_be_neither_signalled_traced_nor_read() {
    use_spawner();
    let solution = solution::prepare(&hostile("attack_judge.c").to_string_lossy()).unwrap();
    // Every run gets its verdict: the spawner survives each attack.
    for _ in 0..3 {
        let judged = judge_text(
            &solution.program,
            STATUES_SAMPLE,
            "untraced unread\n",
            statues_rules(),
        )
        .unwrap();
        assert_eq!(judged.outcome.verdict.code(), "AC", "{judged:?}");
    }
}

#[test]
fn cpu_time_of_forked_workers_counts() {
    let (judged, _) = judge(
        &hostile("cpu_children.c").to_string_lossy(),
        "",
        "WIN\n",
        Rules::tokens(Duration::from_secs(1), 256_000_000),
    );
    assert_eq!(judged.outcome.verdict.code(), "TLE", "{judged:?}");
    assert!(
        judged.outcome.measurement.cpu > Duration::from_secs(1),
        "{judged:?}"
    );
}

#[test]
fn memory_of_forked_workers_counts() {
    let (judged, _) = judge(
        &hostile("memory_children.c").to_string_lossy(),
        "",
        "WIN\n",
        statues_rules(),
    );
    assert_eq!(judged.outcome.verdict.code(), "MLE", "{judged:?}");
}

#[test]
fn a_touched_2_gib_allocation_is_over_the_memory_limit() {
    let (judged, _) = judge(
        &hostile("big_allocation.c").to_string_lossy(),
        "",
        "1\n",
        statues_rules(),
    );
    assert_eq!(judged.outcome.verdict.code(), "MLE", "{judged:?}");
}

#[test]
fn a_fork_bomb_ends_within_its_caps() {
    let (judged, took) = judge(
        &hostile("fork_bomb.c").to_string_lossy(),
        "",
        "WIN\n",
        statues_rules(),
    );
    assert!(
        ["TLE", "RE"].contains(&judged.outcome.verdict.code()),
        "{judged:?}"
    );
    assert!(took < Duration::from_secs(10), "{took:?}");
}

#[test]
fn exactly_16_mib_of_output_is_allowed_and_one_byte_more_is_not() {
    let dir = tempfile::tempdir().unwrap();
    for (bytes, verdict) in [(16 << 20, "WA"), ((16 << 20) + 1, "OLE")] {
        let source = fixture(
            dir.path(),
            "output_exactly.c",
            &[("BYTES", &bytes.to_string())],
        );
        let (judged, _) = judge(&source.to_string_lossy(), "", "WIN\n", statues_rules());
        assert_eq!(
            judged.outcome.verdict.code(),
            verdict,
            "{bytes}: {judged:?}"
        );
    }
}

#[test]
fn an_idle_program_is_over_time() {
    // Sleeping 4.5 s under a 2 s limit uses no CPU, and is still too slow.
    let (judged, _) = judge("sleep 4.5", "", "WIN\n", statues_rules());
    assert_eq!(judged.outcome.verdict.code(), "TLE", "{judged:?}");
    assert!(judged.outcome.verdict.detail().unwrap().starts_with("idle"));
}

#[test]
fn escape_sequences_from_the_program_are_shown_escaped() {
    let (judged, _) = judge(
        &hostile("terminal_escapes.py").to_string_lossy(),
        "",
        "WIN\n",
        statues_rules(),
    );
    let detail = judged.outcome.verdict.detail().unwrap().to_owned();
    assert!(
        !detail.contains('\x1b') && detail.contains("\\x1b[2K"),
        "{detail}"
    );
    let row = xtask::report::row("statues", "sample1", 10, &judged.outcome);
    assert!(!row.contains('\x1b') && !row.contains('\r'), "{row:?}");
}

#[test]
fn honest_programs_recurse_deep_and_use_threads() {
    let (judged, _) = judge(
        &hostile("deep_recursion.cpp").to_string_lossy(),
        "A\n",
        "A\n",
        statues_rules(),
    );
    assert_eq!(judged.outcome.verdict.code(), "AC", "{judged:?}");
}

/// The compile error of `source`, which must not compile.
fn compile_error(source: &Path) -> String {
    use_spawner();
    let error = solution::prepare(&source.to_string_lossy()).unwrap_err();
    error
        .downcast_ref::<CompileError>()
        .unwrap_or_else(|| panic!("{error:#}"))
        .messages
        .clone()
}

#[test]
fn the_compiler_cannot_show_a_secret_file() {
    for source in ["include_shadow.cpp", "include_str.rs"] {
        let messages = compile_error(&hostile(source));
        assert!(!messages.contains("root:"), "{source}: {messages}");
    }
    let dir = tempfile::tempdir().unwrap();
    let expected = xtask::project_root().join("testdata/statues/sample1.out");
    let source = dir.path().join("include_answer.cpp");
    std::fs::write(&source, format!("#include \"{}\"\n", expected.display())).unwrap();
    let messages = compile_error(&source);
    assert!(!messages.contains("WIN"), "{messages}");
}

#[test]
fn an_endless_include_is_stopped_and_a_flood_of_messages_cut() {
    let started = Instant::now();
    let messages = compile_error(&hostile("include_zero.cpp"));
    assert!(started.elapsed() < Duration::from_secs(40), "{messages}");
    let messages = compile_error(&hostile("includes_itself.cpp"));
    assert!(messages.len() < 70 << 10, "{} bytes", messages.len());
    assert!(messages.contains("more bytes cut"), "{messages}");
}

#[test]
fn honest_solutions_in_c_rust_java_and_node_are_accepted() {
    use_spawner();
    let solutions = xtask::project_root().join("xtask/tests/solutions");
    // Sources, judged as judges judge them: node runs the .js, javac compiles the .java.
    let mut specs: Vec<String> = ["statues.js", "statues.c", "statues.rs", "Main.java"]
        .iter()
        .map(|name| solutions.join(name).to_string_lossy().into_owned())
        .collect();
    // And a command line naming a folder of classes: the class path is readable.
    let classes = tempfile::tempdir().unwrap();
    let javac = std::process::Command::new("javac")
        .arg("-d")
        .arg(classes.path())
        .arg(solutions.join("Main.java"))
        .status();
    assert!(
        javac.as_ref().is_ok_and(|s| s.success()),
        "javac: {javac:?}"
    );
    specs.push(format!("java -cp {} Main", classes.path().display()));
    for spec in specs {
        let mut report = Vec::new();
        let tally = Verify {
            crates: vec!["statues".to_owned()],
            solution: Some(spec.clone()),
            ..Verify::default()
        }
        .report(&mut report)
        .unwrap();
        let report = String::from_utf8(report).unwrap();
        assert_eq!(tally.failed, 0, "{spec}: {report}");
    }
}

#[test]
fn every_layer_expected_here_is_active() {
    use_spawner();
    let layers = xtask::sandbox::client::layers().unwrap();
    // What a machine has is its own: CI states what each of its machines must have
    // (every layer, unless $XTASK_EXPECT_LAYERS says otherwise); elsewhere the header is
    // shown, and each missing layer carries its reason.
    eprintln!("{}", layers.header());
    let unmet = layers.unmet(&xtask::sandbox::layers::expected_here());
    assert!(
        unmet.is_empty(),
        "{}; {}",
        unmet.join(", "),
        layers.header()
    );
}

/// Runs `xtask spawner` as the unprivileged user `nobody` (through `setpriv` when the
/// tests run as root; as the tests' own user otherwise) on one request; returns its hello
/// line and its reply.
fn spawner_as_nobody(request: &xtask::sandbox::Request) -> (String, String) {
    use std::io::{BufRead, Write};
    let root = nix::unistd::Uid::effective().is_root();
    let mut command = if root {
        let mut command = std::process::Command::new("setpriv");
        command.args(["--reuid", "65534", "--regid", "65534", "--clear-groups"]);
        command.arg(env!("CARGO_BIN_EXE_xtask"));
        command
    } else {
        std::process::Command::new(env!("CARGO_BIN_EXE_xtask"))
    };
    let mut child = command
        .arg("spawner")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The request's end of input stays open until the reply is read: a closed input
    // tells the spawner its runner is gone.
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{}", serde_json::to_string(request).unwrap()).unwrap();
    stdin.flush().unwrap();
    let mut replies = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let hello = replies.next().unwrap().unwrap();
    let reply = replies.next().unwrap().unwrap();
    drop(stdin);
    child.wait().unwrap();
    (hello, reply)
}

#[test]
fn an_ordinary_user_gets_every_layer_the_kernel_allows_and_is_told_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("input"), "hello\n").unwrap();
    // nobody must be able to enter the folder, read the input and write the outputs.
    for path in [dir.path(), &dir.path().join("input")] {
        let _ = nix::unistd::chown(path, Some(65534.into()), Some(65534.into()));
    }
    let request = xtask::sandbox::Request {
        program: PathBuf::from("/bin/cat"),
        args: Vec::new(),
        stdin: xtask::sandbox::Input::File(dir.path().join("input")),
        outputs: xtask::sandbox::Outputs::Files {
            stdout: dir.path().join("stdout"),
            stderr: dir.path().join("stderr"),
        },
        readable: vec![PathBuf::from("/bin/cat")],
        box_files: Vec::new(),
        collect: None,
        limits: xtask::sandbox::Limits {
            wall_ms: 5000,
            cpu_ms: 2000,
            memory_bytes: 64 << 20,
            output_bytes: 1 << 20,
            processes: 16,
            box_bytes: 1 << 20,
        },
    };
    let (hello, reply) = spawner_as_nobody(&request);
    let hello: xtask::sandbox::server::Hello = serde_json::from_str(&hello).unwrap();
    let header = hello.layers.header();
    eprintln!("{header}");
    // Landlock and seccomp need no privilege: where the kernel has them, they are active
    // (Landlock only partly before Linux 6.12), with a private root where user
    // namespaces are allowed (isolation.rs attacks it as this user).
    assert!(header.starts_with("sandbox: files ("), "{header}");
    assert!(header.contains("landlock"), "{header}");
    assert!(header.contains("network (namespace, seccomp)"), "{header}");
    // A cgroup is the user's only where it was delegated to them (cgroup v2); otherwise
    // the layer is missing, with the reason and what would give it.
    match &hello.layers.accounting {
        xtask::sandbox::Layer::Active(how) => assert_eq!(how, "cgroup v2", "{header}"),
        xtask::sandbox::Layer::Missing(_) if xtask::sandbox::cgroup::unified() => assert!(
            header.contains("systemd-run --user --scope -p Delegate=yes"),
            "{header}"
        ),
        xtask::sandbox::Layer::Missing(_) => {
            assert!(header.contains("only root may make groups"), "{header}");
        }
    }
    let reply: xtask::sandbox::server::Reply = serde_json::from_str(&reply).unwrap();
    assert!(
        matches!(&reply, xtask::sandbox::server::Reply::Ran(report) if report.code == Some(0)),
        "{reply:?}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("stdout")).unwrap(),
        "hello\n"
    );
}

#[test]
fn ctrl_c_kills_the_run_and_leaves_no_file() {
    use std::os::unix::process::CommandExt;
    let target = tempfile::tempdir().unwrap();
    let temporary = target.path().join("tmp");
    std::fs::create_dir(&temporary).unwrap();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_xtask"))
        // A duration no other program on a shared machine sleeps: the check below looks for
        // it among every process of the host (`sleep 30` of another user failed it once).
        .args(["verify", "statues", "--solution", "sleep 30.0613"])
        .env("CARGO_TARGET_DIR", target.path())
        .env("TMPDIR", &temporary)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .process_group(0)
        .spawn()
        .unwrap();
    // Wait until the first run is under way.
    let deadline = Instant::now() + Duration::from_secs(60);
    while !runs(&["sleep", "30.0613"]) {
        assert!(Instant::now() < deadline, "verify never started a run");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(300));
    let group = nix::unistd::Pid::from_raw(-i32::try_from(child.id()).unwrap());
    let interrupted = Instant::now();
    nix::sys::signal::kill(group, nix::sys::signal::Signal::SIGINT).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        interrupted.elapsed() < Duration::from_secs(3),
        "{:?}",
        interrupted.elapsed()
    );
    assert_eq!(output.status.code(), Some(130), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("interrupted"), "{stderr}");
    assert!(!stderr.contains("Broken pipe"), "{stderr}");
    // The runs' output was in memory; the private root's folder goes with its spawner.
    let deadline = Instant::now() + Duration::from_secs(3);
    let left = || {
        std::fs::read_dir(&temporary)
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect::<Vec<_>>()
    };
    while !left().is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(left(), Vec::<std::ffi::OsString>::new());
    // A worker still starting when Ctrl-C came ends its run when it finds its runner
    // gone: allow it a second.
    let deadline = Instant::now() + Duration::from_secs(1);
    while runs(&["sleep", "30.0613"]) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        !runs(&["sleep", "30.0613"]),
        "the run outlived Ctrl-C by a second"
    );
}

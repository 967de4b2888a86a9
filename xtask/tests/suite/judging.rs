//! Judging in the sandbox: the verdicts and reports of programs that misbehave (the output
//! cap's line, an idle program, escape sequences in what it prints), compilers kept from
//! secret files and stopped on endless includes, honest solutions in C, Rust, Java, node,
//! Python and threaded C++ accepted, and Ctrl-C of `verify`. The attacks on the sandbox
//! itself are the sandbox crate's own tests (`crates/sandbox/tests/suite/`).

use std::path::Path;
use std::time::{Duration, Instant};

use xtask::fixture::runs;
use xtask::judge::{Judged, Rules, judge_text};
use xtask::solution::{self, CompileError};
use xtask::verify::Verify;

use crate::support;

use support::{fixture, hostile, sandbox_hostile, use_spawner};

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

#[test]
fn exactly_16_mib_of_output_is_allowed_and_one_byte_more_is_not() {
    let dir = tempfile::tempdir().unwrap();
    for (bytes, verdict) in [(16 << 20, "WA"), ((16 << 20) + 1, "OLE")] {
        let source = fixture(
            dir.path(),
            &sandbox_hostile("output_exactly.c"),
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
    // statues' samples, WIN and LOSE: every statues input is an 8 x 8 board, so the other
    // files ask nothing more of a runtime in the sandbox (each cost a JVM's start, 20 s
    // for the five programs).
    for spec in specs {
        let mut report = Vec::new();
        let tally = Verify {
            crates: vec!["statues".to_owned()],
            solution: Some(spec.clone()),
            tests: vec!["sample".to_owned()],
            ..Verify::default()
        }
        .report(&mut report)
        .unwrap();
        let report = String::from_utf8(report).unwrap();
        assert_eq!((tally.passed, tally.failed), (3, 0), "{spec}: {report}");
    }
}

#[test]
fn honest_python_and_threaded_cpp_are_accepted() {
    let solutions = xtask::project_root().join("xtask/tests/solutions");
    let dir = tempfile::tempdir().unwrap();
    let samples = support::statues_samples(dir.path());
    let (passed, failed, report) = support::verify_statues(
        &solutions.join("statues.py").to_string_lossy(),
        Some(samples),
    );
    assert_eq!((passed, failed), (3, 0), "{report}");
    let (judged, _) = judge(
        &sandbox_hostile("deep_recursion.cpp").to_string_lossy(),
        "A\n",
        "A\n",
        statues_rules(),
    );
    assert_eq!(judged.outcome.verdict.code(), "AC", "{judged:?}");
}

/// An honest Java program that goes through `java.nio` (as javac does for every source
/// file): NIO's file channels make a UNIX stream socket pair once, which must be allowed.
const NIO_ECHO: &str = r#"
import java.nio.file.Files;
import java.nio.file.Path;

public class NioEcho {
    public static void main(String[] args) throws Exception {
        String input = new String(System.in.readAllBytes());
        Path copy = Path.of("copy.txt"); // in the box, the working folder
        Files.writeString(copy, input);
        System.out.print(Files.readString(copy));
    }
}
"#;

#[test]
fn honest_java_reading_files_through_nio_is_accepted() {
    let classes = tempfile::tempdir().unwrap();
    let source = classes.path().join("NioEcho.java");
    std::fs::write(&source, NIO_ECHO).unwrap();
    let javac = std::process::Command::new("javac")
        .arg("-d")
        .arg(classes.path())
        .arg(&source)
        .status()
        .unwrap();
    assert!(javac.success(), "javac: {javac:?}");
    let spec = format!("java -cp {} NioEcho", classes.path().display());
    let (judged, _) = judge(&spec, "A\n", "A\n", statues_rules());
    assert_eq!(judged.outcome.verdict.code(), "AC", "{judged:?}");
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

#[test]
fn verify_refuses_a_machine_without_a_layer_it_is_expected_to_have() {
    // CI states what each machine has ($XTASK_EXPECT_LAYERS); a judge that lacks it says
    // so and judges nothing, rather than giving verdicts the machine cannot back.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["verify", "statues", "--test", "sample1"])
        .env("XTASK_EXPECT_LAYERS", "files,sound")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.starts_with("sandbox: "), "{stdout}");
    assert!(stderr.contains("sound (no such layer)"), "{stderr}");
    assert!(!stdout.contains("passed"), "{stdout}");
}

//! What a solution can reach before it runs and what the report shows after: attacks on
//! the way `--solution` is resolved (a script named like an interpreter, a `rustc` in a
//! `bin/` folder, a link to a fake rustup, a class path holding the archive) and on the
//! report (an 8 MiB line of stderr, bidi marks and line separators, a forged closing line
//! of `stress`). Each attack fails: nothing the user names runs outside the sandbox,
//! nothing beyond what the spec names becomes readable, and no program output passes for
//! a line of the report.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use xtask::judge::{Rules, judge_text};
use xtask::solution;

const XTASK: &str = env!("CARGO_BIN_EXE_xtask");

fn use_spawner() {
    xtask::sandbox::use_spawner(Path::new(XTASK));
}

fn hostile(name: &str) -> PathBuf {
    xtask::project_root().join("xtask/tests/hostile").join(name)
}

/// The fixture `name` with `@KEY@` replaced, written to `path` as an executable.
fn install(name: &str, path: &Path, replacements: &[(&str, &str)]) {
    use std::os::unix::fs::PermissionsExt;
    let mut text = std::fs::read_to_string(hostile(name)).unwrap();
    for (key, value) in replacements {
        text = text.replace(&format!("@{key}@"), value);
    }
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn statues_rules() -> Rules {
    Rules::tokens(Duration::from_secs(2), 256_000_000)
}

/// A place outside every box: a secret to read, and where a fake interpreter leaves its
/// marker when it runs unsandboxed.
struct Outside {
    dir: tempfile::TempDir,
}

impl Outside {
    fn new() -> Outside {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("shadow"),
            "root:$6$SECRET:19000:0:99999:7:::\n",
        )
        .unwrap();
        Outside { dir }
    }

    fn replacements(&self, answer: &str) -> Vec<(&'static str, String)> {
        vec![
            ("MARKER", self.marker().to_string_lossy().into_owned()),
            (
                "SECRET",
                self.dir
                    .path()
                    .join("shadow")
                    .to_string_lossy()
                    .into_owned(),
            ),
            ("ANSWER", answer.to_owned()),
        ]
    }

    fn marker(&self) -> PathBuf {
        self.dir.path().join("ran-outside-the-sandbox")
    }
}

/// Prepares `spec`, which must be refused, and checks that the fake never ran outside.
fn refused(spec: &str, outside: &Outside) -> String {
    use_spawner();
    let error = solution::prepare(spec).expect_err(spec);
    let said = format!("{error:#}");
    assert!(
        !outside.marker().exists(),
        "{spec} ran outside the sandbox: {said}"
    );
    assert!(!said.contains("SECRET"), "{said}");
    said
}

fn install_answering(outside: &Outside, path: &Path, answer: &str) {
    let replacements = outside.replacements(answer);
    let replacements: Vec<(&str, &str)> = replacements
        .iter()
        .map(|(key, value)| (*key, value.as_str()))
        .collect();
    install("answers_root.sh", path, &replacements);
}

#[test]
fn a_script_named_python3_is_asked_only_inside_the_sandbox_and_its_answer_refused() {
    let outside = Outside::new();
    let place = tempfile::tempdir().unwrap();
    let python = place.path().join("python3");
    install_answering(&outside, &python, "/");
    let said = refused(&python.to_string_lossy(), &outside);
    assert!(said.contains("asked from inside the sandbox"), "{said}");
    assert!(said.contains("answered `/`"), "{said}");
    assert!(said.contains("root folder"), "{said}");
    let said = refused(&format!("{} -c pass", python.display()), &outside);
    assert!(said.contains("root folder"), "{said}");
    // Answering the archive (or a folder around it) is refused as well.
    let archive = xtask::project_root();
    install_answering(&outside, &python, &archive.to_string_lossy());
    let said = refused(&python.to_string_lossy(), &outside);
    assert!(said.contains("contains the archive"), "{said}");
    let parent = archive.parent().unwrap();
    install_answering(&outside, &python, &parent.to_string_lossy());
    let said = refused(&python.to_string_lossy(), &outside);
    assert!(said.contains("contains the archive"), "{said}");
}

#[test]
fn a_rustc_in_a_bin_folder_is_asked_only_inside_the_sandbox_and_its_answer_refused() {
    let outside = Outside::new();
    let place = tempfile::tempdir().unwrap();
    let rustc = place.path().join("toolchain/bin/rustc");
    install_answering(&outside, &rustc, "/");
    let said = refused(&rustc.to_string_lossy(), &outside);
    assert!(said.contains("answered `/`"), "{said}");
    // A sysroot-like answer without `lib/rustlib/` is no sysroot.
    let toolchain = place.path().join("toolchain");
    install_answering(&outside, &rustc, &toolchain.to_string_lossy());
    let said = refused(&rustc.to_string_lossy(), &outside);
    assert!(said.contains("lib/rustlib/"), "{said}");
}

#[test]
fn a_link_named_rustc_to_a_fake_rustup_is_asked_only_inside_the_sandbox() {
    let outside = Outside::new();
    let place = tempfile::tempdir().unwrap();
    let rustup = place.path().join("rustup");
    install_answering(&outside, &rustup, "/");
    let rustc = place.path().join("links/rustc");
    std::fs::create_dir_all(rustc.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(&rustup, &rustc).unwrap();
    let said = refused(&rustc.to_string_lossy(), &outside);
    assert!(said.contains("answered `/`"), "{said}");
}

/// rustup's real proxy is never run: its toolchain is found from rustup's own files, and
/// only that toolchain becomes readable.
#[test]
fn rustup_s_rustc_is_found_from_its_layout_and_runs_in_the_box() {
    use_spawner();
    let solution = solution::prepare("rustc --version").unwrap();
    let program = &solution.program;
    let sysroot = program.program.parent().unwrap().parent().unwrap();
    assert!(sysroot.join("lib/rustlib").is_dir(), "{program:?}");
    assert!(
        program
            .readable
            .iter()
            .all(|path| path == sysroot || path.starts_with("/usr")),
        "{program:?}"
    );
    let judged = judge_text(program, "", "rustc", statues_rules()).unwrap();
    assert!(judged.received.starts_with("rustc 1."), "{judged:?}");
}

/// pyenv's shim is never run either: the version it would pick is found from pyenv's
/// files; `python3` and a `.py` source run in the box.
#[test]
fn pyenv_s_python3_is_found_from_its_layout_and_runs_in_the_box() {
    use_spawner();
    let solution = solution::prepare("python3 -c 'import sys; print(sys.prefix)'").unwrap();
    let program = &solution.program;
    let judged = judge_text(program, "", "x", statues_rules()).unwrap();
    let prefix = PathBuf::from(judged.received.trim());
    assert!(
        program.readable.contains(&prefix) || prefix.starts_with("/usr"),
        "{judged:?} {program:?}"
    );
    assert!(program.readable.len() <= 2, "{program:?}");
}

/// A venv's python runs as itself (so that it finds its `pyvenv.cfg`), with the venv and
/// the installation its `home` names readable, and nothing else.
#[test]
fn a_venv_s_python_reads_its_venv_and_its_base_installation_only() {
    use_spawner();
    let base = solution::prepare("python3").unwrap().program;
    let place = tempfile::tempdir().unwrap();
    let venv = place.path().join("venv");
    let made = Command::new(&base.program)
        .args(["-m", "venv", "--without-pip"])
        .arg(&venv)
        .output()
        .unwrap();
    assert!(made.status.success(), "{}", text(&made));
    let spec = format!(
        "{}/bin/python3 -c 'import sys; print(sys.prefix); print(sys.base_prefix)'",
        venv.display()
    );
    let solution = solution::prepare(&spec).unwrap();
    let venv = std::fs::canonicalize(&venv).unwrap();
    let judged = judge_text(&solution.program, "", "x", statues_rules()).unwrap();
    let printed: Vec<PathBuf> = judged.received.lines().map(PathBuf::from).collect();
    assert_eq!(printed.len(), 2, "{judged:?}");
    assert_eq!(
        std::fs::canonicalize(&printed[0]).unwrap(),
        venv,
        "{judged:?}"
    );
    let mut expected = vec![venv, printed[1].clone()];
    expected.retain(|folder| !folder.starts_with("/usr"));
    expected.sort();
    assert_eq!(solution.program.readable, expected, "{judged:?}");
}

/// A wrapper the layouts do not explain is asked from inside the box; an answer naming
/// the system's own Python adds nothing to what it may read.
#[test]
fn a_wrapper_around_the_system_python_is_asked_in_the_box_and_needs_nothing_more() {
    use std::os::unix::fs::PermissionsExt;
    use_spawner();
    let place = tempfile::tempdir().unwrap();
    let wrapper = place.path().join("python3");
    std::fs::write(&wrapper, "#!/bin/sh\nexec /usr/bin/python3 \"$@\"\n").unwrap();
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let solution = solution::prepare(&format!("{} -c 'print(6 * 7)'", wrapper.display())).unwrap();
    assert_eq!(
        solution.program.readable,
        [std::fs::canonicalize(&wrapper).unwrap()]
    );
    let judged = judge_text(&solution.program, "", "42\n", statues_rules()).unwrap();
    assert_eq!(judged.outcome.verdict.code(), "AC", "{judged:?}");
}

#[test]
fn a_program_in_a_bin_folder_reads_nothing_beside_it() {
    use std::os::unix::fs::PermissionsExt;
    use_spawner();
    let place = tempfile::tempdir().unwrap();
    let secret = place.path().join("sample1.out");
    std::fs::write(&secret, "WIN\n").unwrap();
    let program = place.path().join("bin/sol");
    std::fs::create_dir_all(program.parent().unwrap()).unwrap();
    std::fs::write(
        &program,
        format!(
            "#!/bin/sh\ncat '{}' 2>/dev/null || echo NOTHING\n",
            secret.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
    let solution = solution::prepare(&program.to_string_lossy()).unwrap();
    assert_eq!(
        solution.program.readable,
        [std::fs::canonicalize(&program).unwrap()]
    );
    let judged = judge_text(&solution.program, "", "NOTHING\n", statues_rules()).unwrap();
    assert_eq!(judged.outcome.verdict.code(), "AC", "{judged:?}");
}

#[test]
fn a_class_path_holding_the_archive_the_data_or_home_is_refused_with_the_way_out() {
    let root = xtask::project_root();
    let run = Command::new(XTASK)
        .args(["verify", "statues", "--solution", "java -cp . Main"])
        .current_dir(&root)
        .output()
        .unwrap();
    let said = text(&run);
    assert!(!run.status.success(), "{said}");
    assert!(said.contains("class path folder"), "{said}");
    assert!(said.contains("contains the archive"), "{said}");
    assert!(said.contains("--solution Main.java"), "{said}");
    assert!(!said.contains(" passed, 0 failed"), "{said}");
    // The data folder judged on, and the home folder, are refused the same way.
    let data = tempfile::tempdir().unwrap();
    let testdata = root.join("testdata/statues");
    for file in ["sample1.in", "sample1.out"] {
        std::fs::copy(testdata.join(file), data.path().join(file)).unwrap();
    }
    let folder = data.path().to_string_lossy();
    let spec = format!("java -cp {folder} Main");
    let run = Command::new(XTASK)
        .args(["verify", "statues", "--data", &folder, "--solution", &spec])
        .output()
        .unwrap();
    let said = text(&run);
    assert!(said.contains("the test data"), "{said}");
    let home = std::env::var("HOME").unwrap();
    let said = format!(
        "{:#}",
        solution::prepare(&format!("java -cp {home} Main")).unwrap_err()
    );
    assert!(said.contains("home folder"), "{said}");
}

#[test]
fn a_java_source_is_compiled_with_javac_and_run_as_its_class() {
    let source = xtask::project_root().join("xtask/tests/solutions/Main.java");
    let run = Command::new(XTASK)
        .args(["verify", "statues", "--solution", &source.to_string_lossy()])
        .output()
        .unwrap();
    let said = text(&run);
    assert!(run.status.success(), "{said}");
    assert!(
        said.contains("compiling: javac -encoding UTF-8 -d CLASSES"),
        "{said}"
    );
    assert!(said.contains(" passed, 0 failed"), "{said}");
}

/// Judges the fixture `name` on a statues sample.
fn judged_fixture(name: &str) -> xtask::judge::Judged {
    use_spawner();
    let solution = solution::prepare(&hostile(name).to_string_lossy()).unwrap();
    judge_text(&solution.program, "........\n", "WIN\n", statues_rules()).unwrap()
}

#[test]
fn an_8_mib_line_of_stderr_is_cut_to_a_few_hundred_bytes_with_a_note() {
    let judged = judged_fixture("stderr_long_line.py");
    assert_eq!(judged.outcome.verdict.code(), "RE", "{:?}", judged.outcome);
    let row = xtask::report::row("statues", "sample1", 10, &judged.outcome);
    assert!(row.len() < 1024, "{} bytes: {row}", row.len());
    let cut = (8 << 20) - xtask::verdict::order::STDERR_LINE_SHOWN;
    assert!(
        row.contains(&format!("[... {cut} more bytes of this line cut]")),
        "{row}"
    );
    assert_eq!(row.lines().count(), 2, "{row}");
}

#[test]
fn bidi_marks_and_line_separators_in_stderr_are_escaped() {
    let judged = judged_fixture("stderr_bidi.py");
    assert_eq!(judged.outcome.verdict.code(), "RE", "{:?}", judged.outcome);
    let row = xtask::report::row("statues", "sample1", 10, &judged.outcome);
    for hidden in [
        '\u{202e}', '\u{202c}', '\u{2028}', '\u{2029}', '\u{0085}', '\u{200e}', '\u{200f}',
        '\u{061c}', '\u{2066}', '\u{2069}',
    ] {
        assert!(!row.contains(hidden), "{hidden:?} in {row:?}");
    }
    assert!(
        row.contains("\\u{2028}statues  sample1  AC\\u{2029}"),
        "{row}"
    );
    assert_eq!(row.lines().count(), 2, "{row}");
}

#[test]
fn a_forged_closing_line_of_stress_is_marked_as_the_program_s_output() {
    let out = tempfile::tempdir().unwrap();
    let run = Command::new(XTASK)
        .args([
            "stress",
            "statues",
            "--solution",
            &hostile("forged_stress_line.py").to_string_lossy(),
            "--cases",
            "3",
            "--jobs",
            "1",
            "--seed",
            "5",
            "--out",
            &out.path().to_string_lossy(),
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{}", text(&run));
    let closing: Vec<&str> = stdout
        .lines()
        .filter(|line| line.starts_with("stress:"))
        .collect();
    assert_eq!(closing.len(), 1, "{stdout}");
    assert!(
        closing[0].starts_with("stress: case 0 failed (1 cases run)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("--- program's output (each line marked `  |`):\n  | stress: 300 cases"),
        "{stdout}"
    );
}

#[test]
fn a_class_path_in_the_build_folder_is_refused() {
    // The build folder holds every exported package's answers (`cargo xtask package`):
    // `java -cp CLASSES:<archive>/target Main` read them and passed without solving.
    use_spawner();
    let classes = tempfile::tempdir().unwrap();
    let target = xtask::build::target_dir(&xtask::project_root()).unwrap();
    let spec = format!(
        "java -cp {}:{} Main",
        classes.path().display(),
        target.display()
    );
    let error = solution::prepare(&spec).expect_err(&spec);
    let said = format!("{error:#}");
    assert!(said.contains("the build folder"), "{said}");
    let packages = xtask::project_root().join("packages/statues");
    let spec = format!("java -cp {} Main", packages.display());
    let said = format!("{:#}", solution::prepare(&spec).expect_err(&spec));
    assert!(said.contains("is in the problem packages"), "{said}");
}

//! `cargo xtask verify --solution`: the crates' own binaries, solutions in other
//! languages given as source files or as the command lines that run them, a solution that
//! does not compile, and the binaries found wherever cargo's target directory is.

use std::path::{Path, PathBuf};
use std::process::Command;

use problems::PROBLEMS;
use xtask::build::{self, Executables};
use xtask::solution::{self, CompileError};
use xtask::verify::{Tally, Verify};

fn solutions_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/solutions")
}

fn release_binaries() -> Executables {
    build::release_every_problem(build::Targets::Binaries).expect("the solvers build")
}

/// Verifies `crate_name` with `solution`; returns the tally and the report's text.
fn verify(crate_name: &str, solution: &str) -> (anyhow::Result<Tally>, String) {
    let mut report = Vec::new();
    let result = Verify {
        crates: vec![crate_name.to_owned()],
        solution: Some(solution.to_owned()),
        ..Verify::default()
    }
    .report(&mut report);
    (result, String::from_utf8(report).unwrap())
}

#[test]
fn every_crates_own_binary_given_as_a_solution_passes() {
    xtask::sandbox::use_spawner(Path::new(env!("CARGO_BIN_EXE_xtask")));
    let executables = release_binaries();
    for &problem in PROBLEMS {
        let binary = executables.get(problem.name()).unwrap();
        let (tally, report) = verify(problem.name(), &binary.to_string_lossy());
        let tally = tally.unwrap();
        assert_eq!(tally.failed, 0, "{report}");
        assert!(tally.passed > 10, "{report}");
    }
}

#[test]
fn a_python_source_file_is_run_with_python3_and_judged() {
    xtask::sandbox::use_spawner(Path::new(env!("CARGO_BIN_EXE_xtask")));
    let source = solutions_folder().join("statues.py");
    let (tally, report) = verify("statues", &source.to_string_lossy());
    let tally = tally.unwrap();
    assert_eq!(tally.failed, 0, "{report}");
    assert!(report.ends_with(&format!("{} passed, 0 failed\n", tally.passed)));
}

/// Verifies statues' samples with `spec`, which must pass them all. The tests of how a
/// command line is read need no more: an interpreter judged on all 80 files took 5 s
/// each time (`a_python_source_file_is_run_with_python3_and_judged` and the README's
/// example judge every file).
fn passes_statues(spec: &str) {
    xtask::sandbox::use_spawner(Path::new(env!("CARGO_BIN_EXE_xtask")));
    let mut report = Vec::new();
    let tally = Verify {
        crates: vec!["statues".to_owned()],
        solution: Some(spec.to_owned()),
        tests: vec!["sample".to_owned()],
        ..Verify::default()
    }
    .report(&mut report);
    let report = String::from_utf8(report).unwrap();
    let tally = tally.unwrap_or_else(|error| panic!("{spec}: {error:#}\n{report}"));
    assert_eq!(tally.failed, 0, "{report}");
    assert!(tally.passed >= 2, "{report}");
}

/// A command line whose last word is a source file is the command line, not the file.
#[test]
fn an_interpreter_command_line_ending_in_a_source_file_is_run_as_typed() {
    for (interpreter, file) in [("python3", "statues.py"), ("node", "statues.js")] {
        let source = solutions_folder().join(file);
        let spec = format!(
            "{interpreter} {}",
            shell_words::quote(&source.to_string_lossy())
        );
        passes_statues(&spec);
    }
}

/// As typed in a shell, from the folder holding the program: the measured failure was
/// `the source file python3 statues.py does not exist`.
#[test]
fn verify_statues_judges_python3_and_a_relative_file_as_a_command_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        solutions_folder().join("statues.py"),
        dir.path().join("statues.py"),
    )
    .unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["verify", "statues", "--solution", "python3 statues.py"])
        .args(["--test", "sample"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(!said.contains("does not exist"), "{said}");
    assert!(run.status.success(), "{said}");
    assert!(said.contains(" passed, 0 failed"), "{said}");
}

/// A path with spaces is one word when quoted inside the spec: a source file, or an
/// argument of a command line.
#[test]
fn a_quoted_path_with_spaces_is_one_source_file_or_one_argument() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("my solutions");
    std::fs::create_dir(&folder).unwrap();
    let source = folder.join("statues.py");
    std::fs::copy(solutions_folder().join("statues.py"), &source).unwrap();
    let quoted = shell_words::quote(&source.to_string_lossy()).into_owned();
    assert!(quoted.starts_with('\''), "{quoted}");
    passes_statues(&quoted);
    passes_statues(&format!("python3 {quoted}"));
}

#[test]
fn a_wrong_cpp_source_file_is_compiled_and_its_failures_named() {
    xtask::sandbox::use_spawner(Path::new(env!("CARGO_BIN_EXE_xtask")));
    let source = solutions_folder().join("ladders_always_climbs.cpp");
    let (tally, report) = verify("ladders", &source.to_string_lossy());
    let tally = tally.unwrap();
    assert!(tally.failed > 0 && tally.passed > 0, "{report}");
    // The sample built against forced climbing is among the failures, with both values.
    let sample3 = report
        .lines()
        .position(|line| line.starts_with("ladders") && line.contains(" sample3 "))
        .expect("a row for sample3");
    let lines: Vec<&str> = report.lines().collect();
    assert!(lines[sample3].contains(" WA "), "{}", lines[sample3]);
    assert!(
        lines[sample3 + 1].contains("expected 15.9047592939, got 19.2486841895"),
        "{}",
        lines[sample3 + 1]
    );
}

#[test]
fn a_source_that_does_not_compile_is_a_compile_error_with_the_compilers_message() {
    xtask::sandbox::use_spawner(Path::new(env!("CARGO_BIN_EXE_xtask")));
    let source = solutions_folder().join("does_not_compile.cpp");
    let (result, report) = verify("statues", &source.to_string_lossy());
    let error = result.unwrap_err();
    assert!(error.downcast_ref::<CompileError>().is_some(), "{error:#}");
    assert!(report.starts_with("sandbox: "), "{report}");
    assert!(
        report
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("CE: compilation failed: g++"),
        "{report}"
    );
    assert!(
        report.contains("error: expected ';'") || report.contains("error: expected ‘;’"),
        "{report}"
    );
    assert!(
        report.ends_with(" failed\n") && report.contains("0 passed, "),
        "{report}"
    );
}

#[test]
fn a_compiled_solution_leaves_no_files_behind() {
    xtask::sandbox::use_spawner(Path::new(env!("CARGO_BIN_EXE_xtask")));
    let source = solutions_folder().join("ladders_always_climbs.cpp");
    let solution = solution::prepare(&source.to_string_lossy()).unwrap();
    let dir = solution.build_dir().unwrap().to_owned();
    assert!(solution.program.program.is_file());
    drop(solution);
    assert!(!dir.exists(), "{} is still there", dir.display());
}

/// A user with `CARGO_TARGET_DIR` set: verify builds there and finds the binaries there.
#[test]
fn verify_finds_the_binaries_in_cargo_target_dir() {
    xtask::sandbox::use_spawner(Path::new(env!("CARGO_BIN_EXE_xtask")));
    let target = tempfile::tempdir().unwrap();
    crate::support::target::share_release_build(target.path());
    let temporary = target.path().join("tmp");
    std::fs::create_dir(&temporary).unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["verify", "sweets"])
        .env("CARGO_TARGET_DIR", target.path())
        .env("TMPDIR", &temporary)
        .current_dir(xtask::project_root())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(stdout.contains(" passed, 0 failed"), "{stdout}");
    assert!(target.path().join("release/sweets").is_file());
    // The runs' output was in memory, and the private root's folder is removed: the run
    // leaves no file.
    assert_eq!(std::fs::read_dir(temporary).unwrap().count(), 0);
    assert!(!target.path().join("xtask").exists());
}

/// `--help` lists every extension read as a source file, from the table that reads them.
#[test]
fn the_help_of_solution_lists_every_source_extension() {
    for command in ["verify", "stress"] {
        let run = Command::new(env!("CARGO_BIN_EXE_xtask"))
            .args([command, "--help"])
            .output()
            .unwrap();
        let help = String::from_utf8_lossy(&run.stdout);
        assert!(run.status.success(), "{help}");
        let listed = format!("a source file ({})", solution::extensions());
        assert!(help.contains(&listed), "{command}: {help}");
        assert!(listed.contains(".cc .c .rs .java .py .js"), "{listed}");
    }
}

//! The project's test-data folders, for the crates' tests and generators:
//! `testdata/<problem>/NAME.in` with its expected output `NAME.out` beside it.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// One test: its name, its input and its expected output.
#[derive(Debug, Clone)]
pub struct Case {
    /// The file name without `.in`.
    pub name: String,
    /// The `.in` file's text.
    pub input: String,
    /// The `.out` file's text.
    pub expected: String,
}

/// `testdata/<problem>` of this workspace.
pub fn folder(problem: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(problem)
}

/// The `.in` files of `testdata/<problem>`, sorted, whether or not their `.out` exists yet
/// (for generators, which write the expected outputs).
///
/// # Errors
/// The folder cannot be read.
pub fn inputs(problem: &str) -> io::Result<Vec<PathBuf>> {
    let mut inputs = Vec::new();
    for entry in std::fs::read_dir(folder(problem))? {
        let path = entry?.path();
        if path.extension().is_some_and(|ext| ext == "in") {
            inputs.push(path);
        }
    }
    inputs.sort();
    Ok(inputs)
}

/// Every case of `testdata/<problem>`, sorted by name.
///
/// # Errors
/// The folder cannot be read, or an `.in` lacks its `.out` or the other way round.
pub fn cases(problem: &str) -> io::Result<Vec<Case>> {
    let dir = folder(problem);
    let mut names = Vec::new();
    for entry in std::fs::read_dir(&dir)? {
        let path = entry?.path();
        let Some(ext) = path.extension().filter(|ext| *ext == "in" || *ext == "out") else {
            continue;
        };
        let partner = path.with_extension(if ext == "in" { "out" } else { "in" });
        if !partner.is_file() {
            return Err(io::Error::other(format!(
                "{} has no {}",
                path.display(),
                partner.display()
            )));
        }
        if ext == "in" {
            names.push(
                path.file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
            );
        }
    }
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let input = std::fs::read_to_string(dir.join(format!("{name}.in")))?;
            let expected = std::fs::read_to_string(dir.join(format!("{name}.out")))?;
            Ok(Case {
                name,
                input,
                expected,
            })
        })
        .collect()
}

/// Runs the binary `program` with `input` on stdin and collects what it printed.
///
/// # Errors
/// The program cannot be started or its streams fail.
pub fn run_binary(program: &str, input: &[u8]) -> io::Result<Output> {
    run_binary_with(program, &[], input)
}

/// Runs the binary `program` with the arguments `args` and `input` on stdin, and collects
/// what it printed.
///
/// # Errors
/// The program cannot be started or its streams fail.
pub fn run_binary_with(program: &str, args: &[&str], input: &[u8]) -> io::Result<Output> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut stdin = child
        .stdin
        .take()
        .ok_or_else(|| io::Error::other("no stdin"))?;
    // A solver may stop reading at the first error: a closed pipe is not a failure here.
    match stdin.write_all(input) {
        Err(error) if error.kind() != io::ErrorKind::BrokenPipe => return Err(error),
        _ => drop(stdin),
    }
    child.wait_with_output()
}

/// Test support: `run` (a solver's `run(input, output)`) prints every expected output of
/// `problem` exactly.
///
/// # Panics
/// On an error or a difference, naming the case.
pub fn assert_solver_reproduces<E: std::fmt::Display>(
    problem: &str,
    run: impl Fn(&[u8], &mut Vec<u8>) -> Result<(), E>,
) {
    let cases = cases(problem).expect("the test data can be read");
    assert!(!cases.is_empty(), "{problem} has no test data");
    for case in cases {
        let mut output = Vec::new();
        if let Err(error) = run(case.input.as_bytes(), &mut output) {
            panic!("{}.in: {error}", case.name);
        }
        assert_eq!(
            String::from_utf8_lossy(&output),
            case.expected,
            "{}.in",
            case.name
        );
    }
}

/// Test support: runs `binary --check FILE` with `certificate` (JSON text) written to a
/// fresh file and `input` on stdin: its exit code, stdout and stderr.
///
/// # Panics
/// The file cannot be written, the binary cannot be started, or it prints what is not
/// UTF-8.
pub fn binary_check(
    binary: &str,
    certificate: &[u8],
    input: &[u8],
) -> (Option<i32>, String, String) {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let number = NEXT.fetch_add(1, Ordering::Relaxed);
    let file = std::env::temp_dir().join(format!(
        "gridkit-check-{}-{number}.json",
        std::process::id()
    ));
    std::fs::write(&file, certificate).expect("the certificate file can be written");
    let path = file.to_str().expect("the temporary folder's path is UTF-8");
    let output = run_binary_with(binary, &["--check", path], input);
    let _ = std::fs::remove_file(&file);
    let output = output.expect("the binary starts");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("the binary prints UTF-8");
    (
        output.status.code(),
        text(output.stdout),
        text(output.stderr),
    )
}

/// Test support: for every case of `problem`, `binary --certificate` writes a certificate
/// that `binary --check` accepts, printing the expected output with exit code 0.
///
/// # Panics
/// On any difference, naming the case.
pub fn assert_binary_checks_its_certificates(problem: &str, binary: &str) {
    let cases = cases(problem).expect("the test data can be read");
    assert!(!cases.is_empty(), "{problem} has no test data");
    for case in cases {
        let input = case.input.as_bytes();
        let json = run_binary_with(binary, &["--certificate"], input).expect("the binary starts");
        assert!(json.status.success(), "{}: {json:?}", case.name);
        let (code, stdout, stderr) = binary_check(binary, &json.stdout, input);
        assert_eq!(code, Some(0), "{}: {stderr}", case.name);
        assert_eq!(stdout, case.expected, "{}", case.name);
    }
}

/// Test support: the explanation `explain` writes for every case of `problem` has no
/// line longer than `width` characters (the explanations are read in terminals).
///
/// # Panics
/// At the first longer line, naming the case and the line.
pub fn assert_explanation_lines_within(
    problem: &str,
    width: usize,
    explain: impl Fn(&[u8]) -> String,
) {
    for case in cases(problem).expect("the test data can be read") {
        let text = explain(case.input.as_bytes());
        for (number, line) in text.lines().enumerate() {
            let length = line.chars().count();
            assert!(
                length <= width,
                "{} line {}: {length} characters",
                case.name,
                number + 1
            );
        }
    }
}

/// Test support: `binary` answers every `sample*` case of `problem` on stdout, exit code 0,
/// nothing on stderr.
///
/// # Panics
/// On any difference, naming the case.
pub fn assert_binary_answers_samples(problem: &str, binary: &str) {
    let samples: Vec<Case> = cases(problem)
        .expect("the test data can be read")
        .into_iter()
        .filter(|case| case.name.starts_with("sample"))
        .collect();
    assert!(!samples.is_empty(), "{problem} has no sample");
    for case in samples {
        let run = run_binary(binary, case.input.as_bytes()).expect("the binary starts");
        assert!(run.status.success(), "{}: {run:?}", case.name);
        assert_eq!(
            String::from_utf8_lossy(&run.stdout),
            case.expected,
            "{}",
            case.name
        );
        assert!(run.stderr.is_empty(), "{}: {run:?}", case.name);
    }
}

/// Test support: `binary --explain` prints, for every case of `problem`, the expected
/// output first, then an explanation that says `phrase`, with exit code 0 and nothing
/// on stderr.
///
/// # Panics
/// On any difference, naming the case.
pub fn assert_binary_explains(problem: &str, binary: &str, phrase: &str) {
    let cases = cases(problem).expect("the test data can be read");
    assert!(!cases.is_empty(), "{problem} has no test data");
    for case in cases {
        let run = run_binary_with(binary, &["--explain"], case.input.as_bytes())
            .expect("the binary starts");
        assert!(run.status.success(), "{}: {run:?}", case.name);
        assert!(run.stderr.is_empty(), "{}: {run:?}", case.name);
        let stdout = String::from_utf8_lossy(&run.stdout);
        let explanation = stdout
            .strip_prefix(&case.expected)
            .unwrap_or_else(|| panic!("{}: the answer does not come first:\n{stdout}", case.name));
        assert!(
            explanation.contains(phrase),
            "{}: the explanation does not say {phrase:?}:\n{explanation}",
            case.name
        );
    }
}

/// Test support: `binary` (named `name`) answers a command line it does not understand
/// with one line naming what was wrong, then the usage, on stderr, nothing on stdout and
/// exit code 2, reading `input` or not;
/// `--help` and `-h` print the usage on stdout with exit code 0.
///
/// # Panics
/// On any other outcome.
pub fn assert_binary_rejects_arguments(binary: &str, name: &str, input: &[u8]) {
    for args in [
        &["--explian"][..],
        &["-e"],
        &["input.txt"],
        &["--explain", "--explain"],
        &["--check"],
    ] {
        let run = run_binary_with(binary, args, input).expect("the binary starts");
        assert_eq!(run.status.code(), Some(2), "{args:?}: {run:?}");
        assert!(run.stdout.is_empty(), "{args:?}: {run:?}");
        let stderr = String::from_utf8_lossy(&run.stderr);
        let (refusal, usage) = stderr.split_once('\n').unwrap_or_default();
        assert_eq!(
            refusal,
            format!("error: {}", crate::cli::refusal(args)),
            "{args:?}: {stderr}"
        );
        assert!(
            usage.starts_with(&format!("usage: {name} [--explain")),
            "{args:?}: {stderr}"
        );
    }
    for help in ["--help", "-h"] {
        let run = run_binary_with(binary, &[help], input).expect("the binary starts");
        assert_eq!(run.status.code(), Some(0), "{help}: {run:?}");
        assert!(run.stderr.is_empty(), "{help}: {run:?}");
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert!(
            stdout.starts_with(&format!("usage: {name} [--explain")),
            "{help}: {stdout}"
        );
    }
}

/// Test support: `binary` refuses `input` with exit code 1 and exactly `stderr`.
///
/// # Panics
/// On any other outcome.
pub fn assert_binary_refuses(binary: &str, input: &[u8], stderr: &str) {
    let run = run_binary(binary, input).expect("the binary starts");
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    assert_eq!(String::from_utf8_lossy(&run.stderr), stderr);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_folder_is_an_error() {
        assert!(cases("no-such-problem").is_err());
        assert!(inputs("no-such-problem").is_err());
    }
}

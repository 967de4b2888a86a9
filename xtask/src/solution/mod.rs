//! A user's solution: a command line, or a source file compiled as judges compile it.
//!
//! `SOL` is split into words as a shell would split it ([`spec`]): one word ending in
//! `.rs`, `.cpp`, `.cc`, `.c`, `.java`, `.py` or `.js` is a source file ([`source`]);
//! anything else is a command line, run without a shell ([`command`]), whatever its last
//! word ends with (`python3 gam.py`). Either way the program may read
//! only what the spec names ([`Protected`] keeps the archive, the test data and the home
//! folder out of reach), and nothing the user named runs outside the sandbox. Compiled
//! programs live in a temporary folder removed when the solution is dropped.

mod asked;
pub mod command;
pub mod installation;
pub mod interpreter;
pub mod protected;
pub mod source;
pub mod spec;

use std::path::Path;

use anyhow::{Result, bail};

use crate::measure::{self, Program};
use crate::sandbox::Scratch;
pub use protected::Protected;

/// A solution ready to run.
#[derive(Debug)]
pub struct Solution {
    /// What runs, resolved for the box.
    pub program: Program,
    /// How the user named it, for reports and the command that reproduces a failure.
    pub spec: String,
    /// Holds the compiled program; removed on drop.
    build: Option<Scratch>,
}

impl Solution {
    /// The folder holding the compiled program, if it was compiled.
    pub fn build_dir(&self) -> Option<&Path> {
        self.build.as_ref().map(Scratch::path)
    }
}

/// A source file that did not compile: the command and what the compiler said (escaped).
#[derive(Debug)]
pub struct CompileError {
    pub command: String,
    pub messages: String,
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The messages quote the source: each line is marked as the compiler's, so that
        // none can pass for a line of the report.
        write!(
            f,
            "CE: compilation failed: {}\n{}",
            self.command,
            verdict::shown::quoted(&self.messages).trim_end()
        )
    }
}

impl std::error::Error for CompileError {}

pub use source::{COMPILE_MESSAGES_SHOWN, extensions};

/// The help of `--solution`, after `what`: the extensions read as source files are the
/// ones the solution is read by, listed by the same table.
pub fn help(what: &str) -> String {
    format!(
        "{what}: a command line (`./a.out`, `'python3 mine.py'`) or a source file ({})",
        extensions()
    )
}
use spec::Spec;

/// Turns `spec` into a runnable solution, compiling a source file (and printing the
/// compile command) as needed; judged on the archive's own test data.
///
/// # Errors
/// As [`prepare_for_data`].
pub fn prepare(spec: &str) -> Result<Solution> {
    prepare_for_data(spec, None)
}

/// Turns `spec` into a runnable solution, to be judged on the test data in `data` (the
/// archive's own when `None`), which nothing made readable for it may expose.
///
/// # Errors
/// An empty or unsplittable command line, a program that cannot be found, a source file
/// that does not exist or has an extension not understood, a folder refused by
/// [`Protected`], or a [`CompileError`] (downcast it to report CE).
pub fn prepare_for_data(spec: &str, data: Option<&Path>) -> Result<Solution> {
    let protected = Protected::new(data);
    let read = spec::read(spec).map_err(|error| with_file_hint(error, spec))?;
    match read {
        Spec::Source { path, language } => {
            if !path.exists() {
                bail!("the source file {} does not exist", path.display());
            }
            if !path.is_file() {
                bail!("the source file {} is not a file", path.display());
            }
            source::prepare(spec, &path, language, &protected)
        }
        Spec::Command { program, args } => {
            let program_path = Path::new(&program);
            if program_path.is_file() && args.is_empty() && !is_executable(program_path) {
                bail!(
                    "{spec} is neither a source file ({}) nor an executable program; \
                     pass the command line that runs it, e.g. --solution 'INTERPRETER {spec}'",
                    extensions()
                );
            }
            let resolved = command::resolve(program_path, &args, &protected).map_err(|error| {
                let here = Path::new(".").join(program_path);
                if program_path.components().count() == 1 && here.is_file() {
                    anyhow::anyhow!("{error:#}; did you mean ./{program}?")
                } else {
                    with_file_hint(error, spec)
                }
            })?;
            Ok(Solution {
                program: resolved,
                spec: spec.to_owned(),
                build: None,
            })
        }
    }
}

/// `error`, and when `spec` taken whole names a file (a path with spaces or quotes, passed
/// unquoted), how to pass it as the one word it is.
fn with_file_hint(error: anyhow::Error, spec: &str) -> anyhow::Error {
    if !Path::new(spec).is_file() {
        return error;
    }
    let example = if spec.contains(['\'', '"', '\\', '$', '`']) {
        String::new()
    } else {
        format!(", e.g. --solution \"'{spec}'\"")
    };
    anyhow::anyhow!(
        "{error:#}; {spec} is a file, but --solution splits its words as a shell would: \
         quote the path inside the argument to pass it as one word{example}"
    )
}

/// The crate's flawed solver `name` (its `<crate>_flawed` binary, built here) as a
/// solution: `--flawed NAME` works wherever cargo puts its builds.
///
/// # Errors
/// The binary does not build.
pub fn flawed(crate_name: &str, name: &str) -> Result<Solution> {
    use crate::build::{Targets, flawed_binary, release};
    let executables = release(
        &crate::project_root(),
        std::iter::once(crate_name),
        Targets::Flawed,
    )?;
    Ok(Solution {
        program: measure::own_program(executables.get(&flawed_binary(crate_name))?, &[name]),
        spec: format!("--flawed {name}"),
        build: None,
    })
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|meta| meta.permissions().mode() & 0o111 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_line_is_split_like_a_shell_splits_it() {
        let solution = prepare("sh -c 'exit 0' --fast").unwrap();
        assert!(
            solution.program.program.to_string_lossy().ends_with("sh"),
            "{solution:?}"
        );
        assert_eq!(solution.program.args, ["-c", "exit 0", "--fast"]);
        assert!(prepare("").is_err());
        assert!(prepare("python3 'unclosed").is_err());
    }

    #[test]
    fn a_command_line_whose_last_word_is_a_source_file_runs_that_command() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("sol.py");
        std::fs::write(&script, "print(1)\n").unwrap();
        let spec = format!("sh {}", script.display());
        let solution = prepare(&spec).unwrap();
        assert!(solution.build_dir().is_none(), "{solution:?}");
        assert!(
            solution.program.program.to_string_lossy().ends_with("sh"),
            "{solution:?}"
        );
        let script = std::fs::canonicalize(&script).unwrap();
        assert_eq!(solution.program.args, [script.to_string_lossy()]);
        assert_eq!(solution.spec, spec);
        // The argument need not exist: it is the program's business, not a source file.
        let solution = prepare("sh no-such-solution.py").unwrap();
        assert_eq!(solution.program.args, ["no-such-solution.py"]);
    }

    #[test]
    fn one_word_naming_no_file_with_a_source_extension_is_a_missing_source_file() {
        let said = prepare("no-such-solution.cpp").unwrap_err().to_string();
        assert_eq!(said, "the source file no-such-solution.cpp does not exist");
        let said = prepare("'no such dir/sol.js'").unwrap_err().to_string();
        assert_eq!(said, "the source file no such dir/sol.js does not exist");
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("looks.cpp");
        std::fs::create_dir(&folder).unwrap();
        let said = prepare(&folder.to_string_lossy()).unwrap_err().to_string();
        assert!(said.ends_with("looks.cpp is not a file"), "{said}");
    }

    #[test]
    fn one_executable_word_without_a_source_extension_is_a_program() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let program = dir.path().join("a.out");
        std::fs::write(&program, "#!/bin/sh\necho WIN\n").unwrap();
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        let solution = prepare(&program.to_string_lossy()).unwrap();
        assert_eq!(
            solution.program.program,
            std::fs::canonicalize(&program).unwrap()
        );
        assert!(solution.program.args.is_empty());
    }

    #[test]
    fn an_unquoted_path_with_spaces_says_how_to_quote_it() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("my dir")).unwrap();
        let source = dir.path().join("my dir/sol.cpp");
        std::fs::write(&source, "int main() {}\n").unwrap();
        let spec = source.to_string_lossy();
        let said = format!("{:#}", prepare(&spec).unwrap_err());
        assert!(said.contains("does not exist"), "{said}");
        assert!(
            said.contains(&format!("e.g. --solution \"'{spec}'\"")),
            "{said}"
        );
        // A name a shell cannot split is named the same way, without an example.
        let source = dir.path().join("it's.py");
        std::fs::write(&source, "print(1)\n").unwrap();
        let said = format!("{:#}", prepare(&source.to_string_lossy()).unwrap_err());
        assert!(said.contains("cannot split"), "{said}");
        assert!(
            said.contains("quote the path inside the argument"),
            "{said}"
        );
        assert!(!said.contains("e.g."), "{said}");
    }
}

//! A user's solution: a command line, or a source file compiled as judges compile it.
//!
//! `SOL` naming an existing file ending in `.rs`, `.cpp`, `.cc`, `.c`, `.java`, `.py` or
//! `.js` is a source file ([`source`]); anything else is a command line, split as a shell
//! would split it but run without a shell ([`command`]). Either way the program may read
//! only what the spec names ([`Protected`] keeps the archive, the test data and the home
//! folder out of reach), and nothing the user named runs outside the sandbox. Compiled
//! programs live in a temporary folder removed when the solution is dropped.

mod asked;
pub mod command;
pub mod installation;
pub mod protected;
pub mod source;

use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::measure::{self, Program};
use crate::sandbox::client::Scratch;
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
            crate::shown::quoted(&self.messages).trim_end()
        )
    }
}

impl std::error::Error for CompileError {}

pub use source::{COMPILE_MESSAGES_SHOWN, EXTENSIONS};

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
    let path = Path::new(spec);
    if let Some(language) = source::language_of(path) {
        if !path.is_file() {
            bail!("the source file {spec} does not exist");
        }
        return source::prepare(spec, path, language, &protected);
    }
    let words = shell_words::split(spec)
        .with_context(|| format!("cannot split the command line `{spec}`"))?;
    let Some((program, args)) = words.split_first() else {
        bail!("--solution is empty");
    };
    let program_path = Path::new(program);
    if program_path.is_file() && words.len() == 1 && !is_executable(program_path) {
        bail!(
            "{spec} is neither a source file ({EXTENSIONS}) nor an executable program; \
             pass the command line that runs it, e.g. --solution 'INTERPRETER {spec}'"
        );
    }
    let resolved = command::resolve(program_path, args, &protected).map_err(|error| {
        let here = Path::new(".").join(program_path);
        if program_path.components().count() == 1 && here.is_file() {
            anyhow::anyhow!("{error:#}; did you mean ./{program}?")
        } else {
            error
        }
    })?;
    Ok(Solution {
        program: resolved,
        spec: spec.to_owned(),
        build: None,
    })
}

/// The crate's flawed solver `name` (its `<crate>_flawed` example, built here) as a
/// solution: `--flawed NAME` works wherever cargo puts its builds.
///
/// # Errors
/// The example does not build.
pub fn flawed(crate_name: &str, name: &str) -> Result<Solution> {
    let executables =
        crate::build::release(&crate::project_root(), std::iter::once(crate_name), true)?;
    let example = format!("{}_flawed", crate_name.replace('-', "_"));
    Ok(Solution {
        program: measure::own_program(executables.get(&example)?, &[name]),
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
}

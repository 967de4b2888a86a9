//! A user's solution: a command line, or a source file compiled as judges compile it.
//!
//! `SOL` naming an existing file ending in `.rs`, `.cpp`, `.cc`, `.c` or `.py` is a source
//! file; anything else is a command line, split as a shell would split it but run without
//! a shell. Compiled programs live in a temporary folder removed when the solution is
//! dropped.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use tempfile::TempDir;

use crate::measure::{self, Caps, Exit, Io};

/// A solution ready to run.
#[derive(Debug)]
pub struct Solution {
    pub program: PathBuf,
    pub args: Vec<String>,
    /// How the user named it, for reports and the command that reproduces a failure.
    pub spec: String,
    /// Holds the compiled program; removed on drop.
    build: Option<TempDir>,
}

impl Solution {
    /// The folder holding the compiled program, if it was compiled.
    pub fn build_dir(&self) -> Option<&Path> {
        self.build.as_ref().map(TempDir::path)
    }

    /// The arguments, borrowed as the runner takes them.
    pub fn arg_refs(&self) -> Vec<&str> {
        self.args.iter().map(String::as_str).collect()
    }
}

/// A source file that did not compile: the command and what the compiler said.
#[derive(Debug)]
pub struct CompileError {
    pub command: String,
    pub messages: String,
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "CE: compilation failed: {}\n{}",
            self.command,
            self.messages.trim_end()
        )
    }
}

impl std::error::Error for CompileError {}

/// How a source file becomes a program, by its extension.
enum Language {
    Compiled {
        compiler: &'static str,
        flags: &'static [&'static str],
    },
    Interpreted {
        interpreter: &'static str,
    },
}

fn language_of(path: &Path) -> Option<Language> {
    let extension = path.extension()?.to_str()?;
    Some(match extension {
        "rs" => Language::Compiled {
            compiler: "rustc",
            flags: &["--edition", "2021", "-O"],
        },
        "cpp" | "cc" => Language::Compiled {
            compiler: "g++",
            flags: &["-std=c++17", "-O2"],
        },
        "c" => Language::Compiled {
            compiler: "gcc",
            flags: &["-std=c11", "-O2"],
        },
        "py" => Language::Interpreted {
            interpreter: "python3",
        },
        _ => return None,
    })
}

/// Compilers get this long and this much memory: a hostile source cannot hang the runner.
const COMPILE_WALL: Duration = Duration::from_secs(120);

/// Turns `spec` into a runnable solution, compiling a source file (and printing the
/// compile command) as needed.
///
/// # Errors
/// An empty or unsplittable command line, a compiler that cannot be started, or a
/// [`CompileError`] (downcast it to report CE).
pub fn prepare(spec: &str) -> Result<Solution> {
    let path = Path::new(spec);
    if path.is_file() {
        if let Some(language) = language_of(path) {
            return from_source(spec, path, language);
        }
    }
    let words = shell_words::split(spec)
        .with_context(|| format!("cannot split the command line `{spec}`"))?;
    let Some((program, args)) = words.split_first() else {
        bail!("--solution is empty");
    };
    Ok(Solution {
        program: PathBuf::from(program),
        args: args.to_vec(),
        spec: spec.to_owned(),
        build: None,
    })
}

fn from_source(spec: &str, path: &Path, language: Language) -> Result<Solution> {
    let source = std::fs::canonicalize(path)
        .with_context(|| format!("reading the path of {}", path.display()))?;
    match language {
        Language::Interpreted { interpreter } => Ok(Solution {
            program: PathBuf::from(interpreter),
            args: vec![source.to_string_lossy().into_owned()],
            spec: spec.to_owned(),
            build: None,
        }),
        Language::Compiled { compiler, flags } => {
            let build = tempfile::Builder::new()
                .prefix("xtask-solution-")
                .tempdir()
                .context("creating a folder for the compiled solution")?;
            let program = build.path().join("solution");
            let mut args: Vec<String> = flags.iter().map(|&flag| flag.to_owned()).collect();
            args.push("-o".to_owned());
            args.push(program.to_string_lossy().into_owned());
            args.push(source.to_string_lossy().into_owned());
            let command =
                shell_words::join(std::iter::once(compiler).chain(args.iter().map(String::as_str)));
            println!("compiling: {command}");
            compile(compiler, &args, build.path(), &command)?;
            Ok(Solution {
                program,
                args: Vec::new(),
                spec: spec.to_owned(),
                build: Some(build),
            })
        }
    }
}

/// Runs the compiler under the same containment as a solution.
fn compile(compiler: &str, args: &[String], dir: &Path, command: &str) -> Result<()> {
    let io = Io {
        input: PathBuf::from("/dev/null"),
        stdout: dir.join("compile.stdout"),
        stderr: dir.join("compile.stderr"),
    };
    let caps = Caps {
        wall: COMPILE_WALL,
        cpu_seconds: COMPILE_WALL.as_secs(),
        address_space: 8 << 30,
        output: 16 << 20,
    };
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = measure::run(Path::new(compiler), &args, &io, caps)
        .with_context(|| format!("starting the compiler: {command}"))?;
    if run.exit == Exit::Code(0) {
        return Ok(());
    }
    let mut messages = std::fs::read_to_string(&io.stderr).unwrap_or_default();
    messages.push_str(&std::fs::read_to_string(&io.stdout).unwrap_or_default());
    if run.killed_at_wall_cap {
        messages.push_str(&format!("\n(stopped after {} s)", COMPILE_WALL.as_secs()));
    }
    Err(CompileError {
        command: command.to_owned(),
        messages,
    }
    .into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_line_is_split_like_a_shell_splits_it() {
        let solution = prepare("python3 'my solution.py' --fast").unwrap();
        assert_eq!(solution.program, PathBuf::from("python3"));
        assert_eq!(solution.args, ["my solution.py", "--fast"]);
        assert!(prepare("").is_err());
        assert!(prepare("python3 'unclosed").is_err());
    }

    #[test]
    fn sources_are_known_by_their_extension() {
        assert!(matches!(
            language_of(Path::new("a.cpp")),
            Some(Language::Compiled {
                compiler: "g++",
                ..
            })
        ));
        assert!(matches!(
            language_of(Path::new("a.py")),
            Some(Language::Interpreted { .. })
        ));
        assert!(language_of(Path::new("a.out")).is_none());
    }
}

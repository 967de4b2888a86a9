//! A user's solution: a command line, or a source file compiled as judges compile it.
//!
//! `SOL` naming an existing file ending in `.rs`, `.cpp`, `.cc`, `.c` or `.py` is a source
//! file; anything else is a command line, split as a shell would split it but run without
//! a shell. Compiled programs live in a temporary folder removed when the solution is
//! dropped.

use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result, bail};

use crate::measure::{self, Exit, Io, Limits, Program};
use crate::sandbox::client::{self, Scratch};
use crate::sandbox::policy;

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

/// The extensions understood, for messages.
pub const EXTENSIONS: &str = ".cpp .cc .c .rs .py";

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

/// A compiler gets this long (CPU and wall) and this much memory, in its own box: a
/// hostile source cannot hang the runner, fill the memory, or read outside the box.
const COMPILE_TIME: Duration = Duration::from_secs(30);
const COMPILE_MEMORY: u64 = 1 << 30;
/// The compiled program, and each file the compiler writes, may be this large.
const COMPILE_OUTPUT: u64 = 256 << 20;
/// The compiler's box: the source, temporary files and the program (a tmpfs, charged to
/// the compile's memory).
const COMPILE_BOX: u64 = 512 << 20;
/// The most of a compiler's messages shown.
pub const COMPILE_MESSAGES_SHOWN: usize = 64 << 10;

/// Turns `spec` into a runnable solution, compiling a source file (and printing the
/// compile command) as needed.
///
/// # Errors
/// An empty or unsplittable command line, a program that cannot be found, a source file
/// that does not exist or has an extension not understood, or a [`CompileError`]
/// (downcast it to report CE).
pub fn prepare(spec: &str) -> Result<Solution> {
    let path = Path::new(spec);
    if let Some(language) = language_of(path) {
        if !path.is_file() {
            bail!("the source file {spec} does not exist");
        }
        return from_source(spec, path, language);
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
             pass a command line instead, e.g. --solution 'java -cp DIR Main'"
        );
    }
    let resolved = policy::resolve(program_path, args).map_err(|error| {
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

fn from_source(spec: &str, path: &Path, language: Language) -> Result<Solution> {
    let source = std::fs::canonicalize(path)
        .with_context(|| format!("reading the path of {}", path.display()))?;
    match language {
        Language::Interpreted { interpreter } => Ok(Solution {
            program: policy::resolve(
                Path::new(interpreter),
                &[source.to_string_lossy().into_owned()],
            )?,
            spec: spec.to_owned(),
            build: None,
        }),
        Language::Compiled { compiler, flags } => {
            let build = Scratch::new("xtask-solution-", None)?;
            // The compiler's box starts with a copy of the source; what it holds after a
            // successful compile is copied here.
            let output = build.path().join("compiled");
            let file_name = format!(
                "solution.{}",
                source.extension().and_then(|e| e.to_str()).unwrap_or("src")
            );
            let program = output.join("solution");
            let mut args: Vec<String> = flags.iter().map(|&flag| flag.to_owned()).collect();
            args.extend(["-o".to_owned(), "solution".to_owned(), file_name.clone()]);
            let command = shell_words::join(
                std::iter::once(compiler)
                    .chain(flags.iter().copied())
                    .chain(["-o", "BIN", spec]),
            );
            println!("compiling: {command}");
            let compiler = policy::resolve(Path::new(compiler), &[])?;
            let box_files = vec![(file_name, source.clone())];
            compile(&compiler, &args, build.path(), box_files, &output, &command)?;
            Ok(Solution {
                program: measure::own_program(&program, &[]),
                spec: spec.to_owned(),
                build: Some(build),
            })
        }
    }
}

/// Runs the compiler in its own box (holding copies of `box_files`), under the compile
/// limits; its messages are kept outside the box, in `dir`, and what the box holds after
/// the compile is copied to `output`.
fn compile(
    compiler: &Program,
    args: &[String],
    dir: &Path,
    box_files: Vec<(String, std::path::PathBuf)>,
    output: &Path,
    command: &str,
) -> Result<()> {
    let empty = dir.join("compile.stdin");
    std::fs::write(&empty, "")?;
    let io = Io {
        input: empty,
        stdout: dir.join("compile.stdout"),
        stderr: dir.join("compile.stderr"),
    };
    let program = Program {
        args: args.to_vec(),
        ..compiler.clone()
    };
    let limits = Limits {
        wall_ms: u64::try_from(COMPILE_TIME.as_millis()).unwrap_or(u64::MAX) + 1000,
        cpu_ms: u64::try_from(COMPILE_TIME.as_millis()).unwrap_or(u64::MAX),
        memory_bytes: COMPILE_MEMORY,
        output_bytes: COMPILE_OUTPUT,
        processes: crate::judge::PROCESS_CAP,
        box_bytes: COMPILE_BOX,
    };
    let run = client::run_with_files(&program, &io, limits, box_files, Some(output.to_owned()))
        .map(measure::Measurement::from)
        .with_context(|| format!("running the compiler: {command}"))?;
    if run.exit == Exit::Code(0) {
        return Ok(());
    }
    let mut messages = crate::shown::file_start(&io.stderr, COMPILE_MESSAGES_SHOWN);
    messages.push_str(&crate::shown::file_start(
        &io.stdout,
        COMPILE_MESSAGES_SHOWN,
    ));
    if run.killed_at_wall_cap || run.killed_at_cpu_cap {
        messages.push_str(&format!(
            "\n(the compiler was stopped after {} s)",
            COMPILE_TIME.as_secs()
        ));
    }
    if run.memory_limit_hit {
        messages.push_str(&format!(
            "\n(the compiler was stopped at its {} MiB memory limit)",
            COMPILE_MEMORY >> 20
        ));
    }
    if run.exit == Exit::Signal(libc::SIGXFSZ) {
        messages.push_str(&format!(
            "\n(the compiler wrote a file over {} MiB)",
            COMPILE_OUTPUT >> 20
        ));
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

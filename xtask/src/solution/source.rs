//! A source file judged as judges judge it: compiled in a box of its own (the compiler is
//! untrusted input's first reader) under compile limits, or run by its interpreter.

use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result, bail};

use super::protected::Protected;
use super::{CompileError, Solution, command};
use crate::measure::{self, Exit, Io, Limits, Program};
use crate::sandbox::{self, Scratch};

/// How a source file becomes a program, by its extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    Compiled {
        compiler: &'static str,
        flags: &'static [&'static str],
    },
    /// Compiled with `javac` into a folder of classes, run as the class the file is named
    /// after.
    Java,
    Interpreted {
        interpreter: &'static str,
    },
}

const JAVAC_FLAGS: &[&str] = &["-encoding", "UTF-8"];

/// The JVM's options for a run: a deep stack, as DOMjudge and Kattis give Java.
const JAVA_FLAGS: &[&str] = &["-Xss64m"];

const CPP: Language = Language::Compiled {
    compiler: "g++",
    flags: &["-std=c++17", "-O2"],
};

/// Every extension understood and what its source becomes, in the order messages list
/// them: the one table that [`language_of`], the messages and the command line's help
/// read, so that none of them can name an extension another does not know.
const LANGUAGES: &[(&str, Language)] = &[
    ("cpp", CPP),
    ("cc", CPP),
    (
        "c",
        Language::Compiled {
            compiler: "gcc",
            flags: &["-std=c11", "-O2"],
        },
    ),
    (
        "rs",
        Language::Compiled {
            compiler: "rustc",
            flags: &["--edition", "2021", "-O"],
        },
    ),
    ("java", Language::Java),
    (
        "py",
        Language::Interpreted {
            interpreter: "python3",
        },
    ),
    (
        "js",
        Language::Interpreted {
            interpreter: "node",
        },
    ),
];

/// The extensions understood, as messages list them: `.cpp .cc .c ...`.
pub fn extensions() -> String {
    LANGUAGES
        .iter()
        .map(|(extension, _)| format!(".{extension}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// How the source file `path` becomes a program, by its extension (`None`: not a source
/// file understood).
pub fn language_of(path: &Path) -> Option<Language> {
    let extension = path.extension()?.to_str()?;
    LANGUAGES
        .iter()
        .find(|(known, _)| *known == extension)
        .map(|&(_, language)| language)
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

/// The solution the source file `path` (named `spec` by the user, the file's one word
/// quoted or not) makes.
///
/// # Errors
/// The file cannot be read, the compiler or interpreter cannot be found, or a
/// [`CompileError`].
pub fn prepare(
    spec: &str,
    path: &Path,
    language: Language,
    protected: &Protected,
) -> Result<Solution> {
    let source = std::fs::canonicalize(path)
        .with_context(|| format!("reading the path of {}", path.display()))?;
    // The compile command shown names the file as the user named it, quoted once.
    let typed = path.to_string_lossy();
    match language {
        Language::Interpreted { interpreter } => Ok(Solution {
            program: command::resolve(
                Path::new(interpreter),
                &[source.to_string_lossy().into_owned()],
                protected,
            )?,
            spec: spec.to_owned(),
            build: None,
        }),
        Language::Compiled { compiler, flags } => {
            let build = Scratch::new("xtask-solution-", None)?;
            let sandbox = compile_box(&build, &source, None);
            let file_name = sandbox.name.clone();
            let mut args: Vec<String> = flags.iter().map(|&flag| flag.to_owned()).collect();
            args.extend(["-o".to_owned(), "solution".to_owned(), file_name]);
            let shown = shell_words::join(
                std::iter::once(compiler)
                    .chain(flags.iter().copied())
                    .chain(["-o", "BIN", &*typed]),
            );
            println!("compiling: {shown}");
            let compiler = command::resolve(Path::new(compiler), &[], protected)?;
            compile(&compiler, &args, build.path(), &sandbox, &shown)?;
            Ok(Solution {
                program: measure::own_program(&sandbox.output.join("solution"), &[]),
                spec: spec.to_owned(),
                build: Some(build),
            })
        }
        Language::Java => {
            let class = java_class(&source)?;
            let build = Scratch::new("xtask-solution-", None)?;
            // javac wants a public class in a file of its name: the file keeps its name.
            let sandbox = compile_box(&build, &source, Some(&format!("{class}.java")));
            // The classes go in the box itself, all of whose files are copied out.
            let classes = sandbox.output.clone();
            let mut args: Vec<String> = JAVAC_FLAGS.iter().map(|&flag| flag.to_owned()).collect();
            args.extend(["-d".to_owned(), ".".to_owned()]);
            args.push(sandbox.name.clone());
            let shown = shell_words::join(
                std::iter::once("javac")
                    .chain(JAVAC_FLAGS.iter().copied())
                    .chain(["-d", "CLASSES", &*typed]),
            );
            println!("compiling: {shown}");
            let javac = command::resolve(Path::new("javac"), &[], protected)?;
            compile(&javac, &args, build.path(), &sandbox, &shown)?;
            let mut java_args: Vec<String> = JAVA_FLAGS.iter().map(|&f| f.to_owned()).collect();
            java_args.extend([
                "-cp".to_owned(),
                classes.to_string_lossy().into_owned(),
                class,
            ]);
            Ok(Solution {
                program: command::resolve(Path::new("java"), &java_args, protected)?,
                spec: spec.to_owned(),
                build: Some(build),
            })
        }
    }
}

/// The class a Java source runs as: the one its file is named after.
fn java_class(source: &Path) -> Result<String> {
    let stem = source
        .file_stem()
        .and_then(|stem| stem.to_str())
        .unwrap_or_default();
    let mut chars = stem.chars();
    let identifier = chars
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$');
    if !identifier {
        bail!(
            "a Java source runs as the class its file is named after, and `{stem}` is not a \
             class name: name the file after the class holding main (e.g. Main.java)"
        );
    }
    Ok(stem.to_owned())
}

/// A compile box: the source copied in under `name`, and where the box's files go after
/// a successful compile.
struct CompileBox {
    name: String,
    source: std::path::PathBuf,
    output: std::path::PathBuf,
}

/// The box for compiling `source` in `build`, as `name` (default: `solution.<ext>`).
fn compile_box(build: &Scratch, source: &Path, name: Option<&str>) -> CompileBox {
    let name = name.map_or_else(
        || {
            format!(
                "solution.{}",
                source.extension().and_then(|e| e.to_str()).unwrap_or("src")
            )
        },
        str::to_owned,
    );
    CompileBox {
        name,
        source: source.to_owned(),
        output: build.path().join("compiled"),
    }
}

/// Runs the compiler in its own box (holding a copy of the source), under the compile
/// limits; its messages are kept outside the box, in `dir`, and the box's files are
/// copied to `sandbox.output` afterwards.
fn compile(
    compiler: &Program,
    args: &[String],
    dir: &Path,
    sandbox: &CompileBox,
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
    let box_files = vec![(sandbox.name.clone(), sandbox.source.clone())];
    let collect = Some(sandbox.output.clone());
    let run = sandbox::run_with_files(&program, &io, limits, box_files, collect)
        .map(measure::measured)
        .with_context(|| format!("running the compiler: {command}"))?;
    if run.exit == Exit::Code(0) {
        return Ok(());
    }
    let mut messages = file_start(&io.stderr, COMPILE_MESSAGES_SHOWN);
    messages.push_str(&file_start(&io.stdout, COMPILE_MESSAGES_SHOWN));
    if run.stops.killed_at_wall_cap || run.stops.killed_at_cpu_cap {
        messages.push_str(&format!(
            "\n(the compiler was stopped after {} s)",
            COMPILE_TIME.as_secs()
        ));
    }
    if run.stops.memory_limit_hit {
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

/// The start of a file (at most `limit` bytes read), escaped, saying whether it was cut
/// and by how many raw bytes; nothing when it cannot be read.
fn file_start(path: &Path, limit: usize) -> String {
    use std::io::Read;
    let Ok(file) = std::fs::File::open(path) else {
        return String::new();
    };
    let total = file.metadata().map(|m| m.len()).unwrap_or(0);
    let mut bytes = Vec::new();
    let _ = file.take(limit as u64).read_to_end(&mut bytes);
    verdict::shown::start_of(&bytes, total)
}

#[cfg(test)]
mod tests {
    use super::*;

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
            Some(Language::Interpreted {
                interpreter: "python3"
            })
        ));
        assert!(matches!(
            language_of(Path::new("a.js")),
            Some(Language::Interpreted {
                interpreter: "node"
            })
        ));
        assert_eq!(language_of(Path::new("Main.java")), Some(Language::Java));
        assert!(language_of(Path::new("a.out")).is_none());
    }

    #[test]
    fn the_extensions_listed_are_the_ones_read() {
        let listed = extensions();
        assert_eq!(listed, ".cpp .cc .c .rs .java .py .js");
        for extension in listed.split(' ') {
            let path = format!("a{extension}");
            assert!(language_of(Path::new(&path)).is_some(), "{path}");
        }
    }

    #[test]
    fn a_java_source_runs_as_the_class_it_is_named_after() {
        assert_eq!(java_class(Path::new("/x/Main.java")).unwrap(), "Main");
        assert_eq!(java_class(Path::new("Sol_2$.java")).unwrap(), "Sol_2$");
        let error = java_class(Path::new("my-sol.java")).unwrap_err();
        assert!(error.to_string().contains("e.g. Main.java"), "{error}");
        assert!(java_class(Path::new("2fast.java")).is_err());
    }
}

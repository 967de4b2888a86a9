//! An interpreter whose installation its layout does not show is asked where it lives,
//! from inside the sandbox: in a box of its own, with only itself (and the system folders)
//! readable, nothing writable outside the box, no network, and small limits. Its answer is
//! the untrusted program's word, so each folder it names is checked
//! ([`interpreter::accept`]) before it is made readable: a real folder with the
//! interpreter's layout, never `/`, the home folder or a folder holding the archive, the
//! test data or the current folder.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use super::interpreter::{self, Installation, Interpreter};
use super::protected::Protected;
use crate::measure::{Exit, Io, Limits, Program};
use crate::sandbox::{self, Scratch};

/// The limits of the question: enough for an interpreter to start and print two lines.
const LIMITS: Limits = Limits {
    wall_ms: 10_000,
    cpu_ms: 5_000,
    memory_bytes: 512 << 20,
    output_bytes: ANSWER_BYTES,
    processes: 16,
    box_bytes: 16 << 20,
};

/// The most of an answer read.
const ANSWER_BYTES: u64 = 64 << 10;

/// The most of an answer quoted in a message.
const QUOTED_BYTES: usize = 200;

/// A Python's installation folders, asked of `real` (the file `found` leads to).
///
/// # Errors
/// The question cannot be run or fails, or a folder answered is refused.
pub fn python(found: &Path, real: &Path, protected: &Protected) -> Result<Installation> {
    let question = [
        "-c",
        "import sys; print(sys.prefix); print(sys.base_prefix)",
    ];
    answered(Interpreter::Python, found, real, &question, protected)
}

/// A Rust compiler's sysroot, asked of `real` (the file `found` leads to).
///
/// # Errors
/// As [`python`].
pub fn rust(found: &Path, real: &Path, protected: &Protected) -> Result<Installation> {
    answered(
        Interpreter::Rust,
        found,
        real,
        &["--print", "sysroot"],
        protected,
    )
}

fn answered(
    kind: Interpreter,
    found: &Path,
    real: &Path,
    question: &[&str],
    protected: &Protected,
) -> Result<Installation> {
    let context = || {
        format!(
            "cannot tell where {} is installed: it is none of the layouts known \
             (a venv, a pyenv shim, rustup, or an executable in PREFIX/bin beside its \
             libraries), so it was asked from inside the sandbox",
            found.display()
        )
    };
    let answer = ask(real, question).with_context(context)?;
    let folders: Vec<&str> = answer
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect();
    if folders.is_empty() {
        return Err(anyhow::anyhow!("it answered nothing")).with_context(context);
    }
    let mut readable = vec![real.to_owned()];
    for folder in folders {
        let quoted = verdict::shown::one_line_within(folder, QUOTED_BYTES).0;
        let accepted = Some(Path::new(folder))
            .filter(|path| path.is_absolute())
            .with_context(|| format!("it answered `{quoted}`, not an absolute path"))
            .and_then(|path| interpreter::accept(kind, path, protected))
            .with_context(|| format!("it answered `{quoted}`"))
            .with_context(context)?;
        readable.extend(accepted);
    }
    readable.sort();
    readable.dedup();
    Ok(Installation {
        program: real.to_owned(),
        readable,
    })
}

/// Runs `program args` in a box of its own, only itself readable, and returns what it
/// printed.
///
/// # Errors
/// The sandbox cannot run it, or it fails.
pub fn ask(program: &Path, args: &[&str]) -> Result<String> {
    let scratch = Scratch::new("xtask-ask-", None)?;
    let stdin = scratch.path().join("stdin");
    std::fs::write(&stdin, "")?;
    let io = Io {
        input: stdin,
        stdout: scratch.path().join("stdout"),
        stderr: scratch.path().join("stderr"),
    };
    let question = Program {
        program: program.to_owned(),
        args: args.iter().map(|&arg| arg.to_owned()).collect(),
        readable: vec![PathBuf::from(program)],
    };
    let run = crate::measure::measured(sandbox::run(&question, &io, LIMITS)?);
    if run.exit != Exit::Code(0) {
        let stderr = std::fs::read(&io.stderr).unwrap_or_default();
        let stderr = String::from_utf8_lossy(&stderr);
        bail!(
            "asked in the sandbox, it ended with {}: {}",
            run.exit,
            verdict::shown::one_line_within(stderr.trim(), QUOTED_BYTES).0
        );
    }
    let answer = std::fs::read(&io.stdout).context("reading the answer")?;
    Ok(String::from_utf8_lossy(&answer).into_owned())
}

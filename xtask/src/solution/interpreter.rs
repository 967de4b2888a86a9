//! What an interpreter's installation is, and the check every folder passes before it is
//! made readable for one, whoever named it: the installation's own files
//! ([`super::installation`]) or the interpreter asked from inside the sandbox
//! (`asked.rs`).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use super::protected::{Protected, Purpose};
use crate::sandbox::SYSTEM_READABLE;

/// Programs whose installation must be readable besides the program itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interpreter {
    Python,
    Rust,
}

impl Interpreter {
    /// The kind of a program by its name (`python`, `python3.12`, `pypy3`, `rustc`); a
    /// `python_solution` of the user's is no interpreter.
    pub fn named(name: &str) -> Option<Interpreter> {
        let version = |rest: &str| rest.chars().all(|c| c.is_ascii_digit() || c == '.');
        let python = ["python", "pypy"]
            .iter()
            .any(|stem| name.strip_prefix(stem).is_some_and(version));
        if python {
            Some(Interpreter::Python)
        } else if name == "rustc" {
            Some(Interpreter::Rust)
        } else {
            None
        }
    }

    fn what(self) -> &'static str {
        match self {
            Interpreter::Python => "Python installation",
            Interpreter::Rust => "Rust sysroot",
        }
    }

    /// Whether `folder` holds this kind's installation: Python's `os` module (CPython
    /// `lib/python3.X/os.py`, PyPy `lib/pypy3.X/os.py` or `lib-python/3/os.py`), or Rust's
    /// `lib/rustlib/`.
    pub fn laid_out_in(self, folder: &Path) -> bool {
        match self {
            Interpreter::Python => {
                let holds_os = |dir: &Path, prefixes: &[&str]| {
                    std::fs::read_dir(dir).is_ok_and(|entries| {
                        entries.filter_map(Result::ok).any(|entry| {
                            let name = entry.file_name();
                            let name = name.to_string_lossy();
                            prefixes.iter().any(|prefix| name.starts_with(prefix))
                                && entry.path().join("os.py").is_file()
                        })
                    })
                };
                holds_os(&folder.join("lib"), &["python", "pypy"])
                    || holds_os(&folder.join("lib-python"), &[""])
            }
            Interpreter::Rust => folder.join("lib/rustlib").is_dir(),
        }
    }
}

/// What runs and what it needs to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Installation {
    pub program: PathBuf,
    pub readable: Vec<PathBuf>,
}

impl Installation {
    /// A program that needs nothing but itself (and the system folders).
    pub fn alone(program: &Path) -> Installation {
        Installation {
            program: program.to_owned(),
            readable: vec![program.to_owned()],
        }
    }
}

/// Whether `path` is under a folder every program may read anyway.
pub fn is_system(path: &Path) -> bool {
    SYSTEM_READABLE.iter().any(|&root| path.starts_with(root))
}

/// The folder `folder` names, checked before it is made readable for a `kind`
/// installation: `None` when it is a system folder (readable already).
///
/// # Errors
/// It does not exist, is not a folder, is refused by `protected`, or lacks the layout.
pub fn accept(kind: Interpreter, folder: &Path, protected: &Protected) -> Result<Option<PathBuf>> {
    let real = std::fs::canonicalize(folder)
        .with_context(|| format!("{} does not exist", folder.display()))?;
    if !real.is_dir() {
        bail!("{} is not a folder", real.display());
    }
    if let Some(reason) = protected.refuses(&real, Purpose::Installation) {
        bail!("{} is refused: {reason}", real.display());
    }
    if is_system(&real) {
        return Ok(None);
    }
    if !kind.laid_out_in(&real) {
        bail!(
            "{} is not a {}: it holds no {}",
            real.display(),
            kind.what(),
            match kind {
                Interpreter::Python => "lib/python3.X/os.py",
                Interpreter::Rust => "lib/rustlib/",
            }
        );
    }
    Ok(Some(real))
}

//! What the box holds besides the program's own folder: the system's toolchain, read-only,
//! the program and what its command line names, and a short fixed environment.
//!
//! The program is found as the caller's shell would find it, then followed to the real
//! file: an interpreter behind a version manager's shim (pyenv's `python3`, rustup's
//! `rustc`) is asked where it really lives, and that installation is made readable
//! instead of the shim's folder.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

/// System folders and files every program may read and execute: the dynamic loader and
/// its cache, the libraries, compilers and interpreters installed with the system, and
/// the Java runtime's configuration. Not `/etc` as a whole (it holds secrets), not
/// `/home`, `/root`, `/tmp`, or any other process's files.
pub const SYSTEM_READABLE: &[&str] = &[
    "/usr",
    "/bin",
    "/sbin",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/alternatives",
    "/etc/localtime",
    // OpenSSL's configuration, read at start by node.
    "/etc/ssl/openssl.cnf",
    "/etc/java-17-openjdk",
    "/etc/java-21-openjdk",
    "/sys/devices/system/cpu",
];

/// The devices a program finds in its `/dev`: read-only as files (no `chmod`), usable as
/// devices.
pub const SYSTEM_DEVICES: &[&str] = &["/dev/null", "/dev/zero", "/dev/random", "/dev/urandom"];

/// Devices every program may write to.
pub const SYSTEM_WRITABLE: &[&str] = &["/dev/null"];

/// The whole environment of a sandboxed program, besides HOME and TMPDIR (its box).
pub const ENVIRONMENT: &[(&str, &str)] = &[
    ("PATH", "/usr/local/bin:/usr/bin:/bin"),
    ("LANG", "C.UTF-8"),
    // A panicking Rust program prints one line, not a backtrace costing ~30 MiB.
    ("RUST_BACKTRACE", "0"),
];

/// A program resolved for the box: the file to execute, its arguments (paths made
/// absolute, since the program runs in its box) and what it may read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    pub program: PathBuf,
    pub args: Vec<String>,
    pub readable: Vec<PathBuf>,
}

/// Resolves `program args...` as typed by the user, from the current folder.
///
/// # Errors
/// The program is not found.
pub fn resolve(program: &Path, args: &[String]) -> Result<Resolved> {
    let found = find_program(program)?;
    let mut readable = Vec::new();
    let real = std::fs::canonicalize(&found).unwrap_or_else(|_| found.clone());
    let name = real
        .file_name()
        .and_then(OsStr::to_str)
        .unwrap_or_default()
        .to_owned();
    let typed = program
        .file_name()
        .and_then(OsStr::to_str)
        .unwrap_or_default();
    let executable = if typed.starts_with("python") || typed.starts_with("pypy") {
        let (executable, prefixes) = python_installation(&found)?;
        readable.extend(prefixes);
        executable
    } else if typed == "rustc" || name == "rustup" {
        let sysroot = rust_sysroot(&found)?;
        readable.push(sysroot.clone());
        sysroot.join("bin").join(typed)
    } else {
        real.clone()
    };
    readable.push(executable.clone());
    if let Some(prefix) = installation_prefix(&executable) {
        readable.push(prefix);
    }
    let args = args
        .iter()
        .map(|arg| match std::fs::canonicalize(arg) {
            Ok(path) if !arg.is_empty() => {
                readable.push(path.clone());
                path.to_string_lossy().into_owned()
            }
            _ => arg.clone(),
        })
        .collect();
    readable.sort();
    readable.dedup();
    Ok(Resolved {
        program: executable,
        args,
        readable,
    })
}

/// The file `program` names: a path as given, or the first match on PATH.
fn find_program(program: &Path) -> Result<PathBuf> {
    if program.components().count() > 1 || program.is_absolute() {
        if program.is_file() {
            return std::fs::canonicalize(program)
                .with_context(|| format!("reading the path of {}", program.display()));
        }
        bail!("{} does not exist", program.display());
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
        .with_context(|| format!("`{}` is not on PATH", program.display()))
}

/// The folder above `bin/` of an installation outside the system folders (a language
/// installed under /opt or a home folder keeps its libraries there).
fn installation_prefix(executable: &Path) -> Option<PathBuf> {
    let bin = executable.parent()?;
    let prefix = bin.parent()?;
    let system = SYSTEM_READABLE
        .iter()
        .any(|&root| prefix.starts_with(root) || prefix == Path::new("/"));
    (bin.file_name() == Some(OsStr::new("bin")) && !system).then(|| prefix.to_owned())
}

/// A Python's real executable and its installation folders, asked of the interpreter
/// itself (a pyenv shim is a shell script that picks one).
fn python_installation(found: &Path) -> Result<(PathBuf, Vec<PathBuf>)> {
    let output = Command::new(found)
        .args([
            "-c",
            "import sys; print(sys.executable); print(sys.prefix); print(sys.base_prefix)",
        ])
        .output()
        .with_context(|| format!("asking {} where it is installed", found.display()))?;
    if !output.status.success() {
        bail!(
            "{} failed: {}",
            found.display(),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let mut lines = text.lines().map(PathBuf::from);
    let executable = lines.next().context("python printed no executable")?;
    Ok((executable, lines.collect()))
}

/// The Rust toolchain behind rustup's `rustc` proxy.
fn rust_sysroot(found: &Path) -> Result<PathBuf> {
    let output = Command::new(found)
        .args(["--print", "sysroot"])
        .output()
        .with_context(|| format!("asking {} for its sysroot", found.display()))?;
    if !output.status.success() {
        bail!("{} --print sysroot failed", found.display());
    }
    Ok(PathBuf::from(
        String::from_utf8_lossy(&output.stdout).trim(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_system_program_needs_only_itself() {
        let resolved = resolve(Path::new("sh"), &[]).unwrap();
        assert!(resolved.program.is_absolute(), "{resolved:?}");
        assert_eq!(resolved.readable, std::slice::from_ref(&resolved.program));
    }

    #[test]
    fn files_named_on_the_command_line_become_absolute_and_readable() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("mine.py");
        std::fs::write(&file, "print(1)\n").unwrap();
        let arg = file.to_string_lossy().into_owned();
        let resolved = resolve(Path::new("sh"), &[arg.clone(), "-x".to_owned()]).unwrap();
        assert_eq!(resolved.args[1], "-x");
        assert!(
            resolved
                .readable
                .contains(&std::fs::canonicalize(&file).unwrap())
        );
    }

    #[test]
    fn a_missing_program_is_named() {
        let error = resolve(Path::new("./no-such-program"), &[]).unwrap_err();
        assert!(error.to_string().contains("does not exist"), "{error}");
        let error = resolve(Path::new("no-such-program-anywhere"), &[]).unwrap_err();
        assert!(error.to_string().contains("not on PATH"), "{error}");
    }
}

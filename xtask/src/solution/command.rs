//! A command line resolved for the box: the program found as the caller's shell would
//! find it, and exactly what it may read. That is the program (or, for an interpreter
//! reached through a wrapper, its installation: [`installation`]) and the files its
//! arguments name; a folder only where the command line names it as a Java class path
//! (`-cp`, `-classpath`, `--class-path`), and never one that [`Protected`] refuses.
//! Nothing here runs a program the user named outside the sandbox.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use super::installation;
use super::interpreter::{Installation, Interpreter};
use super::protected::{Protected, Purpose};
use crate::sandbox::Resolved;

/// The options after which Java (and the JVM languages) takes a class path.
const CLASS_PATH_OPTIONS: &[&str] = &["-cp", "-classpath", "--class-path"];

/// Resolves `program args...` as typed by the user, from the current folder: paths made
/// absolute (the program runs in its box), and what it may read.
///
/// # Errors
/// The program is not found, its installation cannot be found or is refused, or a class
/// path folder is refused.
pub fn resolve(program: &Path, args: &[String], protected: &Protected) -> Result<Resolved> {
    let found = find_program(program)?;
    let real = std::fs::canonicalize(&found)
        .with_context(|| format!("reading the path of {}", found.display()))?;
    let name = |path: &Path| {
        path.file_name()
            .and_then(OsStr::to_str)
            .unwrap_or_default()
            .to_owned()
    };
    // Known by the name it was called by (a `python3` link) or by its own (`python3.12`).
    let kind = Interpreter::named(&name(&found)).or_else(|| Interpreter::named(&name(&real)));
    let Installation {
        program,
        mut readable,
    } = match kind {
        Some(kind) => installation::locate(kind, &found, &real, protected)?,
        None => Installation::alone(&real),
    };
    let mut resolved_args = Vec::with_capacity(args.len());
    let mut class_path_next = false;
    for arg in args {
        let resolved = if class_path_next {
            class_path(arg, protected, &mut readable)?
        } else if let Some(value) = arg.strip_prefix("--class-path=") {
            format!(
                "--class-path={}",
                class_path(value, protected, &mut readable)?
            )
        } else {
            named_file(arg, &mut readable)
        };
        class_path_next = CLASS_PATH_OPTIONS.contains(&arg.as_str());
        resolved_args.push(resolved);
    }
    readable.sort();
    readable.dedup();
    Ok(Resolved {
        program,
        args: resolved_args,
        readable,
    })
}

/// An argument naming an existing file: made absolute and readable. Anything else (a
/// folder included) is passed as typed and opens nothing.
fn named_file(arg: &str, readable: &mut Vec<PathBuf>) -> String {
    match std::fs::canonicalize(arg) {
        Ok(path) if !arg.is_empty() && path.is_file() => {
            readable.push(path.clone());
            path.to_string_lossy().into_owned()
        }
        _ => arg.to_owned(),
    }
}

/// A class path (`DIR:lib.jar:libs/*`): each entry made absolute and readable, a folder
/// only when [`Protected`] lets it be.
fn class_path(value: &str, protected: &Protected, readable: &mut Vec<PathBuf>) -> Result<String> {
    let entries = value
        .split(':')
        .map(|entry| {
            // `DIR/*` is every jar in DIR: the folder is what becomes readable.
            let (folder, wildcard) = match entry.strip_suffix("/*") {
                Some(folder) => (folder, true),
                None if entry == "*" => (".", true),
                None => (entry, false),
            };
            let Ok(path) = std::fs::canonicalize(folder) else {
                return Ok(entry.to_owned());
            };
            if path.is_dir() {
                if let Some(reason) = protected.refuses(&path, Purpose::ClassPath) {
                    bail!(
                        "the class path folder {} is refused: {reason}; the program could \
                         read every file in it. Pass the Java source instead \
                         (--solution Main.java is compiled with javac into a folder of its \
                         own), or a folder holding only your classes",
                        path.display()
                    );
                }
            }
            readable.push(path.clone());
            let shown = path.to_string_lossy();
            Ok(if wildcard {
                format!("{shown}/*")
            } else {
                shown.into_owned()
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(entries.join(":"))
}

/// The file `program` names: a path as given (made absolute, links kept: a venv's
/// `python` is a link whose place matters), or the first match on PATH.
fn find_program(program: &Path) -> Result<PathBuf> {
    if program.components().count() > 1 || program.is_absolute() {
        if program.is_file() {
            return std::path::absolute(program)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn protected() -> Protected {
        Protected::new(None)
    }

    #[test]
    fn a_system_program_needs_only_itself() {
        let resolved = resolve(Path::new("sh"), &[], &protected()).unwrap();
        assert!(resolved.program.is_absolute(), "{resolved:?}");
        assert_eq!(resolved.readable, std::slice::from_ref(&resolved.program));
    }

    #[test]
    fn files_named_on_the_command_line_become_absolute_and_readable_folders_do_not() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("mine.py");
        std::fs::write(&file, "print(1)\n").unwrap();
        let arg = file.to_string_lossy().into_owned();
        let folder = dir.path().to_string_lossy().into_owned();
        let resolved = resolve(
            Path::new("sh"),
            &[arg.clone(), "-x".to_owned(), folder.clone()],
            &protected(),
        )
        .unwrap();
        assert_eq!(resolved.args[1..], ["-x".to_owned(), folder]);
        let file = std::fs::canonicalize(&file).unwrap();
        assert_eq!(resolved.readable.len(), 2, "{resolved:?}");
        assert!(resolved.readable.contains(&file));
    }

    #[test]
    fn a_program_in_a_bin_folder_makes_only_itself_readable() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("bin")).unwrap();
        let program = dir.path().join("bin/sol");
        std::fs::write(&program, "#!/bin/sh\necho WIN\n").unwrap();
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        let resolved = resolve(&program, &[], &protected()).unwrap();
        assert_eq!(
            resolved.readable,
            [std::fs::canonicalize(&program).unwrap()]
        );
    }

    #[test]
    fn a_class_path_folder_is_readable_unless_it_holds_the_archive() {
        let classes = tempfile::tempdir().unwrap();
        let jar = classes.path().join("lib.jar");
        std::fs::write(&jar, "").unwrap();
        let folder = std::fs::canonicalize(classes.path()).unwrap();
        let value = format!("{}:{}", folder.display(), jar.display());
        let args = ["-cp".to_owned(), value.clone(), "Main".to_owned()];
        let resolved = resolve(Path::new("sh"), &args, &protected()).unwrap();
        assert_eq!(resolved.args, args);
        assert!(resolved.readable.contains(&folder), "{resolved:?}");
        let root = crate::project_root().to_string_lossy().into_owned();
        for option in ["-cp", "-classpath", "--class-path"] {
            let args = [option.to_owned(), root.clone(), "Main".to_owned()];
            let error = resolve(Path::new("sh"), &args, &protected()).unwrap_err();
            let said = error.to_string();
            assert!(said.contains("contains the archive"), "{said}");
            assert!(said.contains("--solution Main.java"), "{said}");
        }
        let args = [format!("--class-path={root}/*"), "Main".to_owned()];
        assert!(resolve(Path::new("sh"), &args, &protected()).is_err());
        let testdata = format!("{root}/testdata/statues");
        let args = ["-cp".to_owned(), testdata, "Main".to_owned()];
        let said = resolve(Path::new("sh"), &args, &protected())
            .unwrap_err()
            .to_string();
        assert!(said.contains("is in the test data"), "{said}");
    }

    #[test]
    fn a_missing_program_is_named() {
        let error = resolve(Path::new("./no-such-program"), &[], &protected()).unwrap_err();
        assert!(error.to_string().contains("does not exist"), "{error}");
        let error = resolve(Path::new("no-such-program-anywhere"), &[], &protected()).unwrap_err();
        assert!(error.to_string().contains("not on PATH"), "{error}");
    }
}

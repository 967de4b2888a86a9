//! Where an interpreter or compiler reached through a wrapper really lives, found from the
//! layout of its installation and never by running it outside the sandbox: the program's
//! name is the user's, and a script named `python3` could do anything as the caller.
//!
//! | kind | layout | readable |
//! | --- | --- | --- |
//! | Python venv | `<venv>/pyvenv.cfg` beside `bin/`, `home = <prefix>/bin` | the venv and the base prefix |
//! | pyenv shim | `<root>/shims/NAME`; the version from `PYENV_VERSION`, `.python-version` or `<root>/version` | `<root>/versions/<version>` |
//! | Python | an ELF `<prefix>/bin/NAME` beside `<prefix>/lib/python3.X/os.py` | the prefix |
//! | rustup proxy | an ELF `rustup` (as `rustc`); the toolchain from `RUSTUP_TOOLCHAIN`, `rust-toolchain[.toml]`, rustup's overrides or default | `$RUSTUP_HOME/toolchains/<toolchain>` |
//! | Rust | an ELF `<sysroot>/bin/rustc` beside `<sysroot>/lib/rustlib/` | the sysroot |
//!
//! Anything else is asked where it is installed from inside the sandbox (`asked.rs`).
//! Every folder found is checked as the answer of the one asked is: a real folder with the
//! interpreter's layout, not a system folder already readable, and not one that
//! [`Protected`] refuses.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use super::asked;
use super::interpreter::{Installation, Interpreter, accept, is_system};
use super::protected::{Protected, Purpose};

/// Where the `kind` program `found` (as the caller's shell finds it, links not followed)
/// lives, `real` being the file it leads to.
///
/// # Errors
/// Its installation cannot be found, or what was found is refused.
pub fn locate(
    kind: Interpreter,
    found: &Path,
    real: &Path,
    protected: &Protected,
) -> Result<Installation> {
    match kind {
        Interpreter::Python => python(found, real, protected, 0),
        Interpreter::Rust => rust(found, real, protected),
    }
}

/// How many wrappers (a pyenv shim, then a pyenv-virtualenv venv) may lead to a Python.
const PYTHON_HOPS: usize = 3;

fn python(found: &Path, real: &Path, protected: &Protected, hops: usize) -> Result<Installation> {
    if hops > PYTHON_HOPS {
        bail!("{} leads through too many wrappers", found.display());
    }
    if let Some(venv) = venv_of(found) {
        return venv_python(found, real, &venv, protected);
    }
    if let Some(root) = pyenv_root_of(real) {
        let name = file_name(found);
        let (version, executable) = pyenv_choice(&root, name)?;
        let real = std::fs::canonicalize(&executable)
            .with_context(|| format!("pyenv's {version}: reading {}", executable.display()))?;
        return python(&executable, &real, protected, hops + 1)
            .with_context(|| format!("pyenv's {name} (version {version})"));
    }
    if is_system(real) {
        return Ok(Installation::alone(real));
    }
    if is_elf(real) {
        if let Some(prefix) = bin_prefix(real).filter(|p| Interpreter::Python.laid_out_in(p)) {
            let readable = accept(Interpreter::Python, &prefix, protected)?;
            return Ok(Installation {
                program: real.to_owned(),
                readable: readable.into_iter().collect(),
            });
        }
    }
    asked::python(found, real, protected)
}

/// The venv `found` is the interpreter of: the folder holding `pyvenv.cfg`, beside the
/// executable or one level up, where Python itself looks.
fn venv_of(found: &Path) -> Option<PathBuf> {
    let bin = found.parent()?;
    [bin, bin.parent()?]
        .into_iter()
        .find(|dir| dir.join("pyvenv.cfg").is_file())
        .map(Path::to_path_buf)
}

/// A venv's interpreter: run as the venv's own executable (so that it finds
/// `pyvenv.cfg`), with the venv and the installation its `home` names readable.
fn venv_python(
    found: &Path,
    real: &Path,
    venv: &Path,
    protected: &Protected,
) -> Result<Installation> {
    let config = venv.join("pyvenv.cfg");
    let text = std::fs::read_to_string(&config)
        .with_context(|| format!("reading {}", config.display()))?;
    let home = text
        .lines()
        .filter_map(|line| line.split_once('='))
        .find(|(key, _)| key.trim().eq_ignore_ascii_case("home"))
        .map(|(_, value)| PathBuf::from(value.trim()))
        .with_context(|| format!("{} has no `home =` line", config.display()))?;
    let base = match home.file_name() {
        Some(name) if name == "bin" => home.parent().unwrap_or(&home).to_owned(),
        _ => home.clone(),
    };
    let venv_readable = std::fs::canonicalize(venv)?;
    if let Some(reason) = protected.refuses(&venv_readable, Purpose::Installation) {
        bail!("the venv {} is refused: {reason}", venv_readable.display());
    }
    let mut readable = vec![venv_readable];
    readable.extend(
        accept(Interpreter::Python, &base, protected)
            .with_context(|| format!("the venv's `home` in {}", config.display()))?,
    );
    // The executable the venv links to, when it lies outside what is readable already.
    if !is_system(real) && !readable.iter().any(|folder| real.starts_with(folder)) {
        readable.push(real.to_owned());
    }
    Ok(Installation {
        program: std::path::absolute(found)?,
        readable,
    })
}

/// The pyenv root of a shim: `<root>/shims/NAME`, with `<root>/versions/` beside it.
fn pyenv_root_of(real: &Path) -> Option<PathBuf> {
    let shims = real.parent()?;
    let root = shims.parent()?;
    (shims.file_name() == Some(OsStr::new("shims")) && root.join("versions").is_dir())
        .then(|| root.to_owned())
}

/// The version pyenv would pick for the command `name`, as pyenv picks it: the versions
/// of `PYENV_VERSION`, else of the nearest `.python-version` from the current folder up,
/// else of `<root>/version`, else the system's; the first that has `bin/<name>`.
fn pyenv_choice(root: &Path, name: &str) -> Result<(String, PathBuf)> {
    let versions = pyenv_versions(root);
    for version in &versions {
        if version == "system" {
            if let Some(found) = on_path_outside(name, root) {
                return Ok((version.clone(), found));
            }
            continue;
        }
        let Some(folder) = pyenv_version_folder(root, version) else {
            continue;
        };
        let executable = folder.join("bin").join(name);
        if executable.is_file() {
            return Ok((version.clone(), executable));
        }
    }
    bail!(
        "pyenv's {name} shim: none of the selected versions ({}) has bin/{name} under {}",
        versions.join(", "),
        root.join("versions").display()
    )
}

fn pyenv_versions(root: &Path) -> Vec<String> {
    if let Some(versions) = std::env::var("PYENV_VERSION")
        .ok()
        .filter(|v| !v.trim().is_empty())
    {
        return versions.split(':').map(str::to_owned).collect();
    }
    let here = std::env::current_dir().unwrap_or_default();
    let file = here
        .ancestors()
        .map(|dir| dir.join(".python-version"))
        .find(|file| file.is_file())
        .unwrap_or_else(|| root.join("version"));
    let words: Vec<String> = std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .map(|line| line.split('#').next().unwrap_or(""))
        .flat_map(str::split_whitespace)
        .map(str::to_owned)
        .collect();
    if words.is_empty() {
        vec!["system".to_owned()]
    } else {
        words
    }
}

/// `<root>/versions/<version>`, or, for a prefix such as `3.12`, the latest installed
/// version it names (`3.12.1` before `3.12.0`), as pyenv resolves it.
fn pyenv_version_folder(root: &Path, version: &str) -> Option<PathBuf> {
    if version.contains('/') || version == ".." {
        return None;
    }
    let versions = root.join("versions");
    let exact = versions.join(version);
    if exact.is_dir() {
        return Some(exact);
    }
    let numbers = |name: &str| -> Vec<u64> {
        name.split(['.', '-'])
            .map(|part| part.parse().unwrap_or(0))
            .collect()
    };
    std::fs::read_dir(&versions)
        .ok()?
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(&format!("{version}.")))
        .max_by_key(|name| numbers(name))
        .map(|name| versions.join(name))
}

/// `name` on PATH, skipping everything of pyenv's own (`root`): pyenv's `system`.
fn on_path_outside(name: &str, root: &Path) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .filter(|dir| !std::fs::canonicalize(dir).is_ok_and(|dir| dir.starts_with(root)))
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

fn rust(found: &Path, real: &Path, protected: &Protected) -> Result<Installation> {
    if file_name(real) == "rustup" && is_elf(real) {
        let sysroot = rustup_toolchain()?;
        let readable = accept(Interpreter::Rust, &sysroot, protected)
            .with_context(|| format!("rustup's toolchain {}", sysroot.display()))?;
        let program = std::fs::canonicalize(&sysroot)?.join("bin").join("rustc");
        if !program.is_file() {
            bail!("rustup's toolchain has no {}", program.display());
        }
        return Ok(Installation {
            program,
            readable: readable.into_iter().collect(),
        });
    }
    if is_system(real) {
        return Ok(Installation::alone(real));
    }
    if is_elf(real) {
        if let Some(sysroot) = bin_prefix(real).filter(|p| Interpreter::Rust.laid_out_in(p)) {
            let readable = accept(Interpreter::Rust, &sysroot, protected)?;
            return Ok(Installation {
                program: real.to_owned(),
                readable: readable.into_iter().collect(),
            });
        }
    }
    asked::rust(found, real, protected)
}

/// The toolchain folder rustup's proxy would run, as rustup chooses it: `RUSTUP_TOOLCHAIN`,
/// else the nearest `rust-toolchain.toml` or `rust-toolchain` from the current folder up,
/// else the override set for the current folder or one above it, else the default.
fn rustup_toolchain() -> Result<PathBuf> {
    let rustup_home = std::env::var_os("RUSTUP_HOME")
        .filter(|home| !home.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".rustup")))
        .context("neither RUSTUP_HOME nor HOME is set: cannot find rustup's toolchains")?;
    let settings = std::fs::read_to_string(rustup_home.join("settings.toml")).unwrap_or_default();
    let here = std::env::current_dir().unwrap_or_default();
    let name = std::env::var("RUSTUP_TOOLCHAIN")
        .ok()
        .filter(|name| !name.is_empty())
        .or_else(|| toolchain_file(&here))
        .or_else(|| rustup_override(&settings, &here))
        .or_else(|| toml_string(&settings, "default_toolchain"))
        .context("rustup has no default toolchain and none is chosen here")?;
    let toolchains = rustup_home.join("toolchains");
    let host = toml_string(&settings, "default_host_triple")
        .unwrap_or_else(|| format!("{}-unknown-linux-gnu", std::env::consts::ARCH));
    [name.clone(), format!("{name}-{host}")]
        .into_iter()
        .filter(|name| !name.contains('/') && name != "..")
        .map(|name| toolchains.join(name))
        .find(|folder| folder.is_dir())
        .with_context(|| {
            format!(
                "rustup's toolchain {name} is not installed in {}",
                toolchains.display()
            )
        })
}

/// The channel of the nearest toolchain file from `here` up.
fn toolchain_file(here: &Path) -> Option<String> {
    here.ancestors().find_map(|dir| {
        ["rust-toolchain.toml", "rust-toolchain"]
            .iter()
            .map(|name| dir.join(name))
            .find(|file| file.is_file())
            .and_then(|file| {
                let text = std::fs::read_to_string(file).ok()?;
                toml_string(&text, "channel").or_else(|| {
                    // The legacy file: the channel alone on one line.
                    let line = text.trim();
                    (!line.is_empty() && !line.contains(['\n', '=', '['])).then(|| line.to_owned())
                })
            })
    })
}

/// The toolchain rustup's `[overrides]` set for `here` or the nearest folder above it.
fn rustup_override(settings: &str, here: &Path) -> Option<String> {
    let section = settings.split("[overrides]").nth(1)?;
    let section = section.split("\n[").next().unwrap_or(section);
    let overrides: Vec<(PathBuf, String)> = section
        .lines()
        .filter_map(|line| {
            let (key, value) = line.split_once('=')?;
            Some((PathBuf::from(unquote(key)?), unquote(value)?.to_owned()))
        })
        .collect();
    here.ancestors().find_map(|dir| {
        overrides
            .iter()
            .find(|(folder, _)| folder == dir)
            .map(|(_, name)| name.clone())
    })
}

/// The string value of `key = "value"` in a small TOML file: rustup's settings and
/// toolchain files need no more, so no TOML parser is pulled in for them.
fn toml_string(text: &str, key: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let (name, value) = line.split_once('=')?;
        (name.trim() == key).then(|| unquote(value).map(str::to_owned))?
    })
}

fn unquote(text: &str) -> Option<&str> {
    text.trim().strip_prefix('"')?.strip_suffix('"')
}

/// The folder above `bin/` holding `executable`.
fn bin_prefix(executable: &Path) -> Option<PathBuf> {
    let bin = executable.parent()?;
    (bin.file_name() == Some(OsStr::new("bin")))
        .then(|| bin.parent().map(Path::to_path_buf))
        .flatten()
}

/// Whether `path` is an ELF executable, not a script that could claim any layout.
fn is_elf(path: &Path) -> bool {
    use std::io::Read;
    let mut magic = [0u8; 4];
    std::fs::File::open(path)
        .and_then(|mut file| file.read_exact(&mut magic))
        .is_ok()
        && magic == *b"\x7fELF"
}

fn file_name(path: &Path) -> &str {
    path.file_name().and_then(OsStr::to_str).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn protected() -> Protected {
        Protected::of(PathBuf::from("/nonexistent/archive"), None, None, None)
    }

    #[test]
    fn interpreters_are_known_by_the_name_they_are_called_by() {
        assert_eq!(Interpreter::named("python3.12"), Some(Interpreter::Python));
        assert_eq!(Interpreter::named("pypy3"), Some(Interpreter::Python));
        assert_eq!(Interpreter::named("rustc"), Some(Interpreter::Rust));
        assert_eq!(Interpreter::named("rustup"), None);
        assert_eq!(Interpreter::named("sol"), None);
        assert_eq!(Interpreter::named("python"), Some(Interpreter::Python));
        assert_eq!(Interpreter::named("python_solution"), None);
        assert_eq!(Interpreter::named("python3-config"), None);
    }

    #[test]
    fn a_folder_is_accepted_only_with_its_interpreters_layout() {
        let dir = tempfile::tempdir().unwrap();
        let prefix = dir.path().join("py");
        std::fs::create_dir_all(prefix.join("lib/python3.12")).unwrap();
        let error = accept(Interpreter::Python, &prefix, &protected()).unwrap_err();
        assert!(error.to_string().contains("lib/python3.X/os.py"), "{error}");
        std::fs::write(prefix.join("lib/python3.12/os.py"), "").unwrap();
        let accepted = accept(Interpreter::Python, &prefix, &protected()).unwrap();
        assert_eq!(accepted, Some(std::fs::canonicalize(&prefix).unwrap()));
        let error = accept(Interpreter::Rust, &prefix, &protected()).unwrap_err();
        assert!(error.to_string().contains("lib/rustlib/"), "{error}");
        // A system folder is readable already; the root folder never is.
        assert_eq!(
            accept(Interpreter::Python, Path::new("/usr"), &protected()).unwrap(),
            None
        );
        let error = accept(Interpreter::Python, Path::new("/"), &protected()).unwrap_err();
        assert!(error.to_string().contains("root folder"), "{error}");
    }

    #[test]
    fn an_installation_around_the_archive_is_refused_even_with_the_layout() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("lib/python3.12")).unwrap();
        std::fs::write(dir.path().join("lib/python3.12/os.py"), "").unwrap();
        let archive = std::fs::canonicalize(dir.path()).unwrap().join("archive");
        let protected = Protected::of(archive, None, None, None);
        let error = accept(Interpreter::Python, dir.path(), &protected).unwrap_err();
        assert!(
            error.to_string().contains("contains the archive"),
            "{error}"
        );
    }

    #[test]
    fn rustup_settings_are_read_without_a_toml_parser() {
        let settings = "version = \"12\"\ndefault_toolchain = \"stable-x86_64-unknown-linux-gnu\"\n\n[overrides]\n\"/work/one\" = \"nightly\"\n";
        assert_eq!(
            toml_string(settings, "default_toolchain").as_deref(),
            Some("stable-x86_64-unknown-linux-gnu")
        );
        assert_eq!(
            rustup_override(settings, Path::new("/work/one/src")).as_deref(),
            Some("nightly")
        );
        assert_eq!(rustup_override(settings, Path::new("/work/two")), None);
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("rust-toolchain.toml"),
            "[toolchain]\nchannel = \"1.85\"\n",
        )
        .unwrap();
        let inner = dir.path().join("a/b");
        std::fs::create_dir_all(&inner).unwrap();
        assert_eq!(toolchain_file(&inner).as_deref(), Some("1.85"));
    }

    #[test]
    fn a_pyenv_version_prefix_picks_the_latest_installed() {
        let dir = tempfile::tempdir().unwrap();
        for version in ["3.12.1", "3.12.10", "3.12.9", "3.13.0"] {
            std::fs::create_dir_all(dir.path().join("versions").join(version)).unwrap();
        }
        let folder =
            |v| pyenv_version_folder(dir.path(), v).map(|f| f.file_name().unwrap().to_owned());
        assert_eq!(folder("3.12"), Some("3.12.10".into()));
        assert_eq!(folder("3.12.9"), Some("3.12.9".into()));
        assert_eq!(folder("3.11"), None);
        assert_eq!(folder("../.."), None);
    }
}

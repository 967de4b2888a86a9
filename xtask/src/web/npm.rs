//! The in-page judge's toolchains: Clang and LLD compiled to WebAssembly (`@yowasp/clang`)
//! and CPython compiled to WebAssembly (`pyodide`), pinned by `npm/package.json` and
//! `npm/package-lock.json` beside this file. `npm ci` installs exactly the locked versions
//! into `<target>/web-npm/` and checks each package against the lock's integrity hash
//! (it refuses a package whose hash differs); the files the pages load are then copied
//! into the site's `npm/` folder, so that the site fetches nothing from any other host.
//! The install is kept while the lock is unchanged: a second build of the site downloads
//! nothing.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

/// The pins, written into the install folder.
const PACKAGE_JSON: &str = include_str!("npm/package.json");
const PACKAGE_LOCK: &str = include_str!("npm/package-lock.json");

/// The files the judge's modules load (`assets/judge/fetch-cache.js` names where), by their
/// path inside `node_modules/`, which is also their path under the site's `npm/`.
pub const SHIPPED: &[&str] = &[
    "@yowasp/clang/gen/bundle.js",
    "@yowasp/clang/gen/llvm.core.wasm",
    "@yowasp/clang/gen/llvm.core2.wasm",
    "@yowasp/clang/gen/llvm.core3.wasm",
    "@yowasp/clang/gen/llvm.core4.wasm",
    "@yowasp/clang/gen/llvm-resources.tar",
    // The packages' own descriptions, which carry their licences (ISC; MPL-2.0).
    "@yowasp/clang/package.json",
    "@yowasp/clang/README.md",
    "pyodide/pyodide.mjs",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip",
    "pyodide/pyodide-lock.json",
    "pyodide/package.json",
    "pyodide/README.md",
];

/// Installs the pinned packages (once per lock) into `<target>/web-npm/` and copies the
/// shipped files into `site/npm/`, with `npm/sizes.json` saying what each language's first
/// judging downloads (the page says it); returns what was shipped.
///
/// # Errors
/// npm is missing (the message says how to install it), the install fails or a package
/// does not match its integrity hash, or a file cannot be copied.
pub fn ship(target: &Path, site: &Path) -> Result<Shipped> {
    let modules = install(&target.join("web-npm"))?;
    let mut bytes = 0;
    let (mut clang, mut python) = (0, 0);
    for file in SHIPPED {
        let from = modules.join(file);
        let to = site.join("npm").join(file);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("creating {}", parent.display()))?;
        }
        // A hard link where the site is on the same file system (100 MB, written on every
        // build of the site otherwise); a copy elsewhere.
        let _ = std::fs::remove_file(&to);
        if std::fs::hard_link(&from, &to).is_err() {
            std::fs::copy(&from, &to)
                .with_context(|| format!("copying {} to {}", from.display(), to.display()))?;
        }
        let size = std::fs::metadata(&to)
            .with_context(|| format!("reading {}", to.display()))?
            .len();
        bytes += size;
        // What the page loads: the package's descriptions are not fetched.
        if !file.ends_with(".md") && !file.ends_with("package.json") {
            if file.starts_with("pyodide/") {
                python += size;
            } else {
                clang += size;
            }
        }
    }
    let sizes = serde_json::json!({ "c": clang, "cpp": clang, "python": python });
    let path = site.join("npm/sizes.json");
    std::fs::write(&path, sizes.to_string())
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(Shipped {
        bytes,
        clang,
        python,
    })
}

/// The toolchains' files copied into a site.
#[derive(Debug, Clone, Copy)]
pub struct Shipped {
    /// Every file shipped, descriptions and licences included.
    pub bytes: u64,
    /// What the first judging in C or C++ downloads.
    pub clang: u64,
    /// What the first judging in Python downloads.
    pub python: u64,
}

/// `npm ci` in `dir` unless the lock there is already installed; returns `node_modules`.
fn install(dir: &Path) -> Result<PathBuf> {
    let modules = dir.join("node_modules");
    let stamp = dir.join("installed-lock.json");
    let installed = std::fs::read_to_string(&stamp).is_ok_and(|lock| lock == PACKAGE_LOCK);
    if installed && SHIPPED.iter().all(|file| modules.join(file).is_file()) {
        return Ok(modules);
    }
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    std::fs::write(dir.join("package.json"), PACKAGE_JSON)?;
    std::fs::write(dir.join("package-lock.json"), PACKAGE_LOCK)?;
    let _ = std::fs::remove_file(&stamp);
    eprintln!(
        "web: installing the in-page judge's toolchains (Clang and Pyodide, about 34 MB \
         packed) with npm ci, once"
    );
    // No install scripts: the packages are files to copy, nothing runs here.
    let status = Command::new("npm")
        .args([
            "ci",
            "--ignore-scripts",
            "--no-audit",
            "--no-fund",
            "--loglevel=error",
        ])
        .current_dir(dir)
        .status();
    match status {
        Ok(status) if status.success() => {}
        Ok(status) => bail!(
            "npm ci in {} failed ({status}): the in-page judge's toolchains are not installed",
            dir.display()
        ),
        Err(error) => bail!(
            "the npm command could not be started ({error}); the in-page judge's toolchains \
             come from the npm registry: install Node.js with npm (on Debian: apt-get install \
             npm)"
        ),
    }
    for file in SHIPPED {
        let path = modules.join(file);
        anyhow::ensure!(path.is_file(), "npm ci did not install {}", path.display());
    }
    std::fs::write(&stamp, PACKAGE_LOCK).with_context(|| format!("writing {}", stamp.display()))?;
    Ok(modules)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_pins_every_package_with_its_integrity_hash() {
        let lock: serde_json::Value = serde_json::from_str(PACKAGE_LOCK).unwrap();
        let package: serde_json::Value = serde_json::from_str(PACKAGE_JSON).unwrap();
        let packages = lock["packages"].as_object().unwrap();
        for (name, version) in package["dependencies"].as_object().unwrap() {
            let locked = &packages[&format!("node_modules/{name}")];
            assert_eq!(&locked["version"], version, "{name}");
            let integrity = locked["integrity"].as_str().unwrap();
            assert!(integrity.starts_with("sha512-"), "{name}: {integrity}");
        }
        // The modules find the packages where the versions are the pins.
        let cache = include_str!("assets/judge/fetch-cache.js");
        for (name, version) in package["dependencies"].as_object().unwrap() {
            let version = version.as_str().unwrap();
            assert!(cache.contains(&format!("'{version}'")), "{name} {version}");
        }
        for file in SHIPPED {
            let package = if file.starts_with('@') {
                file.splitn(3, '/').take(2).collect::<Vec<_>>().join("/")
            } else {
                file.split('/').next().unwrap().to_owned()
            };
            assert!(
                packages.contains_key(&format!("node_modules/{package}")),
                "{file}"
            );
        }
    }
}

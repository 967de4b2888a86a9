//! What the test suite runs besides Rust, and the Debian package each comes from: the
//! runtimes the judge's tests compile and run solutions with, the in-page judge's
//! installer, and the browser the playground's tests drive.

use std::ffi::OsStr;
use std::path::Path;

/// A program the tests run, found on the `PATH` under one of its names.
#[derive(Debug, PartialEq, Eq)]
pub struct Need {
    /// Its names; any one on the `PATH` will do.
    pub programs: &'static [&'static str],
    /// The Debian package that installs it.
    pub package: &'static str,
    /// What the tests run it for.
    pub why: &'static str,
}

/// Everything the tests run that a machine with only Rust may lack.
pub const NEEDS: &[Need] = &[
    Need {
        programs: &["g++"],
        package: "g++",
        why: "C++ solutions, and the submissions the tests compile as judges do",
    },
    Need {
        programs: &["gcc"],
        package: "gcc",
        why: "C solutions",
    },
    Need {
        programs: &["python3"],
        package: "python3",
        why: "Python solutions",
    },
    Need {
        programs: &["javac"],
        package: "default-jdk-headless",
        why: "Java solutions, compiled and run",
    },
    Need {
        programs: &["node"],
        package: "nodejs",
        why: "JavaScript solutions, and the site's scripts parsed",
    },
    Need {
        programs: &["npm"],
        package: "npm",
        why: "the in-page judge's pinned compilers, installed by `cargo xtask web`",
    },
    Need {
        programs: &["chromium", "chromium-browser"],
        package: "chromium",
        why: "the playground's browser tests",
    },
    Need {
        programs: &["chromedriver"],
        package: "chromium-driver",
        why: "the browser tests drive chromium through it",
    },
    Need {
        programs: &["setpriv"],
        package: "util-linux",
        why: "the sandbox's tests start a spawner as the user nobody",
    },
];

/// The needs none of whose programs is on `path` (a `PATH` value).
pub fn missing(path: &OsStr) -> Vec<&'static Need> {
    NEEDS
        .iter()
        .filter(|need| !need.programs.iter().any(|program| on_path(path, program)))
        .collect()
}

/// The packages that install `needs`, each once, in order.
pub fn packages(needs: &[&Need]) -> Vec<&'static str> {
    let mut packages: Vec<&'static str> = Vec::new();
    for need in needs {
        if !packages.contains(&need.package) {
            packages.push(need.package);
        }
    }
    packages
}

fn on_path(path: &OsStr, program: &str) -> bool {
    std::env::split_paths(path).any(|dir| is_executable(&dir.join(program)))
}

fn is_executable(file: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    file.metadata()
        .is_ok_and(|found| found.is_file() && found.permissions().mode() & 0o111 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_found_under_any_of_its_names_is_not_missing() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["chromium-browser", "g++", "not-executable"] {
            let file = dir.path().join(name);
            std::fs::write(&file, "").unwrap();
            let mode = if name == "not-executable" {
                0o644
            } else {
                0o755
            };
            std::fs::set_permissions(&file, std::os::unix::fs::PermissionsExt::from_mode(mode))
                .unwrap();
        }
        let missing = missing(dir.path().as_os_str());
        assert!(!missing.iter().any(|need| need.package == "chromium"));
        assert!(!missing.iter().any(|need| need.package == "g++"));
        assert!(missing.iter().any(|need| need.package == "gcc"));
        assert_eq!(missing.len(), NEEDS.len() - 2);
    }

    #[test]
    fn each_package_is_named_once() {
        let twice = [&NEEDS[0], &NEEDS[0], &NEEDS[6]];
        assert_eq!(packages(&twice), ["g++", "chromium"]);
    }
}

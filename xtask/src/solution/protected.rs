//! The folders a solution must never be able to read through a folder made readable for
//! it: the archive, every folder that holds expected answers (the test data it is judged
//! on, the archive's test data, its problem packages, the build folder where exported
//! packages and stress cases go, the official data beside the archive), the home folder
//! and the current folder. A folder is made readable whole (an interpreter's installation,
//! a Java class path), so it is refused when it contains one of these, or lies inside a
//! folder of answers; `/` contains them all.

use std::path::{Path, PathBuf};

/// The folders [`Protected::refuses`] guards, made canonical once.
#[derive(Debug, Clone)]
pub struct Protected {
    archive: PathBuf,
    home: Option<PathBuf>,
    current: Option<PathBuf>,
    /// The folders that hold expected answers, each with what it is: a readable folder
    /// may neither contain them nor lie inside them.
    answers: Vec<(&'static str, PathBuf)>,
}

/// What a readable folder is for: a class path is the user's own choice of folder, often
/// the current one, so the current folder is not refused for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Installation,
    ClassPath,
}

fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned())
}

impl Protected {
    /// The archive, the home folder (`HOME`), the current folder, the archive's test data
    /// and `data`, the folder of test data the solution is judged on, if another.
    pub fn new(data: Option<&Path>) -> Protected {
        let archive = canonical(&crate::project_root());
        let home = std::env::var_os("HOME")
            .filter(|home| !home.is_empty())
            .map(|home| canonical(Path::new(&home)));
        let current = std::env::current_dir().ok().map(|here| canonical(&here));
        let mut protected = Protected::of(archive.clone(), home, current, data.map(canonical));
        // The build folder may be anywhere (`CARGO_TARGET_DIR`); it holds the exported
        // packages' answers and stress's failing cases with theirs.
        let target = crate::build::target_dir(&archive).unwrap_or_else(|_| archive.join("target"));
        protected.answers.push((
            "the build folder, which holds exported packages and stress cases",
            canonical(&target),
        ));
        // The official data, where the archive's checkout has it beside it.
        if let Some(shared) = archive
            .parent()
            .map(|parent| parent.join("shared/official"))
        {
            if shared.is_dir() {
                protected
                    .answers
                    .push(("the official data", canonical(&shared)));
            }
        }
        protected
    }

    /// The folders given, as they are (for tests: a made-up archive and home).
    pub fn of(
        archive: PathBuf,
        home: Option<PathBuf>,
        current: Option<PathBuf>,
        data: Option<PathBuf>,
    ) -> Protected {
        let mut protected = Protected {
            answers: vec![
                ("the test data", archive.join("testdata")),
                ("the problem packages", archive.join("packages")),
            ],
            archive,
            home,
            current,
        };
        protected
            .answers
            .extend(data.map(|data| ("the test data", data)));
        protected
    }

    /// Why the canonical `folder` may not be made readable for `purpose`, if it may not.
    pub fn refuses(&self, folder: &Path, purpose: Purpose) -> Option<String> {
        if folder.parent().is_none() {
            return Some("it is the root folder, which holds everything".to_owned());
        }
        let contains = |inner: &Path| inner.starts_with(folder);
        if contains(&self.archive) {
            return Some(format!(
                "it contains the archive ({}), expected answers included",
                self.archive.display()
            ));
        }
        if let Some(home) = self.home.as_ref().filter(|home| contains(home)) {
            return Some(format!("it contains your home folder ({})", home.display()));
        }
        if let Some((what, answers)) = self
            .answers
            .iter()
            .find(|(_, answers)| contains(answers) || folder.starts_with(answers))
        {
            return Some(format!(
                "it {} {what} ({})",
                if contains(answers) {
                    "contains"
                } else {
                    "is in"
                },
                answers.display()
            ));
        }
        if purpose == Purpose::Installation {
            if let Some(current) = self.current.as_ref().filter(|current| contains(current)) {
                return Some(format!(
                    "it contains the current folder ({})",
                    current.display()
                ));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn protected() -> Protected {
        Protected::of(
            PathBuf::from("/work/archive"),
            Some(PathBuf::from("/home/me")),
            Some(PathBuf::from("/home/me/contest/src")),
            Some(PathBuf::from("/home/me/contest/data")),
        )
    }

    /// The build folder, wherever it is, holds exported answers: `java -cp
    /// CLASSES:<archive>/target Main` read every `.ans` and passed without solving.
    #[test]
    fn the_build_folder_is_refused_wherever_it_is() {
        let protected = Protected::new(None);
        let target = crate::build::target_dir(&crate::project_root()).unwrap();
        let target = canonical(&target);
        for folder in [
            target.clone(),
            target.join("packages"),
            target.join("stress"),
        ] {
            std::fs::create_dir_all(&folder).unwrap();
            let reason = protected
                .refuses(&canonical(&folder), Purpose::ClassPath)
                .unwrap_or_else(|| panic!("{} is readable", folder.display()));
            assert!(reason.contains("the build folder"), "{reason}");
        }
    }

    #[test]
    fn folders_holding_what_a_solution_must_not_read_are_refused() {
        let protected = protected();
        let refused = |folder: &str, purpose| protected.refuses(Path::new(folder), purpose);
        use Purpose::{ClassPath, Installation};
        assert!(refused("/", Installation).unwrap().contains("root folder"));
        assert!(refused("/work", ClassPath).unwrap().contains("the archive"));
        assert!(
            refused("/work/archive", Installation)
                .unwrap()
                .contains("the archive")
        );
        assert!(
            refused("/home", Installation)
                .unwrap()
                .contains("home folder")
        );
        assert!(
            refused("/home/me", ClassPath)
                .unwrap()
                .contains("home folder")
        );
        let inside = refused("/work/archive/testdata/statues", ClassPath).unwrap();
        assert!(inside.contains("is in the test data"), "{inside}");
        let data = refused("/home/me/contest/data/more", ClassPath).unwrap();
        assert!(data.contains("/home/me/contest/data"), "{data}");
        // The current folder is the usual class path, never an installation.
        assert!(
            refused("/home/me/contest/src", Installation)
                .unwrap()
                .contains("current")
        );
        assert_eq!(refused("/home/me/contest/src", ClassPath), None);
        assert!(
            refused("/home/me/contest", ClassPath)
                .unwrap()
                .contains("contains the test data")
        );
        assert_eq!(refused("/home/me/contest/classes", ClassPath), None);
        assert_eq!(
            refused("/home/me/.pyenv/versions/3.12.1", Installation),
            None
        );
        assert_eq!(refused("/work/archive/xtask", ClassPath), None);
        // Every folder of answers in the archive, and what holds it.
        let packages = refused("/work/archive/packages/statues", ClassPath).unwrap();
        assert!(
            packages.contains("is in the problem packages"),
            "{packages}"
        );
        assert_eq!(refused("/opt/python", Installation), None);
    }
}

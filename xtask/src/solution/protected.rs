//! The folders a solution must never be able to read through a folder made readable for
//! it: the archive (its expected answers), the test data it is judged on, the home folder
//! and the current folder. A folder is made readable whole (an interpreter's installation,
//! a Java class path), so it is refused when it contains one of these; `/` contains them
//! all.

use std::path::{Path, PathBuf};

/// The folders [`Protected::refuses`] guards, made canonical once.
#[derive(Debug, Clone)]
pub struct Protected {
    archive: PathBuf,
    home: Option<PathBuf>,
    current: Option<PathBuf>,
    /// The archive's `testdata/` and the `--data` folder: a readable folder may neither
    /// contain them nor lie inside them.
    data: Vec<PathBuf>,
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
        Protected::of(archive, home, current, data.map(canonical))
    }

    /// The folders given, as they are (for tests: a made-up archive and home).
    pub fn of(
        archive: PathBuf,
        home: Option<PathBuf>,
        current: Option<PathBuf>,
        data: Option<PathBuf>,
    ) -> Protected {
        let mut protected = Protected {
            data: vec![archive.join("testdata")],
            archive,
            home,
            current,
        };
        protected.data.extend(data);
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
        if let Some(data) = self
            .data
            .iter()
            .find(|data| contains(data) || folder.starts_with(data))
        {
            return Some(format!(
                "it {} the test data ({})",
                if contains(data) { "contains" } else { "is in" },
                data.display()
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
        assert_eq!(refused("/opt/python", Installation), None);
    }
}

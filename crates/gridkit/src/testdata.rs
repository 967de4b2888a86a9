//! The project's test-data folders, for the crates' tests and generators:
//! `testdata/<problem>/NAME.in` with its expected output `NAME.out` beside it.

use std::io;
use std::path::{Path, PathBuf};

/// One test: its name, its input and its expected output.
#[derive(Debug, Clone)]
pub struct Case {
    pub name: String,
    pub input: String,
    pub expected: String,
}

/// `testdata/<problem>` of this workspace.
pub fn folder(problem: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(problem)
}

/// Every case of `testdata/<problem>`, sorted by name.
///
/// # Errors
/// The folder cannot be read, or an `.in` lacks its `.out` or the other way round.
pub fn cases(problem: &str) -> io::Result<Vec<Case>> {
    let dir = folder(problem);
    let mut names = Vec::new();
    for entry in std::fs::read_dir(&dir)? {
        let path = entry?.path();
        let Some(ext) = path.extension().filter(|ext| *ext == "in" || *ext == "out") else {
            continue;
        };
        let partner = path.with_extension(if ext == "in" { "out" } else { "in" });
        if !partner.is_file() {
            return Err(io::Error::other(format!(
                "{} has no {}",
                path.display(),
                partner.display()
            )));
        }
        if ext == "in" {
            names.push(
                path.file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
            );
        }
    }
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let input = std::fs::read_to_string(dir.join(format!("{name}.in")))?;
            let expected = std::fs::read_to_string(dir.join(format!("{name}.out")))?;
            Ok(Case {
                name,
                input,
                expected,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_folder_is_an_error() {
        assert!(cases("no-such-problem").is_err());
    }
}

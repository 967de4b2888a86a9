//! Finding test pairs: `NAME.in` with the expected output `NAME.out` beside it.

use std::cmp::Ordering;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

/// One input file and its expected output.
#[derive(Debug, Clone)]
pub struct TestPair {
    pub name: String,
    pub input: PathBuf,
    pub expected: PathBuf,
}

/// The tests of a folder: its pairs, and the inputs that have no expected output.
#[derive(Debug, Clone)]
pub struct Suite {
    pub pairs: Vec<TestPair>,
    /// Inputs without their `.out`: named in the report, not judged.
    pub unpaired: Vec<PathBuf>,
}

/// Every pair in `dir`, in natural order (gam2a before gam10a), and the inputs without an
/// expected output. Other files are ignored.
///
/// # Errors
/// The folder cannot be read, or holds no pair.
pub fn pairs(dir: &Path) -> Result<Suite> {
    let entries = std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))?;
    let mut pairs = Vec::new();
    let mut unpaired = Vec::new();
    for entry in entries {
        let path = entry?.path();
        if path.extension().is_none_or(|ext| ext != "in") {
            continue;
        }
        // The name as its bytes are: one that is not UTF-8 is shown escaped (`bad\xff`),
        // never with a replacement character that could stand for two names.
        let name = verdict::shown::escaped_bytes(
            path.file_stem().context("file without a name")?.as_bytes(),
        );
        let expected = path.with_extension("out");
        if !expected.is_file() {
            unpaired.push(path);
            continue;
        }
        pairs.push(TestPair {
            name,
            input: path,
            expected,
        });
    }
    if pairs.is_empty() {
        let unpaired_note = match unpaired.first() {
            Some(input) => format!(
                "; {} has no expected output {}",
                input.display(),
                input.with_extension("out").display()
            ),
            None => String::new(),
        };
        bail!(
            "no tests in {} (a test is NAME.in with NAME.out beside it){unpaired_note}",
            dir.display()
        );
    }
    pairs.sort_by(|a, b| natural_order(&a.name, &b.name));
    unpaired.sort();
    Ok(Suite { pairs, unpaired })
}

/// Compares names with runs of digits taken as numbers.
pub fn natural_order(a: &str, b: &str) -> Ordering {
    fn chunks(text: &str) -> Vec<(bool, &str)> {
        let mut out = Vec::new();
        let mut start = 0;
        let bytes = text.as_bytes();
        for index in 1..=bytes.len() {
            if index == bytes.len()
                || bytes[index].is_ascii_digit() != bytes[index - 1].is_ascii_digit()
            {
                out.push((bytes[start].is_ascii_digit(), &text[start..index]));
                start = index;
            }
        }
        out
    }
    let key = |(digits, chunk): (bool, &str)| {
        if digits {
            let trimmed = chunk.trim_start_matches('0');
            (0, trimmed.len(), trimmed.to_owned())
        } else {
            (1, 0, chunk.to_owned())
        }
    };
    let left = chunks(a).into_iter().map(key);
    let right = chunks(b).into_iter().map(key);
    left.cmp(right).then_with(|| a.cmp(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_order_sorts_numbers_by_value() {
        let mut names = vec![
            "gam10a", "gam2b", "gam2a", "gam1c", "heavy", "gen-010", "gen-9",
        ];
        names.sort_by(|a, b| natural_order(a, b));
        assert_eq!(
            names,
            [
                "gam1c", "gam2a", "gam2b", "gam10a", "gen-9", "gen-010", "heavy"
            ]
        );
    }

    #[test]
    fn an_input_without_expected_output_is_named_and_the_rest_kept() {
        let dir = std::env::temp_dir().join(format!("xtask-pairs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.in"), "1").unwrap();
        std::fs::write(dir.join("a.out"), "1").unwrap();
        std::fs::write(dir.join("notes.md"), "ignored").unwrap();
        assert_eq!(pairs(&dir).unwrap().pairs.len(), 1);
        std::fs::write(dir.join("b.in"), "2").unwrap();
        let suite = pairs(&dir).unwrap();
        assert_eq!(suite.pairs.len(), 1);
        assert_eq!(suite.unpaired, [dir.join("b.in")]);
        std::fs::remove_file(dir.join("a.in")).unwrap();
        let error = pairs(&dir).unwrap_err().to_string();
        assert!(error.contains("b.in has no expected output"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(pairs(&dir).is_err());
    }
}

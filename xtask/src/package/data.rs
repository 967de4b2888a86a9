//! The test data of a package: which `testdata/` files go in, where (`data/sample`,
//! `data/secret`, gam's scoring groups), which are left out and why, and the YAML that
//! configures the folders in each format (legacy `testdata.yaml`, 2025-09
//! `test_group.yaml`).
//!
//! A judge's input must follow the statement exactly, while the archive's parsers are
//! tolerant on purpose (extra spaces, tabs, CRLF) and its testdata has such files. The
//! package's own input validator decides: a file it refuses is left out, with its reason.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail};

use crate::testdata::{self, TestPair};

/// A `testdata/` file the package does not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftOut {
    pub name: String,
    pub reason: String,
}

/// Where one test goes: its folder under `data/` (e.g. `sample`, `secret/group07`).
#[derive(Debug)]
pub struct Placed {
    pub pair: TestPair,
    pub folder: String,
}

/// The points of gam's groups 1..=15: all or nothing per group, 40 for groups 1-6
/// (n <= 40) and 60 for groups 1-9 (n <= 150), as the contest scored them.
pub const GAM_POINTS: [u32; 15] = [7, 7, 7, 7, 6, 6, 7, 7, 6, 7, 7, 7, 7, 6, 6];

/// gam's files outside the 15 groups go here, worth 0 points.
pub const GAM_EXTRA: &str = "secret/extra";

/// Splits `dir`'s pairs into the package's folders; inputs the `validator` executable
/// refuses are left out.
///
/// # Errors
/// `dir` holds no pair, or the validator cannot be run.
pub fn place(dir: &Path, validator: &Path, scoring: bool) -> Result<(Vec<Placed>, Vec<LeftOut>)> {
    let mut placed: Vec<Placed> = Vec::new();
    let mut left_out = Vec::new();
    let mut pairs = testdata::pairs(dir)?.pairs;
    // Samples first, so that a secret file repeating a sample is the one left out.
    pairs.sort_by_key(|pair| !pair.name.starts_with("sample"));
    let mut inputs: Vec<(Vec<u8>, String)> = Vec::new();
    for pair in pairs {
        let bytes = std::fs::read(&pair.input)
            .with_context(|| format!("reading {}", pair.input.display()))?;
        // Judges warn on identical inputs: each input once.
        if let Some((_, first)) = inputs.iter().find(|(seen, _)| *seen == bytes) {
            left_out.push(LeftOut {
                name: pair.name.clone(),
                reason: format!("the same input as {first}"),
            });
            continue;
        }
        inputs.push((bytes, pair.name.clone()));
        if let Some(reason) = refusal(validator, &pair.input)? {
            left_out.push(LeftOut {
                name: pair.name.clone(),
                reason: format!("does not follow the statement's format exactly ({reason})"),
            });
            continue;
        }
        let folder = if pair.name.starts_with("sample") {
            "sample".to_owned()
        } else if scoring {
            match gam_group(&pair.name) {
                Some(group) => format!("secret/group{group:02}"),
                None => GAM_EXTRA.to_owned(),
            }
        } else {
            "secret".to_owned()
        };
        placed.push(Placed { pair, folder });
    }
    Ok((placed, left_out))
}

/// `gam7b` -> 7: the group of a file of the contest's layout, if its name has that shape.
pub fn gam_group(name: &str) -> Option<usize> {
    let stem = name.strip_prefix("gam")?;
    let digits = stem.strip_suffix(['a', 'b', 'c'])?;
    let group: usize = digits.parse().ok()?;
    (1..=GAM_POINTS.len()).contains(&group).then_some(group)
}

/// Runs the validator on `input`: `None` when it accepts (exit 42), else its message.
fn refusal(validator: &Path, input: &Path) -> Result<Option<String>> {
    let stdin =
        std::fs::File::open(input).with_context(|| format!("reading {}", input.display()))?;
    let output = Command::new(validator)
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .with_context(|| format!("running {}", validator.display()))?;
    match output.status.code() {
        Some(42) => Ok(None),
        Some(43) => Ok(Some(
            String::from_utf8_lossy(&output.stderr).trim().to_owned(),
        )),
        _ => bail!(
            "the input validator {} failed on {}: {}",
            validator.display(),
            input.display(),
            String::from_utf8_lossy(&output.stderr).trim()
        ),
    }
}

/// The flags verifyproblem compiles a C++ validator with.
const VALIDATOR_FLAGS: [&str; 2] = ["-O2", "-std=gnu++17"];

/// Compiles the package's C++ input validator (`source`, with the headers of its folder)
/// as verifyproblem would, into `cache`, where it stays under a digest of its folder's
/// files and the flags: each compile took 0.6 s, five per export, and the validators
/// rarely change. A changed file is a new digest, so a stale binary is never run.
///
/// # Errors
/// g++ is missing or the source does not compile, or a file cannot be read or written.
pub fn compile_validator(source: &Path, cache: &Path) -> Result<PathBuf> {
    let binary = cache.join(format!("validate-{:016x}", digest(source)?));
    if binary.is_file() {
        return Ok(binary);
    }
    std::fs::create_dir_all(cache).with_context(|| format!("creating {}", cache.display()))?;
    // Compiled under a name of its own, then renamed: another export running at the same
    // time never runs a half-written binary.
    let partial = tempfile::Builder::new()
        .prefix(".validate-")
        .tempfile_in(cache)
        .with_context(|| format!("creating a file in {}", cache.display()))?
        .into_temp_path();
    let output = Command::new("g++")
        .args(VALIDATOR_FLAGS)
        .arg("-o")
        .arg(&partial)
        .arg(source)
        .output()
        .context("running g++ (the input validators are C++)")?;
    if !output.status.success() {
        bail!(
            "{} does not compile:\n{}",
            source.display(),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    partial
        .persist(&binary)
        .with_context(|| format!("writing {}", binary.display()))?;
    Ok(binary)
}

/// A digest of the files of `source`'s folder, their names and bytes, and the flags.
fn digest(source: &Path) -> Result<u64> {
    let folder = source
        .parent()
        .context("a validator's source is in a folder")?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .with_context(|| format!("reading {}", folder.display()))?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<std::io::Result<_>>()
        .with_context(|| format!("reading {}", folder.display()))?;
    files.retain(|file| file.is_file());
    files.sort();
    let mut hasher = std::hash::DefaultHasher::new();
    VALIDATOR_FLAGS.hash(&mut hasher);
    for file in files {
        file.file_name().hash(&mut hasher);
        std::fs::read(&file)
            .with_context(|| format!("reading {}", file.display()))?
            .hash(&mut hasher);
    }
    Ok(hasher.finish())
}

/// `testdata.yaml` of gam's group `group` (1-based): all or nothing, worth its points.
pub fn gam_group_yaml(group: usize) -> String {
    let points = GAM_POINTS[group - 1];
    format!(
        "on_reject: break\naccept_score: {points}\nreject_score: 0\nrange: 0 {points}\n\
         grader_flags: min\n"
    )
}

/// `data/secret/testdata.yaml` of gam's legacy package as DOMjudge is given it: without
/// `accept_if_any_accepted`, a flag DOMjudge does not know and warns about (it scores by
/// the groups and needs no verdict for partial scores).
pub const GAM_SECRET_YAML_DOMJUDGE: &str = "on_reject: continue\nrange: 0 100\ngrader_flags: sum\n";

/// The other `testdata.yaml` files of a scoring package, by folder under `data/`.
pub fn gam_yaml_files() -> Vec<(&'static str, &'static str)> {
    vec![
        // The samples count for nothing; the verdict is AC when any group is accepted,
        // so a solution that solves some groups is partially accepted.
        (
            "",
            "on_reject: continue\nrange: 0 100\ngrader_flags: ignore_sample sum\n",
        ),
        (
            "sample",
            "on_reject: continue\naccept_score: 0\nrange: 0 0\ngrader_flags: sum\n",
        ),
        (
            "secret",
            "on_reject: continue\nrange: 0 100\ngrader_flags: accept_if_any_accepted sum\n",
        ),
        (
            "secret/extra",
            "on_reject: continue\naccept_score: 0\nrange: 0 0\ngrader_flags: sum\n",
        ),
    ]
}

/// The `test_group.yaml` files of a 2025-09 package, by folder under `data/`: the output
/// checker's arguments everywhere (`args` is a sequence of words there), and for a scoring
/// problem each group's points (`max_score`; a group is all or nothing by default) within
/// `secret`'s default 100, summed.
pub fn test_group_files(args: &str, scoring: bool) -> Vec<(String, String)> {
    let plain = format!("output_validator_args: {args}\n");
    let mut files = vec![
        ("sample".to_owned(), plain.clone()),
        ("secret".to_owned(), plain.clone()),
    ];
    if scoring {
        for (index, points) in GAM_POINTS.iter().enumerate() {
            files.push((
                format!("secret/group{:02}", index + 1),
                format!("max_score: {points}\n{plain}"),
            ));
        }
        files.push((GAM_EXTRA.to_owned(), format!("max_score: 0\n{plain}")));
    }
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gam_groups_are_read_from_file_names() {
        assert_eq!(gam_group("gam7b"), Some(7));
        assert_eq!(gam_group("gam15c"), Some(15));
        assert_eq!(gam_group("gam16a"), None);
        assert_eq!(gam_group("gam7d"), None);
        assert_eq!(gam_group("heavy"), None);
        assert_eq!(GAM_POINTS.iter().sum::<u32>(), 100);
        assert_eq!(GAM_POINTS[..6].iter().sum::<u32>(), 40);
        assert_eq!(GAM_POINTS[..9].iter().sum::<u32>(), 60);
    }
}

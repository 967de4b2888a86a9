//! What the judging tests and the chaos test share (`judging`, `chaos`): the spawner, the
//! hostile fixtures, and a `verify` of a solution on statues' tests.
//! [`target`] gives the tests of `CARGO_TARGET_DIR` a folder of their own that shares
//! the release build.

pub mod target;

use std::path::{Path, PathBuf};

use xtask::verify::Verify;

/// Starts programs through this build's `xtask spawner`.
pub fn use_spawner() {
    xtask::sandbox::use_spawner(Path::new(env!("CARGO_BIN_EXE_xtask")));
}

/// The hostile fixture `name` of the judging tests.
pub fn hostile(name: &str) -> PathBuf {
    xtask::project_root().join("xtask/tests/hostile").join(name)
}

/// The fixture `name` of the sandbox crate's own tests, judged here too.
pub fn sandbox_hostile(name: &str) -> PathBuf {
    xtask::project_root()
        .join("crates/sandbox/tests/hostile")
        .join(name)
}

/// The fixture `source` with `@KEY@` replaced, written into `dir` under the same name.
pub fn fixture(dir: &Path, source: &Path, replacements: &[(&str, &str)]) -> PathBuf {
    let mut text = std::fs::read_to_string(source).unwrap();
    for (key, value) in replacements {
        text = text.replace(&format!("@{key}@"), value);
    }
    let path = dir.join(source.file_name().unwrap());
    std::fs::write(&path, text).unwrap();
    path
}

/// Copies of the statues samples in `dir/data`, a `--data` folder of their own: a test
/// may let a hostile program try to change them, never the archive's.
pub fn statues_samples(dir: &Path) -> PathBuf {
    let data = dir.join("data");
    std::fs::create_dir(&data).unwrap();
    let testdata = xtask::project_root().join("testdata/statues");
    for name in ["sample1", "sample2", "sample3"] {
        for extension in ["in", "out"] {
            let file = format!("{name}.{extension}");
            std::fs::copy(testdata.join(&file), data.join(&file)).unwrap();
        }
    }
    data
}

/// `cargo xtask verify statues --solution SOLUTION [--data DATA]`: passed, failed, and
/// the report.
pub fn verify_statues(solution: &str, data: Option<PathBuf>) -> (usize, usize, String) {
    use_spawner();
    let mut report = Vec::new();
    let tally = Verify {
        crates: vec!["statues".to_owned()],
        data,
        solution: Some(solution.to_owned()),
        ..Verify::default()
    }
    .report(&mut report)
    .unwrap();
    (
        tally.passed,
        tally.failed,
        String::from_utf8(report).unwrap(),
    )
}

/// The README and every chapter of the book (`docs/*.md`, in name order).
pub fn readme_and_book() -> Vec<PathBuf> {
    let root = xtask::project_root();
    let mut pages = vec![root.join("README.md")];
    let mut chapters: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    chapters.sort();
    pages.extend(chapters);
    pages
}

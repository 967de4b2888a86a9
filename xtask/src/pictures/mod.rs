//! `cargo xtask pictures`: the book's pictures, one per problem, drawn by each solver's
//! `--explain=svg` (in process, through the libraries) from the test-data file that shows
//! the idea (each problem's `PICTURE_CASE`), into `docs/pictures/<crate>.svg`. `tests/suite/pictures.rs` draws them again in
//! memory and fails when a file is out of date, as a snapshot would.

use std::path::{Path, PathBuf};

use anyhow::Context;
use problems::PROBLEMS;

/// Where the pictures live, under the project's root.
pub fn folder(root: &Path) -> PathBuf {
    root.join("docs/pictures")
}

/// Every picture, drawn now: (the file it belongs in, its SVG).
///
/// # Errors
/// A test-data file cannot be read, or a solver refuses it.
pub fn draw_all(root: &Path) -> anyhow::Result<Vec<(PathBuf, String)>> {
    PROBLEMS
        .iter()
        .map(|problem| {
            let input = root
                .join("testdata")
                .join(problem.name())
                .join(format!("{}.in", problem.picture_case()));
            let text =
                std::fs::read_to_string(&input).with_context(|| input.display().to_string())?;
            let svg = problem
                .svg(&text)
                .with_context(|| format!("drawing {}", input.display()))?;
            Ok((folder(root).join(format!("{}.svg", problem.name())), svg))
        })
        .collect()
}

/// The `pictures` subcommand.
pub struct Pictures;

impl Pictures {
    /// Writes every picture into `docs/pictures/`, saying which changed.
    ///
    /// # Errors
    /// As [`draw_all`], or a file cannot be written.
    pub fn run(&self) -> anyhow::Result<()> {
        let root = crate::project_root();
        std::fs::create_dir_all(folder(&root))?;
        for (path, svg) in draw_all(&root)? {
            let old = std::fs::read_to_string(&path).unwrap_or_default();
            let state = if old == svg { "unchanged" } else { "written" };
            std::fs::write(&path, svg).with_context(|| path.display().to_string())?;
            println!(
                "{state}: {}",
                path.strip_prefix(&root).unwrap_or(&path).display()
            );
        }
        Ok(())
    }
}

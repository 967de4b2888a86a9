//! `cargo xtask pictures`: the book's pictures, one per problem, drawn by each solver's
//! `--explain=svg` (in process, through the libraries) from a test-data file that shows
//! the idea, into `docs/pictures/<crate>.svg`. `tests/suite/pictures.rs` draws them again in
//! memory and fails when a file is out of date, as a snapshot would.

use std::path::{Path, PathBuf};

use anyhow::Context;

/// The picture function of a solver: its input, then where the SVG goes.
type Draw = fn(&[u8], &mut Vec<u8>) -> anyhow::Result<()>;

/// Each problem, the test-data file its picture is drawn from, and how.
pub const PICTURES: [(&str, &str, Draw); 5] = [
    ("statues", "anti-diagonal-line", |i, o| {
        statues::picture(i, o)
    }),
    ("sweets", "sample2", |i, o| sweets::picture(i, o)),
    ("ladders", "sample2", |i, o| ladders::picture(i, o)),
    ("descending-dark", "sample1", |i, o| {
        descending_dark::picture(i, o)
    }),
    ("gam", "sample1", |i, o| gam::picture(i, o)),
];

/// Where the pictures live, under the project's root.
pub fn folder(root: &Path) -> PathBuf {
    root.join("docs/pictures")
}

/// Every picture, drawn now: (the file it belongs in, its SVG).
///
/// # Errors
/// A test-data file cannot be read, or a solver refuses it.
pub fn draw_all(root: &Path) -> anyhow::Result<Vec<(PathBuf, String)>> {
    PICTURES
        .iter()
        .map(|&(problem, case, draw)| {
            let input = root
                .join("testdata")
                .join(problem)
                .join(format!("{case}.in"));
            let text = std::fs::read(&input).with_context(|| input.display().to_string())?;
            let mut svg = Vec::new();
            draw(&text, &mut svg).with_context(|| format!("drawing {}", input.display()))?;
            let svg = String::from_utf8(svg).context("a picture is text")?;
            Ok((folder(root).join(format!("{problem}.svg")), svg))
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

//! The book's measured figures, written once: `docs/figures.txt`.
//!
//! A figure is a measured amount (the module's size, a download, a ratio) that a command
//! measures. That command writes it into `docs/figures.txt` when run with `--record`, and
//! each chapter that states it includes it (`{{#include figures.txt:NAME}}`, mdBook's
//! anchors), so the book cannot state one figure two ways. The xtask's tests
//! (`tests/suite/figures.rs`) fail when a chapter, the README or a code comment states a
//! recorded figure by hand, or when a figure has no command that writes it.
//!
//! The file is plain text, read by mdBook and by [`read`]:
//!
//! ```text
//! by: cargo xtask web --record
//! about: module served
//! ANCHOR: module-bytes
//! 1,234,567 bytes
//! ANCHOR_END: module-bytes
//! ```
//!
//! `by:` names the command that writes the figures below it; `about:` (optional) names the
//! words a hand-written sentence stating the figure would use, so that the tests find one.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::project_root;

/// The file, relative to the workspace root.
pub const FILE: &str = "docs/figures.txt";

/// What the file says before its first figure.
const PREAMBLE: &str = "\
Measured figures of the book, each written by the command on the `by:` line above it
(run with --record) and stated in the chapters only through mdBook's include of its
anchor. Do not edit by hand: run the command. The xtask's tests fail when a chapter, the
README or a code comment states one of these by hand.
";

/// One recorded figure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figure {
    /// The anchor chapters include it by.
    pub name: String,
    /// The command that measures and writes it.
    pub by: String,
    /// Words a sentence stating it by hand would contain (lowercase).
    pub about: Vec<String>,
    /// The text included, one line or more (a table).
    pub value: String,
}

/// The path of the file in this workspace.
pub fn path() -> PathBuf {
    project_root().join(FILE)
}

/// Reads every figure of the file at `path`, in the file's order.
///
/// # Errors
/// The file cannot be read, or an anchor is unclosed, repeated or outside a `by:` group.
pub fn read(path: &Path) -> Result<Vec<Figure>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    parse(&text).with_context(|| format!("reading {}", path.display()))
}

fn parse(text: &str) -> Result<Vec<Figure>> {
    let mut figures: Vec<Figure> = Vec::new();
    let mut by: Option<String> = None;
    let mut about: Vec<String> = Vec::new();
    let mut open: Option<(String, Vec<&str>)> = None;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if let Some((name, lines)) = &mut open {
            match line.strip_prefix("ANCHOR_END: ") {
                Some(end) if end == name => {
                    let Some(by) = by.clone() else {
                        bail!("line {number}: figure {name} has no `by:` line above it");
                    };
                    figures.push(Figure {
                        name: std::mem::take(name),
                        by,
                        about: std::mem::take(&mut about),
                        value: lines.join("\n"),
                    });
                    open = None;
                }
                Some(other) => bail!("line {number}: {other} closes, but {name} is open"),
                None => lines.push(line),
            }
        } else if let Some(command) = line.strip_prefix("by: ") {
            by = Some(command.trim().to_owned());
        } else if let Some(words) = line.strip_prefix("about: ") {
            about = words.split_whitespace().map(str::to_lowercase).collect();
        } else if let Some(name) = line.strip_prefix("ANCHOR: ") {
            if figures.iter().any(|figure| figure.name == name) {
                bail!("line {number}: figure {name} is recorded twice");
            }
            open = Some((name.to_owned(), Vec::new()));
        }
    }
    if let Some((name, _)) = open {
        bail!("figure {name} is never closed (ANCHOR_END: {name})");
    }
    Ok(figures)
}

fn render(figures: &[Figure]) -> String {
    let mut text = String::from(PREAMBLE);
    let mut group: Option<&str> = None;
    for figure in figures {
        if group != Some(figure.by.as_str()) {
            text.push_str(&format!("\nby: {}\n", figure.by));
            group = Some(&figure.by);
        }
        if !figure.about.is_empty() {
            text.push_str(&format!("about: {}\n", figure.about.join(" ")));
        }
        text.push_str(&format!(
            "ANCHOR: {name}\n{value}\nANCHOR_END: {name}\n",
            name = figure.name,
            value = figure.value
        ));
    }
    text
}

/// Writes the values of figures the file already names, measured by `by`, in place.
///
/// A figure the file does not name yet is refused: a new figure is added to the file by
/// hand, with the words it is about, then kept by its command.
///
/// # Errors
/// The file cannot be read or written, a name is unknown, or it belongs to another command.
pub fn record(by: &str, measured: &[(&str, String)]) -> Result<()> {
    let path = path();
    let mut figures = read(&path)?;
    for (name, value) in measured {
        let Some(figure) = figures.iter_mut().find(|figure| figure.name == *name) else {
            bail!(
                "{} has no figure {name}: add it there first",
                path.display()
            );
        };
        if figure.by != by {
            bail!("figure {name} is written by `{}`, not `{by}`", figure.by);
        }
        figure.value = value.trim_end().to_owned();
    }
    std::fs::write(&path, render(&figures))
        .with_context(|| format!("writing {}", path.display()))?;
    eprintln!(
        "recorded {} figure{} in {FILE}",
        measured.len(),
        if measured.len() == 1 { "" } else { "s" }
    );
    Ok(())
}

/// `1234567` as `1,234,567`: how the book writes a count.
pub fn grouped(count: u64) -> String {
    let digits = count.to_string();
    let mut text = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_reads_back_as_it_was_written() {
        let text = format!(
            "{PREAMBLE}\nby: cargo xtask web --record\nabout: module served\nANCHOR: module-bytes\n1,234,567 bytes\nANCHOR_END: module-bytes\n\nby: cargo run --example e\nANCHOR: table\n| a |\n| b |\nANCHOR_END: table\n"
        );
        let figures = parse(&text).unwrap();
        assert_eq!(figures.len(), 2);
        assert_eq!(figures[0].about, ["module", "served"]);
        assert_eq!(figures[1].value, "| a |\n| b |");
        assert_eq!(parse(&render(&figures)).unwrap(), figures);
    }

    #[test]
    fn a_broken_file_is_refused_with_its_line() {
        let error = parse("by: x\nANCHOR: a\n1\nANCHOR_END: b\n").unwrap_err();
        assert!(error.to_string().contains("line 4"), "{error}");
        assert!(parse("ANCHOR: a\n1\nANCHOR_END: a\n").is_err());
        assert!(parse("by: x\nANCHOR: a\n1\n").is_err());
        assert!(
            parse("by: x\nANCHOR: a\n1\nANCHOR_END: a\nANCHOR: a\n2\nANCHOR_END: a\n").is_err()
        );
    }

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(1_234_567), "1,234,567");
    }
}

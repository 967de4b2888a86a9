//! The book's measured figures are written once (`docs/figures.txt`, see `xtask::figures`):
//! each has a command that writes it, each is included by a chapter, and no chapter, the
//! README or a code comment states one by hand, with its value or with another.

use std::fs;
use std::path::{Path, PathBuf};

use xtask::figures::{self, Figure};

fn root() -> PathBuf {
    xtask::project_root()
}

fn recorded() -> Vec<Figure> {
    figures::read(&figures::path()).unwrap()
}

/// The project's own text files that may state a figure: the README, the book, and every
/// source, manifest and script (generated data, snapshots and locks aside).
fn texts() -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, found: &mut Vec<(PathBuf, String)>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                let skipped = [
                    "target",
                    "testdata",
                    "node_modules",
                    "snapshots",
                    "pictures",
                ];
                let hidden = name.starts_with('.') && name != ".ci";
                if !hidden && !skipped.contains(&name.as_str()) {
                    walk(&path, found);
                }
                continue;
            }
            let text_file = [".rs", ".md", ".toml", ".js", ".sh"]
                .iter()
                .any(|extension| name.ends_with(extension))
                || path.parent().and_then(Path::file_name) == Some(".ci".as_ref());
            if text_file && name != "Cargo.lock" {
                if let Ok(text) = fs::read_to_string(&path) {
                    found.push((path, text));
                }
            }
        }
    }
    let mut found = Vec::new();
    for top in ["README.md", "Cargo.toml", "docs", "crates", "xtask", ".ci"] {
        let path = root().join(top);
        if path.is_dir() {
            walk(&path, &mut found);
        } else {
            found.push((path.clone(), fs::read_to_string(&path).unwrap()));
        }
    }
    found
}

/// The prose of a file: Markdown outside code blocks, or the comments of a source file
/// (`//`, `#`), joined into sentences.
fn sentences(path: &Path, text: &str) -> Vec<String> {
    let markdown = path.extension().is_some_and(|e| e == "md");
    let mut units: Vec<String> = vec![String::new()];
    let mut in_block = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        let line = if markdown {
            Some(trimmed)
        } else {
            trimmed
                .strip_prefix("//")
                .map(|comment| comment.trim_start_matches(['/', '!']).trim_start())
                .or_else(|| trimmed.strip_prefix('#'))
        };
        // Code blocks, in a chapter or in a comment, show text; they state nothing.
        let prose = match line {
            Some(text) if text.starts_with("```") => {
                in_block = !in_block;
                None
            }
            Some(_) if in_block => None,
            other => other,
        };
        match prose {
            Some(words) if !words.trim().is_empty() => {
                let unit = units.last_mut().unwrap();
                unit.push(' ');
                unit.push_str(words.trim());
            }
            _ => units.push(String::new()),
        }
    }
    units
        .iter()
        .flat_map(|unit| unit.split(". ").flat_map(|part| part.split("; ")))
        .map(str::to_owned)
        .filter(|sentence| !sentence.trim().is_empty())
        .collect()
}

/// Units of one kind: a sentence states a figure when it gives an amount of the figure's
/// kind (a size in MB where the figure is in bytes is still a size).
const KINDS: &[&[&str]] = &[
    &["bytes", "B", "KB", "MB", "GB", "KiB", "MiB", "GiB"],
    &["s", "ms", "us", "minutes"],
    &["x", "%"],
];

/// The kind of unit `value` is given in, if any.
fn kind_of(value: &str) -> Option<&'static [&'static str]> {
    KINDS
        .iter()
        .copied()
        .find(|units| amount_in(value.lines().next().unwrap_or(""), units))
}

/// Whether `sentence` states an amount in one of `units`: a number followed by it.
fn amount_in(sentence: &str, units: &[&str]) -> bool {
    let chars: Vec<char> = sentence.chars().collect();
    (0..chars.len()).any(|at| {
        if !chars[at].is_ascii_digit() || chars.get(at + 1).is_some_and(char::is_ascii_digit) {
            return false;
        }
        let rest: String = chars[at + 1..].iter().collect();
        let rest = rest.trim_start_matches(['.', ',']).trim_start();
        units.iter().any(|unit| {
            rest.strip_prefix(unit)
                .is_some_and(|after| after.chars().next().is_none_or(|c| !c.is_alphanumeric()))
        })
    })
}

fn words(sentence: &str) -> Vec<String> {
    sentence
        .split(|c: char| !(c.is_alphanumeric() || c == '+'))
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect()
}

fn include_of(name: &str) -> String {
    format!("{{{{#include figures.txt:{name}}}}}")
}

#[test]
fn every_figure_has_the_command_that_writes_it() {
    let sources: Vec<(PathBuf, String)> = texts()
        .into_iter()
        .filter(|(path, _)| path.extension().is_some_and(|e| e == "rs"))
        .filter(|(path, _)| !path.components().any(|part| part.as_os_str() == "tests"))
        .collect();
    for figure in recorded() {
        let quoted = format!("\"{}\"", figure.name);
        let writers: Vec<&PathBuf> = sources
            .iter()
            .filter(|(_, text)| text.contains(&quoted) && text.contains(&figure.by))
            .map(|(path, _)| path)
            .collect();
        assert!(
            !writers.is_empty(),
            "no source both names figure {} and records it as `{}`",
            figure.name,
            figure.by
        );
    }
}

#[test]
fn every_figure_is_included_and_every_include_is_a_figure() {
    let figures = recorded();
    let chapters: Vec<(PathBuf, String)> = texts()
        .into_iter()
        .filter(|(path, _)| path.starts_with(root().join("docs")))
        .filter(|(path, _)| path.extension().is_some_and(|e| e == "md"))
        .collect();
    for figure in &figures {
        assert!(
            chapters
                .iter()
                .any(|(_, text)| text.contains(&include_of(&figure.name))),
            "figure {} is included by no chapter",
            figure.name
        );
    }
    for (path, text) in &chapters {
        for (at, _) in text.match_indices("{{#include figures.txt:") {
            let name = text[at + 23..].split("}}").next().unwrap();
            assert!(
                figures.iter().any(|figure| figure.name == name),
                "{} includes figure {name}, which docs/figures.txt does not have",
                path.display()
            );
        }
    }
}

#[test]
fn no_page_or_comment_states_a_figure_by_hand() {
    let figures = recorded();
    let mut by_hand = Vec::new();
    for (path, text) in texts() {
        let shown = path
            .strip_prefix(root())
            .unwrap_or(&path)
            .display()
            .to_string();
        for figure in &figures {
            // Its value, where the value is distinctive enough to be found.
            for line in figure.value.lines() {
                let digits = line.chars().filter(char::is_ascii_digit).count();
                if digits >= 4 && text.contains(line) {
                    by_hand.push(format!("{shown}: {} ({})", line, figure.name));
                }
            }
        }
        for sentence in sentences(&path, &text) {
            let said = words(&sentence);
            for figure in &figures {
                let about =
                    !figure.about.is_empty() && figure.about.iter().all(|word| said.contains(word));
                let amount =
                    kind_of(&figure.value).is_some_and(|units| amount_in(&sentence, units));
                if about && amount && !sentence.contains(&include_of(&figure.name)) {
                    by_hand.push(format!(
                        "{shown}: \"{}\" ({})",
                        sentence.trim(),
                        figure.name
                    ));
                }
            }
        }
    }
    assert!(
        by_hand.is_empty(),
        "measured figures stated by hand, not included from docs/figures.txt:\n{}",
        by_hand.join("\n")
    );
}

#[test]
fn the_check_finds_a_figure_stated_with_another_value() {
    let page = "The served module is 1.2 MB.\n\nIt is {{#include figures.txt:module-bytes}}.\n";
    let sizes = kind_of("1,234,567 bytes").unwrap();
    let found: Vec<String> = sentences(Path::new("page.md"), page)
        .into_iter()
        .filter(|sentence| amount_in(sentence, sizes))
        .collect();
    assert_eq!(found, [" The served module is 1.2 MB."]);
    let times = kind_of("4.0 s").unwrap();
    assert!(amount_in("took 4.0 s cold", times));
    assert!(!amount_in("took 4.0 s cold", sizes));
    assert!(amount_in("1.7x of native", kind_of("2.4x").unwrap()));
    assert!(!amount_in("line 4 of the file", times));
    assert!(!amount_in("the 2 sides", times));
}

//! The README and the book in `docs/` hold together: every chapter is in the book's
//! summary, every link between them and to the repository's files resolves, every
//! `#anchor` names a heading of its page, and the README stays a few screens long.

use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;

fn root() -> PathBuf {
    xtask::project_root()
}

use crate::support::readme_and_book as pages;

/// The targets of the Markdown links `[text](target)` of `page`, outside code.
fn links(page: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut in_block = false;
    for line in page.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            continue;
        }
        let mut in_code = false;
        let bytes: Vec<char> = line.chars().collect();
        let mut at = 0;
        while at < bytes.len() {
            match bytes[at] {
                '`' => in_code = !in_code,
                ']' if !in_code && bytes.get(at + 1) == Some(&'(') => {
                    let rest: String = bytes[at + 2..].iter().collect();
                    if let Some(end) = rest.find(')') {
                        found.push(rest[..end].to_owned());
                    }
                }
                _ => {}
            }
            at += 1;
        }
    }
    found
}

/// The anchors mdBook and GitHub give the headings of `page`: lower case, spaces as `-`,
/// every other character but letters, digits, `-` and `_` dropped.
fn anchors(page: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut in_block = false;
    for line in page.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block || !line.starts_with('#') {
            continue;
        }
        let heading = line.trim_start_matches('#').trim();
        let anchor: String = heading
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c.to_ascii_lowercase()),
                _ => None,
            })
            .collect();
        found.insert(anchor);
    }
    found
}

#[test]
fn every_link_of_the_readme_and_the_book_resolves() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = fs::read_to_string(&page).unwrap();
        for link in links(&text) {
            if link.starts_with("http://") || link.starts_with("https://") {
                continue;
            }
            let (file, anchor) = link.split_once('#').unwrap_or((&link, ""));
            let target = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            checked += 1;
            if !target.exists() {
                broken.push(format!("{}: {link}: no such file", page.display()));
                continue;
            }
            if !anchor.is_empty() {
                let target_text = fs::read_to_string(&target).unwrap_or_default();
                if !anchors(&target_text).contains(anchor) {
                    broken.push(format!("{}: {link}: no such heading", page.display()));
                }
            }
        }
    }
    assert!(checked > 20, "only {checked} links");
    assert!(broken.is_empty(), "\n{}", broken.join("\n"));
}

#[test]
fn every_chapter_is_in_the_summary_and_the_readme() {
    let summary = fs::read_to_string(root().join("docs/SUMMARY.md")).unwrap();
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let listed: BTreeSet<String> = links(&summary).into_iter().collect();
    for page in pages().iter().skip(1) {
        let name = page.file_name().unwrap().to_str().unwrap().to_owned();
        if name == "SUMMARY.md" {
            continue;
        }
        assert!(
            listed.contains(&name),
            "docs/SUMMARY.md does not list {name}"
        );
        if name != "introduction.md" {
            assert!(
                readme.contains(&format!("(docs/{name})")),
                "the README does not link docs/{name}"
            );
        }
    }
}

#[test]
fn the_readme_fits_on_a_few_screens() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 200,
        "the README has {lines} lines: move the rest into docs/"
    );
}

/// The README's example of a refused input is what sweets says of sample 2 with an `x` at
/// the place the message names.
#[test]
fn the_readmes_refused_input_is_sweets_own() {
    let readme = fs::read_to_string(root().join("README.md"))
        .unwrap()
        .replace('\n', " ");
    let quoted = readme
        .split("`error: ")
        .nth(1)
        .and_then(|rest| rest.split('`').next())
        .expect("the README quotes an error");
    let sample = fs::read_to_string(root().join("testdata/sweets/sample2.in")).unwrap();
    let mut lines: Vec<String> = sample.lines().map(str::to_owned).collect();
    // Line 2, column 4, as the README's message names it.
    lines[1].replace_range(3..4, "x");
    let sweets = problems::find("sweets").expect("sweets is listed");
    let error = sweets.answer(&lines.join("\n")).unwrap_err();
    assert_eq!(format!("{error:#}"), quoted);
}

#[test]
fn links_and_anchors_are_read_as_the_renderers_read_them() {
    let page = "# What `--check` costs, on any file\n[a](b.md#x) `[c](d)`\n```\n[e](f)\n```\n";
    assert_eq!(links(page), ["b.md#x"]);
    assert!(anchors(page).contains("what---check-costs-on-any-file"));
}

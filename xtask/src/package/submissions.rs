//! The package's submissions: each problem keeps one accepted source, and each classic
//! mistake is a marked variant of it, written out here as the standalone program a judge
//! needs.
//!
//! The accepted source declares its variants in comment lines
//!
//! ```text
//! // @variant NO_WAITING wrong_answer/no_waiting.cpp: Maria never stays where she is.
//! // @variant PARITY_ONLY partially_accepted/parity_only.cpp score=7: ...
//! ```
//!
//! and marks the lines each one changes with preprocessor conditionals on those names only:
//! `#ifdef NAME`, `#ifndef NAME`, `#if defined(A) || defined(B)`, `#else`, `#endif`, not
//! nested. The source compiles as it is (no name defined: the accepted program), and
//! `g++ -DNAME` gives the variant; the exporter resolves the conditionals itself so that
//! each exported file is plain C++ with no trace of the others. A variant in a scoring
//! problem states its score, written into its file as DOMjudge's `@EXPECTED_SCORE@` line.

use std::collections::BTreeSet;
use std::path::Path;

use anyhow::{Context, Result, bail};

/// One exported submission: its path under `submissions/` and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submission {
    /// `<verdict folder>/<file name>`, e.g. `wrong_answer/no_waiting.cpp`.
    pub path: String,
    pub text: String,
    /// The score it must get, for submissions of a scoring problem that are not accepted.
    pub score: Option<u32>,
}

/// A variant declared in the accepted source.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Variant {
    name: String,
    path: String,
    score: Option<u32>,
    note: String,
}

const DECLARATION: &str = "// @variant ";

/// The folders a submission may be exported to, as both formats name them.
pub const VERDICT_FOLDERS: [&str; 4] = [
    "accepted",
    "wrong_answer",
    "partially_accepted",
    "time_limit_exceeded",
];

/// The accepted program and its variants, from the source at `path`.
///
/// # Errors
/// The file cannot be read, or a declaration or conditional is malformed (named with its
/// line).
pub fn expand_file(path: &Path, accepted_path: &str) -> Result<Vec<Submission>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    expand(&text, accepted_path).with_context(|| format!("in {}", path.display()))
}

/// The accepted program (exported as `accepted_path`) and each declared variant.
///
/// # Errors
/// A malformed declaration, a conditional on an undeclared name, nesting, or an unclosed
/// block, each named with its line.
pub fn expand(source: &str, accepted_path: &str) -> Result<Vec<Submission>> {
    let variants = declarations(source)?;
    let names: BTreeSet<&str> = variants.iter().map(|v| v.name.as_str()).collect();
    // Resolve once per program to check every block, whichever is exported.
    let accepted = resolve(source, None, &names)?;
    let mut out = vec![Submission {
        path: accepted_path.to_owned(),
        text: accepted,
        score: None,
    }];
    for variant in &variants {
        let body = resolve(source, Some(&variant.name), &names)?;
        let mut text = String::new();
        let lead = if variant.path.starts_with("partially_accepted/") {
            "Partially accepted on purpose"
        } else {
            "Wrong on purpose"
        };
        text.push_str(&wrap_comment(&format!("{lead}: {}", variant.note)));
        if let Some(score) = variant.score {
            text.push_str(&format!("// @EXPECTED_SCORE@: {score}\n"));
        }
        text.push_str(&body);
        out.push(Submission {
            path: variant.path.clone(),
            text,
            score: variant.score,
        });
    }
    Ok(out)
}

/// The `@EXPECTED_SCORE@: N` of a hand-written submission, if it has exactly one.
///
/// # Errors
/// More than one such line, or one whose value is not a whole number.
pub fn expected_score(text: &str) -> Result<Option<u32>> {
    let mut found = None;
    for (number, line) in text.lines().enumerate() {
        let Some((_, value)) = line.split_once("@EXPECTED_SCORE@: ") else {
            continue;
        };
        if found.is_some() {
            bail!("line {}: a second @EXPECTED_SCORE@ line", number + 1);
        }
        found = Some(value.trim().parse().with_context(|| {
            format!(
                "line {}: @EXPECTED_SCORE@ {:?} is not a whole number",
                number + 1,
                value.trim()
            )
        })?);
    }
    Ok(found)
}

/// The `// @variant` lines, in order.
fn declarations(source: &str) -> Result<Vec<Variant>> {
    let mut variants: Vec<Variant> = Vec::new();
    for (index, line) in source.lines().enumerate() {
        let Some(rest) = line.strip_prefix(DECLARATION) else {
            continue;
        };
        let at = index + 1;
        let (head, note) = rest
            .split_once(": ")
            .with_context(|| format!("line {at}: expected `// @variant NAME FOLDER/FILE: note`"))?;
        let mut words = head.split_whitespace();
        let (Some(name), Some(path)) = (words.next(), words.next()) else {
            bail!("line {at}: expected a NAME and a FOLDER/FILE after @variant");
        };
        let score =
            match words.next() {
                None => None,
                Some(word) => {
                    let value = word
                        .strip_prefix("score=")
                        .with_context(|| format!("line {at}: expected score=N, found {word:?}"))?;
                    Some(value.parse().with_context(|| {
                        format!("line {at}: score {value:?} is not a whole number")
                    })?)
                }
            };
        if let Some(extra) = words.next() {
            bail!("line {at}: unexpected {extra:?} before the colon");
        }
        if !name
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        {
            bail!("line {at}: variant name {name:?} is not an UPPER_CASE macro name");
        }
        let Some((folder, file)) = path.split_once('/') else {
            bail!("line {at}: {path:?} is not FOLDER/FILE");
        };
        if folder == "accepted" || !VERDICT_FOLDERS.contains(&folder) {
            bail!(
                "line {at}: folder {folder:?} is not one of {}",
                VERDICT_FOLDERS[1..].join(", ")
            );
        }
        if file.contains('/') || !file.ends_with(".cpp") {
            bail!("line {at}: {file:?} should be one .cpp file name");
        }
        if (folder == "partially_accepted") != score.is_some() {
            bail!("line {at}: a score is given exactly for partially_accepted variants");
        }
        if variants.iter().any(|v| v.name == name || v.path == path) {
            bail!("line {at}: {name} or {path} is declared twice");
        }
        variants.push(Variant {
            name: name.to_owned(),
            path: path.to_owned(),
            score,
            note: note.trim().to_owned(),
        });
    }
    Ok(variants)
}

/// A conditional's test: which defined names make it true.
#[derive(Debug)]
enum Test {
    /// `#ifdef` / `#if defined(A) || defined(B)`: true when one of them is defined.
    AnyOf(Vec<String>),
    /// `#ifndef A`: true unless A is defined.
    Not(String),
}

impl Test {
    fn holds(&self, defined: Option<&str>) -> bool {
        match self {
            Test::AnyOf(names) => names.iter().any(|n| Some(n.as_str()) == defined),
            Test::Not(name) => Some(name.as_str()) != defined,
        }
    }

    fn names(&self) -> Vec<&str> {
        match self {
            Test::AnyOf(names) => names.iter().map(String::as_str).collect(),
            Test::Not(name) => vec![name],
        }
    }
}

/// Parses a conditional line; `None` for any other line.
fn conditional(line: &str, at: usize) -> Result<Option<Test>> {
    let trimmed = line.trim();
    if let Some(name) = trimmed.strip_prefix("#ifdef ") {
        return Ok(Some(Test::AnyOf(vec![name.trim().to_owned()])));
    }
    if let Some(name) = trimmed.strip_prefix("#ifndef ") {
        return Ok(Some(Test::Not(name.trim().to_owned())));
    }
    if let Some(expr) = trimmed.strip_prefix("#if ") {
        let mut names = Vec::new();
        for term in expr.split("||") {
            let name = term
                .trim()
                .strip_prefix("defined(")
                .and_then(|t| t.strip_suffix(')'))
                .with_context(|| {
                    format!("line {at}: only `#if defined(A) || defined(B)` is understood")
                })?;
            names.push(name.trim().to_owned());
        }
        return Ok(Some(Test::AnyOf(names)));
    }
    if trimmed.starts_with("#elif") {
        bail!("line {at}: #elif is not understood; use separate blocks");
    }
    Ok(None)
}

/// The program with `defined` as the one defined name (`None`: the accepted program):
/// declaration lines and conditional lines dropped, each block's taken branch kept.
fn resolve(source: &str, defined: Option<&str>, names: &BTreeSet<&str>) -> Result<String> {
    // The open block: whether its test held, whether we are past its #else, its line.
    let mut open: Option<(bool, bool, usize)> = None;
    let mut out = String::new();
    let lines: Vec<&str> = source.lines().collect();
    for (index, line) in lines.iter().enumerate() {
        let at = index + 1;
        // The declarations, and the bare `//` line that sets them apart from the header.
        let declaration_follows = lines
            .get(index + 1)
            .is_some_and(|next| next.starts_with(DECLARATION));
        if line.starts_with(DECLARATION) || (line.trim() == "//" && declaration_follows) {
            continue;
        }
        if let Some(test) = conditional(line, at)? {
            if let Some((_, _, start)) = open {
                bail!("line {at}: a conditional inside the block opened on line {start}");
            }
            for name in test.names() {
                if !names.contains(name) {
                    bail!("line {at}: {name} is not a declared @variant");
                }
            }
            open = Some((test.holds(defined), false, at));
            continue;
        }
        match line.trim() {
            "#else" => {
                let Some((held, false, start)) = open else {
                    bail!("line {at}: #else without its #ifdef");
                };
                open = Some((held, true, start));
                continue;
            }
            "#endif" => {
                if open.take().is_none() {
                    bail!("line {at}: #endif without its #ifdef");
                }
                continue;
            }
            _ => {}
        }
        let keep = match open {
            None => true,
            Some((held, in_else, _)) => held != in_else,
        };
        if keep {
            out.push_str(line);
            out.push('\n');
        }
    }
    if let Some((_, _, start)) = open {
        bail!("line {start}: the block opened here has no #endif");
    }
    Ok(out)
}

/// `text` as `//` comment lines of at most 90 columns.
fn wrap_comment(text: &str) -> String {
    let mut out = String::new();
    let mut line = String::from("//");
    for word in text.split_whitespace() {
        if line.len() + 1 + word.len() > 90 && line.len() > 2 {
            out.push_str(&line);
            out.push('\n');
            line = String::from("//");
        }
        line.push(' ');
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "\
// A program.
//
// @variant SHORT wrong_answer/short.cpp: stops one round early.
// @variant HALF partially_accepted/half.cpp score=50: answers half the cases.
int main() {
#ifdef SHORT
    int rounds = 7;
#else
    int rounds = 8;
#endif
#if defined(SHORT) || defined(HALF)
    guess();
#endif
#ifndef HALF
    play(rounds);
#endif
}
";

    #[test]
    fn the_accepted_program_keeps_no_trace_of_its_variants() {
        let programs = expand(SOURCE, "accepted/p.cpp").unwrap();
        assert_eq!(programs.len(), 3);
        assert_eq!(programs[0].path, "accepted/p.cpp");
        assert_eq!(
            programs[0].text,
            "// A program.\nint main() {\n    int rounds = 8;\n    play(rounds);\n}\n"
        );
        assert_eq!(programs[0].score, None);
    }

    #[test]
    fn each_variant_is_a_standalone_program_with_its_note_and_score() {
        let programs = expand(SOURCE, "accepted/p.cpp").unwrap();
        assert_eq!(programs[1].path, "wrong_answer/short.cpp");
        assert!(
            programs[1]
                .text
                .starts_with("// Wrong on purpose: stops one round early.\n// A program.\n")
        );
        assert!(
            programs[1]
                .text
                .contains("    int rounds = 7;\n    guess();\n    play(rounds);\n")
        );
        assert!(!programs[1].text.contains('#'));
        assert_eq!(programs[2].path, "partially_accepted/half.cpp");
        assert_eq!(programs[2].score, Some(50));
        assert!(programs[2].text.contains("// @EXPECTED_SCORE@: 50\n"));
        assert!(
            programs[2]
                .text
                .contains("    int rounds = 8;\n    guess();\n}\n")
        );
        assert_eq!(expected_score(&programs[2].text).unwrap(), Some(50));
    }

    #[test]
    fn malformed_markings_are_named_by_line() {
        let cases = [
            (
                "#ifdef OTHER\n#endif\n",
                "line 1: OTHER is not a declared @variant",
            ),
            (
                "// @variant A wrong_answer/a.cpp: x\n#ifdef A\n",
                "line 2: the block opened here has no #endif",
            ),
            (
                "// @variant A wrong_answer/a.cpp: x\n#ifdef A\n#ifdef A\n",
                "line 3: a conditional inside",
            ),
            ("#endif\n", "line 1: #endif without"),
            (
                "// @variant A accepted/a.cpp: x\n",
                "line 1: folder \"accepted\"",
            ),
            (
                "// @variant A partially_accepted/a.cpp: x\n",
                "line 1: a score is given",
            ),
            ("// @variant a wrong_answer/a.cpp: x\n", "not an UPPER_CASE"),
            (
                "// @variant A partially_accepted/a.cpp points=3: y\n",
                "line 1: expected score=N",
            ),
            (
                "// @variant A partially_accepted/a.cpp score=x: y\n",
                "line 1: score \"x\" is not",
            ),
            (
                "// @variant A wrong_answer/a.cpp\n",
                "line 1: expected `// @variant",
            ),
            (
                "// @variant A wrong_answer/a.cpp: x\n#if A\n#endif\n",
                "line 2: only `#if defined",
            ),
            (
                "// @variant A wrong_answer/a.cpp: x\n#ifdef A\n#elif B\n",
                "line 3: #elif",
            ),
        ];
        for (source, message) in cases {
            let error = format!("{:#}", expand(source, "accepted/p.cpp").unwrap_err());
            assert!(error.contains(message), "{source:?}: {error}");
        }
    }

    #[test]
    fn a_second_expected_score_is_refused() {
        let error = expected_score("// @EXPECTED_SCORE@: 1\n// @EXPECTED_SCORE@: 2\n").unwrap_err();
        assert!(format!("{error}").contains("line 2"));
        assert_eq!(expected_score("int main() {}\n").unwrap(), None);
    }
}

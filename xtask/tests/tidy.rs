//! House rules of the workspace, checked on every `cargo test`.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use xtask::problems::PROBLEMS;

fn root() -> PathBuf {
    xtask::project_root()
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The folders of `crates/`, sorted.
fn crate_folders() -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = fs::read_dir(root().join("crates"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.join("Cargo.toml").is_file())
        .collect();
    folders.sort();
    folders
}

fn name_of(folder: &Path) -> String {
    folder.file_name().unwrap().to_string_lossy().into_owned()
}

/// The solver crates: every crate but the shared one.
fn solver_folders() -> Vec<PathBuf> {
    crate_folders()
        .into_iter()
        .filter(|folder| name_of(folder) != "gridkit")
        .collect()
}

#[test]
fn every_crate_opens_with_a_header_and_solvers_forbid_unsafe() {
    let mut libs: Vec<PathBuf> = crate_folders()
        .iter()
        .map(|folder| folder.join("src/lib.rs"))
        .collect();
    libs.push(root().join("xtask/src/lib.rs"));
    for lib in &libs {
        assert!(
            read(lib).starts_with("//! "),
            "{} has no //! header",
            lib.display()
        );
    }
    for folder in crate_folders() {
        let lib = read(&folder.join("src/lib.rs"));
        assert!(
            lib.contains("#![forbid(unsafe_code)]"),
            "{} does not forbid unsafe code",
            name_of(&folder)
        );
    }
}

#[test]
fn every_solver_header_states_problem_limits_idea_and_complexity() {
    for folder in solver_folders() {
        let lib = read(&folder.join("src/lib.rs"));
        let header: String = lib
            .lines()
            .take_while(|line| line.starts_with("//!"))
            .collect::<Vec<_>>()
            .join("\n")
            .to_lowercase();
        for word in ["limit", "idea", "complexity", "http"] {
            assert!(
                header.contains(word),
                "the header of {} does not mention '{word}'",
                name_of(&folder)
            );
        }
    }
}

/// The names declared in `[workspace.dependencies]` of the root manifest.
fn workspace_dependencies() -> Vec<String> {
    let manifest = read(&root().join("Cargo.toml"));
    manifest
        .lines()
        .skip_while(|line| line.trim() != "[workspace.dependencies]")
        .skip(1)
        .take_while(|line| !line.starts_with('['))
        .filter_map(|line| {
            let line = line.trim();
            let name = line.split(['=', ' ']).next()?;
            (!name.is_empty() && !line.starts_with('#')).then(|| name.to_owned())
        })
        .collect()
}

#[test]
fn every_workspace_dependency_is_used_by_a_member() {
    let mut manifests: Vec<String> = crate_folders()
        .iter()
        .map(|folder| read(&folder.join("Cargo.toml")))
        .collect();
    manifests.push(read(&root().join("xtask/Cargo.toml")));
    let dependencies = workspace_dependencies();
    assert!(dependencies.len() > 5, "{dependencies:?}");
    for name in dependencies {
        let used = manifests.iter().any(|manifest| {
            manifest.lines().any(|line| {
                let line = line.trim();
                line.starts_with(&format!("{name}.workspace = true"))
                    || line.starts_with(&format!("{name} = {{ workspace = true"))
            })
        });
        assert!(used, "workspace dependency '{name}' is used by no member");
    }
}

#[test]
fn every_problem_is_in_the_readme_the_table_and_testdata() {
    let readme = read(&root().join("README.md"));
    let solvers: BTreeSet<String> = solver_folders().iter().map(|f| name_of(f)).collect();
    let table: BTreeSet<String> = PROBLEMS.iter().map(|p| p.name.to_owned()).collect();
    assert_eq!(solvers, table, "crates/ and xtask/src/problems.rs disagree");
    for name in &solvers {
        assert!(
            readme.contains(&format!("| `{name}` |")),
            "README's table has no row for {name}"
        );
        assert!(
            root().join("testdata").join(name).is_dir(),
            "no testdata/{name}"
        );
    }
}

#[test]
fn every_test_input_has_its_expected_output_and_the_other_way_round() {
    let mut pairs = 0;
    for folder in fs::read_dir(root().join("testdata")).unwrap() {
        for file in fs::read_dir(folder.unwrap().path()).unwrap() {
            let path = file.unwrap().path();
            let partner = match path.extension().and_then(|ext| ext.to_str()) {
                Some("in") => path.with_extension("out"),
                Some("out") => path.with_extension("in"),
                _ => panic!("{} is neither .in nor .out", path.display()),
            };
            assert!(
                partner.is_file(),
                "{} has no {}",
                path.display(),
                partner.display()
            );
            pairs += 1;
        }
    }
    assert!(pairs > 200, "only {pairs} test files");
}

/// What each crate's checker (`src/check.rs` or `src/check/`) may name from its own crate:
/// the parsed input type(s) and the function that parses them, and the certificate's data
/// types. Anything else (the solver, its tables, searches and helpers) is out of reach, so
/// the checker re-derives what it needs and cannot inherit a solver's mistake.
const CHECKER_MAY_NAME: [(&str, &[&str]); 5] = [
    (
        "descending-dark",
        &[
            // The parsed input.
            "Case",
            "Cases",
            "read_all",
            // The certificate's data types.
            "Certificate",
            "CaseCertificate",
            "CaveCertificate",
            "Evidence",
            "Move",
            "Run",
        ],
    ),
    (
        "gam",
        &[
            // The parsed input.
            "Board",
            "Player",
            "parse",
            // The certificate's data types.
            "TestCertificate",
            "Rule",
            "Square",
        ],
    ),
    (
        "ladders",
        &["Board", "parse_board", "Certificate", "LadderChoice"],
    ),
    ("statues", &["Board", "parse", "Certificate", "Evidence"]),
    (
        "sweets",
        &[
            // The parsed input.
            "Mask",
            "parse",
            // The certificate's data types.
            "Certificate",
            "Proof",
            "Position",
            "Winner",
            "Cell",
            "Move",
            // The bounds the certificate is read with.
            "bounds",
        ],
    ),
];

/// The checker's files of the crate in `folder`: `src/check.rs` and everything under
/// `src/check/`, each with its module path (`["check"]`, `["check", "moves"]`, ...).
fn checker_files(folder: &Path) -> Vec<(PathBuf, Vec<String>)> {
    let mut files = Vec::new();
    let single = folder.join("src/check.rs");
    if single.is_file() {
        files.push((single, vec!["check".to_owned()]));
    }
    let mut pending = vec![(folder.join("src/check"), vec!["check".to_owned()])];
    while let Some((dir, module)) = pending.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            let mut inner = module.clone();
            if path.is_dir() {
                inner.push(stem);
                pending.push((path, inner));
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                if stem != "mod" {
                    inner.push(stem);
                }
                files.push((path, inner));
            }
        }
    }
    files.sort();
    files
}

/// `text` with every comment blanked out (line breaks kept, so offsets keep their line),
/// and string and character literals blanked too: only code names things.
fn code_only(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut code = String::with_capacity(text.len());
    let mut index = 0;
    let blank = |slice: &str| {
        slice
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect::<String>()
    };
    while index < bytes.len() {
        let rest = &text[index..];
        let end = if rest.starts_with("//") {
            rest.find('\n').unwrap_or(rest.len())
        } else if rest.starts_with("/*") {
            rest.find("*/").map_or(rest.len(), |end| end + 2)
        } else if rest.starts_with('"') {
            // To the closing quote, past escaped characters.
            let mut end = 1;
            let inner = rest.as_bytes();
            while end < inner.len() && inner[end] != b'"' {
                end += if inner[end] == b'\\' { 2 } else { 1 };
            }
            (end + 1).min(rest.len())
        } else {
            let c = rest.chars().next().unwrap();
            code.push(c);
            index += c.len_utf8();
            continue;
        };
        code.push_str(&blank(&rest[..end]));
        index += end;
    }
    code
}

/// The paths of `code` that start at `root` (`crate`, `super`, the crate's own name),
/// with their byte offset: `crate::a::{B, c::D}` gives `a::B` and `a::c::D`. A `super`
/// root keeps its `super::` segments, so that the caller can resolve them.
fn paths_from(code: &str, root: &str) -> Vec<(usize, Vec<String>)> {
    let mut found = Vec::new();
    let pattern = format!("{root}::");
    let mut search = 0;
    while let Some(at) = code[search..].find(&pattern).map(|at| at + search) {
        search = at + pattern.len();
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let mut prefixes = Vec::new();
        expand(&code[search..], &mut Vec::new(), &mut prefixes);
        found.extend(prefixes.into_iter().map(|path| (at, path)));
    }
    found
}

/// Reads the path tree at the start of `text` after `prefix`, pushing every full path.
fn expand(text: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let mut index = 0;
    let skip_blanks = |index: &mut usize| {
        while text[*index..].starts_with(char::is_whitespace) {
            *index += text[*index..].chars().next().unwrap().len_utf8();
        }
    };
    let depth = prefix.len();
    loop {
        skip_blanks(&mut index);
        if text[index..].starts_with('{') {
            index += 1;
            loop {
                skip_blanks(&mut index);
                if text[index..].starts_with('}') || index >= text.len() {
                    index += 1;
                    break;
                }
                index += expand(&text[index..], prefix, out);
                skip_blanks(&mut index);
                if text[index..].starts_with(',') {
                    index += 1;
                }
            }
            prefix.truncate(depth);
            return index;
        }
        let name: String = text[index..]
            .chars()
            .take_while(|&c| c.is_alphanumeric() || c == '_' || c == '*')
            .collect();
        index += name.len();
        prefix.push(name);
        if text[index..].starts_with("::") && !text[index + 2..].starts_with('<') {
            index += 2;
            continue;
        }
        out.push(prefix.clone());
        prefix.truncate(depth);
        return index;
    }
}

/// What the checker file `code` (of module path `module`, in the crate `own_name` with
/// underscores) names from its crate beyond `allowed`: `(line, path)` for each.
fn checker_violations(
    code: &str,
    module: &[String],
    own_name: &str,
    allowed: &[&str],
) -> Vec<(usize, String)> {
    // The checker's unit tests are not the checker: they may use anything, and their own
    // `super::*` is the checker itself.
    let checker = code.find("#[cfg(test)]").map_or(code, |at| &code[..at]);
    let code = code_only(checker);
    let mut named: Vec<(usize, Vec<String>)> = Vec::new();
    for root in ["crate", own_name] {
        named.extend(paths_from(&code, root));
    }
    for (at, path) in paths_from(&code, "super") {
        // `super::` climbs from the file's own module; inside the checker it may name
        // anything, above it only what the crate root may.
        let ups = 1 + path
            .iter()
            .take_while(|segment| *segment == "super")
            .count();
        let rest: Vec<String> = path.into_iter().skip(ups - 1).collect();
        if ups >= module.len() {
            named.push((at, rest));
        }
    }
    named
        .into_iter()
        // The checker's own modules, and paths through an allowed item (a type's
        // variants and methods come after it).
        .filter(|(_, segments)| {
            segments.first().is_none_or(|first| first != "check")
                && !segments
                    .iter()
                    .any(|segment| allowed.contains(&segment.as_str()))
        })
        .map(|(at, segments)| (code[..at].matches('\n').count() + 1, segments.join("::")))
        .collect()
}

#[test]
fn checkers_name_only_the_input_and_the_certificate_from_their_crate() {
    let mut checked = Vec::new();
    for folder in solver_folders() {
        let name = name_of(&folder);
        let Some((_, allowed)) = CHECKER_MAY_NAME
            .iter()
            .find(|(crate_name, _)| *crate_name == name)
        else {
            panic!("{name} has no entry in CHECKER_MAY_NAME");
        };
        let files = checker_files(&folder);
        assert!(
            !files.is_empty(),
            "{name} has no checker (src/check.rs or src/check/)"
        );
        let own_name = name.replace('-', "_");
        for (path, module) in files {
            let violations = checker_violations(&read(&path), &module, &own_name, allowed);
            if let Some((line, named)) = violations.first() {
                panic!(
                    "{}:{line}: the checker names {named} from {name}; it may name only {allowed:?}",
                    path.display()
                );
            }
        }
        checked.push(name);
    }
    for name in ["descending-dark", "ladders", "statues"] {
        assert!(checked.contains(&name.to_owned()), "{name} has no checker");
    }
}

#[test]
fn the_checker_rule_sees_grouped_nested_and_glob_paths() {
    let code = code_only(
        "use crate::a::{B, c::{D, e::F}};\n// crate::hidden::X\nlet s = \"crate::no::Y\";\n\
         use crate::solve::*; let x = crate::z::W::new();",
    );
    let paths: Vec<String> = paths_from(&code, "crate")
        .into_iter()
        .map(|(_, path)| path.join("::"))
        .collect();
    assert_eq!(
        paths,
        ["a::B", "a::c::D", "a::c::e::F", "solve::*", "z::W::new"]
    );
}

#[test]
fn the_checker_rule_refuses_solving_code_by_any_root() {
    let allowed = ["Board", "parse", "Certificate"];
    let top = ["check".to_owned()];
    let inner = ["check".to_owned(), "moves".to_owned()];
    let code = "use crate::board::Board;\nuse crate::{parse, solve::solve};\n\
                use super::certificate::Certificate;\nlet b = crate::Board::new();\n\
                use super::table::Table;\nlet s = statues::reference::solve(&b);\n";
    assert_eq!(
        checker_violations(code, &top, "statues", &allowed),
        [
            (2, "solve::solve".to_owned()),
            (6, "reference::solve".to_owned()),
            (5, "table::Table".to_owned()),
        ]
    );
    // One level down, `super::` is the checker itself; `super::super::` is the crate.
    let code = "use super::walk;\nuse super::super::plan::Run;\n";
    assert_eq!(
        checker_violations(code, &inner, "statues", &allowed),
        [(2, "plan::Run".to_owned())]
    );
}

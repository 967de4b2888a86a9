//! `cargo xtask package`: each format's files against its specification's rules (file
//! names, required files, `problem.yaml` and test-group keys, gam's scoring groups), and
//! the DOMjudge zip against what DOMjudge's import reads. The real checks of the packages
//! are the tools: problemtools on the legacy export and BAPCtools on the 2025-09 export,
//! which `.ci/packages` runs on all five.

use std::collections::BTreeSet;
use std::io::Read as _;
use std::path::{Path, PathBuf};

use xtask::package::{Format, Package, data, meta};

fn files_in(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

/// Every file under `dir`, as paths relative to it.
fn tree(dir: &Path) -> Vec<String> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<String>) {
        for name in files_in(dir) {
            let path = dir.join(&name);
            if path.is_dir() {
                walk(base, &path, out);
            } else {
                let relative: Vec<_> = path
                    .strip_prefix(base)
                    .unwrap()
                    .iter()
                    .map(|p| p.to_string_lossy().into_owned())
                    .collect();
                out.push(relative.join("/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The top-level keys of a YAML file as this exporter writes it (block style).
fn top_keys(yaml: &str) -> Vec<String> {
    yaml.lines()
        .filter(|line| !line.starts_with([' ', '#']) && !line.is_empty())
        .map(|line| line.split_once(':').expect(line).0.to_owned())
        .collect()
}

/// Every `.in` under `dir` has its `.ans`, and there is no `.out`; returns the `.in` count.
fn check_pairs(dir: &Path) -> usize {
    let mut inputs = 0;
    for name in files_in(dir) {
        let path = dir.join(&name);
        if path.is_dir() {
            inputs += check_pairs(&path);
        } else if let Some(stem) = name.strip_suffix(".in") {
            assert!(
                dir.join(format!("{stem}.ans")).is_file(),
                "{} has no .ans",
                path.display()
            );
            inputs += 1;
        } else {
            assert!(!name.ends_with(".out"), "{} should be .ans", path.display());
        }
    }
    inputs
}

/// Both formats: file names as the specification allows them (`[a-zA-Z0-9_][a-zA-Z0-9_.-]*`,
/// at most 255; a leading period only for files the judge ignores), UTF-8 text with Unix
/// line ends and a final newline.
fn check_names_and_text(dir: &Path, ignored: &[&str]) {
    for file in tree(dir) {
        for part in file.split('/') {
            let ok = part.len() <= 255
                && part
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"_.-".contains(&b))
                && (part.as_bytes()[0].is_ascii_alphanumeric() || part.starts_with('_'));
            assert!(
                ok || ignored.contains(&part),
                "{}: bad name {part:?}",
                dir.display()
            );
        }
        let text = read(&dir.join(&file));
        assert!(!text.contains('\r'), "{file}: CRLF");
        assert!(!text.starts_with('\u{feff}'), "{file}: BOM");
        assert!(
            text.is_empty() || text.ends_with('\n'),
            "{file}: no final newline"
        );
    }
}

/// Exports `crates` (all when empty) in `format` into a fresh folder.
fn export(format: Format, crates: &[&str], zip: bool) -> (tempfile::TempDir, Vec<PathBuf>) {
    let out = tempfile::tempdir().unwrap();
    let exported = Package {
        crates: crates.iter().map(|c| (*c).to_owned()).collect(),
        format,
        out: Some(out.path().to_owned()),
        zip,
    }
    .run()
    .unwrap();
    let dirs = exported.iter().map(|p| p.dir.clone()).collect();
    (out, dirs)
}

/// The submissions under `dir/submissions`, as `folder/file`, with their texts.
fn submissions(dir: &Path) -> Vec<(String, String)> {
    tree(&dir.join("submissions"))
        .into_iter()
        .filter(|f| f.ends_with(".cpp"))
        .map(|f| {
            let text = read(&dir.join("submissions").join(&f));
            (f, text)
        })
        .collect()
}

/// The top-level keys of `yaml` (a package's problem.yaml, of `folder`) are all
/// `allowed`, and the `required` ones are there.
fn check_top_keys(yaml: &str, allowed: &[&str], required: &[&str], folder: &str) {
    let keys = top_keys(yaml);
    for key in &keys {
        assert!(allowed.contains(&key.as_str()), "{folder}: {key}");
    }
    for key in required {
        assert!(keys.iter().any(|k| k == key), "{folder}: no {key}");
    }
}

/// What both formats share: data, validators, submissions in verdict folders.
fn check_common(dir: &Path, meta: &meta::Meta, tests: &mut usize) {
    assert!(files_in(dir.join("data/secret").as_path()).len() > 1);
    *tests += check_pairs(&dir.join("data"));
    for file in [
        "problem.yaml",
        "LEFT-OUT.md",
        "input_validators/validate/validate.cpp",
        "input_validators/validate/strict_input.h",
    ] {
        assert!(dir.join(file).is_file(), "{}: no {file}", meta.folder);
    }
    let subs = submissions(dir);
    assert!(subs.iter().any(|(f, _)| f.starts_with("accepted/")));
    assert!(
        subs.iter()
            .filter(|(f, _)| f.starts_with("wrong_answer/"))
            .count()
            >= 2
    );
    for (file, text) in &subs {
        let folder = file.split('/').next().unwrap();
        assert!(
            ["accepted", "wrong_answer", "partially_accepted"].contains(&folder),
            "{file}"
        );
        // Standalone programs: no variant markings left.
        assert!(!text.contains("@variant"), "{file}");
        assert!(!text.contains("#ifdef"), "{file}");
        if folder == "partially_accepted" {
            assert_eq!(text.matches("@EXPECTED_SCORE@: ").count(), 1, "{file}");
        }
    }
    let statement = read(&dir.join(if dir.join("statement").is_dir() {
        "statement/problem.en.tex"
    } else {
        "problem_statement/problem.en.tex"
    }));
    assert!(statement.contains(&format!("memory limit is ${}$~MiB", meta.memory_mib)));
    assert!(statement.contains(&format!("time limit is ${}$", meta.time_limit_secs)));
}

#[test]
fn the_legacy_packages_follow_the_legacy_format() {
    let (out, dirs) = export(Format::Legacy, &[], true);
    assert_eq!(dirs.len(), 5);
    let mut tests = 0;
    for meta in &meta::packages() {
        let dir = out.path().join(&meta.folder);
        assert!(
            meta.folder
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        );
        check_names_and_text(&dir, &[".timelimit"]);
        check_common(&dir, meta, &mut tests);
        assert!(dir.join("problem_statement/problem.en.tex").is_file());
        assert!(!dir.join("statement").exists());
        assert!(!dir.join("answer_validators").exists());
        // DOMjudge's own file is gone: problem.yaml and .timelimit say it all.
        assert!(!dir.join("domjudge-problem.ini").exists());
        let yaml = read(&dir.join("problem.yaml"));
        check_top_keys(
            &yaml,
            &[
                "problem_format_version",
                "type",
                "name",
                "uuid",
                "source",
                "source_url",
                "license",
                "rights_owner",
                "limits",
                "validator_flags",
                "grading",
            ],
            &["name", "uuid", "license", "rights_owner", "limits"],
            &meta.folder,
        );
        assert!(yaml.contains("problem_format_version: legacy\n"));
        assert!(yaml.contains(&format!("  memory: {}\n", meta.memory_mib)));
        // The legacy format has no time limit key; DOMjudge and the CI read .timelimit.
        assert!(!yaml.contains("time_limit"));
        assert_eq!(
            read(&dir.join(".timelimit")).trim(),
            meta.time_limit_secs.to_string()
        );
        let expected = if meta.crate_name == "ladders" {
            "validator_flags: float_tolerance 1e-6\n"
        } else {
            "validator_flags: case_sensitive\n"
        };
        assert!(yaml.contains(expected), "{}", meta.crate_name);
        for file in tree(&dir.join("data")) {
            if file.ends_with(".yaml") {
                assert!(file.ends_with("/testdata.yaml") || file == "testdata.yaml");
                for key in top_keys(&read(&dir.join("data").join(&file))) {
                    assert!(
                        [
                            "on_reject",
                            "grading",
                            "grader_flags",
                            "accept_score",
                            "reject_score",
                            "range",
                            "input_validator_flags",
                            "output_validator_flags"
                        ]
                        .contains(&key.as_str()),
                        "{file}: {key}"
                    );
                }
            }
        }
        // Every archived input is in the package or listed as left out.
        let note = read(&dir.join("LEFT-OUT.md"));
        let left = note.lines().filter(|l| l.starts_with("- `")).count();
        let archived = files_in(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../testdata")
                .join(meta.crate_name),
        )
        .iter()
        .filter(|f| f.ends_with(".in"))
        .count();
        assert_eq!(
            check_pairs(&dir.join("data")) + left,
            archived,
            "{}",
            meta.folder
        );
    }
    assert!(tests > 200);
}

#[test]
fn the_2025_09_packages_follow_the_2025_09_format() {
    let (out, dirs) = export(Format::V2025_09, &[], false);
    assert_eq!(dirs.len(), 5);
    let mut tests = 0;
    for meta in &meta::packages() {
        let dir = out.path().join(&meta.folder);
        check_names_and_text(&dir, &[]);
        check_common(&dir, meta, &mut tests);
        assert!(!dir.join(".timelimit").exists());
        assert!(!dir.join("problem_statement").exists());
        assert!(dir.join("statement/problem.en.tex").is_file());
        assert!(
            dir.join("answer_validators/validate/validate.cpp")
                .is_file()
        );
        let yaml = read(&dir.join("problem.yaml"));
        // The specification's keys; any other is an error.
        check_top_keys(
            &yaml,
            &[
                "problem_format_version",
                "type",
                "name",
                "uuid",
                "version",
                "credits",
                "source",
                "license",
                "rights_owner",
                "embargo_until",
                "limits",
                "keywords",
                "languages",
                "allow_file_writing",
                "constants",
            ],
            &[
                "problem_format_version",
                "name",
                "uuid",
                "version",
                "credits",
                "source",
                "limits",
            ],
            &meta.folder,
        );
        assert!(yaml.starts_with("problem_format_version: 2025-09\n"));
        assert!(yaml.contains(&format!(
            "limits:\n  time_limit: {}\n  memory: {}\n",
            meta.time_limit_secs, meta.memory_mib
        )));
        let kind = if meta.scoring { "scoring" } else { "pass-fail" };
        assert!(yaml.contains(&format!("type: {kind}\n")));
        // Test groups: `test_group.yaml` (not the legacy testdata.yaml), with the
        // specification's keys; max_score and aggregation only in scoring problems.
        for file in tree(&dir.join("data")) {
            if !file.ends_with(".yaml") {
                continue;
            }
            assert!(file.ends_with("test_group.yaml"), "{file}");
            let group = read(&dir.join("data").join(&file));
            for key in top_keys(&group) {
                let scoring_key = ["max_score", "score_aggregation", "require_pass"];
                assert!(
                    [
                        "output_validator_args",
                        "input_validator_args",
                        "full_feedback"
                    ]
                    .contains(&key.as_str())
                        || (meta.scoring
                            && !file.starts_with("sample")
                            && scoring_key.contains(&key.as_str())),
                    "{}: {file}: {key}",
                    meta.folder
                );
            }
            assert!(group.contains(&format!(
                "output_validator_args: {}\n",
                meta.validator_args_yaml()
            )));
        }
        // No test data groups in pass-fail problems; in gam, only groups in secret.
        let secret = files_in(&dir.join("data/secret"));
        if meta.scoring {
            assert!(
                secret
                    .iter()
                    .all(|f| f == "test_group.yaml" || !f.contains('.'))
            );
            for folder in secret.iter().filter(|f| !f.contains('.')) {
                assert!(
                    dir.join("data/secret")
                        .join(folder)
                        .join("test_group.yaml")
                        .is_file()
                );
            }
        } else {
            assert!(secret.iter().all(|f| f.contains('.')));
        }
        // submissions.yaml names only submissions that exist.
        let listed = dir.join("submissions/submissions.yaml");
        assert_eq!(listed.is_file(), meta.scoring);
        if listed.is_file() {
            for key in top_keys(&read(&listed)) {
                assert!(dir.join("submissions").join(&key).is_file(), "{key}");
            }
        }
    }
    assert!(tests > 200);
}

#[test]
fn the_output_checker_is_case_sensitive_and_ladders_has_a_tolerance() {
    for meta in &meta::packages() {
        let expected = if meta.crate_name == "ladders" {
            "[\"float_tolerance\", \"1e-6\"]"
        } else {
            "[\"case_sensitive\"]"
        };
        assert_eq!(meta.validator_args_yaml(), expected, "{}", meta.crate_name);
    }
}

#[test]
fn gam_is_scored_by_fifteen_all_or_nothing_groups_in_both_formats() {
    let (out, _) = export(Format::Legacy, &["gam"], false);
    let dir = out.path().join("gam");
    assert!(read(&dir.join("problem.yaml")).contains("type: scoring\n"));
    let mut total = 0;
    for group in 1..=15 {
        let folder = dir.join(format!("data/secret/group{group:02}"));
        let inputs: Vec<_> = files_in(&folder)
            .into_iter()
            .filter(|f| f.ends_with(".in"))
            .collect();
        assert_eq!(inputs, ["a", "b", "c"].map(|x| format!("gam{group}{x}.in")));
        let yaml = read(&folder.join("testdata.yaml"));
        assert!(yaml.contains("on_reject: break\n"), "{yaml}");
        assert!(yaml.contains("grader_flags: min\n"), "{yaml}");
        let points: u32 = yaml
            .lines()
            .find_map(|line| line.strip_prefix("accept_score: "))
            .unwrap()
            .parse()
            .unwrap();
        assert!(yaml.contains(&format!("range: 0 {points}\n")), "{yaml}");
        total += points;
    }
    assert_eq!(total, 100);
    let extra = read(&dir.join("data").join(data::GAM_EXTRA).join("testdata.yaml"));
    assert!(extra.contains("accept_score: 0\n"));
    assert!(files_in(&dir.join("data").join(data::GAM_EXTRA)).contains("heavy.in"));
    assert!(read(&dir.join("data/secret/testdata.yaml")).contains("accept_if_any_accepted"));

    let (out, _) = export(Format::V2025_09, &["gam"], false);
    let dir = out.path().join("gam");
    let mut total = 0;
    for group in 1..=15 {
        let yaml = read(&dir.join(format!("data/secret/group{group:02}/test_group.yaml")));
        let points: u32 = yaml
            .lines()
            .find_map(|line| line.strip_prefix("max_score: "))
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(points, data::GAM_POINTS[group - 1]);
        total += points;
    }
    // secret's default max_score is 100, summed over the groups.
    assert_eq!(total, 100);
    assert!(!read(&dir.join("data/secret/test_group.yaml")).contains("max_score"));
    let extra = read(
        &dir.join("data")
            .join(data::GAM_EXTRA)
            .join("test_group.yaml"),
    );
    assert!(extra.starts_with("max_score: 0\n"));
    // Each partial submission's score, as its file states it for DOMjudge.
    let listed = read(&dir.join("submissions/submissions.yaml"));
    assert!(listed.contains("accepted/gam.cpp:\n  score: 100\n"));
    for (file, text) in submissions(&dir) {
        if let Some(score) = text
            .lines()
            .find_map(|l| l.strip_prefix("// @EXPECTED_SCORE@: "))
        {
            assert!(
                listed.contains(&format!("{file}:\n  score: {score}\n")),
                "{file}"
            );
        }
    }
}

/// The zip's files, by path.
fn unzip(file: &Path) -> Vec<(String, String)> {
    let mut archive = zip::ZipArchive::new(std::fs::File::open(file).unwrap()).unwrap();
    let mut out = Vec::new();
    for index in 0..archive.len() {
        let mut entry = archive.by_index(index).unwrap();
        let mut text = String::new();
        entry.read_to_string(&mut text).unwrap();
        out.push((entry.name().to_owned(), text));
    }
    out
}

/// What DOMjudge's import (webapp/src/Service/ImportProblemService.php, 8.3 to 10.0DEV)
/// reads, replayed on the zips: the statement is `problem.html` at the top, the time limit
/// comes from `.timelimit` alone (a second one in problem.yaml that differs is an error),
/// grader flags other than sum/max/min/avg/ignore_sample are warned about, and a partial
/// submission's expected score is its one `@EXPECTED_SCORE@: N` line.
#[test]
fn the_zips_give_domjudge_a_statement_scores_and_no_unknown_flag() {
    let (out, _) = export(Format::Legacy, &[], true);
    for meta in &meta::packages() {
        let files = unzip(&out.path().join(format!("{}.zip", meta.folder)));
        let file = |name: &str| {
            files
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, text)| text.as_str())
                .unwrap_or_else(|| panic!("{}: no {name}", meta.folder))
        };
        let html = file("problem.html");
        assert!(html.contains(&format!("<h1>{}</h1>", meta.name)));
        assert!(html.contains(&format!("memory limit is {}\u{a0}MiB", meta.memory_mib)));
        assert!(html.contains("<h2>Sample 1</h2>"));
        assert!(
            !html.contains('\\'),
            "{}: LaTeX left in the HTML",
            meta.folder
        );
        assert_eq!(file(".timelimit").trim(), meta.time_limit_secs.to_string());
        assert!(!file("problem.yaml").contains("time_limit"));
        for (name, text) in &files {
            if name.starts_with("data/") && name.ends_with("testdata.yaml") {
                for line in text.lines() {
                    if let Some(flags) = line.strip_prefix("grader_flags: ") {
                        for flag in flags.split_whitespace() {
                            assert!(
                                ["sum", "max", "min", "avg", "ignore_sample"].contains(&flag),
                                "{}: {name}: DOMjudge warns about {flag}",
                                meta.folder
                            );
                        }
                    }
                }
            }
            if name.starts_with("submissions/partially_accepted/") {
                let scores: Vec<f64> = text
                    .lines()
                    .filter_map(|l| l.split_once("@EXPECTED_SCORE@: "))
                    .map(|(_, v)| v.trim().parse().unwrap())
                    .collect();
                assert_eq!(scores.len(), 1, "{name}");
                assert!(scores[0] > 0.0 && scores[0] < 100.0, "{name}");
            }
        }
    }
}

#[test]
fn each_mistake_is_a_few_lines_away_from_the_accepted_program() {
    let (out, _) = export(Format::Legacy, &[], false);
    for meta in &meta::packages() {
        let dir = out.path().join(&meta.folder);
        let subs = submissions(&dir);
        let accepted: BTreeSet<&str> = subs
            .iter()
            .find(|(f, _)| f.starts_with("accepted/"))
            .unwrap()
            .1
            .lines()
            .collect();
        for (file, text) in &subs {
            if file.ends_with("table_4d.cpp") {
                continue; // gam's n^4 table is a program of its own
            }
            let changed = text.lines().filter(|l| !accepted.contains(l)).count();
            assert!(changed <= 25, "{file}: {changed} lines differ");
        }
    }
}

#[test]
fn files_off_the_format_and_repeated_inputs_are_left_out_with_a_reason() {
    let out = tempfile::tempdir().unwrap();
    let exported = Package {
        crates: vec!["sweets".to_owned(), "statues".to_owned()],
        out: Some(out.path().to_owned()),
        ..Package::default()
    }
    .run()
    .unwrap();
    let sweets = &exported[0];
    let names: Vec<_> = sweets.left_out.iter().map(|l| l.name.as_str()).collect();
    for tolerant in ["irregular-spacing", "unindented-four-chocolates"] {
        assert!(names.contains(&tolerant), "{names:?}");
        assert!(
            !out.path()
                .join(format!("sweets/data/secret/{tolerant}.in"))
                .exists()
        );
    }
    let note = read(&out.path().join("sweets/LEFT-OUT.md"));
    assert!(note.contains("`irregular-spacing`: does not follow the statement's format"));
    // statues' gen-001 is the first sample again: the sample stays, the copy goes.
    let statues = &exported[1];
    assert!(
        statues
            .left_out
            .iter()
            .any(|l| l.name == "gen-001" && l.reason.contains("sample1"))
    );
    assert!(out.path().join("statues/data/sample/sample1.in").is_file());
}

#[test]
fn an_unknown_problem_is_refused_by_name() {
    let error = Package {
        crates: vec!["chess".to_owned()],
        out: Some(tempfile::tempdir().unwrap().path().to_owned()),
        ..Package::default()
    }
    .run()
    .unwrap_err();
    assert!(
        format!("{error:#}").contains("no problem named \"chess\""),
        "{error:#}"
    );
}

/// A validator is compiled once and found again; a change to any file of its folder (the
/// shared header too) compiles a new one.
#[test]
fn a_validator_is_compiled_once_until_a_file_of_it_changes() {
    let root = xtask::project_root();
    let work = tempfile::tempdir().unwrap();
    let source = work.path().join("validate.cpp");
    std::fs::copy(
        root.join("packages/statues/input_validators/validate/validate.cpp"),
        &source,
    )
    .unwrap();
    let header = work.path().join("strict_input.h");
    std::fs::copy(root.join("packages/common/strict_input.h"), &header).unwrap();
    let cache = work.path().join("cache");
    let first = data::compile_validator(&source, &cache).unwrap();
    let modified = std::fs::metadata(&first).unwrap().modified().unwrap();
    let again = data::compile_validator(&source, &cache).unwrap();
    assert_eq!(first, again);
    assert_eq!(
        std::fs::metadata(&again).unwrap().modified().unwrap(),
        modified
    );
    assert_eq!(files_in(&cache).len(), 1, "{:?}", files_in(&cache));
    let mut text = read(&header);
    text.push_str("\n// changed\n");
    std::fs::write(&header, text).unwrap();
    let changed = data::compile_validator(&source, &cache).unwrap();
    assert_ne!(changed, first);
    assert!(changed.is_file() && first.is_file());
}

//! `cargo xtask package`: the exported layout (folder names, files, `.ans` beside every
//! `.in`, `problem.yaml` keys, gam's scoring groups). The real check of the packages is
//! problemtools' `verifyproblem`, which `.ci/run` runs on every one of them.

use std::collections::BTreeSet;
use std::path::Path;

use xtask::package::{Package, data, meta};

fn files_in(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
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

#[test]
fn every_problem_exports_a_complete_package() {
    let out = tempfile::tempdir().unwrap();
    let exported = Package {
        out: Some(out.path().to_owned()),
        zip: true,
        ..Package::default()
    }
    .run()
    .unwrap();
    assert_eq!(exported.len(), 5);
    let folders = files_in(out.path());
    for meta in meta::PACKAGES {
        assert!(
            meta.folder
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        );
        assert!(folders.contains(meta.folder), "{} missing", meta.folder);
        assert!(folders.contains(&format!("{}.zip", meta.folder)));
        let dir = out.path().join(meta.folder);
        for file in [
            "problem.yaml",
            ".timelimit",
            "domjudge-problem.ini",
            "LEFT-OUT.md",
            "problem_statement/problem.en.tex",
            "input_validators/validate/validate.cpp",
            "input_validators/validate/strict_input.h",
            "data/sample",
            "data/secret",
        ] {
            assert!(dir.join(file).exists(), "{}: no {file}", meta.folder);
        }
        assert!(!files_in(&dir.join("submissions/accepted")).is_empty());
        assert!(files_in(&dir.join("submissions/wrong_answer")).len() >= 2);

        let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
        for key in [
            "name:",
            "uuid:",
            "source:",
            "source_url:",
            "license:",
            "rights_owner:",
            "limits:",
            "validator_flags:",
        ] {
            assert!(
                yaml.lines().any(|line| line.starts_with(key)),
                "{}: no {key}",
                meta.folder
            );
        }
        assert!(yaml.contains(&format!("  memory: {}\n", meta.memory_mib)));
        let timelimit = std::fs::read_to_string(dir.join(".timelimit")).unwrap();
        assert_eq!(timelimit.trim(), meta.time_limit_secs.to_string());
        let ini = std::fs::read_to_string(dir.join("domjudge-problem.ini")).unwrap();
        assert!(ini.contains(&format!("timelimit = {}\n", meta.time_limit_secs)));

        let package = exported.iter().find(|p| p.dir == dir).unwrap();
        let inputs = check_pairs(&dir.join("data"));
        assert_eq!(inputs, package.tests);
        let testdata = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../testdata")
            .join(meta.crate_name);
        let archived = files_in(&testdata)
            .iter()
            .filter(|f| f.ends_with(".in"))
            .count();
        assert_eq!(inputs + package.left_out.len(), archived, "{}", meta.folder);
    }
}

#[test]
fn answers_in_words_are_case_sensitive_and_ladders_has_a_tolerance() {
    for meta in meta::PACKAGES {
        let yaml = meta.problem_yaml();
        let expected = if meta.crate_name == "ladders" {
            "validator_flags: float_tolerance 1e-6\n"
        } else {
            "validator_flags: case_sensitive\n"
        };
        assert!(yaml.contains(expected), "{}", meta.crate_name);
    }
}

#[test]
fn gam_is_scored_by_fifteen_all_or_nothing_groups() {
    let out = tempfile::tempdir().unwrap();
    let exported = Package {
        crates: vec!["gam".to_owned()],
        out: Some(out.path().to_owned()),
        zip: false,
    }
    .run()
    .unwrap();
    assert_eq!(exported.len(), 1);
    let dir = out.path().join("gam");
    assert!(
        std::fs::read_to_string(dir.join("problem.yaml"))
            .unwrap()
            .contains("type: scoring\n")
    );
    let secret = dir.join("data/secret");
    let mut total = 0;
    for group in 1..=15 {
        let folder = secret.join(format!("group{group:02}"));
        let files = files_in(&folder);
        let inputs: Vec<_> = files.iter().filter(|f| f.ends_with(".in")).collect();
        assert_eq!(
            inputs,
            ["a", "b", "c"]
                .map(|x| format!("gam{group}{x}.in"))
                .iter()
                .collect::<Vec<_>>()
        );
        let yaml = std::fs::read_to_string(folder.join("testdata.yaml")).unwrap();
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
    // Every other file is in the 0-point group.
    let extra =
        std::fs::read_to_string(dir.join("data").join(data::GAM_EXTRA).join("testdata.yaml"))
            .unwrap();
    assert!(extra.contains("accept_score: 0\n"));
    assert!(files_in(&dir.join("data").join(data::GAM_EXTRA)).contains("heavy.in"));
    assert!(files_in(&dir.join("data/sample")).contains("sample1.ans"));
    assert!(
        std::fs::read_to_string(dir.join("data/secret/testdata.yaml"))
            .unwrap()
            .contains("accept_if_any_accepted")
    );
}

#[test]
fn files_off_the_format_and_repeated_inputs_are_left_out_with_a_reason() {
    let out = tempfile::tempdir().unwrap();
    let exported = Package {
        crates: vec!["sweets".to_owned(), "statues".to_owned()],
        out: Some(out.path().to_owned()),
        zip: false,
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
    let note = std::fs::read_to_string(out.path().join("sweets/LEFT-OUT.md")).unwrap();
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
        zip: false,
    }
    .run()
    .unwrap_err();
    assert!(
        format!("{error:#}").contains("no problem named \"chess\""),
        "{error:#}"
    );
}

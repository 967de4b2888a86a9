//! The tests a page judges a learner's program on: the archive's own `testdata/<crate>/`,
//! copied into the site as `tests/<crate>/`, with `index.json` listing each test's name, its
//! two files and the rules it is judged by. The rules are written here from the archive's
//! table of problems ([`crate::problems`]), the one `verify` judges by, so that the page
//! judges every test by the same limits, checker and cases. The page fetches these files
//! only when a learner judges a program.

use std::path::Path;

use anyhow::{Context, Result};
use verdict::Checker;

use crate::testdata;
use problems::AnyProblem;

/// Copies the tests of `problem` into `dir/tests/<crate>/` and writes their index;
/// returns how many tests there are.
///
/// # Errors
/// The test data cannot be read, or the site cannot be written.
pub fn write(root: &Path, dir: &Path, problem: &dyn AnyProblem) -> Result<usize> {
    let suite = testdata::pairs(&root.join("testdata").join(problem.name()))?;
    let out = dir.join("tests").join(problem.name());
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    let mut tests = Vec::with_capacity(suite.pairs.len());
    for pair in &suite.pairs {
        let input = std::fs::read(&pair.input)
            .with_context(|| format!("reading {}", pair.input.display()))?;
        let rules = problem
            .judging()
            .rules_of(&pair.name, &String::from_utf8_lossy(&input));
        let input_file = format!("{}.in", pair.name);
        let expected_file = format!("{}.out", pair.name);
        copy(&pair.input, &out.join(&input_file))?;
        copy(&pair.expected, &out.join(&expected_file))?;
        tests.push(serde_json::json!({
            "name": pair.name,
            "input": input_file,
            "expected": expected_file,
            "bytes": input.len(),
            "rules": rules_json(&rules),
        }));
    }
    // Generated cases (stress in the page) are judged as `cargo xtask stress` judges them.
    let stress = rules_json(&problem.judging().rules_of("stress", ""));
    let index =
        serde_json::json!({ "problem": problem.name(), "tests": tests, "stress_rules": stress });
    let path = out.join("index.json");
    std::fs::write(&path, index.to_string())
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(suite.pairs.len())
}

/// A test's rules as the page's module reads them (`playground::judging::TestRules`).
fn rules_json(rules: &verdict::Rules) -> serde_json::Value {
    let tolerance = match rules.checker {
        Checker::Tokens => None,
        Checker::Float { tolerance } => Some(tolerance),
    };
    let cases = match rules.cases {
        verdict::CaseStyle::Single => "single",
        verdict::CaseStyle::PerLine => "per-line",
        verdict::CaseStyle::CodeJam => "code-jam",
    };
    serde_json::json!({
        "time_limit_ms": u64::try_from(rules.time_limit.as_millis()).unwrap_or(u64::MAX),
        "memory_budget_bytes": rules.memory_budget_bytes,
        "tolerance": tolerance,
        "cases": cases,
    })
}

fn copy(from: &Path, to: &Path) -> Result<()> {
    std::fs::copy(from, to)
        .map(|_| ())
        .with_context(|| format!("copying {} to {}", from.display(), to.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use problems::find;

    #[test]
    fn every_test_is_copied_with_the_rules_verify_judges_it_by() {
        let root = crate::project_root();
        let site = tempfile::tempdir().unwrap();
        let gam = find("gam").unwrap();
        let count = write(&root, site.path(), gam).unwrap();
        let index = std::fs::read_to_string(site.path().join("tests/gam/index.json")).unwrap();
        let index: serde_json::Value = serde_json::from_str(&index).unwrap();
        let tests = index["tests"].as_array().unwrap();
        assert_eq!(tests.len(), count);
        let pairs = testdata::pairs(&root.join("testdata/gam")).unwrap().pairs;
        assert_eq!(tests.len(), pairs.len());
        for (test, pair) in tests.iter().zip(&pairs) {
            assert_eq!(test["name"], pair.name.as_str());
            let copied = site
                .path()
                .join("tests/gam")
                .join(test["expected"].as_str().unwrap());
            assert_eq!(
                std::fs::read(copied).unwrap(),
                std::fs::read(&pair.expected).unwrap()
            );
            let input = std::fs::read_to_string(&pair.input).unwrap();
            let rules = gam.judging().rules_of(&pair.name, &input);
            let rules_ms = u64::try_from(rules.time_limit.as_millis()).unwrap();
            assert_eq!(test["rules"]["time_limit_ms"], rules_ms, "{}", pair.name);
            assert_eq!(test["rules"]["memory_budget_bytes"], 8_000_000);
            assert_eq!(test["rules"]["cases"], "per-line");
            // What the page's module reads.
            let _: playground::judging::TestRules =
                serde_json::from_value(test["rules"].clone()).unwrap();
        }
        let _: playground::judging::TestRules =
            serde_json::from_value(index["stress_rules"].clone()).unwrap();
        // Generated cases reach the largest boards: the large groups' limit.
        assert_eq!(index["stress_rules"]["time_limit_ms"], 6000);
        // gam's small groups have 1 s, its large ones 6 s.
        let limit_of = |name: &str| {
            tests.iter().find(|test| test["name"] == name).unwrap()["rules"]["time_limit_ms"]
                .as_u64()
                .unwrap()
        };
        assert_eq!(limit_of("gam1a"), 1000);
        assert_eq!(limit_of("gam15a"), 6000);
        // ladders compares numbers within its tolerance.
        write(&root, site.path(), find("ladders").unwrap()).unwrap();
        let index = std::fs::read_to_string(site.path().join("tests/ladders/index.json")).unwrap();
        let index: serde_json::Value = serde_json::from_str(&index).unwrap();
        assert_eq!(index["tests"][0]["rules"]["tolerance"], 1e-6);
    }
}

//! `cargo xtask verify`: every solver on its test data, judged and measured.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::judge::{self, Rules};
use crate::problems::{PROBLEMS, Problem, find};
use crate::testdata::TestPair;
use crate::{project_root, report, testdata};

/// What to verify.
#[derive(Debug)]
pub struct Verify {
    /// Crates to verify; all when empty.
    pub crates: Vec<String>,
    /// Another folder of pairs to verify instead of `testdata/<crate>` (one crate only).
    pub data: Option<PathBuf>,
}

impl Verify {
    pub fn run(&self) -> Result<()> {
        let problems = self.selected()?;
        if self.data.is_some() && problems.len() != 1 {
            bail!(
                "--data verifies one crate: name it, e.g. `cargo xtask verify descending-dark --data DIR`"
            );
        }
        let root = project_root();
        crate::build::release(&root, problems.iter().map(|p| p.name), false)?;
        let suites = problems
            .iter()
            .map(|&problem| {
                let dir = match &self.data {
                    Some(dir) => dir.clone(),
                    None => root.join("testdata").join(problem.name),
                };
                let pairs = testdata::pairs(&dir).with_context(|| {
                    format!("{}: a crate with no tests is not a pass", problem.name)
                })?;
                Ok((problem, pairs))
            })
            .collect::<Result<Vec<_>>>()?;
        let width = suites
            .iter()
            .flat_map(|(_, pairs)| pairs.iter().map(|pair| pair.name.len()))
            .max()
            .unwrap_or(0)
            .max("test".len());
        let mut passed = 0;
        let mut failed = 0;
        println!("{}", report::header(width));
        for (problem, pairs) in &suites {
            let (ok, bad) = verify_problem(&root, problem, pairs, width)?;
            passed += ok;
            failed += bad;
        }
        println!("{}", report::closing_line(passed, failed));
        if failed > 0 {
            bail!("{failed} test(s) failed");
        }
        Ok(())
    }

    fn selected(&self) -> Result<Vec<&'static Problem>> {
        if self.crates.is_empty() {
            return Ok(PROBLEMS.iter().collect());
        }
        self.crates
            .iter()
            .map(|name| {
                find(name).with_context(|| {
                    let known: Vec<_> = PROBLEMS.iter().map(|p| p.name).collect();
                    format!("unknown crate '{name}' (known: {})", known.join(", "))
                })
            })
            .collect()
    }
}

/// Judges every pair; prints the rows and returns (passed, failed) counts.
fn verify_problem(
    root: &Path,
    problem: &Problem,
    pairs: &[TestPair],
    width: usize,
) -> Result<(usize, usize)> {
    let program = root.join("target/release").join(problem.name);
    let scratch = root.join("target/xtask/verify").join(problem.name);
    std::fs::create_dir_all(&scratch)?;
    let mut groups: BTreeMap<&str, Vec<bool>> = BTreeMap::new();
    let (mut passed, mut failed) = (0, 0);
    let mut outcomes = Vec::with_capacity(pairs.len());
    for pair in pairs {
        let rules = Rules {
            time_limit: problem.time_limit_of(&pair.name),
            memory_budget_bytes: problem.memory_budget_bytes,
            checker: problem.checker,
            cases: problem.cases,
        };
        let outcome = judge::judge(&program, &[], &pair.input, &pair.expected, &scratch, rules)?;
        println!("{}", report::row(problem.name, &pair.name, width, &outcome));
        let accepted = outcome.verdict == judge::Verdict::Accepted;
        if accepted {
            passed += 1
        } else {
            failed += 1
        }
        groups
            .entry(problem.group_of(&pair.name))
            .or_default()
            .push(accepted);
        outcomes.push(outcome);
    }
    println!("{}", report::summary(problem.name, &outcomes));
    if problem.grouped {
        print_groups(problem.name, &groups);
    }
    Ok((passed, failed))
}

/// Group scores, all or nothing, as the original contest counted them; names the
/// groups that lost their points.
fn print_groups(problem: &str, groups: &BTreeMap<&str, Vec<bool>>) {
    let mut lost: Vec<&str> = groups
        .iter()
        .filter(|(_, files)| !files.iter().all(|&ok| ok))
        .map(|(name, _)| *name)
        .collect();
    lost.sort_by(|a, b| testdata::natural_order(a, b));
    let scored = groups.len() - lost.len();
    println!(
        "{problem} groups (all or nothing): {scored}/{} scored",
        groups.len()
    );
    if !lost.is_empty() {
        println!("  lost: {}", lost.join(", "));
    }
}

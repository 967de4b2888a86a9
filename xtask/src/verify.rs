//! `cargo xtask verify`: every solver (or a user's solution) on its test data, judged and
//! measured.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};

use crate::judge;
use crate::measure::{self, Program};
use crate::sandbox::Strictness;
use crate::solution::{self, CompileError};
use crate::testdata::TestPair;
use crate::{build, project_root, report, testdata};
use problems::{AnyProblem, PROBLEMS, find};

/// Run the solvers (or your solution) on their test data, judged under the limits.
#[derive(Debug, Default, clap::Args)]
pub struct Verify {
    /// Crates to verify (all when none is named).
    pub crates: Vec<String>,
    /// Another folder of NAME.in / NAME.out pairs (one crate only).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    // The extensions come from the table the solution is read by ([`solution::prepare`]).
    #[arg(
        long,
        value_name = "SOL",
        help = solution::help("Your solution instead of the crate's binary (one crate only)")
    )]
    pub solution: Option<String>,
    /// `strict` refuses to run unless every layer of the sandbox is active.
    #[arg(long, value_enum, default_value_t = Strictness::Report)]
    pub sandbox: Strictness,
    /// Only the tests whose names contain NAME (repeatable), as `cargo test` filters.
    #[arg(long = "test", value_name = "NAME")]
    pub tests: Vec<String>,
    /// Stop at the first test that fails.
    #[arg(long)]
    pub fail_fast: bool,
}

/// How many tests passed and failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    pub passed: usize,
    pub failed: usize,
}

impl Verify {
    /// Verifies, printing the report on stdout; whether every test passed (a solution
    /// that does not compile passes none: the report has shown the compiler's messages).
    ///
    /// # Errors
    /// The judge's own failures: a bad selection, a failed build, unreadable files, a
    /// sandbox that cannot run or measure a program.
    pub fn run(&self) -> Result<bool> {
        match self.report(&mut std::io::stdout().lock()) {
            Ok(tally) => Ok(tally.failed == 0),
            Err(error) if error.downcast_ref::<CompileError>().is_some() => Ok(false),
            Err(error) => Err(error),
        }
    }

    /// Verifies, writing the report to `out`; returns the tally (failures included).
    ///
    /// # Errors
    /// A bad selection, a failed build, a solution that does not compile (a
    /// [`CompileError`], after `0 passed, N failed` is written), or unreadable files.
    pub fn report(&self, out: &mut dyn Write) -> Result<Tally> {
        let problems = self.selected()?;
        if (self.data.is_some() || self.solution.is_some()) && problems.len() != 1 {
            bail!(
                "--data and --solution verify one crate: name it, e.g. `cargo xtask verify statues --solution ./a.out`"
            );
        }
        let layers = crate::sandbox::layers()?;
        writeln!(out, "{}", layers.header())?;
        layers.require(self.sandbox)?;
        layers.expect(&crate::sandbox::expected_here())?;
        let root = project_root();
        let suites = problems
            .iter()
            .map(|&problem| {
                let dir = match &self.data {
                    Some(dir) => dir.clone(),
                    None => root.join("testdata").join(problem.name()),
                };
                let suite = testdata::pairs(&dir).with_context(|| {
                    format!("{}: a crate with no tests is not a pass", problem.name())
                })?;
                for input in &suite.unpaired {
                    writeln!(
                        out,
                        "{}: {} has no expected output {}: not judged",
                        problem.name(),
                        report::shown_name(&input.display().to_string()),
                        report::shown_name(&input.with_extension("out").display().to_string())
                    )?;
                }
                let pairs: Vec<TestPair> = suite
                    .pairs
                    .into_iter()
                    .filter(|pair| self.wanted(&pair.name))
                    .collect();
                Ok((problem, pairs))
            })
            .collect::<Result<Vec<_>>>()?;
        if suites.iter().all(|(_, pairs)| pairs.is_empty()) {
            bail!("no test name contains any of: {}", self.tests.join(", "));
        }
        let solution = match &self.solution {
            Some(spec) => match solution::prepare_for_data(spec, self.data.as_deref()) {
                Ok(solution) => Some(solution),
                Err(error) => return compile_failure(out, error, &suites),
            },
            None => None,
        };
        let executables = match solution {
            Some(_) => None,
            None => Some(build::release(
                &root,
                problems.iter().map(|p| p.name()),
                build::Targets::Binaries,
            )?),
        };
        let width = suites
            .iter()
            .flat_map(|(_, pairs)| {
                pairs
                    .iter()
                    .map(|pair| report::shown_name(&pair.name).chars().count())
            })
            .max()
            .unwrap_or(0)
            .max("test".len());
        let mut tally = Tally::default();
        let total: usize = suites.iter().map(|(_, pairs)| pairs.len()).sum();
        writeln!(out, "{}", report::header(width))?;
        for &(problem, ref pairs) in &suites {
            if pairs.is_empty() || (self.fail_fast && tally.failed > 0) {
                continue;
            }
            let program = match (&solution, &executables) {
                (Some(solution), _) => solution.program.clone(),
                (None, Some(executables)) => {
                    measure::own_program(executables.get(problem.name())?, &[])
                }
                (None, None) => unreachable!("a solution or a build"),
            };
            let run = Run {
                program: &program,
                width,
                fail_fast: self.fail_fast,
            };
            let counts = verify_problem(out, problem, pairs, &run)?;
            tally.passed += counts.passed;
            tally.failed += counts.failed;
        }
        let not_run = total - tally.passed - tally.failed;
        if not_run > 0 {
            writeln!(
                out,
                "stopped at the first failure (--fail-fast): {not_run} test(s) not run"
            )?;
        }
        writeln!(out, "{}", report::closing_line(tally.passed, tally.failed))?;
        Ok(tally)
    }

    /// Whether the test `name` is selected by `--test`.
    fn wanted(&self, name: &str) -> bool {
        self.tests.is_empty()
            || self
                .tests
                .iter()
                .any(|filter| name.contains(filter.as_str()))
    }

    fn selected(&self) -> Result<Vec<&'static dyn AnyProblem>> {
        if self.crates.is_empty() {
            return Ok(PROBLEMS.to_vec());
        }
        self.crates
            .iter()
            .map(|name| find(name).with_context(|| unknown_crate(name)))
            .collect()
    }
}

/// The error for a crate name that is not a problem of the archive.
pub fn unknown_crate(name: &str) -> String {
    let known: Vec<_> = PROBLEMS.iter().map(|p| p.name()).collect();
    format!("unknown crate '{name}' (known: {})", known.join(", "))
}

/// A solution that does not compile fails every test: CE, with the compiler's messages.
fn compile_failure(
    out: &mut dyn Write,
    error: anyhow::Error,
    suites: &[(&dyn AnyProblem, Vec<TestPair>)],
) -> Result<Tally> {
    if error.downcast_ref::<CompileError>().is_none() {
        return Err(error);
    }
    let failed = suites.iter().map(|(_, pairs)| pairs.len()).sum();
    writeln!(out, "{error}")?;
    writeln!(out, "{}", report::closing_line(0, failed))?;
    Err(error)
}

/// How one problem's tests run.
struct Run<'a> {
    program: &'a Program,
    /// The width of the report's test-name column.
    width: usize,
    fail_fast: bool,
}

/// Judges every pair (up to the first failure with `--fail-fast`); writes the rows and
/// returns the tally.
fn verify_problem(
    out: &mut dyn Write,
    problem: &dyn AnyProblem,
    pairs: &[TestPair],
    run: &Run<'_>,
) -> Result<Tally> {
    let mut groups: BTreeMap<&str, Vec<bool>> = BTreeMap::new();
    let mut limits: BTreeMap<std::time::Duration, Vec<&str>> = BTreeMap::new();
    let mut tally = Tally::default();
    let mut outcomes = Vec::with_capacity(pairs.len());
    for pair in pairs {
        let input = std::fs::read_to_string(&pair.input).unwrap_or_default();
        let rules = problem.judging().rules_of(&pair.name, &input);
        limits
            .entry(rules.time_limit)
            .or_default()
            .push(pair.name.as_str());
        let outcome = judge::judge(run.program, &pair.input, &pair.expected, rules)?;
        writeln!(
            out,
            "{}",
            report::row(problem.name(), &pair.name, run.width, &outcome)
        )?;
        let accepted = outcome.verdict == judge::Verdict::Accepted;
        if accepted {
            tally.passed += 1;
        } else {
            tally.failed += 1;
        }
        groups
            .entry(problem.judging().group_of(&pair.name))
            .or_default()
            .push(accepted);
        outcomes.push(outcome);
        if run.fail_fast && !accepted {
            break;
        }
    }
    writeln!(out, "{}", report::summary(problem.name(), &outcomes))?;
    if limits.len() > 1 {
        // Say which limit each file was judged by, where they differ.
        let by_limit: Vec<String> = limits
            .iter()
            .map(|(limit, names)| {
                let names: Vec<String> =
                    names.iter().map(|name| report::shown_name(name)).collect();
                format!("{} s for {}", limit.as_secs_f64(), names.join(" "))
            })
            .collect();
        writeln!(
            out,
            "{} time limits: {}",
            problem.name(),
            by_limit.join("; ")
        )?;
    }
    if problem.judging().grouped {
        write_groups(out, problem.name(), &groups)?;
    }
    Ok(tally)
}

/// Group scores, all or nothing, as the original contest counted them; names the
/// groups that lost their points.
fn write_groups(
    out: &mut dyn Write,
    problem: &str,
    groups: &BTreeMap<&str, Vec<bool>>,
) -> Result<()> {
    let mut lost: Vec<&str> = groups
        .iter()
        .filter(|(_, files)| !files.iter().all(|&ok| ok))
        .map(|(name, _)| *name)
        .collect();
    lost.sort_by(|a, b| testdata::natural_order(a, b));
    let scored = groups.len() - lost.len();
    writeln!(
        out,
        "{problem} groups (all or nothing): {scored}/{} scored",
        groups.len()
    )?;
    if !lost.is_empty() {
        let lost: Vec<String> = lost.iter().map(|name| report::shown_name(name)).collect();
        writeln!(out, "  lost: {}", lost.join(", "))?;
    }
    Ok(())
}

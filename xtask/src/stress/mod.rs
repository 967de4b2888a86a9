//! `cargo xtask stress CRATE --solution SOL`: generated inputs, smallest first and growing
//! to the statement's limits, run through a user's solution and judged against the
//! crate's own solver; the first failure is shrunk to a 1-minimal input and written out,
//! ready to join `testdata/`.

mod search;
mod trial;

use crate::sandbox::Strictness;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use gridkit::testkit::{ProblemKit, shrink};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::judge::Rules;
use crate::problems::{Problem, find};
use crate::solution::{self, Solution};
use crate::verify::unknown_crate;
use crate::{build, project_root};
use search::{Budget, Failure, first_failure};
use trial::Trial;

/// What to stress.
#[derive(Debug, Clone)]
pub struct Stress {
    pub crate_name: String,
    /// The solution: a command line or a source file (see [`solution::prepare`]).
    pub solution: String,
    pub seed: u64,
    /// Stop after this long without a failure (none: only `cases` stops the search).
    pub time: Option<Duration>,
    /// Stop after this many cases without a failure.
    pub cases: Option<u64>,
    /// Where the shrunk input and its expected output are written.
    pub out: Option<PathBuf>,
    /// Threads running cases; all cores when `None`.
    pub jobs: Option<usize>,
    /// Whether a missing sandbox layer refuses the run.
    pub sandbox: Strictness,
}

/// How a stress run ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Ending {
    NoFailure {
        cases: u64,
    },
    /// The shrunk input was written to `input` (and its expected output beside it).
    Failure {
        after: u64,
        steps: usize,
        input: PathBuf,
    },
}

/// The default time budget when neither `--time` nor `--cases` is given.
pub const DEFAULT_TIME: Duration = Duration::from_secs(10);

impl Stress {
    /// Runs the search and prints the report; the closing line is the last thing printed.
    ///
    /// # Errors
    /// An unknown crate, a solution that cannot be prepared or started, or files that
    /// cannot be written.
    pub fn run(&self) -> Result<Ending> {
        let problem = find(&self.crate_name).with_context(|| unknown_crate(&self.crate_name))?;
        match problem.name {
            "statues" => self.run_kit::<statues::testkit::Kit>(problem),
            "descending-dark" => self.run_kit::<descending_dark::testkit::Kit>(problem),
            "gam" => self.run_kit::<gam::testkit::Kit>(problem),
            "sweets" => self.run_kit::<sweets::testkit::Kit>(problem),
            "ladders" => self.run_kit::<ladders::testkit::Kit>(problem),
            other => bail!("{other} has no stress kit"),
        }
    }

    fn run_kit<K: ProblemKit>(&self, problem: &Problem) -> Result<Ending> {
        let layers = crate::sandbox::client::layers()?;
        layers.require(self.sandbox)?;
        println!("{}", layers.header());
        let solution = solution::prepare(&self.solution)?;
        let root = project_root();
        let scratch = build::scratch(&root, "stress")?;
        let rules = Rules::of(problem, "stress");
        let jobs = self.jobs.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
        });
        let trials = (0..jobs.max(1))
            .map(|_| Trial::new(&solution, rules, &scratch))
            .collect::<Result<Vec<_>>>()?;
        let budget = Budget {
            cases: self.cases.unwrap_or(u64::MAX),
            deadline: self
                .time
                .or(if self.cases.is_some() {
                    None
                } else {
                    Some(DEFAULT_TIME)
                })
                .map(|time| Instant::now() + time),
        };
        println!(
            "stress {}: solution `{}`, seed {}, {} threads",
            K::NAME,
            solution.spec,
            self.seed,
            trials.len()
        );
        let progress = progress_bar(self.cases);
        let started = Instant::now();
        let found = first_failure::<K>(self.seed, budget, &trials, &progress)?;
        let seconds = started.elapsed().as_secs_f64();
        let Some(failure) = found.failure else {
            progress.finish_and_clear();
            println!(
                "stress: {} cases in {seconds:.1} s ({:.0} cases/s), no failure",
                found.cases_run,
                found.cases_run as f64 / seconds.max(1e-9)
            );
            return Ok(Ending::NoFailure {
                cases: found.cases_run,
            });
        };
        let after = failure.case + 1;
        println!(
            "case {} failed ({}): shrinking",
            failure.case,
            failure.judged.outcome.verdict.code()
        );
        let (input, steps) = shrink_failure::<K>(failure, &trials[0], &progress);
        progress.finish_and_clear();
        let path = self.write_failure::<K>(&root, &input, &trials[0], &solution, steps)?;
        println!(
            "stress: failure after {after} cases, shrunk in {steps} steps: {}",
            path.display()
        );
        Ok(Ending::Failure {
            after,
            steps,
            input: path,
        })
    }

    /// Prints the minimal failing input, both outputs and the explanation; writes
    /// `DIR/<crate>-<seed>.in` and `.out`.
    fn write_failure<K: ProblemKit>(
        &self,
        root: &Path,
        input: &K::Input,
        trial: &Trial<'_>,
        solution: &Solution,
        steps: usize,
    ) -> Result<PathBuf> {
        let text = K::render(input);
        let expected = K::answer(input);
        let judged = trial.judge(&text, &expected)?;
        let dir = match &self.out {
            Some(dir) => dir.clone(),
            None => build::target_dir(root)?.join("stress"),
        };
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        let stem = dir.join(format!("{}-{}", K::NAME, self.seed));
        let (input_path, output_path) = (stem.with_extension("in"), stem.with_extension("out"));
        std::fs::write(&input_path, &text)?;
        std::fs::write(&output_path, &expected)?;
        let verdict = &judged.outcome.verdict;
        println!(
            "--- minimal input ({} steps of shrinking): {}",
            steps,
            input_path.display()
        );
        print!("{text}");
        println!("--- expected output: {}", output_path.display());
        print!("{expected}");
        println!("--- received output");
        print!("{}", judged.received);
        if !judged.received.ends_with('\n') && !judged.received.is_empty() {
            println!();
        }
        println!(
            "--- verdict: {}{}",
            verdict.code(),
            verdict
                .detail()
                .map(|d| format!(": {d}"))
                .unwrap_or_default()
        );
        println!("--- why the expected output is right");
        print!("{}", K::explain(input));
        println!("--- reproduce");
        println!(
            "cargo xtask stress {} --solution {} --seed {}",
            K::NAME,
            shell_words::quote(&solution.spec),
            self.seed
        );
        Ok(input_path)
    }
}

/// Shrinks the failing input; a candidate counts only if the strict parser takes it.
fn shrink_failure<K: ProblemKit>(
    failure: Failure<K::Input>,
    trial: &Trial<'_>,
    progress: &ProgressBar,
) -> (K::Input, usize) {
    progress.set_message("shrinking");
    let mut tried = 0u64;
    shrink(failure.input, K::simpler, |candidate| {
        tried += 1;
        let text = K::render(candidate);
        progress.set_message(format!("shrinking: {tried} tried, {} bytes", text.len()));
        K::parse(&text).is_ok()
            && trial
                .judge(&text, &K::answer(candidate))
                .is_ok_and(|judged| judged.failed())
    })
}

/// Cases, rate and current size on a terminal; nothing when stderr is not one.
fn progress_bar(cases: Option<u64>) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(cases, ProgressDrawTarget::stderr());
    let template = if cases.is_some() {
        "{elapsed} [{bar:30}] {pos}/{len} cases, {per_sec}, {msg}"
    } else {
        "{elapsed} {pos} cases, {per_sec}, {msg}"
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

//! `cargo xtask stress CRATE --solution SOL`: generated inputs, smallest first and growing
//! to the statement's limits, run through a user's solution and judged against the
//! crate's own solver; the first failure is shrunk to a 1-minimal input and written out,
//! ready to join `testdata/`.

pub mod generate;
mod search;
mod trial;

use crate::sandbox::Strictness;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use gridkit::testkit::{AnyKit, KitInput, shrink};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use problems::{AnyProblem, find};

use crate::solution;
use crate::verify::unknown_crate;
use crate::{build, project_root};
use search::{Budget, Failure, first_failure};
use trial::Trial;
use verdict::shown::{QUOTE, one_line, quoted};

/// Generate inputs until your solution fails, then shrink the failing input.
#[derive(Debug, Clone, clap::Args)]
pub struct Stress {
    /// The crate whose problem the solution solves.
    #[arg(value_name = "CRATE")]
    pub crate_name: String,
    #[command(flatten)]
    pub contender: Contender,
    /// The seed of the generated inputs (random when not given; printed either way).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Stop after this many seconds without a failure (default 10 unless --cases).
    #[arg(long = "time", value_name = "SECS", value_parser = seconds)]
    pub time: Option<Duration>,
    /// Stop after this many cases without a failure.
    #[arg(long, value_name = "N")]
    pub cases: Option<u64>,
    #[arg(long, value_name = "DIR", help = OUT_HELP)]
    pub out: Option<PathBuf>,
    /// Threads running cases (default: every core).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// `strict` refuses to run unless every layer of the sandbox is active.
    #[arg(long, value_enum, default_value_t = Strictness::Report)]
    pub sandbox: Strictness,
}

/// What `stress` runs: the user's solution, or one of the crate's flawed solvers (exactly
/// one of the two).
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
#[group(required = true, multiple = false)]
pub struct Contender {
    // The extensions come from the table the solution is read by ([`solution::prepare`]).
    #[arg(long, value_name = "SOL", help = solution::help("Your solution"))]
    pub solution: Option<String>,
    /// One of the crate's flawed solvers instead (`cargo run -p CRATE --features
    /// testkit --bin CRATE_flawed -- --list` lists them).
    #[arg(long, value_name = "NAME")]
    pub flawed: Option<String>,
}

impl Contender {
    /// The user's solution: a command line or a source file.
    pub fn solution(spec: impl Into<String>) -> Self {
        Contender {
            solution: Some(spec.into()),
            flawed: None,
        }
    }

    /// The crate's flawed solver `name`.
    pub fn flawed(name: impl Into<String>) -> Self {
        Contender {
            solution: None,
            flawed: Some(name.into()),
        }
    }

    /// The options that name it again (`--solution SOL` or `--flawed NAME`).
    fn options(&self) -> String {
        match (&self.flawed, &self.solution) {
            (Some(name), _) => format!("--flawed {}", shell_words::quote(name)),
            (None, spec) => format!(
                "--solution {}",
                shell_words::quote(spec.as_deref().unwrap_or_default())
            ),
        }
    }
}

/// `--time`'s value: a number of seconds.
fn seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .and_then(|secs| Duration::try_from_secs_f64(secs).ok())
        .ok_or_else(|| format!("{text:?} is no number of seconds"))
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
        if self.seed.is_none() {
            // One seed for the whole run, printed, so that the run can be repeated.
            let seed = Some(fastrand::u64(..));
            return Stress {
                seed,
                ..self.clone()
            }
            .run();
        }
        let problem = find(&self.crate_name).with_context(|| unknown_crate(&self.crate_name))?;
        let kit = problem
            .kit()
            .with_context(|| format!("{} has no stress kit", problem.name()))?;
        self.run_kit(problem, kit)
    }

    fn run_kit(&self, problem: &dyn AnyProblem, kit: &dyn AnyKit) -> Result<Ending> {
        let layers = crate::sandbox::layers()?;
        println!("{}", layers.header());
        layers.require(self.sandbox)?;
        layers.expect(&crate::sandbox::expected_here())?;
        let solution = match (&self.contender.flawed, &self.contender.solution) {
            (None, Some(spec)) => solution::prepare(spec)?,
            (None, None) => bail!("stress needs --solution or --flawed"),
            (Some(name), _) => {
                let names = kit.flawed();
                if !names.contains(&name.as_str()) {
                    bail!(
                        "{} has no flawed solver '{name}' (it has: {})",
                        problem.name(),
                        names.join(", ")
                    );
                }
                solution::flawed(problem.name(), name)?
            }
        };
        let root = project_root();
        let rules = problem.judging().rules_of("stress", "");
        let jobs = self.jobs.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
        });
        let trials: Vec<Trial<'_>> = (0..jobs.max(1))
            .map(|_| Trial::new(&solution, rules))
            .collect();
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
            "stress {}: solution `{}`, seed {}, {} {}",
            problem.name(),
            solution.spec,
            self.seed(),
            trials.len(),
            if trials.len() == 1 {
                "thread"
            } else {
                "threads"
            }
        );
        let progress = progress_bar(self.cases);
        let started = Instant::now();
        let found = first_failure(kit, self.seed(), budget, &trials, &progress)?;
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
        let (case, after) = (failure.case, failure.case + 1);
        println!(
            "case {} failed ({}): shrinking",
            failure.case,
            failure.judged.outcome.verdict.code()
        );
        let (input, steps) = shrink_failure(kit, failure, &trials[0], &progress);
        progress.finish_and_clear();
        let path = self.write_failure(kit, &root, &input, &trials[0], steps)?;
        println!(
            "stress: case {case} failed ({after} cases run), shrunk in {steps} steps: {}",
            path.display()
        );
        Ok(Ending::Failure {
            after,
            steps,
            input: path,
        })
    }

    /// The run's seed ([`Stress::run`] chooses one when none is given).
    fn seed(&self) -> u64 {
        self.seed.unwrap_or_default()
    }

    /// Prints the minimal failing input, both outputs and the explanation; writes
    /// `DIR/<crate>-<seed>.in` and `.out` (DIR: `<target>/stress/<crate>` by default),
    /// never over an earlier failure: a second one with the same seed is `-2`, and so on.
    fn write_failure(
        &self,
        kit: &dyn AnyKit,
        root: &Path,
        input: &KitInput,
        trial: &Trial<'_>,
        steps: usize,
    ) -> Result<PathBuf> {
        let text = kit.render(input);
        let expected = kit.answer(input);
        let judged = trial.judge(&text, &expected)?;
        let dir = match &self.out {
            Some(dir) => dir.clone(),
            None => default_out(&build::target_dir(root)?, kit.name()),
        };
        if let Some(reason) = crate::sandbox::exposed(&dir) {
            bail!(
                "refusing to write the failing case in {}: {reason}",
                dir.display()
            );
        }
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        let (input_path, output_path) = free_pair(&dir, &format!("{}-{}", kit.name(), self.seed()));
        write_new(&input_path, &text)?;
        write_new(&output_path, &expected)?;
        let verdict = &judged.outcome.verdict;
        println!(
            "--- minimal input ({} steps of shrinking): {}",
            steps,
            input_path.display()
        );
        print!("{text}");
        println!("--- expected output: {}", output_path.display());
        print!("{expected}");
        // What the program printed is escaped and each line marked as its own: no line it
        // prints can pass for one of the report's (a forged closing line, say).
        println!(
            "--- program's output (each line marked `{}`):",
            QUOTE.trim_end()
        );
        print!("{}", quoted(&judged.received));
        println!(
            "--- verdict: {}{}",
            verdict.code(),
            verdict
                .detail()
                .map(|d| format!(": {}", one_line(d)))
                .unwrap_or_default()
        );
        println!("--- why the expected output is right");
        print!("{}", kit.explain(input));
        println!("--- reproduce");
        let contender = self.contender.options();
        println!(
            "cargo xtask stress {} {contender} --seed {}",
            kit.name(),
            self.seed()
        );
        Ok(input_path)
    }
}

/// `DIR/STEM.in` and `.out`, or `STEM-2`, `STEM-3`... when taken: an earlier failure is
/// never overwritten.
fn free_pair(dir: &Path, stem: &str) -> (PathBuf, PathBuf) {
    (1..)
        .map(|n| match n {
            1 => stem.to_owned(),
            n => format!("{stem}-{n}"),
        })
        .map(|name| {
            (
                dir.join(format!("{name}.in")),
                dir.join(format!("{name}.out")),
            )
        })
        // A name is taken by anything there, a link included (even one leading nowhere).
        .find(|(input, output)| {
            std::fs::symlink_metadata(input).is_err() && std::fs::symlink_metadata(output).is_err()
        })
        .unwrap_or_else(|| {
            (
                dir.join(format!("{stem}.in")),
                dir.join(format!("{stem}.out")),
            )
        })
}

/// Writes `text` to `path`, which must not exist: a link planted there since the name was
/// chosen is never written through (`O_EXCL` does not follow it).
fn write_new(path: &Path, text: &str) -> Result<()> {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .with_context(|| format!("creating {}", path.display()))?;
    file.write_all(text.as_bytes())
        .with_context(|| format!("writing {}", path.display()))
}

/// Shrinks the failing input; a candidate counts only if the strict parser takes it.
fn shrink_failure(
    kit: &dyn AnyKit,
    failure: Failure,
    trial: &Trial<'_>,
    progress: &ProgressBar,
) -> (KitInput, usize) {
    progress.set_message("shrinking");
    let mut tried = 0u64;
    shrink(
        failure.input,
        |input| kit.simpler(input),
        |candidate| {
            tried += 1;
            let text = kit.render(candidate);
            progress.set_message(format!("shrinking: {tried} tried, {} bytes", text.len()));
            kit.parse(&text).is_ok()
                && trial
                    .judge(&text, &kit.answer(candidate))
                    .is_ok_and(|judged| judged.failed())
        },
    )
}

/// Cases, rate and current size on a terminal; nothing when stderr is not one.
fn progress_bar(cases: Option<u64>) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(cases, ProgressDrawTarget::stderr());
    // The message gives the rate in whole cases per second and the size of the cases now
    // running: `size 40%` is 40% of the way from the smallest inputs to the limits.
    let template = if cases.is_some() {
        "{elapsed} [{bar:30}] {pos}/{len} cases, {msg}"
    } else {
        "{elapsed} {pos} cases, {msg}"
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// `--out`'s help, beside the default it states ([`default_out`]).
pub const OUT_HELP: &str =
    "Where to write <crate>-<seed>.in and .out (default: <target>/stress/<crate>)";

/// Where a failing case goes when `--out` is not given: `<target>/stress/<crate>`.
pub fn default_out(target: &Path, crate_name: &str) -> PathBuf {
    target.join("stress").join(crate_name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_of_out_states_the_default_used() {
        let shown = default_out(Path::new("<target>"), "<crate>");
        assert!(
            OUT_HELP.contains(&format!("(default: {})", shown.display())),
            "{OUT_HELP}"
        );
    }
}

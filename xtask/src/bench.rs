//! `cargo xtask bench CRATE`: the solver against the crate's reference binary, same files,
//! same run, same measuring; reports the CPU-time ratio and the peak memory of each.

use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result, bail};

use crate::judge::{self, Outcome, Rules, Verdict};
use crate::units::MIB_F64 as MIB;
use crate::{build, project_root};
use problem::Bench as Benchmark;
use problems::{AnyProblem, find};

/// Time the solver against its reference binary, on the same files in the same run.
#[derive(Debug, clap::Args)]
pub struct Bench {
    #[arg(value_name = "CRATE", help = crate_help())]
    pub crate_name: String,
    /// Runs per program and file; the fastest counts (the least disturbed by noise).
    #[arg(long, default_value_t = 5)]
    pub runs: usize,
    /// The cargo profile both programs are built with: bench-release adds fat LTO to
    /// release for the top speed; release is the build verify judges, and quicker to
    /// build.
    #[arg(long, default_value = build::BENCH, value_parser = [build::BENCH, build::RELEASE])]
    pub profile: String,
}

/// The best of several runs of one program on one file.
struct Best {
    cpu: Duration,
    peak_bytes: u64,
}

/// `CRATE`'s help: the problems of the archive's list that have a benchmark.
fn crate_help() -> String {
    let names: Vec<&str> = problems::PROBLEMS
        .iter()
        .filter(|problem| problem.bench().is_some())
        .map(|problem| problem.name())
        .collect();
    format!(
        "The problem's crate, one with a benchmark: {}",
        names.join(", ")
    )
}

impl Bench {
    /// Measures and prints the table; whether every target was met.
    ///
    /// # Errors
    /// The judge's own failures: an unknown crate, a failed build or run.
    pub fn run(&self) -> Result<bool> {
        let problem = find(&self.crate_name)
            .with_context(|| format!("unknown crate '{}'", self.crate_name))?;
        let bench = problem.bench().with_context(|| {
            format!(
                "{} has no benchmark (see its crate's `Problem::BENCH`)",
                problem.name()
            )
        })?;
        let root = project_root();
        let executables = build::with_profile(
            &root,
            &self.profile,
            std::iter::once(problem.name()),
            build::Targets::Binaries,
        )?;
        let solver = executables.get(problem.name())?;
        let reference =
            executables.get(&format!("{}_reference", problem.name().replace('-', "_")))?;
        println!(
            "{:<14} {:>11} {:>10} {:>14} {:>13} {:>9}",
            "file", "solver ms", "solver MiB", "reference ms", "reference MiB", "speed-up"
        );
        let mut missed = Vec::new();
        for file in bench.files {
            let fast = best_of(&root, problem, solver, file, self.runs)?;
            let slow = best_of(&root, problem, reference, file, self.runs.min(3))?;
            let speedup = slow.cpu.as_secs_f64() / fast.cpu.as_secs_f64().max(1e-6);
            println!(
                "{:<14} {:>11.2} {:>10.2} {:>14.2} {:>13.2} {:>8.1}x",
                file,
                fast.cpu.as_secs_f64() * 1e3,
                fast.peak_bytes as f64 / MIB,
                slow.cpu.as_secs_f64() * 1e3,
                slow.peak_bytes as f64 / MIB,
                speedup
            );
            missed.extend(check_targets(&bench, file, speedup, fast.peak_bytes));
        }
        if !missed.is_empty() {
            println!("targets missed:\n  {}", missed.join("\n  "));
            return Ok(false);
        }
        println!(
            "targets met: >= {}x on {}{}",
            bench.min_speedup,
            bench.speedup_file,
            match bench.max_peak_bytes {
                Some(peak) => format!(
                    ", solver peak <= {:.0} MiB on every file",
                    peak as f64 / MIB
                ),
                None => String::new(),
            }
        );
        Ok(true)
    }
}

fn check_targets(bench: &Benchmark, file: &str, speedup: f64, peak_bytes: u64) -> Vec<String> {
    let mut missed = Vec::new();
    if file == bench.speedup_file && speedup < bench.min_speedup {
        missed.push(format!(
            "{file}: speed-up {speedup:.1}x < {}x",
            bench.min_speedup
        ));
    }
    if let Some(max) = bench.max_peak_bytes.filter(|&max| peak_bytes > max) {
        missed.push(format!(
            "{file}: solver peak {:.2} MiB > {:.2} MiB",
            peak_bytes as f64 / MIB,
            max as f64 / MIB
        ));
    }
    missed
}

/// Runs `program` on `file` `runs` times; every run must be accepted.
fn best_of(
    root: &Path,
    problem: &dyn AnyProblem,
    program: &Path,
    file: &str,
    runs: usize,
) -> Result<Best> {
    let dir = root.join("testdata").join(problem.name());
    let input = dir.join(format!("{file}.in"));
    let expected = dir.join(format!("{file}.out"));
    // The benchmark measures; it does not judge limits, so the caps are loose.
    let rules = Rules {
        time_limit: Duration::from_secs(120),
        memory_budget_bytes: 8 << 30,
        checker: problem.judging().checker,
        cases: problem.judging().cases,
    };
    let mut best = Best {
        cpu: Duration::MAX,
        peak_bytes: 0,
    };
    for _ in 0..runs.max(1) {
        let Outcome {
            verdict,
            measurement,
            ..
        } = judge::judge(
            &crate::measure::own_program(program, &[]),
            &input,
            &expected,
            rules,
        )?;
        if verdict != Verdict::Accepted {
            bail!(
                "{} on {file}: {} {}",
                program.display(),
                verdict.code(),
                verdict.detail().unwrap_or("")
            );
        }
        best.cpu = best.cpu.min(measurement.cpu);
        best.peak_bytes = best.peak_bytes.max(measurement.peak_memory_bytes);
    }
    Ok(best)
}

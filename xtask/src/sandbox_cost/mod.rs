//! `cargo xtask sandbox-cost`: what the sandbox costs per run, and what each layer of it
//! costs, measured in one run against a plain spawn loop (fork, exec, wait; no sandbox).
//!
//! The program is statues' own release binary on its first sample, the run `stress` makes
//! thousands of times, its output kept in the worker's memory files as a judged run's is. Every configuration runs the same number of times, in interleaved
//! rounds so that a noisy moment of the machine falls on all of them alike; the fastest
//! round of each counts. A layer's cost is the full sandbox's time per run minus the time
//! per run of a worker without that layer. It then times the syscall filter alone
//! against no filter (`filters.rs`).

mod filters;

use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::judge::{BOX_BYTES, OUTPUT_CAP_BYTES, PROCESS_CAP};
use crate::measure::own_program;
use crate::{build, project_root};
use sandbox::Input;
use sandbox::LEAVABLE;
use sandbox::Limits;
use sandbox::Worker;

/// Rounds the runs are split into.
const ROUNDS: usize = 5;

/// The command that records the full sandbox's ratio in the book's figures.
const RECORDED_BY: &str = "cargo xtask sandbox-cost --record";

/// What the sandbox costs per run, layer by layer, against a plain spawn loop in the
/// same run (statues' own binary on its first sample).
#[derive(Debug, clap::Args)]
pub struct SandboxCost {
    /// Runs per configuration.
    #[arg(long, default_value_t = 2000)]
    pub runs: usize,
    /// Write the full sandbox's speed against the plain loop into docs/figures.txt.
    #[arg(long)]
    pub record: bool,
}

impl SandboxCost {
    /// Prints the table, and records the ratio if asked.
    ///
    /// # Errors
    /// As [`report`].
    pub fn run(&self) -> Result<()> {
        report(self.runs, self.record)
    }
}

/// Prints the table; with `record`, writes the full sandbox's speed as a share of the
/// plain loop's (measured in the same run) into the book's figures.
///
/// # Errors
/// The binaries cannot be built, a worker cannot start, a run fails, or the figures
/// cannot be written.
pub fn report(runs: usize, record: bool) -> Result<()> {
    let root = project_root();
    let executables = build::release(&root, std::iter::once("statues"), build::Targets::Binaries)?;
    let statues = executables.get("statues")?.to_owned();
    let input = root.join("testdata/statues/sample1.in");
    let xtask = std::env::current_exe().context("finding the xtask binary")?;
    let mut configurations: Vec<(String, Option<Worker>)> = vec![("no sandbox".to_owned(), None)];
    configurations.push(("full sandbox".to_owned(), Some(Worker::start(&xtask, &[])?)));
    for &layer in LEAVABLE {
        configurations.push((
            format!("without {layer}"),
            Some(Worker::start(&xtask, &[layer])?),
        ));
    }
    if let Some((_, Some(full))) = configurations.get(1) {
        println!("{}", full.layers().header());
    }
    let program = own_program(&statues, &[]);
    let limits = Limits {
        wall_ms: 5000,
        cpu_ms: 2000,
        memory_bytes: 256 << 20,
        output_bytes: OUTPUT_CAP_BYTES,
        processes: PROCESS_CAP,
        box_bytes: BOX_BYTES,
    };
    let per_round = runs.div_ceil(ROUNDS).max(1);
    let mut best = vec![Duration::MAX; configurations.len()];
    for _ in 0..ROUNDS {
        for (index, (_, worker)) in configurations.iter_mut().enumerate() {
            let started = Instant::now();
            for _ in 0..per_round {
                match worker {
                    Some(worker) => {
                        let input = Input::File(input.clone());
                        let report = worker.run_captured(&program, input, limits)?.report;
                        if report.code != Some(0) {
                            bail!("a sandboxed run failed: {report:?}");
                        }
                    }
                    None => plain_run(&statues, &input)?,
                }
            }
            best[index] = best[index].min(started.elapsed() / u32::try_from(per_round)?);
        }
    }
    let floor = best[0];
    let full = best[1];
    println!(
        "{:<24} {:>10} {:>10} {:>14} {:>12}",
        "configuration", "us/run", "runs/s", "vs no sandbox", "layer costs"
    );
    for ((name, _), &time) in configurations.iter().zip(&best) {
        let cost = if name.starts_with("without") {
            format!(
                "{:.0} us",
                full.as_secs_f64() * 1e6 - time.as_secs_f64() * 1e6
            )
        } else {
            String::new()
        };
        println!(
            "{name:<24} {:>10.0} {:>10.0} {:>13.2}x {cost:>12}",
            time.as_secs_f64() * 1e6,
            1.0 / time.as_secs_f64(),
            floor.as_secs_f64() / time.as_secs_f64(),
        );
    }
    println!(
        "({ROUNDS} rounds of {per_round} runs per configuration, one worker each; the fastest round counts)"
    );
    if record {
        crate::figures::record(
            RECORDED_BY,
            &[(
                "sandbox-full-ratio",
                format!("{:.2}x", floor.as_secs_f64() / full.as_secs_f64()),
            )],
        )?;
    }
    filters::report(runs, &statues, &input)?;
    Ok(())
}

/// The floor: the program started and waited for, with nothing around it.
fn plain_run(program: &Path, input: &Path) -> Result<()> {
    let status = Command::new(program)
        .stdin(File::open(input)?)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()?;
    if !status.success() {
        bail!("{} failed: {status}", program.display());
    }
    Ok(())
}

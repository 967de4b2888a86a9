//! One test: run the solver under the limits, then give the verdict a judge would. The
//! verdict itself (the order limits are checked in, the comparison, the words) is the
//! `verdict` crate's, which the playground's in-page judge calls too.

use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result};

use crate::measure::{self, Input, Limits, Measurement, Program};

pub use verdict::order::{OUTPUT_CAP_BYTES, PROCESS_CAP};
pub use verdict::{Rules, Verdict};

/// The box's size: files a program writes past it fail (`ENOSPC`). What the box holds
/// also counts as the run's memory, as on judges whose box is a RAM disk.
pub const BOX_BYTES: u64 = 64 << 20;

/// The sandbox's limits for a run judged by `rules`: the caps stop a run a little past
/// the verdict's lines, so that the verdict is decided by the measurements.
pub fn limits(rules: &Rules) -> Limits {
    let millis = |time: Duration| u64::try_from(time.as_millis()).unwrap_or(u64::MAX);
    Limits {
        wall_ms: millis(rules.idle_after() + Duration::from_secs(1)),
        cpu_ms: millis(rules.time_limit + Duration::from_millis(500)),
        memory_bytes: rules.memory_budget_bytes,
        output_bytes: OUTPUT_CAP_BYTES,
        processes: PROCESS_CAP,
        box_bytes: BOX_BYTES,
    }
}

/// A judged run.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub verdict: Verdict,
    pub measurement: Measurement,
    pub rules: Rules,
}

/// Runs `program` on `input` in its box and judges the output against `expected`, which
/// is read before the program starts and never where the program can reach it. The output
/// comes back in memory and goes once judged: no file of the run is left anywhere.
///
/// # Errors
/// The judge's own failures, never the program's: files cannot be read, or the sandbox
/// cannot run or measure the program.
pub fn judge(program: &Program, input: &Path, expected: &Path, rules: Rules) -> Result<Outcome> {
    let expected = std::fs::read(expected)
        .with_context(|| format!("reading expected output {}", expected.display()))?;
    // A request names its files in JSON, which holds only UTF-8: an input whose path is
    // not goes to the box through a copy under a plain name, in a fresh private folder.
    let copied;
    let input = match input.to_str() {
        Some(_) => input.to_owned(),
        None => {
            copied = crate::sandbox::Scratch::new("xtask-input-", None)?;
            let plain = copied.path().join("input");
            std::fs::copy(input, &plain).with_context(|| format!("reading {}", input.display()))?;
            plain
        }
    };
    let judged = run_and_judge(program, Input::File(input), &expected, rules)?;
    Ok(judged.outcome)
}

fn run_and_judge(program: &Program, input: Input, expected: &[u8], rules: Rules) -> Result<Judged> {
    let (measurement, printed) = measure::run_captured(program, input, limits(&rules))?;
    let verdict = verdict::verdict(
        &measurement,
        rules,
        expected,
        &printed.stdout,
        &printed.stderr,
    );
    Ok(Judged {
        outcome: Outcome {
            verdict,
            measurement,
            rules,
        },
        received: shown(&printed.stdout),
        stderr: shown(&printed.stderr),
    })
}

/// A judged run with what the program printed (each capped for reports).
#[derive(Debug)]
pub struct Judged {
    pub outcome: Outcome,
    pub received: String,
    pub stderr: String,
}

impl Judged {
    /// Whether the run got any verdict but AC.
    pub fn failed(&self) -> bool {
        self.outcome.verdict != Verdict::Accepted
    }
}

/// The most of a program's output kept for a report.
const SHOWN_BYTES: usize = 4096;

/// Runs `program` on the text `input` (sent to its box with the request: nothing is
/// written) and judges its output against `expected`, which stays in memory.
///
/// # Errors
/// As [`judge`].
pub fn judge_text(program: &Program, input: &str, expected: &str, rules: Rules) -> Result<Judged> {
    run_and_judge(
        program,
        Input::Text(input.to_owned()),
        expected.as_bytes(),
        rules,
    )
}

/// The start of what a program printed, for a report, escaped.
fn shown(bytes: &[u8]) -> String {
    verdict::shown::bytes_start(bytes, SHOWN_BYTES)
}

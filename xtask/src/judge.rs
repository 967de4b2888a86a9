//! One test: run the solver under the limits, then give the verdict a judge would.

use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result};

use crate::check::{CaseStyle, Checker, compare};
use crate::measure::{self, Caps, Exit, Io, Measurement};
use crate::problems::Problem;

/// Output past this is an output-limit verdict (no answer here is longer than a few KiB).
pub const OUTPUT_CAP_BYTES: u64 = 16 << 20;

/// The rules one run is judged by.
#[derive(Debug, Clone, Copy)]
pub struct Rules {
    pub time_limit: Duration,
    pub memory_budget_bytes: u64,
    pub checker: Checker,
    pub cases: CaseStyle,
}

/// Verdicts, in the order a judge checks them.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    TimeLimit,
    MemoryLimit,
    OutputLimit,
    RuntimeError(String),
    WrongAnswer(String),
    Accepted,
}

impl Verdict {
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::TimeLimit => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::OutputLimit => "OLE",
            Verdict::RuntimeError(_) => "RE",
            Verdict::WrongAnswer(_) => "WA",
            Verdict::Accepted => "AC",
        }
    }

    /// What went wrong, for the report.
    pub fn detail(&self) -> Option<&str> {
        match self {
            Verdict::RuntimeError(detail) | Verdict::WrongAnswer(detail) => Some(detail),
            _ => None,
        }
    }
}

/// A judged run.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub verdict: Verdict,
    pub measurement: Measurement,
    pub rules: Rules,
}

impl Rules {
    /// Rules comparing tokens, the whole output one case.
    pub fn tokens(time_limit: Duration, memory_budget_bytes: u64) -> Rules {
        Rules {
            time_limit,
            memory_budget_bytes,
            checker: Checker::Tokens,
            cases: CaseStyle::Single,
        }
    }

    /// The rules of the test `test` (its name without `.in`) of `problem`.
    pub fn of(problem: &Problem, test: &str) -> Rules {
        Rules {
            time_limit: problem.time_limit_of(test),
            memory_budget_bytes: problem.memory_budget_bytes,
            checker: problem.checker,
            cases: problem.cases,
        }
    }

    /// Generous safety caps: the verdict is decided by the measurements, not by the caps.
    pub fn caps(&self) -> Caps {
        Caps {
            wall: self.time_limit * 2 + Duration::from_secs(1),
            cpu_seconds: self.time_limit.as_secs() + 2,
            address_space: (self.memory_budget_bytes * 4).max(1 << 30),
            output: OUTPUT_CAP_BYTES,
        }
    }
}

/// Runs `program args...` on `input`, writing into `scratch` (`<stem>.stdout`/`.stderr`),
/// and judges the output against `expected`.
///
/// # Errors
/// Files cannot be read or written, or the program cannot be started.
pub fn judge(
    program: &Path,
    args: &[&str],
    input: &Path,
    expected: &Path,
    scratch: &Path,
    rules: Rules,
) -> Result<Outcome> {
    let stem = input
        .file_stem()
        .context("input without a name")?
        .to_string_lossy();
    let io = Io {
        input: input.to_owned(),
        stdout: scratch.join(format!("{stem}.stdout")),
        stderr: scratch.join(format!("{stem}.stderr")),
    };
    let measurement = measure::run(program, args, &io, rules.caps())?;
    let verdict = verdict(&measurement, &io, expected, rules)?;
    Ok(Outcome {
        verdict,
        measurement,
        rules,
    })
}

fn verdict(run: &Measurement, io: &Io, expected: &Path, rules: Rules) -> Result<Verdict> {
    let stderr = std::fs::read(&io.stderr).unwrap_or_default();
    let stderr = String::from_utf8_lossy(&stderr);
    let output_len = std::fs::metadata(&io.stdout).map(|m| m.len()).unwrap_or(0);
    if run.killed_at_wall_cap
        || run.cpu > rules.time_limit
        || run.exit == Exit::Signal(libc::SIGXCPU)
    {
        return Ok(Verdict::TimeLimit);
    }
    // An allocation refused by the address-space cap aborts the program before its peak
    // passes the budget; it still asked for more memory than allowed.
    if run.peak_rss_bytes > rules.memory_budget_bytes || stderr.contains("memory allocation of") {
        return Ok(Verdict::MemoryLimit);
    }
    if run.exit == Exit::Signal(libc::SIGXFSZ) || output_len >= OUTPUT_CAP_BYTES {
        return Ok(Verdict::OutputLimit);
    }
    match run.exit {
        Exit::Code(0) => {}
        Exit::Code(code) => {
            return Ok(Verdict::RuntimeError(format!(
                "exit code {code}{}",
                last_lines(&stderr)
            )));
        }
        Exit::Signal(signal) => {
            let name = measure::signal_name(signal);
            return Ok(Verdict::RuntimeError(format!(
                "killed by {name}{}",
                last_lines(&stderr)
            )));
        }
    }
    let expected_text = std::fs::read_to_string(expected)
        .with_context(|| format!("reading expected output {}", expected.display()))?;
    let got =
        std::fs::read(&io.stdout).with_context(|| format!("reading {}", io.stdout.display()))?;
    let got = String::from_utf8_lossy(&got);
    Ok(
        match compare(rules.checker, rules.cases, &expected_text, &got) {
            Some(mismatch) => Verdict::WrongAnswer(mismatch.to_string()),
            None => Verdict::Accepted,
        },
    )
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

/// Runs `program args...` on the text `input` in the folder `scratch` (as `case.in`,
/// with `case.ans` holding `expected`) and judges its output.
///
/// # Errors
/// As [`judge`].
pub fn judge_text(
    program: &Path,
    args: &[&str],
    input: &str,
    expected: &str,
    scratch: &Path,
    rules: Rules,
) -> Result<Judged> {
    let (input_path, expected_path) = (scratch.join("case.in"), scratch.join("case.ans"));
    std::fs::write(&input_path, input)?;
    std::fs::write(&expected_path, expected)?;
    let outcome = judge(program, args, &input_path, &expected_path, scratch, rules)?;
    Ok(Judged {
        outcome,
        received: shown(&scratch.join("case.stdout")),
        stderr: shown(&scratch.join("case.stderr")),
    })
}

/// The start of a file, for a report.
fn shown(path: &Path) -> String {
    let mut bytes = std::fs::read(path).unwrap_or_default();
    let cut = bytes.len() > SHOWN_BYTES;
    bytes.truncate(SHOWN_BYTES);
    let mut text = String::from_utf8_lossy(&bytes).into_owned();
    if cut {
        text.push_str("\n[... output cut]\n");
    }
    text
}

/// The last few lines of stderr, quoted, for a runtime error.
fn last_lines(stderr: &str) -> String {
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect();
    let tail = &lines[lines.len().saturating_sub(3)..];
    if tail.is_empty() {
        String::new()
    } else {
        format!("; stderr: {}", tail.join(" | "))
    }
}

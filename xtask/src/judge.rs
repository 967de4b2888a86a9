//! One test: run the solver under the limits, then give the verdict a judge would.

use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result};

use crate::check::{CaseStyle, Checker, compare};
use crate::measure::{self, Exit, Io, Limits, Measurement, Program};
use crate::problems::Problem;
use crate::shown::escaped;

/// Output past this is an output-limit verdict (no answer here is longer than a few KiB);
/// exactly this much is still allowed.
pub const OUTPUT_CAP_BYTES: u64 = 16 << 20;

/// Processes and threads a program may have at once (a fork bomb ends at this).
pub const PROCESS_CAP: u64 = 64;

/// The box's size: files a program writes past it fail (`ENOSPC`). What the box holds
/// also counts as the run's memory, as on judges whose box is a RAM disk.
pub const BOX_BYTES: u64 = 64 << 20;

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
    TimeLimit(String),
    MemoryLimit(String),
    OutputLimit(String),
    RuntimeError(String),
    WrongAnswer(String),
    Accepted,
}

impl Verdict {
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::TimeLimit(_) => "TLE",
            Verdict::MemoryLimit(_) => "MLE",
            Verdict::OutputLimit(_) => "OLE",
            Verdict::RuntimeError(_) => "RE",
            Verdict::WrongAnswer(_) => "WA",
            Verdict::Accepted => "AC",
        }
    }

    /// What went wrong, for the report.
    pub fn detail(&self) -> Option<&str> {
        match self {
            Verdict::TimeLimit(detail)
            | Verdict::MemoryLimit(detail)
            | Verdict::OutputLimit(detail)
            | Verdict::RuntimeError(detail)
            | Verdict::WrongAnswer(detail) => Some(detail),
            Verdict::Accepted => None,
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

    /// The rules of the test `test` (its name without `.in`, its input `input`) of
    /// `problem`.
    pub fn of(problem: &Problem, test: &str, input: &str) -> Rules {
        Rules {
            time_limit: problem.time_limit_of(test, input),
            memory_budget_bytes: problem.memory_budget_bytes,
            checker: problem.checker,
            cases: problem.cases,
        }
    }

    /// The wall-clock time after which a program is idle, whatever its CPU time.
    pub fn idle_after(&self) -> Duration {
        self.time_limit * 2
    }

    /// The sandbox's limits: the caps stop a run a little past the verdict's lines, so
    /// that the verdict is decided by the measurements.
    pub fn limits(&self) -> Limits {
        let millis = |time: Duration| u64::try_from(time.as_millis()).unwrap_or(u64::MAX);
        Limits {
            wall_ms: millis(self.idle_after() + Duration::from_secs(1)),
            cpu_ms: millis(self.time_limit + Duration::from_millis(500)),
            memory_bytes: self.memory_budget_bytes,
            output_bytes: OUTPUT_CAP_BYTES,
            processes: PROCESS_CAP,
            box_bytes: BOX_BYTES,
        }
    }
}

/// Runs `program` on `input` in its box, with stdout and stderr in `scratch`
/// (`<stem>.stdout`/`.stderr`), and judges the output against `expected`, which is read
/// before the program starts and never where the program can reach it.
///
/// # Errors
/// Files cannot be read or written, or the sandbox cannot run the program.
pub fn judge(
    program: &Program,
    input: &Path,
    expected: &Path,
    scratch: &Path,
    rules: Rules,
) -> Result<Outcome> {
    let expected = std::fs::read_to_string(expected)
        .with_context(|| format!("reading expected output {}", expected.display()))?;
    judge_against(program, input, &expected, scratch, rules)
}

fn judge_against(
    program: &Program,
    input: &Path,
    expected: &str,
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
    let measurement = measure::run(program, &io, rules.limits())?;
    let verdict = verdict(&measurement, &io, expected, rules)?;
    Ok(Outcome {
        verdict,
        measurement,
        rules,
    })
}

/// Messages of runtimes whose allocation was refused by the memory limit.
const OUT_OF_MEMORY: &[&str] = &["memory allocation of", "std::bad_alloc", "MemoryError"];

fn verdict(run: &Measurement, io: &Io, expected: &str, rules: Rules) -> Result<Verdict> {
    let stderr = std::fs::read(&io.stderr).unwrap_or_default();
    let stderr = String::from_utf8_lossy(&stderr);
    let output_len = std::fs::metadata(&io.stdout).map(|m| m.len()).unwrap_or(0);
    let seconds = |time: Duration| time.as_secs_f64();
    if run.killed_at_cpu_cap
        || run.cpu > rules.time_limit
        || run.exit == Exit::Signal(libc::SIGXCPU)
    {
        return Ok(Verdict::TimeLimit(format!(
            "{:.2} s of CPU time, over the {:.2} s limit{}",
            seconds(run.cpu),
            seconds(rules.time_limit),
            if run.killed_at_cpu_cap {
                "; stopped"
            } else {
                ""
            }
        )));
    }
    if run.killed_at_wall_cap || run.wall > rules.idle_after() {
        return Ok(Verdict::TimeLimit(format!(
            "idle: {:.2} s of wall time, over twice the {:.2} s limit, with {:.2} s of CPU time",
            seconds(run.wall),
            seconds(rules.time_limit),
            seconds(run.cpu)
        )));
    }
    let refused = OUT_OF_MEMORY.iter().any(|message| stderr.contains(message));
    if run.peak_memory_bytes > rules.memory_budget_bytes || run.memory_limit_hit || refused {
        return Ok(Verdict::MemoryLimit(format!(
            "peak {:.2} MiB against a budget of {:.2} MiB{}",
            run.peak_memory_bytes as f64 / (1 << 20) as f64,
            rules.memory_budget_bytes as f64 / (1 << 20) as f64,
            if run.memory_limit_hit || refused {
                "; memory was refused or the program was killed for it"
            } else {
                ""
            }
        )));
    }
    if run.output_limit_hit
        || run.exit == Exit::Signal(libc::SIGXFSZ)
        || output_len > OUTPUT_CAP_BYTES
    {
        return Ok(Verdict::OutputLimit(format!(
            "more than {} MiB of output",
            OUTPUT_CAP_BYTES >> 20
        )));
    }
    let processes = if run.process_limit_hit {
        format!("; the cap of {PROCESS_CAP} processes refused a fork")
    } else {
        String::new()
    };
    match run.exit {
        Exit::Code(0) => {}
        Exit::Code(code) => {
            return Ok(Verdict::RuntimeError(format!(
                "exit code {code}{processes}{}",
                last_lines(&stderr)
            )));
        }
        Exit::Signal(signal) => {
            let name = measure::signal_name(signal);
            return Ok(Verdict::RuntimeError(format!(
                "killed by {name}{processes}{}",
                last_lines(&stderr)
            )));
        }
    }
    let got =
        std::fs::read(&io.stdout).with_context(|| format!("reading {}", io.stdout.display()))?;
    let got = String::from_utf8_lossy(&got);
    Ok(match compare(rules.checker, rules.cases, expected, &got) {
        Some(mismatch) => Verdict::WrongAnswer(escaped(&mismatch.to_string())),
        None => Verdict::Accepted,
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

/// Runs `program` on the text `input` (written to `case.in` in the folder `scratch`,
/// and copied into the program's box) and judges its output against `expected`, which
/// stays in memory.
///
/// # Errors
/// As [`judge`].
pub fn judge_text(
    program: &Program,
    input: &str,
    expected: &str,
    scratch: &Path,
    rules: Rules,
) -> Result<Judged> {
    let input_path = scratch.join("case.in");
    std::fs::write(&input_path, input)?;
    let outcome = judge_against(program, &input_path, expected, scratch, rules)?;
    Ok(Judged {
        outcome,
        received: shown(&scratch.join("case.stdout")),
        stderr: shown(&scratch.join("case.stderr")),
    })
}

/// The start of a file, for a report, with control characters escaped.
fn shown(path: &Path) -> String {
    crate::shown::file_start(path, SHOWN_BYTES)
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
        format!("; stderr: {}", escaped(&tail.join(" | ")))
    }
}

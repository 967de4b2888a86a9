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
    let stderr = Stderr::read(&io.stderr);
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
    let refused = stderr.out_of_memory;
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
                stderr.shown()
            )));
        }
        Exit::Signal(signal) => {
            let name = measure::signal_name(signal);
            return Ok(Verdict::RuntimeError(format!(
                "killed by {name}{processes}{}",
                stderr.shown()
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

/// Lines of stderr a runtime error quotes: the last ones, where the reason is.
const STDERR_LINES_SHOWN: usize = 3;

/// The most of one line of stderr shown, escaped; with the last three lines and
/// their notes, a runtime error's line stays under 2 KiB whatever the program printed.
pub const STDERR_LINE_SHOWN: usize = 512;

/// What a verdict needs of stderr, read line by line in bounded memory: a single line of
/// megabytes is never held whole, nor shown whole.
struct Stderr {
    /// A runtime's message that an allocation was refused ([`OUT_OF_MEMORY`]) is in the
    /// first [`STDERR_LINE_SHOWN`] bytes of one of its lines, where runtimes print it.
    out_of_memory: bool,
    /// The last non-blank lines, each shown on one line and cut to
    /// [`STDERR_LINE_SHOWN`] bytes with a note of what was cut.
    last: std::collections::VecDeque<String>,
    /// Non-blank lines in all.
    lines: u64,
}

impl Stderr {
    fn read(path: &Path) -> Stderr {
        let mut stderr = Stderr {
            out_of_memory: false,
            last: std::collections::VecDeque::new(),
            lines: 0,
        };
        crate::shown::scan_lines(path, STDERR_LINE_SHOWN, |line| {
            let text = whole_chars(line.head);
            let whole = line.len == line.head.len() as u64;
            if whole && text.trim().is_empty() {
                return;
            }
            stderr.out_of_memory |= OUT_OF_MEMORY.iter().any(|message| text.contains(message));
            let (mut shown, used) = crate::shown::one_line_within(&text, STDERR_LINE_SHOWN);
            let cut = line.len - used as u64;
            if cut > 0 {
                shown.push_str(&format!(" [... {cut} more bytes of this line cut]"));
            }
            stderr.lines += 1;
            if stderr.last.len() == STDERR_LINES_SHOWN {
                stderr.last.pop_front();
            }
            stderr.last.push_back(shown);
        });
        stderr
    }

    /// The last lines, quoted for a runtime error's detail (empty without any).
    fn shown(&self) -> String {
        let last: Vec<&str> = self.last.iter().map(String::as_str).collect();
        match self.lines {
            0 => String::new(),
            lines if lines > last.len() as u64 => format!(
                "; stderr (last {} of {lines} lines): {}",
                last.len(),
                last.join(" | ")
            ),
            _ => format!("; stderr: {}", last.join(" | ")),
        }
    }
}

/// `bytes` as text, without a character its cut left incomplete at the end.
fn whole_chars(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    let end = match std::str::from_utf8(bytes) {
        Err(error) if error.error_len().is_none() => error.valid_up_to(),
        _ => bytes.len(),
    };
    String::from_utf8_lossy(&bytes[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stderr_of(text: &[u8]) -> Stderr {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stderr");
        std::fs::write(&path, text).unwrap();
        Stderr::read(&path)
    }

    #[test]
    fn the_last_lines_of_stderr_are_quoted_each_cut() {
        let stderr = stderr_of(b"one\n\ntwo\nthree\n  \nfour\n");
        assert_eq!(
            stderr.shown(),
            "; stderr (last 3 of 4 lines): two | three | four"
        );
        assert_eq!(stderr_of(b"only").shown(), "; stderr: only");
        assert_eq!(stderr_of(b"").shown(), "");
        let long = vec![b'x'; 8 << 20];
        let shown = stderr_of(&long).shown();
        assert!(shown.len() < 600, "{} bytes", shown.len());
        assert!(
            shown.ends_with(&format!(
                " [... {} more bytes of this line cut]",
                (8 << 20) - 512
            )),
            "{shown}"
        );
    }

    #[test]
    fn a_cut_never_splits_a_character_nor_shows_a_control() {
        let mut text = "é".repeat(300).into_bytes();
        text.extend_from_slice(b"\x1b[2K\r\n");
        let shown = stderr_of(&text).shown();
        assert!(shown.contains(&"é".repeat(256)), "{shown}");
        assert!(
            !shown.contains('\u{fffd}') && !shown.contains('\x1b'),
            "{shown}"
        );
        assert!(
            shown.ends_with(" [... 93 more bytes of this line cut]"),
            "{shown}"
        );
    }

    #[test]
    fn an_allocation_refused_is_seen_on_any_line() {
        assert!(stderr_of(b"memory allocation of 8 bytes failed\nAborted\n").out_of_memory);
        assert!(stderr_of(b"Traceback\nMemoryError\n").out_of_memory);
        assert!(!stderr_of(b"Traceback\nValueError\n").out_of_memory);
    }
}

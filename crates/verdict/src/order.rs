//! The verdict of one run, from what was measured and what it printed: the order a judge
//! checks its limits in, the words each verdict gives, and how much of stderr a runtime
//! error quotes. The order, the first that holds deciding:
//!
//! 1. TLE: CPU time over the limit (or stopped at the CPU cap, or `SIGXCPU`);
//! 2. MLE: peak memory over the budget, or the memory limit refused memory, killed a
//!    process or stopped the tree;
//! 3. TLE, idle: wall time over twice the limit (or stopped at the wall cap);
//! 4. OLE: stdout over the output cap (or `SIGXFSZ`);
//! 5. RE: a non-zero exit code, a signal, or a WebAssembly trap;
//! 6. WA or AC: the output compared with the expected one.

use std::collections::VecDeque;
use std::time::Duration;

use crate::compare::{CaseStyle, Checker, Mismatch, compare};

/// Output past this is an output-limit verdict (no answer here is longer than a few KiB);
/// exactly this much is still allowed.
pub const OUTPUT_CAP_BYTES: u64 = 16 << 20;

/// Processes and threads a program may have at once (a fork bomb ends at this).
pub const PROCESS_CAP: u64 = 64;

/// The signal the kernel sends a process past its CPU limit, in Linux's numbering (the
/// judge runs on Linux; the page has no signals).
pub const SIGXCPU: i32 = 24;
/// The signal for a file written past the file-size limit, in Linux's numbering.
pub const SIGXFSZ: i32 = 25;
/// A segmentation fault, in Linux's numbering.
pub const SIGSEGV: i32 = 11;

/// How the program ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    /// Killed by a signal (Linux's numbering).
    Signal(i32),
    /// A WebAssembly program stopped by a trap (unreachable code, a bad memory access, the
    /// stack exhausted): the page's counterpart of a fatal signal. The engine's message is
    /// the run's last line of stderr.
    Trap,
}

impl std::fmt::Display for Exit {
    /// How a report says the program ended: `exit code 1`, `SIGSEGV`, `a trap`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Exit::Code(code) => write!(f, "exit code {code}"),
            Exit::Signal(signal) => f.write_str(&signal_name(*signal)),
            Exit::Trap => f.write_str("a trap"),
        }
    }
}

/// What one run measured.
#[derive(Debug, Clone, PartialEq)]
pub struct Measurement {
    pub exit: Exit,
    /// User + system CPU time (in the page: the run's wall time, the only clock there).
    pub cpu: Duration,
    pub wall: Duration,
    pub peak_memory_bytes: u64,
    /// Which limits held the run back or stopped it.
    pub stops: Stops,
}

/// Which limits held a run back or stopped it, as the sandbox (or the page) reports them
/// beside its times and memory: one set of flags, from the sandbox's report to the
/// verdict.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stops {
    /// The memory limit refused memory or killed a process.
    pub memory_limit_hit: bool,
    /// The wall-clock cap ran out and everything was killed.
    pub killed_at_wall_cap: bool,
    /// The CPU cap of the tree ran out and everything was killed.
    pub killed_at_cpu_cap: bool,
    /// The tree reached the memory limit and everything was killed: a tree stalled at
    /// its limit waits for nothing.
    pub killed_at_memory_limit: bool,
    /// The process cap refused a fork.
    pub process_limit_hit: bool,
    /// Stdout went past the output cap, and everything was killed.
    pub output_limit_hit: bool,
}

/// The rules one run is judged by.
#[derive(Debug, Clone, Copy)]
pub struct Rules {
    pub time_limit: Duration,
    pub memory_budget_bytes: u64,
    pub checker: Checker,
    pub cases: CaseStyle,
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

    /// The wall-clock time after which a program is idle, whatever its CPU time.
    pub fn idle_after(&self) -> Duration {
        self.time_limit * 2
    }
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

/// The verdict of a run that measured `run` and printed `stdout` and `stderr`, its output
/// compared with `expected` under `rules`, in the order the module's header gives. Stderr
/// is read only for a runtime error, the output only when every limit held.
pub fn verdict(
    run: &Measurement,
    rules: Rules,
    expected: &[u8],
    stdout: &[u8],
    stderr: &[u8],
) -> Verdict {
    decide(
        run,
        rules,
        stdout.len() as u64,
        || Stderr::read(stderr).shown(),
        || compare(rules.checker, rules.cases, expected, stdout),
    )
}

/// A signal's name as the kernel names it (Linux's numbering), or its number.
pub fn signal_name(signal: i32) -> String {
    const NAMES: [&str; 31] = [
        "SIGHUP",
        "SIGINT",
        "SIGQUIT",
        "SIGILL",
        "SIGTRAP",
        "SIGABRT",
        "SIGBUS",
        "SIGFPE",
        "SIGKILL",
        "SIGUSR1",
        "SIGSEGV",
        "SIGUSR2",
        "SIGPIPE",
        "SIGALRM",
        "SIGTERM",
        "SIGSTKFLT",
        "SIGCHLD",
        "SIGCONT",
        "SIGSTOP",
        "SIGTSTP",
        "SIGTTIN",
        "SIGTTOU",
        "SIGURG",
        "SIGXCPU",
        "SIGXFSZ",
        "SIGVTALRM",
        "SIGPROF",
        "SIGWINCH",
        "SIGIO",
        "SIGPWR",
        "SIGSYS",
    ];
    usize::try_from(signal)
        .ok()
        .and_then(|number| number.checked_sub(1))
        .and_then(|index| NAMES.get(index))
        .map_or_else(|| format!("signal {signal}"), |name| (*name).to_owned())
}

/// The verdict, from the measurements alone, checked in this order (the book's Judging chapter gives the same table):
///
/// 1. TLE: the tree's CPU time over the limit (or stopped at the CPU cap, or `SIGXCPU`);
/// 2. MLE: peak memory over the budget, or the kernel's memory-limit events (the limit
///    refused memory, killed a process, or the tree was stopped at it);
/// 3. TLE, idle: wall time over twice the limit (or stopped at the wall cap);
/// 4. OLE: stdout over the output cap (or `SIGXFSZ`);
/// 5. RE: a non-zero exit code or a signal;
/// 6. WA or AC: the output compared with the expected one.
///
/// Stderr is quoted in a runtime error's detail; nothing the program prints decides.
fn decide(
    run: &Measurement,
    rules: Rules,
    stdout_len: u64,
    stderr: impl FnOnce() -> String,
    compare: impl FnOnce() -> Option<Mismatch>,
) -> Verdict {
    let seconds = |time: Duration| time.as_secs_f64();
    let mib = |bytes: u64| bytes as f64 / (1 << 20) as f64;
    let over_cpu = run.stops.killed_at_cpu_cap || run.cpu > rules.time_limit;
    if over_cpu || run.exit == Exit::Signal(SIGXCPU) {
        // SIGXCPU under the limit was raised by the program itself: say so, not "over".
        return Verdict::TimeLimit(if over_cpu {
            format!(
                "{:.2} s of CPU time, over the {:.2} s limit{}",
                seconds(run.cpu),
                seconds(rules.time_limit),
                if run.stops.killed_at_cpu_cap {
                    "; stopped"
                } else {
                    ""
                }
            )
        } else {
            format!(
                "killed by SIGXCPU after {:.2} s of CPU time, under the {:.2} s limit",
                seconds(run.cpu),
                seconds(rules.time_limit)
            )
        });
    }
    if run.peak_memory_bytes > rules.memory_budget_bytes
        || run.stops.memory_limit_hit
        || run.stops.killed_at_memory_limit
    {
        let event = if run.stops.killed_at_memory_limit {
            "; the tree reached the memory limit and was stopped"
        } else if run.stops.memory_limit_hit {
            "; the memory limit refused memory or killed a process"
        } else {
            ""
        };
        return Verdict::MemoryLimit(format!(
            "peak {:.2} MiB against a budget of {:.2} MiB{event}",
            mib(run.peak_memory_bytes),
            mib(rules.memory_budget_bytes),
        ));
    }
    if run.stops.killed_at_wall_cap || run.wall > rules.idle_after() {
        return Verdict::TimeLimit(format!(
            "idle: {:.2} s of wall time, over twice the {:.2} s limit, with {:.2} s of CPU time",
            seconds(run.wall),
            seconds(rules.time_limit),
            seconds(run.cpu)
        ));
    }
    let over_output = run.stops.output_limit_hit || stdout_len > OUTPUT_CAP_BYTES;
    if over_output || run.exit == Exit::Signal(SIGXFSZ) {
        // SIGXFSZ with stdout under the cap: a file in the box grew past the file-size
        // limit (or the program raised it); "more than 16 MiB of output" would be false.
        return Verdict::OutputLimit(if over_output {
            format!("more than {} MiB of output", OUTPUT_CAP_BYTES >> 20)
        } else {
            format!(
                "killed by SIGXFSZ: a file past the {} MiB limit on files",
                OUTPUT_CAP_BYTES >> 20
            )
        });
    }
    let processes = if run.stops.process_limit_hit {
        format!("; the cap of {PROCESS_CAP} processes refused a fork")
    } else {
        String::new()
    };
    match run.exit {
        Exit::Code(0) => {}
        Exit::Trap => {
            return Verdict::RuntimeError(format!(
                "the WebAssembly program trapped{processes}{}",
                stderr()
            ));
        }
        Exit::Code(code) => {
            return Verdict::RuntimeError(format!("exit code {code}{processes}{}", stderr()));
        }
        Exit::Signal(signal) => {
            let name = signal_name(signal);
            return Verdict::RuntimeError(format!("killed by {name}{processes}{}", stderr()));
        }
    }
    match compare() {
        Some(mismatch) => Verdict::WrongAnswer(mismatch.to_string()),
        None => Verdict::Accepted,
    }
}

/// Lines of stderr a runtime error quotes: the last ones, where the reason is.
const STDERR_LINES_SHOWN: usize = 3;

/// The most of one line of stderr shown, escaped; with the last three lines and
/// their notes, a runtime error's line stays under 2 KiB whatever the program printed.
pub const STDERR_LINE_SHOWN: usize = 512;

/// What a runtime error quotes of stderr, read line by line in bounded memory: a single
/// line of megabytes is never held whole, nor shown whole, and any bytes at all are shown
/// (those that are not UTF-8 as `\\xNN`), with cuts counted in raw bytes.
struct Stderr {
    /// The last non-blank lines, each shown on one line and cut to
    /// [`STDERR_LINE_SHOWN`] bytes with a note of what was cut.
    last: VecDeque<String>,
    /// Non-blank lines in all.
    lines: u64,
}

impl Stderr {
    fn read(bytes: &[u8]) -> Stderr {
        let mut stderr = Stderr {
            last: VecDeque::new(),
            lines: 0,
        };
        crate::shown::scan_lines(bytes, STDERR_LINE_SHOWN, |line| {
            let whole = line.len == line.head.len() as u64;
            let head = if whole {
                line.head
            } else {
                crate::shown::without_cut_char(line.head)
            };
            let blank = std::str::from_utf8(head).is_ok_and(|text| text.trim().is_empty());
            if whole && blank {
                return;
            }
            let (mut shown, used) = crate::shown::one_line_within(head, STDERR_LINE_SHOWN);
            // `used` counts raw bytes of the head, never more than the line holds.
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A run that measured nothing wrong: 0.1 s of CPU, 1 MiB, exit 0.
    fn clean() -> Measurement {
        Measurement {
            exit: Exit::Code(0),
            cpu: Duration::from_millis(100),
            wall: Duration::from_millis(120),
            peak_memory_bytes: 1 << 20,
            stops: Stops::default(),
        }
    }

    /// The verdict's code for `run`, with stdout `stdout` (expected: `WIN`) and a stderr
    /// that names every runtime's out-of-memory message.
    fn code(run: &Measurement, stdout: &str) -> &'static str {
        let rules = Rules::tokens(Duration::from_secs(1), 64 << 20);
        let verdict = decide(
            run,
            rules,
            stdout.len() as u64,
            || "; stderr: std::bad_alloc | MemoryError".to_owned(),
            || compare(rules.checker, rules.cases, b"WIN\n", stdout.as_bytes()),
        );
        verdict.code()
    }

    /// Every row of the table of precedence ([`decide`]), and each pair of rows that can
    /// both hold: the earlier row decides.
    #[test]
    fn verdicts_follow_the_table_of_precedence() {
        let over_cpu = Measurement {
            cpu: Duration::from_millis(1100),
            ..clean()
        };
        let stopped_at_cpu = Measurement {
            stops: Stops {
                killed_at_cpu_cap: true,
                ..Stops::default()
            },
            ..clean()
        };
        let xcpu = Measurement {
            exit: Exit::Signal(SIGXCPU),
            ..clean()
        };
        let over_memory = Measurement {
            peak_memory_bytes: (64 << 20) + 1,
            ..clean()
        };
        let limit_event = Measurement {
            stops: Stops {
                memory_limit_hit: true,
                ..Stops::default()
            },
            ..clean()
        };
        let stopped_at_memory = Measurement {
            stops: Stops {
                killed_at_memory_limit: true,
                ..Stops::default()
            },
            ..clean()
        };
        let idle = Measurement {
            wall: Duration::from_millis(2100),
            ..clean()
        };
        let stopped_at_wall = Measurement {
            stops: Stops {
                killed_at_wall_cap: true,
                ..Stops::default()
            },
            ..clean()
        };
        let over_output = Measurement {
            stops: Stops {
                output_limit_hit: true,
                ..Stops::default()
            },
            ..clean()
        };
        let xfsz = Measurement {
            exit: Exit::Signal(SIGXFSZ),
            ..clean()
        };
        let exit_code = Measurement {
            exit: Exit::Code(1),
            ..clean()
        };
        let signal = Measurement {
            exit: Exit::Signal(SIGSEGV),
            ..clean()
        };
        // Each row alone, with the right answer printed.
        for (run, expected) in [
            (&over_cpu, "TLE"),
            (&stopped_at_cpu, "TLE"),
            (&xcpu, "TLE"),
            (&over_memory, "MLE"),
            (&limit_event, "MLE"),
            (&stopped_at_memory, "MLE"),
            (&idle, "TLE"),
            (&stopped_at_wall, "TLE"),
            (&over_output, "OLE"),
            (&xfsz, "OLE"),
            (&exit_code, "RE"),
            (&signal, "RE"),
            (&clean(), "AC"),
        ] {
            assert_eq!(code(run, "WIN\n"), expected, "{run:?}");
        }
        assert_eq!(code(&clean(), "LOSE\n"), "WA");
        // Output past the cap, measured by its length alone.
        let long = "x".repeat(usize::try_from(OUTPUT_CAP_BYTES).unwrap() + 1);
        assert_eq!(code(&clean(), &long), "OLE");
        // Where two rows hold, the earlier one decides.
        let both = |a: &Measurement, b: &Measurement| Measurement {
            exit: if a.exit == Exit::Code(0) {
                b.exit
            } else {
                a.exit
            },
            cpu: a.cpu.max(b.cpu),
            wall: a.wall.max(b.wall),
            peak_memory_bytes: a.peak_memory_bytes.max(b.peak_memory_bytes),
            stops: Stops {
                memory_limit_hit: a.stops.memory_limit_hit || b.stops.memory_limit_hit,
                killed_at_wall_cap: a.stops.killed_at_wall_cap || b.stops.killed_at_wall_cap,
                killed_at_cpu_cap: a.stops.killed_at_cpu_cap || b.stops.killed_at_cpu_cap,
                killed_at_memory_limit: a.stops.killed_at_memory_limit
                    || b.stops.killed_at_memory_limit,
                process_limit_hit: a.stops.process_limit_hit || b.stops.process_limit_hit,
                output_limit_hit: a.stops.output_limit_hit || b.stops.output_limit_hit,
            },
        };
        let rows: [(&[&Measurement], &str); 5] = [
            (&[&over_cpu, &stopped_at_cpu, &xcpu], "TLE"),
            (&[&over_memory, &limit_event, &stopped_at_memory], "MLE"),
            (&[&idle, &stopped_at_wall], "TLE"),
            (&[&over_output, &xfsz], "OLE"),
            (&[&exit_code, &signal], "RE"),
        ];
        for (earlier, (runs, expected)) in rows.iter().enumerate() {
            for (later, _) in rows.iter().skip(earlier + 1) {
                for a in *runs {
                    for b in *later {
                        let run = both(a, b);
                        assert_eq!(code(&run, "LOSE\n"), *expected, "{run:?}");
                    }
                }
            }
        }
    }

    /// `SIGXCPU` and `SIGXFSZ` decide as their rows say, but a detail never claims a
    /// limit passed that the measurements show was not.
    #[test]
    fn a_limit_signal_under_the_limit_is_named_not_called_over() {
        let rules = Rules::tokens(Duration::from_secs(1), 64 << 20);
        let detail = |exit: i32| {
            let run = Measurement {
                exit: Exit::Signal(exit),
                ..clean()
            };
            let verdict = decide(&run, rules, 4, String::new, || None);
            verdict.detail().unwrap().to_owned()
        };
        assert_eq!(
            detail(SIGXCPU),
            "killed by SIGXCPU after 0.10 s of CPU time, under the 1.00 s limit"
        );
        assert_eq!(
            detail(SIGXFSZ),
            "killed by SIGXFSZ: a file past the 16 MiB limit on files"
        );
    }

    #[test]
    fn stderr_is_read_only_for_a_runtime_error() {
        let rules = Rules::tokens(Duration::from_secs(1), 64 << 20);
        let judged = |run: &Measurement| {
            let mut read = false;
            let verdict = decide(
                run,
                rules,
                4,
                || {
                    read = true;
                    String::new()
                },
                || None,
            );
            (verdict.code(), read)
        };
        assert_eq!(judged(&clean()), ("AC", false));
        let crashed = Measurement {
            exit: Exit::Code(1),
            ..clean()
        };
        assert_eq!(judged(&crashed), ("RE", true));
    }

    #[test]
    fn signals_are_named_as_the_kernel_names_them_and_unknown_ones_by_number() {
        assert_eq!(signal_name(SIGSEGV), "SIGSEGV");
        assert_eq!(signal_name(31), "SIGSYS");
        assert_eq!(signal_name(SIGXCPU), "SIGXCPU");
        assert_eq!(signal_name(1), "SIGHUP");
        assert_eq!(signal_name(0), "signal 0");
        assert_eq!(signal_name(-3), "signal -3");
        assert_eq!(signal_name(200), "signal 200");
    }

    /// The numbers here are the host's, where the host is Linux.
    #[cfg(target_os = "linux")]
    #[test]
    fn the_numbers_are_linuxs() {
        assert_eq!(SIGXCPU, libc::SIGXCPU);
        assert_eq!(SIGXFSZ, libc::SIGXFSZ);
        assert_eq!(SIGSEGV, libc::SIGSEGV);
        assert_eq!(signal_name(libc::SIGKILL), "SIGKILL");
        assert_eq!(signal_name(libc::SIGABRT), "SIGABRT");
        assert_eq!(signal_name(libc::SIGBUS), "SIGBUS");
        assert_eq!(signal_name(libc::SIGSYS), "SIGSYS");
        assert_eq!(signal_name(libc::SIGPWR), "SIGPWR");
        assert_eq!(signal_name(libc::SIGSTKFLT), "SIGSTKFLT");
        assert_eq!(signal_name(libc::SIGWINCH), "SIGWINCH");
    }

    /// A trap is a runtime error, its message quoted from stderr.
    #[test]
    fn a_trap_is_a_runtime_error() {
        let trapped = Measurement {
            exit: Exit::Trap,
            ..clean()
        };
        let rules = Rules::tokens(Duration::from_secs(1), 64 << 20);
        let verdict = verdict(
            &trapped,
            rules,
            b"WIN\n",
            b"WIN\n",
            b"RuntimeError: unreachable\n",
        );
        assert_eq!(
            verdict,
            Verdict::RuntimeError(
                "the WebAssembly program trapped; stderr: RuntimeError: unreachable".into()
            )
        );
    }

    fn stderr_of(text: &[u8]) -> Stderr {
        Stderr::read(text)
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
    fn bytes_that_are_not_utf8_are_counted_raw() {
        // One Latin-1 byte in an honest program's message.
        assert_eq!(
            stderr_of(b"erreur: donn\xe9es\n").shown(),
            "; stderr: erreur: donn\\xe9es"
        );
        // A line of invalid bytes longer than a head: each byte shown takes four, and the
        // cut counts the raw bytes left.
        let shown = stderr_of(&[0xff; 1000]).shown();
        assert!(
            shown.ends_with(" [... 872 more bytes of this line cut]"),
            "{shown}"
        );
    }

    mod properties {
        use super::*;
        use crate::shown::tests::properties::{harmless, printed};
        use proptest::prelude::*;

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(500))]

            #[test]
            fn any_stderr_is_quoted_on_one_harmless_line(bytes in printed(2000)) {
                let shown = Stderr::read(&bytes).shown();
                prop_assert!(harmless(&shown, false), "{shown:?}");
                prop_assert!(shown.len() < 3 * (STDERR_LINE_SHOWN + 64) + 64);
            }

            /// The cut of a long line counts its raw bytes exactly: ASCII is shown as it
            /// is, a two-byte letter as itself, a byte that is not UTF-8 as four.
            #[test]
            fn a_long_line_is_cut_by_its_raw_bytes(
                repeats in 0usize..3000,
                kind in 0usize..3,
            ) {
                let (piece, bytes_per_shown): (&[u8], f64) = match kind {
                    0 => (b"a", 1.0),
                    1 => ("\u{e9}".as_bytes(), 1.0),
                    _ => (b"\xff", 0.25),
                };
                let line = piece.repeat(repeats);
                let shown = Stderr::read(&line).shown();
                let shown_bytes = (STDERR_LINE_SHOWN as f64 * bytes_per_shown) as usize;
                let cut = line.len().saturating_sub(shown_bytes);
                if repeats == 0 {
                    prop_assert_eq!(shown, "");
                } else if cut == 0 {
                    prop_assert!(!shown.contains("cut"), "{shown}");
                } else {
                    let note = format!(" [... {cut} more bytes of this line cut]");
                    prop_assert!(shown.ends_with(&note), "{shown}");
                }
            }
        }
    }
}

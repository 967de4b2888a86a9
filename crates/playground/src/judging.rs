//! The in-page judge's verdict: a learner's program, compiled and run in the page's
//! workers, is judged by the `verdict` crate, the same code `cargo xtask verify` calls, on
//! what the page measured. The page hands over each test's rules (written into the site
//! by `cargo xtask web` from the archive's table of problems) and the run's measurements
//! as JSON; this module only translates them.
//!
//! What a page can measure differs from what the terminal's sandbox measures, and the
//! judgement says so instead of hiding it:
//! - **Time.** A browser has no CPU clock for a worker, and its speed is unknown: the run's
//!   wall time stands for its CPU time, and TLE is given past [`PAGE_TIME_FACTOR`] times
//!   the limit (a WebAssembly program runs at roughly half native speed, and a phone
//!   slower still). A run whose time falls within that factor of the limit, either way,
//!   is marked `near_limit`: the terminal's judge may give another verdict.
//! - **Memory.** A C or C++ program's linear memory is capped at the budget when it is
//!   linked, so memory refused past it is MLE as the judge says; its peak is the linear
//!   memory's size, which never shrinks. A peak within a quarter of the budget is marked
//!   `near_limit` too.

use std::time::Duration;

use serde::Deserialize;
use verdict::{CaseStyle, Checker, Exit, Measurement, Rules, Stops};
use wasm_bindgen::prelude::wasm_bindgen;

/// How many times the problem's time limit a run may take in the page before it is TLE.
pub const PAGE_TIME_FACTOR: u32 = 3;

/// One test's rules as the site's test index gives them.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestRules {
    pub time_limit_ms: u64,
    pub memory_budget_bytes: u64,
    /// Numbers compared within this absolute or relative error; tokens exactly without.
    #[serde(default)]
    pub tolerance: Option<f64>,
    /// `single`, `per-line` or `code-jam`: how the expected output divides into cases.
    pub cases: String,
}

/// What the page measured of one run.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageRun {
    /// The exit code, when the program exited (`proc_exit`, `sys.exit`, the end of main).
    #[serde(default)]
    pub exit_code: Option<i32>,
    /// The program stopped on a WebAssembly trap or an uncaught error of its runtime.
    #[serde(default)]
    pub trapped: bool,
    pub wall_ms: f64,
    pub peak_memory_bytes: u64,
    /// Memory was refused at the budget (the linear memory could not grow).
    #[serde(default)]
    pub memory_refused: bool,
    /// The page stopped the run at its wall-clock cap.
    #[serde(default)]
    pub killed_at_wall_cap: bool,
    /// The page stopped the run when its output passed the cap.
    #[serde(default)]
    pub output_limit_hit: bool,
}

/// A run judged in the page.
#[wasm_bindgen(getter_with_clone)]
#[derive(Debug, Clone, PartialEq)]
pub struct Judgement {
    /// `AC`, `WA`, `TLE`, `MLE`, `OLE` or `RE`, as the terminal's judge writes it.
    pub code: String,
    /// What went wrong, in the terminal's words (empty for AC).
    pub detail: String,
    /// The time or memory was close enough to a limit that the terminal's judge, on its
    /// own machine, may give another verdict.
    pub near_limit: bool,
}

/// Judges a run the page measured (`run`, JSON of [`PageRun`]) on one test (`rules`,
/// JSON of [`TestRules`]) whose expected output is `expected`.
///
/// # Errors
/// The rules or the run are not what the page writes (a defect of the page, said so).
#[wasm_bindgen]
pub fn judge(
    rules: &str,
    run: &str,
    expected: &[u8],
    stdout: &[u8],
    stderr: &[u8],
) -> Result<Judgement, String> {
    let rules: TestRules =
        serde_json::from_str(rules).map_err(|error| format!("the test's rules: {error}"))?;
    let run: PageRun =
        serde_json::from_str(run).map_err(|error| format!("the run's measurements: {error}"))?;
    judged(&rules, &run, expected, stdout, stderr)
}

/// [`judge`] on the rules and the run already read.
///
/// # Errors
/// An unknown style of cases.
pub fn judged(
    rules: &TestRules,
    run: &PageRun,
    expected: &[u8],
    stdout: &[u8],
    stderr: &[u8],
) -> Result<Judgement, String> {
    let limit = Duration::from_millis(rules.time_limit_ms);
    let page_limit = limit * PAGE_TIME_FACTOR;
    let cases = match rules.cases.as_str() {
        "single" => CaseStyle::Single,
        "per-line" => CaseStyle::PerLine,
        "code-jam" => CaseStyle::CodeJam,
        other => return Err(format!("no style of cases is named {other:?}")),
    };
    let checker = match rules.tolerance {
        Some(tolerance) => Checker::Float { tolerance },
        None => Checker::Tokens,
    };
    let wall = Duration::from_secs_f64(run.wall_ms.max(0.0) / 1000.0);
    let measurement = Measurement {
        exit: match (run.trapped, run.exit_code) {
            (true, _) => Exit::Trap,
            (false, Some(code)) => Exit::Code(code),
            // Stopped before it ended: only a cap does that, and the cap decides.
            (false, None) => Exit::Code(0),
        },
        cpu: wall,
        wall,
        peak_memory_bytes: run.peak_memory_bytes,
        // The page's only caps: memory refused at the budget, the wall clock, the output.
        stops: Stops {
            memory_limit_hit: run.memory_refused,
            killed_at_wall_cap: run.killed_at_wall_cap,
            output_limit_hit: run.output_limit_hit,
            ..Stops::default()
        },
    };
    let rules_here = Rules {
        time_limit: page_limit,
        memory_budget_bytes: rules.memory_budget_bytes,
        checker,
        cases,
    };
    let verdict = verdict::verdict(&measurement, rules_here, expected, stdout, stderr);
    let near_time = wall * PAGE_TIME_FACTOR > limit && wall < page_limit * 2;
    let near_memory = run.peak_memory_bytes * 4 > rules.memory_budget_bytes * 3
        && !run.memory_refused
        && run.peak_memory_bytes <= rules.memory_budget_bytes;
    // The page has no CPU clock: its TLE says what it measured, against what.
    let detail = match verdict {
        verdict::Verdict::TimeLimit(_) => format!(
            "{:.2} s of wall time in this page, over {PAGE_TIME_FACTOR} times the {:.2} s limit{}",
            wall.as_secs_f64(),
            limit.as_secs_f64(),
            if run.killed_at_wall_cap {
                "; stopped"
            } else {
                ""
            }
        ),
        _ => verdict.detail().unwrap_or_default().to_owned(),
    };
    Ok(Judgement {
        code: verdict.code().to_owned(),
        detail,
        near_limit: near_time || near_memory,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> TestRules {
        TestRules {
            time_limit_ms: 1000,
            memory_budget_bytes: 8_000_000,
            tolerance: None,
            cases: "per-line".to_owned(),
        }
    }

    fn clean() -> PageRun {
        PageRun {
            exit_code: Some(0),
            trapped: false,
            wall_ms: 20.0,
            peak_memory_bytes: 1 << 20,
            memory_refused: false,
            killed_at_wall_cap: false,
            output_limit_hit: false,
        }
    }

    fn code(run: &PageRun, stdout: &str) -> (String, bool) {
        let judged = judged(&rules(), run, b"A\nB\n", stdout.as_bytes(), b"").unwrap();
        (judged.code, judged.near_limit)
    }

    #[test]
    fn the_page_gives_the_terminals_verdicts_in_its_words() {
        assert_eq!(code(&clean(), "A B"), ("AC".into(), false));
        let wrong = judged(&rules(), &clean(), b"A\nB\n", b"A\nA\n", b"").unwrap();
        assert_eq!(wrong.code, "WA");
        assert_eq!(wrong.detail, "test 2: expected 'B', got 'A'");
        let crashed = PageRun {
            exit_code: Some(3),
            ..clean()
        };
        let judged = judged(&rules(), &crashed, b"A\n", b"A\n", b"boom\n").unwrap();
        assert_eq!(judged.detail, "exit code 3; stderr: boom");
        let trapped = PageRun {
            exit_code: None,
            trapped: true,
            ..clean()
        };
        assert_eq!(code(&trapped, "A B").0, "RE");
        let refused = PageRun {
            exit_code: None,
            trapped: true,
            memory_refused: true,
            peak_memory_bytes: 8_000_000,
            ..clean()
        };
        assert_eq!(code(&refused, "").0, "MLE");
        let flood = PageRun {
            output_limit_hit: true,
            exit_code: None,
            ..clean()
        };
        assert_eq!(code(&flood, "A").0, "OLE");
    }

    #[test]
    fn time_is_judged_at_the_pages_factor_and_marked_near_the_limit() {
        let stopped = PageRun {
            exit_code: None,
            killed_at_wall_cap: true,
            wall_ms: 6000.0,
            ..clean()
        };
        assert_eq!(code(&stopped, "").0, "TLE");
        let judged = judged(&rules(), &stopped, b"A\n", b"", b"").unwrap();
        assert_eq!(
            judged.detail,
            "6.00 s of wall time in this page, over 3 times the 1.00 s limit; stopped"
        );
        // Over the limit, under the page's factor: AC, but near the limit.
        let slow = PageRun {
            wall_ms: 1500.0,
            ..clean()
        };
        assert_eq!(code(&slow, "A B"), ("AC".into(), true));
        let over = PageRun {
            wall_ms: 3500.0,
            ..clean()
        };
        assert_eq!(code(&over, "A B"), ("TLE".into(), true));
        // A third of the limit or less is far from it.
        let quick = PageRun {
            wall_ms: 300.0,
            ..clean()
        };
        assert_eq!(code(&quick, "A B"), ("AC".into(), false));
        let far = PageRun {
            wall_ms: 20_000.0,
            killed_at_wall_cap: true,
            exit_code: None,
            ..clean()
        };
        assert_eq!(code(&far, ""), ("TLE".into(), false));
    }

    #[test]
    fn memory_near_the_budget_is_marked() {
        let close = PageRun {
            peak_memory_bytes: 7_000_000,
            ..clean()
        };
        assert_eq!(code(&close, "A B"), ("AC".into(), true));
    }

    #[test]
    fn what_the_page_sends_is_read_and_a_defect_said() {
        let judged = judge(
            r#"{"time_limit_ms":2000,"memory_budget_bytes":268435456,"tolerance":1e-6,"cases":"single"}"#,
            r#"{"exit_code":0,"wall_ms":12.5,"peak_memory_bytes":1048576}"#,
            b"33.0476190476\n",
            b"33.04761905\n",
            b"",
        )
        .unwrap();
        assert_eq!(judged.code, "AC");
        let error = judge("{}", "{}", b"", b"", b"").unwrap_err();
        assert!(
            error.starts_with("the test's rules: missing field"),
            "{error}"
        );
        let rules = r#"{"time_limit_ms":1,"memory_budget_bytes":1,"cases":"groups"}"#;
        let run = r#"{"wall_ms":1,"peak_memory_bytes":1}"#;
        let error = judge(rules, run, b"", b"", b"").unwrap_err();
        assert_eq!(error, "no style of cases is named \"groups\"");
    }
}

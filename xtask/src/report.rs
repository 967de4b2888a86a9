//! The verify report: a row per test, then group scores and the closing count.

use crate::judge::Outcome;
use crate::units::MIB_F64 as MIB;

/// The column headings; `width` is the width of the test-name column.
pub fn header(width: usize) -> String {
    format!(
        "{:<16} {:<width$} {:<4} {:>8} {:>8} {:>9} {:>10} {:>10}",
        "crate", "test", "verd", "cpu ms", "wall ms", "peak MiB", "time/limit", "mem/budget"
    )
}

/// One test's row; a failure adds an indented line saying what went wrong.
pub fn row(problem: &str, test: &str, width: usize, outcome: &Outcome) -> String {
    // A test's name is a file's name, which may hold any character a folder allows.
    let test = shown_name(test);
    let run = &outcome.measurement;
    let rules = &outcome.rules;
    let time_share = run.cpu.as_secs_f64() / rules.time_limit.as_secs_f64();
    let memory_share = run.peak_memory_bytes as f64 / rules.memory_budget_bytes as f64;
    let mut line = format!(
        "{:<16} {:<width$} {:<4} {:>8.1} {:>8.1} {:>9.2} {:>9.1}% {:>9.1}%",
        problem,
        test,
        outcome.verdict.code(),
        run.cpu.as_secs_f64() * 1e3,
        run.wall.as_secs_f64() * 1e3,
        run.peak_memory_bytes as f64 / MIB,
        time_share * 100.0,
        memory_share * 100.0,
    );
    if let Some(detail) = outcome.verdict.detail() {
        // Details quote the program (its stderr, its tokens): escaped onto this one line,
        // so that nothing it printed can draw on the terminal or start a row of its own.
        let detail = verdict::shown::one_line(detail);
        line.push_str(&format!("\n{:>20}{detail}", "-> "));
    }
    line
}

/// A test's name as the report shows it: escaped onto one line.
pub fn shown_name(test: &str) -> String {
    verdict::shown::one_line(test)
}

/// The worst time and memory of a problem's runs, against its limits.
pub fn summary(problem: &str, outcomes: &[Outcome]) -> String {
    let worst = |share: &dyn Fn(&Outcome) -> f64| {
        outcomes.iter().max_by(|a, b| share(a).total_cmp(&share(b)))
    };
    let time_share =
        |o: &Outcome| o.measurement.cpu.as_secs_f64() / o.rules.time_limit.as_secs_f64();
    let memory_share =
        |o: &Outcome| o.measurement.peak_memory_bytes as f64 / o.rules.memory_budget_bytes as f64;
    match (worst(&time_share), worst(&memory_share)) {
        (Some(slowest), Some(largest)) => format!(
            "{problem}: {} runs; nearest the time limit {:.1} ms CPU ({:.1}% of it); largest peak {:.2} MiB ({:.1}% of the budget)",
            outcomes.len(),
            slowest.measurement.cpu.as_secs_f64() * 1e3,
            time_share(slowest) * 100.0,
            largest.measurement.peak_memory_bytes as f64 / MIB,
            memory_share(largest) * 100.0,
        ),
        _ => format!("{problem}: no runs"),
    }
}

/// The closing line every test runner's reader looks for.
pub fn closing_line(passed: usize, failed: usize) -> String {
    format!("{passed} passed, {failed} failed")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::{Rules, Verdict};
    use crate::measure::{Exit, Measurement};
    use std::time::Duration;
    use verdict::{CaseStyle, Checker};

    /// A run that ended as `exit` after `cpu` of CPU time, at a peak of `peak` bytes.
    fn measured(exit: Exit, cpu: Duration, peak: u64) -> Measurement {
        Measurement {
            exit,
            cpu,
            wall: cpu + Duration::from_millis(10),
            peak_memory_bytes: peak,
            stops: verdict::Stops::default(),
        }
    }

    #[test]
    fn a_row_shows_measurements_against_the_limits() {
        let outcome = Outcome {
            verdict: Verdict::WrongAnswer("test 2: expected 'A', got 'B'".into()),
            measurement: measured(Exit::Code(0), Duration::from_millis(250), 2 << 20),
            rules: Rules {
                time_limit: Duration::from_secs(1),
                memory_budget_bytes: 8 << 20,
                checker: Checker::Tokens,
                cases: CaseStyle::PerLine,
            },
        };
        let text = row("gam", "gam3a", 20, &outcome);
        let first = text.lines().next().unwrap();
        assert!(
            first.starts_with("gam              gam3a                WA"),
            "{first}"
        );
        assert!(first.contains("250.0") && first.contains("2.00") && first.contains("25.0%"));
        assert!(text.ends_with("-> test 2: expected 'A', got 'B'"));
        assert_eq!(
            summary("gam", &[outcome]),
            "gam: 1 runs; nearest the time limit 250.0 ms CPU (25.0% of it); largest peak 2.00 MiB (25.0% of the budget)"
        );
        assert_eq!(summary("gam", &[]), "gam: no runs");
        assert_eq!(closing_line(3, 1), "3 passed, 1 failed");
    }

    #[test]
    fn a_name_or_detail_with_controls_stays_on_its_two_lines() {
        let outcome = Outcome {
            verdict: Verdict::RuntimeError("exit code 1; stderr: \x1b[2K\nAC".into()),
            measurement: measured(Exit::Code(1), Duration::ZERO, 0),
            rules: Rules::tokens(Duration::from_secs(1), 8 << 20),
        };
        let text = row("statues", "evil\r\x1b[1A\u{202e}\n", 10, &outcome);
        assert_eq!(text.lines().count(), 2, "{text}");
        assert!(
            !text.chars().any(|c| c.is_control() && c != '\n'),
            "{text:?}"
        );
        assert!(text.contains("evil\\r\\x1b[1A\\u{202e}\\n"), "{text}");
    }
}

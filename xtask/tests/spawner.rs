//! Programs are started by the spawner, so memory the runner holds while it runs them
//! (stress answers every input in-process) is not counted as theirs. Alone in its own
//! test binary, so no other test's allocations run beside it.

use std::path::Path;
use std::time::Duration;

use xtask::check::{CaseStyle, Checker};
use xtask::judge::{Rules, Verdict, judge};

const XTASK: &str = env!("CARGO_BIN_EXE_xtask");

#[test]
fn memory_the_runner_holds_is_not_counted_as_the_programs() {
    xtask::spawner::use_spawner(Path::new(XTASK));
    // Hold 64 MiB, every page touched, for the whole run.
    let held = vec![1u8; 64 << 20];
    std::hint::black_box(&held);

    let dir = tempfile::tempdir().unwrap();
    let (input, expected) = (dir.path().join("case.in"), dir.path().join("case.out"));
    std::fs::write(&input, "A\n").unwrap();
    std::fs::write(&expected, "A\n").unwrap();
    let rules = Rules {
        time_limit: Duration::from_secs(2),
        memory_budget_bytes: 8_000_000,
        checker: Checker::Tokens,
        cases: CaseStyle::Single,
    };
    for _ in 0..3 {
        let outcome = judge(
            Path::new(XTASK),
            &["fixture", "echo"],
            &input,
            &expected,
            dir.path(),
            rules,
        )
        .unwrap();
        assert_eq!(outcome.verdict, Verdict::Accepted);
        assert!(
            outcome.measurement.peak_rss_bytes < 16 << 20,
            "the child reported {} KiB, the runner's memory",
            outcome.measurement.peak_rss_bytes >> 10
        );
    }
    assert_eq!(held.len(), 64 << 20);
}

//! The child's peak memory is its own: a runner that has itself peaked high (and freed it)
//! must not pass that figure on. Alone in its own test binary, so no other test's
//! allocations run beside it.

use std::path::Path;
use std::time::Duration;

use xtask::check::{CaseStyle, Checker};
use xtask::judge::{Rules, Verdict, judge};

#[test]
fn the_runners_own_peak_is_not_inherited() {
    // Raise this process's peak to 128 MiB, touching every page, then give it back.
    let block = vec![1u8; 128 << 20];
    std::hint::black_box(&block);
    drop(block);

    let dir = std::env::temp_dir().join(format!("xtask-peak-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (input, expected) = (dir.join("case.in"), dir.join("case.out"));
    std::fs::write(&input, "A\n").unwrap();
    std::fs::write(&expected, "A\n").unwrap();
    let rules = Rules {
        time_limit: Duration::from_secs(2),
        memory_budget_bytes: 8_000_000,
        checker: Checker::Tokens,
        cases: CaseStyle::Single,
    };
    let program = Path::new(env!("CARGO_BIN_EXE_xtask"));
    let outcome = judge(
        program,
        &["fixture", "echo"],
        &input,
        &expected,
        &dir,
        rules,
    )
    .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();

    assert_eq!(outcome.verdict, Verdict::Accepted);
    assert!(
        outcome.measurement.peak_rss_bytes < 16 << 20,
        "the child reported {} KiB, the runner's peak",
        outcome.measurement.peak_rss_bytes >> 10
    );
}

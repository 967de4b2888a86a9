//! Programs are started by the spawner, so memory the runner holds while it runs them
//! (stress answers every input in-process) is not counted as theirs. Alone in its own
//! test binary, so no other test's allocations run beside it.

use std::path::Path;
use std::time::Duration;

use xtask::judge::{Rules, Verdict, judge_text};

const XTASK: &str = env!("CARGO_BIN_EXE_xtask");

#[test]
fn memory_the_runner_holds_is_not_counted_as_the_programs() {
    xtask::sandbox::client::use_spawner(Path::new(XTASK));
    // Hold 64 MiB, every page touched, for the whole run.
    let held = vec![1u8; 64 << 20];
    std::hint::black_box(&held);

    for _ in 0..3 {
        let judged = judge_text(
            &xtask::measure::own_program(Path::new(XTASK), &["fixture", "echo"]),
            "A\n",
            "A\n",
            Rules::tokens(Duration::from_secs(2), 8_000_000),
        )
        .unwrap();
        let peak = judged.outcome.measurement.peak_memory_bytes;
        assert_eq!(judged.outcome.verdict, Verdict::Accepted);
        assert!(peak < 16 << 20, "the child reported {} KiB", peak >> 10);
    }
    assert_eq!(held.len(), 64 << 20);
}

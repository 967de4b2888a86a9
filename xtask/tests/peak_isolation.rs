//! The child's peak memory is its own: a runner that has itself peaked high (and freed it)
//! must not pass that figure on, even when it forks the child itself. Alone in its own
//! test binary, so no other test's allocations run beside it.

use std::path::Path;
use std::time::Duration;

use xtask::measure::{Caps, Exit, Io, run_here};

#[test]
fn the_runners_own_peak_is_not_inherited() {
    // Raise this process's peak to 128 MiB, touching every page, then give it back.
    let block = vec![1u8; 128 << 20];
    std::hint::black_box(&block);
    drop(block);

    let scratch = tempfile::tempdir().unwrap();
    let io = Io {
        input: "/dev/null".into(),
        stdout: scratch.path().join("echo.stdout"),
        stderr: scratch.path().join("echo.stderr"),
    };
    let caps = Caps {
        wall: Duration::from_secs(5),
        cpu_seconds: 5,
        address_space: 1 << 30,
        output: 1 << 20,
    };
    let run = run_here(
        Path::new(env!("CARGO_BIN_EXE_xtask")),
        &["fixture", "echo"],
        &io,
        caps,
    )
    .unwrap();
    assert_eq!(run.exit, Exit::Code(0));
    assert!(
        run.peak_rss_bytes < 16 << 20,
        "the child reported {} KiB, the runner's peak",
        run.peak_rss_bytes >> 10
    );
}

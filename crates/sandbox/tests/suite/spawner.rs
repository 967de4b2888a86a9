//! Programs are started by the spawner, a fresh process, so memory the runner holds while
//! it runs them (stress answers every input in-process) is not counted as theirs.

use std::path::Path;

use crate::support::{self, judged_limits, over_memory, stdout};

#[test]
fn memory_the_runner_holds_is_not_counted_as_the_programs() {
    // Hold 64 MiB, every page touched, for the whole run.
    let held = vec![1u8; 64 << 20];
    std::hint::black_box(&held);
    let budget = 8_000_000;
    let echo = support::own(Path::new("/bin/cat"), &[]);
    for _ in 0..3 {
        let ran = support::run(&echo, "A\n", judged_limits(2000, budget));
        assert_eq!(stdout(&ran), "A\n", "{:?}", ran.report);
        assert!(!over_memory(&ran.report, budget), "{:?}", ran.report);
        let peak = ran.report.peak_memory_bytes;
        assert!(peak < 16 << 20, "the child reported {} KiB", peak >> 10);
    }
    assert_eq!(held.len(), 64 << 20);
}

#[test]
fn a_file_replaced_at_the_same_path_is_seen_new_by_the_next_run() {
    // A worker keeps its binds from one run to the next; a program written again to the
    // same path (a compiler's `-o`, an editor's save) is a new file, which a kept bind
    // would hide behind the old one.
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("say.py");
    for word in ["first", "second"] {
        let fresh = dir.path().join("say.py.new");
        std::fs::write(&fresh, format!("print({word:?})\n")).unwrap();
        std::fs::rename(&fresh, &script).unwrap();
        let ran = support::run(&support::python(&script), "", judged_limits(2000, 64 << 20));
        assert_eq!(stdout(&ran), format!("{word}\n"), "{:?}", ran.report);
    }
}

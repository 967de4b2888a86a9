//! What the accounting layer does, on whatever machine the tests run: cgroup v1 as root,
//! cgroup v2 as root or as an ordinary user with a delegated subtree. Each probe runs
//! where the layer it needs is active and says so where it is not (and why, from the
//! header); which layers a machine must have is CI's to say (`XTASK_EXPECT_LAYERS`,
//! checked in `sandbox.rs`). The caps are set far from what the programs need, so the
//! verdicts hold on a slow machine too (CI runs them in an emulated virtual machine).

use std::path::{Path, PathBuf};
use std::time::Duration;

use xtask::judge::{Rules, judge_text};
use xtask::measure::{Io, Limits, Measurement};
use xtask::sandbox::cgroup::{self, delegation};
use xtask::sandbox::{Layer, Layers, Strictness};
use xtask::solution::Solution;

fn use_spawner() -> Layers {
    xtask::sandbox::client::use_spawner(Path::new(env!("CARGO_BIN_EXE_xtask")));
    xtask::sandbox::client::layers().unwrap()
}

/// Whether the accounting layer is active; if not, says that `probe` is skipped and why.
fn accounting(probe: &str) -> bool {
    let layers = use_spawner();
    match &layers.accounting {
        Layer::Active(_) => true,
        Layer::Missing(why) => {
            eprintln!("skipped: {probe} needs the accounting layer, missing here: {why}");
            false
        }
    }
}

fn hostile(name: &str) -> PathBuf {
    xtask::project_root().join("xtask/tests/hostile").join(name)
}

/// The C fixture `name`, ready to run: compiled in the sandbox as every solution is, or
/// taken built from the folder `$XTASK_BUILT_FIXTURES` names (CI builds them beforehand
/// for its emulated machine, where the compiler alone would take most of its 30 s cap).
fn compile(name: &str) -> Solution {
    let spec = match std::env::var_os("XTASK_BUILT_FIXTURES") {
        Some(built) => Path::new(&built).join(name.trim_end_matches(".c")),
        None => hostile(name),
    };
    xtask::solution::prepare(&spec.to_string_lossy()).unwrap()
}

/// Runs `solution` on `input` under `limits`.
fn run(solution: &Solution, input: &str, limits: Limits) -> (Measurement, String) {
    let scratch = tempfile::tempdir().unwrap();
    let io = Io {
        input: scratch.path().join("case.in"),
        stdout: scratch.path().join("case.stdout"),
        stderr: scratch.path().join("case.stderr"),
    };
    std::fs::write(&io.input, input).unwrap();
    let measured = xtask::measure::run(&solution.program, &io, limits).unwrap();
    let stdout = std::fs::read_to_string(&io.stdout).unwrap();
    (measured, stdout)
}

/// Caps no probe comes near unless it is meant to.
fn roomy() -> Limits {
    Limits {
        wall_ms: 120_000,
        cpu_ms: 60_000,
        memory_bytes: 256 << 20,
        output_bytes: 1 << 20,
        processes: 64,
        box_bytes: 64 << 20,
    }
}

#[test]
fn a_missing_layer_is_named_with_its_reason_and_strict_refuses() {
    let layers = use_spawner();
    eprintln!("{}", layers.header());
    let missing = layers.missing();
    assert_eq!(
        layers.require(Strictness::Strict).is_err(),
        !missing.is_empty()
    );
    for layer in &missing {
        assert!(
            !layer.ends_with("()"),
            "a layer missing without a reason: {layer}"
        );
    }
    if let Layer::Missing(why) = &layers.accounting {
        // What would give the layer is said with the reason: a delegated scope, or
        // systemd's delegation of the controllers (cgroup v2), or cgroup v2 itself.
        let remedies: &[&str] = if cgroup::unified() {
            &[
                "systemd-run --user --scope -p Delegate=yes",
                "Delegate=pids memory",
            ]
        } else {
            &["cgroup v2"]
        };
        if !nix::unistd::Uid::effective().is_root() {
            assert!(remedies.iter().any(|remedy| why.contains(remedy)), "{why}");
        }
    }
}

#[test]
fn on_cgroup_v2_runs_are_grouped_beside_the_runner_never_under_it() {
    if !cgroup::unified() || !accounting("the placement of run groups") {
        return;
    }
    let (name, value) = cgroup::handover();
    assert_eq!(name, delegation::HANDOVER);
    let handed: delegation::Handover = serde_json::from_str(&value).unwrap();
    let delegation::Handover::Ready(runs) = handed else {
        panic!("accounting is active, yet the runner handed over {value}");
    };
    assert!(runs.ends_with(delegation::RUNS), "{}", runs.display());
    let enabled = std::fs::read_to_string(runs.join("cgroup.subtree_control")).unwrap();
    for controller in cgroup::CONTROLLERS {
        assert!(
            enabled.contains(controller),
            "{}: {enabled}",
            runs.display()
        );
    }
    // v2's rule: the group that gives the run groups' folder its controllers holds no
    // process of its own (the hierarchy's root excepted).
    let managed = runs.parent().unwrap();
    if managed != Path::new(cgroup::MOUNT) {
        let procs = std::fs::read_to_string(managed.join("cgroup.procs")).unwrap();
        assert_eq!(procs.trim(), "", "{} holds processes", managed.display());
    }
    // Nor is this process in the runs' folder, where programs are.
    let own = std::fs::read_to_string("/proc/self/cgroup").unwrap();
    assert!(!own.contains(delegation::RUNS), "{own}");
}

#[test]
fn cpu_time_of_orphaned_workers_is_counted_and_capped() {
    if !accounting("the CPU time of a tree") {
        return;
    }
    // Two orphaned workers burn 0.8 s of CPU each; the program itself next to nothing.
    let workers = compile("cpu_children.c");
    let (measured, _) = run(&workers, "", roomy());
    assert!(!measured.killed_at_cpu_cap, "{measured:?}");
    assert!(measured.cpu >= Duration::from_millis(1500), "{measured:?}");
    let capped = Limits {
        cpu_ms: 1000,
        ..roomy()
    };
    let (measured, _) = run(&workers, "", capped);
    assert!(measured.killed_at_cpu_cap, "{measured:?}");
    assert!(measured.cpu > Duration::from_secs(1), "{measured:?}");
}

#[test]
fn peak_memory_is_that_of_the_whole_tree() {
    if !accounting("the peak memory of a tree") {
        return;
    }
    // Two workers of 100 MiB at once, under a 256 MiB cap: the peak counts both (more
    // than either holds; a sampled peak may miss the moment both are full).
    let (measured, stdout) = run(&compile("tree_memory.c"), "2 100\n", roomy());
    assert_eq!(stdout, "WIN\n", "{measured:?}");
    assert!(!measured.memory_limit_hit, "{measured:?}");
    assert!(measured.peak_memory_bytes > 150 << 20, "{measured:?}");
}

#[test]
fn memory_of_the_tree_over_its_limit_is_refused() {
    if !accounting("the memory limit of a tree") {
        return;
    }
    // Four workers of 100 MiB at once, under a 256 MiB budget: MLE.
    let (measured, _) = run(&compile("tree_memory.c"), "4 100\n", roomy());
    assert!(measured.memory_limit_hit, "{measured:?}");
    assert!(measured.peak_memory_bytes > 128 << 20, "{measured:?}");
}

#[test]
fn a_fork_past_the_process_cap_is_refused() {
    if !accounting("the process cap") {
        return;
    }
    let limits = Limits {
        processes: 16,
        ..roomy()
    };
    let (measured, stdout) = run(&compile("process_cap.c"), "200\n", limits);
    let made: u64 = stdout
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("{stdout:?}"));
    assert!(made < 16, "{made} processes made under a cap of 16");
    assert!(measured.process_limit_hit, "{measured:?}");
}

#[test]
fn java_runs_under_the_memory_limit() {
    if !accounting("Java under the memory limit") {
        return;
    }
    if std::process::Command::new("javac")
        .arg("-version")
        .output()
        .is_err()
    {
        eprintln!("skipped: Java under the memory limit needs javac, not installed here");
        return;
    }
    let classes = tempfile::tempdir().unwrap();
    let source = xtask::project_root().join("xtask/tests/solutions/Main.java");
    // The compile is only the setup, run outside the sandbox: interpreted, since under
    // QEMU's emulation javac's compiled code died of SIGSEGV in 2 runs of 2 as an ordinary
    // user (c1 code at a method's entry), and the JIT is not what this test is about.
    let status = std::process::Command::new("javac")
        .arg("-J-Xint")
        .arg("-d")
        .arg(classes.path())
        .arg(source)
        .status()
        .unwrap();
    assert!(status.success());
    let solution =
        xtask::solution::prepare(&format!("java -cp {} Main", classes.path().display())).unwrap();
    // The time limit is the slowest machine's: what is checked is that the JVM starts
    // and answers within a 256 MB budget (an address-space cap would stop it).
    let judged = judge_text(
        &solution.program,
        ".......A\n........\n........\n........\n........\n........\n........\nM.......\n",
        "WIN\n",
        Rules::tokens(Duration::from_secs(100), 256_000_000),
    )
    .unwrap();
    assert_eq!(judged.outcome.verdict.code(), "AC", "{judged:?}");
}

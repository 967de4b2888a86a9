//! What the accounting layer does, on whatever machine the tests run: cgroup v1 as root,
//! cgroup v2 as root or as an ordinary user with a delegated subtree. Each probe runs
//! where the layer it needs is active and says so where it is not (and why, from the
//! header); which layers a machine must have is CI's to say (`XTASK_EXPECT_LAYERS`,
//! checked in `machine.rs`). The caps are set far from what the programs need, so the
//! verdicts hold on a slow machine too (CI runs them in an emulated virtual machine).

use std::path::Path;

use sandbox::Resolved;
use sandbox::for_tests::cgroup::{self, delegation};
use sandbox::{Layer, Layers, Limits, Report, Strictness};

use crate::support::{self, built, over_memory, stdout};

fn use_spawner() -> Layers {
    support::use_spawner();
    sandbox::layers().unwrap()
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

/// The C fixture `name`, ready to run, in a folder that lives as long as it.
struct Probe {
    program: Resolved,
    _dir: tempfile::TempDir,
}

impl Probe {
    fn new(name: &str) -> Probe {
        let dir = tempfile::tempdir().unwrap();
        let program = support::own(&built(name, dir.path()), &[]);
        Probe { program, _dir: dir }
    }

    /// Runs it on `input` under `limits`: the report, and what it printed.
    fn run(&self, input: &str, limits: Limits) -> (Report, String) {
        let ran = support::run(&self.program, input, limits);
        let printed = stdout(&ran);
        (ran.report, printed)
    }
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
    let workers = Probe::new("cpu_children.c");
    let (measured, _) = workers.run("", roomy());
    assert!(!measured.stops.killed_at_cpu_cap, "{measured:?}");
    assert!(measured.cpu_us >= 1_500_000, "{measured:?}");
    let capped = Limits {
        cpu_ms: 1000,
        ..roomy()
    };
    let (measured, _) = workers.run("", capped);
    assert!(measured.stops.killed_at_cpu_cap, "{measured:?}");
    assert!(measured.cpu_us > 1_000_000, "{measured:?}");
}

#[test]
fn peak_memory_is_that_of_the_whole_tree() {
    if !accounting("the peak memory of a tree") {
        return;
    }
    // Two workers of 100 MiB at once, under a 256 MiB cap: the peak counts both (more
    // than either holds; a sampled peak may miss the moment both are full).
    let (measured, stdout) = Probe::new("tree_memory.c").run("2 100\n", roomy());
    assert_eq!(stdout, "WIN\n", "{measured:?}");
    assert!(!measured.stops.memory_limit_hit, "{measured:?}");
    assert!(measured.peak_memory_bytes > 150 << 20, "{measured:?}");
}

#[test]
fn memory_of_the_tree_over_its_limit_is_refused() {
    if !accounting("the memory limit of a tree") {
        return;
    }
    // Four workers of 100 MiB at once, under a 256 MiB budget: MLE.
    let (measured, _) = Probe::new("tree_memory.c").run("4 100\n", roomy());
    assert!(measured.stops.memory_limit_hit, "{measured:?}");
    assert!(measured.peak_memory_bytes > 128 << 20, "{measured:?}");
}

#[test]
fn cpu_time_of_children_the_kernel_reaps_is_counted() {
    if !accounting("the CPU time of children the kernel reaps") {
        return;
    }
    // 20 children of 150 ms each, one after another, whose parent ignores SIGCHLD: 3 s of
    // CPU against statues' 2 s, though no one waits for them.
    let limits = support::judged_limits(2000, 256_000_000);
    let (measured, stdout) = Probe::new("ignored_children.c").run("20 150\n", limits);
    assert!(
        support::over_time(&measured, 2000),
        "{stdout:?} {measured:?}"
    );
}

#[test]
fn the_kernels_records_for_a_run_count_as_its_memory() {
    if !accounting("the kernel's records for a run") {
        return;
    }
    // 60,000 mappings or 60,000 epoll watches, each a record the kernel keeps (about
    // 12 MB either way), with next to no pages: over gam's 8 MB in every layer.
    let budget = 8_000_000;
    let limits = support::judged_limits(6000, budget);
    let probe = Probe::new("kernel_records.c");
    for input in ["mappings 60000\n", "watches 60000\n"] {
        let (measured, stdout) = probe.run(input, limits);
        assert!(
            over_memory(&measured, budget),
            "{input:?} under {:?}: {stdout:?} {measured:?}",
            use_spawner().accounting
        );
    }
}

#[test]
fn memory_held_after_the_main_thread_ended_is_refused() {
    if !accounting("memory held after a main thread ended") {
        return;
    }
    // 200 MiB in a thread whose process's main thread has ended, in a child the kernel
    // reaps itself, under gam's 8 MB: over the limit while it runs, stopped there.
    let limits = support::judged_limits(6000, 8_000_000);
    let (measured, stdout) = Probe::new("thread_after_main.c").run("200\n", limits);
    assert!(over_memory(&measured, 8_000_000), "{stdout:?} {measured:?}");
    assert!(measured.peak_memory_bytes > 8_000_000, "{measured:?}");
    assert!(
        measured.stops.killed_at_memory_limit || measured.stops.memory_limit_hit,
        "{measured:?}"
    );
}

#[test]
fn honest_programs_near_a_small_budget_get_one_verdict_in_every_layer() {
    if !accounting("honest programs near gam's 8 MB") {
        return;
    }
    // gam's 8 MB (7.63 MiB). The verdict is the same under a cgroup (root here) and
    // sampled (nobody, in CI's step of these tests): the C library's pages and a fork's
    // shared pages are not counted twice, and a program over the budget is over it in both.
    let budget = 8_000_000;
    let limits = support::judged_limits(1000, budget);
    let probe = Probe::new("honest_heap.c");
    for (input, within) in [
        ("6656 0\n", true),  // 6.5 MiB of heap
        ("7168 0\n", true),  // 7.0 MiB
        ("5120 1\n", true),  // 5 MiB, and a fork holding the same pages
        ("9216 0\n", false), // 9 MiB: over the budget
        ("6144 1\n", true),  // 6 MiB, and a fork
    ] {
        let (measured, stdout) = probe.run(input, limits);
        let layer = format!("{:?}", use_spawner().accounting);
        if within {
            assert_eq!(stdout, "WIN\n", "{input:?} under {layer}: {measured:?}");
            assert!(
                !over_memory(&measured, budget),
                "{input:?} under {layer}: {measured:?}"
            );
        } else {
            assert!(
                over_memory(&measured, budget),
                "{input:?} under {layer}: {measured:?}"
            );
        }
    }
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
    let (measured, stdout) = Probe::new("process_cap.c").run("200\n", limits);
    let made: u64 = stdout
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("{stdout:?}"));
    assert!(made < 16, "{made} processes made under a cap of 16");
    assert!(measured.stops.process_limit_hit, "{measured:?}");
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
    let source = classes.path().join("Echo.java");
    std::fs::write(&source, ECHO).unwrap();
    // The compile is only the setup, run outside the sandbox: interpreted, since under
    // QEMU's emulation javac's compiled code died of SIGSEGV in 2 runs of 2 as an ordinary
    // user (c1 code at a method's entry), and the JIT is not what this test is about.
    let status = std::process::Command::new("javac")
        .arg("-J-Xint")
        .arg("-d")
        .arg(classes.path())
        .arg(&source)
        .status()
        .unwrap();
    assert!(status.success());
    // The JDK is the system's, under /usr; the classes are named on the command line.
    let java = Resolved {
        program: "/usr/bin/java".into(),
        args: ["-cp", &classes.path().to_string_lossy(), "Echo"]
            .map(str::to_owned)
            .to_vec(),
        readable: vec![classes.path().to_owned()],
    };
    // The time limit is the slowest machine's: what is checked is that the JVM starts
    // and answers within a 256 MB budget (an address-space cap would stop it).
    let budget = 256_000_000;
    let ran = support::run(&java, "WIN\n", support::judged_limits(100_000, budget));
    assert_eq!(stdout(&ran), "WIN\n", "{:?}", ran.report);
    assert_eq!(ran.report.code, Some(0), "{:?}", ran.report);
    assert!(!over_memory(&ran.report, budget), "{:?}", ran.report);
    // The same JVM holds the same memory in every layer: a cgroup charged it 18 to 25 MiB
    // and samples 17 MiB, where summed resident sizes (its libjvm.so and the JDK's
    // modules, mapped from the page cache) made 48 to 54 MiB.
    assert!(
        ran.report.peak_memory_bytes < 40 << 20,
        "{:?} under {:?}",
        ran.report,
        use_spawner().accounting
    );
}

/// A Java program that prints its input back.
const ECHO: &str = r#"
public class Echo {
    public static void main(String[] args) throws Exception {
        System.out.write(System.in.readAllBytes());
        System.out.flush();
    }
}
"#;

//! The syscall layer against hostile programs (`tests/hostile/syscall_*.c`), each judged
//! as `verify` judges a solution: the program reports what its attack achieved, and each
//! test checks both the verdict and that the attack failed, with the answer the layer
//! promises (`EPERM`, or `ENOSYS` where callers fall back). Honest programs in Python and
//! C++ (threads), and every compiler, keep working; Java, node, C and Rust are judged by
//! `tests/suite/sandbox.rs`.

use std::path::PathBuf;
use std::time::Duration;

use xtask::judge::{Judged, Rules, judge_text};
use xtask::solution;

use crate::support;

use support::{fixture, statues_samples, use_spawner};

/// Judges the solution `spec` on `input`; the program must print exactly `expected`.
fn judge_spec(spec: &str, input: &str, expected: &str) -> Judged {
    use_spawner();
    let solution = solution::prepare(spec).unwrap();
    let rules = Rules::tokens(Duration::from_secs(2), 256_000_000);
    judge_text(&solution.program, input, expected, rules).unwrap()
}

/// Compiles the fixture `name` (with `@KEY@` replaced) and judges it.
fn judge(name: &str, replacements: &[(&str, &str)], input: &str, expected: &str) -> Judged {
    let dir = tempfile::tempdir().unwrap();
    let source = fixture(dir.path(), name, replacements);
    judge_spec(&source.to_string_lossy(), input, expected)
}

/// Judges the fixture and asserts that it was accepted: it printed `refused`, the line
/// saying its attack failed with the expected answer.
fn assert_refused(name: &str, replacements: &[(&str, &str)], refused: &str) {
    let judged = judge(name, replacements, "\n", &format!("{refused}\n"));
    assert_eq!(
        judged.received.trim(),
        refused,
        "{name} {replacements:?}: the attack went otherwise: {judged:?}"
    );
    assert_eq!(judged.outcome.verdict.code(), "AC", "{judged:?}");
}

#[test]
fn io_uring_cannot_make_a_socket() {
    // ENOSYS: libuv and others take it as "no io_uring here" and fall back.
    assert_refused(
        "syscall_io_uring.c",
        &[("OP", "socket")],
        "io_uring_setup ENOSYS",
    );
}

#[test]
fn io_uring_cannot_read_a_file() {
    assert_refused(
        "syscall_io_uring.c",
        &[("OP", "read")],
        "io_uring_setup ENOSYS",
    );
}

#[test]
fn clone_cannot_make_namespaces() {
    assert_refused("syscall_namespaces.c", &[("HOW", "clone")], "clone EPERM");
}

#[test]
fn clone3_answers_enosys_so_libc_falls_back_to_clone() {
    assert_refused(
        "syscall_namespaces.c",
        &[("HOW", "clone3")],
        "clone3 ENOSYS",
    );
}

#[test]
fn unshare_cannot_make_namespaces() {
    assert_refused(
        "syscall_namespaces.c",
        &[("HOW", "unshare")],
        "unshare EPERM",
    );
}

#[test]
fn the_new_mount_api_is_refused() {
    assert_refused(
        "syscall_mount_api.c",
        &[],
        "fsopen EPERM open_tree EPERM move_mount EPERM",
    );
}

#[test]
fn system_v_ipc_is_refused() {
    assert_refused(
        "syscall_ipc.c",
        &[("KIND", "sysv")],
        "shmget EPERM semget EPERM msgget EPERM",
    );
}

#[test]
fn posix_message_queues_are_refused() {
    assert_refused("syscall_ipc.c", &[("KIND", "posix")], "mq_open EPERM");
}

/// One call of `syscall_misc.c`, which must answer `EPERM`.
fn assert_call_refused(call: &str) {
    assert_refused(
        "syscall_misc.c",
        &[("CALL", call)],
        &format!("{call} EPERM"),
    );
}

#[test]
fn a_unix_datagram_socket_pair_is_refused() {
    // Stream and sequenced-packet pairs stay allowed: Java's NIO and Rust's `Command`
    // make one (see `honest_java_reading_files_through_nio_is_accepted`).
    assert_call_refused("socketpair");
}

#[test]
fn no_descriptor_passes_through_a_socket_pair() {
    assert_call_refused("scm_rights");
}

#[test]
fn personality_cannot_make_memory_executable_or_turn_off_randomisation() {
    assert_call_refused("personality");
}

#[test]
fn file_handles_are_refused() {
    assert_call_refused("name_to_handle_at");
}

#[test]
fn kernel_keys_are_refused() {
    assert_call_refused("add_key");
}

#[test]
fn bpf_is_refused() {
    assert_call_refused("bpf");
}

#[test]
fn performance_counters_are_refused() {
    assert_call_refused("perf_event_open");
}

#[test]
fn user_space_page_faults_are_refused() {
    assert_call_refused("userfaultfd");
}

#[test]
fn the_machine_s_asynchronous_io_pool_is_out_of_reach() {
    // fs.aio-max-nr is one count for the whole machine: a context of 65,536 events took
    // it all, and root's own io_setup(1) on the host failed with EAGAIN while it lived.
    assert_call_refused("io_setup");
}

#[test]
fn the_machine_s_huge_page_pool_is_out_of_reach() {
    // Without the filter these fail with ENOMEM only where no page is reserved.
    assert_call_refused("mmap_hugetlb");
    assert_call_refused("memfd_hugetlb");
}

#[test]
fn a_program_can_trace_neither_itself_nor_its_child() {
    assert_call_refused("ptrace");
}

#[test]
fn an_x32_call_is_refused() {
    assert_refused("syscall_foreign_abi.c", &[("ABI", "x32")], "x32 EPERM");
}

#[test]
fn an_i386_call_kills_the_program() {
    let judged = judge(
        "syscall_foreign_abi.c",
        &[("ABI", "i386")],
        "\n",
        "i386 EPERM\n",
    );
    assert_eq!(judged.received, "", "{judged:?}");
    assert_eq!(judged.outcome.verdict.code(), "RE", "{judged:?}");
    let detail = judged.outcome.verdict.detail().unwrap();
    // The verdict names the signal, as the syscall layer's own.
    assert!(detail.starts_with("killed by SIGSYS"), "{detail}");
}

fn verify(solution: &str, data: Option<PathBuf>) -> (usize, usize, String) {
    support::verify_statues(solution, data)
}

#[test]
fn the_spawner_s_limits_are_out_of_reach_and_every_next_run_starts() {
    // Each run tries to lower the open-files limit of pid 1, the spawner, to 3: had it
    // worked once, the runs after it could not open their streams.
    let dir = tempfile::tempdir().unwrap();
    let data = statues_samples(dir.path());
    let honest =
        std::fs::read_to_string(xtask::project_root().join("xtask/tests/solutions/statues.c"))
            .unwrap();
    let source = fixture(dir.path(), "syscall_prlimit.c", &[("HONEST", &honest)]);
    let (passed, failed, report) = verify(&source.to_string_lossy(), Some(data));
    assert_eq!((passed, failed), (3, 0), "{report}");
    assert!(!report.contains("LOWERED"), "{report}");
}

#[test]
fn honest_python_and_threaded_cpp_are_accepted() {
    let solutions = xtask::project_root().join("xtask/tests/solutions");
    let (_, failed, report) = verify(&solutions.join("statues.py").to_string_lossy(), None);
    assert_eq!(failed, 0, "{report}");
    let judged = judge("deep_recursion.cpp", &[], "A\n", "A\n");
    assert_eq!(judged.outcome.verdict.code(), "AC", "{judged:?}");
}

/// An honest Java program that goes through `java.nio` (as javac does for every source
/// file): NIO's file channels make a UNIX stream socket pair once, which must be allowed.
const NIO_ECHO: &str = r#"
import java.nio.file.Files;
import java.nio.file.Path;

public class NioEcho {
    public static void main(String[] args) throws Exception {
        String input = new String(System.in.readAllBytes());
        Path copy = Path.of("copy.txt"); // in the box, the working folder
        Files.writeString(copy, input);
        System.out.print(Files.readString(copy));
    }
}
"#;

#[test]
fn honest_java_reading_files_through_nio_is_accepted() {
    let classes = tempfile::tempdir().unwrap();
    let source = classes.path().join("NioEcho.java");
    std::fs::write(&source, NIO_ECHO).unwrap();
    let javac = std::process::Command::new("javac")
        .arg("-d")
        .arg(classes.path())
        .arg(&source)
        .status()
        .unwrap();
    assert!(javac.success(), "javac: {javac:?}");
    let spec = format!("java -cp {} NioEcho", classes.path().display());
    let judged = judge_spec(&spec, "A\n", "A\n");
    assert_eq!(judged.outcome.verdict.code(), "AC", "{judged:?}");
}

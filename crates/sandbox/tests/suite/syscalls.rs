//! The syscall layer against hostile programs (`tests/hostile/syscall_*.c`), each run as
//! a judge runs a solution: the program reports what its attack achieved, and each test
//! checks both that it ran to its end and that the attack failed, with the answer the
//! layer promises (`EPERM`, or `ENOSYS` where callers fall back).

use crate::support::{self, compiled, fixture, stdout, two_seconds};

/// Compiles the fixture `name` (with `@KEY@` replaced) and runs it on `input`, `count`
/// times on one spawner; returns each run.
fn runs_of(
    name: &str,
    replacements: &[(&str, &str)],
    input: &str,
    count: usize,
) -> Vec<sandbox::Captured> {
    let dir = tempfile::tempdir().unwrap();
    let source = fixture(dir.path(), name, replacements);
    let program = support::own(&compiled(&source, dir.path()), &[]);
    (0..count)
        .map(|_| support::run(&program, input, two_seconds()))
        .collect()
}

/// Runs the fixture, which must exit 0 having printed `refused`, the line saying its
/// attack failed with the expected answer.
fn assert_refused(name: &str, replacements: &[(&str, &str)], refused: &str) {
    for ran in runs_of(name, replacements, "\n", 1) {
        assert_eq!(
            stdout(&ran).trim(),
            refused,
            "{name} {replacements:?}: the attack went otherwise: {:?}",
            ran.report
        );
        assert_eq!(ran.report.code, Some(0), "{:?}", ran.report);
    }
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
    // make one (xtask's `judging::honest_java_reading_files_through_nio_is_accepted`).
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
fn no_memory_file_holds_pages_outside_every_process() {
    // Pages of a memory file that no process maps show in no process's resident size:
    // where the accounting is sampled (no cgroup), 40 of them held 600 MiB under a
    // 256 MB limit and the run was accepted.
    assert_call_refused("memfd");
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
    for ran in runs_of("syscall_foreign_abi.c", &[("ABI", "i386")], "\n", 1) {
        assert_eq!(stdout(&ran), "", "{:?}", ran.report);
        // Killed by the syscall layer's own signal.
        assert_eq!(ran.report.signal, Some(libc::SIGSYS), "{:?}", ran.report);
    }
}

/// A program with nothing to hide, that the prlimit attack wraps.
const HONEST: &str = "int main(void) { puts(\"honest\"); return 0; }";

#[test]
fn the_spawner_s_limits_are_out_of_reach_and_every_next_run_starts() {
    // Each run tries to lower the open-files limit of pid 1, the spawner, to 3: had it
    // worked once, the runs after it could not open their streams.
    for ran in runs_of("syscall_prlimit.c", &[("HONEST", HONEST)], "\n", 3) {
        assert_eq!(stdout(&ran), "honest\n", "{:?}", ran.report);
        assert_eq!(ran.report.code, Some(0), "{:?}", ran.report);
    }
}

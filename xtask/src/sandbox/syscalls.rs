//! The syscall layer (seccomp): refuses, with `EPERM`, the system calls no solution or
//! compiler needs and a hostile program would use: creating sockets (the network layer's
//! second wall, and the only one for UNIX sockets on the file system), tracing or reading
//! other processes, and the kernel's administrative calls (modules, clocks, mounts,
//! namespaces, keys, BPF, performance counters, reboot, swap, port I/O).

use std::collections::BTreeMap;

use anyhow::{Context, Result};
use seccompiler::{BpfProgram, SeccompAction, SeccompFilter, TargetArch};

/// The refused calls, by name, for the report and the tests.
pub const REFUSED: &[(&str, i64)] = &[
    ("socket", libc::SYS_socket),
    ("ptrace", libc::SYS_ptrace),
    ("process_vm_readv", libc::SYS_process_vm_readv),
    ("process_vm_writev", libc::SYS_process_vm_writev),
    ("kcmp", libc::SYS_kcmp),
    ("pidfd_getfd", libc::SYS_pidfd_getfd),
    ("mount", libc::SYS_mount),
    ("umount2", libc::SYS_umount2),
    ("pivot_root", libc::SYS_pivot_root),
    ("unshare", libc::SYS_unshare),
    ("setns", libc::SYS_setns),
    ("keyctl", libc::SYS_keyctl),
    ("add_key", libc::SYS_add_key),
    ("request_key", libc::SYS_request_key),
    ("bpf", libc::SYS_bpf),
    ("perf_event_open", libc::SYS_perf_event_open),
    ("userfaultfd", libc::SYS_userfaultfd),
    ("init_module", libc::SYS_init_module),
    ("finit_module", libc::SYS_finit_module),
    ("delete_module", libc::SYS_delete_module),
    ("kexec_load", libc::SYS_kexec_load),
    ("reboot", libc::SYS_reboot),
    ("swapon", libc::SYS_swapon),
    ("swapoff", libc::SYS_swapoff),
    ("settimeofday", libc::SYS_settimeofday),
    ("clock_settime", libc::SYS_clock_settime),
    ("clock_adjtime", libc::SYS_clock_adjtime),
    ("adjtimex", libc::SYS_adjtimex),
    ("iopl", libc::SYS_iopl),
    ("ioperm", libc::SYS_ioperm),
];

/// The compiled filter, built once per spawner and applied in each child before `exec`.
///
/// # Errors
/// The filter cannot be compiled for this architecture.
pub fn filter() -> Result<BpfProgram> {
    let rules: BTreeMap<i64, Vec<seccompiler::SeccompRule>> = REFUSED
        .iter()
        .map(|&(_, number)| (number, Vec::new()))
        .collect();
    let arch = TargetArch::try_from(std::env::consts::ARCH)
        .map_err(|error| anyhow::anyhow!("seccomp on {}: {error}", std::env::consts::ARCH))?;
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EPERM as u32),
        arch,
    )
    .context("building the seccomp filter")?;
    BpfProgram::try_from(filter).context("compiling the seccomp filter")
}

/// Applies `filter` to the calling process (the child, after `no_new_privs`).
///
/// # Errors
/// The kernel refuses the filter.
pub fn enforce(filter: &BpfProgram) -> Result<()> {
    seccompiler::apply_filter(filter).context("applying the seccomp filter")
}

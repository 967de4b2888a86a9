//! The syscall layer (seccomp): a default-deny allowlist. A judged program and its
//! compiler may make the calls in [`list`] (Docker's default profile as seen without
//! capabilities, narrowed to what a program reading input and writing an answer needs);
//! every other call answers `EPERM`, except `clone3` and io_uring, which answer `ENOSYS`
//! so that glibc and libuv fall back to what the filter can judge. Among the refused:
//! sockets (the network layer's second wall), namespaces, mounts, other processes,
//! keys, BPF, performance counters, System V and POSIX IPC, the kernel's administration.
//!
//! Four calls are allowed only with certain arguments: `clone` without a namespace
//! flag, `prlimit64` on the caller itself, `personality` with Docker's values, and
//! `socketpair` for UNIX stream and sequenced-packet pairs only (Rust's `Command` and
//! Java's NIO make one).
//!
//! Two filters, because a seccompiler filter has one action on a match and one on a
//! mismatch: the allowlist (match: allow, mismatch: `EPERM`), then the fallbacks (match:
//! `ENOSYS`, mismatch: allow). The kernel runs every filter and takes the action of
//! highest precedence; between two `ERRNO` answers it keeps the first one seen, and it
//! runs the most recently installed filter first (seccomp(2); `seccomp_run_filters`
//! replaces its answer only by a strictly more severe one). So `clone3` gets the
//! fallbacks' `ENOSYS` over the allowlist's `EPERM`, and the fallbacks must come second.
//!
//! A call from another ABI is refused: each filter first checks the architecture
//! (`AUDIT_ARCH_X86_64`) and kills the process on any other, so an i386 call through
//! `int $0x80` ends the program with SIGSYS; an x32 call (number with bit 30 set) has
//! the right architecture but a number on no list, so it answers `EPERM`.
//!
//! Cost, measured on this machine (a 2-core VM shared with other builds, load 11 to 16;
//! medians of 1000 to 2000 forked children, old and new side by side in one run):
//! building both filters once per spawner, 0.1 ms. Attaching them in the child before
//! `exec`, 0.8 to 1.2 ms (the allowlist is 1393 BPF instructions, the fallbacks 25),
//! against 0.12 to 0.18 ms for the old 30-call denylist (155 instructions): the kernel
//! translates and JIT-compiles a filter, then runs it once per call number to learn
//! which calls it may allow without running it again, all in time that grows with its
//! length. A whole fork, `exec` of /bin/true and wait took 1.3 ms without seccomp,
//! 4.1 to 4.7 ms with the old denylist and 5.8 to 7.3 ms with these filters: about
//! 2 ms more per run than before. After that, an allowed call without an argument
//! check costs nothing more (the kernel's per-number cache). seccompiler emits a linear
//! chain; a filter that searches the numbers by halves (libseccomp's binary-tree
//! option) would be a fraction of the length, if the attach time comes to matter.
//!
//! The list is written for x86_64: on any other architecture [`filter`] says so and
//! the layer is reported missing.

#[cfg(target_arch = "x86_64")]
pub mod list;

use anyhow::{Context, Result};
use seccompiler::BpfProgram;

/// The two compiled filters, built once per spawner and applied in each child.
pub struct Filters {
    /// Allows the calls of [`list::ALLOWED`] (and three more on their arguments),
    /// answers `EPERM` to the rest.
    allowlist: BpfProgram,
    /// Answers `ENOSYS` to [`list::FALL_BACK`]; installed after the allowlist, so that
    /// its answer is the one the program sees.
    fallbacks: BpfProgram,
}

impl std::fmt::Debug for Filters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Filters {{ allowlist: {} instructions, fallbacks: {} instructions }}",
            self.allowlist.len(),
            self.fallbacks.len()
        )
    }
}

/// Compiles the filters for this architecture.
///
/// # Errors
/// The architecture has no list (only x86_64 has one), or seccompiler refuses a filter.
#[cfg(target_arch = "x86_64")]
pub fn filter() -> Result<Filters> {
    use std::collections::BTreeMap;

    use seccompiler::{
        SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
        SeccompRule, TargetArch,
    };

    let on_first_argument = |length, op, value| -> Result<SeccompRule> {
        let condition = SeccompCondition::new(0, length, op, value)?;
        Ok(SeccompRule::new(vec![condition])?)
    };
    let mut allowed: BTreeMap<i64, Vec<SeccompRule>> = list::ALLOWED
        .iter()
        .flat_map(|group| group.iter())
        .map(|&(_, number)| (number, Vec::new()))
        .collect();
    allowed.insert(
        list::CLONE.1,
        vec![on_first_argument(
            SeccompCmpArgLen::Qword,
            SeccompCmpOp::MaskedEq(list::CLONE_NAMESPACE_FLAGS),
            0,
        )?],
    );
    let unix_pair = |kind: i32| -> Result<SeccompRule> {
        let domain = SeccompCondition::new(
            0,
            SeccompCmpArgLen::Dword,
            SeccompCmpOp::Eq,
            libc::AF_UNIX as u64,
        )?;
        let kind = SeccompCondition::new(
            1,
            SeccompCmpArgLen::Dword,
            SeccompCmpOp::MaskedEq(list::SOCKET_TYPE_MASK),
            kind as u64,
        )?;
        Ok(SeccompRule::new(vec![domain, kind])?)
    };
    allowed.insert(
        list::SOCKETPAIR.1,
        list::SOCKETPAIR_TYPES
            .iter()
            .map(|&kind| unix_pair(kind))
            .collect::<Result<_>>()?,
    );
    // pid_t, the personality and socketpair's arguments are 32-bit: the kernel reads
    // only the low half.
    allowed.insert(
        list::PRLIMIT.1,
        vec![on_first_argument(
            SeccompCmpArgLen::Dword,
            SeccompCmpOp::Eq,
            0,
        )?],
    );
    allowed.insert(
        list::PERSONALITY.1,
        list::PERSONALITY_VALUES
            .iter()
            .map(|&value| {
                on_first_argument(SeccompCmpArgLen::Dword, SeccompCmpOp::Eq, value.into())
            })
            .collect::<Result<_>>()?,
    );
    let fallbacks = list::FALL_BACK
        .iter()
        .map(|&(_, number)| (number, Vec::new()))
        .collect();
    let compile = |rules, mismatch, on_match, what| -> Result<BpfProgram> {
        let filter = SeccompFilter::new(rules, mismatch, on_match, TargetArch::x86_64)
            .with_context(|| format!("building the seccomp {what}"))?;
        BpfProgram::try_from(filter).with_context(|| format!("compiling the seccomp {what}"))
    };
    Ok(Filters {
        allowlist: compile(
            allowed,
            SeccompAction::Errno(libc::EPERM as u32),
            SeccompAction::Allow,
            "allowlist",
        )?,
        fallbacks: compile(
            fallbacks,
            SeccompAction::Allow,
            SeccompAction::Errno(libc::ENOSYS as u32),
            "fallbacks",
        )?,
    })
}

/// Compiles the filters for this architecture.
///
/// # Errors
/// Always: the allowlist is written for x86_64's call numbers, and an untested list
/// would refuse honest programs or allow what it must not.
#[cfg(not(target_arch = "x86_64"))]
pub fn filter() -> Result<Filters> {
    anyhow::bail!(
        "the syscall allowlist exists for x86_64 only, not {}",
        std::env::consts::ARCH
    )
}

/// Applies the filters to the calling process (the child, after `no_new_privs`), the
/// allowlist first.
///
/// # Errors
/// The kernel refuses a filter.
pub fn enforce(filters: &Filters) -> Result<()> {
    seccompiler::apply_filter(&filters.allowlist).context("applying the seccomp allowlist")?;
    seccompiler::apply_filter(&filters.fallbacks).context("applying the seccomp fallbacks")
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    #[test]
    fn no_call_refused_on_purpose_is_allowed() {
        let allowed: Vec<Call> = list::ALLOWED
            .iter()
            .flat_map(|g| g.iter().copied())
            .collect();
        let special = [
            list::CLONE,
            list::PRLIMIT,
            list::PERSONALITY,
            list::SOCKETPAIR,
        ];
        for &(name, number) in list::REFUSED
            .iter()
            .flat_map(|g| g.iter())
            .chain(list::FALL_BACK)
        {
            assert!(
                !allowed.iter().chain(&special).any(|&(_, n)| n == number),
                "{name} is both refused and allowed"
            );
        }
        let mut numbers: Vec<i64> = allowed.iter().map(|&(_, n)| n).collect();
        numbers.sort_unstable();
        numbers.dedup();
        assert_eq!(numbers.len(), allowed.len(), "a call is listed twice");
    }

    use list::Call;

    /// Runs `probe` in a forked child under the filters; returns its exit code.
    fn in_filtered_child(filters: &Filters, probe: fn() -> i32) -> i32 {
        // SAFETY: the child makes only system calls and exits with _exit.
        match unsafe { libc::fork() } {
            0 => {
                let code = if enforce(filters).is_ok() {
                    probe()
                } else {
                    100
                };
                // SAFETY: ends the child without running the test harness's code.
                unsafe { libc::_exit(code) }
            }
            child => {
                let mut status = 0;
                // SAFETY: waits for our own child, writing only `status`.
                unsafe { libc::waitpid(child, &mut status, 0) };
                assert!(libc::WIFEXITED(status), "status {status:#x}");
                libc::WEXITSTATUS(status)
            }
        }
    }

    /// The errno of a raw call with these arguments, or 0 if it succeeded.
    fn errno_of(number: i64, args: [u64; 4]) -> i32 {
        // SAFETY: every probe passes arguments the kernel checks (null or invalid
        // pointers answer EFAULT or EINVAL at worst).
        let result = unsafe { libc::syscall(number, args[0], args[1], args[2], args[3]) };
        if result < 0 {
            std::io::Error::last_os_error().raw_os_error().unwrap_or(-1)
        } else {
            0
        }
    }

    #[test]
    fn clone3_and_io_uring_answer_enosys_and_the_refused_eperm() {
        let filters = filter().unwrap();
        let probe = || -> i32 {
            let checks = [
                (libc::SYS_clone3, [0, 0, 0, 0], libc::ENOSYS),
                (libc::SYS_io_uring_setup, [1, 0, 0, 0], libc::ENOSYS),
                (
                    libc::SYS_socket,
                    [libc::AF_UNIX as u64, libc::SOCK_STREAM as u64, 0, 0],
                    libc::EPERM,
                ),
                (
                    libc::SYS_unshare,
                    [libc::CLONE_NEWUSER as u64, 0, 0, 0],
                    libc::EPERM,
                ),
                // Invalid flags (CLONE_SIGHAND without CLONE_VM) that would answer EINVAL.
                (
                    libc::SYS_clone,
                    [(libc::CLONE_NEWUSER | libc::CLONE_SIGHAND) as u64, 0, 0, 0],
                    libc::EPERM,
                ),
                (
                    libc::SYS_prlimit64,
                    [1, libc::RLIMIT_NOFILE as u64, 0, 0],
                    libc::EPERM,
                ),
                (
                    libc::SYS_personality,
                    [libc::ADDR_NO_RANDOMIZE as u64, 0, 0, 0],
                    libc::EPERM,
                ),
                // x32: the x86_64 architecture, a number on no list.
                (0x4000_0000 | libc::SYS_getpid, [0, 0, 0, 0], libc::EPERM),
                // Allowed: its own limits, the personality query, a plain fork-style
                // clone's flags checked (this one is invalid: EINVAL, not EPERM).
                (
                    libc::SYS_prlimit64,
                    [0, libc::RLIMIT_NOFILE as u64, 0, 0],
                    0,
                ),
                (libc::SYS_personality, [0xffff_ffff, 0, 0, 0], 0),
                // Stream and sequenced-packet pairs are allowed, a datagram pair is
                // not (a null result pointer: EFAULT once past the filter).
                (
                    libc::SYS_socketpair,
                    [
                        libc::AF_UNIX as u64,
                        (libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC) as u64,
                        0,
                        0,
                    ],
                    libc::EFAULT,
                ),
                (
                    libc::SYS_socketpair,
                    [libc::AF_UNIX as u64, libc::SOCK_DGRAM as u64, 0, 0],
                    libc::EPERM,
                ),
                (
                    libc::SYS_clone,
                    [libc::CLONE_SIGHAND as u64, 0, 0, 0],
                    libc::EINVAL,
                ),
            ];
            for (index, (number, args, expected)) in checks.into_iter().enumerate() {
                if errno_of(number, args) != expected {
                    return 1 + index as i32;
                }
            }
            0
        };
        assert_eq!(in_filtered_child(&filters, probe), 0);
    }
}

//! The syscall layer (seccomp): a default-deny allowlist. A judged program and its
//! compiler may make the calls in [`list`] (Docker's default profile as seen without
//! capabilities, narrowed to what a program reading input and writing an answer needs);
//! every other call answers `EPERM`, except `clone3` and io_uring, which answer `ENOSYS`
//! so that glibc and libuv fall back to what the filter can judge. Among the refused:
//! sockets (the network layer's second wall), namespaces, mounts, other processes,
//! keys, BPF, performance counters, System V and POSIX IPC, the kernel's administration.
//!
//! Five calls are allowed only with certain arguments: `clone` without a namespace
//! flag, `prlimit64` on the caller itself, `personality` with Docker's values,
//! `socketpair` for UNIX stream and sequenced-packet pairs only (Rust's `Command` and
//! Java's NIO make one), and `mmap` without huge pages.
//!
//! Pools of the whole machine. A run must not be able to exhaust what the kernel counts
//! once for the machine, or once per user, where the host or another worker draws on
//! the same count. Considered, and why each is safe now:
//!
//! | pool | counted | now |
//! | --- | --- | --- |
//! | asynchronous I/O events (`fs.aio-max-nr`) | machine | `io_setup` and the rest refused |
//! | huge pages (`vm.nr_hugepages`) | machine, not in the memory cgroup | `MAP_HUGETLB` and `memfd_create` refused |
//! | io_uring's rings | memlock, machine | refused (`ENOSYS`) |
//! | open files (`fs.file-max`) | machine | 512 per process, 64 processes: 32,768, a small part of the default (about a tenth of RAM in KiB); files are charged to the memory cgroup |
//! | inotify instances and watches | per uid and user namespace | a box uid per worker (root); capped in the worker's user namespace (an ordinary user) |
//! | fanotify groups and marks | per uid and user namespace | refused; capped at none in a user namespace |
//! | pending signals, POSIX timers | per uid (`RLIMIT_SIGPENDING`) | a box uid per worker; `RLIMIT_SIGPENDING` of 256 |
//! | POSIX queue bytes | per uid (`RLIMIT_MSGQUEUE`) | refused; the limit is 0 |
//! | locked memory | per process (`RLIMIT_MEMLOCK`) | 64 KiB; secret memory counts there too |
//! | pipe buffers (`fs.pipe-user-pages-soft`) | per uid, whatever the namespace | a box uid per worker (root); an ordinary user's run can push the user over the soft limit, after which the user's new pipes get 2 pages instead of 16 until the run ends (no call fails) |
//! | epoll watches (`max_user_watches`) | per uid | a box uid per worker; an ordinary user's run would need 4% of RAM in charged memory (each watch is), more than its cap on machines of 8 GiB and up |
//! | keys (`kernel.keys.maxkeys`) | per uid | `add_key`, `keyctl` refused |
//! | System V IPC, POSIX queues | per IPC namespace | a namespace per worker, closed |
//! | namespaces (`user.max_*_namespaces`) | per uid and user namespace | refused; capped at none in a user namespace |
//! | processes and threads (`kernel.threads-max`, `pid_max`) | machine | the cgroup's cap of 64, or `RLIMIT_NPROC` |
//! | BPF maps, perf events, userfaultfd | machine-wide memlock and counters | refused |
//! | pseudo-terminals (`kernel.pty.max`) | machine | no `/dev/ptmx` in the private root |
//! | tmpfs pages, sockets' buffers, file locks | memory | charged to the run's memory cgroup; without one, the box's tmpfs is sampled, and sockets' and pipes' buffers are not seen (the book's machines chapter bounds them) |
//! | memory files (`memfd_create`) | memory | refused: without a cgroup, pages no process maps would be seen by no sample |
//!
//! One policy, compiled by [`bpf`]: the filter checks the architecture (anything else is
//! killed: an i386 call through `int $0x80` ends the program with SIGSYS), refuses x32's
//! numbers (bit 30 set) with `EPERM`, then finds the call number by halves and answers.
//!
//! Attached in two parts ([`bpf::Policy::split`]). The spawner attaches the first once,
//! before its first run: the policy, with the seven calls the spawner itself makes between
//! runs allowed too (`list::SPAWNER`: mounting the box, making and joining the program's
//! mount namespace, starting the child with `clone3`, sealing the input in a memory
//! file). Each run's child inherits it and adds the second before `exec`: those seven
//! answered as the policy answers them, everything else allowed. The kernel gives a call
//! the strictest answer of the filters a process holds, so the program gets exactly the
//! policy's answers (`tests/suite/filter_program.rs` checks every call number, and a
//! child checks the kernel's answers); the child compiles 32 instructions instead of 229.
//!
//! Cost: the kernel pays for a filter when the child attaches it before every `exec`,
//! running it once per call number to learn which calls it can allow without running
//! it again. The list as a chain of comparisons (seccompiler's output: 1,393
//! instructions, plus a second filter for the `ENOSYS` answers) took 0.8 to 1.2 ms to
//! attach on this machine under load, against 0.12 to 0.18 ms for the old 30-call
//! denylist, and made a whole fork, `exec` and wait about 2 ms longer. Searched by
//! halves, a call is answered within a few dozen instructions, and the attach cost is
//! lost in the noise of `cargo xtask sandbox-cost` (the book's Measurements give the figures),
//! except in a run of about a millisecond: there the 229 instructions took 60 us to translate
//! and compile in every child, a twentieth of the run, and the run's part of the split takes
//! 20 us. After attaching, an allowed call without an argument check costs nothing more (the
//! kernel's per-number cache); `mmap`, checked for huge pages, runs the filter each
//! time, a few dozen instructions beside the page table work it asks for.
//!
//! The compiled program is checked against the policy's own decision for every call
//! number, x32's and foreign architectures' included, with the arguments on each side of
//! every condition (`tests/suite/filter_program.rs`). The sandbox has this one compiler
//! and links no C library; the book's sandbox chapter says why libseccomp's was dropped.
//!
//! The list is written for x86_64: on any other architecture [`filter`] says so and
//! the layer is reported missing.

pub mod bpf;
#[cfg(target_arch = "x86_64")]
pub mod list;

use anyhow::{Context, Result};
use seccompiler::BpfProgram;

/// The compiled filters, built once per spawner: the whole policy, and the same policy
/// cut in two ([`bpf::Policy::split`]): the spawner's, attached to the spawner once, and
/// the run's, which each child adds on top of it before `exec`.
pub struct SyscallFilter {
    whole: BpfProgram,
    spawner: BpfProgram,
    run: BpfProgram,
}

/// Whether this process holds the spawner's filter. A child inherits the flag as it
/// inherits the filter: a forked child gets a copy of both, and a child sharing the
/// spawner's memory reads it unchanged (only [`SyscallFilter::attach_to_spawner`] sets it,
/// in the spawner, between runs).
static SPAWNER_FILTERED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn program(instructions: Vec<bpf::Instruction>) -> BpfProgram {
    instructions
        .into_iter()
        .map(|instruction| seccompiler::sock_filter {
            code: instruction.code,
            jt: instruction.jt,
            jf: instruction.jf,
            k: instruction.k,
        })
        .collect()
}

impl SyscallFilter {
    /// The filters of `policy`, cut for the spawner's `spawner_calls`.
    fn of(policy: &bpf::Policy, spawner_calls: &[u32]) -> SyscallFilter {
        let (spawner, run) = policy.split(spawner_calls);
        SyscallFilter {
            whole: program(bpf::compile(policy)),
            spawner: program(bpf::compile(&spawner)),
            run: program(bpf::compile(&run)),
        }
    }

    /// The lengths, in BPF instructions, of the whole program and of the part a child
    /// adds to the spawner's.
    pub fn instructions(&self) -> (usize, usize) {
        (self.whole.len(), self.run.len())
    }
}

impl std::fmt::Debug for SyscallFilter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "SyscallFilter {{ {} instructions, {} for the spawner, {} per run }}",
            self.whole.len(),
            self.spawner.len(),
            self.run.len()
        )
    }
}

/// The policy of `list.rs`, as [`bpf`] compiles it.
#[cfg(target_arch = "x86_64")]
pub fn policy() -> bpf::Policy {
    use bpf::{Answer, Condition};
    let mut answers: std::collections::BTreeMap<u32, Answer> = list::ALLOWED
        .iter()
        .flat_map(|group| group.iter())
        .map(|&(_, number)| (call_number(number), Answer::Allow))
        .collect();
    for &(_, number) in list::FALL_BACK {
        answers.insert(call_number(number), Answer::Errno(libc::ENOSYS as u32));
    }
    let on_first = |mask: u64, value: u64, wide: bool| Condition {
        argument: 0,
        mask,
        value,
        wide,
    };
    let mut conditional = std::collections::BTreeMap::new();
    conditional.insert(
        call_number(list::CLONE.1),
        vec![vec![on_first(list::CLONE_NAMESPACE_FLAGS, 0, true)]],
    );
    // pid_t, the personality and socketpair's arguments are 32-bit: the kernel reads
    // only the low half.
    conditional.insert(
        call_number(list::PRLIMIT.1),
        vec![vec![on_first(0xffff_ffff, 0, false)]],
    );
    // mmap's flags are an int too.
    conditional.insert(
        call_number(list::MMAP.1),
        vec![vec![Condition {
            argument: 3,
            mask: list::MAP_HUGETLB,
            value: 0,
            wide: false,
        }]],
    );
    conditional.insert(
        call_number(list::PERSONALITY.1),
        list::PERSONALITY_VALUES
            .iter()
            .map(|&value| vec![on_first(0xffff_ffff, value.into(), false)])
            .collect(),
    );
    conditional.insert(
        call_number(list::SOCKETPAIR.1),
        list::SOCKETPAIR_TYPES
            .iter()
            .map(|&kind| {
                vec![
                    on_first(0xffff_ffff, libc::AF_UNIX as u64, false),
                    Condition {
                        argument: 1,
                        mask: list::SOCKET_TYPE_MASK,
                        value: kind as u64,
                        wide: false,
                    },
                ]
            })
            .collect(),
    );
    bpf::Policy {
        arch: AUDIT_ARCH_X86_64,
        foreign_from: X32_SYSCALL_BIT,
        answers,
        conditional,
        unlisted: Answer::Errno(libc::EPERM as u32),
        otherwise: libc::EPERM as u32,
    }
}

/// The numbers of the calls the spawner makes between runs that a program may not
/// (`list::SPAWNER`).
#[cfg(target_arch = "x86_64")]
pub fn spawner_calls() -> Vec<u32> {
    list::SPAWNER
        .iter()
        .map(|&(_, number)| call_number(number))
        .collect()
}

/// `AUDIT_ARCH_X86_64`: the architecture the list is written for.
#[cfg(target_arch = "x86_64")]
const AUDIT_ARCH_X86_64: u32 = 0xc000_003e;

/// x32's call numbers have this bit set: another ABI, refused whole.
#[cfg(target_arch = "x86_64")]
const X32_SYSCALL_BIT: u32 = 0x4000_0000;

#[cfg(target_arch = "x86_64")]
fn call_number(number: i64) -> u32 {
    u32::try_from(number).unwrap_or(u32::MAX)
}

/// Compiles the filter for this architecture.
///
/// # Errors
/// The architecture has no list (only x86_64 has one).
#[cfg(target_arch = "x86_64")]
fn filter() -> Result<SyscallFilter> {
    Ok(SyscallFilter::of(&policy(), &spawner_calls()))
}

/// Compiles the filters for this architecture.
///
/// # Errors
/// Always: the allowlist is written for x86_64's call numbers, and an untested list
/// would refuse honest programs or allow what it must not.
#[cfg(not(target_arch = "x86_64"))]
fn filter() -> Result<SyscallFilter> {
    anyhow::bail!(
        "the syscall allowlist exists for x86_64 only, not {}",
        std::env::consts::ARCH
    )
}

impl SyscallFilter {
    /// The syscall layer's filter for this architecture, compiled: once per spawner, to
    /// be attached in each child.
    ///
    /// # Errors
    /// The architecture has no list (only x86_64 has one).
    pub fn compile() -> Result<SyscallFilter> {
        filter()
    }

    /// Attaches the spawner's filter to the calling process, the spawner, once its setup
    /// is done: from then on it may make only the calls its programs may, and the few of
    /// its own (`list::SPAWNER`). Its children attach only the run's filter after it.
    /// Where the kernel refuses, the children attach the whole filter, as if this was
    /// never called.
    ///
    /// The spawner must be single-threaded (a filter holds for the thread that attaches
    /// it and the processes it starts after).
    ///
    /// # Errors
    /// The kernel refuses the filter.
    pub fn attach_to_spawner(&self) -> Result<()> {
        // Attaching sets `no_new_privs` first, which the spawner (it executes nothing
        // itself) can take on.
        seccompiler::apply_filter(&self.spawner)
            .context("applying the spawner's seccomp filter")?;
        SPAWNER_FILTERED.store(true, std::sync::atomic::Ordering::Relaxed);
        Ok(())
    }

    /// Attaches what a program runs under to the calling process (the child, after
    /// `no_new_privs`): the run's filter over the spawner's, which it inherited, or, in a
    /// process without the spawner's, the whole filter.
    ///
    /// # Errors
    /// The kernel refuses the filter.
    pub fn attach(&self) -> Result<()> {
        let program = if SPAWNER_FILTERED.load(std::sync::atomic::Ordering::Relaxed) {
            &self.run
        } else {
            &self.whole
        };
        seccompiler::apply_filter(program).context("applying the seccomp filter")
    }
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
            list::MMAP,
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

    /// Runs `probe` in a forked child once `attach` has attached filters; returns its
    /// exit code.
    fn in_filtered_child(
        filters: &SyscallFilter,
        attach: fn(&SyscallFilter) -> Result<()>,
        probe: fn() -> i32,
    ) -> i32 {
        // SAFETY: the child makes only system calls and exits with _exit.
        match unsafe { nix::unistd::fork() }.expect("fork") {
            nix::unistd::ForkResult::Child => {
                let code = if attach(filters).is_ok() {
                    probe()
                } else {
                    100
                };
                // SAFETY: ends the child without running the test harness's code.
                unsafe { libc::_exit(code) }
            }
            nix::unistd::ForkResult::Parent { child } => {
                match nix::sys::wait::waitpid(child, None).expect("waitpid") {
                    nix::sys::wait::WaitStatus::Exited(_, code) => code,
                    status => panic!("the child ended with {status:?}"),
                }
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
        let filters = SyscallFilter::compile().unwrap();
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
                // No memory file is made, of either kind, nor any AIO context.
                (
                    libc::SYS_memfd_create,
                    [c"probe".as_ptr() as u64, 0, 0, 0],
                    libc::EPERM,
                ),
                (
                    libc::SYS_memfd_create,
                    [c"probe".as_ptr() as u64, libc::MFD_HUGETLB as u64, 0, 0],
                    libc::EPERM,
                ),
                (libc::SYS_io_setup, [1, 0, 0, 0], libc::EPERM),
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
        assert_eq!(in_filtered_child(&filters, SyscallFilter::attach, probe), 0);
        // A child of a spawner holding its own filter adds the run's: the same answers.
        let split = |filters: &SyscallFilter| {
            filters.attach_to_spawner()?;
            filters.attach()
        };
        assert_eq!(in_filtered_child(&filters, split, probe), 0);
    }

    /// The spawner's own calls, which its filter lets through and a run's refuses, each
    /// with arguments the kernel refuses in its own words (`EBADF`, `EINVAL`, `EFAULT`)
    /// before it looks at the caller's capabilities (`pivot_root` looks first: left out).
    fn spawner_calls_reach_the_kernel() -> [bool; 6] {
        let bad_pointer = 1;
        [
            (libc::SYS_setns, [u64::MAX, 0, 0, 0]),
            (libc::SYS_unshare, [u64::MAX, 0, 0, 0]),
            (libc::SYS_umount2, [0, u64::MAX, 0, 0]),
            (libc::SYS_mount, [0, 0, bad_pointer, 0]),
            (libc::SYS_clone3, [0, 0, 0, 0]),
            (
                libc::SYS_memfd_create,
                [c"probe".as_ptr() as u64, 0xffff_0000, 0, 0],
            ),
        ]
        .map(|(number, args)| {
            let errno = errno_of(number, args);
            errno != libc::EPERM && errno != libc::ENOSYS
        })
    }

    #[test]
    fn the_spawner_may_make_its_own_calls_and_its_runs_may_not() {
        let filters = SyscallFilter::compile().unwrap();
        let spawner_only = |filters: &SyscallFilter| filters.attach_to_spawner();
        let all_reach = || i32::from(!spawner_calls_reach_the_kernel().iter().all(|&r| r));
        assert_eq!(in_filtered_child(&filters, spawner_only, all_reach), 0);
        let split = |filters: &SyscallFilter| {
            filters.attach_to_spawner()?;
            filters.attach()
        };
        let none_reach = || i32::from(spawner_calls_reach_the_kernel().iter().any(|&r| r));
        assert_eq!(in_filtered_child(&filters, split, none_reach), 0);
    }
}

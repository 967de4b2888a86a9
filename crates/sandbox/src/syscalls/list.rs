//! The lists behind the syscall layer, for x86_64: the calls a judged program or a
//! compiler may make, the few allowed only with certain arguments, the two families
//! answered `ENOSYS`, and, for the record and the tests, the calls refused on purpose
//! with the reason for each group.
//!
//! The base is Docker's default profile (moby's `profiles/seccomp/default.json`) as a
//! process without capabilities sees it, narrowed to what a program that reads its input
//! and writes its answer needs. Checked against `strace -f` of gcc, g++ (cc1plus, as,
//! collect2, ld), rustc (and the linker it starts), javac, java, node and python3 running
//! the archive's honest solutions.

/// One system call: its name (for messages and tests) and its number on this architecture.
pub type Call = (&'static str, i64);

/// The numbers, from `libc`, plus the calls newer than the `libc` release in use (from
/// 424 on, every architecture shares one numbering).
#[allow(non_upper_case_globals)]
mod numbers {
    pub use libc::*;
    pub const SYS_cachestat: i64 = 451;
    pub const SYS_map_shadow_stack: i64 = 453;
    pub const SYS_futex_wake: i64 = 454;
    pub const SYS_futex_wait: i64 = 455;
    pub const SYS_futex_requeue: i64 = 456;
    pub const SYS_statmount: i64 = 457;
    pub const SYS_listmount: i64 = 458;
    pub const SYS_lsm_get_self_attr: i64 = 459;
    pub const SYS_lsm_set_self_attr: i64 = 460;
    pub const SYS_lsm_list_modules: i64 = 461;
    pub const SYS_setxattrat: i64 = 463;
    pub const SYS_getxattrat: i64 = 464;
    pub const SYS_listxattrat: i64 = 465;
    pub const SYS_removexattrat: i64 = 466;
    pub const SYS_open_tree_attr: i64 = 467;
    // x86_64's own numbers: the return probe trampoline the kernel itself plants, and
    // the asynchronous I/O wait with a signal mask.
    pub const SYS_uretprobe: i64 = 335;
    pub const SYS_io_pgetevents: i64 = 333;
}

macro_rules! calls {
    ($($name:ident),* $(,)?) => {
        &[$((stringify!($name), numbers::$name as i64)),*]
    };
}

/// Reading and writing descriptors and files, and the file system's metadata. Where a
/// program may read or write is the files layer's business (Landlock), not this one's.
#[rustfmt::skip]
pub const FILES: &[Call] = calls![
    SYS_read, SYS_write, SYS_readv, SYS_writev, SYS_pread64, SYS_pwrite64, SYS_preadv,
    SYS_pwritev, SYS_preadv2, SYS_pwritev2, SYS_open, SYS_openat, SYS_openat2, SYS_creat,
    SYS_close, SYS_close_range, SYS_dup, SYS_dup2, SYS_dup3, SYS_lseek, SYS_fcntl,
    SYS_flock, SYS_ioctl, SYS_pipe, SYS_pipe2, SYS_stat, SYS_fstat, SYS_lstat,
    SYS_newfstatat, SYS_statx, SYS_statfs, SYS_fstatfs, SYS_access, SYS_faccessat,
    SYS_faccessat2, SYS_getdents, SYS_getdents64, SYS_getcwd, SYS_chdir, SYS_fchdir,
    SYS_mkdir, SYS_mkdirat, SYS_rmdir, SYS_rename, SYS_renameat, SYS_renameat2, SYS_link,
    SYS_linkat, SYS_unlink, SYS_unlinkat, SYS_symlink, SYS_symlinkat, SYS_readlink,
    SYS_readlinkat, SYS_chmod, SYS_fchmod, SYS_fchmodat, SYS_fchmodat2, SYS_chown,
    SYS_fchown, SYS_fchownat, SYS_lchown, SYS_umask, SYS_truncate, SYS_ftruncate,
    SYS_fallocate, SYS_fadvise64, SYS_readahead, SYS_fsync, SYS_fdatasync, SYS_sync,
    SYS_syncfs, SYS_sync_file_range, SYS_utime, SYS_utimes, SYS_utimensat, SYS_futimesat,
    SYS_mknod, SYS_mknodat, SYS_copy_file_range, SYS_sendfile, SYS_splice, SYS_tee,
    SYS_vmsplice, SYS_cachestat, SYS_getxattr, SYS_lgetxattr, SYS_fgetxattr, SYS_getxattrat,
    SYS_listxattr, SYS_llistxattr, SYS_flistxattr, SYS_listxattrat, SYS_setxattr,
    SYS_lsetxattr, SYS_fsetxattr, SYS_setxattrat, SYS_removexattr, SYS_lremovexattr,
    SYS_fremovexattr, SYS_removexattrat, SYS_inotify_init, SYS_inotify_init1,
    SYS_inotify_add_watch, SYS_inotify_rm_watch,
];

/// Memory: the allocator, the loader, the JVM's and V8's code heaps (mprotect, madvise,
/// membarrier, memory keys), secret memory (locked: `RLIMIT_MEMLOCK` caps it). The
/// cgroup caps it. `mmap` is in [`MMAP`]; `memfd_create` is refused.
#[rustfmt::skip]
pub const MEMORY: &[Call] = calls![
    SYS_brk, SYS_munmap, SYS_mremap, SYS_mprotect, SYS_madvise, SYS_mincore,
    SYS_msync, SYS_mlock, SYS_mlock2, SYS_munlock, SYS_mlockall, SYS_munlockall,
    SYS_remap_file_pages, SYS_membarrier, SYS_memfd_secret,
    SYS_pkey_alloc, SYS_pkey_free, SYS_pkey_mprotect, SYS_mseal, SYS_map_shadow_stack,
];

/// Waiting, timers and events: threads' futexes, libuv's and the JVM's event loops,
/// sleeping. POSIX timers each hold a queued signal, so `RLIMIT_SIGPENDING` caps them.
#[rustfmt::skip]
pub const WAITING: &[Call] = calls![
    SYS_futex, SYS_futex_waitv, SYS_futex_wake, SYS_futex_wait, SYS_futex_requeue,
    SYS_set_robust_list, SYS_get_robust_list, SYS_poll, SYS_ppoll, SYS_select, SYS_pselect6,
    SYS_epoll_create, SYS_epoll_create1, SYS_epoll_ctl, SYS_epoll_wait, SYS_epoll_pwait,
    SYS_epoll_pwait2, SYS_epoll_ctl_old, SYS_epoll_wait_old, SYS_eventfd, SYS_eventfd2,
    SYS_signalfd, SYS_signalfd4, SYS_timerfd_create, SYS_timerfd_settime,
    SYS_timerfd_gettime, SYS_nanosleep, SYS_clock_nanosleep, SYS_pause, SYS_alarm,
    SYS_getitimer, SYS_setitimer, SYS_timer_create, SYS_timer_settime, SYS_timer_gettime,
    SYS_timer_getoverrun, SYS_timer_delete,
];

/// Reading the clocks. Setting them (settimeofday, clock_settime, adjtimex,
/// clock_adjtime) is refused: see [`REFUSED`].
#[rustfmt::skip]
pub const CLOCKS: &[Call] = calls![
    SYS_clock_gettime, SYS_clock_getres, SYS_gettimeofday, SYS_time, SYS_times,
];

/// Processes, threads and signals: forking (the compilers start their passes; `clone`
/// itself is in [`CLONE`], with its flags checked), executing, waiting, signalling (the
/// processes layer keeps the signals inside the run), the thread's own setup (TLS,
/// robust futexes, restartable sequences, the JVM's prctl names), scheduling and
/// affinity (the JVM and node size their pools from `sched_getaffinity`), identity
/// (the capabilities are gone, so the set* calls can only lower what is left), resource
/// usage, randomness, and seccomp and Landlock, which only ever narrow what is allowed.
#[rustfmt::skip]
pub const PROCESSES: &[Call] = calls![
    SYS_fork, SYS_vfork, SYS_execve, SYS_execveat, SYS_exit, SYS_exit_group, SYS_wait4,
    SYS_waitid, SYS_kill, SYS_tkill, SYS_tgkill, SYS_rt_sigqueueinfo, SYS_rt_tgsigqueueinfo,
    SYS_pidfd_open, SYS_pidfd_send_signal, SYS_process_mrelease, SYS_rt_sigaction,
    SYS_rt_sigprocmask, SYS_rt_sigreturn, SYS_rt_sigpending, SYS_rt_sigsuspend,
    SYS_rt_sigtimedwait, SYS_sigaltstack, SYS_restart_syscall, SYS_getpid, SYS_getppid,
    SYS_gettid, SYS_getpgid, SYS_setpgid, SYS_getpgrp, SYS_getsid, SYS_setsid,
    SYS_set_tid_address, SYS_arch_prctl, SYS_prctl, SYS_rseq, SYS_modify_ldt,
    SYS_get_thread_area, SYS_set_thread_area, SYS_uretprobe, SYS_sched_yield,
    SYS_sched_getaffinity, SYS_sched_setaffinity, SYS_sched_getparam, SYS_sched_setparam,
    SYS_sched_getscheduler, SYS_sched_setscheduler, SYS_sched_get_priority_max,
    SYS_sched_get_priority_min, SYS_sched_rr_get_interval, SYS_sched_getattr,
    SYS_sched_setattr, SYS_getpriority, SYS_setpriority, SYS_ioprio_get, SYS_ioprio_set,
    SYS_getcpu, SYS_getuid, SYS_geteuid, SYS_getgid, SYS_getegid, SYS_getresuid,
    SYS_getresgid, SYS_getgroups, SYS_setuid, SYS_setgid, SYS_setreuid, SYS_setregid,
    SYS_setresuid, SYS_setresgid, SYS_setgroups, SYS_setfsuid, SYS_setfsgid, SYS_capget,
    SYS_capset, SYS_getrlimit, SYS_setrlimit, SYS_getrusage, SYS_uname, SYS_sysinfo,
    SYS_getrandom, SYS_seccomp, SYS_landlock_create_ruleset, SYS_landlock_add_rule,
    SYS_landlock_restrict_self,
];

/// Sockets, as far as a program needs them without a network: questions runtimes ask of
/// their standard streams (javac asks `getsockname(0)` whether stdin is a socket), and
/// plain data through the socket pairs allowed (see [`SOCKETPAIR`]). Without
/// `socket` no descriptor here reaches anything outside the run; `sendmsg`/`recvmsg`,
/// which would pass descriptors (SCM_RIGHTS), stay refused.
#[rustfmt::skip]
pub const SOCKET_PAIR_IO: &[Call] = calls![
    SYS_getsockname, SYS_getpeername, SYS_getsockopt, SYS_sendto, SYS_recvfrom,
];

/// Every call allowed whatever its arguments.
pub const ALLOWED: &[&[Call]] = &[FILES, MEMORY, WAITING, CLOCKS, PROCESSES, SOCKET_PAIR_IO];

/// `clone`, allowed only without a namespace flag: threads and forks, never a new user,
/// network, mount, PID, IPC, UTS or cgroup namespace (from a new user namespace a
/// program would hold every capability over its own mounts and network).
pub const CLONE: Call = ("SYS_clone", libc::SYS_clone);

/// The namespace flags of `clone`'s first argument, refused (Docker's mask; `CLONE_NEWTIME`
/// shares its bit with the exit signal in `clone` and exists only for `unshare`/`clone3`).
pub const CLONE_NAMESPACE_FLAGS: u64 = (libc::CLONE_NEWNS
    | libc::CLONE_NEWCGROUP
    | libc::CLONE_NEWUTS
    | libc::CLONE_NEWIPC
    | libc::CLONE_NEWUSER
    | libc::CLONE_NEWPID
    | libc::CLONE_NEWNET) as u64;

/// `prlimit64`, allowed only on the caller itself (pid 0, which is what glibc's
/// getrlimit and setrlimit pass): on another process of the same user it could lower
/// the spawner's limits (pid 1 in the box) and break every later run.
pub const PRLIMIT: Call = ("SYS_prlimit64", libc::SYS_prlimit64);

/// `socketpair`, allowed only for a pair of UNIX stream or sequenced-packet sockets,
/// which honest runtimes make without a network: Rust's `std::process::Command` reports
/// a failed `exec` to its parent through a sequenced-packet pair (rustc starting its
/// linker, a Rust solution starting anything), and Java's NIO makes a stream pair once
/// to close file channels safely (javac, and any Java program reading a file through
/// `java.nio`). Datagram pairs and every other domain, which nothing honest here makes,
/// stay refused. The first argument is the domain; the second the type, whose low four
/// bits are the kind (the rest are SOCK_CLOEXEC and SOCK_NONBLOCK).
pub const SOCKETPAIR: Call = ("SYS_socketpair", libc::SYS_socketpair);
pub const SOCKETPAIR_TYPES: &[i32] = &[libc::SOCK_STREAM, libc::SOCK_SEQPACKET];
pub const SOCKET_TYPE_MASK: u64 = 0xf;

/// `mmap`, allowed only without its huge-page flag (`MAP_HUGETLB`, the fourth argument's
/// bit): huge pages come from the machine's one reserved pool (`vm.nr_hugepages`), which
/// no memory cgroup counts by default, so a run could take every page a database
/// reserved. Transparent huge pages (`madvise`) are ordinary memory and stay allowed.
pub const MMAP: Call = ("SYS_mmap", libc::SYS_mmap);
pub const MAP_HUGETLB: u64 = libc::MAP_HUGETLB as u64;

/// `personality`, allowed only with the values Docker allows: the query (0xffffffff),
/// PER_LINUX, PER_LINUX32 and UNAME26 with either. Not READ_IMPLIES_EXEC (every readable
/// mapping executable) nor ADDR_NO_RANDOMIZE (no ASLR for what it executes next).
pub const PERSONALITY: Call = ("SYS_personality", libc::SYS_personality);
pub const PERSONALITY_VALUES: &[u32] = &[0, 0x0008, 0x0002_0000, 0x0002_0008, 0xffff_ffff];

/// Answered `ENOSYS`, as a kernel without them would, because that is the answer their
/// callers handle by falling back: glibc's `pthread_create` and `posix_spawn` retry with
/// `clone` (whose flags seccomp can check; `clone3` passes them in memory, out of a
/// filter's reach), and libuv (node) goes back to its thread pool and epoll without
/// io_uring. io_uring is refused because its operations bypass this filter: a ring
/// opens files and, with IORING_OP_SOCKET, creates sockets, none of them a system call.
#[rustfmt::skip]
pub const FALL_BACK: &[Call] = calls![
    SYS_clone3, SYS_io_uring_setup, SYS_io_uring_enter, SYS_io_uring_register,
];

/// Calls the spawner makes between runs that a program may not: each run's box mounted
/// and the place unmounted, the program's mount namespace made from the root's
/// (`unshare`, `pivot_root`) and joined, the run's child started straight into its cgroup
/// (`clone3`), the input sealed in a memory file. The spawner's own filter allows them
/// too; the filter each child adds before `exec` refuses them again (see [`super`]).
/// Found by `strace -f` of the spawners of the sandbox's whole suite, as root and as
/// nobody. Any other call the spawner made would be refused (`EPERM`) and fail a run,
/// which the suites and `cargo xtask verify` (solutions in every language, on every kind
/// of machine CI boots) would show.
#[rustfmt::skip]
pub const SPAWNER: &[Call] = calls![
    SYS_mount, SYS_umount2, SYS_unshare, SYS_pivot_root, SYS_setns, SYS_clone3,
    SYS_memfd_create,
];

/// Calls refused on purpose (answered `EPERM` like every call not allowed), by reason.
/// The filter needs no list of them, being an allowlist; the tests check that none of
/// these slipped into [`ALLOWED`].
#[rustfmt::skip]
#[cfg_attr(not(test), expect(dead_code, reason = "a list for the reader, checked by the tests"))]
pub const REFUSED: &[&[Call]] = &[
    // Sockets: the network layer's second wall, and the only one for UNIX sockets on
    // the file system. Without a socket the rest of the API has nothing to act on;
    // passing descriptors (sendmsg with SCM_RIGHTS) is kernel surface, the UNIX
    // garbage collector's, with a record of exploitable bugs, that no answer needs.
    calls![
        SYS_socket, SYS_connect, SYS_bind, SYS_listen, SYS_accept, SYS_accept4,
        SYS_sendmsg, SYS_recvmsg, SYS_sendmmsg, SYS_recvmmsg, SYS_shutdown,
        SYS_setsockopt,
    ],
    // Namespaces: a new user namespace hands the program every capability inside it.
    calls![SYS_unshare, SYS_setns],
    // Mounts, old and new API: the box's view of the file system is fixed.
    calls![
        SYS_mount, SYS_umount2, SYS_pivot_root, SYS_chroot, SYS_fsopen, SYS_fsconfig,
        SYS_fsmount, SYS_fspick, SYS_move_mount, SYS_open_tree, SYS_open_tree_attr,
        SYS_mount_setattr, SYS_statmount, SYS_listmount, SYS_quotactl, SYS_quotactl_fd,
    ],
    // Other processes: tracing, reading or writing their memory, comparing or stealing
    // their descriptors, advising their memory.
    calls![
        SYS_ptrace, SYS_process_vm_readv, SYS_process_vm_writev, SYS_kcmp, SYS_pidfd_getfd,
        SYS_process_madvise,
    ],
    // Kernel services with a long record of exploitable bugs and no use in a judged
    // program: keyrings, BPF, performance counters, page-fault handling in user space.
    calls![
        SYS_add_key, SYS_request_key, SYS_keyctl, SYS_bpf, SYS_perf_event_open,
        SYS_userfaultfd,
    ],
    // Linux's old asynchronous I/O: every context reserves events from one pool for the
    // whole machine (`fs.aio-max-nr`, 65,536 by default), counted in no namespace or
    // cgroup; one run could take it all, and the host's own io_setup would fail. Nothing
    // honest here uses it (glibc's POSIX AIO is threads).
    calls![
        SYS_io_setup, SYS_io_destroy, SYS_io_submit, SYS_io_cancel, SYS_io_getevents,
        SYS_io_pgetevents,
    ],
    // Memory files: pages that no process maps are in no process's resident size, so
    // where no cgroup can be had the sampled accounting would not see them (a run held
    // 600 MiB in memory files under a 256 MB limit). No compiler or runtime here makes
    // one (`strace -f` of gcc, g++, rustc, javac, java, python3 and node), and a huge-page
    // one would draw on the machine's reserved pool.
    calls![SYS_memfd_create],
    // System V IPC and POSIX message queues: objects that outlive the run, shared with
    // whatever else runs in the same IPC namespace.
    calls![
        SYS_shmget, SYS_shmat, SYS_shmctl, SYS_shmdt, SYS_semget, SYS_semop, SYS_semctl,
        SYS_semtimedop, SYS_msgget, SYS_msgsnd, SYS_msgrcv, SYS_msgctl, SYS_mq_open,
        SYS_mq_unlink, SYS_mq_timedsend, SYS_mq_timedreceive, SYS_mq_notify,
        SYS_mq_getsetattr,
    ],
    // The machine's administration: modules, kexec, reboot, swap, clocks, port I/O,
    // accounting, the kernel log, NUMA policy and page migration, host and domain
    // names, file handles (open_by_handle_at walks around path checks), the terminal,
    // watching the file system (fanotify), LSM attributes, long-gone legacy calls.
    calls![
        SYS_init_module, SYS_finit_module, SYS_delete_module, SYS_kexec_load,
        SYS_kexec_file_load, SYS_reboot, SYS_swapon, SYS_swapoff, SYS_settimeofday,
        SYS_clock_settime, SYS_clock_adjtime, SYS_adjtimex, SYS_iopl, SYS_ioperm, SYS_acct,
        SYS_syslog, SYS_lookup_dcookie, SYS_vhangup, SYS_name_to_handle_at,
        SYS_open_by_handle_at, SYS_sethostname, SYS_setdomainname, SYS_mbind,
        SYS_set_mempolicy, SYS_get_mempolicy, SYS_set_mempolicy_home_node,
        SYS_migrate_pages, SYS_move_pages, SYS_fanotify_init, SYS_fanotify_mark,
        SYS_lsm_get_self_attr, SYS_lsm_set_self_attr, SYS_lsm_list_modules, SYS_uselib,
        SYS_ustat, SYS_sysfs, SYS__sysctl,
    ],
];

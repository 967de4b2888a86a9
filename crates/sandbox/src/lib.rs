//! The sandbox: every run of a program the archive does not trust (a user's solution, the
//! compiler of a user's source) and of its own solvers happens in a box on the model of
//! isolate and bubblewrap: a private root of read-only system folders and the box, a user
//! that owns nothing, a default-deny list of system calls, a size-capped box, and nothing
//! of a run outliving it. This crate is the only code of the archive that touches
//! namespaces, mounts, cgroups, credentials or seccomp.
//!
//! The API is this root, and small: a program in ([`Resolved`]: the program, its
//! arguments, the files it may read) with its [`Input`] and [`Limits`], a [`Report`] out
//! (exit or signal, CPU and wall time, peak memory, which limit ended the run), from
//! [`run_captured`] (the output kept in memory) or [`run`] and [`run_with_files`] (the
//! output in files; files copied into and out of the box). The binary that uses the crate
//! must start the spawner's side, [`serve`], when called as `<binary> spawner`;
//! [`use_spawner`] names that binary, and [`layers()`] says which layers this machine
//! gives. The modules are private: the table below names the file of each layer.
//!
//! | layer | what it stops | how | file |
//! | --- | --- | --- | --- |
//! | files | seeing or changing the host: expected answers, the archive, the home folder, metadata of any file | a private root of read-only binds entered with `pivot_root`; Landlock on top | `root.rs`, `root_or_host.rs`, `landlock_rules.rs` |
//! | user | owning files, other users' process counts, exhausting another worker's or the host's per-user counts | a box uid per worker claimed by a lock (root), per-namespace caps (an ordinary user), no capabilities, `no_new_privs` | `identity.rs`, `namespaces.rs` |
//! | box | filling disk or memory, leaving files to the next run | a fresh size-capped tmpfs per run, unmounted whole unless the run left it exactly as made; a sealed memfd input | `root.rs`, `box_stamp.rs` |
//! | network | any socket, loopback included | a network namespace, and the syscall layer | `namespaces.rs`, `syscalls/` |
//! | processes | outliving the run, fork bombs, reaching the judge | a PID namespace whose init is the spawner (all killed after each run, itself non-dumpable); a cgroup cap; `RLIMIT_NPROC`; System V IPC closed | `namespaces.rs`, `cgroup/`, `launch/` |
//! | system calls | the kernel's interfaces no solution needs | seccomp | `syscalls/` |
//! | accounting | escaping time and memory accounting through children | a cgroup per run (v1 or v2): CPU time and peak memory of the whole tree | `cgroup/` |
//! | kernel surface | every system call a judged program has no use for: namespaces, mounts, io_uring, other processes, keys, BPF, IPC, the kernel's administration, the machine's pools (asynchronous I/O, huge pages) | a seccomp allowlist (default `EPERM`; `ENOSYS` for `clone3` and io_uring); another ABI kills | `syscalls/` |
//! | environment | leaking the caller's variables | a short fixed list | `policy.rs` |
//!
//! The runner talks to a spawner process (`client.rs`) in the protocol of `wire.rs`; the
//! spawner (`server.rs`) sets up the namespaces and the private root once and then starts
//! every program of its worker: `launch/mod.rs` prepares and starts each run (a child
//! that shares the spawner's memory until it executes), `launch/watch.rs` watches and
//! reaps it, and `launch/child.rs` is the child's steps up to `exec`, in order.
//! A layer that the machine refuses (no user namespaces, no writable cgroup) is reported
//! as missing with its reason ([`Layers`]); `--sandbox strict` refuses to run without
//! every layer.
//!
//! The crate proves itself through this API (`cargo test -p sandbox`; a few internals the
//! tests look at are re-exported, hidden, in `for_tests`): the
//! integration tests of `tests/suite/` (attacks on each layer, the files layer as root
//! and as `nobody`, the syscall layer, the accounting probes, the layers this machine
//! gives) run the hostile programs of `tests/hostile/` through the binary
//! `sandbox-spawner`, which exists for them.

mod box_stamp;
mod cgroup;
mod client;
mod identity;
mod landlock_rules;
mod launch;
mod layers;
mod namespaces;
mod policy;
mod private_folder;
mod root;
mod root_or_host;
mod sampled;
mod server;
mod streams;
mod syscalls;
mod wire;

pub use client::{
    Captured, Io, Scratch, Worker, layers, on_interrupt, run, run_captured, run_with_files,
    use_spawner,
};
pub use layers::{Layer, Layers, Strictness, expected_here};
pub use policy::{Resolved, SYSTEM_READABLE};
pub use private_folder::exposed;
pub use server::{LEAVABLE, serve};
pub use syscalls::SyscallFilter;
pub use wire::{Input, Limits, Outputs, Report, Request};

/// What the crate's own integration tests check beneath the API: the spawner's protocol
/// spoken by hand, the box uids' claims, the caps set in a user namespace and on signals,
/// the cgroup's placement, and the syscall filter's program against its policy. Not for
/// use outside the crate's tests.
#[doc(hidden)]
pub mod for_tests {
    pub use crate::identity::{BOX_UID_BASE, BOX_UIDS, CLAIMS, Claim};
    pub use crate::launch::PENDING_SIGNALS;
    pub use crate::namespaces::USER_COUNT_CAPS;
    pub use crate::syscalls::bpf;
    #[cfg(target_arch = "x86_64")]
    pub use crate::syscalls::{policy, spawner_calls};
    pub use crate::wire::{Hello, Reply};

    /// The cgroup layer's placement, as the tests look at it.
    pub mod cgroup {
        pub use crate::cgroup::systemd::booted;
        pub use crate::cgroup::{CONTROLLERS, MOUNT, delegation, handover, unified};
    }
}

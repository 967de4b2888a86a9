//! The sandbox: every run of a program the archive does not trust (a user's solution, the
//! compiler of a user's source) and of its own solvers happens in a box on the model of
//! isolate and bubblewrap: a private root of read-only system folders and the box, a user
//! that owns nothing, a default-deny list of system calls, a size-capped box, and nothing
//! of a run outliving it. This crate is the only code of the archive that touches
//! namespaces, mounts, cgroups, credentials or seccomp.
//!
//! The API is small: a program in ([`policy::Resolved`]: the program, its arguments, the
//! files it may read) with its [`Input`] and [`Limits`], a [`Report`] out (exit or
//! signal, CPU and wall time, peak memory, which limit ended the run), from
//! [`client::run_captured`] (the output kept in memory) or [`client::run`] and
//! [`client::run_with_files`] (the output in files; files copied into and out of the
//! box). The binary that uses the crate must start the spawner's side, [`server::serve`],
//! when called as `<binary> spawner`; [`client::use_spawner`] names that binary, and
//! [`client::layers`] says which layers this machine gives.
//!
//! | layer | what it stops | how | file |
//! | --- | --- | --- | --- |
//! | files | seeing or changing the host: expected answers, the archive, the home folder, metadata of any file | a private root of read-only binds entered with `pivot_root`; Landlock on top | [`root`], [`root_or_host`], [`landlock_rules`] |
//! | user | owning files, other users' process counts, exhausting another worker's or the host's per-user counts | a box uid per worker claimed by a lock (root), per-namespace caps (an ordinary user), no capabilities, `no_new_privs` | [`identity`], [`namespaces`] |
//! | box | filling disk or memory, leaving files to the next run | a fresh size-capped tmpfs per run, unmounted whole; a sealed memfd input | [`root`] |
//! | network | any socket, loopback included | a network namespace, and the syscall layer | [`namespaces`], [`syscalls`] |
//! | processes | outliving the run, fork bombs, reaching the judge | a PID namespace whose init is the spawner (all killed after each run, itself non-dumpable); a cgroup cap; `RLIMIT_NPROC`; System V IPC closed | [`namespaces`], [`cgroup`], [`launch`] |
//! | system calls | the kernel's interfaces no solution needs | seccomp | [`syscalls`] |
//! | accounting | escaping time and memory accounting through children | a cgroup per run (v1 or v2): CPU time and peak memory of the whole tree | [`cgroup`] |
//! | kernel surface | every system call a judged program has no use for: namespaces, mounts, io_uring, other processes, keys, BPF, IPC, the kernel's administration, the machine's pools (asynchronous I/O, huge pages) | a seccomp allowlist (default `EPERM`; `ENOSYS` for `clone3` and io_uring); another ABI kills | [`syscalls`] |
//! | environment | leaking the caller's variables | a short fixed list | [`policy`] |
//!
//! The runner talks to a spawner process ([`client`]), which sets up the namespaces and the
//! private root once and then starts every program of its worker ([`server`], [`launch`]).
//! A layer that the machine refuses (no user namespaces, no writable cgroup) is reported
//! as missing with its reason ([`Layers`]); `--sandbox strict` refuses to run without
//! every layer.
//!
//! The crate proves itself through this API alone (`cargo test -p sandbox`): the
//! integration tests of `tests/suite/` (attacks on each layer, the files layer as root
//! and as `nobody`, the syscall layer, the accounting probes, the layers this machine
//! gives) run the hostile programs of `tests/hostile/` through the binary
//! `sandbox-spawner`, which exists for them.

pub mod cgroup;
pub mod client;
pub mod identity;
pub mod landlock_rules;
pub mod launch;
pub mod layers;
pub mod namespaces;
pub mod policy;
pub mod private_folder;
pub mod root;
pub mod root_or_host;
pub mod sampled;
pub mod server;
pub mod streams;
pub mod syscalls;

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

pub use layers::{Layer, Layers, Strictness};

/// The limits of one run, enforced by the sandbox.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time after which everything is killed.
    pub wall_ms: u64,
    /// CPU time of the whole tree after which everything is killed.
    pub cpu_ms: u64,
    /// Memory of the whole tree: the cgroup's limit (with a little headroom, so that a
    /// peak over the budget is seen), and the stack's limit, as on Codeforces.
    pub memory_bytes: u64,
    /// Largest file the program may write, its output included.
    pub output_bytes: u64,
    /// Processes (and threads) the tree may have at once.
    pub processes: u64,
    /// Size of the box (a tmpfs): files the program writes there past it fail with
    /// `ENOSPC`; what it holds counts as the run's memory.
    pub box_bytes: u64,
}

/// One run: what to start, with what it may read, under which limits.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Request {
    pub program: PathBuf,
    pub args: Vec<String>,
    /// The program's standard input, which the spawner copies into a sealed memory file,
    /// so the program can neither change nor reach the original.
    pub stdin: Input,
    /// Where the spawner keeps the program's output, drained from pipes.
    pub outputs: Outputs,
    /// Read-only paths beyond the system's toolchain: the program, its interpreter's
    /// installation, the files its command line names. In a private root these are
    /// bound in, read-only, at the same paths; nothing else of the host is there.
    pub readable: Vec<PathBuf>,
    /// Files copied into the (otherwise empty) box before the run: the name in the box,
    /// and the host file.
    #[serde(default)]
    pub box_files: Vec<(String, PathBuf)>,
    /// A host folder the box's files are copied to after the run (a compiler's output).
    #[serde(default)]
    pub collect: Option<PathBuf>,
    pub limits: Limits,
}

/// A run's standard input.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Input {
    /// A host file (a test's input).
    File(PathBuf),
    /// Text sent with the request (a generated case): nothing is written anywhere.
    Text(String),
}

/// Where the spawner keeps what a program prints.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Outputs {
    /// Host files (a compiler's messages).
    Files { stdout: PathBuf, stderr: PathBuf },
    /// The worker's two memory files, which the runner reads after the reply and then
    /// empties: a judged run's output is never on a disk nor in `/dev/shm`, and a worker
    /// holds at most the output of the run it is judging ([`client::run_captured`]).
    Memory,
}

/// What one run measured, for the whole tree of processes where the accounting layer
/// is active.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Report {
    /// Exit code, or the signal that ended the program.
    pub code: Option<i32>,
    pub signal: Option<i32>,
    pub cpu_us: u64,
    pub wall_us: u64,
    pub peak_memory_bytes: u64,
    /// The memory limit was hit: an allocation was refused or the tree was killed for it.
    pub memory_limit_hit: bool,
    /// The wall-clock cap ran out and everything was killed.
    pub killed_at_wall_cap: bool,
    /// The tree's CPU time ran out and everything was killed.
    pub killed_at_cpu_cap: bool,
    /// The kernel reported the memory limit reached during the run, and everything was
    /// killed then: a tree stalled at its limit waits for nothing.
    pub killed_at_memory_limit: bool,
    /// The process cap refused a fork.
    pub process_limit_hit: bool,
    /// Stdout went past the output cap, and everything was killed.
    pub output_limit_hit: bool,
}

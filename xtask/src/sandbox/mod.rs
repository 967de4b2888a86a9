//! The sandbox: every run of a program the archive does not trust (a user's solution, the
//! compiler of a user's source) and of its own solvers happens in a box, built from the
//! layers Linux gives, in the spirit of isolate, DOMjudge's runguard and nsjail.
//!
//! | layer | what it stops | how | file |
//! | --- | --- | --- | --- |
//! | files | reading the expected answers, the archive, the home folder; writing outside the box | Landlock: the toolchain read-only, the box read-write, nothing else | [`files`] |
//! | network | any socket, loopback included | a network namespace, and seccomp refusing `socket` | [`namespaces`], [`syscalls`] |
//! | processes | outliving the run, fork bombs, reaching the judge | a PID namespace whose init is the spawner (all killed after each run); a cgroup cap on processes; capabilities dropped; Landlock's signal scope | [`namespaces`], [`cgroup`], [`launch`] |
//! | accounting | escaping time and memory accounting through children | a cgroup per run (v1 or v2): CPU time and peak memory of the whole tree | [`cgroup`] |
//! | kernel surface | every system call a judged program has no use for: namespaces, mounts, io_uring, other processes, keys, BPF, IPC, the kernel's administration | a seccomp allowlist (default `EPERM`; `ENOSYS` for `clone3` and io_uring); another ABI kills | [`syscalls`] |
//! | environment | leaking the caller's variables | a short fixed list | [`policy`] |
//!
//! The runner talks to a spawner process ([`client`]), which sets up the namespaces once
//! and then starts every program of its worker ([`server`], [`launch`]). A layer that
//! the machine refuses (no user namespaces, no writable cgroup) is reported as missing
//! with its reason ([`Layers`]); `--sandbox strict` refuses to run without every layer.

pub mod cgroup;
pub mod client;
pub mod files;
pub mod launch;
pub mod layers;
pub mod namespaces;
pub mod policy;
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
}

/// One run: what to start, where, with what it may read, under which limits.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Request {
    pub program: PathBuf,
    pub args: Vec<String>,
    /// The box: the program's working folder and HOME, the only place it may write.
    pub box_dir: PathBuf,
    /// Files the program's standard streams are connected to (stdin is in the box).
    pub stdin: PathBuf,
    pub stdout: PathBuf,
    pub stderr: PathBuf,
    /// Read-only paths beyond the system's toolchain: the program, its interpreter's
    /// installation, the files its command line names.
    pub readable: Vec<PathBuf>,
    pub limits: Limits,
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
    /// The process cap refused a fork.
    pub process_limit_hit: bool,
    /// Stdout went past the output cap, and everything was killed.
    pub output_limit_hit: bool,
}

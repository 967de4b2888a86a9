//! The wire protocol between the runner (the client, [`crate::run`] and its kin) and a
//! spawner ([`crate::serve`]): the spawner's first line is a [`Hello`] naming the layers
//! it gives; then each line on its stdin is a [`Request`] and each line it answers is a
//! [`Reply`], all as JSON. A run's output comes back either in files or in the worker's
//! two memory files, passed to the spawner on [`MEMORY_OUTPUT_FDS`]. Both sides import
//! these types from here, and neither imports the other.

use std::path::PathBuf;

use anyhow::Result;
use serde::{Deserialize, Serialize};

use crate::Layers;

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
    /// holds at most the output of the run it is judging ([`crate::run_captured`]).
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
    /// Which limits held the run back or stopped it: the flags the verdict reads, as they
    /// are (in the JSON, beside the fields above).
    #[serde(flatten)]
    pub stops: verdict::Stops,
}

/// The spawner's first line.
#[derive(Debug, Serialize, Deserialize)]
pub struct Hello {
    pub layers: Layers,
}

/// One reply: a report, or why the run could not happen.
#[derive(Debug, Serialize, Deserialize)]
pub enum Reply {
    Ran(Report),
    Failed(String),
}

/// Where the runner puts the worker's memory files for output (see
/// [`crate::Outputs::Memory`]): stdout's, then stderr's.
pub const MEMORY_OUTPUT_FDS: [i32; 2] = [3, 4];

/// The report of a run that the runner asked of a spawner: decoded, for the client.
pub fn decode(line: &str) -> Result<Reply> {
    Ok(serde_json::from_str(line)?)
}

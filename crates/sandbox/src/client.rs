//! The runner's side: one spawner per thread (stress runs programs side by side), and a
//! deadline on every reply, so that nothing a program does can make the runner wait
//! forever.
//!
//! Ctrl-C, `SIGTERM` and `SIGHUP` ([`on_interrupt`]) kill every spawner (and so, as init
//! of its PID namespace, everything it started), remove every scratch folder registered
//! with [`Scratch`], and exit with code 130. A runner killed outright leaves its folders;
//! the next runner sweeps them.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::os::fd::{AsFd, AsRawFd};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use nix::poll::{self, PollFd, PollFlags, PollTimeout};

use crate::Layers;
use crate::policy::Resolved;
use crate::wire::{Hello, MEMORY_OUTPUT_FDS, Reply, decode};
use crate::wire::{Input, Limits, Outputs, Report, Request};

/// The `xtask` binary started as the spawner (`<it> spawner`), once chosen.
static PROGRAM: OnceLock<PathBuf> = OnceLock::new();

/// The layers the first spawner found, for the report's header.
static LAYERS: OnceLock<Layers> = OnceLock::new();

/// Spawners alive (by pid) and scratch folders in use, for Ctrl-C.
static LIVE: Mutex<Registry> = Mutex::new(Registry {
    spawners: BTreeMap::new(),
    folders: BTreeMap::new(),
});

struct Registry {
    /// Each spawner's pid, with the descriptor of its input.
    spawners: BTreeMap<u32, i32>,
    folders: BTreeMap<PathBuf, ()>,
}

/// Starts programs through `program spawner` from now on. The first choice stands.
pub fn use_spawner(program: &Path) {
    let _ = PROGRAM.set(program.to_owned());
}

/// The layers active on this machine, asking a spawner if none was asked yet.
///
/// # Errors
/// No spawner was chosen, or it cannot be started.
pub fn layers() -> Result<Layers> {
    if let Some(layers) = LAYERS.get() {
        return Ok(layers.clone());
    }
    with_spawner(|spawner| Ok(spawner.layers.clone()))
}

/// Ctrl-C: end every spawner (their PID namespaces go with them), remove the scratch
/// folders, say so, and exit 130. Installed once by the command line.
///
/// Each spawner is first told by its input closing: it kills its run, removes its cgroups
/// and exits. One that has not within a second is killed.
pub fn on_interrupt() {
    let _ = ctrlc::set_handler(|| {
        let registry = LIVE
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        for &input in registry.spawners.values() {
            // SAFETY: the descriptor is the spawner's input, owned by its `Spawner`; the
            // process exits below without writing to it again.
            unsafe { libc::close(input) };
        }
        let deadline = std::time::Instant::now() + GRACE_ON_INTERRUPT;
        let mut waiting: Vec<nix::unistd::Pid> = registry
            .spawners
            .keys()
            .filter_map(|&pid| i32::try_from(pid).ok())
            .map(nix::unistd::Pid::from_raw)
            .collect();
        while !waiting.is_empty() && std::time::Instant::now() < deadline {
            waiting.retain(|&pid| {
                matches!(
                    nix::sys::wait::waitpid(pid, Some(nix::sys::wait::WaitPidFlag::WNOHANG)),
                    Ok(nix::sys::wait::WaitStatus::StillAlive)
                )
            });
            std::thread::sleep(Duration::from_millis(5));
        }
        for pid in waiting {
            let _ = nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGKILL);
        }
        // Give the killed namespaces a moment to go, so no program writes into a folder
        // being removed.
        std::thread::sleep(Duration::from_millis(50));
        for folder in registry.folders.keys() {
            let _ = std::fs::remove_dir_all(folder);
        }
        eprintln!("\ninterrupted: every run killed, scratch folders removed");
        std::process::exit(130);
    });
}

/// How long a spawner has, after Ctrl-C, to end its run and remove its cgroups.
const GRACE_ON_INTERRUPT: Duration = Duration::from_secs(1);

/// A temporary folder removed on drop, and by Ctrl-C, `SIGTERM` or `SIGHUP`. While it
/// lives, its owner holds a lock on the file `.owner` in it; a folder whose lock
/// nobody holds was left by a runner killed outright (`SIGKILL`, a power cut), and the
/// next runner's first scratch folder sweeps it away.
#[derive(Debug)]
pub struct Scratch {
    dir: Option<tempfile::TempDir>,
    /// Held for the folder's life; released when the process ends, however it ends.
    _owner: Option<nix::fcntl::Flock<std::fs::File>>,
}

/// The file in a scratch folder its living owner keeps locked.
pub const OWNER_LOCK: &str = ".owner";

/// The names of scratch folders a runner makes, which a later runner may sweep.
const SWEPT_PREFIX: &str = "xtask-";

/// Removes the scratch folders in `parent` that this user's runners left when killed:
/// those named `xtask-...`, owned by this user, holding an owner lock nobody holds.
/// Folders of living runners, of other users and without a lock file are left alone;
/// removing never follows a link out of the folder.
fn sweep_stale(parent: &Path) {
    use std::os::unix::fs::MetadataExt;
    let me = nix::unistd::Uid::effective().as_raw();
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let named = entry
            .file_name()
            .to_string_lossy()
            .starts_with(SWEPT_PREFIX);
        // The folder itself, not what a link there points to.
        let owned = std::fs::symlink_metadata(entry.path())
            .is_ok_and(|meta| meta.is_dir() && meta.uid() == me);
        if !named || !owned {
            continue;
        }
        let lock_path = entry.path().join(OWNER_LOCK);
        let Ok(lock_meta) = std::fs::symlink_metadata(&lock_path) else {
            continue;
        };
        if !lock_meta.is_file() || lock_meta.uid() != me {
            continue;
        }
        let Ok(file) = std::fs::File::open(&lock_path) else {
            continue;
        };
        if let Ok(lock) = nix::fcntl::Flock::lock(file, nix::fcntl::FlockArg::LockExclusiveNonblock)
        {
            let _ = std::fs::remove_dir_all(entry.path());
            drop(lock);
        }
    }
}

impl Scratch {
    /// A fresh folder named `prefix...` in `parent`.
    ///
    /// # Errors
    /// The folder cannot be made.
    pub fn new(prefix: &str, parent: Option<&Path>) -> Result<Scratch> {
        let mut builder = tempfile::Builder::new();
        builder.prefix(prefix);
        let folder = parent.map_or_else(std::env::temp_dir, Path::to_owned);
        if let Some(reason) = crate::private_folder::exposed(&folder) {
            bail!(
                "refusing to make a scratch folder in {}: {reason}; set TMPDIR to a folder \
                 only you can write",
                folder.display()
            );
        }
        let dir = builder
            .tempdir_in(&folder)
            .context("making a scratch folder")?;
        let owner = std::fs::File::create(dir.path().join(OWNER_LOCK))
            .context("making the scratch folder's owner lock")?;
        let owner = nix::fcntl::Flock::lock(owner, nix::fcntl::FlockArg::LockExclusiveNonblock)
            .map_err(|(_, errno)| anyhow::anyhow!("locking the scratch folder: {errno}"))?;
        lock().folders.insert(dir.path().to_owned(), ());
        // Once per runner, after its own folder is locked: the folders killed runners left.
        static SWEPT: std::sync::Once = std::sync::Once::new();
        let parent_folder = dir.path().parent().map(Path::to_owned);
        SWEPT.call_once(|| {
            if let Some(parent) = &parent_folder {
                sweep_stale(parent);
            }
        });
        Ok(Scratch {
            dir: Some(dir),
            _owner: Some(owner),
        })
    }

    pub fn path(&self) -> &Path {
        self.dir
            .as_ref()
            .map_or(Path::new(""), tempfile::TempDir::path)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if let Some(dir) = self.dir.take() {
            lock().folders.remove(dir.path());
            let _ = dir.close();
        }
        self._owner = None;
    }
}

fn lock() -> std::sync::MutexGuard<'static, Registry> {
    LIVE.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Where a run reads and writes: the input (copied by the spawner into a sealed memory
/// file), and the files its stdout and stderr are drained into.
#[derive(Debug, Clone)]
pub struct Io {
    pub input: PathBuf,
    pub stdout: PathBuf,
    pub stderr: PathBuf,
}

/// Runs `program` on `io.input` in a fresh, empty box.
///
/// # Errors
/// No spawner was chosen, or it fails or does not answer in time.
pub fn run(program: &Resolved, io: &Io, limits: Limits) -> Result<Report> {
    run_with_files(program, io, limits, Vec::new(), None)
}

/// Runs `program` on `io.input` in a fresh box holding copies of `box_files` (the name in
/// the box, and the host file); after the run the box's files are copied to `collect`,
/// where given (a compiler's output).
///
/// # Errors
/// As [`run`].
pub fn run_with_files(
    program: &Resolved,
    io: &Io,
    limits: Limits,
    box_files: Vec<(String, PathBuf)>,
    collect: Option<PathBuf>,
) -> Result<Report> {
    let request = Request {
        box_files,
        collect,
        ..request_of(program, io, limits)
    };
    with_spawner(|spawner| spawner.request(&request))
}

fn request_of(program: &Resolved, io: &Io, limits: Limits) -> Request {
    Request {
        outputs: Outputs::Files {
            stdout: io.stdout.clone(),
            stderr: io.stderr.clone(),
        },
        ..captured_request(program, Input::File(io.input.clone()), limits)
    }
}

fn captured_request(program: &Resolved, input: Input, limits: Limits) -> Request {
    Request {
        program: program.program.clone(),
        args: program.args.clone(),
        stdin: input,
        outputs: Outputs::Memory,
        readable: program.readable.clone(),
        box_files: Vec::new(),
        collect: None,
        limits,
    }
}

/// A run whose output the runner holds: the report, and what the program printed on
/// stdout and stderr (each up to one byte past the output cap).
#[derive(Debug)]
pub struct Captured {
    pub report: Report,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// Runs `program` on `input` in a fresh, empty box, its output kept in the worker's
/// memory files ([`Outputs::Memory`]) and read back here; the files are emptied after, so
/// a worker holds at most one run's output, and no file of a run is left anywhere.
///
/// # Errors
/// As [`run`].
pub fn run_captured(program: &Resolved, input: Input, limits: Limits) -> Result<Captured> {
    let request = captured_request(program, input, limits);
    with_spawner(|spawner| spawner.captured(&request))
}

/// The contents of a worker's memory file, which is then emptied.
fn take(file: &std::fs::File, name: &str) -> Result<Vec<u8>> {
    use std::os::unix::fs::FileExt;
    let context = || format!("reading the worker's {name} memory file");
    let len = file.metadata().with_context(context)?.len();
    let mut bytes = vec![0; usize::try_from(len).with_context(context)?];
    file.read_exact_at(&mut bytes, 0).with_context(context)?;
    file.set_len(0).with_context(context)?;
    Ok(bytes)
}

/// A spawner of its own, apart from the runner's (one per thread), with some layers left
/// out: what `cargo xtask sandbox-cost` measures with.
pub struct Worker(Spawner);

impl Worker {
    /// Starts `program spawner --without=...`.
    ///
    /// # Errors
    /// The spawner cannot be started, or does not say hello.
    pub fn start(program: &Path, without: &[&str]) -> Result<Worker> {
        Spawner::start(program, without).map(Worker)
    }

    /// The layers this worker has.
    pub fn layers(&self) -> &Layers {
        &self.0.layers
    }

    /// Runs `program` on `input` in a fresh box, its output kept in memory, as a judged
    /// run is ([`run_captured`]).
    ///
    /// # Errors
    /// As [`run`].
    pub fn run_captured(
        &mut self,
        program: &Resolved,
        input: Input,
        limits: Limits,
    ) -> Result<Captured> {
        self.0.captured(&captured_request(program, input, limits))
    }
}

/// A running spawner, with the pipes to talk to it.
struct Spawner {
    child: Child,
    /// The memory files it fills with a judged run's output.
    memory: MemoryFiles,
    /// Taken (closed) when the spawner is dropped: its end of input tells it to finish.
    requests: Option<BufWriter<ChildStdin>>,
    replies: BufReader<ChildStdout>,
    layers: Layers,
}

thread_local! {
    static SPAWNER: RefCell<Option<Spawner>> = const { RefCell::new(None) };
}

fn with_spawner<T>(task: impl FnOnce(&mut Spawner) -> Result<T>) -> Result<T> {
    SPAWNER.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            let program = PROGRAM.get().context("no spawner chosen (use_spawner)")?;
            *slot = Some(Spawner::start(program, &[])?);
        }
        let spawner = slot.as_mut().context("no spawner")?;
        let result = task(spawner);
        if result.is_err() {
            // A spawner that failed once is not trusted again.
            *slot = None;
        }
        result
    })
}

/// How long a spawner may take to start and to say which layers it has.
const HELLO_DEADLINE: Duration = Duration::from_secs(10);

/// How long past a run's wall-clock cap the spawner may take to answer.
const REPLY_GRACE: Duration = Duration::from_secs(10);

/// A worker's two memory files for output, the runner's handles on them.
struct MemoryFiles {
    stdout: std::fs::File,
    stderr: std::fs::File,
}

impl MemoryFiles {
    fn new() -> Result<MemoryFiles> {
        use nix::sys::memfd::{MFdFlags, memfd_create};
        // Close-on-exec here; the spawner gets its own copies on fixed descriptors.
        let file = |name: &std::ffi::CStr| -> Result<std::fs::File> {
            let fd = memfd_create(name, MFdFlags::MFD_CLOEXEC | MFdFlags::MFD_ALLOW_SEALING)
                .context("making a memory file for the output")?;
            Ok(fd.into())
        };
        Ok(MemoryFiles {
            stdout: file(c"xtask-stdout")?,
            stderr: file(c"xtask-stderr")?,
        })
    }

    /// Puts them on [`MEMORY_OUTPUT_FDS`] in the spawner, when it is started.
    fn hand_over(&self, command: &mut Command) {
        use std::os::unix::process::CommandExt;
        let fds = [self.stdout.as_raw_fd(), self.stderr.as_raw_fd()];
        // SAFETY: between fork and exec the closure only calls fcntl and dup2, which are
        // async-signal-safe. Each file is first copied above the targets, so that neither
        // can be overwritten by the other's move (nor be one already), then moved there by
        // dup2, which leaves the new descriptor open across the exec.
        unsafe {
            command.pre_exec(move || {
                let above = MEMORY_OUTPUT_FDS[1] + 1;
                let mut copies = [0; 2];
                for (copy, from) in copies.iter_mut().zip(fds) {
                    *copy = libc::fcntl(from, libc::F_DUPFD_CLOEXEC, above);
                    if *copy < 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                }
                for (from, to) in copies.into_iter().zip(MEMORY_OUTPUT_FDS) {
                    if libc::dup2(from, to) < 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                }
                Ok(())
            });
        }
    }
}

impl Spawner {
    fn start(program: &Path, without: &[&str]) -> Result<Spawner> {
        let memory = MemoryFiles::new()?;
        let mut command = Command::new(program);
        command.arg("spawner");
        memory.hand_over(&mut command);
        if !without.is_empty() {
            command.arg(format!("--without={}", without.join(",")));
        }
        let mut child = command
            // Where the spawner makes its run groups, made ready once for all spawners.
            .envs([crate::cgroup::handover()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .with_context(|| format!("starting the spawner {}", program.display()))?;
        let input = child.stdin.take().context("spawner without stdin")?;
        lock().spawners.insert(child.id(), input.as_raw_fd());
        let requests = Some(BufWriter::new(input));
        let replies = BufReader::new(child.stdout.take().context("spawner without stdout")?);
        let mut spawner = Spawner {
            child,
            memory,
            requests,
            replies,
            layers: Layers {
                files: crate::Layer::Missing(String::new()),
                network: crate::Layer::Missing(String::new()),
                processes: crate::Layer::Missing(String::new()),
                accounting: crate::Layer::Missing(String::new()),
                environment: crate::Layer::Missing(String::new()),
                notes: Vec::new(),
            },
        };
        let line = spawner.read_line(HELLO_DEADLINE)?;
        let hello: Hello = serde_json::from_str(&line)
            .with_context(|| format!("the spawner said {line:?} instead of hello"))?;
        let _ = LAYERS.set(hello.layers.clone());
        spawner.layers = hello.layers;
        Ok(spawner)
    }

    /// Runs a request whose output goes to the memory files, and takes that output.
    fn captured(&mut self, request: &Request) -> Result<Captured> {
        let report = self.request(request)?;
        let stdout = take(&self.memory.stdout, "stdout")?;
        let stderr = take(&self.memory.stderr, "stderr")?;
        Ok(Captured {
            report,
            stdout,
            stderr,
        })
    }

    fn request(&mut self, request: &Request) -> Result<Report> {
        let line = serde_json::to_string(request)?;
        let requests = self
            .requests
            .as_mut()
            .context("the spawner's input is closed")?;
        writeln!(requests, "{line}")?;
        requests.flush().context("writing to the spawner")?;
        let deadline = Duration::from_millis(request.limits.wall_ms) + REPLY_GRACE;
        let line = self.read_line(deadline)?;
        match decode(&line).with_context(|| format!("the spawner answered {line:?}"))? {
            Reply::Ran(report) => Ok(report),
            Reply::Failed(error) => bail!("{error}"),
        }
    }

    /// One line from the spawner, waiting at most `deadline`.
    fn read_line(&mut self, deadline: Duration) -> Result<String> {
        if self.replies.buffer().is_empty() {
            let mut poll = [PollFd::new(
                self.replies.get_ref().as_fd(),
                PollFlags::POLLIN,
            )];
            let timeout = PollTimeout::try_from(deadline).unwrap_or(PollTimeout::MAX);
            if poll::poll(&mut poll, timeout) == Ok(0) {
                bail!(
                    "the spawner did not answer within {} s; it was stopped",
                    deadline.as_secs()
                );
            }
        }
        let mut line = String::new();
        self.replies
            .read_line(&mut line)
            .context("reading the spawner's answer")?;
        if line.is_empty() {
            bail!("the spawner ended without answering");
        }
        Ok(line)
    }
}

impl Drop for Spawner {
    fn drop(&mut self) {
        lock().spawners.remove(&self.child.id());
        // Closing its input ends the spawner: it finishes any run (removing the run's
        // cgroup) and exits. One that does not within a second is killed, and with it,
        // as init of its PID namespace, everything it started.
        drop(self.requests.take());
        let deadline = std::time::Instant::now() + Duration::from_secs(1);
        while matches!(self.child.try_wait(), Ok(None)) && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(2));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

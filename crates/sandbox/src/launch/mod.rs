//! One run in the box, the parent's side: the spawner prepares the place (the request's
//! files bound into its private root, a fresh box, the sealed input, the output's pipes),
//! forks the child (straight into its cgroup where the kernel can), and hands it to
//! [`watch`], which waits under the caps, kills and reaps what the program left, and
//! reads the accounting. What the child does from the fork to `exec` is [`child`], a
//! plain sequence of steps.

mod child;
mod watch;

use std::ffi::CString;
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::time::Instant;

use anyhow::{Context, Result, anyhow, bail};
use landlock::RulesetCreated;
use nix::fcntl::OFlag;
use nix::unistd::{ForkResult, Pid, fork};

use crate::cgroup::{Cgroup, Hierarchy};
use crate::identity::BoxUser;
use crate::policy::ENVIRONMENT;
use crate::root_or_host::Place;
use crate::sampled::Sampler;
use crate::streams::{Sink, Streams, WriteEnds};
use crate::wire::{Input, Outputs, Report, Request};
use crate::{root, syscalls};

pub use child::PENDING_SIGNALS;
pub use watch::RunnerGone;
use watch::{Accounts, watch};

/// What a spawner found it can use, once, at its start.
#[derive(Debug)]
pub struct Abilities {
    /// The spawner is init of its own PID namespace: `kill(-1)` reaches exactly the runs'
    /// leftovers, and /proc shows nothing else.
    pub pid_namespace: bool,
    pub cgroups: Option<Hierarchy>,
    pub landlock: bool,
    pub seccomp: Option<syscalls::SyscallFilter>,
    /// The spawner has capabilities (root, or root of its user namespace) to drop.
    pub drop_capabilities: bool,
    /// Who the program runs as.
    pub user: BoxUser,
    /// The spawner lives in a user namespace it made (an ordinary user's).
    pub user_namespace: bool,
    /// No cgroup, but a PID namespace: the tree's CPU time and memory are sampled
    /// ([`crate::sampled`]).
    pub sampled: bool,
}

/// Headroom over the memory budget for the cgroup's hard limit: a program slightly over
/// the budget is measured (MLE by its peak), one far over it is stopped at the limit.
fn memory_limit(budget: u64) -> u64 {
    budget + (budget / 16).max(1 << 20)
}

/// Cgroups a spawner keeps in turn (v1): a group rests during the other's run, so what a
/// run's exit left charged to it (kernel objects freed a moment later, and the per-CPU
/// charge cache, which the other group's charges drain) is gone by its next run, and the
/// group is reused instead of replaced (a replacement costs a tenth of a run).
const GROUPS_IN_TURN: usize = 2;

/// What a spawner keeps from one run to the next: its cgroups (v1) and the place its
/// programs run in (the private root and what is bound into it).
pub struct Kept {
    groups: std::collections::VecDeque<Cgroup>,
    place: Place,
    /// The Landlock ruleset, where it is the same for every run.
    ruleset: Option<RulesetCreated>,
    /// The memory files the runner gave this worker for judged runs' output.
    memory_outputs: Option<MemoryOutputs>,
}

/// The two memory files a runner hands its worker (see [`crate::Outputs::Memory`]).
pub struct MemoryOutputs {
    pub stdout: File,
    pub stderr: File,
}

impl Kept {
    pub fn new(place: Place, memory_outputs: Option<MemoryOutputs>) -> Kept {
        Kept {
            groups: std::collections::VecDeque::new(),
            place,
            ruleset: None,
            memory_outputs,
        }
    }

    /// The files layer's Landlock ruleset for `request`: built once in a private root
    /// (and copied for each run), per run over the host's paths.
    fn ruleset(&mut self, request: &Request, proc: bool) -> Result<RulesetCreated> {
        if !self.place.ruleset_is_fixed() {
            return self.place.ruleset(&request.readable, proc);
        }
        if self.ruleset.is_none() {
            self.ruleset = Some(self.place.ruleset(&request.readable, proc)?);
        }
        match &self.ruleset {
            Some(ruleset) => Ok(ruleset.try_clone()?),
            None => unreachable!("built above"),
        }
    }

    /// Removes what the spawner made (its cgroup, its last box), when it ends.
    pub fn release(&mut self) {
        for group in self.groups.drain(..) {
            group.kill_all();
            group.remove();
        }
        let _ = self.place.finish(None, 0);
    }
}

/// Runs one request in a box and measures it.
///
/// # Errors
/// The box cannot be set up (the reason names the layer), or the program cannot be
/// executed (it does not exist, or is not executable).
pub fn launch(abilities: &Abilities, kept: &mut Kept, request: &Request) -> Result<Report> {
    let group = match &abilities.cgroups {
        Some(hierarchy) => {
            let next = if kept.groups.len() < GROUPS_IN_TURN {
                None
            } else {
                kept.groups.pop_front()
            };
            let mut group = match next {
                Some(group) if group.reusable() => group,
                Some(stale) => {
                    stale.remove();
                    Cgroup::create(hierarchy, "worker")?
                }
                None => Cgroup::create(hierarchy, "worker")?,
            };
            let ready = group
                .limit(
                    memory_limit(request.limits.memory_bytes),
                    request.limits.processes,
                )
                .and_then(|()| group.start_run());
            if let Err(error) = ready {
                group.remove();
                return Err(error);
            }
            Some(group)
        }
        None => None,
    };
    let result = kept
        .place
        .prepare(
            &request.readable,
            request.limits.box_bytes,
            abilities.user,
            &request.box_files,
        )
        .and_then(|()| {
            let ruleset = if abilities.landlock {
                Some(kept.ruleset(request, abilities.pid_namespace)?)
            } else {
                None
            };
            launch_in(
                abilities,
                &kept.place,
                request,
                group.as_ref(),
                ruleset,
                kept.memory_outputs.as_ref(),
            )
        });
    if let Some(group) = group {
        group.kill_all();
        if result.is_ok() && group.may_be_reused() {
            kept.groups.push_back(group);
        } else {
            group.remove();
        }
    }
    // The box goes whatever happened; its contents first, where they are wanted.
    let finished = kept
        .place
        .finish(request.collect.as_deref(), request.limits.box_bytes);
    let report = result?;
    finished.context("after the run")?;
    Ok(report)
}

/// Everything the child needs, prepared before the fork.
struct Prepared {
    program: CString,
    argv: Vec<CString>,
    envp: Vec<CString>,
    stdin: OwnedFd,
    /// The write ends of the output pipes the spawner drains.
    output: WriteEnds,
    ruleset: Option<RulesetCreated>,
    /// The run's cgroup folder, where the child can be created straight into it (v2).
    birthplace: Option<File>,
    /// The private root's mount namespace the child joins, if any; otherwise the box it
    /// moves into.
    namespace: Option<OwnedFd>,
    box_dir: CString,
}

fn prepare(
    place: &Place,
    request: &Request,
    group: Option<&Cgroup>,
    ruleset: Option<RulesetCreated>,
    output: WriteEnds,
) -> Result<Prepared> {
    let c_string =
        |bytes: &[u8]| CString::new(bytes).map_err(|_| anyhow!("a NUL byte in {bytes:?}"));
    let program = c_string(request.program.as_os_str().as_bytes())?;
    let mut argv = vec![program.clone()];
    for arg in &request.args {
        argv.push(c_string(arg.as_bytes())?);
    }
    let box_seen = place.box_seen_by_program();
    let box_text = box_seen.as_os_str().as_bytes();
    let mut envp = Vec::new();
    for (name, value) in ENVIRONMENT {
        envp.push(c_string(format!("{name}={value}").as_bytes())?);
    }
    for name in ["HOME", "TMPDIR"] {
        envp.push(c_string(&[name.as_bytes(), b"=", box_text].concat())?);
    }
    let stdin = sealed_copy(&request.stdin)?;
    let birthplace = match group {
        Some(group) => group.birthplace()?,
        None => None,
    };
    if let (Some(group), None) = (group, &birthplace) {
        group.open_membership()?;
    }
    Ok(Prepared {
        birthplace,
        program,
        argv,
        envp,
        stdin,
        output,
        ruleset,
        namespace: place
            .namespace()?
            .map(|fd| fd.try_clone_to_owned())
            .transpose()
            .context("a handle on the root's namespace")?,
        box_dir: root::c_path(&box_seen)?,
    })
}

/// The input, copied into a memory file sealed against every change: the program reads
/// it (and may seek, map or `fstat` it), but cannot write, grow or shrink it, even
/// through `/proc/self/fd/0`, and never holds a descriptor of a host file.
fn sealed_copy(input: &Input) -> Result<OwnedFd> {
    use nix::fcntl::{FcntlArg, SealFlag, fcntl};
    use nix::sys::memfd::{MFdFlags, memfd_create};
    let memory = memfd_create(
        c"input",
        MFdFlags::MFD_CLOEXEC | MFdFlags::MFD_ALLOW_SEALING,
    )
    .context("making the input's memory file")?;
    let mut sink = File::from(memory);
    match input {
        Input::File(path) => {
            let mut source =
                File::open(path).with_context(|| format!("opening {}", path.display()))?;
            std::io::copy(&mut source, &mut sink).context("copying the input")?;
        }
        Input::Text(text) => sink
            .write_all(text.as_bytes())
            .context("writing the input")?,
    }
    let seals = SealFlag::F_SEAL_WRITE
        | SealFlag::F_SEAL_GROW
        | SealFlag::F_SEAL_SHRINK
        | SealFlag::F_SEAL_SEAL;
    fcntl(&sink, FcntlArg::F_ADD_SEALS(seals)).context("sealing the input")?;
    // A fresh descriptor, read-only and at offset 0: the writable one is dropped.
    let proc_path = format!("/proc/self/fd/{}", sink.as_raw_fd());
    let reader = File::open(&proc_path).context("reopening the input read-only")?;
    Ok(reader.into())
}

fn launch_in(
    abilities: &Abilities,
    place: &Place,
    request: &Request,
    group: Option<&Cgroup>,
    ruleset: Option<RulesetCreated>,
    memory_outputs: Option<&MemoryOutputs>,
) -> Result<Report> {
    let (stdout, stderr) = match &request.outputs {
        Outputs::Files { stdout, stderr } => (Sink::create(stdout)?, Sink::create(stderr)?),
        Outputs::Memory => {
            let files =
                memory_outputs.context("this spawner was given no memory files for the output")?;
            (
                Sink::memory(&files.stdout, "stdout")?,
                Sink::memory(&files.stderr, "stderr")?,
            )
        }
    };
    let (streams, output) = Streams::open(stdout, stderr, request.limits.output_bytes)?;
    let prepared = prepare(place, request, group, ruleset, output)?;
    let (errors_read, errors_write) = nix::unistd::pipe2(OFlag::O_CLOEXEC)?;
    // The box of a private root is a tmpfs: its pages are the run's memory.
    let sampler = abilities
        .sampled
        .then(|| Sampler::start(matches!(place, Place::Private(_)).then(|| place.box_dir())));
    let started = Instant::now();
    // SAFETY: the spawner is single-threaded, so the child may run ordinary code until it
    // executes the program; it never returns into the spawner's loop.
    let (forked, born_in_group) = unsafe { fork_child(prepared.birthplace.as_ref()) }?;
    match forked {
        ForkResult::Child => {
            drop(errors_read);
            let group = group.filter(|_| !born_in_group);
            let Err(error) = child::become_program(abilities, request, group, prepared);
            let mut pipe = File::from(errors_write);
            let _ = write!(pipe, "{error:#}");
            // SAFETY: _exit ends the child at once, running none of the spawner's code.
            unsafe { libc::_exit(127) }
        }
        ForkResult::Parent { child } => {
            drop(prepared);
            drop(errors_write);
            let mut message = String::new();
            let _ = File::from(errors_read).read_to_string(&mut message);
            if !message.is_empty() {
                let _ = nix::sys::wait::waitpid(child, None);
                bail!(
                    "the sandbox could not start {}: {message}",
                    request.program.display()
                );
            }
            let accounts = Accounts { group, sampler };
            watch(abilities, request, accounts, child, started, streams)
        }
    }
}

/// `clone3`'s arguments (Linux's `struct clone_args`, as of 5.7).
#[repr(C)]
#[derive(Default)]
struct CloneArgs {
    flags: u64,
    pidfd: u64,
    child_tid: u64,
    parent_tid: u64,
    exit_signal: u64,
    stack: u64,
    stack_size: u64,
    tls: u64,
    set_tid: u64,
    set_tid_size: u64,
    cgroup: u64,
}

/// Linux's flag for a child created in the cgroup `CloneArgs::cgroup` names (5.7 on).
const CLONE_INTO_CGROUP: u64 = 0x2_0000_0000;

/// Forks the run's child: straight into its cgroup where one is given and the kernel can
/// (`clone3` with `CLONE_INTO_CGROUP`), else a plain `fork`. Returns whether the child was
/// born in the group (and so must not join it).
///
/// # Safety
/// As `fork`: the caller is single-threaded, and the child only runs code that is safe
/// after a fork. Like `fork` without glibc's wrapper, `clone3` skips `atfork` handlers,
/// which the spawner registers none of, and leaves glibc's cached thread id stale, which
/// the child's few system calls before `exec` never consult.
unsafe fn fork_child(birthplace: Option<&File>) -> Result<(ForkResult, bool)> {
    if let Some(folder) = birthplace {
        let args = CloneArgs {
            flags: CLONE_INTO_CGROUP,
            exit_signal: libc::SIGCHLD as u64,
            cgroup: folder.as_raw_fd() as u64,
            ..CloneArgs::default()
        };
        // SAFETY: clone3 reads `args` (of the size given) and creates a process as fork
        // does (no shared memory, no new stack); see this function's contract.
        let pid = unsafe {
            libc::syscall(
                libc::SYS_clone3,
                &raw const args,
                std::mem::size_of::<CloneArgs>(),
            )
        };
        match pid {
            0 => return Ok((ForkResult::Child, true)),
            pid if pid > 0 => {
                let child = Pid::from_raw(libc::pid_t::try_from(pid)?);
                return Ok((ForkResult::Parent { child }, true));
            }
            _ => {
                let error = std::io::Error::last_os_error();
                // Kernels before 5.7 (or a seccomp profile around the runner) refuse it:
                // fork, and let the child join.
                if !matches!(
                    error.raw_os_error(),
                    Some(libc::ENOSYS | libc::E2BIG | libc::EINVAL | libc::EPERM)
                ) {
                    return Err(error).context("creating the run's process in its cgroup");
                }
            }
        }
    }
    // SAFETY: as this function's contract.
    Ok((unsafe { fork() }?, false))
}

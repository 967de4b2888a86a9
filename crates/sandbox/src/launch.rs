//! One run in the box: the spawner readies the place (the request's files bound into
//! its private root, a fresh box), then forks the program, which joins its run's cgroup,
//! connects its standard streams, enters the private root (its own mount namespace,
//! `pivot_root`), caps its resources, becomes the box user, drops every capability,
//! applies the files layer's Landlock rules and the syscall layer, and executes. The
//! spawner then waits under the wall-clock and CPU caps, kills whatever the program
//! left behind, reads the accounting of the whole tree, and discards the box.

use std::convert::Infallible;
use std::ffi::CString;
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use landlock::RulesetCreated;
use nix::fcntl::OFlag;
use nix::poll::{self, PollFd, PollFlags, PollTimeout};
use nix::sys::resource::{Resource, getrlimit, setrlimit};
use nix::sys::signal::{SigHandler, Signal, kill, killpg, signal};
use nix::sys::wait::{WaitPidFlag, WaitStatus, waitpid};
use nix::unistd::{ForkResult, Pid, fork};

use crate::cgroup::{Cgroup, Hierarchy};
use crate::identity::BoxUser;
use crate::policy::ENVIRONMENT;
use crate::root_or_host::Place;
use crate::sampled::Sampler;
use crate::streams::{Sink, Streams, WriteEnds};
use crate::wire::{Input, Outputs, Report, Request};
use crate::{landlock_rules, root, syscalls};

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
            let Err(error) = become_program(abilities, request, group, prepared);
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

/// The child's side: from the spawner's fork to the program. Returns only on failure.
fn become_program(
    abilities: &Abilities,
    request: &Request,
    group: Option<&Cgroup>,
    prepared: Prepared,
) -> Result<Infallible> {
    if let Some(group) = group {
        group.join().context("joining the run's cgroup")?;
    }
    nix::unistd::setpgid(Pid::from_raw(0), Pid::from_raw(0)).context("setpgid")?;
    // The spawner ignores Ctrl-C and (as a Rust program) SIGPIPE; the program must not.
    // SAFETY: restoring default dispositions installs no handler.
    unsafe {
        signal(Signal::SIGINT, SigHandler::SigDfl)?;
        signal(Signal::SIGPIPE, SigHandler::SigDfl)?;
    }
    nix::unistd::dup2_stdin(&prepared.stdin)?;
    nix::unistd::dup2_stdout(&prepared.output.stdout)?;
    nix::unistd::dup2_stderr(&prepared.output.stderr)?;
    close_inherited_descriptors();
    match &prepared.namespace {
        Some(namespace) => root::enter(std::os::fd::AsFd::as_fd(namespace))?,
        None => nix::unistd::chdir(prepared.box_dir.as_c_str()).context("entering the box")?,
    }
    set_rlimits(abilities, request)?;
    if abilities.drop_capabilities {
        // The bounding set can only be cleared while the capability to do so is held.
        for set in [
            caps::CapSet::Ambient,
            caps::CapSet::Bounding,
            caps::CapSet::Inheritable,
        ] {
            caps::clear(None, set).map_err(|error| anyhow!("dropping capabilities: {error}"))?;
        }
    }
    abilities.user.become_it()?;
    if abilities.drop_capabilities {
        for set in [caps::CapSet::Effective, caps::CapSet::Permitted] {
            caps::clear(None, set).map_err(|error| anyhow!("dropping capabilities: {error}"))?;
        }
    }
    match prepared.ruleset {
        Some(ruleset) => {
            landlock_rules::enforce(ruleset)?;
        }
        None => nix::sys::prctl::set_no_new_privs().context("no_new_privs")?,
    }
    if let Some(filter) = &abilities.seccomp {
        filter.attach()?;
    }
    nix::unistd::execve(&prepared.program, &prepared.argv, &prepared.envp)
        .with_context(|| format!("executing {}", request.program.display()))
}

/// Marks every descriptor but the standard three close-on-exec: the program inherits
/// none of the spawner's pipes or files (the error pipe stays open until `exec`).
/// (A raw call: neither nix nor rustix wraps `close_range`.)
fn close_inherited_descriptors() {
    const CLOSE_RANGE_CLOEXEC: libc::c_uint = 4;
    // SAFETY: close_range only changes flags of this process's descriptors.
    unsafe {
        libc::syscall(
            libc::SYS_close_range,
            3,
            libc::c_uint::MAX,
            CLOSE_RANGE_CLOEXEC,
        )
    };
}

/// Files a program may have open at once.
const OPEN_FILES: u64 = 512;

/// Memory a program may lock (`mlock`; io_uring rings would count here too).
const LOCKED_BYTES: u64 = 64 << 10;

/// Signals a run may have queued at once, its POSIX timers included (each holds one).
/// The kernel counts them per user, and in a user namespace for the namespace's owner on
/// the host too: without a cap, an ordinary user's run could take the user's whole
/// allowance (tens of thousands), and the user's own `sigqueue` and `timer_create`
/// would fail while it lives. Signals the kernel sends (a child's end, a fault) are
/// delivered past the cap.
pub const PENDING_SIGNALS: u64 = 256;

fn set_rlimits(abilities: &Abilities, request: &Request) -> Result<()> {
    let limits = request.limits;
    // The stack may use the whole memory budget, as on Codeforces.
    let stack = limits.memory_bytes.max(8 << 20);
    limit(Resource::RLIMIT_STACK, stack, stack).context("stack limit")?;
    // A file in the box may hold exactly the output cap (the kernel refuses a write past
    // the limit, not up to it). Stdout and stderr are pipes, which this limit does not
    // reach: the spawner counts their bytes against the same cap.
    let file = limits.output_bytes;
    limit(Resource::RLIMIT_FSIZE, file, file).context("file size limit")?;
    // No core dump, to a file or to a host's handler: the kernel pipes a crash to
    // `core_pattern`'s program (systemd-coredump, apport) whatever a limit of 0 says, but
    // refuses both kinds of dump at a limit of exactly 1 byte. Under a caller's hard limit
    // of 0 the limit stays 0, which those handlers read as "store nothing".
    limit(Resource::RLIMIT_CORE, 1, 1).context("core limit")?;
    // Open files: enough for a JVM's jars and a compiler's pipes, too few to pin much
    // kernel memory in pipe buffers or to exhaust the machine's file table.
    limit(Resource::RLIMIT_NOFILE, OPEN_FILES, OPEN_FILES).context("open files limit")?;
    // No raising its priority or a real-time class to starve the judge and other runs,
    // and little locked memory.
    limit(Resource::RLIMIT_NICE, 0, 0).context("nice limit")?;
    limit(Resource::RLIMIT_RTPRIO, 0, 0).context("real-time limit")?;
    limit(Resource::RLIMIT_MEMLOCK, LOCKED_BYTES, LOCKED_BYTES).context("locked memory")?;
    limit(
        Resource::RLIMIT_SIGPENDING,
        PENDING_SIGNALS,
        PENDING_SIGNALS,
    )
    .context("pending signals limit")?;
    // POSIX queues are refused by the syscall layer and closed in the IPC namespace; no
    // bytes of the user's queue allowance either.
    limit(Resource::RLIMIT_MSGQUEUE, 0, 0).context("message queue limit")?;
    // Each process's own CPU cap, a backstop to the tree's cap the spawner keeps.
    let cpu = limits.cpu_ms.div_ceil(1000) + 1;
    limit(Resource::RLIMIT_CPU, cpu, cpu + 1).context("CPU limit")?;
    if abilities.cgroups.is_none() && !abilities.sampled {
        // Without a memory cgroup or samples of the tree, the address space is the only
        // cap there is.
        let space = (limits.memory_bytes * 4).max(1 << 30);
        limit(Resource::RLIMIT_AS, space, space).context("address-space limit")?;
    }
    // Without a cgroup, the process cap is the user's: the box user's processes are the
    // program's alone, and in an ordinary user's namespace the kernel (5.14 on) counts the
    // user's processes of that namespace only (the spawner's two are added). With a
    // cgroup, its cap alone decides, so that the report can say a fork was refused.
    if abilities.cgroups.is_none() {
        if abilities.user.switch {
            limit(Resource::RLIMIT_NPROC, limits.processes, limits.processes)
                .context("process limit")?;
        } else if abilities.user_namespace && crate::identity::counts_per_namespace() {
            let cap = limits.processes + 2;
            limit(Resource::RLIMIT_NPROC, cap, cap).context("process limit")?;
        }
    }
    Ok(())
}

/// Sets `resource` to `soft` and `hard`, each lowered to the limit this process inherited:
/// the limits only ever tighten what the caller gave. An ordinary user cannot raise a hard
/// limit (not even in a user namespace), and machines set some to 0 for every command
/// (`sudo` the core limit, hardened `limits.conf` files likewise): the run is judged
/// under the lower one rather than refused.
fn limit(resource: Resource, soft: u64, hard: u64) -> nix::Result<()> {
    let (_, inherited) = getrlimit(resource)?;
    setrlimit(resource, soft.min(inherited), hard.min(inherited))
}

/// Where a run's tree is measured: its cgroup, or samples of its PID namespace, or
/// neither (the program alone, from `wait4`).
struct Accounts<'a> {
    group: Option<&'a Cgroup>,
    sampler: Option<Sampler>,
}

/// The least time between two samples of a tree: a program writing in small pieces
/// wakes the spawner far more often than its caps need looking at.
const SAMPLE_EVERY: Duration = Duration::from_millis(1);

impl Accounts<'_> {
    /// Whether the tree is over its CPU cap or its memory limit now: which, if so.
    fn over(&mut self, request: &Request) -> Option<Over> {
        let cpu_cap_us = request.limits.cpu_ms * 1000;
        if let Some(group) = self.group {
            if group.cpu_us().is_some_and(|cpu| cpu > cpu_cap_us) {
                return Some(Over::Cpu);
            }
            // The limit lies over the budget, so the run is over it already; a tree held
            // at the limit (every process waiting for memory the kernel will not give)
            // would otherwise wait out the wall-clock cap.
            return group.memory_limit_hit().then_some(Over::Memory);
        }
        let sampler = self.sampler.as_mut()?;
        if sampler.sampled_within(SAMPLE_EVERY) {
            return None;
        }
        let sample = sampler.sample();
        if sample.cpu_us > cpu_cap_us {
            Some(Over::Cpu)
        } else if sample.memory_bytes > memory_limit(request.limits.memory_bytes) {
            Some(Over::Memory)
        } else {
            None
        }
    }
}

/// Which cap a tree went over.
enum Over {
    Cpu,
    Memory,
}

/// Waits for the program under the caps, then kills what is left and measures.
fn watch(
    abilities: &Abilities,
    request: &Request,
    mut accounts: Accounts<'_>,
    child: Pid,
    started: Instant,
    mut streams: Streams,
) -> Result<Report> {
    let group = accounts.group;
    let wall_cap = Duration::from_millis(request.limits.wall_ms);
    let (mut killed_at_wall_cap, mut killed_at_cpu_cap) = (false, false);
    let mut killed_at_memory_limit = false;
    let mut output_limit_hit = false;
    // Woken the moment the program ends (a pidfd), or by the runner leaving; otherwise
    // every few milliseconds to look at the tree's CPU time and memory.
    let exited = ExitSignal::open(child);
    let (status, usage) = loop {
        // The program that just ended stays in /proc until it is reaped: the tree's last
        // sample counts it (a tree that forked to its cap and then ended is at its cap).
        if let Some(sampler) = accounts.sampler.as_mut() {
            if exited.has_ended() {
                sampler.sample();
            }
        }
        if let Some(ended) = reap(abilities, child)? {
            break ended;
        }
        if !output_limit_hit && streams.over_cap() {
            output_limit_hit = true;
            signal_everything(abilities, group, child);
        }
        if !killed_at_wall_cap && !killed_at_cpu_cap && !killed_at_memory_limit {
            if started.elapsed() >= wall_cap {
                killed_at_wall_cap = true;
                signal_everything(abilities, group, child);
            } else if let Some(over) = accounts.over(request) {
                match over {
                    Over::Cpu => killed_at_cpu_cap = true,
                    Over::Memory => killed_at_memory_limit = true,
                }
                signal_everything(abilities, group, child);
            }
        }
        let remaining = wall_cap.saturating_sub(started.elapsed());
        if exited.wait(remaining.min(CPU_CHECK_EVERY), &mut streams) == Woken::RunnerGone {
            // Ctrl-C or a dead runner: end this run now; the caller removes its cgroup,
            // and the spawner ends.
            signal_everything(abilities, group, child);
            if abilities.pid_namespace {
                reap_leftovers();
            }
            return Err(RunnerGone.into());
        }
    };
    let wall = started.elapsed();
    signal_everything(abilities, group, child);
    if abilities.pid_namespace {
        reap_leftovers();
    }
    // Every writer is gone now (or holds on outside the sandbox's reach): the rest of the
    // output, then the report.
    streams.drain(Instant::now() + Duration::from_millis(500));
    streams.kept_all()?;
    output_limit_hit |= streams.over_cap();
    let own_cpu = u64::try_from((timeval(usage.ru_utime) + timeval(usage.ru_stime)).as_micros())
        .unwrap_or(u64::MAX);
    let own_peak = u64::try_from(usage.ru_maxrss).unwrap_or(0) * 1024;
    let (code, signal) = if libc::WIFSIGNALED(status) {
        (None, Some(libc::WTERMSIG(status)))
    } else {
        (Some(libc::WEXITSTATUS(status)), None)
    };
    let (cpu_us, peak_memory_bytes, memory_limit_hit) = match (group, &accounts.sampler) {
        (Some(group), _) => (
            group.cpu_us().unwrap_or(own_cpu),
            group.peak_bytes().unwrap_or(own_peak),
            group.memory_limit_hit(),
        ),
        // Every process is reaped: the sampler's CPU time is now exact.
        (None, Some(sampler)) => (
            sampler.cpu_us(),
            sampler.peak_bytes(own_peak),
            killed_at_memory_limit,
        ),
        (None, None) => (own_cpu, own_peak, false),
    };
    Ok(Report {
        code,
        signal,
        cpu_us,
        wall_us: u64::try_from(wall.as_micros()).unwrap_or(u64::MAX),
        peak_memory_bytes,
        memory_limit_hit,
        killed_at_wall_cap,
        killed_at_cpu_cap,
        killed_at_memory_limit,
        process_limit_hit: match (group, &accounts.sampler) {
            (Some(group), _) => group.process_limit_hit(),
            (None, Some(sampler)) => sampler.reached(request.limits.processes),
            (None, None) => false,
        },
        output_limit_hit,
    })
}

/// Reaps the program if it ended (with its status and resource usage); as init of the
/// PID namespace, also reaps every orphan handed to the spawner.
fn reap(abilities: &Abilities, child: Pid) -> Result<Option<(libc::c_int, libc::rusage)>> {
    loop {
        let mut status: libc::c_int = 0;
        // SAFETY: an all-zero rusage is a valid value of the plain C struct.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let target = if abilities.pid_namespace {
            -1
        } else {
            child.as_raw()
        };
        // SAFETY: wait4 writes only into the two locals passed.
        let reaped = unsafe { libc::wait4(target, &mut status, libc::WNOHANG, &mut usage) };
        if reaped == child.as_raw() {
            return Ok(Some((status, usage)));
        }
        if reaped > 0 {
            continue; // an orphan: reaped, look again
        }
        if reaped < 0 {
            let error = std::io::Error::last_os_error();
            if error.kind() != std::io::ErrorKind::Interrupted {
                bail!("wait4 failed: {error}");
            }
        }
        return Ok(None);
    }
}

/// Kills the program and everything it started, however it detached itself. The program
/// itself is reaped by [`reap`], which keeps its status and usage.
fn signal_everything(abilities: &Abilities, group: Option<&Cgroup>, child: Pid) {
    if abilities.pid_namespace {
        // As init of the namespace, -1 means every other process in it.
        let _ = kill(Pid::from_raw(-1), Signal::SIGKILL);
    } else if let Some(group) = group {
        group.kill_all();
    }
    let _ = killpg(child, Signal::SIGKILL);
}

/// Reaps what the program left (killed already), within a bound: a process stuck in the
/// kernel must not hang the spawner.
fn reap_leftovers() {
    let deadline = Instant::now() + Duration::from_secs(2);
    while Instant::now() < deadline {
        match waitpid(None, Some(WaitPidFlag::WNOHANG)) {
            Ok(WaitStatus::StillAlive) => std::thread::sleep(Duration::from_micros(100)),
            Ok(_) => {}
            Err(_) => break, // ECHILD: none left
        }
    }
}

/// The runner closed the spawner's input during a run: the run was ended, and the
/// spawner should end too.
#[derive(Debug)]
pub struct RunnerGone;

impl std::fmt::Display for RunnerGone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the runner is gone")
    }
}

impl std::error::Error for RunnerGone {}

/// How often the tree's CPU time is compared with its cap while the program runs.
const CPU_CHECK_EVERY: Duration = Duration::from_millis(5);

/// What ended a wait.
#[derive(Debug, PartialEq, Eq)]
enum Woken {
    /// The program may have ended, or the time passed: look again.
    LookAgain,
    /// The runner closed the spawner's input: it ended, or was interrupted.
    RunnerGone,
}

/// A descriptor that becomes readable when the program ends (Linux's pidfd), so the
/// spawner answers the moment a run ends instead of at its next poll; where the kernel
/// has none, waits are plain sleeps.
struct ExitSignal(Option<OwnedFd>);

impl ExitSignal {
    fn open(child: Pid) -> ExitSignal {
        let pidfd = rustix::process::Pid::from_raw(child.as_raw()).and_then(|pid| {
            rustix::process::pidfd_open(pid, rustix::process::PidfdFlags::empty()).ok()
        });
        ExitSignal(pidfd)
    }

    /// Whether the program has ended (and waits to be reaped); without a pidfd, never.
    fn has_ended(&self) -> bool {
        let Some(pidfd) = &self.0 else {
            return false;
        };
        let mut poll = [PollFd::new(pidfd.as_fd(), PollFlags::POLLIN)];
        poll::poll(&mut poll, PollTimeout::ZERO).is_ok_and(|ready| ready > 0)
            && poll[0]
                .revents()
                .is_some_and(|events| events.contains(PollFlags::POLLIN))
    }

    /// Waits up to `timeout` for the program to end, to write output (moved into its
    /// files here), or for the runner to leave.
    fn wait(&self, timeout: Duration, streams: &mut Streams) -> Woken {
        let stdin = std::io::stdin();
        let mut polls = vec![PollFd::new(stdin.as_fd(), PollFlags::empty())];
        for fd in self.0.iter().map(AsFd::as_fd).chain(streams.fds()) {
            polls.push(PollFd::new(fd, PollFlags::POLLIN));
        }
        let timeout = PollTimeout::try_from(timeout.max(Duration::from_millis(1)))
            .unwrap_or(PollTimeout::MAX);
        let ready = poll::poll(&mut polls, timeout).unwrap_or(0);
        let runner_gone = polls[0]
            .revents()
            .is_some_and(|events| events.intersects(PollFlags::POLLHUP | PollFlags::POLLERR));
        if ready > 0 && runner_gone {
            return Woken::RunnerGone;
        }
        streams.pump();
        if self.0.is_none() {
            std::thread::sleep(Duration::from_micros(200));
        }
        Woken::LookAgain
    }
}

fn timeval(value: libc::timeval) -> Duration {
    let seconds = u64::try_from(value.tv_sec).unwrap_or(0);
    let micros = u64::try_from(value.tv_usec).unwrap_or(0);
    Duration::from_secs(seconds) + Duration::from_micros(micros)
}

//! One run in the box, the parent's side: the spawner prepares the place (the request's
//! files bound into its private root, a fresh box, the sealed input, the output's pipes),
//! starts the child (sharing the spawner's memory until it executes, straight into its
//! cgroup where the kernel can), and hands it to [`watch`], which waits under the caps,
//! kills and reaps what the program left, and reads the accounting. What the child does
//! from its start to `exec` is [`child`], a plain sequence of steps.

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
use nix::unistd::Pid;

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

/// Cgroups a spawner keeps in turn (v1): a group rests during the others' runs, so what a
/// run's exit left charged to it is gone by its next run, and the group is reused instead
/// of replaced (a replacement costs a fifth of a run). Two things stay charged: kernel
/// objects freed a moment later, and the per-CPU cache of pages charged ahead, which the
/// kernel (6.16 on) keeps for up to seven groups a CPU, draining one of them when an
/// eighth charges there. Measured at the start of a reused
/// group's run (statues, 2 cores, a worker): with 2 groups in turn, 10 to 12% of runs
/// found more than the 512 KiB a reused group may hold charged and replaced the group, the
/// median 350 KiB; with 4, 7%; with 8, under 0.1%, the median 180 KiB.
const GROUPS_IN_TURN: usize = 8;

/// What a spawner keeps from one run to the next: its cgroups (v1) and the place its
/// programs run in (the private root and what is bound into it).
pub struct Kept {
    groups: std::collections::VecDeque<Cgroup>,
    place: Place,
    /// The Landlock ruleset, where it is the same for every run.
    ruleset: Option<RulesetCreated>,
    /// The memory files the runner gave this worker for judged runs' output.
    memory_outputs: Option<MemoryOutputs>,
    /// The stack the runs' children start on, made at the first run.
    stack: Option<ChildStack>,
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
            stack: None,
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
        let _ = self.place.discard();
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
    if kept.stack.is_none() {
        kept.stack = Some(ChildStack::new()?);
    }
    // Where the run's memory is sampled, no kernel caps the box's pages, which are the
    // run's memory: the box is made no larger than the memory limit, so that its files
    // stop there (`ENOSPC`), as a cgroup stops them, instead of growing between samples.
    let box_bytes = if abilities.sampled {
        request
            .limits
            .box_bytes
            .min(memory_limit(request.limits.memory_bytes))
    } else {
        request.limits.box_bytes
    };
    let result = kept
        .place
        .prepare(
            &request.readable,
            box_bytes,
            abilities.user,
            &request.box_files,
        )
        .and_then(|()| {
            let ruleset = if abilities.landlock {
                Some(kept.ruleset(request, abilities.pid_namespace)?)
            } else {
                None
            };
            let stack = kept.stack.as_ref().context("the child's stack")?;
            launch_in(
                abilities,
                &kept.place,
                request,
                group.as_ref(),
                ruleset,
                (kept.memory_outputs.as_ref(), stack),
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
    /// The arguments and the environment, owned here, and as the null-terminated arrays
    /// of pointers into them that `execve` takes (made before the fork: the child
    /// allocates nothing on its way to `exec`).
    #[expect(dead_code, reason = "owns the strings the pointers point into")]
    argv: Vec<CString>,
    #[expect(dead_code, reason = "owns the strings the pointers point into")]
    envp: Vec<CString>,
    argv_pointers: Vec<*const libc::c_char>,
    envp_pointers: Vec<*const libc::c_char>,
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
    let pointers = |strings: &[CString]| -> Vec<*const libc::c_char> {
        strings
            .iter()
            .map(|string| string.as_ptr())
            .chain(std::iter::once(std::ptr::null()))
            .collect()
    };
    Ok(Prepared {
        birthplace,
        program,
        argv_pointers: pointers(&argv),
        envp_pointers: pointers(&envp),
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
    (memory_outputs, stack): (Option<&MemoryOutputs>, &ChildStack),
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
    let child_args = ChildArgs {
        abilities,
        request,
        group,
        prepared: &prepared,
        errors: errors_write.as_raw_fd(),
    };
    // SAFETY: the spawner is single-threaded and `child_args` outlives the call (a child
    // sharing the spawner's memory has executed or ended when it returns).
    let child = unsafe { start_child(&child_args, stack) }?;
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
    let accounts = Accounts {
        group,
        sampler,
        looked: started,
    };
    watch(abilities, request, accounts, child, started, streams)
}

/// What the run's child reads on its way to `exec`.
struct ChildArgs<'a> {
    abilities: &'a Abilities,
    request: &'a Request,
    group: Option<&'a Cgroup>,
    prepared: &'a Prepared,
    /// The write end of the pipe the child reports a failure on (closed on `exec`).
    errors: std::os::fd::RawFd,
}

/// The child's whole life up to `exec`: the steps of [`child`], or its failure reported
/// on the errors pipe and `_exit`.
fn child_main(args: &ChildArgs<'_>, born_in_group: bool) -> ! {
    let group = args.group.filter(|_| !born_in_group);
    let Err(error) = child::become_program(args.abilities, args.request, group, args.prepared);
    let message = format!("{error:#}");
    // SAFETY: the pipe's write end stays open in the child until it ends.
    let pipe = unsafe { std::os::fd::BorrowedFd::borrow_raw(args.errors) };
    let _ = nix::unistd::write(pipe, message.as_bytes());
    // What the failure allocated, given back (the memory may be the spawner's).
    drop(message);
    drop(error);
    // SAFETY: _exit ends the child at once, running none of the spawner's code.
    unsafe { libc::_exit(127) }
}

/// The stack a child sharing the spawner's memory starts on (the spawner's own is in use
/// by the spawner, which waits in `clone`): one mapping per spawner, with a guard page
/// below it.
pub struct ChildStack {
    base: *mut libc::c_void,
}

/// The child's stack, guard page included: far more than its steps to `exec` need.
const CHILD_STACK_BYTES: usize = 1 << 20;

/// The guard page at the stack's low end.
const GUARD_BYTES: usize = 4096;

impl ChildStack {
    fn new() -> Result<ChildStack> {
        // SAFETY: a fresh anonymous mapping, which nothing else refers to.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                CHILD_STACK_BYTES,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_STACK,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return Err(std::io::Error::last_os_error()).context("mapping the child's stack");
        }
        let stack = ChildStack { base };
        // SAFETY: the first page of the mapping made above.
        if unsafe { libc::mprotect(base, GUARD_BYTES, libc::PROT_NONE) } != 0 {
            return Err(std::io::Error::last_os_error()).context("guarding the child's stack");
        }
        Ok(stack)
    }

    /// The stack's top (it grows down), aligned as the ABI wants (to a page).
    fn top(&self) -> *mut libc::c_void {
        // SAFETY: one past the end of the mapping, which `clone` takes as the top.
        unsafe { self.base.cast::<u8>().add(CHILD_STACK_BYTES).cast() }
    }
}

impl Drop for ChildStack {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `new`, which no child uses any more.
        unsafe { libc::munmap(self.base, CHILD_STACK_BYTES) };
    }
}

/// Where a child sharing the spawner's memory begins, on its own stack, created in its
/// group (or with none to join).
extern "C" fn shared_child_entry(arg: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `start_child` passes a `ChildArgs` that lives until the child has executed
    // or ended.
    let args = unsafe { &*arg.cast::<ChildArgs<'_>>() };
    child_main(args, args.prepared.birthplace.is_some())
}

/// As [`shared_child_entry`], for a child that joins its group itself.
extern "C" fn shared_child_entry_joining(arg: *mut libc::c_void) -> libc::c_int {
    // SAFETY: as in `shared_child_entry`.
    let args = unsafe { &*arg.cast::<ChildArgs<'_>>() };
    child_main(args, false)
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

/// Starts the run's child, which runs [`child_main`] and never returns into the spawner.
///
/// The child shares the spawner's memory until it executes, as `posix_spawn`'s does
/// (`CLONE_VM | CLONE_VFORK`): copying the spawner's page tables and breaking its pages'
/// sharing, as `fork` does, cost more than the rest of a run's preparation. The spawner
/// waits in the call meanwhile; the child has its own descriptors, credentials, signal
/// dispositions, namespaces, filters and rules (none of them shared), runs on its own
/// stack, and frees nothing the spawner owns. Where a cgroup folder is given, the child
/// is created straight in it (`clone3` with `CLONE_INTO_CGROUP`, 5.7 on); where the
/// kernel refuses `clone3` (before 5.3, or a seccomp profile around the runner), the
/// child is started by `clone` and joins its group itself.
///
/// # Safety
/// As `fork`: the caller is single-threaded, and the child only runs code that is safe
/// after a fork. Like `fork` without glibc's wrapper, `clone3` and `clone` skip `atfork`
/// handlers, which the spawner registers none of, and leave glibc's cached thread id
/// stale, which the child's few system calls before `exec` never consult. The spawner
/// handles no signal that would run its code in the child (it ignores or leaves at
/// their default all but Rust's own handler of a stack overflow, which only looks at
/// the faulting address).
unsafe fn start_child(args: &ChildArgs<'_>, stack: &ChildStack) -> Result<Pid> {
    let into_cgroup = args.prepared.birthplace.as_ref();
    let mut flags = (libc::CLONE_VM | libc::CLONE_VFORK) as u64;
    if into_cgroup.is_some() {
        flags |= CLONE_INTO_CGROUP;
    }
    let clone_args = CloneArgs {
        flags,
        exit_signal: libc::SIGCHLD as u64,
        stack: stack.base as u64 + GUARD_BYTES as u64,
        stack_size: (CHILD_STACK_BYTES - GUARD_BYTES) as u64,
        cgroup: into_cgroup.map_or(0, |folder| folder.as_raw_fd() as u64),
        ..CloneArgs::default()
    };
    let argument = std::ptr::from_ref(args).cast_mut().cast::<libc::c_void>();
    // SAFETY: see `clone3_on_stack` and this function's contract; `args` lives until the
    // call returns, when the child has executed or ended.
    let pid = unsafe { clone3_on_stack(&clone_args, shared_child_entry, argument) };
    if pid > 0 {
        return Ok(Pid::from_raw(libc::pid_t::try_from(pid)?));
    }
    let error = std::io::Error::from_raw_os_error(i32::try_from(-pid).unwrap_or(libc::EINVAL));
    if !matches!(
        error.raw_os_error(),
        Some(libc::ENOSYS | libc::E2BIG | libc::EINVAL | libc::EPERM)
    ) {
        return Err(error).context("starting the run's process");
    }
    // The child joins through files the spawner opened (it must not add to their table).
    if let Some(group) = args.group {
        group.open_membership()?;
    }
    // SAFETY: the child starts on its own stack in `shared_child_entry`, which reads
    // `args` (alive until `clone` returns: CLONE_VFORK holds the spawner until the child
    // has executed or ended) and never returns; see this function's contract.
    let pid = unsafe {
        libc::clone(
            shared_child_entry_joining,
            stack.top(),
            libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
            argument,
        )
    };
    if pid < 0 {
        return Err(std::io::Error::last_os_error()).context("starting the run's process");
    }
    Ok(Pid::from_raw(pid))
}

/// `clone3` with the child on the stack `args` gives: the child calls `entry(argument)`
/// there and never returns. (The C library has no wrapper for `clone3`, and a child on a
/// new stack cannot return from a system call's wrapper: hence the few instructions.)
/// Returns the child's pid, or the negated error number.
///
/// # Safety
/// `args` asks for a child on a stack of its own (`stack`, `stack_size`), valid until the
/// child no longer uses it; `entry` never returns; the child may run it (see
/// [`start_child`]).
#[cfg(target_arch = "x86_64")]
unsafe fn clone3_on_stack(
    args: &CloneArgs,
    entry: extern "C" fn(*mut libc::c_void) -> libc::c_int,
    argument: *mut libc::c_void,
) -> i64 {
    let result: i64;
    // SAFETY: the caller's contract. The parent returns from the system call with rax set
    // (rcx and r11 clobbered, as every system call does); the child starts with rsp at
    // the top of its own stack (aligned to 16 bytes, as `call` wants it), the other
    // registers as the parent had them, and calls `entry` with `argument`.
    unsafe {
        std::arch::asm!(
            "syscall",
            "test rax, rax",
            "jnz 2f",
            "xor ebp, ebp",
            "mov rdi, r13",
            "call r12",
            "ud2",
            "2:",
            inlateout("rax") libc::SYS_clone3 => result,
            in("rdi") std::ptr::from_ref(args),
            in("rsi") std::mem::size_of::<CloneArgs>(),
            in("r12") entry,
            in("r13") argument,
            lateout("rcx") _,
            lateout("r11") _,
            options(nostack),
        );
    }
    result
}

/// Elsewhere, no `clone3` of a child on its own stack: `clone` starts it.
#[cfg(not(target_arch = "x86_64"))]
unsafe fn clone3_on_stack(
    _args: &CloneArgs,
    _entry: extern "C" fn(*mut libc::c_void) -> libc::c_int,
    _argument: *mut libc::c_void,
) -> i64 {
    -i64::from(libc::ENOSYS)
}

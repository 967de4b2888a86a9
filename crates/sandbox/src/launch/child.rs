//! The run's child's side, from its start by the spawner to `exec`: a plain sequence
//! of steps, read top to bottom. It joins the run's cgroup (unless born in it), leads a
//! process group of its own, restores the signals a program expects, takes its standard
//! streams, closes everything else on `exec`, enters the private root (or the box), caps
//! its resources, drops every capability around becoming the box user, applies the files
//! layer's Landlock rules (or `no_new_privs` alone) and the syscall filter, and executes.
//! Any step that fails ends the child with its reason, which the parent reports.

use std::convert::Infallible;

use anyhow::{Context, Result};
use nix::sys::resource::{Resource, getrlimit, setrlimit};
use nix::sys::signal::{SigHandler, Signal, signal};
use nix::unistd::Pid;

use super::{Abilities, Prepared};
use crate::cgroup::Cgroup;
use crate::wire::Request;
use crate::{landlock_rules, root};

/// The child's side: from its start to the program. Returns only on failure.
///
/// The child shares the spawner's memory until it executes (see [`super`]): it reads what
/// the spawner prepared and frees none of it, and what it allocates on a failure is
/// reported and given back before it ends.
pub(super) fn become_program(
    abilities: &Abilities,
    request: &Request,
    group: Option<&Cgroup>,
    prepared: &Prepared,
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
        // The bounding set is empty already: the spawner cleared it before its first run
        // (`crate::server`), and a child inherits it. The ambient set goes before the user
        // changes, the rest after, in one call.
        // SAFETY: a prctl that takes no pointers.
        let cleared = unsafe {
            libc::prctl(
                libc::PR_CAP_AMBIENT,
                libc::PR_CAP_AMBIENT_CLEAR_ALL,
                0,
                0,
                0,
            )
        };
        if cleared != 0 {
            return Err(std::io::Error::last_os_error()).context("dropping capabilities");
        }
    }
    abilities.user.become_it()?;
    if abilities.drop_capabilities {
        clear_capabilities().context("dropping capabilities")?;
    }
    match &prepared.ruleset {
        Some(ruleset) => {
            // SAFETY: a bitwise copy, which the child alone consumes: a ruleset holds a
            // descriptor (the child's own copy, in its own descriptor table, which
            // applying it closes) and flags, no memory the spawner would free again.
            let ruleset = unsafe { std::ptr::read(ruleset) };
            landlock_rules::enforce(ruleset)?;
        }
        None => nix::sys::prctl::set_no_new_privs().context("no_new_privs")?,
    }
    if let Some(filter) = &abilities.seccomp {
        filter.attach()?;
    }
    // SAFETY: the program, arguments and environment are NUL-terminated strings the
    // spawner keeps, in arrays that end with a null pointer (`Prepared::exec_pointers`).
    unsafe {
        libc::execve(
            prepared.program.as_ptr(),
            prepared.argv_pointers.as_ptr(),
            prepared.envp_pointers.as_ptr(),
        )
    };
    Err(std::io::Error::last_os_error())
        .with_context(|| format!("executing {}", request.program.display()))
}

/// Clears the effective, permitted and inheritable sets in one call.
fn clear_capabilities() -> std::io::Result<()> {
    /// `_LINUX_CAPABILITY_VERSION_3`: two 32-bit words per set.
    const VERSION_3: u32 = 0x2008_0522;
    #[repr(C)]
    struct Header {
        version: u32,
        pid: libc::c_int,
    }
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct Data {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    let header = Header {
        version: VERSION_3,
        pid: 0,
    };
    let empty = [Data {
        effective: 0,
        permitted: 0,
        inheritable: 0,
    }; 2];
    // SAFETY: capset reads the header and two data words of the sizes declared above.
    let result = unsafe { libc::syscall(libc::SYS_capset, &raw const header, empty.as_ptr()) };
    if result == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
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

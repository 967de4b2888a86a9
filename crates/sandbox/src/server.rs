//! The spawner's side (`xtask spawner`): a small process, one per worker, that enters the
//! namespaces, finds which layers this machine allows, says so in its first line, then
//! answers one run request per line on stdin with one report per line on stdout (JSON).
//!
//! It starts fresh from the runner, holding almost no memory: a forked child's peak
//! resident memory counts its parent's pages, and the runner may hold a lot.

use std::io::{BufRead, Write};
use std::path::Path;

use anyhow::Result;
use landlock::RulesetStatus;
use nix::sys::signal::{SigHandler, Signal, signal};

use crate::cgroup::Hierarchy;
use crate::identity::{BoxUid, BoxUser};
use crate::launch::{Abilities, Kept, MemoryOutputs, RunnerGone, launch};
use crate::namespaces::{self, Outcome};
use crate::root::PrivateRoot;
use crate::root_or_host::Place;
use crate::wire::{Hello, MEMORY_OUTPUT_FDS, Reply, Request};
use crate::{Layer, Layers, landlock_rules, syscalls};

/// Serves requests until stdin ends.
///
/// # Errors
/// Never in practice: a closed stdout (the runner is gone) ends it quietly.
pub fn serve(without: &[String]) -> Result<()> {
    let without = Without::parse(without)?;
    // Taken first, before anything could open a descriptor in their place.
    let memory_outputs = take_memory_outputs();
    // Ctrl-C reaches the runner's whole process group, the spawner included: the spawner
    // ends the run in progress when the runner closes its input, not on the signal.
    // SAFETY: setting a disposition to "ignore" installs no handler.
    unsafe { signal(Signal::SIGINT, SigHandler::SigIgn) }?;
    // Made on the host before the namespaces, removed by the process that stays outside
    // when the spawner ends: the folder the private root is mounted on.
    let root_dir = namespaces::root_folder()?;
    let host_root = nix::unistd::Uid::effective().is_root() && !without.box_user;
    // On the host, before the PID namespace (where every spawner is pid 1): the box uid,
    // held for as long as this process and the one that stays outside live.
    let box_uid = host_root.then(BoxUid::claim);
    // Before the namespaces: finding the cgroup may move processes, named by their pids
    // outside.
    let cgroups = Hierarchy::detect();
    let namespaces = namespaces::enter(&root_dir);
    // Nothing inside may trace or open the spawner through /proc, even as its own user.
    let _ = nix::sys::prctl::set_dumpable(false);
    let (mut abilities, place, mut layers) =
        abilities(&namespaces, cgroups, &root_dir, box_uid.as_ref(), &without);
    let left_out = || Layer::Missing("left out for measuring".to_owned());
    if without.landlock || without.private_root || without.box_user {
        abilities.landlock &= !without.landlock;
        layers.files = left_out();
    }
    if without.seccomp {
        abilities.seccomp = None;
        layers.network = left_out();
    }
    if without.accounting {
        abilities.cgroups = None;
        abilities.sampled = false;
        layers.accounting = left_out();
    }
    if abilities.drop_capabilities {
        // The bounding set, once for every run: the children inherit it empty, and the
        // spawner's own capabilities (which it needs for the runs' boxes) stay. It
        // executes nothing itself.
        caps::clear(None, caps::CapSet::Bounding)
            .map_err(|error| anyhow::anyhow!("clearing the capability bounding set: {error}"))?;
    }
    let mut stdout = std::io::stdout().lock();
    let hello = serde_json::to_string(&Hello { layers })?;
    if writeln!(stdout, "{hello}")
        .and_then(|()| stdout.flush())
        .is_err()
    {
        return Ok(());
    }
    if let Some(filter) = &abilities.seccomp {
        // From here on the spawner makes its programs' calls and its own few (see
        // `syscalls`): its children attach only the rest of the filter, which costs them
        // a fraction of the whole. Where the kernel refuses, they attach the whole.
        let _ = filter.attach_to_spawner();
    }
    let mut kept = Kept::new(place, memory_outputs);
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let reply = match serde_json::from_str::<Request>(&line) {
            Ok(request) => match launch(&abilities, &mut kept, &request) {
                Ok(report) => Reply::Ran(report),
                // The run was ended; nobody waits for a reply.
                Err(error) if error.is::<RunnerGone>() => break,
                Err(error) => Reply::Failed(format!("{error:#}")),
            },
            Err(error) => Reply::Failed(format!("a malformed request: {error}")),
        };
        let Ok(reply) = serde_json::to_string(&reply) else {
            break;
        };
        if writeln!(stdout, "{reply}")
            .and_then(|()| stdout.flush())
            .is_err()
        {
            break; // the runner is gone: nothing to say, nobody to say it to
        }
    }
    kept.release();
    Ok(())
}

/// The memory files the runner passed on [`MEMORY_OUTPUT_FDS`], kept from the programs
/// (close-on-exec); none where those descriptors are not memory files.
fn take_memory_outputs() -> Option<MemoryOutputs> {
    use nix::fcntl::{FcntlArg, FdFlag, fcntl};
    use std::os::fd::{BorrowedFd, FromRawFd, OwnedFd};
    let [stdout, stderr] = MEMORY_OUTPUT_FDS.map(|fd| {
        // SAFETY: only looked at; the descriptor is owned below only if it is a memory
        // file, which nothing else of this process opened.
        let borrowed = unsafe { BorrowedFd::borrow_raw(fd) };
        // Sealing is a memory file's own: this refuses any other descriptor.
        fcntl(borrowed, FcntlArg::F_GET_SEALS).ok()?;
        fcntl(borrowed, FcntlArg::F_SETFD(FdFlag::FD_CLOEXEC)).ok()?;
        // SAFETY: a memory file the runner handed over for this process alone.
        Some(std::fs::File::from(unsafe { OwnedFd::from_raw_fd(fd) }))
    });
    Some(MemoryOutputs {
        stdout: stdout?,
        stderr: stderr?,
    })
}

/// Finds the layers this machine allows, once, and builds the place programs run in.
fn abilities(
    namespaces: &Outcome,
    cgroups: Result<Hierarchy>,
    root_dir: &Path,
    box_uid: Option<&BoxUid>,
    without: &Without,
) -> (Abilities, Place, Layers) {
    let pid_namespace = matches!(namespaces, Outcome::Entered { .. });
    let user = BoxUser::choose(box_uid);
    let who = match box_uid.and_then(|box_uid| box_uid.unclaimed.as_ref()) {
        None => user.describe(),
        Some(why) => format!("{} (by pid, unclaimed: {why})", user.describe()),
    };
    let place = match namespaces {
        _ if without.private_root => Err(anyhow::anyhow!("left out for measuring")),
        Outcome::Entered { .. } => {
            namespaces::close_sysv_ipc();
            PrivateRoot::build(root_dir, user).map(Place::Private)
        }
        Outcome::Refused(why) => Err(anyhow::anyhow!("no mount namespace: {why}")),
    };
    let (place, root_layer) = match place {
        Ok(place) => (place, Ok(())),
        Err(error) => (
            Place::Host {
                box_dir: root_dir.join("box"),
            },
            Err(error),
        ),
    };
    let landlock = landlock_rules::probe();
    let seccomp = syscalls::SyscallFilter::compile();
    let capabilities = caps::read(None, caps::CapSet::Effective).unwrap_or_default();
    let landlock_how = match &landlock {
        Ok(RulesetStatus::FullyEnforced) => Ok("landlock"),
        Ok(RulesetStatus::PartiallyEnforced) => Ok("landlock, partly: an older kernel"),
        Ok(RulesetStatus::NotEnforced) => Err("this kernel does not enforce Landlock".to_owned()),
        Err(error) => Err(format!("landlock: {error:#}")),
    };
    let landlock_layer = match (&root_layer, &landlock_how) {
        (Ok(()), Ok(how)) => Layer::Active(format!("private root, read-only, {who}, {how}")),
        (Ok(()), Err(why)) => Layer::Active(format!(
            "private root, read-only, {who}; no landlock: {why}"
        )),
        (Err(error), Ok(how)) => Layer::Missing(format!(
            "no private root ({error:#}); {how} over the host's paths only"
        )),
        (Err(error), Err(why)) => Layer::Missing(format!("no private root ({error:#}); {why}")),
    };
    let namespace_reason = match namespaces {
        Outcome::Entered { .. } => None,
        Outcome::Refused(why) => Some(why.clone()),
    };
    let user_namespace = matches!(
        namespaces,
        Outcome::Entered {
            user_namespace: true
        }
    );
    let network = match (&namespace_reason, &seccomp) {
        (None, Ok(_)) => Layer::Active("namespace, seccomp".to_owned()),
        (Some(why), Ok(_)) => Layer::Active(format!("seccomp only; no namespace: {why}")),
        (None, Err(error)) => Layer::Active(format!("namespace only; seccomp: {error:#}")),
        (Some(why), Err(error)) => Layer::Missing(format!("{why}; seccomp: {error:#}")),
    };
    let cap = match &cgroups {
        Ok(_) => ", cgroup process cap",
        Err(_) => "",
    };
    let processes = match (&namespace_reason, &cgroups) {
        (None, _) => Layer::Active(format!(
            "pid namespace{}{cap}",
            if user_namespace {
                " in a user namespace"
            } else {
                ""
            }
        )),
        (Some(why), Ok(_)) => Layer::Active(format!("cgroup kill{cap}; no pid namespace: {why}")),
        (Some(why), Err(error)) => Layer::Missing(format!(
            "process group kill only: no pid namespace ({why}), no cgroup ({error:#})"
        )),
    };
    let sampled = cgroups.is_err() && pid_namespace && !without.accounting;
    let mut notes = Vec::new();
    if let Ok(Hierarchy::V2 { parent }) = &cgroups {
        notes.extend(crate::cgroup::systemd::ends_with_last_login(parent));
    }
    let accounting = match &cgroups {
        Ok(hierarchy) => Layer::Active(hierarchy.name().to_owned()),
        Err(error) if sampled => {
            notes.push(format!(
                "accounting is sampled from the runs' /proc every millisecond or so (a \
                 cgroup would also see memory held for less than a poll and the kernel's \
                 buffers), as no cgroup can be had here: {error:#}"
            ));
            Layer::Active("sampled, no cgroup".to_owned())
        }
        Err(error) => Layer::Missing(format!(
            "no cgroup ({error:#}) and no pid namespace to sample: time and memory of the \
             program alone, from wait4"
        )),
    };
    let layers = Layers {
        files: landlock_layer,
        network,
        processes,
        accounting,
        environment: Layer::Active("cleared".to_owned()),
        notes,
    };
    let abilities = Abilities {
        pid_namespace,
        cgroups: cgroups.ok(),
        landlock: matches!(
            landlock,
            Ok(RulesetStatus::FullyEnforced | RulesetStatus::PartiallyEnforced)
        ),
        seccomp: seccomp.ok(),
        drop_capabilities: !capabilities.is_empty(),
        user,
        user_namespace,
        sampled,
    };
    (abilities, place, layers)
}

/// Layers a spawner leaves out when asked (`xtask spawner --without ...`): only
/// `cargo xtask sandbox-cost` asks, to measure what each costs; the runner never does.
#[derive(Debug, Default)]
pub struct Without {
    pub private_root: bool,
    pub box_user: bool,
    pub landlock: bool,
    pub seccomp: bool,
    pub accounting: bool,
}

/// The names `--without` takes.
pub const LEAVABLE: &[&str] = &[
    "private-root",
    "box-user",
    "landlock",
    "seccomp",
    "accounting",
];

impl Without {
    fn parse(names: &[String]) -> Result<Without> {
        let mut without = Without::default();
        for name in names {
            match name.as_str() {
                "private-root" => without.private_root = true,
                "box-user" => without.box_user = true,
                "landlock" => without.landlock = true,
                "seccomp" => without.seccomp = true,
                "accounting" => without.accounting = true,
                other => anyhow::bail!("no layer {other:?} (layers: {})", LEAVABLE.join(", ")),
            }
        }
        Ok(without)
    }
}

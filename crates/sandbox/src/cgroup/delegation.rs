//! On cgroup v2, the folder under which spawners make their run groups, found and made
//! ready once per runner, before any spawner starts, the way container runtimes do it:
//!
//! - where systemd runs, it alone says which groups may be managed: the unit the runner
//!   is in, if systemd delegated it (`Delegate=yes`), or else a transient scope with
//!   `Delegate=yes` asked of the system's manager (root) or of the user's own manager
//!   (`systemd.rs`). A group that is the user's but not delegated (a desktop
//!   terminal's scope) is never managed.
//! - without systemd, root: `xtask-runs` under the hierarchy's root, with `memory` and
//!   `pids` enabled for the root's children. The root is the one group that may hold
//!   processes and still give its children controllers, so nothing has to move.
//! - without systemd, an ordinary user (and root where the root refuses, as in a
//!   container with a cgroup namespace): the group the runner is in, where it was handed
//!   over (the folder, `cgroup.procs` and `cgroup.subtree_control` are the user's).
//!
//! In a managed group, v2 forbids a group holding processes to give its children
//! controllers ("no internal processes": the write to `cgroup.subtree_control` fails with
//! `EBUSY`), so every process in it first moves into a leaf, `xtask-runner`, beside
//! `xtask-runs`. A read-only cgroup file system (a container's default) is named as such.
//!
//! The moves name processes by their pids as the runner sees them, so they happen in the
//! runner (or in a spawner started on its own, before it enters its PID namespace). The
//! runner hands the folder, or the reason there is none, to its spawners in the variable
//! [`HANDOVER`] ([`handover`]); the programs never see it (their environment is a fixed
//! list).

use std::fs;
use std::io::ErrorKind;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use anyhow::{Context, Result, bail};
use nix::unistd::{AccessFlags, Uid, access};
use serde::{Deserialize, Serialize};

use super::{CONTROLLERS, MOUNT, systemd, unified};

/// The variable that hands the runner's [`Handover`] to its spawners (JSON).
pub const HANDOVER: &str = "XTASK_CGROUP";

/// The folder, made in the managed group, that holds the run groups.
pub const RUNS: &str = "xtask-runs";

/// The leaf, made in the managed group, that its processes move into.
pub const RUNNER_LEAF: &str = "xtask-runner";

/// What the runner found, for its spawners.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Handover {
    /// Run groups go in this folder, ready.
    Ready(PathBuf),
    /// No folder: why, and what would give one.
    Missing(String),
    /// Not cgroup v2: each spawner finds its v1 groups itself.
    NotUnified,
}

/// The runner's side: finds and prepares the folder once per process, and returns the
/// variable to set for each spawner it starts.
pub fn handover() -> (&'static str, String) {
    static FOUND: OnceLock<String> = OnceLock::new();
    let value = FOUND.get_or_init(|| {
        let found = if unified() {
            match prepare() {
                Ok(folder) => Handover::Ready(folder),
                Err(error) => Handover::Missing(format!("{error:#}")),
            }
        } else {
            Handover::NotUnified
        };
        serde_json::to_string(&found).unwrap_or_default()
    });
    (HANDOVER, value.clone())
}

/// The spawner's side: the folder its runner handed over, or (started on its own) one
/// found now.
///
/// # Errors
/// The runner found none, or none can be found: the reason, and what would help.
pub fn parent_for_runs() -> Result<PathBuf> {
    let handed = std::env::var(HANDOVER)
        .ok()
        .and_then(|text| serde_json::from_str::<Handover>(&text).ok());
    match handed {
        Some(Handover::Ready(folder)) if folder.is_dir() => Ok(folder),
        Some(Handover::Missing(why)) => bail!("{why}"),
        _ => prepare(),
    }
}

/// Finds the group this process may manage, moves its processes out of the way, enables
/// the controllers, and makes the folder for run groups.
///
/// # Errors
/// No group can be managed: why, with the command that would give one.
pub fn prepare() -> Result<PathBuf> {
    if read_only() {
        bail!(
            "the cgroup file system is mounted read-only, as a container's is by default: \
             Docker mounts it writable only for a `--privileged` container, Podman with \
             `--security-opt unmask=/sys/fs/cgroup`"
        );
    }
    let own = own_group()?;
    if systemd::booted() {
        return under_systemd(&own);
    }
    // No systemd: a subtree handed over by hand (or by a container runtime) is managed
    // where it is this user's.
    if Uid::effective().is_root() {
        let root = Path::new(MOUNT);
        return match manage(root) {
            Ok(runs) => Ok(runs),
            Err(at_root) if own != root => manage(&own)
                .with_context(|| format!("at the root: {at_root:#}; in {}", shown(&own))),
            Err(at_root) => Err(at_root),
        };
    }
    delegated(&own).context(
        "no systemd runs here to delegate one: root can hand a group over by making it \
         and giving it, its cgroup.procs, cgroup.subtree_control and cgroup.threads to you",
    )?;
    manage(&own)
}

/// Where systemd runs: the unit this process is in if systemd delegated it, otherwise a
/// new scope that systemd delegates (a group systemd did not delegate is never managed,
/// even where its files are this user's).
fn under_systemd(own: &Path) -> Result<PathBuf> {
    let why_not_own = match systemd::unit_of(own) {
        Some((manager, unit)) => match systemd::delegates(&manager, &unit) {
            Ok(true) => return manage(own),
            Ok(false) => format!("your unit {unit} is not delegated"),
            Err(error) => format!("{error:#}"),
        },
        None => format!("no systemd unit holds your cgroup {}", shown(own)),
    };
    // An ordinary user's process in a system service (a CI runner's service run as that
    // user) must not move into the user's manager: the run would end with the user's
    // last login, and outlive `systemctl stop` of the service.
    if !Uid::effective().is_root() {
        if let Some(service) = system_service_of(own) {
            bail!(
                "{why_not_own}; this process runs in the system's service {service}, and a \
                 scope of your user manager would end with your logins and outlive a stop \
                 of the service: `Delegate=yes` in {service} gives it a cgroup of its own"
            );
        }
    }
    let scope = systemd::Manager::own()
        .and_then(|manager| systemd::delegated_scope(&manager))
        .with_context(|| why_not_own.clone())?;
    manage(&scope)
}

/// The system's service holding `group`, when it lies in one (under the system's
/// manager, not in a user's manager nor in a login's session scope).
fn system_service_of(group: &Path) -> Option<String> {
    match systemd::unit_of(group)? {
        // `user@UID.service` is the user's manager itself, not a service of the system's.
        (systemd::Manager::System, unit)
            if unit.ends_with(".service") && !unit.starts_with("user@") =>
        {
            Some(unit)
        }
        _ => None,
    }
}

/// Whether the cgroup file system is mounted read-only.
fn read_only() -> bool {
    nix::sys::statvfs::statvfs(MOUNT).is_ok_and(|stats| {
        stats
            .flags()
            .contains(nix::sys::statvfs::FsFlags::ST_RDONLY)
    })
}

/// The v2 group this process is in (its folder), above the leaf if it is ours already.
fn own_group() -> Result<PathBuf> {
    let text = fs::read_to_string("/proc/self/cgroup").context("reading /proc/self/cgroup")?;
    let path = text
        .lines()
        .find_map(|line| line.strip_prefix("0::"))
        .context("no cgroup v2 line in /proc/self/cgroup")?;
    let folder = Path::new(MOUNT).join(path.trim_start_matches('/'));
    // A runner whose group was managed before (by itself, or by the runner that started
    // it) is in the leaf: the managed group is the leaf's parent.
    match folder.parent() {
        Some(parent) if folder.file_name().is_some_and(|name| name == RUNNER_LEAF) => {
            Ok(parent.to_owned())
        }
        _ => Ok(folder),
    }
}

/// A group's path as `/proc/self/cgroup` shows it, for messages.
pub fn shown(folder: &Path) -> String {
    match folder.strip_prefix(MOUNT) {
        Ok(inside) => format!("/{}", inside.display()),
        Err(_) => folder.display().to_string(),
    }
}

/// Whether `group` is delegated to this (ordinary) user: theirs, with its `cgroup.procs`
/// and `cgroup.subtree_control` writable by them.
fn delegated(group: &Path) -> Result<()> {
    let owner = fs::metadata(group)
        .with_context(|| format!("reading {}", group.display()))?
        .uid();
    let me = Uid::effective().as_raw();
    if owner != me {
        bail!(
            "your cgroup {} is not delegated to you (it belongs to uid {owner}, you are uid {me})",
            shown(group)
        );
    }
    for file in ["cgroup.procs", "cgroup.subtree_control"] {
        if access(&group.join(file), AccessFlags::W_OK).is_err() {
            bail!(
                "your cgroup {} is yours but its {file} is not writable: not delegated",
                shown(group)
            );
        }
    }
    Ok(())
}

/// Makes `group` ready: its processes moved into a leaf where v2 requires it, the
/// controllers enabled for its children and for the run groups' folder, which is returned.
fn manage(group: &Path) -> Result<PathBuf> {
    let available = fs::read_to_string(group.join("cgroup.controllers"))
        .with_context(|| format!("reading the controllers of {}", shown(group)))?;
    for needed in CONTROLLERS {
        if !available.split_whitespace().any(|name| name == needed) {
            bail!(
                "the {needed} controller is not available in {} (its cgroup.controllers lists \
                 `{}`): the group above it does not pass it on (for a user's systemd: \
                 `sudo systemctl edit user@.service`, adding `[Service]` and \
                 `Delegate=pids memory`, then log in again)",
                shown(group),
                available.trim()
            );
        }
    }
    if let Err(error) = enable(group) {
        if error.raw_os_error() != Some(libc::EBUSY) {
            return Err(error).with_context(|| {
                format!(
                    "enabling {} for the children of {}",
                    enabled(),
                    shown(group)
                )
            });
        }
        // Processes in the group: v2 gives controllers to the children of a group only
        // when it holds none itself.
        move_into_leaf(group)?;
        enable(group).with_context(|| {
            format!(
                "enabling {} for the children of {} once its processes moved",
                enabled(),
                shown(group)
            )
        })?;
    }
    let runs = group.join(RUNS);
    make_folder(&runs)?;
    enable(&runs).with_context(|| format!("enabling {} in {}", enabled(), shown(&runs)))?;
    Ok(runs)
}

/// What is written to `cgroup.subtree_control`.
fn enabled() -> String {
    CONTROLLERS.map(|name| format!("+{name}")).join(" ")
}

fn enable(group: &Path) -> std::io::Result<()> {
    fs::write(group.join("cgroup.subtree_control"), enabled())
}

fn make_folder(folder: &Path) -> Result<()> {
    match fs::create_dir(folder) {
        Err(error) if error.kind() != ErrorKind::AlreadyExists => {
            Err(error).with_context(|| format!("making {}", shown(folder)))
        }
        _ => Ok(()),
    }
}

/// Moves every process of `group` into its leaf, until none is left (a process may fork
/// while the others move; its child starts in the group and moves on the next pass).
fn move_into_leaf(group: &Path) -> Result<()> {
    let leaf = group.join(RUNNER_LEAF);
    make_folder(&leaf)?;
    for _ in 0..100 {
        let listed = fs::read_to_string(group.join("cgroup.procs"))
            .with_context(|| format!("listing the processes of {}", shown(group)))?;
        let pids: Vec<&str> = listed.split_whitespace().collect();
        if pids.is_empty() {
            return Ok(());
        }
        for pid in pids {
            match fs::write(leaf.join("cgroup.procs"), pid) {
                // It ended meanwhile.
                Err(error) if error.raw_os_error() == Some(libc::ESRCH) => {}
                Err(error) => {
                    let name = fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
                    return Err(error).with_context(|| {
                        format!(
                            "moving process {pid} ({}) from {} into {}",
                            name.trim(),
                            shown(group),
                            shown(&leaf)
                        )
                    });
                }
                Ok(()) => {}
            }
        }
    }
    bail!("processes keep appearing in {}", shown(group))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_system_service_is_told_from_a_login_and_a_users_own_units() {
        let at = |inside: &str| Path::new(MOUNT).join(inside);
        assert_eq!(
            system_service_of(&at("system.slice/ci-runner.service")).as_deref(),
            Some("ci-runner.service")
        );
        assert_eq!(
            system_service_of(&at("user.slice/user-1000.slice/session-3.scope")),
            None
        );
        assert_eq!(
            system_service_of(&at(
                "user.slice/user-1000.slice/user@1000.service/app.slice/vte-spawn-1.scope"
            )),
            None
        );
        assert_eq!(
            system_service_of(&at("user.slice/user-1000.slice/user@1000.service")),
            None
        );
    }

    #[test]
    fn the_handover_reads_back_as_written() {
        for handover in [
            Handover::Ready(PathBuf::from("/sys/fs/cgroup/xtask-runs")),
            Handover::Missing("not delegated; `systemd-run ...`".to_owned()),
            Handover::NotUnified,
        ] {
            let text = serde_json::to_string(&handover).unwrap();
            assert_eq!(serde_json::from_str::<Handover>(&text).unwrap(), handover);
        }
    }

    #[test]
    fn groups_are_shown_as_proc_shows_them() {
        assert_eq!(
            shown(Path::new("/sys/fs/cgroup/user.slice/user-1000.slice")),
            "/user.slice/user-1000.slice"
        );
        assert_eq!(shown(Path::new("/sys/fs/cgroup")), "/");
    }

    #[test]
    fn the_controllers_are_enabled_in_one_write() {
        assert_eq!(enabled(), "+memory +pids");
    }
}

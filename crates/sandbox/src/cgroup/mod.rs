//! The accounting layer: a control group per run, holding the program and everything it
//! starts, so that CPU time and peak memory are those of the whole tree, memory over the
//! budget is refused (MLE, not a crash of the machine), and forks past a cap fail.
//!
//! cgroup v2 (one hierarchy) and cgroup v1 (one hierarchy per controller: `memory`,
//! `cpuacct`, `pids`) are both supported. On v1 the groups are made under the spawner's
//! own groups, which only root may do. On v2 they are made in a folder the runner may
//! manage, found and made ready before any spawner starts ([`delegation`]): for root, a
//! group of its own under the hierarchy's root; for an ordinary user, a subtree systemd
//! delegated to them. Where neither exists, the layer is missing with the reason and the
//! command that would give it, and runs fall back on `wait4`'s figures for the program
//! alone.
//!
//! | file | what it owns |
//! | --- | --- |
//! | [`group`] | one run's group: limits, joining, CPU time, peak memory, failures, kill |
//! | [`delegation`] | on v2, the folder for the run groups: found, controllers enabled, handed to the spawners |
//! | [`systemd`] | asking systemd's user manager for a delegated scope |

pub mod delegation;
pub mod group;
pub mod systemd;

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

pub use delegation::handover;
pub use group::Cgroup;

/// Where the cgroup file system is mounted.
pub const MOUNT: &str = "/sys/fs/cgroup";

/// The v2 controllers the run groups need: `memory` (the limit, the peak, out-of-memory
/// kills) and `pids` (the process cap). CPU time needs none: v2 keeps `cpu.stat`'s
/// `usage_usec` for every group, whether the `cpu` controller is enabled or not, so a
/// machine that delegates only `memory pids` (systemd before 252) still gets everything.
pub const CONTROLLERS: [&str; 2] = ["memory", "pids"];

/// Where the controllers live.
#[derive(Debug, Clone)]
pub enum Hierarchy {
    /// One unified folder, ready for run groups (the controllers enabled for its
    /// children), found by [`delegation`].
    V2 { parent: PathBuf },
    /// One folder per controller.
    V1 {
        memory: PathBuf,
        cpuacct: PathBuf,
        pids: PathBuf,
    },
}

/// Whether the machine mounts cgroup v2 alone (not v1, nor v1 beside v2 as a hybrid).
pub fn unified() -> bool {
    Path::new(MOUNT).join("cgroup.controllers").exists()
}

impl Hierarchy {
    /// Finds where run groups go, and checks that a group can be made (and removed)
    /// there. On v2 this is the folder the runner handed over, or one found now: a
    /// spawner started on its own calls this before entering its namespaces.
    ///
    /// # Errors
    /// No cgroup mount with the controllers, or no right to make groups there; the
    /// message says why and what would give the layer.
    pub fn detect() -> Result<Hierarchy> {
        let hierarchy = if unified() {
            Hierarchy::V2 {
                parent: delegation::parent_for_runs()?,
            }
        } else {
            v1()?
        };
        let probe = Cgroup::create(&hierarchy, "probe").map_err(|error| {
            if matches!(hierarchy, Hierarchy::V1 { .. }) && !nix::unistd::Uid::effective().is_root()
            {
                error.context(
                    "this machine has cgroup v1, where only root may make groups: run as root, \
                     or on a system with cgroup v2 only (every current distribution; \
                     `systemd.unified_cgroup_hierarchy=1` on older ones)",
                )
            } else {
                error
            }
        })?;
        probe.remove();
        hierarchy.sweep_stale();
        Ok(hierarchy)
    }

    /// Removes the groups a killed spawner left behind: ours by name, empty (removing a
    /// group with a process in it fails), and older than any run may last.
    fn sweep_stale(&self) {
        let stale_after = std::time::Duration::from_secs(120);
        for parent in self.parents() {
            let Ok(entries) = fs::read_dir(parent) else {
                continue;
            };
            for entry in entries.filter_map(Result::ok) {
                let old = entry
                    .metadata()
                    .and_then(|meta| meta.modified())
                    .is_ok_and(|made| made.elapsed().is_ok_and(|age| age > stale_after));
                if old && entry.file_name().to_string_lossy().starts_with("xtask-") {
                    let _ = fs::remove_dir(entry.path());
                }
            }
        }
    }

    /// The folders run groups are made in: one (v2) or memory, cpuacct, pids (v1).
    pub fn parents(&self) -> Vec<&PathBuf> {
        match self {
            Hierarchy::V2 { parent } => vec![parent],
            Hierarchy::V1 {
                memory,
                cpuacct,
                pids,
            } => vec![memory, cpuacct, pids],
        }
    }

    /// How the report names it.
    pub fn name(&self) -> &'static str {
        match self {
            Hierarchy::V2 { .. } => "cgroup v2",
            Hierarchy::V1 { .. } => "cgroup v1",
        }
    }
}

/// The v1 folders of this process's groups, one per controller.
fn v1() -> Result<Hierarchy> {
    let own = fs::read_to_string("/proc/self/cgroup").context("reading /proc/self/cgroup")?;
    let path_of = |controller: &str| -> Result<PathBuf> {
        let path = own
            .lines()
            .find_map(|line| {
                let mut parts = line.splitn(3, ':');
                let (_, names, path) = (parts.next()?, parts.next()?, parts.next()?);
                names
                    .split(',')
                    .any(|name| name == controller)
                    .then_some(path)
            })
            .with_context(|| format!("no cgroup v1 {controller} controller"))?;
        Ok(Path::new(MOUNT)
            .join(controller)
            .join(path.trim_start_matches('/')))
    };
    Ok(Hierarchy::V1 {
        memory: path_of("memory")?,
        cpuacct: path_of("cpuacct")?,
        pids: path_of("pids")?,
    })
}

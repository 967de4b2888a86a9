//! The accounting layer: a control group per run, holding the program and everything it
//! starts, so that CPU time and peak memory are those of the whole tree, memory over the
//! budget is refused (MLE, not a crash of the machine), and forks past a cap fail.
//!
//! cgroup v2 (one hierarchy) and cgroup v1 (one hierarchy per controller: `memory`,
//! `cpuacct`, `pids`) are both supported. The groups are made under the spawner's own
//! groups; where the machine does not let the spawner make them (an ordinary user
//! without delegation, a container without the controllers), the layer is missing and
//! the run falls back on `wait4`'s figures for the program alone.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::{Context, Result, bail};

/// Where the controllers live.
#[derive(Debug, Clone)]
pub enum Hierarchy {
    /// One unified group folder (the spawner's), under which runs get theirs.
    V2 { parent: PathBuf },
    /// One folder per controller.
    V1 {
        memory: PathBuf,
        cpuacct: PathBuf,
        pids: PathBuf,
    },
}

impl Hierarchy {
    /// Finds the controllers of this process's groups, and checks that a group can be
    /// made (and removed) under them.
    ///
    /// # Errors
    /// No cgroup mount with the controllers, or no right to make groups there.
    pub fn detect() -> Result<Hierarchy> {
        let own = fs::read_to_string("/proc/self/cgroup").context("reading /proc/self/cgroup")?;
        let root = Path::new("/sys/fs/cgroup");
        let hierarchy = if root.join("cgroup.controllers").exists() {
            let path = own
                .lines()
                .find_map(|line| line.strip_prefix("0::"))
                .context("no cgroup v2 line in /proc/self/cgroup")?;
            Hierarchy::V2 {
                parent: root.join(path.trim_start_matches('/')),
            }
        } else {
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
                Ok(root.join(controller).join(path.trim_start_matches('/')))
            };
            Hierarchy::V1 {
                memory: path_of("memory")?,
                cpuacct: path_of("cpuacct")?,
                pids: path_of("pids")?,
            }
        };
        let probe = Cgroup::create(&hierarchy, "probe")?;
        probe.remove();
        hierarchy.sweep_stale();
        Ok(hierarchy)
    }

    /// Removes the groups a killed spawner left behind: ours by name, empty (removing a
    /// group with a process in it fails), and older than any run may last.
    fn sweep_stale(&self) {
        let parents: Vec<&PathBuf> = match self {
            Hierarchy::V2 { parent } => vec![parent],
            Hierarchy::V1 {
                memory,
                cpuacct,
                pids,
            } => vec![memory, cpuacct, pids],
        };
        let stale_after = std::time::Duration::from_secs(120);
        for parent in parents {
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

    /// How the report names it.
    pub fn name(&self) -> &'static str {
        match self {
            Hierarchy::V2 { .. } => "cgroup v2",
            Hierarchy::V1 { .. } => "cgroup v1",
        }
    }
}

/// One run's group.
#[derive(Debug)]
pub struct Cgroup {
    /// The group's folders: one (v2) or memory, cpuacct, pids (v1).
    dirs: Vec<PathBuf>,
    v2: bool,
}

/// Runs of this spawner, numbered so that their groups have distinct names.
static RUNS: AtomicU64 = AtomicU64::new(0);

/// This spawner's tag in its groups' names.
static TAG: std::sync::LazyLock<u64> = std::sync::LazyLock::new(|| fastrand::u64(..));

impl Cgroup {
    /// Makes a fresh group named after this process and a counter.
    ///
    /// # Errors
    /// The folders cannot be made.
    pub fn create(hierarchy: &Hierarchy, label: &str) -> Result<Cgroup> {
        // The spawner is PID 1 of its namespace, like every other spawner: a random tag
        // keeps the names of parallel spawners' groups apart.
        let name = format!(
            "xtask-{:016x}-{label}-{}",
            *TAG,
            RUNS.fetch_add(1, Ordering::Relaxed)
        );
        let (parents, v2): (Vec<&PathBuf>, bool) = match hierarchy {
            Hierarchy::V2 { parent } => (vec![parent], true),
            Hierarchy::V1 {
                memory,
                cpuacct,
                pids,
            } => (vec![memory, cpuacct, pids], false),
        };
        let mut group = Cgroup {
            dirs: Vec::new(),
            v2,
        };
        for parent in parents {
            let dir = parent.join(&name);
            fs::create_dir(&dir).with_context(|| format!("making {}", dir.display()))?;
            group.dirs.push(dir);
        }
        if v2 {
            // Check the controllers are there: a group without them accounts nothing.
            let controllers =
                fs::read_to_string(group.dirs[0].join("cgroup.controllers")).unwrap_or_default();
            for needed in ["memory", "pids"] {
                if !controllers.split_whitespace().any(|c| c == needed) {
                    group.remove();
                    bail!("the {needed} controller is not delegated to this cgroup");
                }
            }
        }
        Ok(group)
    }

    fn memory_dir(&self) -> &Path {
        &self.dirs[0]
    }

    fn cpu_dir(&self) -> &Path {
        &self.dirs[if self.v2 { 0 } else { 1 }]
    }

    fn pids_dir(&self) -> &Path {
        &self.dirs[if self.v2 { 0 } else { 2 }]
    }

    /// Caps the tree's memory at `bytes` and its processes at `processes`.
    ///
    /// # Errors
    /// The limits cannot be written.
    pub fn limit(&self, bytes: u64, processes: u64) -> Result<()> {
        if self.v2 {
            write(self.memory_dir(), "memory.max", &bytes.to_string())?;
            // No swap: memory over the limit is refused, not paged out and slow.
            let _ = write(self.memory_dir(), "memory.swap.max", "0");
        } else {
            write(
                self.memory_dir(),
                "memory.limit_in_bytes",
                &bytes.to_string(),
            )?;
        }
        write(self.pids_dir(), "pids.max", &processes.to_string())
    }

    /// The control files a process writes its pid into to join the group (`0` means the
    /// writer), one per hierarchy; the child opens them before it is sandboxed.
    pub fn procs_files(&self) -> Vec<PathBuf> {
        self.dirs
            .iter()
            .map(|dir| dir.join("cgroup.procs"))
            .collect()
    }

    /// CPU time of the tree so far, in microseconds.
    pub fn cpu_us(&self) -> Option<u64> {
        if self.v2 {
            let stat = fs::read_to_string(self.cpu_dir().join("cpu.stat")).ok()?;
            field(&stat, "usage_usec")
        } else {
            let nanos = fs::read_to_string(self.cpu_dir().join("cpuacct.usage")).ok()?;
            nanos.trim().parse::<u64>().ok().map(|n| n / 1000)
        }
    }

    /// Peak memory of the tree, in bytes.
    pub fn peak_bytes(&self) -> Option<u64> {
        let file = if self.v2 {
            "memory.peak"
        } else {
            "memory.max_usage_in_bytes"
        };
        fs::read_to_string(self.memory_dir().join(file))
            .ok()?
            .trim()
            .parse()
            .ok()
    }

    /// Whether the memory limit killed a process or refused memory.
    pub fn memory_limit_hit(&self) -> bool {
        if self.v2 {
            let events =
                fs::read_to_string(self.memory_dir().join("memory.events")).unwrap_or_default();
            field(&events, "oom_kill").unwrap_or(0) > 0 || field(&events, "max").unwrap_or(0) > 0
        } else {
            let control = fs::read_to_string(self.memory_dir().join("memory.oom_control"))
                .unwrap_or_default();
            let failures = fs::read_to_string(self.memory_dir().join("memory.failcnt"))
                .ok()
                .and_then(|n| n.trim().parse::<u64>().ok());
            field(&control, "oom_kill").unwrap_or(0) > 0 || failures.unwrap_or(0) > 0
        }
    }

    /// Whether the process cap refused a fork.
    pub fn process_limit_hit(&self) -> bool {
        let events = fs::read_to_string(self.pids_dir().join("pids.events")).unwrap_or_default();
        field(&events, "max").unwrap_or(0) > 0
    }

    /// The processes in the group now.
    pub fn pids(&self) -> Vec<i32> {
        fs::read_to_string(self.pids_dir().join("cgroup.procs"))
            .unwrap_or_default()
            .lines()
            .filter_map(|line| line.trim().parse().ok())
            .collect()
    }

    /// Kills every process in the group, however it detached itself.
    pub fn kill_all(&self) {
        if self.v2 && write(self.pids_dir(), "cgroup.kill", "1").is_ok() {
            return;
        }
        // v1 has no cgroup.kill: kill what is listed until nothing is (a fork in between
        // lands in the group too, and is caught by the next pass).
        for _ in 0..1000 {
            let pids = self.pids();
            if pids.is_empty() {
                return;
            }
            for pid in pids {
                let _ = nix::sys::signal::kill(
                    nix::unistd::Pid::from_raw(pid),
                    nix::sys::signal::Signal::SIGKILL,
                );
            }
            std::thread::sleep(std::time::Duration::from_micros(200));
        }
    }

    /// Removes the group's folders (the group must be empty; retried briefly while the
    /// last processes finish dying).
    pub fn remove(self) {
        for dir in &self.dirs {
            for _ in 0..200 {
                if fs::remove_dir(dir).is_ok() || !dir.exists() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_micros(500));
            }
        }
    }
}

fn write(dir: &Path, file: &str, value: &str) -> Result<()> {
    let path = dir.join(file);
    fs::write(&path, value).with_context(|| format!("writing {value} to {}", path.display()))
}

/// The number after `name ` in a `key value` listing.
fn field(text: &str, name: &str) -> Option<u64> {
    text.lines().find_map(|line| {
        let (key, value) = line.split_once(' ')?;
        (key == name).then(|| value.trim().parse().ok()).flatten()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_read_by_name() {
        let events = "low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\n";
        assert_eq!(field(events, "max"), Some(3));
        assert_eq!(field(events, "oom_kill"), Some(1));
        assert_eq!(field(events, "oom_group_kill"), None);
    }
}

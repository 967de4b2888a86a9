//! The accounting layer: a control group per run, holding the program and everything it
//! starts, so that CPU time and peak memory are those of the whole tree, memory over the
//! budget is refused (MLE, not a crash of the machine), and forks past a cap fail.
//!
//! cgroup v2 (one hierarchy) and cgroup v1 (one hierarchy per controller: `memory`,
//! `cpuacct`, `pids`) are both supported. The groups are made under the spawner's own
//! groups; where the machine does not let the spawner make them (an ordinary user
//! without delegation, a container without the controllers), the layer is missing and
//! the run falls back on `wait4`'s figures for the program alone.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fs::{self, File};
use std::os::unix::fs::FileExt;
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

/// A spawner's group, for one run at a time.
///
/// Under v1 a group serves every run of its spawner: [`Cgroup::start_run`] resets its
/// peak and failure counts and notes where the others stand, so making and removing
/// folders is paid once per worker. Under v2 the peak cannot be reset everywhere, so each
/// run gets a fresh group.
#[derive(Debug)]
pub struct Cgroup {
    /// The group's folders: one (v2) or memory, cpuacct, pids (v1).
    dirs: Vec<PathBuf>,
    v2: bool,
    /// The counters as the current run found them.
    baseline: Baseline,
    /// The limits last written (memory, processes).
    limits: Option<(u64, u64)>,
    /// Control files kept open after their first use (read and written at offset 0):
    /// a run reads a dozen of them, and opening each anew costs more than the run.
    open: RefCell<HashMap<(PathBuf, bool), File>>,
}

/// Counters that only grow, read when a run starts.
#[derive(Debug, Clone, Copy, Default)]
struct Baseline {
    cpu_us: u64,
    oom_kills: u64,
    fork_refusals: u64,
}

/// The most memory a reused group may still have charged from earlier runs: the error it
/// can add to a run's peak.
pub const LEFTOVER_BYTES: u64 = 256 << 10;

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
            baseline: Baseline::default(),
            limits: None,
            open: RefCell::new(HashMap::new()),
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

    /// Whether the group may serve the spawner's next run.
    ///
    /// Memory the kernel frees lazily after a run (its processes' kernel objects) stays
    /// charged to the group for a while and would count in the next run's peak: a group
    /// holding more than [`LEFTOVER_BYTES`] is replaced by a fresh one.
    pub fn reusable(&self) -> bool {
        !self.v2
            && self.pids().is_empty()
            && self
                .usage_bytes()
                .is_some_and(|usage| usage <= LEFTOVER_BYTES)
    }

    /// Memory charged to the group now.
    fn usage_bytes(&self) -> Option<u64> {
        let file = if self.v2 {
            "memory.current"
        } else {
            "memory.usage_in_bytes"
        };
        self.read(self.memory_dir(), file)?.trim().parse().ok()
    }

    /// Starts a run: the peak and the failure count from zero (v1), the other counters
    /// noted, so that what the run reports is its own.
    ///
    /// # Errors
    /// The counters cannot be reset.
    pub fn start_run(&mut self) -> Result<()> {
        if !self.v2 {
            self.write(self.memory_dir(), "memory.max_usage_in_bytes", "0")?;
            self.write(self.memory_dir(), "memory.failcnt", "0")?;
        }
        self.baseline = Baseline {
            cpu_us: self.raw_cpu_us().unwrap_or(0),
            oom_kills: self.raw_oom_kills(),
            fork_refusals: self.raw_fork_refusals(),
        };
        Ok(())
    }

    /// Caps the tree's memory at `bytes` and its processes at `processes` (written only
    /// when they change).
    ///
    /// # Errors
    /// The limits cannot be written.
    pub fn limit(&mut self, bytes: u64, processes: u64) -> Result<()> {
        if self.limits == Some((bytes, processes)) {
            return Ok(());
        }
        self.limits = Some((bytes, processes));
        if self.v2 {
            self.write(self.memory_dir(), "memory.max", &bytes.to_string())?;
            // No swap: memory over the limit is refused, not paged out and slow.
            let _ = self.write(self.memory_dir(), "memory.swap.max", "0");
        } else {
            self.write(
                self.memory_dir(),
                "memory.limit_in_bytes",
                &bytes.to_string(),
            )?;
        }
        self.write(self.pids_dir(), "pids.max", &processes.to_string())
    }

    /// Opens the files a process writes its pid into to join the group, one per
    /// hierarchy, before the fork: the child has to write them before it is sandboxed.
    ///
    /// # Errors
    /// A file cannot be opened.
    pub fn open_membership(&self) -> Result<()> {
        for dir in &self.dirs {
            self.handle(dir, "cgroup.procs", true)?;
        }
        Ok(())
    }

    /// Moves the calling process into the group (in the child, before `exec`).
    ///
    /// # Errors
    /// The kernel refuses the move.
    pub fn join(&self) -> Result<()> {
        for dir in &self.dirs {
            self.write(dir, "cgroup.procs", "0")?;
        }
        Ok(())
    }

    /// CPU time of the tree in this run so far, in microseconds.
    pub fn cpu_us(&self) -> Option<u64> {
        self.raw_cpu_us()
            .map(|cpu| cpu.saturating_sub(self.baseline.cpu_us))
    }

    fn raw_cpu_us(&self) -> Option<u64> {
        if self.v2 {
            let stat = self.read(self.cpu_dir(), "cpu.stat")?;
            field(&stat, "usage_usec")
        } else {
            let nanos = self.read(self.cpu_dir(), "cpuacct.usage")?;
            nanos.trim().parse::<u64>().ok().map(|n| n / 1000)
        }
    }

    /// Peak memory of the tree in this run, in bytes.
    pub fn peak_bytes(&self) -> Option<u64> {
        let file = if self.v2 {
            "memory.peak"
        } else {
            "memory.max_usage_in_bytes"
        };
        self.read(self.memory_dir(), file)?.trim().parse().ok()
    }

    /// Whether the memory limit killed a process or refused memory in this run.
    pub fn memory_limit_hit(&self) -> bool {
        let reached = if self.v2 {
            let events = self
                .read(self.memory_dir(), "memory.events")
                .unwrap_or_default();
            field(&events, "max").unwrap_or(0) > 0
        } else {
            // Reset to zero when the run started.
            self.read(self.memory_dir(), "memory.failcnt")
                .and_then(|n| n.trim().parse::<u64>().ok())
                .unwrap_or(0)
                > 0
        };
        reached || self.raw_oom_kills() > self.baseline.oom_kills
    }

    fn raw_oom_kills(&self) -> u64 {
        let file = if self.v2 {
            "memory.events"
        } else {
            "memory.oom_control"
        };
        let text = self.read(self.memory_dir(), file).unwrap_or_default();
        field(&text, "oom_kill").unwrap_or(0)
    }

    /// Whether the process cap refused a fork in this run.
    pub fn process_limit_hit(&self) -> bool {
        self.raw_fork_refusals() > self.baseline.fork_refusals
    }

    fn raw_fork_refusals(&self) -> u64 {
        let events = self
            .read(self.pids_dir(), "pids.events")
            .unwrap_or_default();
        field(&events, "max").unwrap_or(0)
    }

    /// The processes in the group now.
    pub fn pids(&self) -> Vec<i32> {
        self.read(self.pids_dir(), "cgroup.procs")
            .unwrap_or_default()
            .lines()
            .filter_map(|line| line.trim().parse().ok())
            .collect()
    }

    /// Kills every process in the group, however it detached itself.
    pub fn kill_all(&self) {
        if self.v2 && self.write(self.pids_dir(), "cgroup.kill", "1").is_ok() {
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

impl Cgroup {
    /// The kept handle of `dir/file`, for writing or for reading, opened on first use.
    fn handle(&self, dir: &Path, file: &str, writing: bool) -> Result<std::cell::RefMut<'_, File>> {
        let key = (dir.join(file), writing);
        let mut open = self.open.borrow_mut();
        if !open.contains_key(&key) {
            let handle = fs::OpenOptions::new()
                .read(!writing)
                .write(writing)
                .open(&key.0)
                .with_context(|| format!("opening {}", key.0.display()))?;
            open.insert(key.clone(), handle);
        }
        Ok(std::cell::RefMut::map(open, |open| {
            open.get_mut(&key)
                .unwrap_or_else(|| unreachable!("inserted above"))
        }))
    }

    /// The contents of `dir/file` now.
    fn read(&self, dir: &Path, file: &str) -> Option<String> {
        let handle = self.handle(dir, file, false).ok()?;
        let mut buffer = vec![0u8; 4096];
        let mut length = 0;
        // A control file is read from its start every time: the kernel makes it anew.
        while length < buffer.len() {
            let read = handle.read_at(&mut buffer[length..], length as u64).ok()?;
            if read == 0 {
                break;
            }
            length += read;
        }
        buffer.truncate(length);
        String::from_utf8(buffer).ok()
    }

    /// Writes `value` to `dir/file`.
    fn write(&self, dir: &Path, file: &str, value: &str) -> Result<()> {
        let handle = self.handle(dir, file, true)?;
        handle
            .write_at(value.as_bytes(), 0)
            .map(drop)
            .with_context(|| format!("writing {value} to {}", dir.join(file).display()))
    }
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

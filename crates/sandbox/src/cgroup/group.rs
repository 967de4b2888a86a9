//! One group per run (v2) or per spawner (v1): made under the folder [`Hierarchy`] found,
//! limited, joined by the program before it executes, read for the tree's CPU time, peak
//! memory and failures, emptied by killing, removed.
//!
//! Peak memory is the kernel's own where it keeps one (`memory.peak` on v2 from Linux
//! 5.19, `memory.max_usage_in_bytes` on v1). Before 5.19, v2 keeps no peak: it is sampled
//! from `memory.current` each time the run's CPU time is read, which the spawner does
//! every few milliseconds while the run lasts; a spike shorter than that is missed, but
//! the memory limit itself is the kernel's and exact (MLE is still seen).

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::fs::{self, File};
use std::os::unix::fs::FileExt;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::{Context, Result, bail};

use super::Hierarchy;

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
    /// Where the kernel keeps no peak (v2 before Linux 5.19): the most memory seen charged
    /// so far in this run, sampled by [`Cgroup::cpu_us`].
    sampled_peak: Option<Cell<u64>>,
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
/// can add to a run's peak. Measured on v1 at the start of a reused group's run (statues,
/// thousands of runs): kernel objects the kernel frees lazily or keeps cached, 80 to
/// 250 KiB, plus the per-CPU cache of pre-charged pages (up to 64 pages a CPU), which
/// every group's peak includes anyway; 380 KiB at the 95th percentile, 600 KiB at most.
pub const LEFTOVER_BYTES: u64 = 512 << 10;

/// Runs of this spawner, numbered so that their groups have distinct names.
static RUNS: AtomicU64 = AtomicU64::new(0);

/// This spawner's tag in its groups' names: a hash keyed by the system's randomness, new
/// in every process. (fastrand's seed is the clock: under emulation, whose clock can be
/// coarse, two spawners started side by side drew the same tag and their first groups
/// collided.)
static TAG: std::sync::LazyLock<u64> = std::sync::LazyLock::new(|| {
    use std::hash::BuildHasher;
    std::collections::hash_map::RandomState::new().hash_one(std::process::id())
});

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
        let v2 = matches!(hierarchy, Hierarchy::V2 { .. });
        let mut group = Cgroup {
            dirs: Vec::new(),
            v2,
            sampled_peak: None,
            baseline: Baseline::default(),
            limits: None,
            open: RefCell::new(HashMap::new()),
        };
        for parent in hierarchy.parents() {
            let dir = parent.join(&name);
            fs::create_dir(&dir).with_context(|| format!("making {}", dir.display()))?;
            group.dirs.push(dir);
        }
        if v2 {
            // Check the controllers are there: a group without them accounts nothing.
            let controllers =
                fs::read_to_string(group.dirs[0].join("cgroup.controllers")).unwrap_or_default();
            for needed in super::CONTROLLERS {
                if !controllers.split_whitespace().any(|c| c == needed) {
                    group.remove();
                    bail!(
                        "the {needed} controller is not enabled for the groups in {} (its \
                         cgroup.subtree_control)",
                        hierarchy.parents()[0].display()
                    );
                }
            }
            if !group.dirs[0].join("memory.peak").exists() || sampled_peak_forced() {
                group.sampled_peak = Some(Cell::new(0));
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
        self.may_be_reused()
            && self
                .usage_bytes()
                .is_some_and(|usage| usage <= LEFTOVER_BYTES)
    }

    /// Whether the group may be kept after a run for the next one, which decides by
    /// [`Cgroup::reusable`] when it starts: what a run's exit leaves charged is freed by
    /// the kernel within moments, so judging it at once would replace most groups.
    pub fn may_be_reused(&self) -> bool {
        !self.v2 && self.pids().is_empty()
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
        if let Some(peak) = &self.sampled_peak {
            peak.set(0);
        }
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
            self.handle(dir, self.membership_file(), true)?;
        }
        Ok(())
    }

    /// The file a process joins the group through. On v1, `tasks`: the child joining is
    /// single-threaded, so moving its one thread moves the process, and the kernel moves
    /// a thread that names itself (pid 0) without the machine-wide lock that moving a
    /// whole process through `cgroup.procs` takes; that lock waits for an RCU grace
    /// period whenever the lock has been idle, which made one run in ten wait 5 to 20 ms.
    /// v2 refuses moving single threads between domain groups: `cgroup.procs` there.
    fn membership_file(&self) -> &'static str {
        if self.v2 { "cgroup.procs" } else { "tasks" }
    }

    /// The group's folder, open, for a child created straight into it (v2's
    /// `CLONE_INTO_CGROUP`): a process born in the group is never moved, so it takes none
    /// of the machine-wide lock that moving one takes (and its wait for an RCU grace
    /// period, 5 to 20 ms for one run in ten). `None` on v1, which has no such clone.
    ///
    /// # Errors
    /// The folder cannot be opened.
    pub fn birthplace(&self) -> Result<Option<File>> {
        if !self.v2 {
            return Ok(None);
        }
        let dir = self.memory_dir();
        let folder = fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_DIRECTORY)
            .open(dir)
            .with_context(|| format!("opening {}", dir.display()))?;
        Ok(Some(folder))
    }

    /// Moves the calling process into the group (in the child, before `exec`).
    ///
    /// # Errors
    /// The kernel refuses the move.
    pub fn join(&self) -> Result<()> {
        for dir in &self.dirs {
            self.write(dir, self.membership_file(), "0")?;
        }
        Ok(())
    }

    /// CPU time of the tree in this run so far, in microseconds. Where the kernel keeps no
    /// peak, each call also samples the memory charged now (see the module's header).
    pub fn cpu_us(&self) -> Option<u64> {
        if let Some(peak) = &self.sampled_peak {
            if let Some(now) = self.usage_bytes() {
                peak.set(peak.get().max(now));
            }
        }
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

    /// Peak memory of the tree in this run, in bytes: the kernel's, or the most sampled.
    pub fn peak_bytes(&self) -> Option<u64> {
        if let Some(peak) = &self.sampled_peak {
            return Some(peak.get());
        }
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
        // A control file is read from its start every time: the kernel makes it anew. It
        // fills a read until the text ends (its seq_file), so a read that comes back
        // short has it all; a read past the end would make the kernel write the whole
        // text again only to find nothing after it (a run reads a dozen such files).
        while length < buffer.len() {
            let wanted = buffer.len() - length;
            let read = handle.read_at(&mut buffer[length..], length as u64).ok()?;
            length += read;
            if read < wanted {
                break;
            }
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

/// Whether the peak is to be sampled even where the kernel keeps one: how a machine with a
/// newer kernel checks the way older ones are measured (`XTASK_CGROUP_SAMPLED_PEAK=1`, set
/// for the spawner; the programs it runs never see it).
fn sampled_peak_forced() -> bool {
    std::env::var_os("XTASK_CGROUP_SAMPLED_PEAK").is_some_and(|value| value == "1")
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

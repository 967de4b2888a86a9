//! The accounting layer where no cgroup can be had (an ordinary user on cgroup v1, `su`
//! without a session, a container whose cgroup file system is read-only): the spawner is
//! init of the run's PID namespace, so its private /proc shows exactly the run's
//! processes, and every orphan is handed to it to reap.
//!
//! - CPU time: while the tree runs, the sum over its processes of their own time and of
//!   the children they reaped (`/proc/PID/stat`), plus what the spawner reaped this run
//!   (`getrusage(RUSAGE_CHILDREN)`, before and after). Once every process is reaped, that
//!   last figure alone is the whole tree's, exactly.
//! - Memory: the sum of the resident memory of every process (`/proc/PID/statm`) plus the
//!   pages of the box's tmpfs, sampled as the spawner polls (every few milliseconds); the
//!   peak is the largest sum seen, and never less than the largest single process's own
//!   peak, which the kernel keeps exactly (`ru_maxrss`). A peak shorter than one poll can
//!   be missed; pages shared between processes count once per process.
//!
//! The spawner ends the tree as soon as a sample is over the CPU cap or the memory limit,
//! as it does with a cgroup. Without a cgroup there is no kernel cap on memory, so no
//! address-space cap is set either: a JVM reserves far more than it uses, and starts.

use std::fs;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What one sample of the tree read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sample {
    pub cpu_us: u64,
    pub memory_bytes: u64,
    /// Threads of every process: what the process cap (`RLIMIT_NPROC`) counts.
    pub threads: u64,
}

/// Samples one run's tree, from its start to its last reaped process.
#[derive(Debug)]
pub struct Sampler {
    /// The spawner's reaped children's CPU time when the run started.
    reaped_before_us: u64,
    /// The box's tmpfs, whose pages are the run's memory (a private root's box).
    box_dir: Option<PathBuf>,
    peak_bytes: u64,
    cpu_seen_us: u64,
    most_threads: u64,
    last: Option<Instant>,
}

impl Sampler {
    /// Starts sampling a run that has not forked yet.
    pub fn start(box_dir: Option<PathBuf>) -> Sampler {
        Sampler {
            reaped_before_us: reaped_cpu_us(),
            box_dir,
            peak_bytes: 0,
            cpu_seen_us: 0,
            most_threads: 0,
            last: None,
        }
    }

    /// Whether the last sample is more recent than `interval`.
    pub fn sampled_within(&self, interval: Duration) -> bool {
        self.last.is_some_and(|last| last.elapsed() < interval)
    }

    /// Reads the tree now: its CPU time so far and the memory it holds.
    pub fn sample(&mut self) -> Sample {
        self.last = Some(Instant::now());
        let mut live = Sample::default();
        for process in processes() {
            live.cpu_us += process.cpu_us;
            live.memory_bytes += process.memory_bytes;
            live.threads += process.threads;
        }
        live.memory_bytes += self.box_bytes();
        let reaped = reaped_cpu_us().saturating_sub(self.reaped_before_us);
        // A process reaped between two reads of /proc counts in neither: the figure seen
        // never goes down.
        self.cpu_seen_us = self.cpu_seen_us.max(live.cpu_us + reaped);
        self.peak_bytes = self.peak_bytes.max(live.memory_bytes);
        self.most_threads = self.most_threads.max(live.threads);
        Sample {
            cpu_us: self.cpu_seen_us,
            ..live
        }
    }

    /// Whether the tree was seen holding `cap` threads or more: at its process cap, where
    /// a fork is refused (the kernel tells only the program).
    pub fn reached(&self, cap: u64) -> bool {
        self.most_threads >= cap
    }

    /// The tree's CPU time, once every process of the run is reaped.
    pub fn cpu_us(&self) -> u64 {
        reaped_cpu_us()
            .saturating_sub(self.reaped_before_us)
            .max(self.cpu_seen_us)
    }

    /// The largest memory seen, or `largest_process` (the kernel's exact peak of the
    /// largest single process) if that is larger.
    pub fn peak_bytes(&self, largest_process: u64) -> u64 {
        self.peak_bytes.max(largest_process)
    }

    fn box_bytes(&self) -> u64 {
        let Some(dir) = &self.box_dir else {
            return 0;
        };
        nix::sys::statvfs::statvfs(dir.as_path()).map_or(0, |stats| {
            let used = stats.blocks().saturating_sub(stats.blocks_free());
            used.saturating_mul(stats.fragment_size())
        })
    }
}

/// CPU time of every child the spawner reaped so far, their reaped descendants included.
fn reaped_cpu_us() -> u64 {
    nix::sys::resource::getrusage(nix::sys::resource::UsageWho::RUSAGE_CHILDREN).map_or(
        0,
        |usage| {
            let micros = |time: nix::sys::time::TimeVal| {
                u64::try_from(time.tv_sec()).unwrap_or(0) * 1_000_000
                    + u64::try_from(time.tv_usec()).unwrap_or(0)
            };
            micros(usage.user_time()) + micros(usage.system_time())
        },
    )
}

/// Each process of the namespace but the spawner (its init, pid 1): CPU time (its own
/// and its reaped children's), resident memory and threads.
fn processes() -> impl Iterator<Item = Sample> {
    let entries = fs::read_dir("/proc").into_iter().flatten().flatten();
    entries.filter_map(|entry| {
        let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
        if pid == 1 {
            return None;
        }
        let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        let (cpu_us, threads) = cpu_and_threads_of_stat(&stat)?;
        let statm = fs::read_to_string(format!("/proc/{pid}/statm")).unwrap_or_default();
        Some(Sample {
            cpu_us,
            memory_bytes: resident_of_statm(&statm),
            threads,
        })
    })
}

/// `utime + stime + cutime + cstime` of a `/proc/PID/stat` line, in microseconds, and
/// its `num_threads`. The command name in parentheses may hold spaces and parentheses:
/// the fields start after the last `)`.
fn cpu_and_threads_of_stat(stat: &str) -> Option<(u64, u64)> {
    let after_name = &stat[stat.rfind(')')? + 1..];
    // Fields 3 on (state, ppid, ...): utime is field 14, so the 12th here, and
    // num_threads field 20.
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let number = |field: &&str| field.parse::<u64>().unwrap_or(0);
    let ticks: u64 = fields.get(11..15)?.iter().map(number).sum();
    // A process that ended and waits to be reaped shows no threads, but still counts
    // against the process cap.
    let threads = fields.get(17).map_or(1, number).max(1);
    Some((
        ticks.saturating_mul(1_000_000) / clock_ticks_per_second(),
        threads,
    ))
}

/// The resident size of a `/proc/PID/statm` line (its second field, in pages), in bytes.
fn resident_of_statm(statm: &str) -> u64 {
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|field| field.parse().ok())
        .unwrap_or(0);
    pages.saturating_mul(page_size())
}

fn clock_ticks_per_second() -> u64 {
    nix::unistd::sysconf(nix::unistd::SysconfVar::CLK_TCK)
        .ok()
        .flatten()
        .and_then(|ticks| u64::try_from(ticks).ok())
        .filter(|&ticks| ticks > 0)
        .unwrap_or(100)
}

fn page_size() -> u64 {
    nix::unistd::sysconf(nix::unistd::SysconfVar::PAGE_SIZE)
        .ok()
        .flatten()
        .and_then(|size| u64::try_from(size).ok())
        .unwrap_or(4096)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_and_threads_are_read_after_a_name_holding_spaces_and_parentheses() {
        let ticks = clock_ticks_per_second();
        // utime 3, stime 4, cutime 5, cstime 6 ticks: 18 in all; 3 threads.
        let stat = "42 (a (weird) name) R 1 42 42 0 -1 4194304 100 0 0 0 3 4 5 6 20 0 3 0 \
                    1000 1000 100";
        assert_eq!(
            cpu_and_threads_of_stat(stat),
            Some((18 * 1_000_000 / ticks, 3))
        );
        assert_eq!(cpu_and_threads_of_stat("42 (cut) R 1"), None);
        assert_eq!(cpu_and_threads_of_stat("no parenthesis"), None);
    }

    #[test]
    fn resident_memory_is_the_second_field_in_pages() {
        assert_eq!(resident_of_statm("1000 25 10 1 0 20 0"), 25 * page_size());
        assert_eq!(resident_of_statm(""), 0);
    }

    #[test]
    fn the_cpu_time_seen_never_goes_down() {
        let mut sampler = Sampler::start(None);
        sampler.cpu_seen_us = 5_000_000;
        assert!(sampler.sample().cpu_us >= 5_000_000);
        assert!(sampler.cpu_us() >= 5_000_000);
        assert_eq!(sampler.peak_bytes(7), sampler.peak_bytes.max(7));
    }
}

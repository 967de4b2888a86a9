//! The accounting layer where no cgroup can be had (an ordinary user on cgroup v1, `su`
//! without a session, a container whose cgroup file system is read-only): the spawner is
//! init of the run's PID namespace, so its private /proc shows exactly the run's
//! processes, and every orphan is handed to it to reap.
//!
//! - CPU time: the larger of two sums, each never more than the truth. One is, while the
//!   tree runs, the time of its processes and of the children they reaped
//!   (`/proc/PID/stat`), plus what the spawner reaped this run (`getrusage(RUSAGE_CHILDREN)`,
//!   before and after); once every process is reaped, that last figure alone is the whole
//!   tree's, but for children the kernel reaped itself (their parent ignored `SIGCHLD`),
//!   whose time the kernel adds to no one. The other is every process ever seen in a
//!   sample, each with its own time when last seen: a child the kernel reaps still counts
//!   what it had used at the last poll before it ended.
//! - Memory: what a cgroup would charge the run, sampled as the spawner polls (every 5
//!   milliseconds, at most every millisecond while the program's output wakes it): each
//!   process's anonymous and shared memory and its page tables
//!   (`/proc/PID/status`), plus the pages of the box's tmpfs, whose size is at most the
//!   memory limit (its files stop there, as a cgroup stops them). The pages of the binaries
//!   and libraries it maps from files are left out, as a cgroup leaves out the pages that
//!   were in the host's page cache before the run (the C library, a JVM's `libjvm.so`):
//!   an honest program gets the same verdict in both layers. Where the tree has more than
//!   one process, each one's share of the pages they hold together counts
//!   (`/proc/PID/smaps_rollup`, proportional), so a fork's copy-on-write pages count once.
//!   A process whose main thread has ended is read through a thread that still runs. The
//!   peak is the largest sum seen, and never less than one process's own peak as the
//!   kernel keeps it (`VmHWM`, its file pages taken off), which a poll cannot miss.
//!   The kernel's records of each mapping and epoll watch count too ([`kernel_records`]),
//!   counted every few samples.
//! - What sampling cannot see: the kernel's other objects for a run (its sockets' and
//!   pipes' buffers, its files' and inodes' records, each bounded by the run's limits on
//!   descriptors, processes and the box), memory held for less than a poll by a process
//!   that then ends, and the CPU time a child the kernel reaps itself used after the last
//!   poll that saw it. A cgroup sees all of them.
//!
//! The spawner ends the tree as soon as a sample is over the CPU cap or the memory limit,
//! as it does with a cgroup. Without a cgroup there is no kernel cap on memory, so no
//! address-space cap is set either: a JVM reserves far more than it uses, and starts.

mod kernel_records;

use std::collections::HashMap;
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
    /// Each process ever seen (its pid and start time), with its own CPU time when last
    /// seen.
    own_seen_us: HashMap<(u32, u64), u64>,
    most_threads: u64,
    last: Option<Instant>,
    /// Samples taken, to count the kernel's records every few.
    samples: u64,
    /// Each live process's kernel records, in bytes, as last counted.
    records_bytes: HashMap<(u32, u64), u64>,
}

impl Sampler {
    /// Starts sampling a run that has not forked yet.
    pub fn start(box_dir: Option<PathBuf>) -> Sampler {
        Sampler {
            reaped_before_us: reaped_cpu_us(),
            box_dir,
            peak_bytes: 0,
            cpu_seen_us: 0,
            own_seen_us: HashMap::new(),
            most_threads: 0,
            last: None,
            samples: 0,
            records_bytes: HashMap::new(),
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
        let mut peak_floor = 0;
        let processes = processes();
        let count_records = self.samples % kernel_records::COUNT_EVERY == 0;
        self.samples += 1;
        if count_records {
            self.records_bytes = processes
                .iter()
                .map(|process| {
                    let key = (process.pid, process.cpu.started);
                    (key, kernel_records::bytes_of(process.pid))
                })
                .collect();
        }
        for process in processes {
            let key = (process.pid, process.cpu.started);
            live.memory_bytes += self.records_bytes.get(&key).copied().unwrap_or(0);
            live.cpu_us += process.cpu.own_us + process.cpu.reaped_us;
            self.own_seen_us
                .insert((process.pid, process.cpu.started), process.cpu.own_us);
            live.memory_bytes += process.charged_bytes;
            live.threads += process.threads;
            peak_floor = peak_floor.max(process.peak_floor_bytes);
        }
        live.memory_bytes += self.box_bytes();
        let reaped = reaped_cpu_us().saturating_sub(self.reaped_before_us);
        // A process reaped between two reads of /proc counts in neither: the figure seen
        // never goes down. A process the kernel reaped counts what it had when last seen.
        let ever_seen: u64 = self.own_seen_us.values().sum();
        self.cpu_seen_us = self.cpu_seen_us.max(live.cpu_us + reaped).max(ever_seen);
        self.peak_bytes = self.peak_bytes.max(live.memory_bytes).max(peak_floor);
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

    /// The largest memory seen.
    pub fn peak_bytes(&self) -> u64 {
        self.peak_bytes
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

/// One process as a sample sees it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Process {
    pid: u32,
    cpu: Cpu,
    threads: u64,
    /// What a cgroup would charge for it now.
    charged_bytes: u64,
    /// The least its own peak can have been (see [`Held::peak_floor_bytes`]).
    peak_floor_bytes: u64,
}

/// Each process of the namespace but the spawner (its init, pid 1).
fn processes() -> Vec<Process> {
    let pids: Vec<u32> = fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse().ok())
        .filter(|&pid| pid != 1)
        .collect();
    // Pages a fork shares with its parent are counted in shares where they can be.
    let shared = pids.len() > 1;
    pids.into_iter()
        .filter_map(|pid| {
            let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            let (cpu, threads) = cpu_and_threads_of_stat(&stat)?;
            let held = held_by(pid, shared);
            Some(Process {
                pid,
                cpu,
                threads,
                charged_bytes: held.charged_bytes(),
                peak_floor_bytes: held.peak_floor_bytes(),
            })
        })
        .collect()
}

/// The memory figures of one process, in bytes (`/proc/PID/status` and, for shares,
/// `smaps_rollup`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Held {
    anonymous: u64,
    shared_memory: u64,
    file: u64,
    page_tables: u64,
    peak_resident: u64,
}

impl Held {
    /// Anonymous and shared memory and page tables: what a cgroup charges a run for a
    /// process whose binary and libraries were in the page cache before it started.
    fn charged_bytes(&self) -> u64 {
        self.anonymous + self.shared_memory + self.page_tables
    }

    /// The kernel's exact peak of the process's resident memory, less its file pages now
    /// (a binary's and its libraries' pages stay mapped): a peak between two polls is not
    /// missed.
    fn peak_floor_bytes(&self) -> u64 {
        self.peak_resident.saturating_sub(self.file) + self.page_tables
    }
}

/// What process `pid` holds. A process whose main thread has ended shows nothing of its
/// memory in its own files: one of its threads that still runs shows all of it.
fn held_by(pid: u32, shared: bool) -> Held {
    let read = |dir: &str| {
        let status = fs::read_to_string(format!("{dir}/status")).ok()?;
        let mut held = held_of_status(&status)?;
        if shared {
            if let Some(rollup) = fs::read_to_string(format!("{dir}/smaps_rollup"))
                .ok()
                .and_then(|rollup| shares_of_rollup(&rollup))
            {
                (held.anonymous, held.shared_memory, held.file) = rollup;
            }
        }
        Some(held)
    };
    let own = format!("/proc/{pid}");
    read(&own)
        .or_else(|| {
            let tasks = fs::read_dir(format!("{own}/task")).ok()?;
            tasks
                .flatten()
                .find_map(|task| read(&format!("{own}/task/{}", task.file_name().to_str()?)))
        })
        .unwrap_or_default()
}

/// The memory lines of a `/proc/PID/status`, or `None` where it has none (a process, or
/// a thread, whose memory is gone).
fn held_of_status(status: &str) -> Option<Held> {
    let mut held = Held::default();
    let mut seen = false;
    for line in status.lines() {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let field = match name {
            "RssAnon" => &mut held.anonymous,
            "RssShmem" => &mut held.shared_memory,
            "RssFile" => &mut held.file,
            "VmPTE" => &mut held.page_tables,
            "VmHWM" => &mut held.peak_resident,
            _ => continue,
        };
        *field = kilobytes(value);
        seen |= name == "RssAnon";
    }
    seen.then_some(held)
}

/// A process's proportional shares (anonymous, shared memory, file) from its
/// `smaps_rollup`, where the kernel gives them (5.9 and later).
fn shares_of_rollup(rollup: &str) -> Option<(u64, u64, u64)> {
    let field = |name: &str| {
        rollup.lines().find_map(|line| {
            let (found, value) = line.split_once(':')?;
            (found == name).then(|| kilobytes(value))
        })
    };
    Some((field("Pss_Anon")?, field("Pss_Shmem")?, field("Pss_File")?))
}

/// `   1234 kB` in bytes.
fn kilobytes(value: &str) -> u64 {
    value
        .split_whitespace()
        .next()
        .and_then(|number| number.parse::<u64>().ok())
        .unwrap_or(0)
        .saturating_mul(1024)
}

/// A process's CPU time, from its `/proc/PID/stat`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Cpu {
    /// `utime + stime`: its own threads', the ended ones included, in microseconds.
    own_us: u64,
    /// `cutime + cstime`: the children it waited for, in microseconds.
    reaped_us: u64,
    /// Its start time (in clock ticks after boot): with the pid, it names the process.
    started: u64,
}

/// The CPU times and `num_threads` of a `/proc/PID/stat` line. The command name in
/// parentheses may hold spaces and parentheses: the fields start after the last `)`.
fn cpu_and_threads_of_stat(stat: &str) -> Option<(Cpu, u64)> {
    let after_name = &stat[stat.rfind(')')? + 1..];
    // Fields 3 on (state, ppid, ...): utime is field 14, so the 12th here; num_threads
    // is field 20 and starttime field 22.
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let number = |field: &&str| field.parse::<u64>().unwrap_or(0);
    let micros = |ticks: u64| ticks.saturating_mul(1_000_000) / clock_ticks_per_second();
    let own: u64 = fields.get(11..13)?.iter().map(number).sum();
    let reaped: u64 = fields.get(13..15)?.iter().map(number).sum();
    // A process that ended and waits to be reaped shows no threads, but still counts
    // against the process cap.
    let threads = fields.get(17).map_or(1, number).max(1);
    let started = fields.get(19).map_or(0, number);
    let cpu = Cpu {
        own_us: micros(own),
        reaped_us: micros(reaped),
        started,
    };
    Some((cpu, threads))
}

fn clock_ticks_per_second() -> u64 {
    nix::unistd::sysconf(nix::unistd::SysconfVar::CLK_TCK)
        .ok()
        .flatten()
        .and_then(|ticks| u64::try_from(ticks).ok())
        .filter(|&ticks| ticks > 0)
        .unwrap_or(100)
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
        let cpu = Cpu {
            own_us: 7 * 1_000_000 / ticks,
            reaped_us: 11 * 1_000_000 / ticks,
            started: 1000,
        };
        assert_eq!(cpu_and_threads_of_stat(stat), Some((cpu, 3)));
        assert_eq!(cpu_and_threads_of_stat("42 (cut) R 1"), None);
        assert_eq!(cpu_and_threads_of_stat("no parenthesis"), None);
    }

    #[test]
    fn memory_is_charged_as_a_cgroup_charges_it() {
        let status = "Name:\tjava\nVmHWM:\t   50000 kB\nVmRSS:\t   48000 kB\nRssAnon:\t   20000 kB\n\
                      RssFile:\t   27000 kB\nRssShmem:\t    1000 kB\nVmPTE:\t     300 kB\nThreads:\t20\n";
        let held = held_of_status(status).unwrap();
        // Anonymous, shared memory and page tables; not the 27000 kB of mapped files.
        assert_eq!(held.charged_bytes(), (20_000 + 1_000 + 300) * 1024);
        // The exact peak, its files taken off: a spike between polls still counts.
        assert_eq!(held.peak_floor_bytes(), (50_000 - 27_000 + 300) * 1024);
        // A zombie, or a main thread that ended: no memory of its own to read.
        assert_eq!(
            held_of_status("Name:\tx\nState:\tZ (zombie)\nThreads:\t2\n"),
            None
        );
    }

    #[test]
    fn shares_are_read_where_the_kernel_gives_them() {
        let rollup =
            "Rss:  1936 kB\nPss:  522 kB\nPss_Anon:  152 kB\nPss_File:  370 kB\nPss_Shmem:  0 kB\n";
        assert_eq!(shares_of_rollup(rollup), Some((152 * 1024, 0, 370 * 1024)));
        assert_eq!(shares_of_rollup("Rss:  1936 kB\nPss:  522 kB\n"), None);
    }

    #[test]
    fn the_cpu_time_seen_never_goes_down() {
        let mut sampler = Sampler::start(None);
        sampler.cpu_seen_us = 5_000_000;
        assert!(sampler.sample().cpu_us >= 5_000_000);
        assert!(sampler.cpu_us() >= 5_000_000);
        assert_eq!(sampler.peak_bytes(), sampler.peak_bytes);
    }
}

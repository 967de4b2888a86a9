//! The parent's side of a run once the child is started: it watches the run under the
//! wall-clock, CPU and memory caps (a cgroup's counters, or samples of the PID namespace),
//! moving output into its files as it comes, until the program has ended and nothing of
//! it holds the output open (the run's one rule for output), then kills whatever the
//! program left behind, reaps it, and reads the accounting of the whole tree into the
//! [`Report`].

use std::os::fd::{AsFd, OwnedFd};
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use nix::poll::{self, PollFd, PollFlags, PollTimeout};
use nix::sys::signal::{Signal, kill, killpg};
use nix::sys::wait::{WaitPidFlag, WaitStatus, waitpid};
use nix::unistd::Pid;
use verdict::Stops;

use super::{Abilities, memory_limit};
use crate::cgroup::Cgroup;
use crate::sampled::Sampler;
use crate::streams::Streams;
use crate::wire::{Report, Request};

/// Where a run's tree is measured: its cgroup, or samples of its PID namespace, or
/// neither (the program alone, from `wait4`).
pub(super) struct Accounts<'a> {
    pub(super) group: Option<&'a Cgroup>,
    pub(super) sampler: Option<Sampler>,
    /// When the group's caps were last looked at (the run's start, at first).
    pub(super) looked: Instant,
}

/// The least time between two samples of a tree: a program writing in small pieces
/// wakes the spawner far more often than its caps need looking at.
const SAMPLE_EVERY: Duration = Duration::from_millis(1);

impl Accounts<'_> {
    /// Whether the tree is over its CPU cap or its memory limit now: which, if so.
    fn over(&mut self, request: &Request) -> Option<Over> {
        let cpu_cap_us = request.limits.cpu_ms * 1000;
        if let Some(group) = self.group {
            // No more often than samples are taken, and not at the start: each look reads
            // two or three of the group's files, and a short run's output and end wake the
            // spawner several times within its first millisecond. A kill at a cap comes
            // at most that much later; the kernel holds the tree at its memory limit
            // meanwhile, and the report's CPU time and peak are read from the group.
            if self.looked.elapsed() < SAMPLE_EVERY {
                return None;
            }
            self.looked = Instant::now();
            if group.cpu_us().is_some_and(|cpu| cpu > cpu_cap_us) {
                return Some(Over::Cpu);
            }
            // The limit lies over the budget, so the run is over it already; a tree held
            // at the limit (every process waiting for memory the kernel will not give)
            // would otherwise wait out the wall-clock cap.
            return group.memory_limit_hit().then_some(Over::Memory);
        }
        let sampler = self.sampler.as_mut()?;
        if sampler.sampled_within(SAMPLE_EVERY) {
            return None;
        }
        let sample = sampler.sample();
        if sample.cpu_us > cpu_cap_us {
            Some(Over::Cpu)
        } else if sample.memory_bytes > memory_limit(request.limits.memory_bytes) {
            Some(Over::Memory)
        } else {
            None
        }
    }
}

/// Which cap a tree went over.
enum Over {
    Cpu,
    Memory,
}

/// Waits for the program under the caps, then kills what is left and measures.
pub(super) fn watch(
    abilities: &Abilities,
    request: &Request,
    mut accounts: Accounts<'_>,
    child: Pid,
    started: Instant,
    mut streams: Streams,
) -> Result<Report> {
    let group = accounts.group;
    let wall_cap = Duration::from_millis(request.limits.wall_ms);
    let (mut killed_at_wall_cap, mut killed_at_cpu_cap) = (false, false);
    let mut killed_at_memory_limit = false;
    let mut output_limit_hit = false;
    // Woken the moment the program ends (a pidfd), or by the runner leaving; otherwise
    // every few milliseconds to look at the tree's CPU time and memory.
    let mut exited = ExitSignal::open(child);
    // The run's one rule for output: it ends when the program has ended and no process
    // of it holds its output open any more (the end of file a pipe's reader sees), or at
    // a limit. So output a process writes after the program ended is always kept, never
    // lost to the race between its write and a kill; what is left then is killed.
    let mut ended = None;
    let (status, usage) = loop {
        if ended.is_none() {
            // The program that just ended stays in /proc until it is reaped: the tree's
            // last sample counts it (a tree that forked to its cap and then ended is at
            // its cap).
            if let Some(sampler) = accounts.sampler.as_mut() {
                if exited.has_ended() {
                    sampler.sample();
                }
            }
            ended = reap(abilities, child)?;
            if ended.is_some() {
                // Its pidfd stays readable: waits are on the output from now on.
                exited.forget();
            }
        } else if abilities.pid_namespace {
            reap_orphans();
        }
        let signalled =
            output_limit_hit || killed_at_wall_cap || killed_at_cpu_cap || killed_at_memory_limit;
        if let Some(ended) = ended {
            // After a kill the holders are gone, or out of the sandbox's reach: no wait.
            if streams.fds().is_empty() || signalled {
                break ended;
            }
        }
        if !output_limit_hit && streams.over_cap() {
            output_limit_hit = true;
            signal_everything(abilities, group, child);
        }
        if !signalled {
            if started.elapsed() >= wall_cap {
                killed_at_wall_cap = true;
                signal_everything(abilities, group, child);
            } else if let Some(over) = accounts.over(request) {
                match over {
                    Over::Cpu => killed_at_cpu_cap = true,
                    Over::Memory => killed_at_memory_limit = true,
                }
                signal_everything(abilities, group, child);
            }
        }
        let remaining = wall_cap.saturating_sub(started.elapsed());
        if exited.wait(remaining.min(CPU_CHECK_EVERY), &mut streams) == Woken::RunnerGone {
            // Ctrl-C or a dead runner: end this run now; the caller removes its cgroup,
            // and the spawner ends.
            signal_everything(abilities, group, child);
            if abilities.pid_namespace {
                reap_leftovers();
            }
            return Err(RunnerGone.into());
        }
    };
    let wall = started.elapsed();
    signal_everything(abilities, group, child);
    if abilities.pid_namespace {
        reap_leftovers();
    }
    // Every writer is gone now (or holds on outside the sandbox's reach): the rest of the
    // output, then the report.
    streams.drain(Instant::now() + Duration::from_millis(500));
    streams.kept_all()?;
    output_limit_hit |= streams.over_cap();
    let own_cpu = u64::try_from((timeval(usage.ru_utime) + timeval(usage.ru_stime)).as_micros())
        .unwrap_or(u64::MAX);
    let own_peak = u64::try_from(usage.ru_maxrss).unwrap_or(0) * 1024;
    let (code, signal) = if libc::WIFSIGNALED(status) {
        (None, Some(libc::WTERMSIG(status)))
    } else {
        (Some(libc::WEXITSTATUS(status)), None)
    };
    let (cpu_us, peak_memory_bytes, memory_limit_hit) = match (group, &accounts.sampler) {
        (Some(group), _) => (
            group.cpu_us().unwrap_or(own_cpu),
            group.peak_bytes().unwrap_or(own_peak),
            group.memory_limit_hit(),
        ),
        // Every process is reaped: the sampler has seen all it will see.
        (None, Some(sampler)) => (
            sampler.cpu_us(),
            sampler.peak_bytes(),
            killed_at_memory_limit,
        ),
        (None, None) => (own_cpu, own_peak, false),
    };
    Ok(Report {
        code,
        signal,
        cpu_us,
        wall_us: u64::try_from(wall.as_micros()).unwrap_or(u64::MAX),
        peak_memory_bytes,
        stops: Stops {
            memory_limit_hit,
            killed_at_wall_cap,
            killed_at_cpu_cap,
            killed_at_memory_limit,
            process_limit_hit: match (group, &accounts.sampler) {
                (Some(group), _) => group.process_limit_hit(),
                (None, Some(sampler)) => sampler.reached(request.limits.processes),
                (None, None) => false,
            },
            output_limit_hit,
        },
    })
}

/// Reaps the program if it ended (with its status and resource usage); as init of the
/// PID namespace, also reaps every orphan handed to the spawner.
fn reap(abilities: &Abilities, child: Pid) -> Result<Option<(libc::c_int, libc::rusage)>> {
    loop {
        let mut status: libc::c_int = 0;
        // SAFETY: an all-zero rusage is a valid value of the plain C struct.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let target = if abilities.pid_namespace {
            -1
        } else {
            child.as_raw()
        };
        // SAFETY: wait4 writes only into the two locals passed.
        let reaped = unsafe { libc::wait4(target, &mut status, libc::WNOHANG, &mut usage) };
        if reaped == child.as_raw() {
            return Ok(Some((status, usage)));
        }
        if reaped > 0 {
            continue; // an orphan: reaped, look again
        }
        if reaped < 0 {
            let error = std::io::Error::last_os_error();
            if error.kind() != std::io::ErrorKind::Interrupted {
                bail!("wait4 failed: {error}");
            }
        }
        return Ok(None);
    }
}

/// Kills the program and everything it started, however it detached itself. The program
/// itself is reaped by [`reap`], which keeps its status and usage.
fn signal_everything(abilities: &Abilities, group: Option<&Cgroup>, child: Pid) {
    if abilities.pid_namespace {
        // As init of the namespace, -1 means every other process in it.
        let _ = kill(Pid::from_raw(-1), Signal::SIGKILL);
    } else if let Some(group) = group {
        group.kill_all();
    }
    let _ = killpg(child, Signal::SIGKILL);
}

/// Reaps the processes of the namespace that have ended, without waiting (the program's
/// own status is taken already).
fn reap_orphans() {
    while let Ok(status) = waitpid(None, Some(WaitPidFlag::WNOHANG)) {
        if status == WaitStatus::StillAlive {
            break;
        }
    }
}

/// Reaps what the program left (killed already), within a bound: a process stuck in the
/// kernel must not hang the spawner.
fn reap_leftovers() {
    let deadline = Instant::now() + Duration::from_secs(2);
    while Instant::now() < deadline {
        match waitpid(None, Some(WaitPidFlag::WNOHANG)) {
            Ok(WaitStatus::StillAlive) => std::thread::sleep(Duration::from_micros(100)),
            Ok(_) => {}
            Err(_) => break, // ECHILD: none left
        }
    }
}

/// The runner closed the spawner's input during a run: the run was ended, and the
/// spawner should end too.
#[derive(Debug)]
pub struct RunnerGone;

impl std::fmt::Display for RunnerGone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the runner is gone")
    }
}

impl std::error::Error for RunnerGone {}

/// How often the tree's CPU time is compared with its cap while the program runs.
const CPU_CHECK_EVERY: Duration = Duration::from_millis(5);

/// What ended a wait.
#[derive(Debug, PartialEq, Eq)]
enum Woken {
    /// The program may have ended, or the time passed: look again.
    LookAgain,
    /// The runner closed the spawner's input: it ended, or was interrupted.
    RunnerGone,
}

/// A descriptor that becomes readable when the program ends (Linux's pidfd), so the
/// spawner answers the moment a run ends instead of at its next poll; where the kernel
/// has none, waits are plain sleeps.
struct ExitSignal(Option<OwnedFd>);

impl ExitSignal {
    fn open(child: Pid) -> ExitSignal {
        let pidfd = rustix::process::Pid::from_raw(child.as_raw()).and_then(|pid| {
            rustix::process::pidfd_open(pid, rustix::process::PidfdFlags::empty()).ok()
        });
        ExitSignal(pidfd)
    }

    /// Stops watching the program, which has been reaped: its pidfd would wake every wait.
    fn forget(&mut self) {
        self.0 = None;
    }

    /// Whether the program has ended (and waits to be reaped); without a pidfd, never.
    fn has_ended(&self) -> bool {
        let Some(pidfd) = &self.0 else {
            return false;
        };
        let mut poll = [PollFd::new(pidfd.as_fd(), PollFlags::POLLIN)];
        poll::poll(&mut poll, PollTimeout::ZERO).is_ok_and(|ready| ready > 0)
            && poll[0]
                .revents()
                .is_some_and(|events| events.contains(PollFlags::POLLIN))
    }

    /// Waits up to `timeout` for the program to end, to write output (moved into its
    /// files here), or for the runner to leave.
    fn wait(&self, timeout: Duration, streams: &mut Streams) -> Woken {
        let stdin = std::io::stdin();
        let mut polls = vec![PollFd::new(stdin.as_fd(), PollFlags::empty())];
        for fd in self.0.iter().map(AsFd::as_fd).chain(streams.fds()) {
            polls.push(PollFd::new(fd, PollFlags::POLLIN));
        }
        let timeout = PollTimeout::try_from(timeout.max(Duration::from_millis(1)))
            .unwrap_or(PollTimeout::MAX);
        let ready = poll::poll(&mut polls, timeout).unwrap_or(0);
        let runner_gone = polls[0]
            .revents()
            .is_some_and(|events| events.intersects(PollFlags::POLLHUP | PollFlags::POLLERR));
        if ready > 0 && runner_gone {
            return Woken::RunnerGone;
        }
        streams.pump();
        if self.0.is_none() {
            std::thread::sleep(Duration::from_micros(200));
        }
        Woken::LookAgain
    }
}

fn timeval(value: libc::timeval) -> Duration {
    let seconds = u64::try_from(value.tv_sec).unwrap_or(0);
    let micros = u64::try_from(value.tv_usec).unwrap_or(0);
    Duration::from_secs(seconds) + Duration::from_micros(micros)
}

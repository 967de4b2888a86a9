//! The syscall filter on its own, as the sandbox's compiler builds it, against no filter,
//! in one run: the program's length, what attaching it costs a child, a whole start of statues' binary under it (fork, attach, `exec`,
//! the program's own calls, wait), and what each call costs under it. Twice: the whole
//! filter attached by the child, and the filter cut in two as the spawner uses it (the
//! spawner's part attached before the timing, the run's part by the child: its attach
//! and its calls are timed, its whole starts not shown, since each child here also
//! attaches the part a spawner attaches once).
//!
//! Times are CPU times where they can be (the attaching child's and the calls' thread,
//! the started programs' user and system time), which a loaded machine disturbs less
//! than the wall clock; the starts' wall time is shown beside.
//!
//! The calls timed: `getppid`, allowed outright, which the kernel's per-number cache
//! answers without running the filter; `personality(0xffffffff)`, allowed only after
//! its argument is checked, so the filter runs every time; `setns(-1, 0)` and a number
//! past the table, refused, which the filter answers after a search. The column without a
//! filter shows the call's own cost (a refused call can be cheaper under a filter, which
//! answers before the kernel's work).

use std::io::Read;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use nix::fcntl::OFlag;
use nix::sys::resource::{UsageWho, getrusage};
use nix::sys::wait::{WaitStatus, waitpid};
use nix::unistd::{ForkResult, fork, pipe2};
use sandbox::SyscallFilter;

use super::ROUNDS;

/// Calls of each timed kind a child makes per start of statues asked for (200 starts:
/// 100,000 calls, a tenth of a second), and the children per filter.
const CALLS_PER_RUN: usize = 500;
const CALL_ROUNDS: usize = 15;

/// The timed calls: a name for the table, the number and its arguments.
const PROBES: &[(&str, i64, [u64; 2])] = &[
    ("getppid (cached)", libc::SYS_getppid, [0, 0]),
    (
        "personality (checked)",
        libc::SYS_personality,
        [0xffff_ffff, 0],
    ),
    ("setns (refused)", libc::SYS_setns, [u64::MAX, 0]),
    ("call 1000 (refused)", 1000, [0, 0]),
];

/// Prints the comparison: `runs` starts of `statues` on `input` per filter.
///
/// # Errors
/// A filter cannot be compiled, or a child fails.
pub fn report(runs: usize, statues: &Path, input: &Path) -> Result<()> {
    let filter = Arc::new(SyscallFilter::compile()?);
    let filters: [(&str, Setup); 3] = [
        ("no filter", Setup::Bare),
        ("whole filter", Setup::Whole(filter.clone())),
        ("spawner's + run's", Setup::Split(filter.clone())),
    ];
    let per_round = runs.div_ceil(ROUNDS).max(1);
    // Each start's own times; the medians count, which a moment of load moves less
    // than a mean.
    let mut attach: [Vec<Duration>; 3] = Default::default();
    let mut start: [Vec<Duration>; 3] = Default::default();
    let mut start_cpu: [Vec<Duration>; 3] = Default::default();
    for _ in 0..ROUNDS {
        for (index, (_, filter)) in filters.iter().enumerate() {
            for _ in 0..per_round {
                let started = Instant::now();
                let cpu_before = children_cpu();
                attach[index].push(run_statues(filter.clone(), statues, input)?);
                start[index].push(started.elapsed());
                start_cpu[index].push(children_cpu() - cpu_before);
            }
        }
    }
    let [attach, start, start_cpu] = [attach, start, start_cpu].map(|times| times.map(median));
    let count = u32::try_from(runs.max(1) * CALLS_PER_RUN)?;
    let mut calls = [[f64::MAX; PROBES.len()]; 3];
    for _ in 0..CALL_ROUNDS {
        for (index, (_, filter)) in filters.iter().enumerate() {
            for (best, ns) in calls[index].iter_mut().zip(time_calls(filter, count)?) {
                *best = best.min(ns);
            }
        }
    }
    println!();
    println!(
        "{:<24} {:>12} {:>10} {:>10} {:>10} {:>14}",
        "syscall filter", "instructions", "attach us", "us/run", "CPU us/run", "vs no filter"
    );
    for (index, (name, setup)) in filters.iter().enumerate() {
        let length = match setup {
            Setup::Bare => String::new(),
            Setup::Whole(filter) => filter.instructions().0.to_string(),
            Setup::Split(filter) => filter.instructions().1.to_string(),
        };
        let attach_us = attach[index].as_secs_f64() * 1e6;
        if let Setup::Split(_) = setup {
            // Each start here attaches the spawner's part too, which a spawner does once:
            // its starts would count it, so only the run's own attach is shown.
            println!(
                "{name:<24} {length:>12} {attach_us:>10.1} {:>10} {:>10} {:>14}",
                "-", "-", "-"
            );
            continue;
        }
        println!(
            "{name:<24} {length:>12} {attach_us:>10.1} {:>10.0} {:>10.0} {:>11.0} us",
            start[index].as_secs_f64() * 1e6,
            start_cpu[index].as_secs_f64() * 1e6,
            (start_cpu[index].as_secs_f64() - start_cpu[0].as_secs_f64()) * 1e6,
        );
    }
    println!(
        "{:<24} {:>12} {:>10} {:>10}",
        "ns/call", "no filter", "whole", "split"
    );
    for (probe, (name, _, _)) in PROBES.iter().enumerate() {
        println!(
            "{name:<24} {:>12.1} {:>10.1} {:>10.1}",
            calls[0][probe], calls[1][probe], calls[2][probe],
        );
    }
    println!(
        "({ROUNDS} rounds of {per_round} starts per filter, the medians shown; {CALL_ROUNDS} of {count} calls of each kind, the fastest round shown)"
    );
    Ok(())
}

/// What a child runs under.
#[derive(Clone)]
enum Setup {
    /// `no_new_privs` alone.
    Bare,
    /// The whole filter, attached by the child.
    Whole(Arc<SyscallFilter>),
    /// The spawner's part (attached before the timing, as the spawner holds it before
    /// its runs), then the run's part, attached by the child.
    Split(Arc<SyscallFilter>),
}

/// Starts `statues` on `input` under `setup` and waits for it; returns how long
/// attaching took in the child.
fn run_statues(setup: Setup, statues: &Path, input: &Path) -> Result<Duration> {
    let (mut reader, writer) = pipe()?;
    let mut command = Command::new(statues);
    command
        .stdin(std::fs::File::open(input)?)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // SAFETY: the closure runs in the forked child before `exec`; it makes only system
    // calls (the filter's program is already built) and writes eight bytes to a pipe.
    unsafe {
        command.pre_exec(move || {
            before_timing(&setup)?;
            let started = thread_cpu();
            attach(&setup)?;
            let nanos = u64::try_from((thread_cpu() - started).as_nanos()).unwrap_or(u64::MAX);
            write_all(&writer, &nanos.to_ne_bytes())
        })
    };
    let status = command.status().context("starting statues")?;
    if !status.success() {
        bail!("statues failed under the filter: {status}");
    }
    let mut nanos = [0u8; 8];
    reader.read_exact(&mut nanos)?;
    Ok(Duration::from_nanos(u64::from_ne_bytes(nanos)))
}

/// The spawner's part of a split filter, which the spawner attaches once.
fn before_timing(setup: &Setup) -> std::io::Result<()> {
    match setup {
        Setup::Split(filter) => filter.attach_to_spawner().map_err(std::io::Error::other),
        Setup::Bare | Setup::Whole(_) => Ok(()),
    }
}

/// `no_new_privs` and the filter, as the sandbox's child sets them before `exec`.
fn attach(setup: &Setup) -> std::io::Result<()> {
    match setup {
        Setup::Whole(filter) | Setup::Split(filter) => {
            filter.attach().map_err(std::io::Error::other)
        }
        Setup::Bare => {
            // SAFETY: sets a flag of the calling process; no pointer is passed.
            match unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) } {
                0 => Ok(()),
                _ => Err(std::io::Error::last_os_error()),
            }
        }
    }
}

/// Writes eight bytes or fewer (within a pipe's atomic size) with one call, as a
/// forked child may: no allocation, no lock.
fn write_all(to: &OwnedFd, bytes: &[u8]) -> std::io::Result<()> {
    // SAFETY: `bytes` is valid for its length; `to` is an open descriptor.
    let written = unsafe { libc::write(to.as_raw_fd(), bytes.as_ptr().cast(), bytes.len()) };
    if usize::try_from(written).ok() == Some(bytes.len()) {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

/// Nanoseconds per call of each probe, in a forked child under `setup`.
fn time_calls(setup: &Setup, count: u32) -> Result<Vec<f64>> {
    let (mut reader, writer) = pipe()?;
    // SAFETY: the child makes only system calls and reads the clock, then ends with
    // `_exit`, never returning into the parent's code.
    match unsafe { fork() }.context("fork")? {
        ForkResult::Child => {
            let code = match before_timing(setup).and_then(|()| attach(setup)) {
                Ok(()) => {
                    for &(_, number, [first, second]) in PROBES {
                        let started = thread_cpu();
                        for _ in 0..count {
                            // SAFETY: every probe's arguments are values the kernel
                            // checks and refuses; none is a pointer.
                            unsafe { libc::syscall(number, first, second) };
                        }
                        let nanos = (thread_cpu() - started).as_nanos() as u64;
                        let _ = write_all(&writer, &nanos.to_ne_bytes());
                    }
                    0
                }
                Err(_) => 1,
            };
            // SAFETY: ends the child without running the parent's exit code.
            unsafe { libc::_exit(code) }
        }
        ForkResult::Parent { child } => {
            drop(writer);
            let mut bytes = Vec::new();
            reader.read_to_end(&mut bytes)?;
            let status = waitpid(child, None).context("waiting for the timing child")?;
            if !matches!(status, WaitStatus::Exited(_, 0)) {
                bail!("the timing child failed: {status:?}");
            }
            if bytes.len() != 8 * PROBES.len() {
                bail!("the timing child wrote {} bytes", bytes.len());
            }
            Ok(bytes
                .chunks_exact(8)
                .map(|raw| {
                    let nanos = u64::from_ne_bytes(raw.try_into().unwrap_or_default());
                    nanos as f64 / f64::from(count)
                })
                .collect())
        }
    }
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

/// The CPU time of the calling thread: what the filter costs, without the time the
/// thread waited for a core on a loaded machine.
fn thread_cpu() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: writes only `now`.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

/// The CPU time, user and system, of every child waited for so far.
fn children_cpu() -> Duration {
    // getrusage of RUSAGE_CHILDREN cannot fail: its only errors are a bad pointer or who.
    let Ok(usage) = getrusage(UsageWho::RUSAGE_CHILDREN) else {
        return Duration::ZERO;
    };
    let micros =
        |time: nix::sys::time::TimeVal| time.tv_sec() as u64 * 1_000_000 + time.tv_usec() as u64;
    Duration::from_micros(micros(usage.user_time()) + micros(usage.system_time()))
}

/// A pipe, both ends closed on `exec`.
fn pipe() -> Result<(std::fs::File, OwnedFd)> {
    let (reader, writer) = pipe2(OFlag::O_CLOEXEC).context("pipe")?;
    Ok((std::fs::File::from(reader), writer))
}

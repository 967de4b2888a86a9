//! The syscall filter on its own, as the sandbox's compiler builds it against libseccomp's
//! binary tree over the same policy, in one run: each program's length, what attaching
//! it costs a child, a whole start of statues' binary under it (fork, attach, `exec`,
//! the program's own calls, wait), and what each call costs under it.
//!
//! The calls timed: `getppid`, allowed outright, which the kernel's per-number cache
//! answers without running the filter; `personality(0xffffffff)`, allowed only after
//! its argument is checked, so the filter runs every time; `setns(-1, 0)` and a number
//! past the table, refused, which the filter answers after a search. The two filters are
//! compared call by call; the column without a filter shows the call's own cost (a
//! refused call can be cheaper under a filter, which answers before the kernel's work).

use std::io::Read;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use sandbox::syscalls::{self, Filters};

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
    let filters: [(&str, Option<Arc<Filters>>); 3] = [
        ("no filter", None),
        ("own compiler", Some(Arc::new(syscalls::filter()?))),
        (
            "libseccomp tree",
            Some(Arc::new(syscalls::libseccomp::filter()?)),
        ),
    ];
    let per_round = runs.div_ceil(ROUNDS).max(1);
    let mut attach = [Duration::MAX; 3];
    let mut start = [Duration::MAX; 3];
    for _ in 0..ROUNDS {
        for (index, (_, filter)) in filters.iter().enumerate() {
            let mut attached = Duration::ZERO;
            let started = Instant::now();
            for _ in 0..per_round {
                attached += run_statues(filter.clone(), statues, input)?;
            }
            start[index] = start[index].min(started.elapsed() / u32::try_from(per_round)?);
            attach[index] = attach[index].min(attached / u32::try_from(per_round)?);
        }
    }
    let count = u32::try_from(runs.max(1) * CALLS_PER_RUN)?;
    let mut calls = [[f64::MAX; PROBES.len()]; 3];
    for _ in 0..CALL_ROUNDS {
        for (index, (_, filter)) in filters.iter().enumerate() {
            for (best, ns) in calls[index]
                .iter_mut()
                .zip(time_calls(filter.as_deref(), count)?)
            {
                *best = best.min(ns);
            }
        }
    }
    println!();
    println!(
        "{:<24} {:>12} {:>10} {:>10} {:>14}",
        "syscall filter", "instructions", "attach us", "us/run", "vs no filter"
    );
    for (index, (name, filter)) in filters.iter().enumerate() {
        let length = filter
            .as_ref()
            .map_or_else(String::new, |filter| filter.instructions().to_string());
        println!(
            "{name:<24} {length:>12} {:>10.1} {:>10.0} {:>11.0} us",
            attach[index].as_secs_f64() * 1e6,
            start[index].as_secs_f64() * 1e6,
            (start[index].as_secs_f64() - start[0].as_secs_f64()) * 1e6,
        );
    }
    println!(
        "{:<24} {:>12} {:>10} {:>10} {:>14}",
        "ns/call", "no filter", "own", "libseccomp", "libseccomp-own"
    );
    for (probe, (name, _, _)) in PROBES.iter().enumerate() {
        println!(
            "{name:<24} {:>12.1} {:>10.1} {:>10.1} {:>14.1}",
            calls[0][probe],
            calls[1][probe],
            calls[2][probe],
            calls[2][probe] - calls[1][probe],
        );
    }
    println!(
        "({ROUNDS} rounds of {per_round} starts, {CALL_ROUNDS} of {count} calls of each kind, per filter; the fastest round counts)"
    );
    Ok(())
}

/// Starts `statues` on `input` under `filter` (with `no_new_privs` alone without one)
/// and waits for it; returns how long attaching took in the child.
fn run_statues(filter: Option<Arc<Filters>>, statues: &Path, input: &Path) -> Result<Duration> {
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
            let started = Instant::now();
            attach(filter.as_deref())?;
            let nanos = u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX);
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

/// `no_new_privs` and the filter, as the sandbox's child sets them before `exec`.
fn attach(filter: Option<&Filters>) -> std::io::Result<()> {
    match filter {
        Some(filter) => syscalls::enforce(filter).map_err(std::io::Error::other),
        None => {
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

/// Nanoseconds per call of each probe, in a forked child under `filter`.
fn time_calls(filter: Option<&Filters>, count: u32) -> Result<Vec<f64>> {
    let (mut reader, writer) = pipe()?;
    // SAFETY: the child makes only system calls and reads the clock, then ends with
    // `_exit`, never returning into the parent's code.
    match unsafe { libc::fork() } {
        -1 => bail!("fork: {}", std::io::Error::last_os_error()),
        0 => {
            let code = match attach(filter) {
                Ok(()) => {
                    for &(_, number, [first, second]) in PROBES {
                        let started = Instant::now();
                        for _ in 0..count {
                            // SAFETY: every probe's arguments are values the kernel
                            // checks and refuses; none is a pointer.
                            unsafe { libc::syscall(number, first, second) };
                        }
                        let nanos = started.elapsed().as_nanos() as u64;
                        let _ = write_all(&writer, &nanos.to_ne_bytes());
                    }
                    0
                }
                Err(_) => 1,
            };
            // SAFETY: ends the child without running the parent's exit code.
            unsafe { libc::_exit(code) }
        }
        child => {
            drop(writer);
            let mut bytes = Vec::new();
            reader.read_to_end(&mut bytes)?;
            let mut status = 0;
            // SAFETY: waits for our own child, writing only `status`.
            unsafe { libc::waitpid(child, &mut status, 0) };
            if !libc::WIFEXITED(status) || libc::WEXITSTATUS(status) != 0 {
                bail!("the timing child failed: status {status:#x}");
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

/// A pipe, both ends closed on `exec`.
fn pipe() -> Result<(std::fs::File, OwnedFd)> {
    let mut ends = [0; 2];
    // SAFETY: writes two descriptors into `ends`, which this function then owns.
    if unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        bail!("pipe: {}", std::io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just made and are owned by nothing else.
    Ok(unsafe {
        (
            std::fs::File::from_raw_fd(ends[0]),
            OwnedFd::from_raw_fd(ends[1]),
        )
    })
}

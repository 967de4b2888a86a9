//! Running one program on one input and measuring it.
//!
//! The child gets stdin from the input file and stdout/stderr to files. It is reaped with
//! `wait4`, which reports its own peak resident memory (`ru_maxrss`) and CPU time. The
//! spawn goes through a `pre_exec` hook, which makes std fork rather than `vfork`: a
//! vforked child would report the runner's peak memory as its own. The hook also sets
//! generous rlimits as safety caps; verdicts compare the measurements with the limits.
//!
//! The program may be untrusted (a user's solution): the hook puts it in a process group
//! of its own, and the whole group is killed at the deadline and again once the program
//! has exited, so nothing it started (a forked sleeper, say) outlives the run.

use std::fs::File;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

/// Where a run reads and writes.
#[derive(Debug, Clone)]
pub struct Io {
    pub input: PathBuf,
    pub stdout: PathBuf,
    pub stderr: PathBuf,
}

/// Safety caps for a run.
#[derive(Debug, Clone, Copy)]
pub struct Caps {
    /// Wall-clock time after which the child is killed.
    pub wall: Duration,
    /// RLIMIT_CPU, in whole seconds.
    pub cpu_seconds: u64,
    /// RLIMIT_AS, in bytes.
    pub address_space: u64,
    /// RLIMIT_FSIZE, in bytes: writing past it raises SIGXFSZ.
    pub output: u64,
}

/// How the child ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal(i32),
}

/// What one run measured.
#[derive(Debug, Clone)]
pub struct Measurement {
    pub exit: Exit,
    /// User + system CPU time.
    pub cpu: Duration,
    pub wall: Duration,
    pub peak_rss_bytes: u64,
    /// The wall-clock cap ran out and the child was killed.
    pub killed_at_wall_cap: bool,
}

/// Runs `program args...` with `io` under `caps` and measures it: through the spawner
/// when one was chosen ([`crate::spawner::use_spawner`]), so that the runner's own memory
/// does not count as the program's; from this process otherwise.
///
/// # Errors
/// The files cannot be opened or the program cannot be started or reaped.
pub fn run(program: &Path, args: &[&str], io: &Io, caps: Caps) -> Result<Measurement> {
    match crate::spawner::program() {
        Some(spawner) => crate::spawner::run(spawner, program, args, io, caps),
        None => run_here(program, args, io, caps),
    }
}

/// Runs `program args...` with `io` under `caps`, forked from this process, and measures
/// it. The child's peak counts the resident memory of this process at the fork.
///
/// # Errors
/// The files cannot be opened or the program cannot be started or reaped.
pub fn run_here(program: &Path, args: &[&str], io: &Io, caps: Caps) -> Result<Measurement> {
    let stdin = File::open(&io.input).with_context(|| format!("opening {}", io.input.display()))?;
    let stdout =
        File::create(&io.stdout).with_context(|| format!("creating {}", io.stdout.display()))?;
    let stderr =
        File::create(&io.stderr).with_context(|| format!("creating {}", io.stderr.display()))?;
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(Stdio::from(stdin))
        .stdout(Stdio::from(stdout))
        .stderr(Stdio::from(stderr))
        .env("RUST_BACKTRACE", "0");
    // SAFETY: the hook runs in the forked child before exec and calls only setpgid, signal
    // and setrlimit, which are async-signal-safe; it touches no memory shared with the
    // parent.
    unsafe {
        command.pre_exec(move || {
            own_process_group()?;
            // The spawner ignores Ctrl-C; the program must not inherit that.
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            set_caps(caps)
        });
    }
    let started = Instant::now();
    let child = command
        .spawn()
        .with_context(|| format!("starting {}", program.display()))?;
    let pid = libc::pid_t::try_from(child.id()).context("child pid out of range")?;
    reap(pid, started, caps.wall)
}

/// Makes the child the leader of a new process group, whose id is its pid.
fn own_process_group() -> std::io::Result<()> {
    // SAFETY: setpgid changes only the calling process's group.
    if unsafe { libc::setpgid(0, 0) } == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

/// Kills every process left in the group `group` (ESRCH, none left, is fine).
fn kill_group(group: libc::pid_t) {
    // SAFETY: killpg only sends a signal. The group id cannot name anyone else's group:
    // a pid is not reused while a process group of that id still has members.
    unsafe { libc::killpg(group, libc::SIGKILL) };
}

fn set_caps(caps: Caps) -> std::io::Result<()> {
    let limit = |resource, soft: u64, hard: u64| {
        let value = libc::rlimit {
            rlim_cur: soft as libc::rlim_t,
            rlim_max: hard as libc::rlim_t,
        };
        // SAFETY: setrlimit reads the struct we pass and nothing else.
        if unsafe { libc::setrlimit(resource, &value) } == 0 {
            Ok(())
        } else {
            Err(std::io::Error::last_os_error())
        }
    };
    limit(libc::RLIMIT_CPU, caps.cpu_seconds, caps.cpu_seconds + 1)?;
    limit(libc::RLIMIT_AS, caps.address_space, caps.address_space)?;
    limit(libc::RLIMIT_FSIZE, caps.output, caps.output)?;
    limit(libc::RLIMIT_CORE, 0, 0)
}

/// Waits for `pid`, killing it when `wall_cap` runs out; polls so the deadline holds.
fn reap(pid: libc::pid_t, started: Instant, wall_cap: Duration) -> Result<Measurement> {
    let mut killed_at_wall_cap = false;
    let mut pause = Duration::from_micros(50);
    loop {
        let mut status: libc::c_int = 0;
        // SAFETY: an all-zero rusage is a valid value of the plain C struct.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: wait4 writes only into the two locals we pass.
        let reaped = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if reaped == pid {
            // Whatever the program started and left behind goes with it.
            kill_group(pid);
            return Ok(Measurement {
                exit: decode_status(status),
                cpu: timeval(usage.ru_utime) + timeval(usage.ru_stime),
                wall: started.elapsed(),
                // ru_maxrss is in KiB on Linux.
                peak_rss_bytes: u64::try_from(usage.ru_maxrss).unwrap_or(0) * 1024,
                killed_at_wall_cap,
            });
        }
        if reaped < 0 {
            let error = std::io::Error::last_os_error();
            if error.kind() != std::io::ErrorKind::Interrupted {
                bail!("wait4 failed: {error}");
            }
        }
        if !killed_at_wall_cap && started.elapsed() >= wall_cap {
            // The program leads its group (its pid is the group's id) until reaped.
            kill_group(pid);
            killed_at_wall_cap = true;
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(2));
    }
}

fn decode_status(status: libc::c_int) -> Exit {
    if libc::WIFSIGNALED(status) {
        Exit::Signal(libc::WTERMSIG(status))
    } else {
        Exit::Code(libc::WEXITSTATUS(status))
    }
}

fn timeval(value: libc::timeval) -> Duration {
    let seconds = u64::try_from(value.tv_sec).unwrap_or(0);
    let micros = u64::try_from(value.tv_usec).unwrap_or(0);
    Duration::from_secs(seconds) + Duration::from_micros(micros)
}

/// A signal's name, for reports.
pub fn signal_name(signal: i32) -> String {
    let name = match signal {
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGTERM => "SIGTERM",
        _ => return format!("signal {signal}"),
    };
    name.to_owned()
}

//! A small process that starts the measured programs, so that their peak memory is their
//! own.
//!
//! Linux gives a forked child a copy of its parent's memory map, and the resident pages
//! of that copy count toward the child's `ru_maxrss` even after `exec`. A runner that
//! holds memory of its own (stress answers every input in-process, on several threads)
//! would pass it on to every child it forks, and an 8 MB budget would be judged against
//! the runner's heap. So programs are forked from a spawner: a fresh `xtask spawner`
//! process that holds almost nothing. It reads one request per line on stdin, runs it with
//! [`measure::run_here`], and answers one line on stdout, both JSON.

use std::cell::RefCell;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use serde_json::{Value, json};

use crate::measure::{self, Caps, Exit, Io, Measurement};

/// The program started as the spawner (`<it> spawner`), once chosen.
static PROGRAM: OnceLock<PathBuf> = OnceLock::new();

/// Starts measured programs through `xtask` (the `xtask` binary at `program`) from now on.
/// The first choice stands.
pub fn use_spawner(program: &Path) {
    let _ = PROGRAM.set(program.to_owned());
}

/// The spawner chosen with [`use_spawner`], if any.
pub fn program() -> Option<&'static Path> {
    PROGRAM.get().map(PathBuf::as_path)
}

/// A running spawner, with the pipes to talk to it.
pub struct Spawner {
    child: Child,
    requests: BufWriter<ChildStdin>,
    replies: BufReader<ChildStdout>,
}

thread_local! {
    /// One spawner per thread: stress workers run their programs side by side.
    static SPAWNER: RefCell<Option<Spawner>> = const { RefCell::new(None) };
}

/// Runs `program args...` through this thread's spawner, starting it on first use.
///
/// # Errors
/// The spawner cannot be started or answers with an error.
pub fn run(
    spawner: &Path,
    program: &Path,
    args: &[&str],
    io: &Io,
    caps: Caps,
) -> Result<Measurement> {
    SPAWNER.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = Some(Spawner::start(spawner)?);
        }
        let result = slot.as_mut().map(|s| s.request(program, args, io, caps));
        match result {
            Some(Ok(measurement)) => Ok(measurement),
            Some(Err(error)) => {
                // A spawner that failed once is not trusted again.
                *slot = None;
                Err(error)
            }
            None => bail!("no spawner"),
        }
    })
}

impl Spawner {
    fn start(program: &Path) -> Result<Spawner> {
        let mut child = Command::new(program)
            .arg("spawner")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .with_context(|| format!("starting the spawner {}", program.display()))?;
        let requests = BufWriter::new(child.stdin.take().context("spawner without stdin")?);
        let replies = BufReader::new(child.stdout.take().context("spawner without stdout")?);
        Ok(Spawner {
            child,
            requests,
            replies,
        })
    }

    fn request(
        &mut self,
        program: &Path,
        args: &[&str],
        io: &Io,
        caps: Caps,
    ) -> Result<Measurement> {
        let request = json!({
            "program": program,
            "args": args,
            "input": io.input,
            "stdout": io.stdout,
            "stderr": io.stderr,
            "wall_ms": u64::try_from(caps.wall.as_millis()).unwrap_or(u64::MAX),
            "cpu_seconds": caps.cpu_seconds,
            "address_space": caps.address_space,
            "output": caps.output,
        });
        writeln!(self.requests, "{request}")?;
        self.requests.flush().context("writing to the spawner")?;
        let mut line = String::new();
        self.replies
            .read_line(&mut line)
            .context("reading the spawner's answer")?;
        let reply: Value = serde_json::from_str(&line)
            .with_context(|| format!("the spawner answered {line:?}"))?;
        if let Some(error) = reply["error"].as_str() {
            bail!("{error}");
        }
        measurement_from(&reply).with_context(|| format!("the spawner answered {line:?}"))
    }
}

impl Drop for Spawner {
    fn drop(&mut self) {
        // End of input ends the spawner; reap it so no zombie is left.
        let _ = self.requests.flush();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn measurement_from(reply: &Value) -> Option<Measurement> {
    let exit = match (reply["code"].as_i64(), reply["signal"].as_i64()) {
        (Some(code), _) => Exit::Code(i32::try_from(code).ok()?),
        (None, Some(signal)) => Exit::Signal(i32::try_from(signal).ok()?),
        _ => return None,
    };
    Some(Measurement {
        exit,
        cpu: Duration::from_micros(reply["cpu_us"].as_u64()?),
        wall: Duration::from_micros(reply["wall_us"].as_u64()?),
        peak_rss_bytes: reply["peak_rss_bytes"].as_u64()?,
        killed_at_wall_cap: reply["killed_at_wall_cap"].as_bool()?,
    })
}

fn reply_to(request: &Value) -> Value {
    let parsed = (|| -> Option<(PathBuf, Vec<String>, Io, Caps)> {
        let path = |key: &str| request[key].as_str().map(PathBuf::from);
        let args = request["args"]
            .as_array()?
            .iter()
            .map(|arg| arg.as_str().map(str::to_owned))
            .collect::<Option<Vec<_>>>()?;
        let io = Io {
            input: path("input")?,
            stdout: path("stdout")?,
            stderr: path("stderr")?,
        };
        let caps = Caps {
            wall: Duration::from_millis(request["wall_ms"].as_u64()?),
            cpu_seconds: request["cpu_seconds"].as_u64()?,
            address_space: request["address_space"].as_u64()?,
            output: request["output"].as_u64()?,
        };
        Some((path("program")?, args, io, caps))
    })();
    let Some((program, args, io, caps)) = parsed else {
        return json!({ "error": format!("a malformed request: {request}") });
    };
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match measure::run_here(&program, &args, &io, caps) {
        Err(error) => json!({ "error": format!("{error:#}") }),
        Ok(run) => {
            let (code, signal) = match run.exit {
                Exit::Code(code) => (Some(code), None),
                Exit::Signal(signal) => (None, Some(signal)),
            };
            json!({
                "code": code,
                "signal": signal,
                "cpu_us": u64::try_from(run.cpu.as_micros()).unwrap_or(u64::MAX),
                "wall_us": u64::try_from(run.wall.as_micros()).unwrap_or(u64::MAX),
                "peak_rss_bytes": run.peak_rss_bytes,
                "killed_at_wall_cap": run.killed_at_wall_cap,
            })
        }
    }
}

/// The spawner's side (`xtask spawner`): answers requests until its input ends.
///
/// # Errors
/// Its own stdin or stdout fails.
pub fn serve() -> Result<()> {
    // Ctrl-C reaches the runner's whole process group, the spawner included. The spawner
    // outlives it just long enough to finish the run under way, which its deadline
    // bounds, and to kill that run's process group; then its input ends and so does it.
    // SAFETY: setting a signal's disposition to "ignore" touches no memory.
    unsafe { libc::signal(libc::SIGINT, libc::SIG_IGN) };
    let stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lines() {
        let line = line?;
        let reply = match serde_json::from_str::<Value>(&line) {
            Ok(request) => reply_to(&request),
            Err(error) => json!({ "error": format!("a malformed request: {error}") }),
        };
        writeln!(stdout, "{reply}")?;
        stdout.flush()?;
    }
    Ok(())
}

//! Hostile certificate files for `--check`, and the promise every checker keeps on them:
//! on any file it accepts or refuses within [`PROMISED_TIME`] and [`PROMISED_PEAK_KIB`] of
//! memory, with one line of reason that quotes at most a few dozen bytes of the file.
//!
//! The binary runs as a child process, one file at a time: its peak resident memory is
//! read from the kernel's account of waited-for children (`getrusage(RUSAGE_CHILDREN)`,
//! the largest peak of any child so far), so a test binary that uses this kit must start
//! no other child. A child starts with its parent's memory counted until it runs the
//! binary, so the crafted files are written to disk as a stream, never held in the test's
//! memory, by a thread that writes the next files while the checker reads one. Time is
//! checked only as a hard outer bound, ten times the promise, so that a loaded machine
//! cannot make the test flaky; the book's Measurements give the figures.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use nix::fcntl::{OFlag, open};
use nix::sys::resource::{UsageWho, getrusage};
use nix::sys::stat::Mode;

/// The time `--check` is promised to finish in, on this machine.
pub const PROMISED_TIME: Duration = Duration::from_secs(2);
/// The peak resident memory `--check` is promised to stay within: 96 MiB.
pub const PROMISED_PEAK_KIB: i64 = 96 * 1024;
/// The longest refusal line allowed: the reason, with at most a few quoted bytes.
pub const LONGEST_REFUSAL: usize = 400;

/// Writes a crafted file.
pub type Writes = Box<dyn Fn(&mut dyn Write) -> io::Result<()> + Send + Sync>;

/// Where a hostile certificate comes from.
pub enum Source {
    /// A regular file, written by this.
    File(Writes),
    /// An existing file, such as `/dev/zero`.
    Path(PathBuf),
    /// A FIFO that no one ever opens for writing.
    FifoWithoutWriter,
    /// A FIFO whose writer opens it and never writes.
    SilentFifo,
    /// A FIFO whose writer never stops writing blanks.
    EndlessFifo,
}

/// One crafted certificate and what `--check` must make of it.
pub struct Crafted {
    /// Names the case in a failure.
    pub name: String,
    /// The file, or how to make it.
    pub source: Source,
    /// Whether the certificate is valid (a valid one padded, say): accepted with exit 0.
    pub accepted: bool,
}

impl Crafted {
    /// A certificate to be refused.
    pub fn refused(name: impl Into<String>, source: Source) -> Self {
        Crafted {
            name: name.into(),
            source,
            accepted: false,
        }
    }

    /// A valid certificate, to be accepted.
    pub fn accepted(name: impl Into<String>, source: Source) -> Self {
        Crafted {
            name: name.into(),
            source,
            accepted: true,
        }
    }
}

/// The files that are hostile to any checker, whatever its problem: devices, FIFOs, a
/// file over the size limit, deep nesting, a huge number, a huge string.
pub fn generic() -> Vec<Crafted> {
    let limit: usize = 64 << 20;
    vec![
        Crafted::refused("/dev/zero", Source::Path("/dev/zero".into())),
        Crafted::refused("/dev/urandom", Source::Path("/dev/urandom".into())),
        Crafted::refused("a FIFO without a writer", Source::FifoWithoutWriter),
        Crafted::refused("a FIFO whose writer is silent", Source::SilentFifo),
        Crafted::refused("a FIFO that never ends", Source::EndlessFifo),
        Crafted::refused("70 MiB of blanks", padded("", 70 << 20)),
        Crafted::refused("a million [", repeated("", "[", "", 1_000_000, "")),
        Crafted::refused(
            "a number of 10^7 digits",
            repeated("", "1", "", 10_000_000, ""),
        ),
        Crafted::refused(
            "one 64 MiB string",
            repeated("\"", "x", "\"", limit - 1, ""),
        ),
    ]
}

/// `json` with `count` bytes of blanks after it: still the same certificate.
pub fn padded(json: &str, count: usize) -> Source {
    let json = json.to_owned();
    Source::File(Box::new(move |out| {
        out.write_all(json.as_bytes())?;
        let blanks = [b' '; 1 << 16];
        let mut left = count;
        while left > 0 {
            let chunk = left.min(blanks.len());
            out.write_all(&blanks[..chunk])?;
            left -= chunk;
        }
        Ok(())
    }))
}

/// `prefix`, then `entry` repeated (each after `separator`, but the first) until the file
/// nears `bytes`, then `suffix`: a list far longer than any input allows.
pub fn repeated(prefix: &str, entry: &str, suffix: &str, bytes: usize, separator: &str) -> Source {
    let (prefix, entry, suffix, separator) = (
        prefix.to_owned(),
        entry.to_owned(),
        suffix.to_owned(),
        separator.to_owned(),
    );
    Source::File(Box::new(move |out| {
        out.write_all(prefix.as_bytes())?;
        let mut written = prefix.len() + suffix.len();
        let mut first = true;
        while written + separator.len() + entry.len() <= bytes {
            if !first {
                out.write_all(separator.as_bytes())?;
                written += separator.len();
            }
            first = false;
            out.write_all(entry.as_bytes())?;
            written += entry.len();
        }
        out.write_all(suffix.as_bytes())
    }))
}

/// [`repeated`] with entries separated by commas: a JSON list.
pub fn listed(prefix: &str, entry: &str, suffix: &str, bytes: usize) -> Source {
    repeated(prefix, entry, suffix, bytes, ",")
}

/// Runs `binary --check FILE` on each crafted file with `input` on stdin and asserts the
/// promise: exit 0 for a valid certificate, 1 with one `error: ` line for any other, at
/// most [`LONGEST_REFUSAL`] bytes of it, within ten times [`PROMISED_TIME`] and
/// [`PROMISED_PEAK_KIB`].
///
/// # Panics
/// On a broken promise, naming the file; prints each file's time and peak.
pub fn assert_check_is_bounded(binary: &str, input: &[u8], crafted: Vec<Crafted>) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let stdin_path = folder.path().join("input");
    std::fs::write(&stdin_path, input).expect("the input is written");
    let path_of = |index: usize| folder.path().join(format!("certificate-{index}"));
    let crafted = &crafted;
    // The regular files are written in order by a thread of their own while the checker
    // runs on those before: writing hundreds of megabytes took as long as checking them.
    // The thread starts no child, so the kernel's account of children stays the checker's.
    thread::scope(|scope| {
        // Made in the scope: when a check fails, unwinding drops `ready` before the scope
        // waits for the writer, which then stops at its next file instead of writing all.
        let (written, ready) = mpsc::channel();
        scope.spawn(move || {
            for (index, case) in crafted.iter().enumerate() {
                if let Source::File(writes) = &case.source {
                    write_file(writes, &path_of(index));
                    if written.send(index).is_err() {
                        return;
                    }
                }
            }
        });
        for (index, case) in crafted.iter().enumerate() {
            if matches!(case.source, Source::File(_)) {
                let announced = ready.recv().expect("the files' writer wrote this file");
                assert_eq!(announced, index, "the files are written in order");
            }
            check_one(binary, &stdin_path, case, &path_of(index));
        }
    });
}

/// Runs `binary --check` on `case`, made at `path` (a regular file is there already), and
/// asserts the promise.
fn check_one(binary: &str, stdin_path: &Path, case: &Crafted, path: &Path) {
    let (path, writer) = prepare(&case.source, path);
    let started = Instant::now();
    let mut child = Command::new(binary)
        .arg("--check")
        .arg(&path)
        .env("RUST_BACKTRACE", "0")
        .stdin(File::open(stdin_path).expect("the input opens"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let hard_limit = PROMISED_TIME * 10;
    let output = loop {
        if child
            .try_wait()
            .expect("the child can be waited for")
            .is_some()
        {
            break child.wait_with_output().expect("its output is read");
        }
        if started.elapsed() > hard_limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{}: --check still runs after {hard_limit:?}", case.name);
        }
        thread::sleep(Duration::from_millis(5));
    };
    let elapsed = started.elapsed();
    if let Some((stop, handle)) = writer {
        stop.store(true, Ordering::Relaxed);
        handle.join().expect("the FIFO's writer ends");
    }
    let peak = getrusage(UsageWho::RUSAGE_CHILDREN)
        .expect("the children's usage")
        .max_rss();
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!(
        "{}: exit {:?}, {:.2} s, peak so far {} KiB: {}",
        case.name,
        output.status.code(),
        elapsed.as_secs_f64(),
        peak,
        stderr.trim_end()
    );
    let expected = if case.accepted { 0 } else { 1 };
    assert_eq!(
        output.status.code(),
        Some(expected),
        "{}: {stderr}",
        case.name
    );
    if !case.accepted {
        assert!(
            stderr.starts_with("error: ") && stderr.ends_with('\n'),
            "{}: {stderr}",
            case.name
        );
        assert_eq!(stderr.lines().count(), 1, "{}: {stderr}", case.name);
        assert!(
            stderr.len() <= LONGEST_REFUSAL,
            "{}: a refusal of {} bytes",
            case.name,
            stderr.len()
        );
        assert!(
            !stderr.contains(&"x".repeat(40)) && !stderr.contains(&"0,".repeat(20)),
            "{}: the refusal quotes the file: {stderr}",
            case.name
        );
    }
    assert!(
        peak <= PROMISED_PEAK_KIB,
        "{}: peak memory {peak} KiB, over the promised {PROMISED_PEAK_KIB}",
        case.name
    );
}

type Writer = (Arc<AtomicBool>, thread::JoinHandle<()>);

/// Writes the crafted file at `path`, as a stream.
fn write_file(writes: &Writes, path: &Path) {
    let mut file = BufWriter::new(File::create(path).expect("the file is created"));
    writes(&mut file)
        .and_then(|()| file.flush())
        .expect("the certificate is written");
}

/// The file to hand to `--check` for `source` (a FIFO made at `path` when it is one; a
/// regular file is already there), and the thread that writes into it, if any, with its
/// stop flag.
fn prepare(source: &Source, path: &Path) -> (PathBuf, Option<Writer>) {
    let fifo = |path: &Path| {
        nix::unistd::mkfifo(path, Mode::S_IRWXU).expect("a FIFO is made");
        path.to_owned()
    };
    match source {
        // Written by `write_file`, on the files' own thread.
        Source::File(_) => (path.to_owned(), None),
        Source::Path(existing) => (existing.clone(), None),
        Source::FifoWithoutWriter => (fifo(path), None),
        Source::SilentFifo => (fifo(path), Some(writer(path.to_owned(), false))),
        Source::EndlessFifo => (fifo(path), Some(writer(path.to_owned(), true))),
    }
}

/// A thread that holds the FIFO at `path` open for writing (opened read-write, so that
/// it is a writer before the checker opens it, and never waits for it), then writes
/// blanks without end (`endless`) or nothing, until told to stop.
fn writer(path: PathBuf, endless: bool) -> Writer {
    let fd = open(&path, OFlag::O_RDWR | OFlag::O_NONBLOCK, Mode::empty())
        .expect("the FIFO opens for writing");
    let stop = Arc::new(AtomicBool::new(false));
    let stopped = Arc::clone(&stop);
    let handle = thread::spawn(move || {
        let mut file = File::from(fd);
        let blanks = [b' '; 1 << 16];
        while !stopped.load(Ordering::Relaxed) {
            if endless {
                match file.write(&blanks) {
                    Ok(_) => {}
                    // The FIFO is full: the checker reads slower than this writes.
                    Err(error) if error.kind() == io::ErrorKind::WouldBlock => {
                        thread::sleep(Duration::from_micros(200));
                    }
                    Err(_) => return,
                }
            } else {
                thread::sleep(Duration::from_millis(5));
            }
        }
    });
    (stop, handle)
}

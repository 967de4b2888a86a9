//! The program's output: its stdout and stderr are pipes that the spawner drains into the
//! files the runner reads, counting as it goes. Output written to a file by the program
//! itself would sit in the page cache and be charged to its memory (a program printing
//! 16 MiB under gam's 8 MB budget would be judged MLE); drained by the spawner, it is not,
//! and output past the cap is noticed the moment it is written. A judged run's output goes
//! to the worker's two memory files ([`crate::Outputs::Memory`]), emptied at each run.

use std::fs::File;
use std::io::{Read, Seek, Write};
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use nix::fcntl::{FcntlArg, OFlag, fcntl};

/// A file the spawner fills with one stream, and the name an error gives it.
pub struct Sink {
    file: File,
    name: String,
}

impl Sink {
    /// A host file, made empty.
    ///
    /// # Errors
    /// It cannot be created.
    pub fn create(path: &Path) -> Result<Sink> {
        let file = File::create(path).with_context(|| format!("creating {}", path.display()))?;
        Ok(Sink {
            file,
            name: path.display().to_string(),
        })
    }

    /// One of the worker's memory files, emptied for this run.
    ///
    /// # Errors
    /// It cannot be emptied.
    pub fn memory(file: &File, name: &str) -> Result<Sink> {
        let mut file = file.try_clone().context("a handle on a memory file")?;
        file.set_len(0)
            .and_then(|()| file.rewind())
            .with_context(|| format!("emptying the {name} memory file"))?;
        Ok(Sink {
            file,
            name: format!("the worker's {name} memory file"),
        })
    }

    /// Any file, for tests of what happens when a write fails (`/dev/full`).
    #[cfg(test)]
    pub fn of(file: File, name: &str) -> Sink {
        Sink {
            file,
            name: name.to_owned(),
        }
    }
}

/// One stream: the pipe's end the spawner reads, and the file it fills.
struct Stream {
    pipe: Option<File>,
    file: File,
    name: String,
    written: u64,
    /// The first write into the file that failed (a full disk): the judge's failure, so
    /// the run is reported as one, never judged on output it did not keep.
    failed: Option<std::io::Error>,
}

/// The program's stdout and stderr, as the spawner sees them.
pub struct Streams {
    stdout: Stream,
    stderr: Stream,
    /// Bytes past which the output is over the limit; stored up to this much.
    cap: u64,
}

/// The write ends, for the child to put on its descriptors 1 and 2.
pub struct WriteEnds {
    pub stdout: OwnedFd,
    pub stderr: OwnedFd,
}

impl Streams {
    /// Pipes for the program's stdout and stderr, drained into `stdout` and `stderr`.
    ///
    /// # Errors
    /// The pipes cannot be made.
    pub fn open(stdout: Sink, stderr: Sink, cap: u64) -> Result<(Streams, WriteEnds)> {
        let (out_read, out_write) = nix::unistd::pipe2(OFlag::O_CLOEXEC)?;
        let (err_read, err_write) = nix::unistd::pipe2(OFlag::O_CLOEXEC)?;
        for fd in [&out_read, &err_read] {
            fcntl(fd, FcntlArg::F_SETFL(OFlag::O_NONBLOCK))?;
        }
        let stream = |pipe: OwnedFd, sink: Sink| Stream {
            pipe: Some(File::from(pipe)),
            file: sink.file,
            name: sink.name,
            written: 0,
            failed: None,
        };
        let streams = Streams {
            stdout: stream(out_read, stdout),
            stderr: stream(err_read, stderr),
            cap,
        };
        let ends = WriteEnds {
            stdout: out_write,
            stderr: err_write,
        };
        Ok((streams, ends))
    }

    /// The descriptors to poll for output, while their pipes are open.
    pub fn fds(&self) -> Vec<BorrowedFd<'_>> {
        [&self.stdout, &self.stderr]
            .into_iter()
            .filter_map(|stream| stream.pipe.as_ref().map(AsFd::as_fd))
            .collect()
    }

    /// Moves whatever output is waiting into the files.
    pub fn pump(&mut self) {
        let cap = self.cap;
        for stream in [&mut self.stdout, &mut self.stderr] {
            stream.pump(cap);
        }
    }

    /// Whether stdout went past the cap.
    pub fn over_cap(&self) -> bool {
        self.stdout.written > self.cap
    }

    /// Reads both pipes to their end (every writer gone) or until `deadline`, when a
    /// process the sandbox could not kill still holds one open.
    pub fn drain(&mut self, deadline: Instant) {
        while !self.fds().is_empty() && Instant::now() < deadline {
            self.pump();
            if !self.fds().is_empty() {
                std::thread::sleep(Duration::from_micros(200));
            }
        }
        for stream in [&mut self.stdout, &mut self.stderr] {
            if let Err(error) = stream.file.flush() {
                stream.failed.get_or_insert(error);
            }
        }
    }

    /// The first write that failed, naming the file: the output the program wrote was
    /// not all kept, so no verdict can be given on it.
    ///
    /// # Errors
    /// A write into either file failed.
    pub fn kept_all(&self) -> Result<()> {
        for stream in [&self.stdout, &self.stderr] {
            if let Some(error) = &stream.failed {
                anyhow::bail!(
                    "the judge could not keep the program's output: writing {} failed: {error}",
                    stream.name
                );
            }
        }
        Ok(())
    }
}

impl Stream {
    fn pump(&mut self, cap: u64) {
        let Some(pipe) = &mut self.pipe else {
            return;
        };
        let mut buffer = [0u8; 64 << 10];
        loop {
            match pipe.read(&mut buffer) {
                Ok(0) => {
                    self.pipe = None; // every writer is gone
                    return;
                }
                Ok(read) => {
                    // Stored up to one byte past the cap: enough to tell it was passed.
                    let room = (cap + 1).saturating_sub(self.written);
                    let kept = usize::try_from(room).unwrap_or(usize::MAX).min(read);
                    if self.failed.is_none() {
                        if let Err(error) = self.file.write_all(&buffer[..kept]) {
                            self.failed = Some(error);
                        }
                    }
                    self.written += read as u64;
                }
                Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => return,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => {
                    self.pipe = None;
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Streams whose stdout goes to `stdout`, after a program wrote `WIN` and ended.
    fn drained_win(stdout: Sink) -> Streams {
        let stderr = Sink::of(tempfile::tempfile().unwrap(), "stderr");
        let (mut streams, ends) = Streams::open(stdout, stderr, 1 << 20).unwrap();
        File::from(ends.stdout).write_all(b"WIN\n").unwrap();
        drop(ends.stderr);
        streams.drain(Instant::now() + Duration::from_secs(5));
        streams
    }

    #[test]
    fn a_write_that_fails_is_the_judges_failure_naming_the_file() {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let streams = drained_win(Sink::of(full, "/dev/full"));
        let error = streams.kept_all().unwrap_err().to_string();
        assert!(error.contains("writing /dev/full failed"), "{error}");
        assert!(error.contains("No space left on device"), "{error}");
    }

    #[test]
    fn a_memory_sink_starts_empty_each_run() {
        let memory = tempfile::tempfile().unwrap();
        (&memory).write_all(b"the last run's output").unwrap();
        let streams = drained_win(Sink::memory(&memory, "stdout").unwrap());
        streams.kept_all().unwrap();
        let mut kept = String::new();
        let mut reader = memory.try_clone().unwrap();
        reader.rewind().unwrap();
        reader.read_to_string(&mut kept).unwrap();
        assert_eq!(kept, "WIN\n");
    }
}

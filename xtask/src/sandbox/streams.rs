//! The program's output: its stdout and stderr are pipes that the spawner drains into the
//! files the runner reads, counting as it goes. Output written to a file by the program
//! itself would sit in the page cache and be charged to its memory (a program printing
//! 16 MiB under gam's 8 MB budget would be judged MLE); drained by the spawner, it is not,
//! and output past the cap is noticed the moment it is written.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use nix::fcntl::{FcntlArg, OFlag, fcntl};

/// One stream: the pipe's end the spawner reads, and the file it fills.
struct Stream {
    pipe: Option<File>,
    file: File,
    written: u64,
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
    /// The pipes or the files cannot be made.
    pub fn open(stdout: &Path, stderr: &Path, cap: u64) -> Result<(Streams, WriteEnds)> {
        let (out_read, out_write) = nix::unistd::pipe2(OFlag::O_CLOEXEC)?;
        let (err_read, err_write) = nix::unistd::pipe2(OFlag::O_CLOEXEC)?;
        for fd in [&out_read, &err_read] {
            fcntl(fd, FcntlArg::F_SETFL(OFlag::O_NONBLOCK))?;
        }
        let file = |path: &Path| {
            File::create(path).with_context(|| format!("creating {}", path.display()))
        };
        let streams = Streams {
            stdout: Stream {
                pipe: Some(File::from(out_read)),
                file: file(stdout)?,
                written: 0,
            },
            stderr: Stream {
                pipe: Some(File::from(err_read)),
                file: file(stderr)?,
                written: 0,
            },
            cap,
        };
        let ends = WriteEnds {
            stdout: out_write,
            stderr: err_write,
        };
        Ok((streams, ends))
    }

    /// The descriptors to poll for output, while their pipes are open.
    pub fn fds(&self) -> Vec<i32> {
        [&self.stdout, &self.stderr]
            .into_iter()
            .filter_map(|stream| stream.pipe.as_ref().map(AsRawFd::as_raw_fd))
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
        let _ = self.stdout.file.flush();
        let _ = self.stderr.file.flush();
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
                    let _ = self.file.write_all(&buffer[..kept]);
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

//! The certificate file of `--check`, read through a limit: whatever the file is (a
//! regular file, a device such as `/dev/zero`, a pipe or a FIFO), at most
//! [`MAX_CERTIFICATE_BYTES`] are read from it and no read waits past [`READ_DEADLINE`].
//!
//! The limit is counted on the bytes read, not asked of the file system: a device or a
//! FIFO reports a size of 0 whatever it holds. The file is opened non-blocking, so that a
//! FIFO without a writer cannot stall `open`; a read that finds no data yet is retried
//! until the deadline, and a file still silent then is refused.

use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub use crate::certificate::MAX_CERTIFICATE_BYTES;

/// How long reading a certificate file may take in all: a FIFO whose writer stalls is
/// refused after this.
pub const READ_DEADLINE: Duration = Duration::from_secs(1);

/// How long to wait before asking a silent FIFO or terminal again.
const RETRY: Duration = Duration::from_millis(2);

/// A certificate file opened for `--check`: [`Read`] that ends in an error, not in more
/// memory or more waiting, once the file exceeds [`MAX_CERTIFICATE_BYTES`] or
/// [`READ_DEADLINE`].
#[derive(Debug)]
pub struct CertificateFile {
    file: File,
    path: PathBuf,
    read: u64,
    deadline: Instant,
}

impl CertificateFile {
    /// Opens `path` without blocking (a FIFO with no writer opens at once).
    ///
    /// # Errors
    /// The file cannot be opened: the message names it.
    pub fn open(path: &Path) -> Result<Self, String> {
        let file = OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)
            .map_err(|error| format!("reading {}: {error}", path.display()))?;
        Ok(CertificateFile {
            file,
            path: path.to_owned(),
            read: 0,
            deadline: Instant::now() + READ_DEADLINE,
        })
    }

    /// The error that ends reading, with its reason.
    fn refuse(&self, reason: &str) -> io::Error {
        io::Error::other(format!("{}: {reason}", self.path.display()))
    }
}

impl Read for CertificateFile {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        // One byte more than the limit may be asked for: that byte is what tells a file
        // of exactly the limit from a longer one.
        let left = (MAX_CERTIFICATE_BYTES + 1 - self.read).min(buffer.len() as u64) as usize;
        loop {
            match self.file.read(&mut buffer[..left]) {
                Ok(count) => {
                    self.read += count as u64;
                    if self.read > MAX_CERTIFICATE_BYTES {
                        return Err(self.refuse(&crate::certificate::too_long()));
                    }
                    return Ok(count);
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) if error.kind() == io::ErrorKind::WouldBlock => {
                    if Instant::now() >= self.deadline {
                        return Err(self.refuse(&format!(
                            "still not read to its end after {} s",
                            READ_DEADLINE.as_secs()
                        )));
                    }
                    std::thread::sleep(RETRY);
                }
                Err(error) => return Err(self.refuse(&error.to_string())),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(path: &Path) -> Result<usize, String> {
        let mut file = CertificateFile::open(path)?;
        let mut sink = [0u8; 1 << 16];
        let mut total = 0;
        loop {
            match file.read(&mut sink) {
                Ok(0) => return Ok(total),
                Ok(count) => total += count,
                Err(error) => return Err(error.to_string()),
            }
        }
    }

    #[test]
    fn an_endless_device_is_cut_at_the_limit() {
        let error = read_all(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(
            error,
            "/dev/zero: more than 67108864 bytes (64 MiB), the most a certificate may have"
        );
    }

    #[test]
    fn a_missing_file_is_named() {
        let error = read_all(Path::new("/nonexistent/proof.json")).unwrap_err();
        assert!(
            error.starts_with("reading /nonexistent/proof.json: "),
            "{error}"
        );
    }

    #[test]
    fn a_fifo_without_a_writer_reads_as_empty_at_once() {
        let folder = tempfile::tempdir().unwrap();
        let fifo = folder.path().join("fifo");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
        assert_eq!(read_all(&fifo), Ok(0));
    }

    #[test]
    fn a_file_of_exactly_the_limit_is_read_whole() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("limit");
        let file = File::create(&path).unwrap();
        file.set_len(MAX_CERTIFICATE_BYTES).unwrap();
        assert_eq!(read_all(&path), Ok(MAX_CERTIFICATE_BYTES as usize));
        file.set_len(MAX_CERTIFICATE_BYTES + 1).unwrap();
        assert!(read_all(&path).unwrap_err().contains("more than"));
    }
}

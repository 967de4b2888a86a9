//! What the box holds besides the program's own folder: the system's toolchain, read-only,
//! the program and what its command line names ([`Resolved`], made by the caller: xtask's
//! `solution::command`), and a short fixed environment.

use std::path::PathBuf;

/// System folders and files every program may read and execute: the dynamic loader and
/// its cache, the libraries, compilers and interpreters installed with the system, and
/// the Java runtime's configuration. Not `/etc` as a whole (it holds secrets), not
/// `/home`, `/root`, `/tmp`, or any other process's files.
pub const SYSTEM_READABLE: &[&str] = &[
    "/usr",
    "/bin",
    "/sbin",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/alternatives",
    "/etc/localtime",
    // OpenSSL's configuration, read at start by node.
    "/etc/ssl/openssl.cnf",
    "/etc/java-17-openjdk",
    "/etc/java-21-openjdk",
    "/sys/devices/system/cpu",
];

/// The devices a program finds in its `/dev`: read-only as files (no `chmod`), usable as
/// devices.
pub const SYSTEM_DEVICES: &[&str] = &["/dev/null", "/dev/zero", "/dev/random", "/dev/urandom"];

/// Devices every program may write to.
pub const SYSTEM_WRITABLE: &[&str] = &["/dev/null"];

/// The whole environment of a sandboxed program, besides HOME and TMPDIR (its box).
pub const ENVIRONMENT: &[(&str, &str)] = &[
    ("PATH", "/usr/local/bin:/usr/bin:/bin"),
    ("LANG", "C.UTF-8"),
    // A panicking Rust program prints one line, not a backtrace costing ~30 MiB.
    ("RUST_BACKTRACE", "0"),
];

/// A program resolved for the box: the file to execute, its arguments (paths made
/// absolute, since the program runs in its box) and what it may read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    pub program: PathBuf,
    pub args: Vec<String>,
    pub readable: Vec<PathBuf>,
}

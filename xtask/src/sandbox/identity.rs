//! Who the program runs as: a user that owns nothing.
//!
//! As root (no user namespace needed), each spawner picks a uid and gid of its own in a
//! range no system assigns to people or services (isolate's model: one uid per box): the
//! program owns no file outside its box, so `chmod`, `chown`, `utime` and `setxattr` are
//! refused on every file, even before the read-only mounts refuse them, and where no
//! cgroup caps the processes, `RLIMIT_NPROC` counts exactly the processes of its runs.
//!
//! An ordinary user's spawner lives in a user namespace that maps only the user's own
//! uid (more would take the setuid `newuidmap`): the program runs as that user without
//! any capability. It owns the user's files, but none of them is in its root except the
//! ones its command line names, bound read-only, so it can change none of them.

use anyhow::{Context, Result};
use nix::unistd::{Gid, Uid};

/// The first uid of the box users; spawner `n` takes `BOX_UID_BASE + n`.
pub const BOX_UID_BASE: u32 = 61_000;

/// How many box users there are: spawners beyond this many share a uid (harmless: they
/// live in different PID and mount namespaces; only their process caps add up).
pub const BOX_UIDS: u32 = 2_000;

/// The uid and gid a program runs as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoxUser {
    pub uid: u32,
    pub gid: u32,
    /// The spawner switches to it (root on the host); otherwise the program keeps the
    /// spawner's identity, without capabilities.
    pub switch: bool,
}

impl BoxUser {
    /// The box user of a spawner: its own uid when the spawner is root of the host, the
    /// spawner's identity otherwise.
    pub fn choose(host_root: bool, spawner_pid: u32) -> BoxUser {
        if host_root {
            let id = BOX_UID_BASE + spawner_pid % BOX_UIDS;
            BoxUser {
                uid: id,
                gid: id,
                switch: true,
            }
        } else {
            BoxUser {
                uid: Uid::effective().as_raw(),
                gid: Gid::effective().as_raw(),
                switch: false,
            }
        }
    }

    /// Becomes the box user (in the child, after everything that needs privilege):
    /// supplementary groups cleared, then gid, then uid, real, effective and saved alike,
    /// so nothing can switch back. The kernel clears every capability on the way.
    ///
    /// # Errors
    /// The kernel refuses a step.
    pub fn become_it(&self) -> Result<()> {
        if !self.switch {
            return Ok(());
        }
        nix::unistd::setgroups(&[]).context("clearing the groups")?;
        let gid = Gid::from_raw(self.gid);
        nix::unistd::setresgid(gid, gid, gid).context("setresgid")?;
        let uid = Uid::from_raw(self.uid);
        nix::unistd::setresuid(uid, uid, uid).context("setresuid")?;
        Ok(())
    }

    /// How the report names it.
    pub fn describe(&self) -> String {
        if self.switch {
            "a box uid owning nothing".to_owned()
        } else {
            "your uid, no capabilities".to_owned()
        }
    }
}

/// Whether this kernel counts `RLIMIT_NPROC` per user namespace (5.14 and later): before
/// that, a cap set in an ordinary user's namespace would count every process the user
/// has on the machine, and refuse the program's first fork on a busy desktop.
pub fn counts_per_namespace() -> bool {
    let release = nix::sys::utsname::uname()
        .map(|name| name.release().to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut numbers = release
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|part| part.parse::<u32>().ok());
    let (major, minor) = (numbers.next().unwrap_or(0), numbers.next().unwrap_or(0));
    (major, minor) >= (5, 14)
}

//! Who the program runs as: a user that owns nothing.
//!
//! As root (no user namespace needed), each spawner claims a uid and gid of its own in a
//! range no system assigns to people or services (isolate's model: one uid per box). The
//! claim is an exclusive `flock` on the uid's file in [`CLAIMS`], a folder only root may
//! write, taken before the spawner enters its namespaces and released by the kernel when
//! the spawner's last process ends: every worker, every parallel stress job and every
//! other judge on the machine running this archive holds a different uid while it lives.
//! That matters beyond files: the kernel counts inotify instances and watches, pending
//! signals, pipe buffers and epoll watches per uid, so a run that exhausts one of them
//! exhausts it for its own uid, which no other worker or host process shares. Where the
//! folder cannot be made or every uid is held, the uid follows the spawner's host pid
//! (distinct from every live spawner's but for pids 2,000 apart), and the layer says so.
//!
//! The program owns no file outside its box, so `chmod`, `chown`, `utime` and `setxattr`
//! are refused on every file, even before the read-only mounts refuse them, and where no
//! cgroup caps the processes, `RLIMIT_NPROC` counts exactly the processes of its runs.
//!
//! An ordinary user's spawner lives in a user namespace that maps only the user's own
//! uid (more would take the setuid `newuidmap`): the program runs as that user without
//! any capability. It owns the user's files, but none of them is in its root except the
//! ones its command line names, bound read-only, so it can change none of them. The
//! per-uid counters it shares with the user's own processes are capped inside that
//! namespace where the kernel counts them per namespace (see [`namespaces`]).
//!
//! [`namespaces`]: crate::namespaces

use std::fs::File;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt};
use std::path::Path;

use anyhow::{Context, Result, bail};
use nix::fcntl::{Flock, FlockArg};
use nix::unistd::{Gid, Uid};

/// The first uid of the box users.
pub const BOX_UID_BASE: u32 = 61_000;

/// How many box users there are: spawners beyond this many at once share a uid (they
/// still live in different PID and mount namespaces; their per-uid counts add up).
pub const BOX_UIDS: u32 = 2_000;

/// The machine-wide folder of claims: one file per box uid, named by the uid, locked
/// by the spawner that holds it. On tmpfs, so it starts empty at every boot.
pub const CLAIMS: &str = "/run/xtask-box-uids";

/// A box uid held by this spawner: the open, locked file of its claim. The lock belongs
/// to the open file, which the spawner's processes share (it is close-on-exec, so no
/// program keeps it): dropping the claim releases it, and otherwise the kernel does when
/// the last of them ends, however it ends.
#[derive(Debug)]
pub struct Claim {
    pub uid: u32,
    _file: Flock<File>,
}

impl Claim {
    /// Claims the first free box uid in `folder`, trying from `start` on (a spread start
    /// spares most locks a spawner would otherwise try in vain).
    ///
    /// # Errors
    /// The folder cannot be made, is not root's alone, or every uid is held.
    pub fn take(folder: &Path, start: u32) -> Result<Claim> {
        std::fs::DirBuilder::new()
            .mode(0o755)
            .create(folder)
            .or_else(|error| match error.kind() {
                std::io::ErrorKind::AlreadyExists => Ok(()),
                _ => Err(error),
            })
            .with_context(|| format!("making {}", folder.display()))?;
        // A folder someone else could write would let them hold every uid, or plant links.
        let metadata = std::fs::symlink_metadata(folder)?;
        if !metadata.is_dir() || metadata.uid() != Uid::effective().as_raw() {
            bail!("{} is not a folder of this user's", folder.display());
        }
        if metadata.mode() & 0o022 != 0 {
            bail!("{} is writable by others", folder.display());
        }
        for step in 0..BOX_UIDS {
            let uid = BOX_UID_BASE + (start + step) % BOX_UIDS;
            let file = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .mode(0o600)
                .custom_flags(libc::O_NOFOLLOW)
                .open(folder.join(uid.to_string()))
                .with_context(|| format!("opening the claim of uid {uid}"))?;
            if let Ok(file) = Flock::lock(file, FlockArg::LockExclusiveNonblock) {
                return Ok(Claim { uid, _file: file });
            }
        }
        bail!("every one of the {BOX_UIDS} box uids is held")
    }

    /// Whether the claim of `uid` in `folder` is held by a live spawner.
    pub fn is_held(folder: &Path, uid: u32) -> bool {
        let Ok(file) = File::open(folder.join(uid.to_string())) else {
            return false;
        };
        // A shared lock taken here is released at once, when it is dropped.
        Flock::lock(file, FlockArg::LockSharedNonblock).is_err()
    }
}

/// The box uid of a root spawner, claimed on the host before its PID namespace (where
/// every spawner is pid 1), and held for as long as the spawner lives.
#[derive(Debug)]
pub struct BoxUid {
    pub uid: u32,
    /// Why no uid could be claimed (the uid then follows the host pid), for the report.
    pub unclaimed: Option<String>,
    _claim: Option<Claim>,
}

impl BoxUid {
    /// Claims a box uid in [`CLAIMS`], starting from the host pid's.
    pub fn claim() -> BoxUid {
        let host_pid = std::process::id();
        match Claim::take(Path::new(CLAIMS), host_pid % BOX_UIDS) {
            Ok(claim) => BoxUid {
                uid: claim.uid,
                unclaimed: None,
                _claim: Some(claim),
            },
            Err(error) => BoxUid {
                uid: BOX_UID_BASE + host_pid % BOX_UIDS,
                unclaimed: Some(format!("{error:#}")),
                _claim: None,
            },
        }
    }
}

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
    /// The box user of a spawner: the uid it claimed on the host when it is root there,
    /// its own identity otherwise (read in its namespaces: in a user namespace, the ids
    /// the namespace maps).
    pub fn choose(box_uid: Option<&BoxUid>) -> BoxUser {
        match box_uid {
            Some(box_uid) => BoxUser {
                uid: box_uid.uid,
                gid: box_uid.uid,
                switch: true,
            },
            None => BoxUser {
                uid: Uid::effective().as_raw(),
                gid: Gid::effective().as_raw(),
                switch: false,
            },
        }
    }

    /// Becomes the box user (in the child, after everything that needs privilege):
    /// supplementary groups cleared, then gid, then uid, real, effective and saved alike,
    /// so nothing can switch back. The kernel clears every capability on the way.
    ///
    /// Raw system calls, as `posix_spawn` makes them: the child shares the spawner's
    /// memory until it executes (see `launch`), and the C library's wrappers would act for
    /// every thread they believe the process has.
    ///
    /// # Errors
    /// The kernel refuses a step.
    pub fn become_it(&self) -> Result<()> {
        if !self.switch {
            return Ok(());
        }
        let calls: [(&str, libc::c_long, [libc::c_ulong; 3]); 3] = [
            ("clearing the groups", libc::SYS_setgroups, [0, 0, 0]),
            ("setresgid", libc::SYS_setresgid, [self.gid.into(); 3]),
            ("setresuid", libc::SYS_setresuid, [self.uid.into(); 3]),
        ];
        for (what, number, [a, b, c]) in calls {
            // SAFETY: setgroups with a count of 0 reads no memory; the others take ids.
            if unsafe { libc::syscall(number, a, b, c) } != 0 {
                return Err(std::io::Error::last_os_error()).context(what);
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_claims_hold_two_uids_and_a_dropped_one_is_free_again() {
        let folder = tempfile::tempdir().unwrap();
        let first = Claim::take(folder.path(), 7).unwrap();
        // Two opens of one file are two locks: the second claim, from the same start,
        // moves on to the next uid.
        let second = Claim::take(folder.path(), 7).unwrap();
        assert_eq!(first.uid, BOX_UID_BASE + 7);
        assert_eq!(second.uid, BOX_UID_BASE + 8);
        assert!(Claim::is_held(folder.path(), first.uid));
        drop(first);
        assert!(!Claim::is_held(folder.path(), BOX_UID_BASE + 7));
        assert!(Claim::is_held(folder.path(), second.uid));
        let third = Claim::take(folder.path(), 7).unwrap();
        assert_eq!(third.uid, BOX_UID_BASE + 7);
    }

    #[test]
    fn a_folder_others_may_write_is_not_trusted() {
        use std::os::unix::fs::PermissionsExt;
        let folder = tempfile::tempdir().unwrap();
        std::fs::set_permissions(folder.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
        assert!(Claim::take(folder.path(), 0).is_err());
    }
}

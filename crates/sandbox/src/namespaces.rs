//! The namespace layers, paid once per spawner: a PID namespace whose init is the spawner
//! (so every process a program leaves behind is killed after its run, and nothing outside
//! can be seen or signalled), a network namespace (no interface but a loopback that is
//! down), a mount namespace with a /proc of its own, and fresh IPC and UTS namespaces.
//! An ordinary user gets them through a user namespace, where the kernel allows one, and
//! in it the user's counters that the kernel keeps per user namespace are capped (see
//! `cap_user_counts`).

use std::path::Path;

use anyhow::{Context, Result, bail};
use nix::mount::{MsFlags, mount};
use nix::sched::{CloneFlags, unshare};
use nix::sys::wait::{WaitStatus, waitpid};
use nix::unistd::{ForkResult, Gid, Uid, fork};

/// What became of the namespaces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// This process is now the init of fresh namespaces, with its own /proc.
    Entered { user_namespace: bool },
    /// The kernel refused; the reason, for the report.
    Refused(String),
}

/// Moves the spawner into new namespaces. On success the caller continues as PID 1 of
/// the new PID namespace; the original process stays outside, waits for it, and exits
/// with its status (this function never returns there). Killing the original process
/// kills the init, and with it every process in the namespace.
pub fn enter(root_dir: &Path) -> Outcome {
    let root = Uid::effective().is_root();
    let mut flags = CloneFlags::CLONE_NEWPID
        | CloneFlags::CLONE_NEWNET
        | CloneFlags::CLONE_NEWNS
        | CloneFlags::CLONE_NEWIPC
        | CloneFlags::CLONE_NEWUTS;
    if !root {
        flags |= CloneFlags::CLONE_NEWUSER;
    }
    let (uid, gid) = (Uid::effective(), Gid::effective());
    if let Err(error) = unshare(flags) {
        if root {
            return Outcome::Refused(format!("unshare: {error}"));
        }
        return Outcome::Refused(user_namespace_refused(&format!("unshare: {error}"), sysctl));
    }
    if !root {
        if let Err(error) = map_ids(uid, gid) {
            return Outcome::Refused(user_namespace_refused(&format!("{error:#}"), sysctl));
        }
        cap_user_counts();
    }
    // SAFETY: the spawner is single-threaded here (it has not started any thread), so the
    // child may run ordinary Rust code.
    match unsafe { fork() } {
        Err(error) => Outcome::Refused(format!("fork into the PID namespace: {error}")),
        Ok(ForkResult::Child) => {
            match nix::sys::prctl::set_pdeathsig(nix::sys::signal::Signal::SIGKILL)
                .map_err(anyhow::Error::from)
                .and_then(|()| private_proc())
            {
                Ok(()) => Outcome::Entered {
                    user_namespace: !root,
                },
                Err(error) => {
                    eprintln!("error: the sandbox's /proc: {error:#}");
                    std::process::exit(1)
                }
            }
        }
        Ok(ForkResult::Parent { child }) => {
            // The init now serves on the same pipes; this process only waits for it.
            let code = match waitpid(child, None) {
                Ok(WaitStatus::Exited(_, code)) => code,
                _ => 1,
            };
            // This process shares the init's mount namespace (unshared before the fork),
            // where the root is still mounted on the folder: detached first, or the folder
            // could not be removed and would stay on the host. It holds at most the box of
            // a spawner that had no private root.
            let _ = nix::mount::umount2(root_dir, nix::mount::MntFlags::MNT_DETACH);
            let _ = std::fs::remove_dir_all(root_dir);
            std::process::exit(code)
        }
    }
}

/// Why an ordinary user got no user namespace, and what gives one back: the machine's
/// switches that turn them off, read through `read` (a name under `/proc/sys`), or the
/// kernel's own words when none is set.
fn user_namespace_refused(error: &str, read: impl Fn(&str) -> Option<String>) -> String {
    let set = |name: &str, value: &str| read(name).is_some_and(|found| found.trim() == value);
    let switch = if set("kernel/unprivileged_userns_clone", "0") {
        Some(("kernel.unprivileged_userns_clone", "0", "1"))
    } else if set("kernel/apparmor_restrict_unprivileged_userns", "1") {
        Some(("kernel.apparmor_restrict_unprivileged_userns", "1", "0"))
    } else if set("user/max_user_namespaces", "0") {
        Some(("user.max_user_namespaces", "0", "a number above 0"))
    } else {
        None
    };
    match switch {
        Some((name, off, on)) => format!(
            "no user namespace: this machine turns them off for ordinary users ({name} = \
             {off}; {error}); `sysctl {name}={on}` as root gives them back, or run the \
             judge as root"
        ),
        None => format!("no user namespace: {error}"),
    }
}

/// Reads `/proc/sys/NAME`.
fn sysctl(name: &str) -> Option<String> {
    std::fs::read_to_string(Path::new("/proc/sys").join(name)).ok()
}

/// Maps the caller's uid and gid to root inside the new user namespace.
fn map_ids(uid: Uid, gid: Gid) -> Result<()> {
    std::fs::write("/proc/self/setgroups", "deny").context("writing setgroups")?;
    std::fs::write("/proc/self/uid_map", format!("0 {uid} 1")).context("writing uid_map")?;
    std::fs::write("/proc/self/gid_map", format!("0 {gid} 1")).context("writing gid_map")?;
    Ok(())
}

/// Caps on what the programs of an ordinary user's worker may hold of the counters the
/// kernel keeps per user and per user namespace (`/proc/sys/user`). The kernel charges a
/// count in a namespace to every namespace above it too, up to the user's own count on
/// the host, which the user's other processes share: uncapped, a run could take all 128
/// inotify instances of the user, and the user's editor or build watcher would get
/// `EMFILE`. Written by the namespace's root (the spawner, before any program), they
/// bound this namespace alone; a program, without capabilities, can only read them.
/// Namespaces the spawner makes no more of after entering are capped at none, a second
/// wall behind the syscall layer; mount namespaces are left, as the spawner makes one for
/// each private root. As root there is no user namespace of the worker's own, and the
/// host's files are the machine's limits: there the box uid, one per worker, keeps each
/// worker's counts apart instead (`identity.rs`).
pub const USER_COUNT_CAPS: &[(&str, u32)] = &[
    // A run needs none; a few leave room for a runtime that watches a file.
    ("max_inotify_instances", 16),
    ("max_inotify_watches", 1024),
    // fanotify is refused by the syscall layer; the namespaces below by it too.
    ("max_fanotify_groups", 0),
    ("max_fanotify_marks", 0),
    ("max_user_namespaces", 0),
    ("max_pid_namespaces", 0),
    ("max_net_namespaces", 0),
    ("max_ipc_namespaces", 0),
    ("max_uts_namespaces", 0),
    ("max_cgroup_namespaces", 0),
    ("max_time_namespaces", 0),
];

/// Writes [`USER_COUNT_CAPS`] in the spawner's user namespace; a kernel without one of
/// the files (older than the counter) keeps the host's limit for it.
fn cap_user_counts() {
    for (name, cap) in USER_COUNT_CAPS {
        let _ = std::fs::write(format!("/proc/sys/user/{name}"), cap.to_string());
    }
}

/// Keeps mounts from leaking back to the host, then mounts a /proc that shows only this
/// PID namespace.
fn private_proc() -> Result<()> {
    let none: Option<&str> = None;
    mount(none, "/", none, MsFlags::MS_REC | MsFlags::MS_PRIVATE, none)
        .context("making mounts private")?;
    if !Path::new("/proc").is_dir() {
        bail!("no /proc folder");
    }
    mount(
        Some("proc"),
        "/proc",
        Some("proc"),
        MsFlags::MS_NOSUID | MsFlags::MS_NODEV | MsFlags::MS_NOEXEC,
        none,
    )
    .context("mounting /proc")?;
    Ok(())
}

/// A fresh, empty folder for the private root, in the system's temporary folder, named
/// after this process; those of spawners that are gone (killed before they could remove
/// theirs) are removed first. A live spawner's folder is never touched: removing it from
/// the host would unmount the root in that spawner's namespace.
///
/// # Errors
/// The folder cannot be made.
pub fn root_folder() -> Result<std::path::PathBuf> {
    let temporary = std::env::temp_dir();
    if let Some(reason) = crate::private_folder::exposed(&temporary) {
        anyhow::bail!(
            "refusing to make the private root's folder in {}: {reason}; set TMPDIR to a \
             folder only you can write",
            temporary.display()
        );
    }
    if let Ok(entries) = std::fs::read_dir(&temporary) {
        for entry in entries.filter_map(Result::ok) {
            let name = entry.file_name().to_string_lossy().into_owned();
            let owner = name
                .strip_prefix(ROOT_PREFIX)
                .and_then(|rest| rest.split('-').next())
                .and_then(|pid| pid.parse::<i32>().ok());
            let gone = owner.is_some_and(|pid| {
                nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), None)
                    == Err(nix::errno::Errno::ESRCH)
            });
            if gone {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
    }
    let dir = tempfile::Builder::new()
        .prefix(&format!("{ROOT_PREFIX}{}-", std::process::id()))
        .tempdir_in(&temporary)
        .context("making the private root's folder")?;
    Ok(dir.keep())
}

const ROOT_PREFIX: &str = "xtask-root-";

/// Closes System V IPC and POSIX message queues in the spawner's IPC namespace: no
/// segment, semaphore set or queue can be made, so none can outlive a run or carry
/// data from one run to the next (the syscall layer refuses the calls as well).
pub fn close_sysv_ipc() {
    for (file, value) in [
        ("/proc/sys/kernel/shmmni", "0"),
        ("/proc/sys/kernel/msgmni", "0"),
        ("/proc/sys/kernel/sem", "0 0 0 0"),
        ("/proc/sys/fs/mqueue/queues_max", "0"),
    ] {
        let _ = std::fs::write(file, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_user_namespace_names_the_switch_that_turned_it_off() {
        let machine = |name: &'static str, value: &'static str| {
            move |asked: &str| (asked == name).then(|| format!("{value}\n"))
        };
        let debian = user_namespace_refused(
            "unshare: EPERM",
            machine("kernel/unprivileged_userns_clone", "0"),
        );
        assert!(
            debian.contains("kernel.unprivileged_userns_clone = 0")
                && debian.contains("`sysctl kernel.unprivileged_userns_clone=1` as root"),
            "{debian}"
        );
        let ubuntu = user_namespace_refused(
            "EPERM",
            machine("kernel/apparmor_restrict_unprivileged_userns", "1"),
        );
        assert!(
            ubuntu.contains("apparmor_restrict_unprivileged_userns=0"),
            "{ubuntu}"
        );
        let capped = user_namespace_refused("EPERM", machine("user/max_user_namespaces", "0"));
        assert!(capped.contains("user.max_user_namespaces"), "{capped}");
        // Switched on: the kernel's own words, nothing made up.
        let on = user_namespace_refused(
            "unshare: ENOSPC",
            machine("kernel/unprivileged_userns_clone", "1"),
        );
        assert_eq!(on, "no user namespace: unshare: ENOSPC");
    }
}

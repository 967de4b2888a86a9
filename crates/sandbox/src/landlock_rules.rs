//! The files layer's second wall: a Landlock ruleset. In a private root ([`crate::root`])
//! it lets the program read and execute what the root holds and write only its box and
//! `/dev/null`; where the machine allows no private root, it is the only wall, over the
//! host's own paths: the system's toolchain and what the request names, read-only, the
//! box read-write, nothing else. Either way it also keeps the program's signals and
//! abstract sockets inside the sandbox, and refuses TCP binds and connects, where the
//! kernel's Landlock is new enough to say so.
//!
//! Landlock restricts even root, survives `exec`, and cannot be lifted by the program.
//! It binds rules to the folders themselves: a box that is a fresh tmpfs per run needs
//! a ruleset per run, and with three rules that costs a few system calls.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use landlock::{
    ABI, Access, AccessFs, AccessNet, CompatLevel, Compatible, Ruleset, RulesetAttr,
    RulesetCreated, RulesetCreatedAttr, RulesetStatus, Scope, path_beneath_rules,
};

use crate::policy::{SYSTEM_DEVICES, SYSTEM_READABLE, SYSTEM_WRITABLE};

/// The newest Landlock ABI this sandbox was written and tested for.
const ABI_USED: ABI = ABI::V6;

/// Builds the ruleset of one run, before the fork: the child only has to apply it.
///
/// `proc` is readable only where the spawner mounted a /proc of its own PID namespace.
///
/// # Errors
/// The kernel refuses to create a ruleset.
pub fn ruleset(readable: &[PathBuf], box_dir: &Path, proc: bool) -> Result<RulesetCreated> {
    let mut read_paths: Vec<PathBuf> = SYSTEM_READABLE.iter().map(PathBuf::from).collect();
    read_paths.extend(SYSTEM_DEVICES.iter().map(PathBuf::from));
    read_paths.extend(readable.iter().cloned());
    if proc {
        read_paths.push(PathBuf::from("/proc"));
    }
    let mut write_paths: Vec<PathBuf> = SYSTEM_WRITABLE.iter().map(PathBuf::from).collect();
    write_paths.push(box_dir.to_owned());
    with_rules(&read_paths, &write_paths)
}

/// The ruleset of every run in the private root at `root` (as the spawner sees it): read,
/// execute and write in it, but never make a device. Everything in the root but the box is
/// mounted read-only (and the devices are devices), so writing is what the mounts allow:
/// the box, `/dev/null`. One rule on the root, not on the box: Landlock skips mount
/// points when it walks up from a file, and the box is a fresh tmpfs every run, so a rule
/// on the root is the one that can serve every run, built once per spawner.
///
/// # Errors
/// The kernel refuses to create a ruleset.
pub fn private_ruleset(root: &Path) -> Result<RulesetCreated> {
    with_rules(&[], &[root.to_owned()])
}

/// What reading and writing allow: writing is everything but making device nodes (a
/// device made in the box would be a door to the whole disk).
fn accesses() -> (landlock::BitFlags<AccessFs>, landlock::BitFlags<AccessFs>) {
    let read = AccessFs::from_read(ABI_USED);
    let write = AccessFs::from_all(ABI_USED) & !(AccessFs::MakeBlock | AccessFs::MakeChar);
    (read, write)
}

fn with_rules(read_paths: &[PathBuf], write_paths: &[PathBuf]) -> Result<RulesetCreated> {
    let (read, write) = accesses();
    let ruleset = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(AccessFs::from_all(ABI_USED))?
        .handle_access(AccessNet::from_all(ABI_USED))?
        .scope(Scope::from_all(ABI_USED))?
        .create()
        .context("creating a Landlock ruleset")?
        .add_rules(path_beneath_rules(read_paths, read))?
        .add_rules(path_beneath_rules(write_paths, write))?;
    Ok(ruleset)
}

/// Applies `ruleset` to the calling process (in the child, before `exec`); also sets
/// `no_new_privs`. Returns whether every restriction asked for is enforced.
///
/// # Errors
/// The kernel refuses the ruleset.
pub fn enforce(ruleset: RulesetCreated) -> Result<RulesetStatus> {
    Ok(ruleset.restrict_self()?.ruleset)
}

/// How well this kernel enforces the ruleset, found by applying one in a throw-away child.
pub fn probe() -> Result<RulesetStatus> {
    let dir = tempfile::tempdir()?;
    let ruleset = ruleset(&[], dir.path(), false)?;
    // SAFETY: the spawner is single-threaded when it probes, so the child may do anything
    // the parent could; it only applies the ruleset and exits.
    match unsafe { nix::unistd::fork() }? {
        nix::unistd::ForkResult::Child => {
            let code = match enforce(ruleset) {
                Ok(RulesetStatus::FullyEnforced) => 0,
                Ok(RulesetStatus::PartiallyEnforced) => 1,
                Ok(RulesetStatus::NotEnforced) => 2,
                Err(_) => 3,
            };
            // SAFETY: _exit ends the child without running the parent's destructors.
            unsafe { libc::_exit(code) }
        }
        nix::unistd::ForkResult::Parent { child } => {
            drop(ruleset);
            match nix::sys::wait::waitpid(child, None)? {
                nix::sys::wait::WaitStatus::Exited(_, 0) => Ok(RulesetStatus::FullyEnforced),
                nix::sys::wait::WaitStatus::Exited(_, 1) => Ok(RulesetStatus::PartiallyEnforced),
                _ => Ok(RulesetStatus::NotEnforced),
            }
        }
    }
}

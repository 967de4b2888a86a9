//! Where a spawner's programs run: in its private root ([`PrivateRoot`]), or, where the
//! machine allows none (no mount namespace), on the host's own tree behind Landlock alone,
//! in a box folder the spawner empties between runs. The second is reported as the files
//! layer running without a private root.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use landlock::RulesetCreated;

use crate::identity::BoxUser;
use crate::landlock_rules;
use crate::root::{self, PrivateRoot};

/// The place of a spawner's runs.
#[derive(Debug)]
pub enum Place {
    Private(PrivateRoot),
    /// The host's tree; the box is this folder, made for the spawner and emptied per run.
    Host {
        box_dir: PathBuf,
    },
}

impl Place {
    /// Readies the place for one run: exactly `readable` visible beyond the system (in a
    /// private root), a fresh, empty box of at most `bytes` holding copies of `files`.
    ///
    /// # Errors
    /// A mount or a copy fails.
    pub fn prepare(
        &mut self,
        readable: &[PathBuf],
        bytes: u64,
        user: BoxUser,
        files: &[(String, PathBuf)],
    ) -> Result<()> {
        match self {
            Place::Private(root) => {
                root.set_readable(readable)?;
                root.fresh_box(bytes, user, files)
            }
            Place::Host { box_dir } => {
                empty_host_box(box_dir)?;
                for (name, source) in files {
                    let target = box_dir.join(name);
                    fs::copy(source, &target)
                        .with_context(|| format!("copying {} into the box", source.display()))?;
                }
                Ok(())
            }
        }
    }

    /// The box as the spawner sees it.
    pub fn box_dir(&self) -> PathBuf {
        match self {
            Place::Private(root) => root.box_dir(),
            Place::Host { box_dir } => box_dir.clone(),
        }
    }

    /// The box as the program sees it (its working folder, HOME and TMPDIR).
    pub fn box_seen_by_program(&self) -> PathBuf {
        match self {
            Place::Private(_) => PathBuf::from(root::BOX),
            Place::Host { box_dir } => box_dir.clone(),
        }
    }

    /// The mount namespace the child joins before becoming the program, if any: its `/`
    /// is the private root.
    ///
    /// # Errors
    /// A private root without its namespace (see [`PrivateRoot::namespace`]).
    pub fn namespace(&self) -> Result<Option<std::os::fd::BorrowedFd<'_>>> {
        match self {
            Place::Private(root) => root.namespace().map(Some),
            Place::Host { .. } => Ok(None),
        }
    }

    /// The Landlock ruleset of one run (the same for every run in a private root: see
    /// [`Place::ruleset_is_fixed`]).
    ///
    /// # Errors
    /// The kernel refuses to create it.
    pub fn ruleset(&self, readable: &[PathBuf], proc: bool) -> Result<RulesetCreated> {
        match self {
            Place::Private(root) => landlock_rules::private_ruleset(root.dir()),
            Place::Host { box_dir } => landlock_rules::ruleset(readable, box_dir, proc),
        }
    }

    /// Whether every run's ruleset is the same, so that it can be built once.
    pub fn ruleset_is_fixed(&self) -> bool {
        matches!(self, Place::Private(_))
    }

    /// After a run: the box's contents copied to `destination` (when asked), then the box
    /// discarded (a private root keeps a box the run left as it was made).
    ///
    /// # Errors
    /// The copy or the unmount fails.
    pub fn finish(&mut self, destination: Option<&Path>, cap: u64) -> Result<()> {
        let collected = match destination {
            Some(destination) => root::collect(&self.box_dir(), destination, cap),
            None => Ok(()),
        };
        let discarded = match self {
            Place::Private(root) => root.end_run(),
            Place::Host { box_dir } => empty_host_box(box_dir),
        };
        collected.and(discarded)
    }

    /// The box discarded, whatever it holds: when the spawner ends.
    ///
    /// # Errors
    /// The unmount or the removal fails.
    pub fn discard(&mut self) -> Result<()> {
        match self {
            Place::Private(root) => root.discard_box(),
            Place::Host { box_dir } => empty_host_box(box_dir),
        }
    }
}

/// Empties the host box. A program may leave a folder it made unreadable, or a tree too
/// deep to remove: such a box is renamed away and replaced by a new folder, and removed
/// as far as possible (the private root, where the machine allows one, has no such case).
fn empty_host_box(box_dir: &Path) -> Result<()> {
    if fs::symlink_metadata(box_dir).is_ok() {
        let leftovers: Vec<_> = fs::read_dir(box_dir)?.collect();
        if leftovers.is_empty() {
            return Ok(());
        }
        let aside = box_dir.with_extension(format!("old-{}", fastrand::u64(..)));
        fs::rename(box_dir, &aside).context("moving the used box aside")?;
        open_up(&aside);
        let _ = fs::remove_dir_all(&aside);
    }
    fs::create_dir_all(box_dir).with_context(|| format!("making the box {}", box_dir.display()))
}

/// Gives the spawner access to every folder a program left, so that it can remove them.
fn open_up(dir: &Path) {
    let mut pending = vec![dir.to_owned()];
    let mut visited = 0;
    while let Some(folder) = pending.pop() {
        visited += 1;
        if visited > 100_000 {
            return;
        }
        let _ = fs::set_permissions(&folder, fs::Permissions::from_mode(0o700));
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.filter_map(Result::ok) {
            if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
                pending.push(entry.path());
            }
        }
    }
}

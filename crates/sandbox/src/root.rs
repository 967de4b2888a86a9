//! The private root: what a program sees as `/`. Built once per spawner, in the spawner's
//! own mount namespace, on a small tmpfs: read-only bind mounts of the system's folders
//! (`policy::SYSTEM_READABLE`) and of the files a request names, four devices, a /proc
//! of the spawner's PID namespace that shows only the program's own processes, and the
//! box. Nothing else exists there: not the archive, the `--data` folder, the home folder,
//! the host's /tmp or /run, nor any socket.
//!
//! The root gets a mount namespace of its own, made once per spawner (and again whenever
//! the files bound for requests change): a copy of the spawner's namespace that
//! `pivot_root`s into the root and lazily unmounts the old one, as bubblewrap does, so
//! that the host's tree is not even in it (isolate uses `chroot` into the same kind of
//! tree). A program's child joins that namespace with `setns`: its `/` is the root from
//! the start. Making the namespace per run instead (`unshare`, `pivot_root`, unmount)
//! cost every run a copy of every mount and two waits for the kernel's RCU grace periods
//! (the unmount, and the namespace's end when the program exits).
//!
//! The root's tmpfs is a shared mount in the spawner's namespace and a slave of it in the
//! root's namespace, so the box, mounted fresh per run by the spawner, appears there and
//! goes with its unmount. Nothing else is mounted after the namespace is made: a bind's
//! read-only flag is set by a remount, which does not propagate, so the namespace is made
//! again after every change of the binds, from mounts that are read-only already.
//!
//! Every bind is made `MS_RDONLY | MS_NOSUID | MS_NODEV` (devices keep `dev`): a program,
//! whatever user it runs as, can change no file's data, mode, owner, times or extended
//! attributes outside its box. The root's own tmpfs is read-only too, between requests.
//!
//! The box is a fresh tmpfs per run, size-capped (writing past the cap fails with
//! `ENOSPC` in the program), owned by the box user; its pages are charged to the run's
//! memory cgroup like any other memory of the program's. After the run it is unmounted
//! whole (lazily), so whatever the program left (a deep tree, a folder it made
//! unreadable, an open file) goes with it and removing it cannot fail. A box the run left
//! exactly as it was made ([`BoxStamp`]: empty, every attribute unchanged) is kept for the
//! next run of the same size and owner instead: nothing of the earlier run is in it.

use std::collections::BTreeMap;
use std::ffi::CString;
use std::fs;
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Component, Path, PathBuf};

use anyhow::{Context, Result, bail};
use nix::mount::{MntFlags, MsFlags, mount, umount2};

use crate::box_stamp::BoxStamp;
use crate::identity::BoxUser;
use crate::policy::{SYSTEM_DEVICES, SYSTEM_READABLE};

/// The box, as the program sees it: its working folder, HOME and TMPDIR.
pub const BOX: &str = "/box";

/// Inodes a box may hold: enough for a compiler's temporary files, few enough that a
/// program cannot exhaust the kernel's memory with empty files.
const BOX_INODES: u64 = 4096;

/// The root's own tmpfs: mount points, a few links and two small files.
const ROOT_TMPFS: &str = "size=1m,nr_inodes=4096,mode=755";

/// The private root of one spawner.
#[derive(Debug)]
pub struct PrivateRoot {
    /// Where the root's tmpfs is mounted in the spawner's namespace.
    dir: PathBuf,
    /// Paths bound for requests, beyond the system's, as they are now, each with the
    /// file it named when it was bound.
    extra: BTreeMap<PathBuf, FileId>,
    /// The box tmpfs mounted now, if any.
    mounted_box: Option<MountedBox>,
    /// The mount namespace whose `/` is the root (see the module's header).
    namespace: Option<std::os::fd::OwnedFd>,
}

/// A box's tmpfs, as it was mounted.
#[derive(Debug)]
struct MountedBox {
    bytes: u64,
    owner: (u32, u32),
    /// How it was right after the mount, if it was mounted empty (a box given files is
    /// never kept).
    as_made: Option<BoxStamp>,
}

/// Which file a path names: its device and inode (none if it cannot be read, so that a
/// path that comes to exist is bound again).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FileId(Option<(u64, u64)>);

impl FileId {
    fn of(path: &Path) -> FileId {
        use std::os::unix::fs::MetadataExt;
        FileId(fs::metadata(path).ok().map(|meta| (meta.dev(), meta.ino())))
    }
}

fn none() -> Option<&'static str> {
    None
}

impl PrivateRoot {
    /// Builds the root at `dir` (an empty folder), in the caller's own mount namespace.
    ///
    /// # Errors
    /// A mount is refused: the reason names it.
    pub fn build(dir: &Path, user: BoxUser) -> Result<PrivateRoot> {
        mount(
            Some("tmpfs"),
            dir,
            Some("tmpfs"),
            MsFlags::MS_NOSUID | MsFlags::MS_NODEV,
            Some(ROOT_TMPFS),
        )
        .context("mounting the root's tmpfs")?;
        // Shared: what is mounted on it later (the box) reaches the root's namespace.
        mount(none(), dir, none(), MsFlags::MS_SHARED, none())
            .context("making the root's tmpfs a shared mount")?;
        let mut root = PrivateRoot {
            dir: dir.to_owned(),
            extra: BTreeMap::new(),
            mounted_box: None,
            namespace: None,
        };
        for system in SYSTEM_READABLE {
            root.bind_host(Path::new(system), BindKind::ReadOnly)?;
        }
        for device in SYSTEM_DEVICES {
            root.bind_host(Path::new(device), BindKind::Device)?;
        }
        root.make_proc()?;
        for (link, target) in [
            ("dev/stdin", "/proc/self/fd/0"),
            ("dev/stdout", "/proc/self/fd/1"),
            ("dev/stderr", "/proc/self/fd/2"),
            ("dev/fd", "/proc/self/fd"),
        ] {
            let path = root.dir.join(link);
            fs::create_dir_all(path.parent().unwrap_or(&root.dir))?;
            std::os::unix::fs::symlink(target, &path)
                .with_context(|| format!("linking /{link}"))?;
        }
        fs::create_dir(root.dir.join("box")).context("making /box")?;
        // /tmp exists (read-only: TMPDIR points at the box) so that a solution kept in
        // the host's /tmp can be bound at its own path.
        fs::create_dir_all(root.dir.join("tmp")).context("making /tmp")?;
        root.write_identity(user)?;
        root.seal()?;
        root.make_namespace()?;
        Ok(root)
    }

    /// Makes the root's mount namespace (replacing the last one): the spawner itself
    /// enters a copy of its namespace, makes every mount there a slave, `pivot_root`s into
    /// the root, unmounts the host's tree, keeps a handle on the namespace, and returns to
    /// its own namespace and folder.
    ///
    /// # Errors
    /// The kernel refuses a step. Failing to return to its own namespace ends the spawner:
    /// it could no longer reach the host's files, and must not go on without them.
    fn make_namespace(&mut self) -> Result<()> {
        use nix::sched::{CloneFlags, setns, unshare};
        self.namespace = None;
        let own = fs::File::open("/proc/self/ns/mnt").context("opening the own namespace")?;
        // O_PATH: a working folder the spawner may enter but not list is kept too.
        let folder = fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_PATH | libc::O_DIRECTORY)
            .open(".")
            .context("opening the working folder")?;
        unshare(CloneFlags::CLONE_NEWNS).context("a mount namespace for the root")?;
        let made = (|| -> Result<fs::File> {
            mount(
                none(),
                "/",
                none(),
                MsFlags::MS_REC | MsFlags::MS_SLAVE,
                none(),
            )
            .context("making the copied mounts slaves")?;
            nix::unistd::chdir(&self.dir).context("entering the root")?;
            // pivot_root(".", "."): the old root is stacked under the new one and unmounted
            // at once, without needing a folder for it in the (read-only) root.
            nix::unistd::pivot_root(".", ".").context("pivot_root")?;
            umount2(".", MntFlags::MNT_DETACH).context("unmounting the old root")?;
            // /proc is the root's own (the spawner is PID 1 of its namespace).
            fs::File::open("/proc/self/ns/mnt").context("opening the root's namespace")
        })();
        if let Err(error) =
            setns(&own, CloneFlags::CLONE_NEWNS).and_then(|()| nix::unistd::fchdir(&folder))
        {
            eprintln!("xtask spawner: cannot return to its own mount namespace: {error}");
            std::process::exit(70);
        }
        self.namespace = Some(made?.into());
        Ok(())
    }

    /// The mount namespace a program's child joins (see [`enter`]).
    ///
    /// # Errors
    /// There is none: making it failed (the next request makes it again). No program
    /// runs without it.
    pub fn namespace(&self) -> Result<std::os::fd::BorrowedFd<'_>> {
        use std::os::fd::AsFd;
        self.namespace
            .as_ref()
            .map(AsFd::as_fd)
            .context("the private root has no mount namespace")
    }

    /// The root as the spawner sees it.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The box as the spawner sees it.
    pub fn box_dir(&self) -> PathBuf {
        self.dir.join("box")
    }

    /// A /proc of the spawner's PID namespace, showing a process only to its own user
    /// (`hidepid=invisible`): the spawner, PID 1, is not even listed for the box user.
    /// Read-only: in an ordinary user's namespace the program is root of the namespace's
    /// own knobs in /proc/sys (System V IPC's, for one), and may change none of them.
    fn make_proc(&self) -> Result<()> {
        let target = self.dir.join("proc");
        fs::create_dir(&target)?;
        let flags = MsFlags::MS_NOSUID | MsFlags::MS_NODEV | MsFlags::MS_NOEXEC;
        mount(
            Some("proc"),
            &target,
            Some("proc"),
            flags,
            Some("hidepid=invisible"),
        )
        .or_else(|_| {
            // Kernels before 5.8 know only the number.
            mount(
                Some("proc"),
                &target,
                Some("proc"),
                flags,
                Some("hidepid=2"),
            )
        })
        .context("mounting /proc")?;
        mount(
            none(),
            &target,
            none(),
            flags | MsFlags::MS_BIND | MsFlags::MS_REMOUNT | MsFlags::MS_RDONLY,
            none(),
        )
        .context("making /proc read-only")
    }

    /// `/etc/passwd` and `/etc/group` naming the box user, so that runtimes asking who
    /// they are (Java's `user.name`, Python's `getpass`) get an answer.
    fn write_identity(&self, user: BoxUser) -> Result<()> {
        let etc = self.dir.join("etc");
        fs::create_dir_all(&etc)?;
        let (uid, gid) = (user.uid, user.gid);
        fs::write(
            etc.join("passwd"),
            format!("judge:x:{uid}:{gid}:judge:{BOX}:/usr/sbin/nologin\n"),
        )?;
        fs::write(etc.join("group"), format!("judge:x:{gid}:\n"))?;
        Ok(())
    }

    /// Makes the root's own tmpfs read-only: the program may not add to it.
    fn seal(&self) -> Result<()> {
        self.remount_root(MsFlags::MS_RDONLY)
    }

    fn unseal(&self) -> Result<()> {
        self.remount_root(MsFlags::empty())
    }

    fn remount_root(&self, extra: MsFlags) -> Result<()> {
        mount(
            none(),
            &self.dir,
            none(),
            MsFlags::MS_REMOUNT | MsFlags::MS_NOSUID | MsFlags::MS_NODEV | extra,
            Some(ROOT_TMPFS),
        )
        .context("remounting the root")
    }

    /// Makes exactly `paths` (beyond the system's) readable in the root: binds the new
    /// ones, unbinds those of earlier requests no longer asked for. Paths under a system
    /// folder are there already.
    ///
    /// # Errors
    /// A path is refused (the root itself, or a folder holding it), or a bind fails.
    pub fn set_readable(&mut self, paths: &[PathBuf]) -> Result<()> {
        let wanted: BTreeMap<PathBuf, FileId> = paths
            .iter()
            .filter(|path| !under_system(path))
            .map(|path| (path.clone(), FileId::of(path)))
            .collect();
        if wanted == self.extra && self.namespace.is_some() {
            return Ok(());
        }
        for path in wanted.keys() {
            refuse_unsafe(path, &self.dir)?;
        }
        self.unseal()?;
        let result = self.rebind(&wanted);
        self.seal()?;
        result?;
        self.make_namespace()
    }

    fn rebind(&mut self, wanted: &BTreeMap<PathBuf, FileId>) -> Result<()> {
        // Unbound: a path no longer asked for, or one whose file was replaced since it
        // was bound (a program compiled again to the same path is a new file, which the
        // old bind would go on showing). Longest first, so that a bind inside another
        // goes before it.
        let stale: Vec<PathBuf> = self
            .extra
            .iter()
            .filter(|&(path, id)| wanted.get(path) != Some(id))
            .map(|(path, _)| path.clone())
            .collect();
        for path in stale.iter().rev() {
            let target = self.inside(path);
            umount2(&target, MntFlags::MNT_DETACH)
                .with_context(|| format!("unbinding {}", path.display()))?;
            self.extra.remove(path);
        }
        for (path, id) in wanted {
            if !self.extra.contains_key(path) {
                self.bind_host(path, BindKind::ReadOnly)?;
                self.extra.insert(path.clone(), *id);
            }
        }
        Ok(())
    }

    /// `path` of the host, as the spawner reaches it inside the root.
    fn inside(&self, path: &Path) -> PathBuf {
        let relative: PathBuf = path
            .components()
            .filter(|part| matches!(part, Component::Normal(_)))
            .collect();
        self.dir.join(relative)
    }

    /// Binds the host's `path` at the same place in the root, read-only; a symbolic link
    /// is copied as a link (merged-/usr systems link /bin to usr/bin). A missing path is
    /// skipped: not every system has /lib32 or Java.
    fn bind_host(&self, path: &Path, kind: BindKind) -> Result<()> {
        let Ok(meta) = fs::symlink_metadata(path) else {
            return Ok(());
        };
        let target = self.inside(path);
        if let Some(parent) = target.parent() {
            fs::create_dir_all(parent)
                .with_context(|| format!("making the mount point of {}", path.display()))?;
        }
        if meta.file_type().is_symlink() {
            let link = fs::read_link(path)?;
            if fs::symlink_metadata(&target).is_err() {
                std::os::unix::fs::symlink(&link, &target)
                    .with_context(|| format!("linking {}", path.display()))?;
            }
            return Ok(());
        }
        if meta.is_dir() {
            fs::create_dir_all(&target)?;
        } else if fs::symlink_metadata(&target).is_err() {
            fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o644)
                .open(&target)
                .with_context(|| format!("making the mount point of {}", path.display()))?;
        }
        mount(Some(path), &target, none(), MsFlags::MS_BIND, none())
            .with_context(|| format!("binding {}", path.display()))?;
        let mut flags =
            MsFlags::MS_BIND | MsFlags::MS_REMOUNT | MsFlags::MS_RDONLY | MsFlags::MS_NOSUID;
        if kind == BindKind::ReadOnly {
            flags |= MsFlags::MS_NODEV;
        }
        // A bind inherits the locked flags of its source (in a user namespace, those of the
        // host's mount): keep them, or the remount is refused.
        flags |= locked_flags(path);
        mount(none(), &target, none(), flags, none())
            .with_context(|| format!("making {} read-only", path.display()))?;
        Ok(())
    }

    /// A fresh box for one run: the last one unmounted whole, a new tmpfs of `bytes`
    /// owned by `user`, holding copies of `files` (name in the box, host file). A box that
    /// [`PrivateRoot::end_run`] kept (left as it was made) serves again, if it has that
    /// size and owner and no files are wanted.
    ///
    /// # Errors
    /// The mount is refused, or a file cannot be copied in.
    pub fn fresh_box(
        &mut self,
        bytes: u64,
        user: BoxUser,
        files: &[(String, PathBuf)],
    ) -> Result<()> {
        let owner = (user.uid, user.gid);
        if let Some(kept) = &self.mounted_box {
            let reusable = kept.as_made.is_some() && kept.bytes == bytes && kept.owner == owner;
            if files.is_empty() && reusable {
                return Ok(());
            }
        }
        self.discard_box()?;
        let options = format!(
            "size={bytes},nr_inodes={BOX_INODES},mode=755,uid={},gid={}",
            user.uid, user.gid
        );
        mount(
            Some("tmpfs"),
            &self.box_dir(),
            Some("tmpfs"),
            // `noatime`: reading the box changes none of its times (see `BoxStamp`).
            MsFlags::MS_NOSUID | MsFlags::MS_NODEV | MsFlags::MS_NOATIME,
            Some(options.as_str()),
        )
        .context("mounting the box")?;
        self.mounted_box = Some(MountedBox {
            bytes,
            owner,
            as_made: if files.is_empty() {
                BoxStamp::of_new(&self.box_dir())
            } else {
                None
            },
        });
        for (name, source) in files {
            let name = plain_name(name)?;
            let target = self.box_dir().join(name);
            fs::copy(source, &target)
                .with_context(|| format!("copying {} into the box", source.display()))?;
            fs::set_permissions(&target, fs::Permissions::from_mode(0o644))?;
        }
        Ok(())
    }

    /// Unmounts the box, whatever it holds. Every process of the run is dead by now, so
    /// the lazy unmount frees it at once.
    ///
    /// # Errors
    /// The kernel refuses the unmount.
    pub fn discard_box(&mut self) -> Result<()> {
        if self.mounted_box.take().is_some() {
            umount2(&self.box_dir(), MntFlags::MNT_DETACH).context("unmounting the box")?;
        }
        Ok(())
    }

    /// After a run, whose every process is dead: keeps the box if the run left it exactly
    /// as it was made, else unmounts it.
    ///
    /// # Errors
    /// The kernel refuses the unmount.
    pub fn end_run(&mut self) -> Result<()> {
        let untouched = self.mounted_box.as_ref().is_some_and(|mounted| {
            mounted.as_made.is_some() && BoxStamp::of_empty(&self.box_dir()) == mounted.as_made
        });
        if untouched {
            return Ok(());
        }
        self.discard_box()
    }
}

/// Whether a host path is inside a folder every program may read already.
fn under_system(path: &Path) -> bool {
    SYSTEM_READABLE
        .iter()
        .any(|system| path.starts_with(system) && fs::symlink_metadata(system).is_ok())
}

/// Refuses to bind `/`, a relative path, or a folder that holds the root itself: either
/// would put the whole host, or the root inside itself, in reach of the program.
fn refuse_unsafe(path: &Path, root: &Path) -> Result<()> {
    if !path.is_absolute() || path == Path::new("/") || root.starts_with(path) {
        bail!("the sandbox will not make {} readable", path.display());
    }
    if path
        .components()
        .any(|part| matches!(part, Component::ParentDir | Component::CurDir))
    {
        bail!(
            "the sandbox will not make {} readable: not a plain path",
            path.display()
        );
    }
    Ok(())
}

/// `name` as one plain file name: no folder, no `..`.
fn plain_name(name: &str) -> Result<&str> {
    let mut parts = Path::new(name).components();
    match (parts.next(), parts.next()) {
        (Some(Component::Normal(_)), None) => Ok(name),
        _ => bail!("{name:?} is not a plain file name"),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BindKind {
    /// Read-only, no devices.
    ReadOnly,
    /// A device node: read-only as a file (no chmod, no chown), usable as a device.
    Device,
}

/// The flags the host's mount of `path` has that a remount must keep (a mount inherited
/// into a user namespace is locked: its `nosuid`, `noexec`, `nodev` cannot be cleared).
fn locked_flags(path: &Path) -> MsFlags {
    let Ok(info) = nix::sys::statvfs::statvfs(path) else {
        return MsFlags::empty();
    };
    let mut flags = MsFlags::empty();
    let host = info.flags();
    use nix::sys::statvfs::FsFlags;
    for (has, keep) in [
        (FsFlags::ST_NOSUID, MsFlags::MS_NOSUID),
        (FsFlags::ST_NODEV, MsFlags::MS_NODEV),
        (FsFlags::ST_NOEXEC, MsFlags::MS_NOEXEC),
        (FsFlags::ST_NOATIME, MsFlags::MS_NOATIME),
        (FsFlags::ST_NODIRATIME, MsFlags::MS_NODIRATIME),
        (FsFlags::ST_RELATIME, MsFlags::MS_RELATIME),
    ] {
        if host.contains(has) {
            flags |= keep;
        }
    }
    flags
}

/// The child's side: moves the calling process (a fresh child of the spawner, not yet
/// the program) into the root's mount namespace `namespace`, whose `/` is the root and
/// which holds nothing of the host's tree, and into the box.
///
/// # Errors
/// The kernel refuses a step.
pub fn enter(namespace: std::os::fd::BorrowedFd<'_>) -> Result<()> {
    nix::sched::setns(namespace, nix::sched::CloneFlags::CLONE_NEWNS)
        .context("joining the root's mount namespace")?;
    nix::unistd::chdir(BOX).context("entering the box")?;
    Ok(())
}

/// A C string of a path, for the child (which must not allocate after `fork` in the
/// general case; the spawner is single-threaded, so it may).
pub fn c_path(path: &Path) -> Result<CString> {
    CString::new(path.as_os_str().as_bytes()).context("a NUL byte in a path")
}

/// Copies the box's regular files and folders (never links, devices or sockets) to
/// `destination`, at most `cap` bytes in all: a compiler's output, taken out of its box.
///
/// # Errors
/// A file cannot be copied, or the box holds more than `cap` bytes.
pub fn collect(box_dir: &Path, destination: &Path, cap: u64) -> Result<()> {
    let mut copied = 0u64;
    let mut pending = vec![(box_dir.to_owned(), destination.to_owned(), 0usize)];
    while let Some((from, to, depth)) = pending.pop() {
        if depth > 32 {
            bail!("the box's folders are nested too deep to collect");
        }
        fs::create_dir_all(&to).with_context(|| format!("making {}", to.display()))?;
        for entry in fs::read_dir(&from)? {
            let entry = entry?;
            let kind = entry.file_type()?;
            let target = to.join(entry.file_name());
            if kind.is_dir() {
                pending.push((entry.path(), target, depth + 1));
            } else if kind.is_file() {
                copied += entry.metadata()?.len();
                if copied > cap {
                    bail!("the box holds more than {} MiB", cap >> 20);
                }
                let mut source = fs::File::open(entry.path())?;
                let written = || format!("copying the box's files to {}", target.display());
                let mut sink = fs::File::create(&target).with_context(written)?;
                std::io::copy(&mut source, &mut sink).with_context(written)?;
                sink.flush().with_context(written)?;
                let mode = entry.metadata()?.permissions().mode() & 0o755;
                fs::set_permissions(&target, fs::Permissions::from_mode(mode | 0o600))?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collecting_a_box_copies_files_and_folders_never_links() {
        let dir = tempfile::tempdir().unwrap();
        let box_dir = dir.path().join("box");
        fs::create_dir_all(box_dir.join("classes")).unwrap();
        fs::write(box_dir.join("solution"), "binary").unwrap();
        fs::write(box_dir.join("classes/Main.class"), "class").unwrap();
        std::os::unix::fs::symlink("/etc/passwd", box_dir.join("secret")).unwrap();
        std::os::unix::fs::symlink("/etc", box_dir.join("etc")).unwrap();
        let out = dir.path().join("out");
        collect(&box_dir, &out, 1 << 20).unwrap();
        assert_eq!(fs::read_to_string(out.join("solution")).unwrap(), "binary");
        assert_eq!(
            fs::read_to_string(out.join("classes/Main.class")).unwrap(),
            "class"
        );
        assert!(fs::symlink_metadata(out.join("secret")).is_err());
        assert!(fs::symlink_metadata(out.join("etc")).is_err());
        let error = collect(&box_dir, &dir.path().join("small"), 8).unwrap_err();
        assert!(error.to_string().contains("more than"), "{error}");
    }

    #[test]
    fn only_plain_paths_and_names_are_taken() {
        let root = Path::new("/tmp/xtask-root-x");
        assert!(refuse_unsafe(Path::new("/"), root).is_err());
        assert!(refuse_unsafe(Path::new("/tmp"), root).is_err());
        assert!(refuse_unsafe(Path::new("relative"), root).is_err());
        assert!(refuse_unsafe(Path::new("/a/../etc"), root).is_err());
        assert!(refuse_unsafe(Path::new("/work/sol"), root).is_ok());
        assert!(plain_name("../x").is_err());
        assert!(plain_name("a/b").is_err());
        assert!(plain_name("solution.cpp").is_ok());
    }
}

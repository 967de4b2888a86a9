//! Whether a box is exactly as it was made, so that the next run may have it again instead
//! of a new tmpfs: a mount and a lazy unmount cost about 100 us of a run of about 1,100
//! (`cargo xtask sandbox-cost`), and most runs (every judged and stressed run of a solver)
//! write nothing there.
//!
//! A box is untouched when it is empty and everything of its folder that a program could
//! set or leave is as it was after the mount: the mode, owner, link count and size, the
//! three times to the nanosecond (the box is mounted `noatime`, so that reading it
//! changes none of them, and its times are set a second back, so that any change moves
//! them), no extended attribute, and its file system's free blocks and inodes. Any change
//! (a file left or removed again, a `chmod`, a `touch`, an attribute) and the box is
//! unmounted as before, so nothing a run leaves there reaches the next run. (A run can
//! tell from the box's times whether it is new, which says whether the run before it
//! changed it: one bit, about the earlier run's own doing.)

use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// What the box's folder and file system look like at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoxStamp {
    mode: u32,
    owner: (u32, u32),
    links: u64,
    size: u64,
    /// Access, modification and change times, seconds and nanoseconds.
    times: [(i64, i64); 3],
    /// Free blocks and free inodes of the box's tmpfs.
    free: (u64, u64),
}

impl BoxStamp {
    /// The stamp of a box just mounted, after its modification and access times are set
    /// to a whole second before now. The kernel stamps a change with a clock that moves
    /// in ticks of a few milliseconds, so a file made and removed in the tick of the mount
    /// would leave the times as they were; after a second's step back, any change leaves
    /// a later time.
    pub fn of_new(dir: &Path) -> Option<BoxStamp> {
        use nix::sys::stat::{UtimensatFlags, utimensat};
        use nix::sys::time::TimeSpec;
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .ok()?;
        let before = TimeSpec::new(i64::try_from(now.as_secs()).ok()? - 1, 0);
        utimensat(
            nix::fcntl::AT_FDCWD,
            dir,
            &before,
            &before,
            UtimensatFlags::NoFollowSymlink,
        )
        .ok()?;
        BoxStamp::of_empty(dir)
    }

    /// The stamp of the box at `dir`, if it is empty and has no extended attribute; `None`
    /// when it holds anything or cannot be read (either way, not a box to keep).
    pub fn of_empty(dir: &Path) -> Option<BoxStamp> {
        let meta = std::fs::symlink_metadata(dir).ok()?;
        let space = nix::sys::statvfs::statvfs(dir).ok()?;
        if std::fs::read_dir(dir).ok()?.next().is_some() || has_attributes(dir)? {
            return None;
        }
        Some(BoxStamp {
            mode: meta.mode(),
            owner: (meta.uid(), meta.gid()),
            links: meta.nlink(),
            size: meta.size(),
            times: [
                (meta.atime(), meta.atime_nsec()),
                (meta.mtime(), meta.mtime_nsec()),
                (meta.ctime(), meta.ctime_nsec()),
            ],
            free: (space.blocks_free(), space.files_free()),
        })
    }
}

/// Whether the folder has any extended attribute (`None` if that cannot be told).
fn has_attributes(dir: &Path) -> Option<bool> {
    let path = crate::root::c_path(dir).ok()?;
    // SAFETY: a NUL-terminated path, and a null buffer of size 0, which asks only for the
    // size the names would take.
    let size = unsafe { libc::llistxattr(path.as_ptr(), std::ptr::null_mut(), 0) };
    match size {
        0 => Some(false),
        1.. => Some(true),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_changed_in_any_way_has_another_stamp_and_a_full_one_none() {
        let dir = tempfile::tempdir().unwrap();
        let folder = std::fs::File::open(dir.path()).unwrap();
        // As under `noatime`: an access time past the others, which listing leaves alone.
        let tomorrow = std::time::SystemTime::now() + std::time::Duration::from_secs(86_400);
        folder
            .set_times(std::fs::FileTimes::new().set_accessed(tomorrow))
            .unwrap();
        let made = BoxStamp::of_empty(dir.path()).unwrap();
        assert_eq!(BoxStamp::of_empty(dir.path()), Some(made));
        let file = dir.path().join("left");
        std::fs::write(&file, "x").unwrap();
        assert_eq!(BoxStamp::of_empty(dir.path()), None);
        std::fs::remove_file(&file).unwrap();
        folder
            .set_times(std::fs::FileTimes::new().set_accessed(tomorrow))
            .unwrap();
        let emptied = BoxStamp::of_empty(dir.path()).unwrap();
        folder
            .set_modified(std::time::SystemTime::UNIX_EPOCH)
            .unwrap();
        assert_ne!(BoxStamp::of_empty(dir.path()), Some(emptied));
        let touched = BoxStamp::of_empty(dir.path()).unwrap();
        std::fs::set_permissions(
            dir.path(),
            std::os::unix::fs::PermissionsExt::from_mode(0o777),
        )
        .unwrap();
        assert_ne!(BoxStamp::of_empty(dir.path()), Some(touched));
    }
}

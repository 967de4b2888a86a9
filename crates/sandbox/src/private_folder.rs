//! Whether what the judge writes in a folder could be replaced by another user: a folder
//! (or any folder above it) that another user owns, or that others may write to without
//! the sticky bit, lets them rename what the judge made there and plant a link in its
//! place, and the judge (root, perhaps) would then write through the link. The scratch
//! folders, the private roots and every `--out` folder are refused in such a place.

use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// Why `folder` is not private enough to write in, if it is not: the first folder from
/// it up to `/` that another user owns (root apart) or that others may write to without
/// the sticky bit. A missing folder is judged by the folders above it.
pub fn exposed(folder: &Path) -> Option<String> {
    let me = nix::unistd::Uid::effective().as_raw();
    // The folder as the kernel reaches it: links along the way resolved, so that each
    // folder checked is one the writes really pass through.
    let existing = folder.ancestors().find(|path| path.exists())?;
    let canonical = std::fs::canonicalize(existing).ok()?;
    for ancestor in canonical.ancestors() {
        let meta = std::fs::symlink_metadata(ancestor).ok()?;
        let owner = meta.uid();
        if owner != 0 && owner != me {
            return Some(format!(
                "{} belongs to another user (uid {owner}), who could replace what is written \
                 in it",
                ancestor.display()
            ));
        }
        let mode = meta.mode();
        let others_write = mode & 0o022 != 0;
        let sticky = mode & 0o1000 != 0;
        if others_write && !sticky {
            return Some(format!(
                "{} may be written by other users (mode {:o}) and has no sticky bit: another \
                 user could replace what is written in it with a link",
                ancestor.display(),
                mode & 0o7777
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn a_folder_others_may_write_without_the_sticky_bit_is_exposed() {
        let dir = tempfile::tempdir().unwrap();
        let open = dir.path().join("open");
        std::fs::create_dir(&open).unwrap();
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o777)).unwrap();
        let inside = open.join("inside");
        std::fs::create_dir(&inside).unwrap();
        // The folder itself, a folder below it, and a folder not made yet below it.
        for folder in [&open, &inside, &inside.join("not-yet")] {
            let reason = exposed(folder).unwrap_or_else(|| panic!("{}", folder.display()));
            assert!(reason.contains("no sticky bit"), "{reason}");
        }
        // With the sticky bit, as /tmp has it, others cannot rename what is not theirs.
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o1777)).unwrap();
        assert_eq!(exposed(&inside), None);
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o700)).unwrap();
        assert_eq!(exposed(&inside), None);
        // Through a link, the folder reached is the one judged.
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o777)).unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&inside, &link).unwrap();
        assert!(exposed(&link).is_some());
    }

    #[test]
    fn a_folder_of_another_user_is_exposed() {
        if !nix::unistd::Uid::effective().is_root() {
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let theirs = dir.path().join("theirs");
        std::fs::create_dir(&theirs).unwrap();
        nix::unistd::chown(&theirs, Some(65534.into()), None).unwrap();
        let reason = exposed(&theirs.join("out")).unwrap();
        assert!(reason.contains("another user (uid 65534)"), "{reason}");
    }
}

//! A target folder of a test's own whose `release/` is the build every other test uses.
//!
//! The tests of `CARGO_TARGET_DIR` check that the xtask builds there and finds the
//! binaries there. In an empty folder each of them rebuilt every dependency and solver
//! with the release profile; with `release/` a link to the shared build, cargo finds the
//! binaries up to date through the folder the test named, and the test still proves
//! that the xtask asked cargo where they are rather than guessing the default folder.

use std::path::Path;

/// Makes `dir/release` a link to the release folder of the workspace's own target folder
/// (wherever `cargo metadata` says it is), creating that folder if no build made it yet.
pub fn share_release_build(dir: &Path) {
    let shared = xtask::build::target_dir(&xtask::project_root())
        .unwrap()
        .join("release");
    std::fs::create_dir_all(&shared).unwrap();
    std::os::unix::fs::symlink(&shared, dir.join("release")).unwrap();
}

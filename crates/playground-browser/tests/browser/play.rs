//! The place for the tests of the Play section (playing against the solver), which is not
//! on the main branch yet. Its controls will carry the ids `play-start`, `play-side`,
//! `play-board` (with a `data-cell` button per square), `play-move` and `play-status`;
//! its tests go in [`TESTS`], which `main` already runs.

use crate::Test;

pub const TESTS: &[Test] = &[];

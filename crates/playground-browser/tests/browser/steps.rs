//! The place for the tests of the Steps section (walking through a solution one step at
//! a time), which is not on the main branch yet. Its controls will carry the ids
//! `step-previous`, `step-next`, `step-slider`, `step-caption` and `step-picture`; its
//! tests go in [`TESTS`], which `main` already runs.

use crate::Test;

pub const TESTS: &[Test] = &[];

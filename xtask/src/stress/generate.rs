//! `cargo xtask gen CRATE [--seed N] [--case K]`: the input `stress` would generate as
//! case `K` of seed `N`, printed, so it can be read or fed to other tools.

use anyhow::{Context, Result};
use gridkit::testkit::AnyKit;
use problems::find;

use crate::verify::unknown_crate;

/// The input of case `case` of `seed` for `crate_name`, as text.
///
/// # Errors
/// An unknown crate.
pub fn generated(crate_name: &str, seed: u64, case: u64) -> Result<String> {
    let kit = kit_of(crate_name)?;
    Ok(kit.render(&kit.generate(seed, case)))
}

/// The test kit of the problem `crate_name`.
///
/// # Errors
/// An unknown crate, or one without a kit.
pub fn kit_of(crate_name: &str) -> Result<&'static dyn AnyKit> {
    let problem = find(crate_name).with_context(|| unknown_crate(crate_name))?;
    problem
        .kit()
        .with_context(|| format!("{} has no generator", problem.name()))
}

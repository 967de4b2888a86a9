//! `cargo xtask gen CRATE [--seed N] [--case K]`: the input `stress` would generate as
//! case `K` of seed `N`, printed, so it can be read or fed to other tools.

use anyhow::{Context, Result};
use gridkit::testkit::AnyKit;
use problems::{PROBLEMS, find};

use crate::verify::unknown_crate;

/// Print the input `stress` generates as case K of seed N.
#[derive(Debug, clap::Args)]
pub struct Gen {
    #[arg(value_name = "CRATE", help = crate_help())]
    pub crate_name: String,
    /// The seed, as `stress --seed` takes it.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The case number: 0 is the smallest; sizes reach the statement's limits by 1000.
    #[arg(long, default_value_t = 0)]
    pub case: u64,
}

impl Gen {
    /// Prints the case.
    ///
    /// # Errors
    /// An unknown crate.
    pub fn run(&self) -> Result<()> {
        print!("{}", generated(&self.crate_name, self.seed, self.case)?);
        Ok(())
    }
}

/// `CRATE`'s help: the problems of the archive's list that have a generator.
fn crate_help() -> String {
    let names: Vec<&str> = PROBLEMS
        .iter()
        .filter(|problem| problem.kit().is_some())
        .map(|problem| problem.name())
        .collect();
    format!("The problem's crate: {}", names.join(", "))
}

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

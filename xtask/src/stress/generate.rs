//! `cargo xtask gen CRATE [--seed N] [--case K]`: the input `stress` would generate as
//! case `K` of seed `N`, printed, so it can be read or fed to other tools.

use anyhow::{Context, Result, bail};
use gridkit::testkit::{ProblemKit, case_rng, scale_of};

use crate::problems::find;
use crate::verify::unknown_crate;

/// The input of case `case` of `seed` for `crate_name`, as text.
///
/// # Errors
/// An unknown crate.
pub fn generated(crate_name: &str, seed: u64, case: u64) -> Result<String> {
    let problem = find(crate_name).with_context(|| unknown_crate(crate_name))?;
    Ok(match problem.name {
        "statues" => text_of::<statues::testkit::Kit>(seed, case),
        "descending-dark" => text_of::<descending_dark::testkit::Kit>(seed, case),
        "gam" => text_of::<gam::testkit::Kit>(seed, case),
        "sweets" => text_of::<sweets::testkit::Kit>(seed, case),
        "ladders" => text_of::<ladders::testkit::Kit>(seed, case),
        other => bail!("{other} has no generator"),
    })
}

/// The input of case `case` of `seed`: the one place the stress search and `gen` make it.
pub fn input_of<K: ProblemKit>(seed: u64, case: u64) -> K::Input {
    K::generate(&mut case_rng(seed, case), scale_of(case))
}

fn text_of<K: ProblemKit>(seed: u64, case: u64) -> String {
    K::render(&input_of::<K>(seed, case))
}

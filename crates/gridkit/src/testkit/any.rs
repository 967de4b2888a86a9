//! [`AnyKit`]: a [`ProblemKit`] behind `dyn`, as a problem of the archive's list gives it
//! (`Problem::kit`, crate `problem`), for the tools that stress any problem: `cargo xtask
//! stress` and `gen`, and the playground's stress in the page. Its inputs are
//! [`KitInput`]s, each holding the kit's own input type; every function is the kit's.

use std::any::Any;

use super::{ProblemKit, case_rng, scale_of};

/// One input of a problem, of its kit's type.
pub struct KitInput(Box<dyn Any + Send + Sync>);

impl std::fmt::Debug for KitInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("KitInput")
    }
}

/// A problem's test kit, of any type: every [`ProblemKit`] is one.
pub trait AnyKit: Sync {
    /// The crate the kit belongs to.
    fn name(&self) -> &'static str;
    /// The names of its flawed solvers (`<crate>_flawed NAME` runs one).
    fn flawed(&self) -> Vec<&'static str>;
    /// What the flawed solver `name` outputs for `input`; `None` when the kit keeps no
    /// flawed solver of that name.
    fn flawed_output(&self, name: &str, input: &KitInput) -> Option<String>;
    /// Stress case `case` of `seed`: the one place `stress`, `gen` and the page make it.
    fn generate(&self, seed: u64, case: u64) -> KitInput;
    /// Parses an input file with the crate's strict parser.
    ///
    /// # Errors
    /// As the crate's binary refuses the text.
    fn parse(&self, text: &str) -> anyhow::Result<KitInput>;
    /// The input file of `input`.
    fn render(&self, input: &KitInput) -> String;
    /// Every input one simplification step away from `input`, biggest steps first.
    fn simpler(&self, input: &KitInput) -> Vec<KitInput>;
    /// The right output, exactly as the crate's binary prints it.
    fn answer(&self, input: &KitInput) -> String;
    /// The explanation of the right answer, as `--explain` prints it after the answer.
    fn explain(&self, input: &KitInput) -> String;
}

impl<K: ProblemKit + Sync> AnyKit for K {
    fn name(&self) -> &'static str {
        K::NAME
    }

    fn flawed(&self) -> Vec<&'static str> {
        K::FLAWED.iter().map(|flawed| flawed.name).collect()
    }

    fn flawed_output(&self, name: &str, input: &KitInput) -> Option<String> {
        let flawed = super::find_flawed::<K>(name)?;
        Some((flawed.solve)(typed::<K>(input)))
    }

    fn generate(&self, seed: u64, case: u64) -> KitInput {
        boxed::<K>(K::generate(&mut case_rng(seed, case), scale_of(case)))
    }

    fn parse(&self, text: &str) -> anyhow::Result<KitInput> {
        K::parse(text).map(boxed::<K>)
    }

    fn render(&self, input: &KitInput) -> String {
        K::render(typed::<K>(input))
    }

    fn simpler(&self, input: &KitInput) -> Vec<KitInput> {
        K::simpler(typed::<K>(input))
            .into_iter()
            .map(boxed::<K>)
            .collect()
    }

    fn answer(&self, input: &KitInput) -> String {
        K::answer(typed::<K>(input))
    }

    fn explain(&self, input: &KitInput) -> String {
        K::explain(typed::<K>(input))
    }
}

fn boxed<K: ProblemKit>(input: K::Input) -> KitInput {
    KitInput(Box::new(input))
}

/// The kit's own input inside `input`.
///
/// # Panics
/// When `input` was made by another kit: a caller's mistake.
fn typed<K: ProblemKit>(input: &KitInput) -> &K::Input {
    input
        .0
        .downcast_ref()
        .unwrap_or_else(|| panic!("an input of another kit than {}'s", K::NAME))
}

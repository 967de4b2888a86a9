//! Test support shared by the solver crates, their examples and `cargo xtask stress`;
//! compiled only with the `testkit` feature, which only dev-dependencies and the xtask
//! enable, so it never reaches a solver binary.
//!
//! Each problem crate implements [`ProblemKit`]: how to generate, render, simplify and
//! answer its inputs, and the deliberately flawed solvers it keeps; [`AnyKit`] is any of
//! them behind `dyn`.

mod any;
mod checks;
mod flawed;
#[cfg(unix)]
pub mod hostile;
mod mutate;
mod stress;

pub use any::{AnyKit, KitInput};
pub use checks::{
    Caught, assert_simpler_is_valid_and_smaller, assert_stress_catches_every_flawed, same_numbers,
    same_tokens,
};
// The checks on the test data read files: Unix only, as the test data is.
#[cfg(unix)]
pub use checks::{
    assert_every_flawed_fails_some_case, assert_kit_answers_and_explains_like_the_library,
    cases_failed_by,
};
pub use flawed::{Flawed, find as find_flawed, flawed_main};
pub use mutate::{Damage, assert_damaged_inputs_answered_or_refused, mutate};
pub use stress::{RAMP, Shrinker, case_rng, scale_of, shrink};

/// Everything the test tools need to know about one problem.
pub trait ProblemKit: 'static {
    /// The crate, its binary and its folder under `testdata/`.
    const NAME: &'static str;

    /// One whole input file, parsed and valid.
    type Input: Clone + Send + Sync + 'static;

    /// The deliberately flawed solvers the crate keeps, each making one classic mistake.
    const FLAWED: &'static [Flawed<Self::Input>];

    /// Parses an input file with the crate's strict parser.
    ///
    /// # Errors
    /// As the crate's binary refuses the text.
    fn parse(text: &str) -> anyhow::Result<Self::Input>;

    /// The input file for `input`, accepted by [`ProblemKit::parse`].
    fn render(input: &Self::Input) -> String;

    /// A random valid input; `scale` runs from 0 (the smallest inputs) to 1 (the
    /// statement's limits) and sets its size.
    fn generate(rng: &mut fastrand::Rng, scale: f64) -> Self::Input;

    /// Every input one simplification step away from `input` (a case fewer, a smaller
    /// board, one piece fewer...), biggest steps first, each valid for the parser and the
    /// statement's promises. Empty when `input` is as simple as it gets.
    fn simpler(input: &Self::Input) -> Vec<Self::Input>;

    /// The right output, from the crate's solver, exactly as its binary prints it.
    fn answer(input: &Self::Input) -> String;

    /// The explanation of the right answer, as `--explain` prints it after the answer.
    fn explain(input: &Self::Input) -> String;
}

/// What a solver's `run(input, output)` writes for `input`, or `error: {error:#}`.
pub fn output_of<E: std::fmt::Display>(
    run: impl FnOnce(&[u8], &mut Vec<u8>) -> Result<(), E>,
    input: &[u8],
) -> String {
    let mut output = Vec::new();
    match run(input, &mut output) {
        Ok(()) => String::from_utf8_lossy(&output).into_owned(),
        Err(error) => format!("error: {error:#}"),
    }
}

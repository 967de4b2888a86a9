//! Test support (feature `testkit`): the generators, the simplification steps and the
//! flawed solvers of this problem, behind [`gridkit::testkit::ProblemKit`].

mod flawed;
mod generate;
mod official;
mod simpler;

use gridkit::testkit::{Flawed, ProblemKit};

pub use flawed::flawless;
pub use generate::{Shape, case_of, mountain, open_squares, render, small_mountain};
pub use official::{OFFICIAL_VAR, official_dataset, official_folder};
pub use simpler::{simpler, size};

use crate::parse::Case;

/// The test kit of Descending in the Dark: an input is the list of its cases.
pub struct Kit;

impl ProblemKit for Kit {
    const NAME: &'static str = "descending-dark";

    type Input = Vec<Case>;

    const FLAWED: &'static [Flawed<Vec<Case>>] = flawed::FLAWED;

    fn parse(text: &str) -> anyhow::Result<Vec<Case>> {
        Ok(crate::parse::read_all(text.as_bytes())?)
    }

    fn render(input: &Vec<Case>) -> String {
        render(input)
    }

    fn generate(rng: &mut fastrand::Rng, scale: f64) -> Vec<Case> {
        generate::input(rng, scale)
    }

    fn simpler(input: &Vec<Case>) -> Vec<Vec<Case>> {
        simpler(input)
    }

    fn answer(input: &Vec<Case>) -> String {
        let mut output = Vec::new();
        for (index, case) in input.iter().enumerate() {
            // Writing to a `Vec` cannot fail.
            let _ = crate::write_case(&mut output, index + 1, &crate::solve::solve(case));
        }
        String::from_utf8_lossy(&output).into_owned()
    }

    fn explain(input: &Vec<Case>) -> String {
        match crate::certificate::certify_all(input) {
            Ok(certificate) => crate::certificate::Explanation(&certificate).to_string(),
            Err(error) => format!("error: {error:#}"),
        }
    }
}

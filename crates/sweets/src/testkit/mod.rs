//! Test support (feature `testkit`): random boxes, shrinking steps and flawed solvers for
//! the tests, the examples and stress testing; never part of the solver binary.

pub mod flawed;
pub mod generate;
mod simpler;

use gridkit::testkit::{Flawed, ProblemKit, output_of};

use crate::geometry::Mask;

/// Sweets Game as the test tools see it: an input is one box.
pub struct Kit;

impl ProblemKit for Kit {
    const NAME: &'static str = "sweets";

    type Input = Mask;

    const FLAWED: &'static [Flawed<Mask>] = flawed::FLAWED;

    fn parse(text: &str) -> anyhow::Result<Mask> {
        Ok(crate::parse::parse(text.as_bytes())?)
    }

    fn render(mask: &Mask) -> String {
        crate::parse::draw(*mask)
    }

    fn generate(rng: &mut fastrand::Rng, scale: f64) -> Mask {
        generate::generate(rng, scale)
    }

    fn simpler(mask: &Mask) -> Vec<Mask> {
        simpler::simpler(*mask)
    }

    fn answer(mask: &Mask) -> String {
        output_of(
            |input, output| crate::run(input, output),
            Self::render(mask).as_bytes(),
        )
    }

    fn explain(mask: &Mask) -> String {
        crate::certificate::text::Explanation(&crate::certify(*mask)).to_string()
    }
}

//! Test support (feature `testkit`): random boards, shrinking steps and flawed solvers
//! for the tests, the examples and `cargo xtask stress`. Never part of the solver binary.

pub mod flawed;
pub mod generate;
mod simpler;

use gridkit::testkit::{Flawed, ProblemKit};

use crate::Board;

/// The statues problem for the shared test tools.
pub struct Kit;

impl ProblemKit for Kit {
    const NAME: &'static str = "statues";

    type Input = Board;

    const FLAWED: &'static [Flawed<Board>] = flawed::FLAWED;

    fn parse(text: &str) -> anyhow::Result<Board> {
        Ok(crate::parse(text.as_bytes())?)
    }

    fn render(board: &Board) -> String {
        board.to_string()
    }

    fn generate(rng: &mut fastrand::Rng, scale: f64) -> Board {
        generate::generate(rng, scale)
    }

    fn simpler(board: &Board) -> Vec<Board> {
        simpler::simpler(board)
    }

    fn answer(board: &Board) -> String {
        format!("{}\n", crate::solve(board))
    }

    fn explain(board: &Board) -> String {
        crate::Explained(&crate::certify(board)).to_string()
    }
}

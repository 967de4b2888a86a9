//! Test support for `ladders` (feature `testkit`): random boards, the steps that make a
//! board simpler, and deliberately flawed solvers, behind gridkit's [`ProblemKit`].

pub mod flawed;
pub mod generate;
pub mod simpler;

use gridkit::testkit::{Flawed, ProblemKit};

use crate::Board;
use crate::board::SIZE;

/// The `ladders` problem as the test tools see it; an input is one board.
pub struct Kit;

impl ProblemKit for Kit {
    const NAME: &'static str = "ladders";

    type Input = Board;

    const FLAWED: &'static [Flawed<Board>] = flawed::FLAWED;

    fn parse(text: &str) -> anyhow::Result<Board> {
        Ok(crate::parse_board(text.as_bytes())?)
    }

    fn render(input: &Board) -> String {
        input.to_string()
    }

    fn generate(rng: &mut fastrand::Rng, scale: f64) -> Board {
        generate::generate(rng, scale)
    }

    fn simpler(input: &Board) -> Vec<Board> {
        simpler::simpler(input)
    }

    fn answer(input: &Board) -> String {
        crate::answer_text(crate::solve(input))
    }

    fn explain(input: &Board) -> String {
        crate::Explained(&crate::certify(input)).to_string()
    }
}

/// The board of `heights`, which the caller promises keep every rule of the statement.
///
/// # Panics
/// A height the statement rules out.
pub(crate) fn board_of(heights: [[u8; SIZE]; SIZE]) -> Board {
    Board::from_heights(&heights)
        .unwrap_or_else(|error| panic!("generated heights break a rule: {error}"))
}

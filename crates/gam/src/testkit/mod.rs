//! Test support (feature `testkit`, for the tests, the examples and stress testing, never
//! for the solver binary): [`Kit`], the problem as stress testing sees it, the board
//! [`generate`]rs, the shrinking steps and the flawed solvers.

mod flawed;
pub mod generate;
mod simpler;
pub mod wide_layer;

use gridkit::testkit::{Flawed, ProblemKit, output_of};
use problem::Problem as _;

use crate::board::{Board, Player, render_input};

/// The problem for the test tools: an input is the list of its boards (the tests).
pub struct Kit;

impl ProblemKit for Kit {
    const NAME: &'static str = "gam";
    type Input = Vec<Board>;
    const FLAWED: &'static [Flawed<Vec<Board>>] = flawed::FLAWED;

    fn parse(text: &str) -> anyhow::Result<Vec<Board>> {
        crate::read_boards(text.as_bytes())
    }

    fn render(input: &Vec<Board>) -> String {
        render_input(input)
    }

    fn generate(rng: &mut fastrand::Rng, scale: f64) -> Vec<Board> {
        generate::input(rng, scale)
    }

    fn simpler(input: &Vec<Board>) -> Vec<Vec<Board>> {
        simpler::simpler(input)
    }

    fn answer(input: &Vec<Board>) -> String {
        output_of(
            |text, output| crate::run(text, output),
            render_input(input).as_bytes(),
        )
    }

    fn explain(input: &Vec<Board>) -> String {
        // What `--explain` prints after the answers and the empty line.
        let printed = output_of(
            |text, output| crate::Gam::explain(text, output),
            render_input(input).as_bytes(),
        );
        match printed.split_once("\n\n") {
            Some((_, explanation)) => explanation.to_string(),
            None => printed,
        }
    }
}

/// The answers of an output, one per line; `None` for anything but `A` and `B` tokens.
pub fn answers(output: &str) -> Option<Vec<Player>> {
    output
        .split_whitespace()
        .map(|token| match token {
            "A" => Some(Player::A),
            "B" => Some(Player::B),
            _ => None,
        })
        .collect()
}

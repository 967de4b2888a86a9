//! The certificate step by step, for the playground: the expected turns filled in one
//! square at a time, in the order the checker confirms them ([`crate::check::path`]
//! read backwards): the Goal first, then each square from the one before it back to the
//! start, whose value is the answer. A board has 100 squares, so every square is a step.

use gridkit::Pos;
use gridkit::solved::{Step, Steps};

use super::picture::draw_known;
use super::{Certificate, GOAL, START};

/// The squares of a checked certificate, in the order they are confirmed.
#[derive(Debug)]
pub struct Squares {
    certificate: Certificate,
    /// The path from the Goal back to the start.
    order: Vec<Pos>,
}

impl Squares {
    /// The steps of `certificate`.
    pub fn new(certificate: Certificate) -> Squares {
        let mut order = crate::check::path();
        order.reverse();
        Squares { certificate, order }
    }
}

impl Steps for Squares {
    fn count(&self) -> usize {
        self.order.len()
    }

    fn step(&self, index: usize) -> Step {
        let index = index.min(self.order.len() - 1);
        let pos = self.order[index];
        let value = self.certificate.at(pos);
        let square = format!("row {}, column {}", pos.row + 1, pos.col + 1);
        let caption = match pos {
            GOAL => format!(
                "Square 1 of {}: the Goal ({square}) needs 0 turns.",
                self.order.len()
            ),
            START => format!(
                "Square {} of {}: the start ({square}): {value:.10} expected turns, the answer.",
                index + 1,
                self.order.len()
            ),
            _ => format!(
                "Square {} of {}: {square}: one turn plus the average over the die of the \
                 squares after it: {value:.4} turns.",
                index + 1,
                self.order.len()
            ),
        };
        let filled = &self.order[..=index];
        let picture = draw_known(
            &self.certificate,
            &[],
            |pos| filled.contains(&pos),
            Some(pos),
        );
        Step { caption, picture }
    }
}

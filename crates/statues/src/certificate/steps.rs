//! The certificate step by step, for the playground: the board after each round, with
//! Maria's square and her trail (`WIN`) or every square she could still be alive on
//! (`LOSE`). A game has at most nine rounds, so every round is a step.

use gridkit::solved::{Step, Steps};

use super::picture::draw_round;
use crate::{ANNA, Certificate, Evidence, Square};

/// The rounds of a checked certificate.
#[derive(Debug)]
pub struct Rounds(pub Certificate);

impl Steps for Rounds {
    fn count(&self) -> usize {
        match &self.0.evidence {
            Evidence::Walk(walk) => walk.len(),
            Evidence::Cornered(safe) => safe.len(),
        }
        .max(1)
    }

    fn step(&self, index: usize) -> Step {
        let round = index.min(self.count() - 1);
        Step {
            caption: caption(&self.0.evidence, round),
            picture: draw_round(&self.0, round),
        }
    }
}

/// A square as the statement numbers it: rows from 1 at the top, columns from 1 at the
/// left.
fn named((row, col): Square) -> String {
    format!("row {}, column {}", row + 1, col + 1)
}

fn caption(evidence: &Evidence, round: usize) -> String {
    match evidence {
        Evidence::Walk(walk) => {
            let Some(&square) = walk.get(round) else {
                return "Maria has no walk.".to_string();
            };
            let last = round + 1 == walk.len();
            if round == 0 {
                let start = format!("Start: Maria on {}, Anna on {}", named(square), named(ANNA));
                return if last {
                    format!("{start}; no statue is on the board, so she walks to Anna: WIN.")
                } else {
                    format!("{start}.")
                };
            }
            let step = if walk[round - 1] == square {
                format!("Round {round}: Maria stays on {}", named(square))
            } else {
                format!("Round {round}: Maria steps to {}", named(square))
            };
            if square == ANNA {
                format!("{step}, Anna's square: WIN.")
            } else if last {
                format!("{step}; the statues fall and none is left, so she walks to Anna: WIN.")
            } else {
                format!("{step}; the statues fall one row and miss her.")
            }
        }
        Evidence::Cornered(safe) => {
            let count = safe.get(round).map_or(0, |squares| squares.len());
            match (round, count) {
                (0, _) => "Start: Maria on row 8, column 1; every square she could be alive \
                           on, round by round."
                    .to_string(),
                (_, 0) => format!(
                    "Round {round}: whatever Maria does, a statue falls on her: no square is \
                     left. LOSE."
                ),
                (_, 1) => format!("Round {round}: 1 square where Maria could still be alive."),
                _ => format!("Round {round}: {count} squares where Maria could still be alive."),
            }
        }
    }
}

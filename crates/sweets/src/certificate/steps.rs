//! The certificate step by step, for the playground: one line of play the certificate
//! wins, move by move. Karlsson's first move when he wins; then, from each box left for
//! the loser, the loser's smallest move (the first in reading order: the line it gives is
//! the longest to watch) and the winner's reply the certificate states (the mirror image
//! for the mirror proof), until the winner's reply empties the box and the loser cannot
//! move. Every move eats a chocolate, so a line has at most 19 moves: all are steps.

use std::collections::HashMap;

use gridkit::solved::{Step, Steps};

use super::picture::draw_move;
use super::{Certificate, Proof, Winner, cells, mask_of, mask_of_box, mirror};
use crate::geometry::{Mask, legal_moves};

/// One move of the line: who moves, the box before it and what it eats.
#[derive(Debug, Clone, Copy)]
struct Move {
    player: Winner,
    before: Mask,
    eaten: Mask,
}

/// The line of play of a checked certificate.
#[derive(Debug)]
pub struct Line {
    start: Mask,
    moves: Vec<Move>,
    mirror: bool,
    winner: Winner,
}

impl Line {
    /// The line `certificate` wins.
    pub fn new(certificate: &Certificate) -> Line {
        let start = mask_of_box(&certificate.start);
        let mut moves = Vec::new();
        let mut left = start;
        if let Some(first) = &certificate.first_move {
            let eaten = mask_of(first);
            moves.push(Move {
                player: Winner::Karlsson,
                before: left,
                eaten,
            });
            left &= !eaten;
        }
        let winner = certificate.winner;
        let replies: HashMap<Mask, HashMap<Mask, Mask>> = match &certificate.proof {
            Proof::Mirror => HashMap::new(),
            Proof::ClosedSet(boxes) => boxes
                .iter()
                .map(|position| {
                    let answers = position
                        .replies
                        .iter()
                        .map(|reply| (mask_of(&reply.eaten), mask_of(&reply.reply)))
                        .collect();
                    (mask_of_box(&position.chocolates), answers)
                })
                .collect(),
        };
        let mirror = matches!(certificate.proof, Proof::Mirror);
        while left != 0 {
            let Some(eaten) = legal_moves(left)
                .min_by_key(|&eaten| (eaten.count_ones(), eaten.trailing_zeros(), eaten))
            else {
                break;
            };
            let reply = if mirror {
                Some(mirror::half_turn(eaten))
            } else {
                replies
                    .get(&left)
                    .and_then(|answers| answers.get(&eaten))
                    .copied()
            };
            moves.push(Move {
                player: winner.other(),
                before: left,
                eaten,
            });
            left &= !eaten;
            // A checked certificate answers every move; a missing answer ends the line.
            let Some(reply) = reply.filter(|&reply| reply != 0 && reply & !left == 0) else {
                break;
            };
            moves.push(Move {
                player: winner,
                before: left,
                eaten: reply,
            });
            left &= !reply;
        }
        Line {
            start,
            moves,
            mirror,
            winner,
        }
    }
}

/// Cells as the statement numbers them, `row,position` from 1.
fn named(eaten: Mask) -> String {
    cells(eaten)
        .iter()
        .map(|[row, position]| format!("{row},{position}"))
        .collect::<Vec<_>>()
        .join(" ")
}

impl Steps for Line {
    fn count(&self) -> usize {
        self.moves.len() + 1
    }

    fn step(&self, index: usize) -> Step {
        let index = index.min(self.moves.len());
        let Some(played) = index.checked_sub(1).map(|at| self.moves[at]) else {
            return Step {
                caption: format!(
                    "The box: {} chocolates; Karlsson moves first.",
                    self.start.count_ones()
                ),
                picture: draw_move(self.start, 0, false),
            };
        };
        let left = played.before & !played.eaten;
        let chocolates = match played.eaten.count_ones() {
            1 => "1 chocolate".to_string(),
            count => format!("{count} chocolates"),
        };
        let next = played.player.other().name();
        let after = if left == 0 {
            format!("the box is empty: {next} cannot move and loses.")
        } else if played.player == self.winner {
            format!("{next} to move, in a box the certificate proves lost for {next}.")
        } else {
            format!("{next} replies.")
        };
        Step {
            caption: format!(
                "Move {index}: {} eats {chocolates} ({}); {after}",
                played.player.name(),
                named(played.eaten)
            ),
            picture: draw_move(played.before, played.eaten, self.mirror),
        }
    }
}

//! The search over (Maria's square, time).
//!
//! Statues never choose anything: the one that starts in row `r` is in row `r + t` after
//! `t` falls, and gone once `r + t` leaves the board. So the board is a function of time
//! alone, and a state is just Maria's square and the number of falls so far. Once every
//! statue has fallen the board stays empty and Maria simply walks to Anna, so time never
//! needs to go past that moment: at most `SIZE + 1` times of 64 squares.

use crate::board::{BoardExt, king_moves};
use crate::{ANNA, Board, MARIA, Outcome, SIZE, Square};

/// Whether Maria reaches Anna with perfect play.
///
/// # Complexity
/// At most 64 squares x 9 times x 9 moves; no allocation.
pub fn solve(board: &Board) -> Outcome {
    let mut search = Search {
        board,
        clear_time: board.clear_time(),
        seen: [0; SIZE + 1],
    };
    if search.escapes(MARIA, 0) {
        Outcome::Win
    } else {
        Outcome::Lose
    }
}

/// A depth-first search over (square, time), each state searched at most once.
struct Search<'b> {
    board: &'b Board,
    /// The number of falls after which no statue is left.
    clear_time: usize,
    /// `seen[t]`: the squares already searched at time `t`, one bit per square.
    seen: [u64; SIZE + 1],
}

impl Search<'_> {
    /// Whether Maria, alive on `square` after `t` falls, can still reach Anna. Every move
    /// adds one fall, so the recursion is at most `clear_time` deep.
    fn escapes(&mut self, square: Square, t: usize) -> bool {
        if t >= self.clear_time {
            // Nothing is left to fall on her: she walks to Anna on an empty board.
            return true;
        }
        // Staying put is among the moves, and sometimes the only safe one.
        for target in king_moves(square) {
            if target == ANNA {
                // No statue is ever above Anna's top-row square, so it is always free.
                return true;
            }
            // She may not step onto a statue, and must not be under one when they fall.
            if self.board.statue_after(target, t) || self.board.statue_after(target, t + 1) {
                continue;
            }
            let bit = 1u64 << (target.0 * SIZE + target.1);
            if self.seen[t + 1] & bit != 0 {
                continue;
            }
            self.seen[t + 1] |= bit;
            if self.escapes(target, t + 1) {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Outcome::{Lose, Win};

    fn board(rows: [&str; SIZE]) -> Board {
        crate::parse(rows.join("\n").as_bytes()).unwrap()
    }

    #[test]
    fn errata_of_the_seed_write_up() {
        let mut rows = [
            ".......A", "........", "........", "........", "........", "........", "........",
            "M.......",
        ];
        rows[6] = ".S......";
        assert_eq!(solve(&board(rows)), Win);
        rows[6] = "S.......";
        assert_eq!(solve(&board(rows)), Win);
        rows[6] = "........";
        rows[1] = "SSSSSSSS";
        assert_eq!(solve(&board(rows)), Lose);
    }
}

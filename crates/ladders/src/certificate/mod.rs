//! The certificate `--explain` prints: the expected turns from every square and, for every
//! ladder, whether to climb it. With these a checker can confirm the answer on its own:
//! evaluate the stated climbing choices on the game's rules, compare the values, and see
//! that no single choice changed would do better.

mod display;

use gridkit::Pos;

use crate::board::{Board, SIZE};
use crate::solve::{expected_along_path, path_index};

/// Why the answer is right: the value of every square under the best climbing choices,
/// and those choices.
#[derive(Debug, Clone, PartialEq)]
pub struct Certificate {
    /// The minimum expected number of turns to the Goal from each square,
    /// `expected[row][col]`, laid out as the input lays out the board (row 0 is line 1,
    /// the top row; col 0 the left column).
    pub expected: [[f64; SIZE]; SIZE],
    /// Every ladder of the board once, in reading order of the input (line by line, left
    /// to right), with the choice made when a roll ends on its base.
    pub ladders: Vec<LadderChoice>,
}

/// One ladder and the choice to climb it or not.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LadderChoice {
    /// The square the ladder starts on (row 0 on top, as in the input).
    pub base: Pos,
    /// The square it leads to, higher in the same column.
    pub top: Pos,
    /// The expected turns when staying on the base: `expected` there.
    pub stay: f64,
    /// The expected turns from the top: `expected` there.
    pub at_top: f64,
    /// Whether the player climbs: exactly when the top is worth fewer turns.
    pub climb: bool,
}

/// The start square: the bottom-left corner.
pub const START: Pos = Pos::new(SIZE - 1, 0);
/// The Goal: the top-left corner.
pub const GOAL: Pos = Pos::new(0, 0);

impl Certificate {
    /// The expected turns at `pos`.
    pub fn at(&self, pos: Pos) -> f64 {
        self.expected[pos.row][pos.col]
    }

    /// The answer: the expected turns from the start.
    pub fn answer(&self) -> f64 {
        self.at(START)
    }
}

/// The certificate of `board`, from the solver's own backward induction.
///
/// # Complexity
/// O(100 x 6) time; the ladder list holds at most 89 entries.
pub fn certify(board: &Board) -> Certificate {
    let along_path = expected_along_path(board);
    let expected: [[f64; SIZE]; SIZE] = std::array::from_fn(|row| {
        std::array::from_fn(|col| along_path[path_index(SIZE - 1 - row, col)])
    });
    let at = |pos: Pos| expected[pos.row][pos.col];
    let mut ladders = Vec::new();
    for (row, heights) in board.rows().iter().enumerate() {
        for (col, &height) in heights.iter().enumerate() {
            if height == 0 {
                continue;
            }
            let base = Pos::new(row, col);
            // The parser guarantees `height <= row`: the top is on the board.
            let top = Pos::new(row - usize::from(height), col);
            let (stay, at_top) = (at(base), at(top));
            ladders.push(LadderChoice {
                base,
                top,
                stay,
                at_top,
                climb: at_top < stay,
            });
        }
    }
    Certificate { expected, ladders }
}

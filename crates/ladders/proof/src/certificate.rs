//! The certificate: the expected turns from every square and, for every ladder, whether
//! to climb it. With these [`crate::check`] confirms the answer without the solver: every
//! square's value must be one turn plus the average over the die of the values the stated
//! choices lead to, and no stated choice may be worse than the other.
//!
//! In JSON (`--certificate`, read by `--check`), squares are `[row, column]` from 0, row 0
//! being the input's first line (the top row):
//! `{"board": [[0, 0, ...], ...], "expected": [[33.04..., ...], ...], "ladders": [{"base":
//! [9, 2], "top": [7, 2], "stay": 30.1, "at_top": 28.0, "climb": true}, ...]}`: the board's
//! ten rows of heights as the input gives them, the expected turns laid out the same way,
//! and every ladder once, in reading order.

use gridkit::Pos;
use serde::{Deserialize, Serialize};

use crate::board::{Board, SIZE};

/// Why the answer is right: the value of every square under the best climbing choices,
/// and those choices.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Certificate {
    /// The board the certificate is for, in JSON as the input's rows of heights.
    #[serde(with = "rows")]
    pub board: Board,
    /// The minimum expected number of turns to the Goal from each square,
    /// `expected[row][col]`, laid out as the input lays out the board (row 0 is line 1,
    /// the top row; col 0 the left column).
    pub expected: [[f64; SIZE]; SIZE],
    /// Every ladder of the board once, in reading order of the input (line by line, left
    /// to right), with the choice made when a roll ends on its base: at most one per
    /// square below the top row.
    #[serde(deserialize_with = "ladder_list")]
    pub ladders: Vec<LadderChoice>,
}

/// One ladder and the choice to climb it or not.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LadderChoice {
    /// The square the ladder starts on (row 0 on top, as in the input).
    #[serde(with = "square")]
    pub base: Pos,
    /// The square it leads to, higher in the same column.
    #[serde(with = "square")]
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

/// The ladders, read with at most one per square below the top row.
fn ladder_list<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<LadderChoice>, D::Error> {
    use gridkit::certificate::bounded::{list, plain};
    use serde::de::DeserializeSeed;
    list(SIZE * (SIZE - 1), "the list of ladders", plain()).deserialize(deserializer)
}

/// The board in JSON: the input's ten rows of heights, read back by
/// [`Board::from_heights`] so that a certificate's board keeps every promise an input does.
mod rows {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::board::{Board, SIZE};

    pub fn serialize<S: Serializer>(board: &Board, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(board.rows())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Board, D::Error> {
        let rows = <[[u8; SIZE]; SIZE]>::deserialize(deserializer)?;
        Board::from_heights(&rows).map_err(|error| D::Error::custom(format!("the board, {error}")))
    }
}

/// A square in JSON: `[row, column]`, both from 0.
mod square {
    use gridkit::Pos;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(pos: &Pos, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq([pos.row, pos.col])
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Pos, D::Error> {
        let [row, col] = <[usize; 2]>::deserialize(deserializer)?;
        Ok(Pos::new(row, col))
    }
}

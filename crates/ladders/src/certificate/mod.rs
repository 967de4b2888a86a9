//! The certificate: the expected turns from every square and, for every ladder, whether
//! to climb it. With these [`crate::check`] confirms the answer without the solver:
//! evaluate the stated climbing choices on the game's rules, compare the values, and see
//! that no single choice changed would do better.
//!
//! In JSON (`--certificate`, read by `--check`), squares are `[row, column]` from 0, row 0
//! being the input's first line (the top row):
//! `{"board": [[0, 0, ...], ...], "expected": [[33.04..., ...], ...], "ladders": [{"base":
//! [9, 2], "top": [7, 2], "stay": 30.1, "at_top": 28.0, "climb": true}, ...]}`: the board's
//! ten rows of heights as the input gives them, the expected turns laid out the same way,
//! and every ladder once, in reading order.

pub(crate) mod picture;
mod text;

use gridkit::Pos;
use serde::{Deserialize, Serialize};

use crate::board::{Board, SIZE};
use crate::solve::{expected_along_path, path_index};

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
    Certificate {
        board: board.clone(),
        expected,
        ladders,
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
/// [`crate::parse_board`] so that a certificate's board keeps every promise an input does.
mod rows {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::board::{Board, SIZE};

    pub fn serialize<S: Serializer>(board: &Board, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(board.rows())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Board, D::Error> {
        let rows = <[[u8; SIZE]; SIZE]>::deserialize(deserializer)?;
        let text: String = rows
            .iter()
            .map(|row| {
                let heights: Vec<String> = row.iter().map(u8::to_string).collect();
                heights.join(" ") + "\n"
            })
            .collect();
        crate::parse_board(text.as_bytes())
            .map_err(|error| D::Error::custom(format!("the board, {error}")))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_json_holds_the_board_and_reads_back() {
        let text = "0 0 0 0 0 0 0 0 0 0\n".repeat(9) + "0 0 1 0 0 0 0 0 0 0\n";
        let board = crate::parse_board(text.as_bytes()).unwrap();
        let certificate = certify(&board);
        let json = serde_json::to_string(&certificate).unwrap();
        assert!(
            json.starts_with(r#"{"board":[[0,0,0,0,0,0,0,0,0,0],"#),
            "{json}"
        );
        assert!(
            json.contains(r#""ladders":[{"base":[9,2],"top":[8,2],"#),
            "{json}"
        );
        let read: Certificate = serde_json::from_str(&json).unwrap();
        assert_eq!(read, certificate);
        let bad = json.replacen("[0,0,0,0,0,0,0,0,0,0]", "[0,0,0,0,0,0,0,0,0,1]", 1);
        let error = serde_json::from_str::<Certificate>(&bad).unwrap_err();
        assert!(
            error.to_string().contains("the board, line 1, column 19"),
            "{error}"
        );
    }
}

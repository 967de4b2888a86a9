//! The certificate of a board, from the solver's backward induction, and its explanations:
//! [`Explained`] as text for `--explain`, a picture for `--explain=svg`, the values square
//! by square for the playground (`steps`). The certificate's
//! types are `ladders_proof`'s, re-exported here; so is its checker, [`crate::check`].

pub(crate) mod picture;
pub(crate) mod steps;
mod text;

pub use ladders_proof::certificate::{Certificate, GOAL, LadderChoice, START};
pub use text::Explained;

use gridkit::Pos;

use crate::board::{Board, SIZE};
use crate::solve::{expected_along_path, path_index};

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

//! Backward induction along the path, with the overshoot self-loop solved in closed form.

use crate::board::{Board, SIZE};

/// Squares on the path: 0 is the start (bottom-left), `GOAL` the top-left square.
pub(crate) const SQUARES: usize = SIZE * SIZE;
const GOAL: usize = SQUARES - 1;
const FACES: usize = 6;

/// The path index of the square `k` rows above the bottom row, `col` from the left.
///
/// Even rows (counted from the bottom, from 0) run right and odd rows run left, so only
/// even rows number their squares left to right. A ladder keeps its column, so its top
/// is `base + 10 h` only when `h` is even.
pub(crate) fn path_index(k: usize, col: usize) -> usize {
    let along = if k % 2 == 0 { col } else { SIZE - 1 - col };
    SIZE * k + along
}

/// For each path square, where its ladder leads (itself when it has none).
fn ladder_tops(board: &Board) -> [usize; SQUARES] {
    let mut top: [usize; SQUARES] = std::array::from_fn(|square| square);
    for (row, heights) in board.rows().iter().enumerate() {
        let k = SIZE - 1 - row;
        for (col, &height) in heights.iter().enumerate() {
            // The parser guarantees `height <= row`, so `k + height` stays on the board.
            top[path_index(k, col)] = path_index(k + usize::from(height), col);
        }
    }
    top
}

/// The minimum expected number of turns from the start to the Goal.
///
/// # Complexity
/// O(100 x 6) time, three arrays of 100 on the stack, no allocation.
pub fn solve(board: &Board) -> f64 {
    expected_along_path(board)[0]
}

/// The minimum expected number of turns to the Goal from every square, by path index.
///
/// `expected[p]` depends only on squares after `p` and on `p` itself, through the rolls
/// that overshoot the Goal and leave the player where she is. With `k` such rolls,
/// `E = 1 + (k E + sum of the others) / 6`, that is `E = (6 + sum) / (6 - k)`, where each
/// landing square counts with the better of staying and climbing its ladder. A climb
/// ends the move: the top's own ladder is not offered, so its value is `expected[top]`.
pub(crate) fn expected_along_path(board: &Board) -> [f64; SQUARES] {
    let top = ladder_tops(board);
    let mut expected = [0.0f64; SQUARES];
    // best[q] = the value of landing on q at the end of a roll, climbing if that helps.
    let mut best = [0.0f64; SQUARES];
    for square in (0..GOAL).rev() {
        let mut sum = 0.0;
        let mut stay = 0;
        for roll in 1..=FACES {
            match best.get(square + roll) {
                Some(value) => sum += value,
                None => stay += 1,
            }
        }
        // The roll of 1 always fits (square < GOAL), so stay <= 5.
        expected[square] = (FACES as f64 + sum) / (FACES - stay) as f64;
        // Every ladder top lies after its base, so it is already final here.
        best[square] = expected[square].min(expected[top[square]]);
    }
    expected
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_board;

    #[test]
    fn the_path_snakes_up_the_board() {
        assert_eq!(path_index(0, 0), 0);
        assert_eq!(path_index(0, 9), 9);
        assert_eq!(path_index(1, 9), 10);
        assert_eq!(path_index(1, 0), 19);
        assert_eq!(path_index(9, 0), GOAL);
        let mut seen = [false; SQUARES];
        for k in 0..SIZE {
            for col in 0..SIZE {
                seen[path_index(k, col)] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn odd_ladders_keep_their_column() {
        let mut text = "0 0 0 0 0 0 0 0 0 0\n".repeat(9);
        text.push_str("0 0 1 0 0 0 0 0 0 3\n");
        let top = ladder_tops(&parse_board(text.as_bytes()).unwrap());
        // Bottom row, column 3 (path 2) one row up: path 17, not 12.
        assert_eq!(top[2], 17);
        // Bottom row, column 10 (path 9) three rows up: path 30, not 39.
        assert_eq!(top[9], 30);
        assert_eq!(top[5], 5);
    }
}

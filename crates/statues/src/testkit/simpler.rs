//! One step simpler boards, for shrinking a failing board: a statue fewer, or a statue
//! one row lower (it leaves the board sooner). Maria and Anna never move.

use crate::{Board, MARIA, SIZE, Square};

/// Every board one step simpler than `board`: each statue removed, then each statue moved
/// one row down onto an empty square. Each step lowers (number of statues, sum of their
/// heights above the bottom) lexicographically, so shrinking ends.
pub fn simpler(board: &Board) -> Vec<Board> {
    let statues: Vec<Square> = (0..SIZE)
        .flat_map(|row| (0..SIZE).map(move |col| (row, col)))
        .filter(|&(row, col)| board.has_statue(row, col))
        .collect();
    let without =
        |gone: Square| Board::from_fn(|row, col| (row, col) != gone && board.has_statue(row, col));
    let removed = statues.iter().map(|&statue| without(statue));
    let lowered = statues
        .iter()
        .map(|&(row, col)| ((row, col), (row + 1, col)))
        .filter(|&(_, (row, col))| row < SIZE && (row, col) != MARIA && !board.has_statue(row, col))
        .map(|(from, to)| {
            Board::from_fn(|row, col| {
                (row, col) == to || (row, col) != from && board.has_statue(row, col)
            })
        });
    removed.chain(lowered).collect()
}

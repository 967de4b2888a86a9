//! The steps that make a board simpler, for shrinking a failing board: ladders removed
//! (half of them, a line's worth, then one), then one ladder made shorter.

use crate::Board;
use crate::board::SIZE;

/// Every board one step simpler than `board`, biggest steps first: half the ladders
/// removed (either half, in reading order), the ladders of one line removed, one ladder
/// removed, one ladder's top one row lower. Each candidate has a smaller sum of heights,
/// so shrinking ends, and keeps every promise of the statement (heights only go down, and
/// nothing is added): at most about 200 candidates, none equal to another.
pub fn simpler(board: &Board) -> Vec<Board> {
    let bases: Vec<(usize, usize)> = (0..SIZE)
        .flat_map(|row| (0..SIZE).map(move |col| (row, col)))
        .filter(|&(row, col)| board.height(row, col) > 0)
        .collect();
    let mut candidates: Vec<Board> = Vec::new();
    let mut offer = |candidate: [[u8; SIZE]; SIZE]| {
        let candidate = super::board_of(candidate);
        if candidate != *board && !candidates.contains(&candidate) {
            candidates.push(candidate);
        }
    };
    let without = |removed: &[(usize, usize)]| {
        let mut heights = *board.rows();
        for &(row, col) in removed {
            heights[row][col] = 0;
        }
        heights
    };

    let (first_half, second_half) = bases.split_at(bases.len() / 2);
    offer(without(first_half));
    offer(without(second_half));
    for row in 0..SIZE {
        let line: Vec<(usize, usize)> = bases.iter().copied().filter(|b| b.0 == row).collect();
        offer(without(&line));
    }
    for &base in &bases {
        offer(without(&[base]));
    }
    for &(row, col) in &bases {
        let mut heights = *board.rows();
        // Still at least 1: a ladder of height 1 is removed above instead.
        if heights[row][col] > 1 {
            heights[row][col] -= 1;
            offer(heights);
        }
    }
    candidates
}

//! One-step simplifications of an input, biggest first, each valid for the parser.
//!
//! Every step lowers the input's [`size`] (cases, squares, caves, open squares): none
//! grows and one shrinks, so shrinking always ends. A wall is never opened, which would
//! undo an earlier step.

use gridkit::Grid;

use super::generate::case_of;
use crate::parse::{Case, MIN_SIZE, WALL};

/// Above this many open squares, single squares are not walled up one at a time: rows
/// and columns go first, and the candidates stay a few hundred at most.
const MAX_OPEN_TO_WALL: usize = 200;

/// What shrinking lowers: the number of cases, and over all cases the squares, the caves
/// and the open squares.
pub fn size(input: &[Case]) -> (usize, usize, usize, usize) {
    let squares = input.iter().map(|case| case.grid.len()).sum();
    let caves = input.iter().map(|case| case.caves.len()).sum();
    let open = input.iter().map(super::open_squares).sum();
    (input.len(), squares, caves, open)
}

/// The inputs one step simpler than `input`: with several cases, half of them or all but
/// one; with one case, a row or a column fewer, a cave fewer, or an open square walled up.
pub fn simpler(input: &[Case]) -> Vec<Vec<Case>> {
    if input.len() > 1 {
        let half = input.len() / 2;
        let mut fewer = vec![input[..half].to_vec(), input[half..].to_vec()];
        fewer.extend((0..input.len()).map(|skip| {
            let mut rest = input.to_vec();
            rest.remove(skip);
            rest
        }));
        return fewer;
    }
    let Some(case) = input.first() else {
        return Vec::new();
    };
    simpler_case(case)
        .into_iter()
        .map(|case| vec![case])
        .collect()
}

/// The cases one step simpler than `case`.
fn simpler_case(case: &Case) -> Vec<Case> {
    let rows = rows_of(&case.grid);
    let (height, width) = (case.grid.height(), case.grid.width());
    let mut simpler = Vec::new();
    if height > MIN_SIZE {
        simpler.extend((1..height - 1).filter_map(|row| {
            let mut cropped = rows.clone();
            cropped.remove(row);
            relabelled(cropped)
        }));
    }
    if width > MIN_SIZE {
        simpler.extend((1..width - 1).filter_map(|col| {
            let cropped = rows
                .iter()
                .map(|line| {
                    let mut line = line.clone();
                    line.remove(col);
                    line
                })
                .collect();
            relabelled(cropped)
        }));
    }
    if case.caves.len() > 1 {
        simpler.extend(case.caves.iter().filter_map(|cave| {
            let mut fewer = rows.clone();
            fewer[cave.row][cave.col] = b'.';
            relabelled(fewer)
        }));
    }
    if super::open_squares(case) <= MAX_OPEN_TO_WALL {
        simpler.extend(
            case.grid
                .positions()
                .filter(|&pos| case.grid[pos] == b'.')
                .map(|pos| {
                    let mut walled = case.clone();
                    walled.grid[pos] = WALL;
                    walled
                }),
        );
    }
    simpler
}

fn rows_of(grid: &Grid<u8>) -> Vec<Vec<u8>> {
    (0..grid.height())
        .map(|row| grid.row(row).to_vec())
        .collect()
}

/// The case of `rows` with its caves relabelled `0..d-1` in their old order, or `None`
/// when no cave is left.
fn relabelled(mut rows: Vec<Vec<u8>>) -> Option<Case> {
    let mut caves: Vec<(u8, usize, usize)> = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, &square) in row.iter().enumerate() {
            if square.is_ascii_digit() {
                caves.push((square, r, c));
            }
        }
    }
    if caves.is_empty() {
        return None;
    }
    caves.sort();
    for (label, &(_, r, c)) in caves.iter().enumerate() {
        rows[r][c] = b'0' + label as u8;
    }
    Some(case_of(&rows))
}

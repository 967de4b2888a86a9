//! Random boards of three kinds: statues spread evenly, crowded around a square, or in a
//! few dense rows that fall like walls with holes.

use std::ops::RangeInclusive;

use crate::{ANNA, Board, MARIA, SIZE, Square};

/// Squares that may hold a statue: all but Maria's and Anna's.
const FREE_SQUARES: usize = SIZE * SIZE - 2;

/// A random board for stress testing. At scale 0 it holds at most two statues; the
/// densities grow with `scale` until, at 1, any number up to a full board can occur.
pub fn generate(rng: &mut fastrand::Rng, scale: f64) -> Board {
    // A density of `full` percent at scale 1, shrunk with the scale but never to nothing.
    let percent = |full: u32| ((f64::from(full) * scale).round() as u32).max(3);
    let board = match rng.u8(0..4) {
        0 | 1 => {
            let chance = rng.u32(0..=percent(60));
            uniform_board(rng, chance)
        }
        2 => {
            let centre = match rng.u8(0..3) {
                0 => MARIA,
                1 => ANNA,
                _ => (rng.usize(0..SIZE), rng.usize(0..SIZE)),
            };
            let chance = rng.u32(percent(40)..=percent(90));
            crowded_board(rng, centre, chance)
        }
        _ => banded_board(rng, percent(60)..=percent(95)),
    };
    let most = 2 + ((FREE_SQUARES - 2) as f64 * scale).round() as usize;
    keep_at_most(rng, &board, most)
}

/// A random board: each square other than Maria's and Anna's holds a statue with
/// probability `percent` / 100.
pub fn uniform_board(rng: &mut fastrand::Rng, percent: u32) -> Board {
    Board::from_fn(|_, _| rng.u32(0..100) < percent)
}

/// A random board whose statues crowd around `centre`: a square `d` king moves away holds
/// a statue with probability `percent / (1 + d)` / 100.
pub fn crowded_board(rng: &mut fastrand::Rng, centre: Square, percent: u32) -> Board {
    Board::from_fn(|row, col| {
        let distance = row.abs_diff(centre.0).max(col.abs_diff(centre.1)) as u32;
        rng.u32(0..100) < percent / (1 + distance)
    })
}

/// Statues only in two or three random rows, each square of them holding one with a
/// probability drawn from `percents`.
pub fn banded_board(rng: &mut fastrand::Rng, percents: RangeInclusive<u32>) -> Board {
    let rows: Vec<usize> = (0..rng.usize(2..=3)).map(|_| rng.usize(0..SIZE)).collect();
    let percent = rng.u32(percents);
    Board::from_fn(|row, _| rows.contains(&row) && rng.u32(0..100) < percent)
}

/// `board` with all but `most` of its statues, chosen at random, taken away.
fn keep_at_most(rng: &mut fastrand::Rng, board: &Board, most: usize) -> Board {
    let mut statues: Vec<Square> = (0..SIZE)
        .flat_map(|row| (0..SIZE).map(move |col| (row, col)))
        .filter(|&(row, col)| board.has_statue(row, col))
        .collect();
    if statues.len() <= most {
        return *board;
    }
    rng.shuffle(&mut statues);
    statues.truncate(most);
    Board::from_fn(|row, col| statues.contains(&(row, col)))
}

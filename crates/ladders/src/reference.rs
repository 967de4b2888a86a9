//! The oracle: value iteration on the literal game, played on board coordinates.
//!
//! Nothing here is shared with [the solver](mod@crate::solve): squares are `(row, col)`
//! positions of a [`Grid`] (row 0 on top), a roll walks its squares one at a time along
//! the snaking path, an overshooting roll leaves the player where she is, and a ladder is climbed or
//! not by taking the smaller of the two values. The expected turns are then improved by
//! whole sweeps over the board, each using only the previous sweep (Jacobi), from all
//! zeros until nothing moves by more than [`TOLERANCE`]. Slow and plain on purpose.
//!
//! [`values_of_choices`] evaluates given climbing choices the same way, for the tests that
//! forge certificates consistent with a worse choice.

use anyhow::bail;
use gridkit::{Grid, Pos};

use crate::Certificate;
use crate::board::{Board, SIZE};

/// Sweeps stop once no square's value changes by more than this.
pub const TOLERANCE: f64 = 1e-13;

/// A cap on the sweeps. The slowest part of the game is the square before the Goal,
/// left with probability 1/6 a turn, so the error shrinks by 5/6 a sweep: under 200
/// sweeps reach [`TOLERANCE`], and the cap is never the reason to stop.
pub const MAX_SWEEPS: usize = 100_000;

const GOAL: Pos = Pos::new(0, 0);

/// The next square along the path, `None` from the Goal.
///
/// The bottom row (row 9) runs right and each row runs opposite to the one below, so the
/// odd rows run right and the even rows left; at the end of a row the path goes up.
fn step(pos: Pos) -> Option<Pos> {
    if pos == GOAL {
        return None;
    }
    let runs_right = pos.row % 2 == 1;
    if runs_right && pos.col + 1 < SIZE {
        Some(Pos::new(pos.row, pos.col + 1))
    } else if !runs_right && pos.col > 0 {
        Some(Pos::new(pos.row, pos.col - 1))
    } else {
        Some(Pos::new(pos.row - 1, pos.col))
    }
}

/// Where a roll of `roll` moves the player from `from`, walking square by square; `None`
/// when the Goal is fewer than `roll` squares away (she stays).
fn walk(from: Pos, roll: usize) -> Option<Pos> {
    let mut at = from;
    for _ in 0..roll {
        at = step(at)?;
    }
    Some(at)
}

/// The minimum expected number of turns from the bottom-left square to the Goal.
///
/// # Complexity
/// O(sweeps x 100 x 6), with under 200 sweeps; a few small grids.
pub fn expected_turns(board: &Board) -> f64 {
    let value = value_iteration(board);
    value[Pos::new(SIZE - 1, 0)]
}

/// The expected turns to the Goal from every square, under the best climbing choices.
pub fn value_iteration(board: &Board) -> Grid<f64> {
    // One ladder at most: the top's own ladder is not offered.
    sweep_until_settled(board, |value, square, top| value[square].min(value[top]))
}

/// The expected turns to the Goal from every square, `[row][col]` as the certificate lays
/// them out, when the player climbs exactly the ladders `certificate` says it climbs: the
/// values a certificate with a worse choice would have to state.
///
/// # Errors
/// The certificate climbs a ladder the board does not have.
pub fn values_of_choices(
    board: &Board,
    certificate: &Certificate,
) -> anyhow::Result<[[f64; SIZE]; SIZE]> {
    let mut climbs = Grid::new(SIZE, SIZE, false);
    for ladder in certificate.ladders.iter().filter(|ladder| ladder.climb) {
        let (base, top) = (ladder.base, ladder.top);
        if base.row >= SIZE || base.col >= SIZE || top_of(board, base) != Some(top) {
            bail!(
                "the board has no ladder from line {}, column {} to line {}, column {}",
                base.row + 1,
                base.col + 1,
                top.row + 1,
                top.col + 1
            );
        }
        climbs[base] = true;
    }
    let value = sweep_until_settled(board, |value, square, top| {
        if climbs[square] {
            value[top]
        } else {
            value[square]
        }
    });
    Ok(std::array::from_fn(|row| {
        std::array::from_fn(|col| value[Pos::new(row, col)])
    }))
}

/// Where the ladder at `pos` leads, if there is one.
fn top_of(board: &Board, pos: Pos) -> Option<Pos> {
    let height = usize::from(board.height(pos.row, pos.col));
    (height > 0).then(|| Pos::new(pos.row - height, pos.col))
}

/// Value iteration from all zeros until no value moves by more than [`TOLERANCE`], where a
/// roll ending on a ladder's base (`square`, leading to `top`) is worth `ladder(value,
/// square, top)`.
fn sweep_until_settled(board: &Board, ladder: impl Fn(&Grid<f64>, Pos, Pos) -> f64) -> Grid<f64> {
    // Where each roll from each square lands; walked once, used every sweep.
    let landing: Grid<[Option<Pos>; 6]> = {
        let mut landing = Grid::new(SIZE, SIZE, [None; 6]);
        for pos in landing.positions().collect::<Vec<_>>() {
            landing[pos] = std::array::from_fn(|face| walk(pos, face + 1));
        }
        landing
    };

    let mut value = Grid::new(SIZE, SIZE, 0.0f64);
    for _ in 0..MAX_SWEEPS {
        let mut next = Grid::new(SIZE, SIZE, 0.0f64);
        let mut change = 0.0f64;
        for pos in value.positions() {
            if pos == GOAL {
                continue;
            }
            let mut total = 0.0;
            for landed in landing[pos] {
                total += match landed {
                    None => value[pos],
                    Some(square) => match top_of(board, square) {
                        Some(top) => ladder(&value, square, top),
                        None => value[square],
                    },
                };
            }
            next[pos] = 1.0 + total / 6.0;
            change = change.max((next[pos] - value[pos]).abs());
        }
        value = next;
        if change <= TOLERANCE {
            break;
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_walk_covers_the_board_once_and_ends_at_the_goal() {
        let mut at = Pos::new(SIZE - 1, 0);
        let mut visited = vec![at];
        while let Some(next) = step(at) {
            visited.push(next);
            at = next;
        }
        assert_eq!(at, GOAL);
        visited.sort();
        visited.dedup();
        assert_eq!(visited.len(), SIZE * SIZE);
        assert_eq!(step(Pos::new(9, 9)), Some(Pos::new(8, 9)));
        assert_eq!(step(Pos::new(8, 0)), Some(Pos::new(7, 0)));
    }

    #[test]
    fn rolls_past_the_goal_do_not_move() {
        assert_eq!(walk(Pos::new(0, 1), 1), Some(GOAL));
        assert_eq!(walk(Pos::new(0, 1), 2), None);
        assert_eq!(walk(Pos::new(1, 9), 6), Some(Pos::new(0, 4)));
    }
}

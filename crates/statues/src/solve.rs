//! The search over (Maria's square, time).
//!
//! Statues never choose anything: the one that starts in row `r` is in row `r + t` after
//! `t` falls, and gone once `r + t` leaves the board. So the board is a function of time
//! alone, and a state is just Maria's square and the number of falls so far. Once every
//! statue has fallen the board stays empty and Maria simply walks to Anna, so time never
//! needs to go past that moment: at most `SIZE + 1` times of 64 squares.

use crate::board::{ANNA, Board, MARIA, Outcome, SIZE};

/// Whether Maria reaches Anna with perfect play.
///
/// # Complexity
/// At most 64 squares x 9 times x 9 moves; no allocation.
pub fn solve(board: &Board) -> Outcome {
    let falling = Falling::new(board);
    // seen[t]: the squares already searched at time t, one bit per square.
    let mut seen = [0u64; SIZE + 1];
    if falling.escapes(MARIA, 0, &mut seen) {
        Outcome::Win
    } else {
        Outcome::Lose
    }
}

/// The statues, as the board at time 0, plus the time by which all of them are gone.
struct Falling {
    /// Bit `c` of `start_rows[r]`: a statue starts on row `r`, column `c`.
    start_rows: [u8; SIZE],
    /// The number of falls after which no statue is left (0 on an empty board).
    clear_time: usize,
}

impl Falling {
    fn new(board: &Board) -> Self {
        let mut start_rows = [0u8; SIZE];
        for (row, bits) in start_rows.iter_mut().enumerate() {
            for col in 0..SIZE {
                if board.has_statue(row, col) {
                    *bits |= 1 << col;
                }
            }
        }
        // The highest statue leaves last: from row r it needs SIZE - r falls.
        let clear_time = start_rows
            .iter()
            .position(|&bits| bits != 0)
            .map_or(0, |top| SIZE - top);
        Self {
            start_rows,
            clear_time,
        }
    }

    /// Whether a statue stands on (`row`, `col`) after `t` falls: the one that started
    /// `t` rows higher, if any.
    fn occupied(&self, row: usize, col: usize, t: usize) -> bool {
        row >= t && self.start_rows[row - t] >> col & 1 == 1
    }

    /// Whether Maria, alive on `square` after `t` falls, can still reach Anna. Every move
    /// adds one fall, so the recursion is at most `clear_time` deep.
    fn escapes(&self, (row, col): (usize, usize), t: usize, seen: &mut [u64; SIZE + 1]) -> bool {
        if t >= self.clear_time {
            // Nothing is left to fall on her: she walks to Anna on an empty board.
            return true;
        }
        for dr in -1..=1 {
            for dc in -1..=1 {
                // Staying put (dr = dc = 0) is a move too, and sometimes the only safe one.
                let (Some(r), Some(c)) = (row.checked_add_signed(dr), col.checked_add_signed(dc))
                else {
                    continue;
                };
                if r >= SIZE || c >= SIZE {
                    continue;
                }
                if (r, c) == ANNA {
                    // No statue is ever above Anna's top-row square, so it is always free.
                    return true;
                }
                // She may not step onto a statue, and must not be under one when they fall.
                if self.occupied(r, c, t) || self.occupied(r, c, t + 1) {
                    continue;
                }
                let bit = 1u64 << (r * SIZE + c);
                if seen[t + 1] & bit != 0 {
                    continue;
                }
                seen[t + 1] |= bit;
                if self.escapes((r, c), t + 1, seen) {
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Outcome::{Lose, Win};

    fn board(rows: [&str; SIZE]) -> Board {
        crate::parse(rows.join("\n").as_bytes()).unwrap()
    }

    #[test]
    fn statues_sink_one_row_per_fall_and_leave_at_the_bottom() {
        let falling = Falling::new(&Board::from_fn(|row, col| (row, col) == (5, 3)));
        assert!(falling.occupied(5, 3, 0) && falling.occupied(7, 3, 2));
        assert!(!falling.occupied(5, 3, 1) && !falling.occupied(4, 3, 0));
        assert!((3..=SIZE).all(|t| (0..SIZE).all(|row| !falling.occupied(row, 3, t))));
        assert_eq!(falling.clear_time, 3);
        assert_eq!(Falling::new(&Board::default()).clear_time, 0);
    }

    #[test]
    fn errata_of_the_seed_write_up() {
        let mut rows = [
            ".......A", "........", "........", "........", "........", "........", "........",
            "M.......",
        ];
        rows[6] = ".S......";
        assert_eq!(solve(&board(rows)), Win);
        rows[6] = "S.......";
        assert_eq!(solve(&board(rows)), Win);
        rows[6] = "........";
        rows[1] = "SSSSSSSS";
        assert_eq!(solve(&board(rows)), Lose);
    }
}

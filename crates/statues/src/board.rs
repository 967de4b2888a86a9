//! The plain types every part of the crate shares: the board as read, and the answer.

use std::fmt::{self, Display};

use gridkit::grid::DIRS8;

/// The board is `SIZE` x `SIZE`.
pub const SIZE: usize = 8;

/// A square as (row, column) from the top-left corner, both from 0.
pub type Square = (usize, usize);

/// Where Maria starts.
pub const MARIA: Square = (SIZE - 1, 0);

/// Where Anna stands for the whole game.
pub const ANNA: Square = (0, SIZE - 1);

/// The squares Maria can end a move on from `square`: the square itself (she may stay)
/// and its up to eight neighbours on the board.
pub fn king_moves((row, col): Square) -> impl Iterator<Item = Square> {
    std::iter::once((0, 0))
        .chain(DIRS8)
        .filter_map(move |(dr, dc)| {
            Some((row.checked_add_signed(dr)?, col.checked_add_signed(dc)?))
        })
        .filter(|&(row, col)| row < SIZE && col < SIZE)
}

/// The statues at the start of the game. Maria's and Anna's squares never hold one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Board {
    statue: [[bool; SIZE]; SIZE],
}

impl Board {
    /// The board with a statue on every square where `statue(row, column)` holds, except
    /// Maria's and Anna's squares, which are never asked about.
    pub fn from_fn(mut statue: impl FnMut(usize, usize) -> bool) -> Self {
        let mut board = Self::default();
        for (row, cells) in board.statue.iter_mut().enumerate() {
            for (col, cell) in cells.iter_mut().enumerate() {
                *cell = (row, col) != MARIA && (row, col) != ANNA && statue(row, col);
            }
        }
        board
    }

    /// Whether a statue stands on (`row`, `col`) at the start; `false` off the board.
    pub fn has_statue(&self, row: usize, col: usize) -> bool {
        self.statue
            .get(row)
            .and_then(|cells| cells.get(col))
            .copied()
            .unwrap_or(false)
    }

    /// The number of statues.
    pub fn statues(&self) -> usize {
        self.statue.iter().flatten().filter(|&&s| s).count()
    }

    /// Whether a statue stands on `square` after `falls` falls: the one that started
    /// `falls` rows higher, if any.
    pub fn statue_after(&self, (row, col): Square, falls: usize) -> bool {
        row >= falls && self.has_statue(row - falls, col)
    }

    /// The number of falls after which no statue is left: the highest one, from row `r`,
    /// needs `SIZE - r`. Zero on a board without statues.
    pub fn clear_time(&self) -> usize {
        self.statue
            .iter()
            .position(|cells| cells.contains(&true))
            .map_or(0, |top| SIZE - top)
    }
}

/// The board in the input format: eight lines of `.SMA`, each ending in a newline.
impl Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..SIZE {
            for col in 0..SIZE {
                let cell = if (row, col) == MARIA {
                    'M'
                } else if (row, col) == ANNA {
                    'A'
                } else if self.has_statue(row, col) {
                    'S'
                } else {
                    '.'
                };
                write!(f, "{cell}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Whether Maria reaches Anna with perfect play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win,
    Lose,
}

/// As the statement prints it: `WIN` or `LOSE`.
impl Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Win => "WIN",
            Outcome::Lose => "LOSE",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_fn_never_puts_statues_on_maria_or_anna() {
        let full = Board::from_fn(|_, _| true);
        assert!(!full.has_statue(MARIA.0, MARIA.1));
        assert!(!full.has_statue(ANNA.0, ANNA.1));
        assert_eq!(full.statues(), SIZE * SIZE - 2);
        assert!(!full.has_statue(SIZE, 0) && !full.has_statue(0, SIZE));
    }

    #[test]
    fn statues_sink_one_row_per_fall_and_leave_at_the_bottom() {
        let board = Board::from_fn(|row, col| (row, col) == (5, 3));
        assert!(board.statue_after((5, 3), 0) && board.statue_after((7, 3), 2));
        assert!(!board.statue_after((5, 3), 1) && !board.statue_after((4, 3), 0));
        assert!((3..=SIZE).all(|t| (0..SIZE).all(|row| !board.statue_after((row, 3), t))));
        assert_eq!(board.clear_time(), 3);
        assert_eq!(Board::default().clear_time(), 0);
        assert_eq!(Board::from_fn(|_, _| true).clear_time(), SIZE);
    }

    #[test]
    fn king_moves_stay_on_the_board_and_include_staying() {
        let corner: Vec<Square> = king_moves(MARIA).collect();
        assert_eq!(corner, [(7, 0), (6, 0), (6, 1), (7, 1)]);
        assert_eq!(king_moves((3, 3)).count(), 9);
        assert_eq!(king_moves(ANNA).count(), 4);
    }

    #[test]
    fn renders_in_the_input_format() {
        let board = Board::from_fn(|row, col| row == 6 && col < 2);
        assert_eq!(
            board.to_string(),
            ".......A\n........\n........\n........\n........\n........\nSS......\nM.......\n"
        );
        assert_eq!(Outcome::Win.to_string(), "WIN");
        assert_eq!(Outcome::Lose.to_string(), "LOSE");
    }
}

//! The input model: the board as read, and the answer.

use std::fmt::{self, Display};

/// The board is `SIZE` x `SIZE`.
pub const SIZE: usize = 8;

/// A square as (row, column) from the top-left corner, both from 0.
pub type Square = (usize, usize);

/// Where Maria starts.
pub const MARIA: Square = (SIZE - 1, 0);

/// Where Anna stands for the whole game.
pub const ANNA: Square = (0, SIZE - 1);

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
        assert!(full.has_statue(MARIA.0, MARIA.1 + 1) && full.has_statue(ANNA.0 + 1, ANNA.1));
        assert!(!full.has_statue(SIZE, 0) && !full.has_statue(0, SIZE));
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

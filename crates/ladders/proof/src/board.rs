//! The input model: the board as the input gives it, ten rows of ladder heights, top row
//! first.

use std::fmt;

use gridkit::InputResult;

/// The board is always 10 x 10.
pub const SIZE: usize = 10;

/// Ladder heights by row (0 = the top row, as in the input) and column (0 = left).
///
/// A `Board` only comes out of [`crate::parse::parse_board`], so it always keeps the
/// promises of the statement: `height(row, col) <= row` (none in the top row, none passing
/// the top) and no ladder on the start square (bottom-left).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    heights: [[u8; SIZE]; SIZE],
}

impl Board {
    /// Wraps heights already checked by the parser.
    pub(crate) fn from_checked(heights: [[u8; SIZE]; SIZE]) -> Self {
        Self { heights }
    }

    /// The board of `heights` (top row first), if they keep the statement's promises:
    /// written as the input would give them and read back by
    /// [`parse_board`](crate::parse_board), so with the same checks and messages.
    ///
    /// # Errors
    /// As [`parse_board`](crate::parse_board), on that text.
    pub fn from_heights(heights: &[[u8; SIZE]; SIZE]) -> InputResult<Self> {
        let text: String = heights
            .iter()
            .map(|row| {
                let heights: Vec<String> = row.iter().map(u8::to_string).collect();
                heights.join(" ") + "\n"
            })
            .collect();
        crate::parse_board(text.as_bytes())
    }

    /// The height of the ladder at `row` (from the top) and `col` (from the left), 0 for
    /// none; the ladder leads to `row - height` in the same column.
    pub fn height(&self, row: usize, col: usize) -> u8 {
        self.heights[row][col]
    }

    /// All heights, top row first.
    pub fn rows(&self) -> &[[u8; SIZE]; SIZE] {
        &self.heights
    }

    /// The number of ladders.
    pub fn ladders(&self) -> usize {
        self.heights.iter().flatten().filter(|&&h| h > 0).count()
    }
}

/// Writes the board back in the input format, so generated boards can be fed to `run`.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in &self.heights {
            for (col, height) in row.iter().enumerate() {
                let separator = if col + 1 == SIZE { "\n" } else { " " };
                write!(f, "{height}{separator}")?;
            }
        }
        Ok(())
    }
}

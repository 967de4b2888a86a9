//! Reads and validates the board: exactly ten lines of exactly ten integers.

use std::io::BufRead;

use gridkit::{InputError, InputResult, Line, Reader};

use crate::board::{Board, SIZE};

// What each line and number is called in errors; fixed text, so a valid board costs no
// formatting.
const LINE_NAMES: [&str; SIZE] = [
    "line 1 of 10 (ten ladder heights)",
    "line 2 of 10 (ten ladder heights)",
    "line 3 of 10 (ten ladder heights)",
    "line 4 of 10 (ten ladder heights)",
    "line 5 of 10 (ten ladder heights)",
    "line 6 of 10 (ten ladder heights)",
    "line 7 of 10 (ten ladder heights)",
    "line 8 of 10 (ten ladder heights)",
    "line 9 of 10 (ten ladder heights)",
    "line 10 of 10 (ten ladder heights)",
];
const HEIGHT_NAMES: [&str; SIZE] = [
    "height 1 of 10",
    "height 2 of 10",
    "height 3 of 10",
    "height 4 of 10",
    "height 5 of 10",
    "height 6 of 10",
    "height 7 of 10",
    "height 8 of 10",
    "height 9 of 10",
    "height 10 of 10",
];

/// Reads ten lines of ten ladder heights and nothing else (blank lines at the end aside).
///
/// # Errors
/// A missing or extra number or line, a token that is not an integer, or a height the
/// statement rules out: negative, in the top row, reaching past the top row (`h >= i` on
/// line `i`), or on the start square. Every error names the line and column.
pub fn parse_board<R: BufRead>(input: R) -> InputResult<Board> {
    let mut reader = Reader::new(input);
    let mut heights = [[0u8; SIZE]; SIZE];
    for (row, row_heights) in heights.iter_mut().enumerate() {
        let mut line = reader.line(LINE_NAMES[row])?;
        for (col, height) in row_heights.iter_mut().enumerate() {
            *height = read_height(&mut line, row, col)?;
        }
        line.end()?;
    }
    reader.finish()?;
    Ok(Board::from_checked(heights))
}

/// Reads the height at `row`, `col` (both 0-based, row 0 on top) and checks it against
/// the promises of the statement.
fn read_height(line: &mut Line<'_>, row: usize, col: usize) -> InputResult<u8> {
    let column = token_column(line);
    // Any height above 9 passes the top from every line, so 0..=9 is checked first (as
    // i64, so that a negative height is shown as a number); the narrower promises get
    // messages of their own below.
    let height = line.int(HEIGHT_NAMES[col], 0..=9i64)? as u8; // In 0..=9: the cast is exact.
    let at = |message: String| Err(InputError::at(line.number(), column, message));
    if height == 0 {
        Ok(0)
    } else if row == 0 {
        at(format!(
            "line 1 is the top row and holds no ladder, found height {height}"
        ))
    } else if usize::from(height) > row {
        let rows = if row == 1 { "row" } else { "rows" };
        at(format!(
            "a ladder on line {} rises at most {row} {rows} (to the top row), found height {height}",
            row + 1
        ))
    } else if row == SIZE - 1 && col == 0 {
        at(format!(
            "the start square (bottom-left) holds no ladder, found height {height}"
        ))
    } else {
        Ok(height)
    }
}

/// The column where the next token starts, past any blanks.
fn token_column(line: &Line<'_>) -> usize {
    let blanks = line
        .rest()
        .iter()
        .take_while(|&&byte| matches!(byte, b' ' | b'\t'))
        .count();
    line.column() + blanks
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board_text(edit: impl FnOnce(&mut Vec<String>)) -> String {
        let mut lines = vec!["0 0 0 0 0 0 0 0 0 0".to_string(); SIZE];
        edit(&mut lines);
        lines.join("\n") + "\n"
    }

    fn error(text: &str) -> String {
        parse_board(text.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn reads_heights_by_row_and_column() {
        let text = board_text(|lines| {
            lines[1] = "1 0 0 0 0 0 0 0 0 0".into();
            lines[9] = "0 0 0 0 0 0 0 0 0 9".into();
        });
        let board = parse_board(text.as_bytes()).unwrap();
        assert_eq!(board.height(1, 0), 1);
        assert_eq!(board.height(9, 9), 9);
        assert_eq!(board.ladders(), 2);
        assert_eq!(board.to_string(), text);
    }

    #[test]
    fn tolerates_crlf_extra_blanks_and_trailing_blank_lines() {
        let text = board_text(|_| {})
            .replace('\n', " \t\r\n")
            .replace(' ', "  ")
            + "\n \n";
        assert!(parse_board(text.as_bytes()).is_ok());
    }

    #[test]
    fn the_error_column_points_at_the_token() {
        let text = board_text(|lines| lines[3] = "0  0 0 7 0 0 0 0 0 0".into());
        assert_eq!(
            error(&text),
            "line 4, column 8: a ladder on line 4 rises at most 3 rows (to the top row), found height 7"
        );
    }

    #[test]
    fn the_highest_legal_ladder_of_each_line_is_accepted() {
        for row in 1..SIZE {
            let text = board_text(|lines| lines[row] = format!("0 0 0 0 {row} 0 0 0 0 0"));
            assert_eq!(
                parse_board(text.as_bytes()).unwrap().height(row, 4),
                row as u8
            );
            let text = board_text(|lines| lines[row] = format!("0 0 0 0 {} 0 0 0 0 0", row + 1));
            assert!(parse_board(text.as_bytes()).is_err());
        }
    }
}

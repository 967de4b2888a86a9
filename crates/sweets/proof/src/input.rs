//! The input model: the box as a set of cells, and reading it from five lines of 3, 4, 5,
//! 4, 3 blank-separated one-character words.
//!
//! The statement draws the box with indents of 2, 1, 0, 1, 2 blanks, but only the words
//! count: any indentation and spacing is read the same. Anything else the statement does
//! not promise (other characters, longer words, missing or extra words or lines, an empty
//! box) is refused with the line, and the column where one applies, of what was wrong.

use std::io::BufRead;

use gridkit::input::describe_byte;
use gridkit::{InputError, InputResult, Reader};

pub use crate::board::{CELLS, FULL, MAX_LINE, Mask, ROW_LENGTHS, SEGMENT_COUNT};

/// A chocolate.
const CHOCOLATE: u8 = b'O';
/// An empty cell.
const EMPTY: u8 = b'.';

/// Reads the box; bit `i` of the result is set when the `i`-th word is `O`.
///
/// # Errors
/// The input is not exactly five rows of 3, 4, 5, 4, 3 words `O` or `.` (blank lines may
/// follow), or the box holds no chocolate.
pub fn parse<R: BufRead>(input: R) -> InputResult<Mask> {
    let mut reader = Reader::new(input);
    let mut mask: Mask = 0;
    let mut cell = 0;
    let mut last_row_line = 0;
    for (row, &length) in ROW_LENGTHS.iter().enumerate() {
        let what = format!("row {} of the box ({length} cells)", row + 1);
        let mut line = reader.line(&what)?;
        for word in 1..=length {
            let token = line.token(&format!("cell {word} of row {}", row + 1))?;
            let column = line.column() - token.len();
            match token {
                [CHOCOLATE] => mask |= 1 << cell,
                [EMPTY] => {}
                _ => {
                    return Err(InputError::at(
                        line.number(),
                        column,
                        format!(
                            "expected a cell 'O' or '.', found {}",
                            describe_token(token)
                        ),
                    ));
                }
            }
            cell += 1;
        }
        line.end().map_err(|error| InputError {
            message: format!("row {} has more than {length} cells", row + 1),
            ..error
        })?;
        last_row_line = line.number();
    }
    reader.finish()?;
    if mask == 0 {
        return Err(InputError::at_line(
            last_row_line,
            "the box holds no chocolate (at least one is guaranteed)",
        ));
    }
    Ok(mask)
}

/// Shows a word as it appears in the input, shortened when long; a word holding an
/// unprintable byte is shown by that byte.
fn describe_token(token: &[u8]) -> String {
    const SHOWN: usize = 12;
    match (token, token.iter().find(|byte| !byte.is_ascii_graphic())) {
        ([byte], _) => describe_byte(*byte),
        (_, Some(&byte)) => format!("a word holding {}", describe_byte(byte)),
        _ if token.len() > SHOWN => {
            format!("'{}...'", String::from_utf8_lossy(&token[..SHOWN]))
        }
        _ => format!("'{}'", String::from_utf8_lossy(token)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_text(text: &str) -> InputResult<Mask> {
        parse(text.as_bytes())
    }

    #[test]
    fn official_indentation_and_none_read_the_same() {
        let drawn = "  . . .\n . . O .\n. . O O .\n . . . .\n  . . .\n";
        let flat = ". . .\n. . O .\n. . O O .\n. . . .\n. . .\n";
        let expected = 1 << 5 | 1 << 9 | 1 << 10;
        assert_eq!(parse_text(drawn), Ok(expected));
        assert_eq!(parse_text(flat), Ok(expected));
    }

    #[test]
    fn crlf_tabs_and_trailing_blank_lines_are_tolerated() {
        let text = "\tO  . .\r\n.\t. . .\r\n. . . . .\r\n. . . .\r\n. . O\r\n\r\n  \n";
        assert_eq!(parse_text(text), Ok(1 | 1 << 18));
    }

    #[test]
    fn the_full_box_sets_all_nineteen_bits() {
        let text = "O O O\nO O O O\nO O O O O\nO O O O\nO O O\n";
        assert_eq!(parse_text(text), Ok(FULL));
    }

    #[test]
    fn errors_name_line_and_column() {
        let error = parse_text(". . .\n. . . .\n. . x . .\n. . . .\n. . O\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 3, column 5: expected a cell 'O' or '.', found 'x'"
        );
    }
}

//! Reading the board, refusing anything the statement does not promise.

use std::io::BufRead;

use gridkit::input::describe_byte;
use gridkit::{InputError, InputResult, Reader};

use crate::board::{ANNA, Board, MARIA, SIZE};

/// Reads exactly `SIZE` rows of `SIZE` characters from `.SMA`, with `A` only at the end of
/// the first row and `M` only at the start of the last; blank lines may follow.
///
/// # Errors
/// The first thing out of place, by line and column: a missing row, a short or long row, a
/// character outside `.SMA`, a missing or misplaced `M` or `A`, or a row after the last.
pub fn parse<R: BufRead>(input: R) -> InputResult<Board> {
    let mut reader = Reader::new(input);
    let mut statue = [[false; SIZE]; SIZE];
    for (row, statues) in statue.iter_mut().enumerate() {
        let mut line = reader.line(&format!("row {} of {SIZE} of the board", row + 1))?;
        let cells = line.cells(SIZE, b".SMA")?;
        for (col, &cell) in cells.iter().enumerate() {
            let error = |expected: &str, why: &str| {
                InputError::at(
                    line.number(),
                    col + 1,
                    format!("expected {expected}, found {} ({why})", describe_byte(cell)),
                )
            };
            match cell {
                b'A' if (row, col) == ANNA => {}
                b'M' if (row, col) == MARIA => {}
                _ if (row, col) == ANNA => {
                    return Err(error("'A'", "Anna stands on the top-right square"));
                }
                _ if (row, col) == MARIA => {
                    return Err(error("'M'", "Maria starts on the bottom-left square"));
                }
                b'A' => {
                    return Err(error(
                        "'.' or 'S'",
                        "Anna stands only on the top-right square",
                    ));
                }
                b'M' => {
                    return Err(error(
                        "'.' or 'S'",
                        "Maria starts only on the bottom-left square",
                    ));
                }
                _ => statues[col] = cell == b'S',
            }
        }
    }
    reader.finish()?;
    Ok(Board::from_fn(|row, col| statue[row][col]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_of(text: &str) -> String {
        parse(text.as_bytes()).unwrap_err().to_string()
    }

    const SAMPLE3: &str =
        ".......A\n........\n........\n........\n........\n.S......\nS.......\nMS......\n";

    #[test]
    fn reads_statues_where_they_stand() {
        let board = parse(SAMPLE3.as_bytes()).unwrap();
        let statues = (0..SIZE * SIZE).filter(|&i| board.has_statue(i / SIZE, i % SIZE));
        assert_eq!(statues.count(), 3);
        assert!(board.has_statue(5, 1) && board.has_statue(6, 0) && board.has_statue(7, 1));
        assert_eq!(board.to_string(), SAMPLE3);
    }

    #[test]
    fn tolerates_crlf_trailing_blanks_and_blank_lines() {
        let text = SAMPLE3.replace('\n', " \r\n") + "\n  \n";
        assert_eq!(
            parse(text.as_bytes()).unwrap(),
            parse(SAMPLE3.as_bytes()).unwrap()
        );
        let unterminated = SAMPLE3.trim_end();
        assert!(parse(unterminated.as_bytes()).is_ok());
    }

    #[test]
    fn names_misplaced_pieces_by_line_and_column() {
        assert_eq!(
            error_of(&SAMPLE3.replacen('A', ".", 1)),
            "line 1, column 8: expected 'A', found '.' (Anna stands on the top-right square)"
        );
        assert_eq!(
            error_of(&SAMPLE3.replacen("MS", "SS", 1)),
            "line 8, column 1: expected 'M', found 'S' (Maria starts on the bottom-left square)"
        );
        assert_eq!(
            error_of(&SAMPLE3.replacen(".S", ".M", 1)),
            "line 6, column 2: expected '.' or 'S', found 'M' (Maria starts only on the bottom-left square)"
        );
        assert!(error_of("\n").starts_with("line 1, column 1: expected a row of 8"));
        assert_eq!(
            error_of(""),
            "line 1: expected row 1 of 8 of the board, found end of input"
        );
    }
}

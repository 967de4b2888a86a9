//! Strict, streaming input reading: one test at a time, every promise of the statement
//! checked, every error naming the line (and column) where it was found.
//!
//! Whether a white path joins the starts is left to the caller ([`read_boards`] asks
//! [`Board::connected`]; the solver finds out from its own search), which reports it
//! with [`not_joined`].

use std::io::BufRead;

use gridkit::{InputError, InputResult, Reader};

use crate::board::Board;

/// The statement's bounds.
pub const MAX_TESTS: usize = 10;
pub const MIN_N: usize = 2;
pub const MAX_N: usize = 300;

/// The first line: the number of tests `t`.
///
/// # Errors
/// A missing line, a non-integer, `t` outside `1..=10`, or anything after it.
pub fn read_test_count<R: BufRead>(reader: &mut Reader<R>) -> InputResult<usize> {
    let mut line = reader.line("the number of tests t")?;
    let t = line.int("t", 1..=MAX_TESTS)?;
    line.end()?;
    Ok(t)
}

/// One test: `n`, then `n` rows of exactly `n` characters from `.#AB` with exactly one
/// `A` and one `B`. Returns the board and the line number of its `n`.
///
/// `n` is range-checked before anything is allocated for the board. Whether a white path
/// joins `A` and `B` is left to the solver, which finds out from its search anyway.
///
/// # Errors
/// The first line that breaks the format, with the test named where the line alone
/// cannot say what is wrong.
pub fn read_board<R: BufRead>(reader: &mut Reader<R>, test: usize) -> InputResult<(Board, usize)> {
    let mut line = reader.line(&format!("the board size n of test {test}"))?;
    let n = line.int("n", MIN_N..=MAX_N)?;
    line.end()?;
    let n_line = line.number();

    let mut white = Vec::with_capacity(n * n);
    // Where each start was seen: (square, line, column).
    let mut starts: [Option<(usize, usize, usize)>; 2] = [None, None];
    for row in 0..n {
        // The description is formatted only if the line is missing, not once per row.
        let number = reader.line_number() + 1;
        let Some(mut line) = reader.next_line()? else {
            return Err(InputError::at_line(
                number,
                format!(
                    "expected row {} of {n} of test {test}, found end of input",
                    row + 1
                ),
            ));
        };
        let cells = line.cells(n, b".#AB")?;
        white.extend(cells.iter().map(|&cell| cell != b'#'));
        // Only 'A' and 'B' sort after '.' and '#'. Most rows hold neither, and the
        // maximum of a row is found word-wide, much faster than the search below.
        if cells.iter().fold(0, |max, &cell| max.max(cell)) < b'A' {
            continue;
        }
        for (col, &cell) in cells.iter().enumerate().filter(|&(_, &cell)| cell >= b'A') {
            let slot = usize::from(cell == b'B');
            if let Some((_, first_line, first_column)) = starts[slot] {
                return Err(InputError::at(
                    number,
                    col + 1,
                    format!(
                        "a second '{}' in test {test} (the first is at line {first_line}, \
                         column {first_column})",
                        cell as char
                    ),
                ));
            }
            starts[slot] = Some((row * n + col, number, col + 1));
        }
    }
    let start = |slot: usize, name: char| {
        starts[slot].map(|(square, _, _)| square).ok_or_else(|| {
            InputError::at_line(n_line, format!("the board of test {test} has no '{name}'"))
        })
    };
    let a = start(0, 'A')?;
    let b = start(1, 'B')?;
    Ok((Board { n, white, a, b }, n_line))
}

/// Every board of a whole input, each one's starts joined by a white path.
///
/// # Errors
/// The first malformed line (see [`read_test_count`], [`read_board`]), or the first
/// board whose starts no white path joins ([`not_joined`]).
pub fn read_boards<R: BufRead>(input: R) -> anyhow::Result<Vec<Board>> {
    let mut reader = Reader::new(input);
    let tests = read_test_count(&mut reader)?;
    let mut boards = Vec::with_capacity(tests);
    for test in 1..=tests {
        let (board, line) = read_board(&mut reader, test)?;
        if !board.connected() {
            return Err(not_joined(test, line).into());
        }
        boards.push(board);
    }
    reader.finish()?;
    Ok(boards)
}

/// The error for a board whose starts no white path joins; `line` is the line of its `n`.
pub fn not_joined(test: usize, line: usize) -> InputError {
    InputError::at_line(
        line,
        format!("no white path joins 'A' and 'B' in test {test}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boards(text: &str) -> InputResult<Vec<Board>> {
        let mut reader = Reader::new(text.as_bytes());
        let t = read_test_count(&mut reader)?;
        let boards = (1..=t)
            .map(|test| read_board(&mut reader, test).map(|(board, _)| board))
            .collect::<InputResult<Vec<_>>>()?;
        reader.finish()?;
        Ok(boards)
    }

    #[test]
    fn reads_the_sample() {
        let parsed = boards("2\n4\nA...\n.#..\n....\n...B\n4\nA...\n....\n..#.\n...B\n").unwrap();
        assert_eq!(parsed.len(), 2);
        assert_eq!(
            parsed[0],
            Board::from_rows(&["A...", ".#..", "....", "...B"])
        );
        assert_eq!((parsed[1].a, parsed[1].b), (0, 15));
    }

    #[test]
    fn refuses_what_the_statement_does_not_promise() {
        let error = |text: &str| boards(text).unwrap_err().to_string();
        assert_eq!(
            error("11\n"),
            "line 1, column 1: t must be in 1..=10, found 11"
        );
        assert_eq!(
            error("1\n1000000000\n"),
            "line 2, column 1: n must be in 2..=300, found 1000000000"
        );
        assert_eq!(
            error("1\n2\nAA\n.B\n"),
            "line 3, column 2: a second 'A' in test 1 (the first is at line 3, column 1)"
        );
        assert_eq!(
            error("1\n2\nA.\n..\n"),
            "line 2: the board of test 1 has no 'B'"
        );
        assert_eq!(
            error("1\n2\nA.\n"),
            "line 4: expected row 2 of 2 of test 1, found end of input"
        );
        assert_eq!(
            error("1\n2\nA.\n.B\nx\n"),
            "line 5, column 1: expected end of input, found 'x'"
        );
        let joined = |text: &str| read_boards(text.as_bytes()).map_err(|e| e.to_string());
        assert_eq!(
            joined("2\n2\nAB\n..\n2\nA#\n#B\n"),
            Err("line 5: no white path joins 'A' and 'B' in test 2".to_string())
        );
        assert_eq!(joined("1\n2\nA#\n.B\n").map(|boards| boards.len()), Ok(1));
    }
}

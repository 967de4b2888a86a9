//! Strict, streaming, line-oriented input reading.
//!
//! A [`Reader`] hands out one [`Line`] at a time, so a multi-case input is read one case
//! at a time and never held whole in memory. Every check a statement promises becomes an
//! [`InputError`] that names the line (and column, where one applies) and says what was
//! expected and what was found. Nothing here panics on any input: arbitrary bytes, huge
//! numbers and endless lines all become errors.

use std::fmt::{self, Display};
use std::io::BufRead;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// Lines longer than this are refused rather than buffered: no input of these problems
/// comes close, and a runaway line must not become a runaway allocation.
pub const MAX_LINE_BYTES: usize = 1 << 16;

/// What was wrong with the input and where (1-based line and column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// The line, from 1.
    pub line: usize,
    /// The column (byte position in the line, from 1), where one applies.
    pub column: Option<usize>,
    /// What was expected and what was found.
    pub message: String,
}

/// The result of a reading step.
pub type InputResult<T> = Result<T, InputError>;

impl InputError {
    /// An error about line `line` as a whole.
    pub fn at_line(line: usize, message: impl Into<String>) -> Self {
        Self {
            line,
            column: None,
            message: message.into(),
        }
    }

    /// An error at `column` of line `line`.
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> Self {
        Self {
            line,
            column: Some(column),
            message: message.into(),
        }
    }
}

impl Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "line {}, column {}: {}", self.line, column, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for InputError {}

/// Shows a byte as it appears in the input: `'x'`, or `byte 0x07` when not printable.
pub fn describe_byte(byte: u8) -> String {
    if byte.is_ascii_graphic() || byte == b' ' {
        format!("'{}'", byte as char)
    } else {
        format!("byte 0x{byte:02x}")
    }
}

/// Shows a token as it appears in the input, shortened when long.
fn describe_token(token: &[u8]) -> String {
    const SHOWN: usize = 24;
    let text = String::from_utf8_lossy(&token[..token.len().min(SHOWN)]);
    if token.len() > SHOWN {
        format!("'{text}...'")
    } else {
        format!("'{text}'")
    }
}

/// A streaming reader over any [`BufRead`] that counts lines.
///
/// ```
/// use gridkit::Reader;
///
/// let mut reader = Reader::new("2\nA.\n.B\n".as_bytes());
/// let mut first = reader.line("the size").unwrap();
/// let n: usize = first.int("n", 2..=300).unwrap();
/// first.end().unwrap();
/// for _ in 0..n {
///     let mut row = reader.line("a row").unwrap();
///     row.cells(n, b".#AB").unwrap();
///     row.end().unwrap();
/// }
/// reader.finish().unwrap();
///
/// let mut reader = Reader::new("A.\nxB\n".as_bytes());
/// reader.line("a row").unwrap().cells(2, b".#AB").unwrap();
/// let error = reader.line("a row").unwrap().cells(2, b".#AB").unwrap_err();
/// assert_eq!(error.to_string(), r#"line 2, column 1: expected one of ".#AB", found 'x'"#);
/// ```
pub struct Reader<R> {
    source: R,
    buffer: Vec<u8>,
    line_number: usize,
}

impl<R: BufRead> Reader<R> {
    /// A reader at the start of `source`.
    pub fn new(source: R) -> Self {
        Self {
            source,
            buffer: Vec::new(),
            line_number: 0,
        }
    }

    /// The number of the line most recently read (0 before the first).
    pub fn line_number(&self) -> usize {
        self.line_number
    }

    /// The next line, without its `\n` or `\r\n`; `None` at the end of the input.
    ///
    /// # Errors
    /// A read failure, or a line longer than [`MAX_LINE_BYTES`].
    pub fn next_line(&mut self) -> InputResult<Option<Line<'_>>> {
        self.buffer.clear();
        let number = self.line_number + 1;
        let mut saw_anything = false;
        loop {
            let chunk = match self.source.fill_buf() {
                Ok(chunk) => chunk,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    return Err(InputError::at_line(
                        number,
                        format!("cannot read input: {error}"),
                    ));
                }
            };
            if chunk.is_empty() {
                break;
            }
            saw_anything = true;
            let (taken, found_newline) = match chunk.iter().position(|&b| b == b'\n') {
                Some(at) => (at, true),
                None => (chunk.len(), false),
            };
            if self.buffer.len() + taken > MAX_LINE_BYTES {
                return Err(InputError::at_line(
                    number,
                    format!("line is longer than {MAX_LINE_BYTES} bytes"),
                ));
            }
            self.buffer.extend_from_slice(&chunk[..taken]);
            self.source.consume(taken + usize::from(found_newline));
            if found_newline {
                break;
            }
        }
        if !saw_anything {
            return Ok(None);
        }
        self.line_number = number;
        if self.buffer.last() == Some(&b'\r') {
            self.buffer.pop();
        }
        Ok(Some(Line {
            bytes: &self.buffer,
            position: 0,
            number,
        }))
    }

    /// The next line, which must exist: `what` names what it should hold.
    ///
    /// # Errors
    /// The input ended, or [`Reader::next_line`] failed.
    pub fn line(&mut self, what: &str) -> InputResult<Line<'_>> {
        let number = self.line_number + 1;
        self.next_line()?.ok_or_else(|| {
            InputError::at_line(number, format!("expected {what}, found end of input"))
        })
    }

    /// Checks that nothing but blank lines follows.
    ///
    /// # Errors
    /// The first line holding anything other than spaces, tabs or line ends.
    pub fn finish(&mut self) -> InputResult<()> {
        while let Some(mut line) = self.next_line()? {
            line.skip_blanks();
            if let Some(&byte) = line.rest().first() {
                return Err(line.error(format!(
                    "expected end of input, found {}",
                    describe_byte(byte)
                )));
            }
        }
        Ok(())
    }
}

/// One line of input with a cursor; columns are 1-based byte positions.
#[derive(Debug)]
pub struct Line<'a> {
    bytes: &'a [u8],
    position: usize,
    number: usize,
}

impl<'a> Line<'a> {
    /// A line over `bytes` numbered `number`, for callers that already hold the text.
    pub fn new(bytes: &'a [u8], number: usize) -> Self {
        Self {
            bytes,
            position: 0,
            number,
        }
    }

    /// The line's number, from 1.
    pub fn number(&self) -> usize {
        self.number
    }

    /// The column of the cursor (1-based).
    pub fn column(&self) -> usize {
        self.position + 1
    }

    /// What is left of the line after the cursor.
    pub fn rest(&self) -> &'a [u8] {
        &self.bytes[self.position..]
    }

    /// An error at the cursor.
    pub fn error(&self, message: impl Into<String>) -> InputError {
        InputError::at(self.number, self.column(), message)
    }

    fn skip_blanks(&mut self) {
        while matches!(self.bytes.get(self.position), Some(b' ' | b'\t')) {
            self.position += 1;
        }
    }

    /// The next blank-separated token; `what` names it for the error.
    ///
    /// # Errors
    /// The line has no more tokens.
    pub fn token(&mut self, what: &str) -> InputResult<&'a [u8]> {
        self.skip_blanks();
        let start = self.position;
        while matches!(self.bytes.get(self.position), Some(b) if !matches!(b, b' ' | b'\t')) {
            self.position += 1;
        }
        if start == self.position {
            self.position = start;
            return Err(self.error(format!("expected {what}, found end of line")));
        }
        Ok(&self.bytes[start..self.position])
    }

    /// The next token as a decimal integer within `range`.
    ///
    /// Only an optional `-` and digits are accepted (no `+`, no leading blanks inside).
    ///
    /// # Errors
    /// No token, a token that is not an integer, or a value outside `range`.
    pub fn int<T>(&mut self, what: &str, range: RangeInclusive<T>) -> InputResult<T>
    where
        T: FromStr + PartialOrd + Display + Copy,
    {
        let token = self.token(what)?;
        let column = self.position - token.len() + 1;
        let digits = token.strip_prefix(b"-").unwrap_or(token);
        let is_integer = !digits.is_empty() && digits.iter().all(u8::is_ascii_digit);
        let parsed = if is_integer {
            std::str::from_utf8(token)
                .ok()
                .and_then(|text| text.parse::<T>().ok())
        } else {
            None
        };
        match parsed {
            Some(value) if range.contains(&value) => Ok(value),
            Some(value) => Err(InputError::at(
                self.number,
                column,
                format!(
                    "{what} must be in {}..={}, found {value}",
                    range.start(),
                    range.end()
                ),
            )),
            None if is_integer => Err(InputError::at(
                self.number,
                column,
                format!(
                    "{what} must be in {}..={}, found {}",
                    range.start(),
                    range.end(),
                    describe_token(token)
                ),
            )),
            None => Err(InputError::at(
                self.number,
                column,
                format!(
                    "expected {what} (an integer), found {}",
                    describe_token(token)
                ),
            )),
        }
    }

    /// Exactly `width` characters, each one of `allowed`, at the start of the line; only
    /// blanks may follow them.
    ///
    /// # Errors
    /// A character outside `allowed`, a short row, or a long one.
    pub fn cells(&mut self, width: usize, allowed: &[u8]) -> InputResult<&'a [u8]> {
        if let Some(row) = self.well_formed_row(width, allowed) {
            self.position = self.bytes.len();
            return Ok(row);
        }
        self.first_fault_in_row(width, allowed)
    }

    /// The row if the rest of the line is exactly `width` allowed characters and blanks.
    ///
    /// Checked without a branch per byte: boards of 90,000 cells are read in a blink, and
    /// only a faulty row pays for the search that names its first fault.
    fn well_formed_row(&self, width: usize, allowed: &[u8]) -> Option<&'a [u8]> {
        let mut members = [0u64; 4];
        for &byte in allowed {
            members[usize::from(byte >> 6)] |= 1 << (byte & 63);
        }
        let is_member = |byte: u8| members[usize::from(byte >> 6)] >> (byte & 63) & 1 == 1;
        let (row, rest) = self.rest().split_at_checked(width)?;
        let row_ok = row.iter().fold(true, |ok, &byte| ok & is_member(byte));
        let rest_ok = rest
            .iter()
            .fold(true, |ok, &byte| ok & matches!(byte, b' ' | b'\t'));
        (row_ok && rest_ok).then_some(row)
    }

    /// The error for a row that [`Line::well_formed_row`] refused: the first fault.
    fn first_fault_in_row(&mut self, width: usize, allowed: &[u8]) -> InputResult<&'a [u8]> {
        let start = self.position;
        for index in 0..width {
            let Some(&byte) = self.bytes.get(self.position) else {
                return Err(self.error(format!(
                    "expected a row of {width} characters, found {index}"
                )));
            };
            if !allowed.contains(&byte) {
                return Err(self.error(format!(
                    "expected one of \"{}\", found {}",
                    String::from_utf8_lossy(allowed),
                    describe_byte(byte)
                )));
            }
            self.position += 1;
        }
        let row = &self.bytes[start..self.position];
        self.skip_blanks();
        if self.position < self.bytes.len() {
            self.position = start + width;
            return Err(self.error(format!("row is longer than {width} characters")));
        }
        Ok(row)
    }

    /// Checks that only blanks remain on the line.
    ///
    /// # Errors
    /// Anything else after the cursor.
    pub fn end(&mut self) -> InputResult<()> {
        self.skip_blanks();
        match self.bytes.get(self.position) {
            None => Ok(()),
            Some(&byte) => Err(self.error(format!(
                "expected end of line, found {}",
                describe_byte(byte)
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reader(text: &str) -> Reader<&[u8]> {
        Reader::new(text.as_bytes())
    }

    #[test]
    fn reads_lines_with_crlf_and_without_final_newline() {
        let mut input = reader("ab\r\ncd\nef");
        assert_eq!(input.line("x").unwrap().rest(), b"ab");
        assert_eq!(input.line("x").unwrap().rest(), b"cd");
        assert_eq!(input.line("x").unwrap().rest(), b"ef");
        assert_eq!(input.line_number(), 3);
        assert!(input.next_line().unwrap().is_none());
    }

    #[test]
    fn end_of_input_names_the_missing_line() {
        let mut input = reader("1\n");
        input.line("t").unwrap();
        let error = input.line("the board size").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2: expected the board size, found end of input"
        );
    }

    #[test]
    fn integers_are_range_checked_with_columns() {
        let mut input = reader("  7 1000000000 x9 +3 99999999999999999999999\n");
        let mut line = input.line("numbers").unwrap();
        assert_eq!(line.int("a", 1..=10u32).unwrap(), 7);
        assert_eq!(
            line.int("n", 2..=300u32).unwrap_err().to_string(),
            "line 1, column 5: n must be in 2..=300, found 1000000000"
        );
        for expected in [
            "line 1, column 16: expected h (an integer), found 'x9'",
            "line 1, column 19: expected h (an integer), found '+3'",
        ] {
            assert_eq!(line.int("h", 0..=9i32).unwrap_err().to_string(), expected);
        }
        for expected in [
            "line 1, column 22: t must be in 1..=20, found '99999999999999999999999'",
            "line 1, column 45: expected t, found end of line",
        ] {
            assert_eq!(line.int("t", 1..=20u8).unwrap_err().to_string(), expected);
        }
    }

    #[test]
    fn negative_integers_parse_and_are_checked() {
        let mut input = reader("-3 -\n");
        let mut line = input.line("numbers").unwrap();
        assert_eq!(line.int("x", -5..=5i64).unwrap(), -3);
        assert!(line.int("x", -5..=5i64).is_err());
    }

    #[test]
    fn cells_check_width_and_alphabet() {
        let mut input = reader("A.#B\nA.x\nA.\nA.#B#\nA.#B  \n");
        assert_eq!(
            input.line("row").unwrap().cells(4, b".#AB").unwrap(),
            b"A.#B"
        );
        assert_eq!(
            input
                .line("row")
                .unwrap()
                .cells(3, b".#AB")
                .unwrap_err()
                .to_string(),
            "line 2, column 3: expected one of \".#AB\", found 'x'"
        );
        assert_eq!(
            input
                .line("row")
                .unwrap()
                .cells(4, b".#AB")
                .unwrap_err()
                .to_string(),
            "line 3, column 3: expected a row of 4 characters, found 2"
        );
        assert_eq!(
            input
                .line("row")
                .unwrap()
                .cells(4, b".#AB")
                .unwrap_err()
                .to_string(),
            "line 4, column 5: row is longer than 4 characters"
        );
        assert_eq!(
            input.line("row").unwrap().cells(4, b".#AB").unwrap(),
            b"A.#B"
        );
    }

    #[test]
    fn the_quick_row_check_and_the_fault_search_agree() {
        for text in [
            "A.#B",
            "A.#B  \t",
            "A.#",
            "A.#B.",
            "A.xB",
            "A.#B x",
            "A #B",
            "",
            "  ",
            "\u{e9}.#B",
        ] {
            let quick = Line::new(text.as_bytes(), 1).well_formed_row(4, b".#AB");
            let thorough = Line::new(text.as_bytes(), 1)
                .first_fault_in_row(4, b".#AB")
                .ok();
            assert_eq!(quick, thorough, "{text:?}");
        }
    }

    #[test]
    fn unprintable_bytes_are_shown_as_hex() {
        let mut input = reader("\x07\n");
        let error = input.line("row").unwrap().cells(1, b".").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 1: expected one of \".\", found byte 0x07"
        );
    }

    #[test]
    fn trailing_content_is_refused_but_blank_lines_are_not() {
        let mut input = reader("5 \n\n  \t\n");
        let mut line = input.line("n").unwrap();
        line.int("n", 0..=9u8).unwrap();
        line.end().unwrap();
        input.finish().unwrap();

        let mut input = reader("5 6\n");
        let mut line = input.line("n").unwrap();
        line.int("n", 0..=9u8).unwrap();
        assert_eq!(
            line.end().unwrap_err().to_string(),
            "line 1, column 3: expected end of line, found '6'"
        );

        let mut input = reader("5\n\n x\n");
        input.line("n").unwrap();
        assert_eq!(
            input.finish().unwrap_err().to_string(),
            "line 3, column 2: expected end of input, found 'x'"
        );
    }

    #[test]
    fn endless_lines_are_refused_without_buffering_them() {
        let long = vec![b'.'; MAX_LINE_BYTES + 1];
        let mut input = Reader::new(&long[..]);
        let error = input.next_line().unwrap_err();
        assert_eq!(error.line, 1);
        assert!(error.message.contains("longer than"));
    }

    #[test]
    fn errors_convert_into_anyhow() {
        let error: anyhow::Error = InputError::at_line(2, "bad").into();
        assert_eq!(error.to_string(), "line 2: bad");
    }

    #[test]
    fn streams_one_line_at_a_time() {
        // A reader that fails after the first line proves nothing past it was needed.
        struct FirstLineOnly<'a>(&'a [u8], bool);
        impl std::io::Read for FirstLineOnly<'_> {
            fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
                unreachable!()
            }
        }
        impl BufRead for FirstLineOnly<'_> {
            fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
                if self.1 {
                    Err(std::io::Error::other("read past the first line"))
                } else {
                    Ok(self.0)
                }
            }
            fn consume(&mut self, amount: usize) {
                self.0 = &self.0[amount..];
                if self.0.is_empty() {
                    self.1 = true;
                }
            }
        }
        let mut input = Reader::new(FirstLineOnly(b"3\n", false));
        assert_eq!(input.line("t").unwrap().int("t", 1..=9u8).unwrap(), 3);
        assert!(
            input
                .next_line()
                .unwrap_err()
                .message
                .contains("read past the first line")
        );
    }
}

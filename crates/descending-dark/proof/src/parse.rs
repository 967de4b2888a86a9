//! Strict reading of the input, one case at a time.
//!
//! Everything the statement promises is checked here, so the solvers may rely on it:
//! `1 <= T <= 20`, `3 <= R, C <= 60`, rows of exactly `C` characters from `#.0-9`, a wall
//! on every border square, and caves labelled exactly `0..d-1`, each once.

use std::io::BufRead;

use gridkit::{Grid, InputError, InputResult, Pos, Reader};

/// The number of cases allowed in one input.
pub const MAX_CASES: usize = 20;
/// The smallest and largest number of rows and of columns.
pub const MIN_SIZE: usize = 3;
pub const MAX_SIZE: usize = 60;
/// The most caves of a case: one per digit.
pub const MAX_CAVES: usize = 10;

/// A wall square; every other square is passable.
pub const WALL: u8 = b'#';
/// The characters a row may hold.
pub const ALPHABET: &[u8] = b"#.0123456789";

/// One mountain: the grid as read (`#`, `.` or a digit per square) and the caves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    pub grid: Grid<u8>,
    /// `caves[d]` is the square of cave `d`; labels run exactly from 0 to `caves.len() - 1`.
    pub caves: Vec<Pos>,
}

impl Case {
    /// Whether `pos` lies inside the grid and is not a wall.
    pub fn passable(&self, pos: Pos) -> bool {
        self.grid.get(pos).is_some_and(|&square| square != WALL)
    }
}

/// A reader handing out the cases of an input one at a time.
pub struct Cases<R> {
    reader: Reader<R>,
    total: usize,
    read: usize,
}

impl<R: BufRead> Cases<R> {
    /// Reads the first line, `T`.
    ///
    /// # Errors
    /// A missing or malformed first line, or `T` outside `1..=20`.
    pub fn new(input: R) -> InputResult<Self> {
        let mut reader = Reader::new(input);
        let mut line = reader.line("the number of cases T")?;
        let total = line.int("T", 1..=MAX_CASES)?;
        line.end()?;
        Ok(Self {
            reader,
            total,
            read: 0,
        })
    }

    /// The number of cases the input announces.
    pub fn total(&self) -> usize {
        self.total
    }

    /// The next case, or `None` once all `T` have been read and only blank lines follow.
    ///
    /// # Errors
    /// The first thing in the case (or after the last case) that breaks the format.
    pub fn next_case(&mut self) -> InputResult<Option<Case>> {
        if self.read == self.total {
            self.reader.finish()?;
            return Ok(None);
        }
        self.read += 1;
        read_case(&mut self.reader, self.read).map(Some)
    }
}

/// Every case of `input`.
///
/// # Errors
/// As [`Cases::new`] and [`Cases::next_case`].
pub fn read_all(input: impl BufRead) -> InputResult<Vec<Case>> {
    let mut cases = Cases::new(input)?;
    let mut all = Vec::with_capacity(cases.total());
    while let Some(case) = cases.next_case()? {
        all.push(case);
    }
    Ok(all)
}

/// Where a cave was seen: its square and its place in the input.
#[derive(Clone, Copy)]
struct Seen {
    pos: Pos,
    line: usize,
    column: usize,
}

fn read_case<R: BufRead>(reader: &mut Reader<R>, number: usize) -> InputResult<Case> {
    let mut line = reader.line(&format!("the line \"R C\" of case {number}"))?;
    let size_line = line.number();
    // Both sizes are range-checked before anything is allocated for them.
    let rows = line.int("R", MIN_SIZE..=MAX_SIZE)?;
    let cols = line.int("C", MIN_SIZE..=MAX_SIZE)?;
    line.end()?;

    let mut cells = Vec::with_capacity(rows * cols);
    let mut seen: [Option<Seen>; 10] = [None; 10];
    for row in 0..rows {
        let mut line = reader.line(&format!("row {} of {rows} of case {number}", row + 1))?;
        let text = line.cells(cols, ALPHABET)?;
        check_row(line.number(), row, rows, text, &mut seen)?;
        cells.extend_from_slice(text);
    }
    let caves = caves_in_order(&seen).map_err(|error| match error {
        LabelError::None => InputError::at_line(
            size_line,
            format!(
                "the {rows}x{cols} grid of case {number} has no cave (expected caves 0..d-1, 1 <= d <= 10)"
            ),
        ),
        LabelError::Gap { missing, label, at } => InputError::at(
            at.line,
            at.column,
            format!(
                "cave {label} found but cave {missing} is missing (caves must be labelled 0..d-1)"
            ),
        ),
    })?;
    let grid = Grid::from_cells(rows, cols, cells)
        .ok_or_else(|| InputError::at_line(size_line, "internal error: grid size"))?;
    Ok(Case { grid, caves })
}

/// Checks row `row` (of `rows`), read on line `line_number`: walls on the border, each
/// cave once; records the caves in `seen`.
fn check_row(
    line_number: usize,
    row: usize,
    rows: usize,
    text: &[u8],
    seen: &mut [Option<Seen>; 10],
) -> InputResult<()> {
    let on_border = |col: usize| row == 0 || row + 1 == rows || col == 0 || col + 1 == text.len();
    for (col, &square) in text.iter().enumerate() {
        let column = col + 1;
        if on_border(col) && square != WALL {
            return Err(InputError::at(
                line_number,
                column,
                format!("border square must be '#', found '{}'", char::from(square)),
            ));
        }
        if square.is_ascii_digit() {
            let label = usize::from(square - b'0');
            if let Some(first) = seen[label] {
                return Err(InputError::at(
                    line_number,
                    column,
                    format!(
                        "cave {label} appears twice (first at line {}, column {})",
                        first.line, first.column
                    ),
                ));
            }
            seen[label] = Some(Seen {
                pos: Pos::new(row, col),
                line: line_number,
                column,
            });
        }
    }
    Ok(())
}

/// Why the caves seen are not labelled `0..d-1` with `d >= 1`.
enum LabelError {
    None,
    /// `label` was seen (at `at`) but the smaller `missing` was not.
    Gap {
        missing: usize,
        label: usize,
        at: Seen,
    },
}

/// The caves' squares in label order, if the labels seen are exactly `0..d-1`, `d >= 1`.
fn caves_in_order(seen: &[Option<Seen>; 10]) -> Result<Vec<Pos>, LabelError> {
    if seen.iter().all(Option::is_none) {
        return Err(LabelError::None);
    }
    // Label `count` is the first missing one; any label above it leaves a gap.
    let count = seen.iter().take_while(|cave| cave.is_some()).count();
    if let Some((label, at)) = seen
        .iter()
        .enumerate()
        .skip(count)
        .find_map(|(label, cave)| cave.map(|cave| (label, cave)))
    {
        return Err(LabelError::Gap {
            missing: count,
            label,
            at,
        });
    }
    Ok(seen
        .iter()
        .map_while(|cave| cave.map(|cave| cave.pos))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_sample_shape() {
        let cases = read_all(&b"1\n3 4\n####\n#01#\n####\n"[..]).unwrap();
        assert_eq!(cases.len(), 1);
        assert_eq!(cases[0].caves, [Pos::new(1, 1), Pos::new(1, 2)]);
        assert!(cases[0].passable(Pos::new(1, 1)));
        assert!(!cases[0].passable(Pos::new(0, 1)));
        assert!(!cases[0].passable(Pos::new(5, 1)));
    }

    #[test]
    fn a_gap_names_the_label_above_it() {
        let error = read_all(&b"1\n3 5\n#####\n#0.2#\n#####\n"[..]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 4, column 4: cave 2 found but cave 1 is missing (caves must be labelled 0..d-1)"
        );
    }

    #[test]
    fn a_missing_zero_is_a_gap_too() {
        let error = read_all(&b"1\n3 4\n####\n#1.#\n####\n"[..]).unwrap_err();
        assert!(error.to_string().contains("cave 0 is missing"), "{error}");
    }
}

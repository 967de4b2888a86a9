//! The box as the statement draws it, and the moves that follow from the drawing.
//!
//! Word `k` of line `r` sits at text column `indent(r) + 2k`, with indents 2, 1, 0, 1, 2.
//! In those (row, column) coordinates the three directions of the hexagon's sides are
//! `(0, +2)` (along a line), `(+1, +1)` (down-right) and `(+1, -1)` (down-left). Cell `i`
//! is the `i`-th word in reading order and bit `i` of a [`Mask`] says it holds a
//! chocolate. The box's sizes ([`Mask`], [`CELLS`], [`ROW_LENGTHS`], ...) are the input
//! model's, from the proof crate's `board`; the moves are found here, on the solver's own layout.
//!
//! Everything here is computed by `const fn`s, so the solver's tables are compile-time
//! constants and a mistake in them is a compile error or a failing unit test, not a
//! runtime surprise.

pub use crate::board::{CELLS, FULL, MAX_LINE, Mask, ROW_LENGTHS, SEGMENT_COUNT};

/// The centre cell (line 3, word 3).
pub const CENTRE: usize = 9;

const ROWS: usize = ROW_LENGTHS.len();
/// Text columns 0..=8 hold cells.
const COLUMNS: usize = 9;
/// (row step, column step) of the three directions.
const DIRECTIONS: [(isize, isize); 3] = [(0, 2), (1, 1), (1, -1)];
/// Marks a (row, column) that holds no cell.
const NO_CELL: usize = usize::MAX;

/// The blanks before the first word of `row` in the statement's drawing.
pub const fn indent(row: usize) -> usize {
    row.abs_diff(ROWS / 2)
}

/// Cell index at each (row, text column), or [`NO_CELL`].
const LAYOUT: [[usize; COLUMNS]; ROWS] = {
    let mut layout = [[NO_CELL; COLUMNS]; ROWS];
    let mut cell = 0;
    let mut row = 0;
    while row < ROWS {
        let mut word = 0;
        while word < ROW_LENGTHS[row] {
            layout[row][indent(row) + 2 * word] = cell;
            cell += 1;
            word += 1;
        }
        row += 1;
    }
    layout
};

/// The cell at `(row, column)`, if the coordinates are inside the box.
const fn cell_at(row: isize, column: isize) -> usize {
    if row < 0 || column < 0 || row >= ROWS as isize || column >= COLUMNS as isize {
        return NO_CELL;
    }
    LAYOUT[row as usize][column as usize]
}

/// One maximal straight line of the box: its cells in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    /// Which of the three directions (0: along a text line, 1: down-right, 2: down-left).
    pub direction: usize,
    len: usize,
    cells: [usize; MAX_LINE],
}

impl Line {
    /// The cells of the line, consecutive neighbours in order.
    pub fn cells(&self) -> &[usize] {
        &self.cells[..self.len]
    }

    /// The line as a set of cells.
    pub const fn mask(&self) -> Mask {
        let mut mask = 0;
        let mut index = 0;
        while index < self.len {
            mask |= 1 << self.cells[index];
            index += 1;
        }
        mask
    }
}

/// Number of maximal lines: five per direction.
pub const LINE_COUNT: usize = 15;

/// The 15 maximal lines: from every cell with no neighbour behind it in a direction,
/// walk forward while the box goes on.
pub const LINES: [Line; LINE_COUNT] = {
    let empty = Line {
        direction: 0,
        len: 0,
        cells: [NO_CELL; MAX_LINE],
    };
    let mut lines = [empty; LINE_COUNT];
    let mut found = 0;
    let mut direction = 0;
    while direction < DIRECTIONS.len() {
        let (dr, dc) = DIRECTIONS[direction];
        let mut row = 0;
        while row < ROWS as isize {
            let mut column = 0;
            while column < COLUMNS as isize {
                let starts_line =
                    cell_at(row, column) != NO_CELL && cell_at(row - dr, column - dc) == NO_CELL;
                if starts_line {
                    let mut line = Line {
                        direction,
                        len: 0,
                        cells: [NO_CELL; MAX_LINE],
                    };
                    let (mut r, mut c) = (row, column);
                    while cell_at(r, c) != NO_CELL {
                        line.cells[line.len] = cell_at(r, c);
                        line.len += 1;
                        r += dr;
                        c += dc;
                    }
                    lines[found] = line;
                    found += 1;
                }
                column += 1;
            }
            row += 1;
        }
        direction += 1;
    }
    assert!(found == LINE_COUNT, "the box has 15 maximal lines");
    lines
};

/// Every legal move of the full box, as the set of cells it eats: each run of one or more
/// consecutive cells of a maximal line, each set once (a single cell lies on three lines).
pub const SEGMENTS: [Mask; SEGMENT_COUNT] = {
    let mut segments = [0; SEGMENT_COUNT];
    let mut found = 0;
    let mut line = 0;
    while line < LINE_COUNT {
        let cells = LINES[line].cells;
        let len = LINES[line].len;
        let mut start = 0;
        while start < len {
            let mut segment = 0;
            let mut end = start;
            while end < len {
                segment |= 1 << cells[end];
                end += 1;
                let mut seen = false;
                let mut earlier = 0;
                while earlier < found {
                    seen |= segments[earlier] == segment;
                    earlier += 1;
                }
                if !seen {
                    segments[found] = segment;
                    found += 1;
                }
            }
            start += 1;
        }
        line += 1;
    }
    assert!(found == SEGMENT_COUNT, "the box has 103 distinct segments");
    segments
};

/// Every legal move of `mask`, as the set of cells it eats: the segments whose cells all
/// hold a chocolate, each set once.
pub fn legal_moves(mask: Mask) -> impl Iterator<Item = Mask> {
    SEGMENTS
        .into_iter()
        .filter(move |&segment| segment & !mask == 0)
}

/// Rows of the drawing.
pub const DRAWING_ROWS: usize = ROWS;
/// Text columns of the drawing (the longest line, with a blank between words).
pub const DRAWING_COLUMNS: usize = COLUMNS;

/// The cell drawn at text `column` of `row` (both from 0), if one is.
pub fn cell_in_drawing(row: usize, column: usize) -> Option<usize> {
    LAYOUT
        .get(row)
        .and_then(|line| line.get(column))
        .copied()
        .filter(|&cell| cell != NO_CELL)
}

/// The row of `cell` and its position in the row, both from 0 (the statement's line and
/// word); `None` past the last cell.
pub fn row_and_position(cell: usize) -> Option<(usize, usize)> {
    let mut first = 0;
    for (row, &length) in ROW_LENGTHS.iter().enumerate() {
        if cell < first + length {
            return Some((row, cell - first));
        }
        first += length;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_numbered_in_reading_order() {
        assert_eq!(LAYOUT[0][2], 0);
        assert_eq!(LAYOUT[2][0], 7);
        assert_eq!(LAYOUT[2][4], CENTRE);
        assert_eq!(LAYOUT[4][6], 18);
    }

    #[test]
    fn lines_have_lengths_three_to_five_in_each_direction() {
        for direction in 0..3 {
            let mut lengths: Vec<usize> = LINES
                .iter()
                .filter(|line| line.direction == direction)
                .map(|line| line.cells().len())
                .collect();
            lengths.sort_unstable();
            assert_eq!(lengths, [3, 3, 4, 4, 5]);
        }
    }

    #[test]
    fn every_cell_lies_on_one_line_per_direction() {
        for direction in 0..3 {
            let masks = LINES
                .iter()
                .filter(|line| line.direction == direction)
                .map(Line::mask);
            assert_eq!(masks.clone().fold(0, |a, m| a | m), FULL);
            assert_eq!(masks.map(|m| m.count_ones()).sum::<u32>(), CELLS as u32);
        }
    }

    #[test]
    fn the_upper_left_side_is_a_down_left_line() {
        // Words 1 of lines 1..=3: columns 2, 1, 0.
        let side = LINES
            .iter()
            .find(|line| line.direction == 2 && line.cells()[0] == 0)
            .unwrap();
        assert_eq!(side.cells(), [0, 3, 7]);
    }

    #[test]
    fn cells_are_found_in_the_drawing_by_row_and_position() {
        for cell in 0..CELLS {
            let (row, position) = row_and_position(cell).unwrap();
            assert_eq!(cell_in_drawing(row, indent(row) + 2 * position), Some(cell));
        }
        assert_eq!(row_and_position(CENTRE), Some((2, 2)));
        assert_eq!(row_and_position(CELLS), None);
        assert_eq!(cell_in_drawing(0, 0), None);
        assert_eq!(cell_in_drawing(ROWS, 0), None);
    }

    #[test]
    fn legal_moves_lie_inside_the_box() {
        assert_eq!(legal_moves(FULL).count(), SEGMENT_COUNT);
        assert_eq!(legal_moves(0).count(), 0);
        // Two chocolates of one line with a gap: two single moves, nothing joins them.
        let gapped = 1 << 7 | 1 << 9;
        assert_eq!(legal_moves(gapped).collect::<Vec<_>>(), [1 << 7, 1 << 9]);
    }
}

//! A rectangular grid stored row-major, with bounds-checked neighbourhoods.

use std::ops::{Index, IndexMut};

/// A square of a grid: `row` counts from the top, `col` from the left, both from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// The row, 0 at the top.
    pub row: usize,
    /// The column, 0 at the left.
    pub col: usize,
}

impl Pos {
    /// The square at `row`, `col`.
    pub const fn new(row: usize, col: usize) -> Self {
        Self { row, col }
    }

    /// The square `(dr, dc)` away, if it does not fall off the top or left edge.
    pub fn offset(self, dr: isize, dc: isize) -> Option<Pos> {
        Some(Pos {
            row: self.row.checked_add_signed(dr)?,
            col: self.col.checked_add_signed(dc)?,
        })
    }
}

/// Squares side by side in one row: the row, the first's column and how many.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowRun {
    /// The row.
    pub row: usize,
    /// The column of the leftmost square.
    pub start: usize,
    /// How many squares.
    pub len: usize,
}

/// The runs of side-by-side squares in `squares` (sorted by row, then column), in order.
pub fn row_runs(squares: impl IntoIterator<Item = Pos>) -> Vec<RowRun> {
    let mut runs: Vec<RowRun> = Vec::new();
    for square in squares {
        match runs.last_mut() {
            Some(run) if run.row == square.row && run.start + run.len == square.col => run.len += 1,
            _ => runs.push(RowRun {
                row: square.row,
                start: square.col,
                len: 1,
            }),
        }
    }
    runs
}

/// Up, left, right, down: the four squares sharing a side.
pub const DIRS4: [(isize, isize); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

/// The eight squares sharing a side or a corner, row by row.
pub const DIRS8: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// A `height` x `width` grid of `T`, stored row by row.
///
/// ```
/// use gridkit::{Grid, Pos};
///
/// let mut grid = Grid::new(2, 3, '.');
/// grid[Pos::new(1, 2)] = '#';
/// assert_eq!(grid.row(1), ['.', '.', '#']);
/// assert_eq!(grid.get(Pos::new(2, 0)), None);
/// let next: Vec<Pos> = grid.neighbours4(Pos::new(0, 0)).collect();
/// assert_eq!(next, [Pos::new(0, 1), Pos::new(1, 0)]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid<T> {
    height: usize,
    width: usize,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A grid with every cell set to `fill`.
    pub fn new(height: usize, width: usize, fill: T) -> Self {
        Self {
            height,
            width,
            cells: vec![fill; height * width],
        }
    }
}

impl<T> Grid<T> {
    /// A grid over `cells` listed row by row; `None` unless there are `height * width`.
    pub fn from_cells(height: usize, width: usize, cells: Vec<T>) -> Option<Self> {
        (height.checked_mul(width) == Some(cells.len())).then_some(Self {
            height,
            width,
            cells,
        })
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the grid has no cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Whether `pos` lies inside the grid.
    pub fn contains(&self, pos: Pos) -> bool {
        pos.row < self.height && pos.col < self.width
    }

    /// The cell at `pos`, or `None` outside the grid.
    pub fn get(&self, pos: Pos) -> Option<&T> {
        self.contains(pos).then(|| &self.cells[self.index_of(pos)])
    }

    /// The row-major index of `pos` (which must lie inside the grid).
    pub fn index_of(&self, pos: Pos) -> usize {
        debug_assert!(self.contains(pos));
        pos.row * self.width + pos.col
    }

    /// The square at row-major index `index`.
    pub fn pos_of(&self, index: usize) -> Pos {
        Pos {
            row: index / self.width,
            col: index % self.width,
        }
    }

    /// Every cell, row by row.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// Every cell, row by row, to change.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// The cells of row `row`, left to right.
    pub fn row(&self, row: usize) -> &[T] {
        &self.cells[row * self.width..(row + 1) * self.width]
    }

    /// Every square, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<T> {
        let width = self.width;
        (0..self.cells.len()).map(move |index| Pos {
            row: index / width,
            col: index % width,
        })
    }

    /// The squares `dirs` away from `pos` that lie inside the grid.
    pub fn neighbours<'d>(
        &self,
        pos: Pos,
        dirs: &'d [(isize, isize)],
    ) -> impl Iterator<Item = Pos> + use<'d, T> {
        let (height, width) = (self.height, self.width);
        dirs.iter()
            .filter_map(move |&(dr, dc)| pos.offset(dr, dc))
            .filter(move |next| next.row < height && next.col < width)
    }

    /// The up to four squares sharing a side with `pos`.
    pub fn neighbours4(&self, pos: Pos) -> impl Iterator<Item = Pos> + use<T> {
        self.neighbours(pos, &DIRS4)
    }
}

impl<T> Index<Pos> for Grid<T> {
    type Output = T;

    fn index(&self, pos: Pos) -> &T {
        assert!(
            self.contains(pos),
            "{pos:?} outside a {}x{} grid",
            self.height,
            self.width
        );
        &self.cells[pos.row * self.width + pos.col]
    }
}

impl<T> IndexMut<Pos> for Grid<T> {
    fn index_mut(&mut self, pos: Pos) -> &mut T {
        assert!(
            self.contains(pos),
            "{pos:?} outside a {}x{} grid",
            self.height,
            self.width
        );
        &mut self.cells[pos.row * self.width + pos.col]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_edge_and_inner_neighbourhoods() {
        let grid = Grid::new(3, 4, 0u8);
        let corner: Vec<_> = grid.neighbours4(Pos::new(0, 0)).collect();
        assert_eq!(corner, [Pos::new(0, 1), Pos::new(1, 0)]);
        assert_eq!(grid.neighbours(Pos::new(0, 0), &DIRS8).count(), 3);
        assert_eq!(grid.neighbours4(Pos::new(2, 1)).count(), 3);
        assert_eq!(grid.neighbours(Pos::new(2, 3), &DIRS8).count(), 3);
        assert_eq!(grid.neighbours4(Pos::new(1, 1)).count(), 4);
        assert_eq!(grid.neighbours(Pos::new(1, 2), &DIRS8).count(), 8);
    }

    #[test]
    fn access_is_bounds_checked_and_row_major() {
        let mut grid = Grid::new(2, 3, 0);
        grid[Pos::new(1, 2)] = 7;
        assert_eq!(grid.cells(), &[0, 0, 0, 0, 0, 7]);
        assert_eq!(grid.get(Pos::new(1, 2)), Some(&7));
        assert_eq!(grid.get(Pos::new(2, 0)), None);
        assert_eq!(grid.get(Pos::new(0, 3)), None);
        assert_eq!(grid.index_of(Pos::new(1, 0)), 3);
        assert_eq!(grid.pos_of(4), Pos::new(1, 1));
        assert_eq!(grid.row(1), &[0, 0, 7]);
        assert_eq!(grid.positions().last(), Some(Pos::new(1, 2)));
    }

    #[test]
    fn from_cells_checks_the_size() {
        assert!(Grid::from_cells(2, 2, vec![1, 2, 3]).is_none());
        assert!(Grid::from_cells(usize::MAX, 2, Vec::<u8>::new()).is_none());
        let grid = Grid::from_cells(2, 2, vec![1, 2, 3, 4]).unwrap();
        assert_eq!(grid[Pos::new(1, 0)], 3);
    }

    #[test]
    #[should_panic(expected = "outside a 2x2 grid")]
    fn indexing_outside_panics_with_the_position() {
        let grid = Grid::new(2, 2, 0);
        let _ = grid[Pos::new(0, 2)];
    }
}

//! The oracle: a plain memoized minimax over boxes, on a second description of the box.
//!
//! Here the hexagon is the set of cube coordinates `(x, y, z)` with `x + y + z = 0` and
//! `max(|x|, |y|, |z|) <= 2`. Line `r` of the drawing is `z = r - 2`, read by increasing
//! `x`. Two cells are neighbours when they differ by one of the six unit vectors, and the
//! three directions of the sides are `(1, -1, 0)`, `(1, 0, -1)` and `(0, 1, -1)`. Moves
//! are found by walking from every chocolate in each direction while the next cell holds
//! a chocolate; nothing is precomputed and nothing is shared with the solver.

use std::collections::{BTreeSet, HashMap};

use crate::geometry::Mask;

/// A cell in cube coordinates.
pub type Cube = (i32, i32, i32);

const RADIUS: i32 = 2;
const DIRECTIONS: [Cube; 3] = [(1, -1, 0), (1, 0, -1), (0, 1, -1)];

/// The cells of the box in reading order: `z` from -2 to 2, then `x` upwards.
pub fn cells() -> Vec<Cube> {
    let mut cells = Vec::new();
    for z in -RADIUS..=RADIUS {
        for x in -RADIUS..=RADIUS {
            let y = -x - z;
            if y.abs() <= RADIUS {
                cells.push((x, y, z));
            }
        }
    }
    cells
}

fn step(cell: Cube, direction: Cube, times: i32) -> Cube {
    (
        cell.0 + times * direction.0,
        cell.1 + times * direction.1,
        cell.2 + times * direction.2,
    )
}

/// The reading-order index of `cell`, if it is in the box.
fn index_of(cells: &[Cube], cell: Cube) -> Option<usize> {
    cells.iter().position(|&c| c == cell)
}

/// Every legal move of `mask`, as the set of cells it eats (a segment may be listed more
/// than once: a single cell is found in each direction).
pub fn moves(mask: Mask) -> Vec<Mask> {
    let cells = cells();
    let has = |cell: Cube| index_of(&cells, cell).filter(|&i| mask & 1 << i != 0);
    let mut moves = Vec::new();
    for (start, &cell) in cells.iter().enumerate() {
        if mask & 1 << start == 0 {
            continue;
        }
        for direction in DIRECTIONS {
            let mut eaten: Mask = 1 << start;
            moves.push(eaten);
            let mut length = 1;
            while let Some(next) = has(step(cell, direction, length)) {
                eaten |= 1 << next;
                moves.push(eaten);
                length += 1;
            }
        }
    }
    moves
}

/// The distinct segments of the full box.
pub fn segments() -> BTreeSet<Mask> {
    let full = (1 << cells().len()) - 1;
    moves(full).into_iter().collect()
}

/// The distinct maximal lines: all cells of the box collinear with a cell in a direction.
pub fn lines() -> BTreeSet<Mask> {
    let cells = cells();
    let mut lines = BTreeSet::new();
    for &cell in &cells {
        for direction in DIRECTIONS {
            let line = (-2 * RADIUS..=2 * RADIUS)
                .filter_map(|t| index_of(&cells, step(cell, direction, t)))
                .fold(0, |line, i| line | 1 << i);
            lines.insert(line);
        }
    }
    lines
}

/// Memoized minimax: a box is a win for the player to move when some move leaves a box
/// that is a loss for the other player; the empty box is a loss.
#[derive(Debug, Default)]
pub struct Reference {
    memo: HashMap<Mask, bool>,
}

impl Reference {
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether the player to move (Karlsson, at the start) wins `mask` with perfect play.
    pub fn first_player_wins(&mut self, mask: Mask) -> bool {
        if let Some(&known) = self.memo.get(&mask) {
            return known;
        }
        let wins = moves(mask)
            .into_iter()
            .any(|eaten| !self.first_player_wins(mask & !eaten));
        self.memo.insert(mask, wins);
        wins
    }

    /// Positions solved so far.
    pub fn solved(&self) -> usize {
        self.memo.len()
    }
}

/// The winner's name for `mask`, as the statement prints it.
pub fn winner(mask: Mask) -> &'static str {
    if Reference::new().first_player_wins(mask) {
        "Karlsson"
    } else {
        "Lillebror"
    }
}

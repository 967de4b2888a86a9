//! Random valid mountains of ten shapes, for the tests, the stress runs and the generated
//! test data (`examples/gen_testdata.rs`).

use fastrand::Rng;
use gridkit::{Grid, Pos};

use crate::parse::{Case, MAX_CASES, MAX_SIZE, MIN_SIZE, WALL};

/// The shapes the generators draw, each aimed at some part of the algorithm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Open squares scattered with a random density.
    Random,
    /// Full-width corridors with a few walls, and shafts between them.
    Corridors,
    /// One interval per row whose ends drift by a step or two.
    Staircase,
    /// A spine with teeth hanging from it, sometimes a second spine lower down.
    Comb,
    /// A depth-first maze on even squares, with some extra holes knocked through.
    Maze,
    /// Rows cut into shelves by walls; sparse rows with holes between them.
    Shelves,
    /// Wide rows narrowing towards a throat, with stray holes on the flanks.
    Funnel,
    /// Open rows with one-square pockets (and a few walls) under them.
    Pockets,
    /// Many intervals of a few equal lengths, so offsets are shared between them.
    Twins,
    /// Vertical shafts joined by short ledges.
    Columns,
}

impl Shape {
    pub const ALL: [Shape; 10] = [
        Shape::Random,
        Shape::Corridors,
        Shape::Staircase,
        Shape::Comb,
        Shape::Maze,
        Shape::Shelves,
        Shape::Funnel,
        Shape::Pockets,
        Shape::Twins,
        Shape::Columns,
    ];

    /// Opens this shape's squares in the interior of `canvas`.
    fn carve(self, rng: &mut Rng, canvas: &mut Canvas) {
        match self {
            Shape::Random => random(rng, canvas),
            Shape::Corridors => corridors(rng, canvas),
            Shape::Staircase => staircase(rng, canvas),
            Shape::Comb => comb(rng, canvas),
            Shape::Maze => maze(rng, canvas),
            Shape::Shelves => shelves(rng, canvas),
            Shape::Funnel => funnel(rng, canvas),
            Shape::Pockets => pockets(rng, canvas),
            Shape::Twins => twins(rng, canvas),
            Shape::Columns => columns(rng, canvas),
        }
    }
}

/// A grid being drawn: walls everywhere at first, squares opened by interior coordinates.
struct Canvas {
    rows: Vec<Vec<u8>>,
    /// The interior's height and width (the grid's less the border).
    h: usize,
    w: usize,
}

impl Canvas {
    fn new(rows: usize, cols: usize) -> Self {
        Self {
            rows: vec![vec![WALL; cols]; rows],
            h: rows - 2,
            w: cols - 2,
        }
    }

    /// Opens interior square `(r, c)` (0-based inside the border); outside it, nothing.
    fn open(&mut self, r: usize, c: usize) {
        if r < self.h && c < self.w {
            self.rows[r + 1][c + 1] = b'.';
        }
    }

    /// Opens interior squares `c` of row `r` where `keep` (called once per square) says so.
    fn open_where(&mut self, r: usize, mut keep: impl FnMut() -> bool) {
        for c in 0..self.w {
            if keep() {
                self.open(r, c);
            }
        }
    }
}

fn random(rng: &mut Rng, canvas: &mut Canvas) {
    let density = 0.25 + rng.f64() * 0.65;
    for r in 0..canvas.h {
        canvas.open_where(r, || rng.f64() < density);
    }
}

fn corridors(rng: &mut Rng, canvas: &mut Canvas) {
    let w = canvas.w;
    for r in 0..canvas.h {
        if rng.f64() < 0.55 {
            canvas.open_where(r, || rng.f64() < 0.9);
        } else {
            for _ in 0..=rng.usize(0..=w / 3) {
                canvas.open(r, rng.usize(0..w));
            }
        }
    }
}

fn staircase(rng: &mut Rng, canvas: &mut Canvas) {
    let w = canvas.w;
    let drift = |rng: &mut Rng, x: usize| {
        (x as isize + rng.isize(-2..=2)).clamp(0, w as isize - 1) as usize
    };
    let mut left = rng.usize(0..w);
    let mut right = left;
    for r in 0..canvas.h {
        for c in left..=right {
            canvas.open(r, c);
        }
        let a = drift(rng, left);
        let b = drift(rng, right);
        (left, right) = (a.min(b), a.max(b));
        if rng.f64() < 0.3 {
            right = (right + rng.usize(0..=3)).min(w - 1);
        }
    }
}

fn comb(rng: &mut Rng, canvas: &mut Canvas) {
    let (h, w) = (canvas.h, canvas.w);
    let spine = rng.usize(0..h.div_ceil(2));
    canvas.open_where(spine, || true);
    let lower = rng.usize(spine..h);
    if rng.bool() {
        canvas.open_where(lower, || rng.f64() < 0.8);
    }
    for c in 0..w {
        if rng.f64() < 0.5 {
            let depth = rng.usize(0..h - spine);
            for r in spine..=spine + depth {
                canvas.open(r, c);
            }
        }
    }
}

fn maze(rng: &mut Rng, canvas: &mut Canvas) {
    let (h, w) = (canvas.h, canvas.w);
    let (mh, mw) = (h.div_ceil(2), w.div_ceil(2));
    let mut seen = vec![vec![false; mw]; mh];
    let first = (rng.usize(0..mh), rng.usize(0..mw));
    seen[first.0][first.1] = true;
    canvas.open(2 * first.0, 2 * first.1);
    let mut stack = vec![first];
    while let Some(&(r, c)) = stack.last() {
        let unseen = |(r, c): (usize, usize)| r < mh && c < mw && !seen[r][c];
        let next: Vec<(usize, usize)> = [
            r.checked_sub(1).map(|up| (up, c)),
            Some((r + 1, c)),
            c.checked_sub(1).map(|left| (r, left)),
            Some((r, c + 1)),
        ]
        .into_iter()
        .flatten()
        .filter(|&square| unseen(square))
        .collect();
        if next.is_empty() {
            stack.pop();
            continue;
        }
        let (nr, nc) = next[rng.usize(0..next.len())];
        seen[nr][nc] = true;
        canvas.open(2 * nr, 2 * nc);
        canvas.open(r + nr, c + nc);
        stack.push((nr, nc));
    }
    for _ in 0..rng.usize(0..=(h * w) / 10) {
        canvas.open(rng.usize(0..h), rng.usize(0..w));
    }
}

fn shelves(rng: &mut Rng, canvas: &mut Canvas) {
    for r in 0..canvas.h {
        if r % 2 == 0 {
            let cut = 0.1 + rng.f64() * 0.3;
            canvas.open_where(r, || rng.f64() >= cut);
        } else {
            let holes = 0.1 + rng.f64() * 0.3;
            canvas.open_where(r, || rng.f64() < holes);
        }
    }
}

fn funnel(rng: &mut Rng, canvas: &mut Canvas) {
    let (h, w) = (canvas.h, canvas.w);
    let throat = rng.usize(0..w);
    for r in 0..h {
        let half = (h - r) * w / (2 * h.max(1)) + rng.usize(0..=1);
        let left = throat.saturating_sub(half);
        let right = (throat + half).min(w - 1);
        for c in left..=right {
            canvas.open(r, c);
        }
        canvas.open_where(r, || rng.f64() < 0.1);
    }
}

fn pockets(rng: &mut Rng, canvas: &mut Canvas) {
    for r in 0..canvas.h {
        let density = if r % 3 == 0 { 0.85 } else { 0.2 };
        canvas.open_where(r, || rng.f64() < density);
    }
}

fn twins(rng: &mut Rng, canvas: &mut Canvas) {
    let w = canvas.w;
    let lengths: Vec<usize> = (0..2).map(|_| rng.usize(1..=w.clamp(1, 4))).collect();
    for r in 0..canvas.h {
        if r % 2 == 0 {
            let mut c = rng.usize(0..2);
            while c < w {
                let len = lengths[rng.usize(0..lengths.len())];
                for k in c..(c + len).min(w) {
                    canvas.open(r, k);
                }
                c += len + 1;
            }
        } else {
            canvas.open_where(r, || rng.f64() < 0.35);
        }
    }
}

fn columns(rng: &mut Rng, canvas: &mut Canvas) {
    let (h, w) = (canvas.h, canvas.w);
    for c in 0..w {
        if rng.f64() < 0.5 {
            let top = rng.usize(0..h);
            let bottom = rng.usize(top..h);
            for r in top..=bottom {
                canvas.open(r, c);
            }
        }
    }
    for _ in 0..rng.usize(0..=h) {
        let r = rng.usize(0..h);
        let c = rng.usize(0..w);
        for k in c..(c + rng.usize(1..=3)).min(w) {
            canvas.open(r, k);
        }
    }
}

/// A `rows` x `cols` mountain (both in `3..=60`) of the given shape, with 1 to
/// `max_caves` caves on open squares (at least one square is always open).
pub fn mountain(rng: &mut Rng, shape: Shape, rows: usize, cols: usize, max_caves: usize) -> Case {
    let mut canvas = Canvas::new(rows, cols);
    shape.carve(rng, &mut canvas);
    place_caves(rng, &mut canvas.rows, max_caves);
    case_of(&canvas.rows)
}

/// Opens a square if none is open, then labels 1 to `max_caves` distinct open squares
/// with the caves 0..d-1 in random order.
fn place_caves(rng: &mut Rng, rows: &mut [Vec<u8>], max_caves: usize) {
    let mut open: Vec<(usize, usize)> = (0..rows.len())
        .flat_map(|r| (0..rows[0].len()).map(move |c| (r, c)))
        .filter(|&(r, c)| rows[r][c] != WALL)
        .collect();
    if open.is_empty() {
        let r = rng.usize(1..rows.len() - 1);
        let c = rng.usize(1..rows[0].len() - 1);
        rows[r][c] = b'.';
        open.push((r, c));
    }
    rng.shuffle(&mut open);
    let count = rng.usize(1..=max_caves.clamp(1, 10).min(open.len()));
    for (label, &(r, c)) in open.iter().take(count).enumerate() {
        rows[r][c] = b'0' + label as u8;
    }
}

/// The case whose grid is `rows` (`#`, `.` and caves labelled `0..d-1`).
pub fn case_of(rows: &[Vec<u8>]) -> Case {
    let (height, width) = (rows.len(), rows.first().map_or(0, Vec::len));
    let mut caves = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, &square) in row.iter().enumerate() {
            if square.is_ascii_digit() {
                caves.push((square, Pos::new(r, c)));
            }
        }
    }
    caves.sort();
    let cells = rows.concat();
    let grid = Grid::from_cells(height, width, cells).expect("rows of equal length");
    Case {
        grid,
        caves: caves.into_iter().map(|(_, pos)| pos).collect(),
    }
}

/// The number of open squares (caves included).
pub fn open_squares(case: &Case) -> usize {
    case.grid
        .cells()
        .iter()
        .filter(|&&square| square != WALL)
        .count()
}

/// A random mountain of a random shape with at most `max_open` open squares, of height and
/// width in `sizes`.
pub fn small_mountain(
    rng: &mut Rng,
    sizes: std::ops::RangeInclusive<usize>,
    max_open: usize,
) -> Case {
    loop {
        let shape = Shape::ALL[rng.usize(0..Shape::ALL.len())];
        let rows = rng.usize(sizes.clone());
        let cols = rng.usize(sizes.clone());
        let case = mountain(rng, shape, rows, cols, 10);
        if open_squares(&case) <= max_open {
            return case;
        }
    }
}

/// An input of up to 20 cases whose sizes grow with `scale`: at 0 one 3x3 grid, at 1 up
/// to 20 grids of up to 60x60. One grid in six is a strip a few rows high and as wide as
/// the scale allows, for long intervals.
pub fn input(rng: &mut Rng, scale: f64) -> Vec<Case> {
    let scale = scale.clamp(0.0, 1.0);
    let grow = |smallest: usize, largest: usize| {
        smallest + ((largest - smallest) as f64 * scale).round() as usize
    };
    let max_cases = grow(1, MAX_CASES);
    let max_side = grow(MIN_SIZE, MAX_SIZE);
    (0..rng.usize(1..=max_cases))
        .map(|_| {
            let shape = Shape::ALL[rng.usize(0..Shape::ALL.len())];
            let (rows, cols) = if rng.usize(0..6) == 0 {
                (rng.usize(MIN_SIZE..=max_side.min(5)), max_side)
            } else {
                (
                    rng.usize(MIN_SIZE..=max_side),
                    rng.usize(MIN_SIZE..=max_side),
                )
            };
            mountain(rng, shape, rows, cols, 10)
        })
        .collect()
}

/// The input file holding `cases`.
pub fn render(cases: &[Case]) -> String {
    let mut text = format!("{}\n", cases.len());
    for case in cases {
        text += &format!("{} {}\n", case.grid.height(), case.grid.width());
        for row in 0..case.grid.height() {
            text.extend(case.grid.row(row).iter().map(|&square| char::from(square)));
            text.push('\n');
        }
    }
    text
}

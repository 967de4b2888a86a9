//! Deterministic generators of valid mountains, shared by the tests and by
//! `examples/gen_testdata.rs` (which includes this file by path).
#![allow(dead_code)]

use fastrand::Rng;

/// A grid as rows of bytes (`#`, `.`, digits).
pub type Rows = Vec<Vec<u8>>;

/// The shapes the generators draw.
pub const SHAPES: [&str; 10] = [
    "random",
    "corridors",
    "staircase",
    "comb",
    "maze",
    "shelves",
    "funnel",
    "pockets",
    "twins",
    "columns",
];

/// A grid of `rows` x `cols` of the given shape, with 1 to `max_caves` caves placed on
/// open squares (at least one square is always open).
pub fn mountain(rng: &mut Rng, shape: &str, rows: usize, cols: usize, max_caves: usize) -> Rows {
    let mut grid = vec![vec![b'#'; cols]; rows];
    let (h, w) = (rows - 2, cols - 2);
    // `open(r, c)` takes interior coordinates (0-based inside the border).
    let open = |grid: &mut Rows, r: usize, c: usize| {
        if r < h && c < w {
            grid[r + 1][c + 1] = b'.';
        }
    };
    match shape {
        "random" => {
            let density = 0.25 + rng.f64() * 0.65;
            for r in 0..h {
                for c in 0..w {
                    if rng.f64() < density {
                        open(&mut grid, r, c);
                    }
                }
            }
        }
        "corridors" => {
            // Full-width corridors on some rows, a few walls in them, shafts between.
            for r in 0..h {
                if rng.f64() < 0.55 {
                    for c in 0..w {
                        if rng.f64() < 0.9 {
                            open(&mut grid, r, c);
                        }
                    }
                } else {
                    for _ in 0..=rng.usize(0..=w / 3) {
                        open(&mut grid, r, rng.usize(0..w));
                    }
                }
            }
        }
        "staircase" => {
            // One interval per row whose ends drift by a step or two.
            let mut left = rng.usize(0..w);
            let mut right = left;
            for r in 0..h {
                for c in left..=right {
                    open(&mut grid, r, c);
                }
                let drift = |rng: &mut Rng, x: usize| {
                    (x as isize + rng.isize(-2..=2)).clamp(0, w as isize - 1) as usize
                };
                let a = drift(rng, left);
                let b = drift(rng, right);
                (left, right) = (a.min(b), a.max(b));
                if rng.f64() < 0.3 {
                    right = (right + rng.usize(0..=3)).min(w - 1);
                }
            }
        }
        "comb" => {
            // A spine, teeth hanging from it, sometimes a second spine lower down.
            let spine = rng.usize(0..h.div_ceil(2));
            for c in 0..w {
                open(&mut grid, spine, c);
            }
            let lower = rng.usize(spine..h);
            if rng.bool() {
                for c in 0..w {
                    if rng.f64() < 0.8 {
                        open(&mut grid, lower, c);
                    }
                }
            }
            for c in 0..w {
                if rng.f64() < 0.5 {
                    let depth = rng.usize(0..h - spine);
                    for r in spine..=spine + depth {
                        open(&mut grid, r, c);
                    }
                }
            }
        }
        "maze" => {
            // A depth-first maze on odd squares, with some extra holes knocked through.
            let (mh, mw) = (h.div_ceil(2), w.div_ceil(2));
            let mut seen = vec![vec![false; mw]; mh];
            let mut stack = vec![(rng.usize(0..mh), rng.usize(0..mw))];
            seen[stack[0].0][stack[0].1] = true;
            open(&mut grid, 2 * stack[0].0, 2 * stack[0].1);
            while let Some(&(r, c)) = stack.last() {
                let mut next = Vec::new();
                if r > 0 && !seen[r - 1][c] {
                    next.push((r - 1, c));
                }
                if r + 1 < mh && !seen[r + 1][c] {
                    next.push((r + 1, c));
                }
                if c > 0 && !seen[r][c - 1] {
                    next.push((r, c - 1));
                }
                if c + 1 < mw && !seen[r][c + 1] {
                    next.push((r, c + 1));
                }
                if next.is_empty() {
                    stack.pop();
                    continue;
                }
                let (nr, nc) = next[rng.usize(0..next.len())];
                seen[nr][nc] = true;
                open(&mut grid, 2 * nr, 2 * nc);
                open(&mut grid, r + nr, c + nc);
                stack.push((nr, nc));
            }
            for _ in 0..rng.usize(0..=(h * w) / 10) {
                open(&mut grid, rng.usize(0..h), rng.usize(0..w));
            }
        }
        "shelves" => {
            // Rows cut into shelves by walls; sparse rows with holes between them.
            for r in 0..h {
                if r % 2 == 0 {
                    let cut = 0.1 + rng.f64() * 0.3;
                    for c in 0..w {
                        if rng.f64() >= cut {
                            open(&mut grid, r, c);
                        }
                    }
                } else {
                    let holes = 0.1 + rng.f64() * 0.3;
                    for c in 0..w {
                        if rng.f64() < holes {
                            open(&mut grid, r, c);
                        }
                    }
                }
            }
        }
        "funnel" => {
            // Wide rows narrowing towards a throat, with stray holes on the flanks.
            let throat = rng.usize(0..w);
            for r in 0..h {
                let half = (h - r) * w / (2 * h.max(1)) + rng.usize(0..=1);
                let left = throat.saturating_sub(half);
                let right = (throat + half).min(w - 1);
                for c in left..=right {
                    open(&mut grid, r, c);
                }
                for c in 0..w {
                    if rng.f64() < 0.1 {
                        open(&mut grid, r, c);
                    }
                }
            }
        }
        "pockets" => {
            // Open rows with one-square pockets (and a few walls) under them.
            for r in 0..h {
                if r % 3 == 0 {
                    for c in 0..w {
                        if rng.f64() < 0.85 {
                            open(&mut grid, r, c);
                        }
                    }
                } else {
                    for c in 0..w {
                        if rng.f64() < 0.2 {
                            open(&mut grid, r, c);
                        }
                    }
                }
            }
        }
        "twins" => {
            // Many intervals of a few equal lengths, so offsets are shared between them.
            let lengths: Vec<usize> = (0..2).map(|_| rng.usize(1..=w.clamp(1, 4))).collect();
            for r in 0..h {
                if r % 2 == 0 {
                    let mut c = rng.usize(0..2);
                    while c < w {
                        let len = lengths[rng.usize(0..lengths.len())];
                        for k in c..(c + len).min(w) {
                            open(&mut grid, r, k);
                        }
                        c += len + 1;
                    }
                } else {
                    for c in 0..w {
                        if rng.f64() < 0.35 {
                            open(&mut grid, r, c);
                        }
                    }
                }
            }
        }
        _ => {
            // "columns": vertical shafts, joined by short ledges.
            for c in 0..w {
                if rng.f64() < 0.5 {
                    let top = rng.usize(0..h);
                    let bottom = rng.usize(top..h);
                    for r in top..=bottom {
                        open(&mut grid, r, c);
                    }
                }
            }
            for _ in 0..rng.usize(0..=h) {
                let r = rng.usize(0..h);
                let c = rng.usize(0..w);
                for k in c..(c + rng.usize(1..=3)).min(w) {
                    open(&mut grid, r, k);
                }
            }
        }
    }
    place_caves(rng, &mut grid, max_caves);
    grid
}

/// Opens a square if none is open, then labels 1 to `max_caves` distinct open squares
/// with the caves 0..d-1 in random order.
pub fn place_caves(rng: &mut Rng, grid: &mut Rows, max_caves: usize) {
    let mut open: Vec<(usize, usize)> = (0..grid.len())
        .flat_map(|r| (0..grid[0].len()).map(move |c| (r, c)))
        .filter(|&(r, c)| grid[r][c] != b'#')
        .collect();
    if open.is_empty() {
        let r = rng.usize(1..grid.len() - 1);
        let c = rng.usize(1..grid[0].len() - 1);
        grid[r][c] = b'.';
        open.push((r, c));
    }
    rng.shuffle(&mut open);
    let count = rng.usize(1..=max_caves.clamp(1, 10).min(open.len()));
    for (label, &(r, c)) in open.iter().take(count).enumerate() {
        grid[r][c] = b'0' + label as u8;
    }
}

/// The number of open squares (caves included).
pub fn open_squares(grid: &Rows) -> usize {
    grid.iter().flatten().filter(|&&b| b != b'#').count()
}

/// An input file holding `grids` as its cases.
pub fn input(grids: &[Rows]) -> String {
    let mut text = format!("{}\n", grids.len());
    for grid in grids {
        text += &format!("{} {}\n", grid.len(), grid[0].len());
        for row in grid {
            text += std::str::from_utf8(row).unwrap();
            text.push('\n');
        }
    }
    text
}

/// A random mountain of a random shape with at most `max_open` open squares, of height and
/// width in `sizes`.
pub fn small_mountain(
    rng: &mut Rng,
    sizes: std::ops::RangeInclusive<usize>,
    max_open: usize,
) -> Rows {
    loop {
        let shape = SHAPES[rng.usize(0..SHAPES.len())];
        let rows = rng.usize(sizes.clone());
        let cols = rng.usize(sizes.clone());
        let grid = mountain(rng, shape, rows, cols, 10);
        if open_squares(&grid) <= max_open {
            return grid;
        }
    }
}

//! Deterministic board generators (everything is drawn from the caller's seeded `Rng`),
//! and [`input`], the random input of stress testing.
//!
//! The booklet's families, each with B in the bottom-right corner and A in one of two
//! [`Start`]s: [`empty`] and [`scattered`] (~3 % or ~20 % black), [`serpentine`] (the
//! longest route) and [`serpentine_with_holes`]. Extra families: [`maze`]s,
//! [`mirrored`] boards (expensive: the game runs to its last level),
//! [`wide_layer`] boards whose shortest paths cross one
//! layer of over 3n squares, and [`random`], [`lattice_paths`] and [`forked`] boards with
//! the starts anywhere, small ones for the brute force.

use fastrand::Rng;

use super::wide_layer::wide_layer;
use crate::board::Board;
use crate::parse::{MAX_N, MAX_TESTS, MIN_N};

/// A random valid input whose size grows with `scale` (0 to 1): up to
/// `1 + 9 scale` tests (10 at the statement's limit) of side up to `2 + 298 scale^2`
/// (quadratic, so that most early stress cases are small enough to shrink and check by
/// brute force), each drawn from a random family.
pub fn input(rng: &mut Rng, scale: f64) -> Vec<Board> {
    let scale = scale.clamp(0.0, 1.0);
    let max_tests = 1 + ((MAX_TESTS - 1) as f64 * scale).round() as usize;
    let max_n = MIN_N + ((MAX_N - MIN_N) as f64 * scale * scale).round() as usize;
    let tests = rng.usize(1..=max_tests);
    (0..tests)
        .map(|_| {
            let n = rng.usize(MIN_N..=max_n);
            any_board(rng, n)
        })
        .collect()
}

/// A connected `n` x `n` board from a random family, with a random density or shape.
pub fn any_board(rng: &mut Rng, n: usize) -> Board {
    let start = if rng.bool() {
        Start::Corner
    } else {
        Start::NextToCorner
    };
    // A density or share for the families that take one.
    let share = rng.f64();
    match rng.usize(0..12) {
        0 => empty(n, start),
        1 => scattered(rng, n, 0.03, start),
        2 => scattered(rng, n, 0.2, start),
        3 => mirrored(rng, n, share * 0.1, start),
        4 => serpentine(n, start),
        5 => serpentine_with_holes(rng, n, share, start),
        6 => maze(rng, n, share * 0.3, start),
        7 => wide_layer(n, share < 0.5, rng.bool()).unwrap_or_else(|| forked(rng, n)),
        8 | 9 => forked(rng, n),
        10 => {
            let paths = rng.usize(1..=4);
            lattice_paths(rng, n, paths, share * 0.3)
        }
        _ => connected_random(rng, n),
    }
}

/// Where A starts; B always starts in the bottom-right corner. One of the two usually
/// makes the distance odd and the other even.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// The top-left corner.
    Corner,
    /// One square right of the top-left corner.
    NextToCorner,
}

impl Start {
    pub const BOTH: [Start; 2] = [Start::Corner, Start::NextToCorner];

    fn square(self) -> usize {
        match self {
            Start::Corner => 0,
            Start::NextToCorner => 1,
        }
    }
}

/// A board from white squares and starts (which are made white).
pub(super) fn board(n: usize, mut white: Vec<bool>, a: usize, b: usize) -> Board {
    white[a] = true;
    white[b] = true;
    Board { n, white, a, b }
}

fn corner_board(n: usize, white: Vec<bool>, start: Start) -> Board {
    board(n, white, start.square(), n * n - 1)
}

/// The same board with A on `start`'s square instead (made white); the booklet's second
/// variant of a board moves A one square right.
pub fn with_start(board: &Board, start: Start) -> Board {
    let mut moved = board.clone();
    moved.a = start.square();
    moved.white[moved.a] = true;
    moved
}

/// No black square at all.
pub fn empty(n: usize, start: Start) -> Board {
    corner_board(n, vec![true; n * n], start)
}

/// Each square black with probability `black`, redrawn until a white path joins the
/// starts (after 100 failures the top row and right column are cleared to force one).
pub fn scattered(rng: &mut Rng, n: usize, black: f64, start: Start) -> Board {
    for _ in 0..100 {
        let white = (0..n * n).map(|_| rng.f64() >= black).collect();
        let candidate = corner_board(n, white, start);
        if candidate.connected() {
            return candidate;
        }
    }
    let mut white: Vec<bool> = (0..n * n).map(|_| rng.f64() >= black).collect();
    for i in 0..n {
        white[i] = true;
        white[i * n + n - 1] = true;
    }
    corner_board(n, white, start)
}

/// Like [`scattered`], but black squares come in pairs mirrored in the anti-diagonal,
/// the reflection that swaps the two corner starts, so with A in the corner B can copy
/// A's every move and the game runs to its last level. Connected by construction when
/// the top row and right column are cleared, which happens if 100 draws fail.
pub fn mirrored(rng: &mut Rng, n: usize, black: f64, start: Start) -> Board {
    let draw = |rng: &mut Rng| {
        let mut white = vec![true; n * n];
        for row in 0..n {
            for col in 0..n {
                if rng.f64() < black / 2.0 {
                    white[row * n + col] = false;
                    white[(n - 1 - col) * n + (n - 1 - row)] = false;
                }
            }
        }
        white
    };
    for _ in 0..100 {
        let candidate = corner_board(n, draw(rng), start);
        if candidate.connected() {
            return candidate;
        }
    }
    let mut white = draw(rng);
    for i in 0..n {
        white[i] = true;
        white[i * n + n - 1] = true;
    }
    corner_board(n, white, start)
}

/// The longest route: black walls on every second row, each with one gap, at the right
/// end and the left end in turn, so the only path snakes across the whole board.
pub fn serpentine(n: usize, start: Start) -> Board {
    corner_board(n, serpentine_squares(n), start)
}

fn serpentine_squares(n: usize) -> Vec<bool> {
    let mut white = vec![true; n * n];
    // Walls on rows 1, 3, ...; never on the bottom row, where B stands.
    for (wall, row) in (1..n - 1).step_by(2).enumerate() {
        let gap = if wall % 2 == 0 { n - 1 } else { 0 };
        for col in (0..n).filter(|&col| col != gap) {
            white[row * n + col] = false;
        }
    }
    white
}

/// [`serpentine`] with extra holes: each wall gets one more gap, at a random place, with
/// probability `holed` (1.0: every wall; 1/3: one wall in three on average).
pub fn serpentine_with_holes(rng: &mut Rng, n: usize, holed: f64, start: Start) -> Board {
    let mut white = serpentine_squares(n);
    for row in (1..n - 1).step_by(2) {
        if rng.f64() < holed {
            white[row * n + rng.usize(0..n)] = true;
        }
    }
    corner_board(n, white, start)
}

/// A maze: rooms on the squares with both coordinates even, joined into a spanning tree
/// by a randomised depth-first search (so one path between any two rooms), then each
/// remaining wall between two rooms knocked down with probability `openings`.
pub fn maze(rng: &mut Rng, n: usize, openings: f64, start: Start) -> Board {
    let rooms = n.div_ceil(2);
    let mut white = vec![false; n * n];
    let square = |room_row: usize, room_col: usize| 2 * room_row * n + 2 * room_col;
    let mut visited = vec![false; rooms * rooms];
    let mut stack = vec![(0usize, 0usize)];
    visited[0] = true;
    white[0] = true;
    while let Some(&(row, col)) = stack.last() {
        let mut unvisited = Vec::with_capacity(4);
        if row > 0 && !visited[(row - 1) * rooms + col] {
            unvisited.push((row - 1, col));
        }
        if col > 0 && !visited[row * rooms + col - 1] {
            unvisited.push((row, col - 1));
        }
        if row + 1 < rooms && !visited[(row + 1) * rooms + col] {
            unvisited.push((row + 1, col));
        }
        if col + 1 < rooms && !visited[row * rooms + col + 1] {
            unvisited.push((row, col + 1));
        }
        if unvisited.is_empty() {
            stack.pop();
            continue;
        }
        let (next_row, next_col) = unvisited[rng.usize(0..unvisited.len())];
        visited[next_row * rooms + next_col] = true;
        let (from, to) = (square(row, col), square(next_row, next_col));
        white[to] = true;
        white[(from + to) / 2] = true;
        stack.push((next_row, next_col));
    }
    // Walls between two rooms: one coordinate odd, the other even.
    for row in 0..n {
        for col in 0..n {
            let between_rows = row % 2 == 1 && col % 2 == 0 && row + 1 < n;
            let between_cols = row % 2 == 0 && col % 2 == 1 && col + 1 < n;
            if (between_rows || between_cols) && rng.f64() < openings {
                white[row * n + col] = true;
            }
        }
    }
    // An even n leaves the last row and column without rooms: open B's way in.
    if n % 2 == 0 {
        white[(n - 2) * n + n - 1] = true;
    }
    corner_board(n, white, start)
}

/// A small board with the starts on random distinct squares and each other square black
/// with probability `black`; it may be disconnected.
pub fn random(rng: &mut Rng, n: usize, black: f64) -> Board {
    let white = (0..n * n).map(|_| rng.f64() >= black).collect();
    let (a, b) = two_squares(rng, n);
    board(n, white, a, b)
}

/// A small board made of `paths` random shortest (monotone) routes between two random
/// starts, plus each other square white with probability `extra` (which can open
/// detours and shortcuts). Every route has the same length, so both players meet real
/// choices; the starts may be adjacent or anywhere.
pub fn lattice_paths(rng: &mut Rng, n: usize, paths: usize, extra: f64) -> Board {
    let (a, b) = two_squares(rng, n);
    let mut white: Vec<bool> = (0..n * n).map(|_| rng.f64() < extra).collect();
    let (to_row, to_col) = (b / n, b % n);
    for _ in 0..paths {
        let (mut row, mut col) = (a / n, a % n);
        while (row, col) != (to_row, to_col) {
            let (down, across) = (row.abs_diff(to_row), col.abs_diff(to_col));
            if rng.usize(0..down + across) < down {
                row = if to_row > row { row + 1 } else { row - 1 };
            } else {
                col = if to_col > col { col + 1 } else { col - 1 };
            }
            white[row * n + col] = true;
        }
    }
    board(n, white, a, b)
}

/// A random shortest route from A that forks, at a random point, into the two L-shaped
/// routes to B (along the rows first, or along the columns first), plus a few random
/// white squares. Where the routes part decides who is forced to choose first: the
/// rare boards where A wins over an even distance mostly come from here.
pub fn forked(rng: &mut Rng, n: usize) -> Board {
    let (a, b) = two_squares(rng, n);
    let extra = rng.f64() * 0.05;
    let mut white: Vec<bool> = (0..n * n).map(|_| rng.f64() < extra).collect();
    let (to_row, to_col) = (b / n, b % n);
    let step = |from: usize, to: usize| if to > from { from + 1 } else { from - 1 };
    let (mut row, mut col) = (a / n, a % n);
    let shared = rng.usize(0..=row.abs_diff(to_row) + col.abs_diff(to_col));
    for _ in 0..shared {
        let (down, across) = (row.abs_diff(to_row), col.abs_diff(to_col));
        if rng.usize(0..down + across) < down {
            row = step(row, to_row);
        } else {
            col = step(col, to_col);
        }
        white[row * n + col] = true;
    }
    for rows_first in [true, false] {
        let (mut r, mut c) = (row, col);
        while (r, c) != (to_row, to_col) {
            if (rows_first && r != to_row) || c == to_col {
                r = step(r, to_row);
            } else {
                c = step(c, to_col);
            }
            white[r * n + c] = true;
        }
    }
    board(n, white, a, b)
}

/// A [`random`] board with up to 45 % black, drawn again until connected (a
/// [`lattice_paths`] board after 20 failures).
fn connected_random(rng: &mut Rng, n: usize) -> Board {
    let black = rng.f64() * 0.45;
    for _ in 0..20 {
        let board = random(rng, n, black);
        if board.connected() {
            return board;
        }
    }
    lattice_paths(rng, n, 1, 1.0 - black)
}

/// Two distinct random squares of an `n` x `n` board.
fn two_squares(rng: &mut Rng, n: usize) -> (usize, usize) {
    let a = rng.usize(0..n * n);
    let mut b = rng.usize(0..n * n - 1);
    if b >= a {
        b += 1;
    }
    (a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_boards_are_connected_and_deterministic() {
        let mut rng = Rng::with_seed(7);
        for n in 2..=12 {
            for start in Start::BOTH {
                assert!(empty(n, start).connected());
                assert!(scattered(&mut rng, n, 0.2, start).connected());
                assert!(serpentine(n, start).connected());
                assert!(serpentine_with_holes(&mut rng, n, 1.0, start).connected());
                assert!(maze(&mut rng, n, 0.1, start).connected());
                assert!(forked(&mut rng, n).connected());
            }
        }
        let first = scattered(&mut Rng::with_seed(1), 30, 0.2, Start::Corner);
        let again = scattered(&mut Rng::with_seed(1), 30, 0.2, Start::Corner);
        assert_eq!(first, again);
    }

    #[test]
    fn serpentine_and_maze_shapes() {
        let board = serpentine(5, Start::Corner);
        assert_eq!(board.rows(), ["A....", "####.", ".....", ".####", "....B"]);
        let board = maze(&mut Rng::with_seed(3), 5, 0.0, Start::Corner);
        // A spanning tree of 9 rooms: 9 rooms and 8 passages are white.
        assert_eq!(board.white.iter().filter(|&&w| w).count(), 17);
    }
}

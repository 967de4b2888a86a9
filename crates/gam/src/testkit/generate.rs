//! Deterministic board generators (everything is drawn from the caller's seeded `Rng`).
//!
//! The booklet's families, each with B in the bottom-right corner and A in one of two
//! [`Start`]s: [`empty`] and [`scattered`] (~3 % or ~20 % black), [`serpentine`] (the
//! longest route) and [`serpentine_with_holes`]. Extra families: [`maze`]s,
//! [`mirrored`] boards (expensive: the game runs to its last level), [`wide_layer`]
//! boards whose shortest paths cross one layer of over 3n squares, and [`random`] and
//! [`lattice_paths`] small boards with the starts anywhere, for the brute force.

use fastrand::Rng;
use gridkit::{UNREACHED, bfs_by};

use crate::board::Board;

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
fn board(n: usize, mut white: Vec<bool>, a: usize, b: usize) -> Board {
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

/// Whether a white path joins the starts.
pub fn connected(board: &Board) -> bool {
    let distance = bfs_by(board.white.len(), &[board.a], |square| {
        board.white_neighbours(square)
    });
    distance[board.b] != UNREACHED
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
        if connected(&candidate) {
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
        if connected(&candidate) {
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
    let a = rng.usize(0..n * n);
    let mut b = rng.usize(0..n * n - 1);
    if b >= a {
        b += 1;
    }
    board(n, white, a, b)
}

/// A small board made of `paths` random shortest (monotone) routes between two random
/// starts, plus each other square white with probability `extra` (which can open
/// detours and shortcuts). Every route has the same length, so both players meet real
/// choices; the starts may be adjacent or anywhere.
pub fn lattice_paths(rng: &mut Rng, n: usize, paths: usize, extra: f64) -> Board {
    let a = rng.usize(0..n * n);
    let mut b = rng.usize(0..n * n - 1);
    if b >= a {
        b += 1;
    }
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

/// The shape of a [`wide_layer`] board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WideLayer {
    /// Depth of each tooth's tree: `2^tooth_depth` leaves per tooth.
    pub tooth_depth: u32,
    /// Depth of the trees feeding the teeth: `2^feed_depth` teeth for each player.
    pub feed_depth: u32,
}

impl WideLayer {
    /// The biggest shape that fits an `n` x `n` board (most leaves, then deepest teeth).
    pub fn fitting(n: usize) -> Option<WideLayer> {
        let mut best = None;
        for tooth_depth in 1..=12 {
            for feed_depth in 0..=8 {
                let shape = WideLayer {
                    tooth_depth,
                    feed_depth,
                };
                if shape.side() <= n {
                    let key = (tooth_depth + feed_depth, tooth_depth);
                    if best.is_none_or(|(k, _)| key > k) {
                        best = Some((key, shape));
                    }
                }
            }
        }
        best.map(|(_, shape)| shape)
    }

    /// The squares of the widest layer: one leaf per tooth-tree leaf.
    pub fn layer_squares(self) -> usize {
        1 << (self.tooth_depth + self.feed_depth)
    }

    /// Rows from one tooth pair to the next (even, so the feeding tree is balanced).
    fn pitch(self) -> usize {
        4 * self.tooth_depth as usize + 6
    }

    /// Rows of one tooth pair: A's half and B's half.
    fn pair_height(self) -> usize {
        4 * self.tooth_depth as usize + 4
    }

    /// The smallest board side that holds the shape.
    fn side(self) -> usize {
        let (d, m) = (self.tooth_depth, self.feed_depth as usize);
        let width = 4 * m + 3 + (2usize << d);
        let height = ((1usize << m) - 1) * self.pitch() + self.pair_height();
        width.max(height)
    }
}

/// Draws a balanced binary tree of corridors: the root at `(along, across) = (0, 0)`; a
/// node at `(a, x)` with span `s` has a corridor across `a + 1` from `x - s` to `x + s`
/// and children at `(a + 2, x - s)` and `(a + 2, x + s)`; spans halve level by level, so
/// every leaf is `sum (s + 2)` steps from the root. Returns the leaves.
fn tree(depth: u32, first_span: usize, mut paint: impl FnMut(isize, isize)) -> Vec<isize> {
    let mut nodes = vec![0isize];
    paint(0, 0);
    let mut span = first_span as isize;
    for level in 0..depth as isize {
        let along = 2 * level;
        let mut children = Vec::with_capacity(2 * nodes.len());
        for &x in &nodes {
            for across in x - span..=x + span {
                paint(along + 1, across);
            }
            for child in [x - span, x + span] {
                paint(along + 2, child);
                children.push(child);
            }
        }
        nodes = children;
        span /= 2;
    }
    nodes
}

/// Balanced trees of equal-length corridors from A and from B that meet in one layer.
///
/// A feeding tree in the left margin (from A) reaches `2^m` horizontal "teeth"; in each,
/// a tree of depth `d` ends in `2^d` leaves along one row. Under each A tooth, B's mirror
/// image ends in leaves just below A's, fed from the right margin. Every A-B path runs
/// root-to-leaf, leaf-to-leaf, leaf-to-root, all of one length, so all `2^(d+m)` A leaves
/// form one layer (1024 squares, 3.4 n, at `n = 300`); the tooth column is placed so that
/// this layer is the middle one when `n` is even. `shift_a`/`shift_b` start A or B one
/// square into its tree, changing the distance and the timing of the branch choices.
/// `None` if `n` is too small for any tree.
pub fn wide_layer(n: usize, shift_a: bool, shift_b: bool) -> Option<Board> {
    let shape = WideLayer::fitting(n)?;
    let (d, m) = (shape.tooth_depth, shape.feed_depth);
    let margin = 2 * m as usize;
    let pitch = shape.pitch();
    let height = shape.pair_height();
    let reach = (1usize << d) - 1;
    let lowest = margin + 2 + reach;
    let highest = n - 3 - margin - reach;
    let middle_col = (n / 2).clamp(lowest, highest);

    let mut white = vec![false; n * n];
    let mut paint = |row: isize, col: isize| {
        debug_assert!(0 <= row && row < n as isize && 0 <= col && col < n as isize);
        white[row as usize * n + col as usize] = true;
    };
    let half_pitch = pitch / 2;
    let a_row = (half_pitch * ((1 << m) - 1)) as isize;
    let b_row = a_row + height as isize - 1;
    let feed_span = if m == 0 { 0 } else { half_pitch << (m - 1) };
    let feed_leaves = tree(m, feed_span, |along, across| paint(a_row + across, along));
    tree(m, feed_span, |along, across| {
        paint(b_row + across, n as isize - 1 - along)
    });
    let (middle, last) = (middle_col as isize, n as isize - 1 - margin as isize);
    for leaf in feed_leaves {
        let top = a_row + leaf;
        // A's entry row, A's tooth going down, B's tooth coming up, B's entry row.
        for col in margin as isize..=middle {
            paint(top, col);
        }
        tree(d, 1 << (d - 1), |along, across| {
            paint(top + 1 + along, middle + across)
        });
        let bottom = top + height as isize - 1;
        tree(d, 1 << (d - 1), |along, across| {
            paint(bottom - 1 - along, middle + across)
        });
        for col in middle..=last {
            paint(bottom, col);
        }
    }
    let a = a_row as usize * n + usize::from(shift_a);
    let b = b_row as usize * n + n - 1 - usize::from(shift_b);
    Some(board(n, white, a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_boards_are_connected_and_deterministic() {
        let mut rng = Rng::with_seed(7);
        for n in 2..=12 {
            for start in Start::BOTH {
                assert!(connected(&empty(n, start)));
                assert!(connected(&scattered(&mut rng, n, 0.2, start)));
                assert!(connected(&serpentine(n, start)));
                assert!(connected(&serpentine_with_holes(&mut rng, n, 1.0, start)));
                assert!(connected(&maze(&mut rng, n, 0.1, start)));
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

    #[test]
    fn wide_layer_shapes() {
        assert_eq!(wide_layer(7, false, false), None);
        let shape = WideLayer::fitting(300).unwrap();
        assert_eq!(
            shape,
            WideLayer {
                tooth_depth: 7,
                feed_depth: 3
            }
        );
        assert_eq!(shape.layer_squares(), 1024);
        // The widest layer has one square per tooth-tree leaf, and it is the middle
        // one when n is even.
        for n in [12, 19, 40, 100] {
            let board = wide_layer(n, false, false).unwrap();
            let layers = crate::jury::layers(&board).unwrap();
            let widest = layers.iter().map(Vec::len).max().unwrap();
            assert_eq!(
                widest,
                WideLayer::fitting(n).unwrap().layer_squares(),
                "n = {n}"
            );
            assert_eq!(layers[(layers.len() - 1) / 2].len(), widest, "n = {n}");
        }
        for n in [8, 12, 19, 26, 40, 300] {
            for (shift_a, shift_b) in [(false, false), (true, false), (false, true), (true, true)] {
                let board = wide_layer(n, shift_a, shift_b).unwrap();
                assert!(connected(&board), "n = {n}");
            }
        }
    }
}

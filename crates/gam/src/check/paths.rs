//! The checker's own view of a board: white side neighbours and breadth-first distances
//! from each start, in a few lines of its own (it shares no code with the solvers).

use std::collections::VecDeque;

use crate::board::Board;
use crate::certificate::Square;

/// The distance of a square no white path reaches.
const FAR: u32 = u32::MAX;

/// A board with its distances from both starts.
pub struct Paths<'a> {
    board: &'a Board,
    from_a: Vec<u32>,
    from_b: Vec<u32>,
    /// `D`, the length of a shortest white path between the starts.
    pub distance: u32,
}

impl<'a> Paths<'a> {
    /// `None` when no white path joins the starts.
    pub fn new(board: &'a Board) -> Option<Paths<'a>> {
        let mut paths = Paths {
            board,
            from_a: Vec::new(),
            from_b: Vec::new(),
            distance: 0,
        };
        paths.from_a = paths.distances(board.a);
        paths.from_b = paths.distances(board.b);
        paths.distance = paths.from_a[board.b];
        (paths.distance != FAR).then_some(paths)
    }

    pub fn board(&self) -> &'a Board {
        self.board
    }

    fn distances(&self, start: usize) -> Vec<u32> {
        let mut distance = vec![FAR; self.board.white.len()];
        distance[start] = 0;
        let mut queue = VecDeque::from([start]);
        while let Some(square) = queue.pop_front() {
            for next in self.neighbours(square) {
                if distance[next] == FAR {
                    distance[next] = distance[square] + 1;
                    queue.push_back(next);
                }
            }
        }
        distance
    }

    /// The white squares sharing a side with `square`.
    pub fn neighbours(&self, square: usize) -> impl Iterator<Item = usize> + '_ {
        let n = self.board.n;
        let (row, col) = (square / n, square % n);
        [
            (row > 0).then(|| square - n),
            (col > 0).then(|| square - 1),
            (col + 1 < n).then(|| square + 1),
            (row + 1 < n).then(|| square + n),
        ]
        .into_iter()
        .flatten()
        .filter(|&next| self.board.white[next])
    }

    /// Whether `square` lies on a shortest path `k` moves from A's start (and so
    /// `D - k` from B's): where A stands after `k` moves, B after `D - k`.
    pub fn on_layer(&self, square: usize, k: u32) -> bool {
        self.from_a[square] == k && self.from_b[square] == self.distance - k
    }

    /// The squares of layer `k` next to `square`.
    pub fn steps(&self, square: usize, k: u32) -> impl Iterator<Item = usize> + '_ {
        self.neighbours(square)
            .filter(move |&next| self.on_layer(next, k))
    }

    /// The board's index of a certificate's square.
    ///
    /// # Errors
    /// A square off the board.
    pub fn index(&self, square: Square) -> Result<usize, String> {
        let n = self.board.n;
        let [row, col] = square.map(usize::from);
        if !(1..=n).contains(&row) || !(1..=n).contains(&col) {
            return Err(format!("square ({row}, {col}) is off the {n} x {n} board"));
        }
        Ok((row - 1) * n + col - 1)
    }

    /// A square as `(row, column)`, numbered from 1.
    pub fn name(&self, square: usize) -> String {
        let n = self.board.n;
        format!("({}, {})", square / n + 1, square % n + 1)
    }
}

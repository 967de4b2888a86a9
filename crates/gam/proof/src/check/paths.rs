//! The checker's own view of a board: the layers of the shortest paths between the
//! starts, from a breadth-first search from each start (the input model's
//! [`Board::distances`], a few plain lines; nothing of the solver's).

use crate::board::Board;
use crate::certificate::Square;

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
        let (from_a, from_b) = (board.distances(board.a), board.distances(board.b));
        let distance = from_a[board.b];
        (distance != crate::board::FAR).then_some(Paths {
            board,
            from_a,
            from_b,
            distance,
        })
    }

    pub fn board(&self) -> &'a Board {
        self.board
    }

    /// Whether `square` lies on a shortest path `k` moves from A's start (and so
    /// `D - k` from B's): where A stands after `k` moves, B after `D - k`.
    pub fn on_layer(&self, square: usize, k: u32) -> bool {
        self.from_a[square] == k && self.from_b[square] == self.distance - k
    }

    /// The squares of layer `k` next to `square`.
    pub fn steps(&self, square: usize, k: u32) -> impl Iterator<Item = usize> + '_ {
        self.board
            .white_neighbours(square)
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
        let (row, col) = self.board.coordinates(square);
        format!("({row}, {col})")
    }
}

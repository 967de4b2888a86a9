//! The checker's own view of a board: the layers of the shortest paths between the
//! starts, from a breadth-first search from each start (the input model's
//! [`Board::distances`], a few plain lines; nothing of the solver's), each square's place
//! in its layer and each layer's size: what bounds a certificate before it is read, and
//! what numbers the positions of a round.

use crate::board::Board;
use crate::certificate::Square;

/// A board with its distances from both starts.
pub struct Paths<'a> {
    board: &'a Board,
    from_a: Vec<u32>,
    from_b: Vec<u32>,
    /// For a square on a shortest path, its place among the squares of its layer (in the
    /// board's order); [`OFF_PATH`] for any other.
    slot: Vec<u32>,
    /// The number of squares of each layer, `0..=D`.
    layer_sizes: Vec<u32>,
    /// `D`, the length of a shortest white path between the starts.
    pub distance: u32,
}

/// The slot of a square on no shortest path.
const OFF_PATH: u32 = u32::MAX;

impl<'a> Paths<'a> {
    /// `None` when no white path joins the starts.
    pub fn new(board: &'a Board) -> Option<Paths<'a>> {
        let (from_a, from_b) = (board.distances(board.a), board.distances(board.b));
        let distance = from_a[board.b];
        if distance == crate::board::FAR {
            return None;
        }
        let mut slot = vec![OFF_PATH; from_a.len()];
        let mut layer_sizes = vec![0; distance as usize + 1];
        for square in 0..from_a.len() {
            let k = from_a[square];
            if k <= distance && from_b[square] == distance - k {
                slot[square] = layer_sizes[k as usize];
                layer_sizes[k as usize] += 1;
            }
        }
        Some(Paths {
            board,
            from_a,
            from_b,
            slot,
            layer_sizes,
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

    /// The number of squares of layer `k`.
    pub fn layer_size(&self, k: u32) -> usize {
        self.layer_sizes[k as usize] as usize
    }

    /// The place of `square` among the squares of layer `k`, if it lies there.
    pub fn slot(&self, square: usize, k: u32) -> Option<usize> {
        self.on_layer(square, k).then(|| self.slot[square] as usize)
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

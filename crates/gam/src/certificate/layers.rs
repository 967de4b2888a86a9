//! The squares on shortest paths between the starts, layer by layer, found by two plain
//! breadth-first searches (the explanation does not need the solver's packed layout).

use crate::board::{Board, FAR};

/// No layer or slot: the square lies on no shortest path.
const OFF_PATH: u32 = u32::MAX;

/// Layer `k` holds the squares with `dist_A = k` and `dist_B = D - k`: where A can stand
/// after `k` moves along a shortest path, and B after `D - k`.
pub struct Layers<'a> {
    board: &'a Board,
    /// The squares of each layer, in row-major order.
    squares: Vec<Vec<usize>>,
    /// For each square of the board: its layer, or `OFF_PATH`.
    layer: Vec<u32>,
    /// For each square of the board: its position inside its layer, or `OFF_PATH`.
    slot: Vec<u32>,
}

impl<'a> Layers<'a> {
    /// The layers of `board`; `None` when no white path joins the starts.
    pub fn new(board: &'a Board) -> Option<Layers<'a>> {
        let (from_a, from_b) = (board.distances(board.a), board.distances(board.b));
        let distance = from_a[board.b];
        if distance == FAR {
            return None;
        }
        let mut squares = vec![Vec::new(); distance as usize + 1];
        let mut layer = vec![OFF_PATH; board.white.len()];
        let mut slot = vec![OFF_PATH; board.white.len()];
        for square in 0..board.white.len() {
            let (to_a, to_b) = (from_a[square], from_b[square]);
            if to_a != FAR && to_b != FAR && to_a + to_b == distance {
                let members = &mut squares[to_a as usize];
                layer[square] = to_a;
                slot[square] = members.len() as u32;
                members.push(square);
            }
        }
        Some(Layers {
            board,
            squares,
            layer,
            slot,
        })
    }

    pub fn board(&self) -> &'a Board {
        self.board
    }

    /// `D`, the length of a shortest path between the starts.
    pub fn distance(&self) -> usize {
        self.squares.len() - 1
    }

    /// The squares of layer `k`.
    pub fn layer(&self, k: usize) -> &[usize] {
        &self.squares[k]
    }

    /// The number of squares of every layer, from A's start to B's.
    pub fn sizes(&self) -> Vec<usize> {
        self.squares.iter().map(Vec::len).collect()
    }

    /// The position of an on-path square inside its layer.
    pub fn slot(&self, square: usize) -> usize {
        debug_assert!(
            self.slot[square] != OFF_PATH,
            "{square} is on no shortest path"
        );
        self.slot[square] as usize
    }

    /// The squares of layer `k` next to `square`, in the board's neighbour order.
    pub fn steps_to(&self, square: usize, k: usize) -> impl Iterator<Item = usize> + '_ {
        self.board
            .white_neighbours(square)
            .filter(move |&next| self.layer[next] as usize == k)
    }

    /// [`Layers::steps_to`] as positions inside layer `k`.
    pub fn slots_to(&self, square: usize, k: usize) -> impl Iterator<Item = usize> + '_ {
        self.steps_to(square, k).map(|next| self.slot(next))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_of_the_first_sample() {
        let board = Board::from_rows(&["A...", ".#..", "....", "...B"]);
        let layers = Layers::new(&board).unwrap();
        assert_eq!(layers.distance(), 6);
        assert_eq!(layers.sizes(), [1, 2, 2, 4, 3, 2, 1]);
        assert_eq!(layers.layer(3), [3, 6, 9, 12]);
        assert_eq!(layers.slot(9), 2);
        assert_eq!(layers.steps_to(10, 3).collect::<Vec<_>>(), [6, 9]);
        assert_eq!(layers.slots_to(10, 5).collect::<Vec<_>>(), [0, 1]);
        assert!(Layers::new(&Board::from_rows(&["A#", "#B"])).is_none());
    }
}

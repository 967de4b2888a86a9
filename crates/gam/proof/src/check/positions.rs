//! The positions one round of a strategy covers: a bit per pair of squares (the winner's
//! square in his layer, the loser's in his), numbered by the squares' places in their
//! layers. A round's positions are looked up four times a rule square at most, so the
//! lookup is one bit, and the set takes one bit per position the two layers allow, not
//! a hashed entry per position listed.

use super::paths::Paths;

/// A set of positions of one round: the winner on a square of `winner_layer`, the loser
/// on a square of `loser_layer`.
pub struct Positions<'p> {
    paths: &'p Paths<'p>,
    winner_layer: u32,
    loser_layer: u32,
    /// The squares of the loser's layer: the length of a row of bits.
    width: usize,
    bits: Vec<u64>,
}

impl<'p> Positions<'p> {
    /// No position, between the two layers given.
    ///
    /// # Complexity
    /// One bit per pair of squares of the two layers, zeroed by the allocator: pages
    /// that no position reaches are never touched.
    pub fn new(paths: &'p Paths<'p>, winner_layer: u32, loser_layer: u32) -> Positions<'p> {
        let width = paths.layer_size(loser_layer);
        let pairs = paths.layer_size(winner_layer) * width;
        Positions {
            paths,
            winner_layer,
            loser_layer,
            width,
            bits: vec![0; pairs.div_ceil(64)],
        }
    }

    /// The set of a round that has none: the last, after which nobody moves.
    pub fn none(paths: &'p Paths<'p>) -> Positions<'p> {
        Positions {
            paths,
            winner_layer: 0,
            loser_layer: 0,
            width: 0,
            bits: Vec::new(),
        }
    }

    /// The bit of the winner on `winner` and the loser on `loser`, if both stand on
    /// their layers.
    fn bit(&self, winner: usize, loser: usize) -> Option<usize> {
        if self.bits.is_empty() {
            return None;
        }
        let row = self.paths.slot(winner, self.winner_layer)?;
        let column = self.paths.slot(loser, self.loser_layer)?;
        Some(row * self.width + column)
    }

    /// Adds the position, unless a square is off its layer.
    pub fn insert(&mut self, winner: usize, loser: usize) {
        if let Some(bit) = self.bit(winner, loser) {
            self.bits[bit / 64] |= 1 << (bit % 64);
        }
    }

    pub fn contains(&self, winner: usize, loser: usize) -> bool {
        self.bit(winner, loser)
            .is_some_and(|bit| self.bits[bit / 64] & (1 << (bit % 64)) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn a_position_is_held_only_on_its_layers() {
        // D = 4; layer 1 is (1, 2), (2, 1); layer 3 is (2, 3), (3, 2).
        let board = Board::from_rows(&["A..", "...", "..B"]);
        let paths = Paths::new(&board).unwrap();
        let mut positions = Positions::new(&paths, 1, 3);
        let (a, b) = (1, 7);
        assert!(!positions.contains(a, b));
        positions.insert(a, b);
        assert!(positions.contains(a, b));
        assert!(!positions.contains(3, b) && !positions.contains(a, 5));
        positions.insert(4, b);
        assert!(!positions.contains(4, b), "the centre is layer 2");
        positions.insert(3, 5);
        assert!(positions.contains(3, 5) && positions.contains(a, b));
        assert!(!positions.contains(a, 5) && !positions.contains(3, b));
        assert!(!Positions::none(&paths).contains(a, b));
    }
}

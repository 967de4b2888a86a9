//! What the solver asks of the board beyond the input model: the statues after some
//! falls, when the board is clear, and Maria's moves. The checker re-derives these its own
//! way (`statues_proof::check`), so they live here, with the solving code.

use gridkit::grid::DIRS8;

use crate::{Board, SIZE, Square};

/// The squares Maria can end a move on from `square`: the square itself (she may stay)
/// and its up to eight neighbours on the board.
pub fn king_moves((row, col): Square) -> impl Iterator<Item = Square> {
    std::iter::once((0, 0))
        .chain(DIRS8)
        .filter_map(move |(dr, dc)| {
            Some((row.checked_add_signed(dr)?, col.checked_add_signed(dc)?))
        })
        .filter(|&(row, col)| row < SIZE && col < SIZE)
}

/// The board over time, for the solver, the certificate's construction and the
/// explanations.
pub trait BoardExt {
    /// The number of statues.
    fn statues(&self) -> usize;

    /// Whether a statue stands on `square` after `falls` falls: the one that started
    /// `falls` rows higher, if any.
    fn statue_after(&self, square: Square, falls: usize) -> bool;

    /// The number of falls after which no statue is left: the highest one, from row `r`,
    /// needs `SIZE - r`. Zero on a board without statues.
    fn clear_time(&self) -> usize;
}

impl BoardExt for Board {
    fn statues(&self) -> usize {
        (0..SIZE)
            .flat_map(|row| (0..SIZE).map(move |col| (row, col)))
            .filter(|&(row, col)| self.has_statue(row, col))
            .count()
    }

    fn statue_after(&self, (row, col): Square, falls: usize) -> bool {
        row >= falls && self.has_statue(row - falls, col)
    }

    fn clear_time(&self) -> usize {
        (0..SIZE)
            .find(|&row| (0..SIZE).any(|col| self.has_statue(row, col)))
            .map_or(0, |top| SIZE - top)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ANNA, MARIA};

    #[test]
    fn a_full_board_has_a_statue_everywhere_but_on_maria_and_anna() {
        assert_eq!(Board::from_fn(|_, _| true).statues(), SIZE * SIZE - 2);
        assert_eq!(Board::default().statues(), 0);
    }

    #[test]
    fn statues_sink_one_row_per_fall_and_leave_at_the_bottom() {
        let board = Board::from_fn(|row, col| (row, col) == (5, 3));
        assert!(board.statue_after((5, 3), 0) && board.statue_after((7, 3), 2));
        assert!(!board.statue_after((5, 3), 1) && !board.statue_after((4, 3), 0));
        assert!((3..=SIZE).all(|t| (0..SIZE).all(|row| !board.statue_after((row, 3), t))));
        assert_eq!(board.clear_time(), 3);
        assert_eq!(Board::default().clear_time(), 0);
        assert_eq!(Board::from_fn(|_, _| true).clear_time(), SIZE);
    }

    #[test]
    fn king_moves_stay_on_the_board_and_include_staying() {
        let corner: Vec<Square> = king_moves(MARIA).collect();
        assert_eq!(corner, [(7, 0), (6, 0), (6, 1), (7, 1)]);
        assert_eq!(king_moves((3, 3)).count(), 9);
        assert_eq!(king_moves(ANNA).count(), 4);
    }
}

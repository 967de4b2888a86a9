//! When the mirror proof applies: the box is centrally symmetric and its centre is empty.
//!
//! The statement's drawing is symmetric through the centre, so the half turn about the
//! centre maps the `i`-th cell in reading order to the `i`-th from the end.

use crate::geometry::{CELLS, CENTRE, Mask};

/// The box turned half a turn about the centre.
pub fn half_turn(mask: Mask) -> Mask {
    (0..CELLS)
        .filter(|&cell| mask >> cell & 1 == 1)
        .fold(0, |turned, cell| turned | 1 << (CELLS - 1 - cell))
}

/// Whether the player to move in `mask` is shown lost by the mirror: every move then has
/// its mirror image as a reply, which keeps the box symmetric with an empty centre.
pub fn applies(mask: Mask) -> bool {
    mask >> CENTRE & 1 == 0 && half_turn(mask) == mask
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::FULL;

    #[test]
    fn the_half_turn_swaps_opposite_corners_and_keeps_the_centre() {
        assert_eq!(half_turn(1), 1 << 18);
        assert_eq!(half_turn(1 << CENTRE), 1 << CENTRE);
        assert_eq!(half_turn(FULL), FULL);
    }

    #[test]
    fn the_full_box_minus_the_centre_is_mirrored_and_the_full_box_is_not() {
        assert!(applies(FULL & !(1 << CENTRE)));
        assert!(!applies(FULL));
        assert!(applies(0));
        assert!(!applies(1));
    }
}

//! Answering a box: one bit of the table the build script computed with
//! [`crate::table::compute`].

use crate::geometry::{FULL, Mask};
use crate::table::TABLE_BYTES;

/// Every box's outcome, bit `mask % 8` of byte `mask / 8` (written by `build.rs`).
static WINS: &[u8; TABLE_BYTES] = include_bytes!(concat!(env!("OUT_DIR"), "/wins.bin"));

/// Whether the player to move (Karlsson, at the start) wins `mask` with perfect play.
///
/// Bits above the 19 cells are ignored; the empty box is a loss (no move is left).
///
/// # Complexity
/// One table lookup.
pub fn first_player_wins(mask: Mask) -> bool {
    debug_assert!(mask <= FULL, "a box has 19 cells");
    let mask = (mask & FULL) as usize;
    WINS[mask / 8] >> (mask % 8) & 1 == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::compute;

    #[test]
    fn the_stored_table_is_what_the_table_builder_computes() {
        assert!(compute() == WINS[..]);
    }

    #[test]
    fn the_full_box_is_won_by_eating_the_centre() {
        assert!(first_player_wins(FULL));
        assert!(!first_player_wins(FULL & !(1 << crate::geometry::CENTRE)));
        assert!(!first_player_wins(0));
    }
}

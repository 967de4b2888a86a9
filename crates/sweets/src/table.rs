//! The outcome of every box, solved once, smallest boxes first.
//!
//! A move only removes chocolates, so every box a move leads to is a numerically smaller
//! mask. Walking the masks upwards therefore meets every successor before its
//! predecessors, and each box is one pass over the 103 segments: a segment is a legal
//! move exactly when `segment & !mask == 0`, and the box is a win when some legal move
//! leaves a lost box. The build script runs this and stores the result in the solver
//! binary; tests run it again to check what was stored.

use crate::geometry::{CELLS, Mask, SEGMENTS};

/// Bytes of the table: one bit per box.
pub const TABLE_BYTES: usize = (1 << CELLS) / 8;

/// Bit `mask % 8` of byte `mask / 8` is set when the player to move wins `mask`.
///
/// # Complexity
/// `2^19` boxes times at most 103 segments: about 54 million mask tests.
pub fn compute() -> Vec<u8> {
    let mut wins = vec![0u8; TABLE_BYTES];
    let is_win = |wins: &[u8], mask: Mask| wins[mask as usize / 8] >> (mask % 8) & 1 == 1;
    // The empty box (mask 0) is a loss: no move.
    for mask in 1..1 << CELLS {
        let win = SEGMENTS
            .iter()
            .any(|&segment| segment & !mask == 0 && !is_win(&wins, mask ^ segment));
        if win {
            wins[mask as usize / 8] |= 1 << (mask % 8);
        }
    }
    wins
}

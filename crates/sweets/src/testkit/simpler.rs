//! Shrinking steps: the box with one chocolate fewer.

use crate::geometry::{CELLS, Mask};

/// `mask` without each of its chocolates in turn (reading order), unless that empties
/// the box, which the statement never gives.
pub fn simpler(mask: Mask) -> Vec<Mask> {
    (0..CELLS)
        .map(|cell| 1 << cell)
        .filter(|&chocolate| mask & chocolate != 0 && mask != chocolate)
        .map(|chocolate| mask & !chocolate)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_chocolate_is_removed_once() {
        assert_eq!(simpler(0b1011), [0b1010, 0b1001, 0b0011]);
        assert_eq!(simpler(1 << 9), Vec::<Mask>::new());
    }
}
